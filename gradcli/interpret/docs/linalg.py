"""torch.linalg.<name>: linear algebra beyond the products of torch."""

PREFIX = "torch.linalg"

SUMMARIES = {
    "inv": ("The inverse of a square matrix (or of each in a batch); a singular one is an error.",
            "方阵（或一批方阵中每个）的逆矩阵；奇异矩阵会报错。"),
    "det": ("The determinant of a square matrix (or of each in a batch).",
            "方阵（或一批方阵中每个）的行列式。"),
    "svd": ("U, S, Vh with A = U·diag(S)·Vh, S descending (full_matrices=False: the reduced "
            "factors).", "U、S、Vh，使 A = U·diag(S)·Vh，S 降序（full_matrices=False 时为约化分解）。"),
    "svdvals": ("The singular values of A, descending.", "A 的奇异值，按降序排列。"),
    "cross": ("The cross product of 3-vectors along dim (the last by default).",
              "沿 dim（默认最后一维）求三维向量的叉积。"),
    "matmul": ("The matrix product, as torch.matmul and @.", "矩阵乘积，与 torch.matmul 和 @ 相同。"),
    "norm": ("The 2-norm of all elements, the vector norm of order ord, or a matrix's Frobenius "
             "norm ('fro').", "所有元素的 2-范数、ord 阶向量范数，或矩阵的 Frobenius 范数（'fro'）。"),
    "matrix_norm": ("The matrix norm of order ord ('fro', 1, -1, inf, -inf) over two dims.",
                    "对两个维度求 ord 阶矩阵范数（'fro'、1、-1、inf、-inf）。"),
    "vector_norm": ("The norm of order ord of the elements (all, or along dim).",
                    "元素（全部或沿 dim）的 ord 阶范数。"),
}
