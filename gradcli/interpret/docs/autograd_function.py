"""torch.autograd.function.<name>: where torch.autograd.Function is defined."""

PREFIX = "torch.autograd.function"

SUMMARIES = {
    "Function": ("The base of your own differentiable operation: static forward and backward.",
                 "自定义可微运算的基类：静态的 forward 与 backward。"),
    "once_differentiable": ("Decorate a Function's backward that is run without a graph (no "
                            "second derivative through it).", "修饰 Function 的 backward：它在不"
                            "记录计算图的情况下运行（不能再对其求二阶导）。"),
}
