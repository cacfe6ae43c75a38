"""torch.autograd.functional.<name>: derivatives of a whole function, as tensors."""

PREFIX = "torch.autograd.functional"

SUMMARIES = {
    "jacobian": ("The Jacobian of func at inputs: each output's gradient by each input, shaped "
                 "output.shape + input.shape.", "func 在 inputs 处的雅可比矩阵：每个输出对每个输入的"
                 "梯度，形状为 output.shape + input.shape。"),
    "hessian": ("The Hessian of a function returning one element: the Jacobian of its "
                "gradient.", "返回单个元素的函数的黑塞矩阵：其梯度的雅可比矩阵。"),
    "vjp": ("(func(inputs), v times the Jacobian): the backward pass of func against v.",
            "(func(inputs), v 乘以雅可比矩阵)：以 v 为起点对 func 做反向传播。"),
    "jvp": ("(func(inputs), the Jacobian times v): the change of the outputs along v.",
            "(func(inputs), 雅可比矩阵乘以 v)：输出沿 v 方向的变化。"),
    "vhp": ("(func(inputs), v times the Hessian) of a function returning one element.",
            "返回单个元素的函数的 (func(inputs), v 乘以黑塞矩阵)。"),
    "hvp": ("(func(inputs), the Hessian times v) of a function returning one element.",
            "返回单个元素的函数的 (func(inputs), 黑塞矩阵乘以 v)。"),
}
