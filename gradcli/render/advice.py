"""gradcli's one line of advice for the autograd errors learners meet most, in their language."""
from __future__ import annotations

import re

from .. import i18n

# PyTorch's message (a regular expression; its named groups fill the advice) -> advice key
ADVICE = [
    (r"grad can be implicitly created only for scalar outputs", "advice.implicit_grad"),
    (r"Trying to backward through the graph a second time", "advice.second_backward"),
    (r"element \d+ of tensors does not require grad and does not have a grad_fn",
     "advice.no_grad_fn"),
    (r"a (?:view of a )?leaf Variable that requires grad is being used in an in-place operation",
     "advice.leaf_inplace"),
    (r"one of the variables needed for gradient computation has been modified by an inplace "
     r"operation", "advice.saved_modified"),
    (r"[Oo]nly Tensors of floating point and complex dtype can require gradients",
     "advice.integer_requires_grad"),
    (r"The size of tensor a \((?P<a>\d+)\) must match the size of tensor b \((?P<b>\d+)\) at "
     r"non-singleton dimension (?P<dim>\d+)", "advice.broadcast"),
    (r"mat1 and mat2 shapes cannot be multiplied \(\d+x(?P<a>\d+) and (?P<b>\d+)x\d+\)",
     "advice.matmul"),
]
_COMPILED = [(re.compile(pattern), key) for pattern, key in ADVICE]

i18n.register({
    "en": {
        "advice.hint": "hint: {advice}",
        "advice.implicit_grad":
            "backward() starts from one number: reduce the output first (y.sum().backward()) "
            "or pass gradient=torch.ones_like(y).",
        "advice.second_backward":
            "the first backward() freed the values this graph saved: pass retain_graph=True to "
            "it, or compute the forward pass again.",
        "advice.no_grad_fn":
            "nothing this tensor was made from requires grad: create the inputs with "
            "requires_grad=True (or grad), outside torch.no_grad().",
        "advice.leaf_inplace":
            "a leaf that requires grad cannot change in place: update it inside "
            "`with torch.no_grad():`, or write x = x + 1 instead of x += 1.",
        "advice.saved_modified":
            "backward() needs a value that an in-place operation changed after it was saved: "
            "use the out-of-place form (y = y * 2, not y *= 2) or clone() it first.",
        "advice.integer_requires_grad":
            "only floating-point tensors have gradients: write 1. instead of 1, or pass "
            "dtype=torch.float32.",
        "advice.broadcast":
            "dimension {dim} is {a} on one side and {b} on the other; sizes broadcast only when "
            "equal or 1: compare the two tensors' .shape.",
        "advice.matmul":
            "in a matrix product the inner sizes must agree ({a} vs {b}): check both shapes, or "
            "transpose one operand with .t().",
    },
    "zh": {
        "advice.hint": "提示：{advice}",
        "advice.implicit_grad":
            "backward() 要从一个标量开始：先把输出归约（y.sum().backward()），"
            "或传入 gradient=torch.ones_like(y)。",
        "advice.second_backward":
            "第一次 backward() 已释放计算图保存的值：调用它时传入 retain_graph=True，"
            "或重新计算一遍前向过程。",
        "advice.no_grad_fn":
            "这个张量的来源都不需要梯度：用 requires_grad=True（或 grad）创建输入，"
            "并且不要放在 torch.no_grad() 中计算。",
        "advice.leaf_inplace":
            "需要梯度的叶子张量不能原地修改：在 `with torch.no_grad():` 中更新它，"
            "或写成 x = x + 1 而不是 x += 1。",
        "advice.saved_modified":
            "backward() 需要的一个保存值在保存后被原地运算改动了：改用非原地写法"
            "（y = y * 2 而不是 y *= 2），或先 clone()。",
        "advice.integer_requires_grad":
            "只有浮点张量才有梯度：把 1 写成 1.，或传入 dtype=torch.float32。",
        "advice.broadcast":
            "第 {dim} 维一边是 {a}，另一边是 {b}；只有大小相等或其中之一为 1 时才能广播："
            "比较两个张量的 .shape。",
        "advice.matmul":
            "矩阵乘法要求内侧维度一致（{a} 与 {b}）：检查两个形状，或用 .t() 转置其中一个。",
    },
})


def advice(message: str) -> str | None:
    """The advice line for an error message (PyTorch's text), or None when there is none."""
    for pattern, key in _COMPILED:
        m = pattern.search(message)
        if m:
            return i18n.t("advice.hint", advice=i18n.t(key, **m.groupdict()))
    return None
