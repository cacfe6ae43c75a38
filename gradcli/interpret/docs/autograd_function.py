"""torch.autograd.function.<name>: where torch.autograd.Function is defined."""

PREFIX = "torch.autograd.function"

SUMMARIES = {
    "Function": ("The base of your own differentiable operation: static forward and backward.",
                 "自定义可微运算的基类：静态的 forward 与 backward。"),
}
