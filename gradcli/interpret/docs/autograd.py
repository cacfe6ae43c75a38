"""torch.autograd.<name>: the backward pass and grad mode, as functions."""

PREFIX = "torch.autograd"

SUMMARIES = {
    "Function": ("The base of your own operation: static forward(ctx, …) and backward(ctx, grad); "
                 "call it with .apply(…).", "自定义运算的基类：静态的 forward(ctx, …) 与 "
                 "backward(ctx, grad)；用 .apply(…) 调用。"),
    "grad": ("The gradients of outputs with respect to inputs, returned (no .grad is set).",
             "返回 outputs 对 inputs 的梯度（不修改任何 .grad）。"),
    "backward": ("The gradients of tensors, added into the leaves' .grad (t.backward() for "
                 "several tensors).", "把若干张量的梯度累加到叶子的 .grad 中（多个张量的 t.backward()）。"),
    "gradcheck": ("PyTorch's gradient check: True, or GradcheckError at the first mismatch "
                  "(use float64 inputs).", "PyTorch 的梯度检查：通过返回 True，否则在第一处不符时抛出 "
                  "GradcheckError（输入请用 float64）。"),
    "no_grad": ("`with torch.autograd.no_grad():`, the same as torch.no_grad.",
                "`with torch.autograd.no_grad():`，与 torch.no_grad 相同。"),
    "enable_grad": ("The same as torch.enable_grad.", "与 torch.enable_grad 相同。"),
    "set_grad_enabled": ("The same as torch.set_grad_enabled.", "与 torch.set_grad_enabled 相同。"),
    "is_grad_enabled": ("The same as torch.is_grad_enabled.", "与 torch.is_grad_enabled 相同。"),
    "inference_mode": ("The same as torch.inference_mode.", "与 torch.inference_mode 相同。"),
    "Variable": ("The old wrapper of tensors: now Variable(x) is just the tensor x.",
                 "张量的旧包装：现在 Variable(x) 就是张量 x 本身。"),
    "is_inference_mode_enabled": ("The same as torch.is_inference_mode_enabled.",
                                  "与 torch.is_inference_mode_enabled 相同。"),
}
SUMMARIES.update({
    "Function.apply": ("Run your Function: forward now, your backward when gradients flow "
                       "(call this, never forward).", "运行你的 Function：现在执行 forward，梯度回传时"
                       "执行 backward（请调用它，不要直接调用 forward）。"),
    "Function.forward": ("Yours to write, static: the result from the inputs (ctx saves what "
                         "backward needs).", "由你编写的静态方法：由输入得到结果（用 ctx 保存 backward "
                         "需要的东西）。"),
    "Function.backward": ("Yours to write, static: one gradient per input of forward, from the "
                          "output's gradient.", "由你编写的静态方法：由输出的梯度得到 forward 每个输入的梯度。"),
    "Function.setup_context": ("Optional, static: save for backward here when forward takes no "
                               "ctx.", "可选的静态方法：forward 不接收 ctx 时，在这里保存 backward 要用的东西。"),
    "Function.vjp": ("Another name for backward.", "backward 的别名。"),
})
