"""numpy.linalg.<name>: NumPy's linear algebra on arrays."""

PREFIX = "numpy.linalg"

SUMMARIES = {
    "norm": ("The norm of a vector or a matrix (2-norm, Frobenius by default).",
             "向量或矩阵的范数（默认为 2-范数、Frobenius 范数）。"),
    "inv": ("The inverse of a square matrix.", "方阵的逆。"),
    "solve": ("x such that a @ x = b, for a square a.", "求解 a @ x = b 中的 x（a 为方阵）。"),
    "det": ("The determinant of a square matrix.", "方阵的行列式。"),
    "eig": ("The eigenvalues and eigenvectors of a square matrix.", "方阵的特征值与特征向量。"),
    "eigh": ("The eigenvalues and eigenvectors of a symmetric matrix.", "对称矩阵的特征值与特征向量。"),
    "eigvals": ("The eigenvalues of a square matrix.", "方阵的特征值。"),
    "eigvalsh": ("The eigenvalues of a symmetric matrix.", "对称矩阵的特征值。"),
    "svd": ("The singular value decomposition: u, s, vh with a = u @ diag(s) @ vh.",
            "奇异值分解：u、s、vh，满足 a = u @ diag(s) @ vh。"),
    "qr": ("The QR decomposition: q orthonormal, r upper triangular.", "QR 分解：q 正交，r 上三角。"),
    "pinv": ("The Moore–Penrose pseudo-inverse.", "Moore–Penrose 伪逆。"),
    "matrix_rank": ("The rank of a matrix.", "矩阵的秩。"),
    "lstsq": ("The least-squares solution of a @ x = b.", "a @ x = b 的最小二乘解。"),
    "cholesky": ("The Cholesky factor L of a positive-definite matrix (a = L @ L.T).",
                 "正定矩阵的 Cholesky 因子 L（a = L @ L.T）。"),
    "matrix_power": ("A square matrix to an integer power.", "方阵的整数次幂。"),
    "slogdet": ("The sign and the log of the absolute value of the determinant.", "行列式的符号及其绝对值的对数。"),
    "cond": ("The condition number of a matrix.", "矩阵的条件数。"),
    "multi_dot": ("The product of several matrices, in the cheapest order.", "多个矩阵的乘积，按最省的顺序计算。"),
    "vector_norm": ("The norm of vectors (along axis, if given).", "向量的范数（给定 axis 时沿该轴）。"),
    "matrix_norm": ("The norm of matrices (Frobenius by default).", "矩阵的范数（默认为 Frobenius 范数）。"),
    "LinAlgError": ("The error linear algebra raises (a singular matrix, no convergence).",
                    "线性代数出错时抛出的异常（奇异矩阵、不收敛）。"),
}
