"""gradcli's hints for the errors learners meet most, in their language: each proposes a fix,
and tests/render/test_advice.py applies every one to show that it works."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Callable

from .. import i18n


@dataclass(frozen=True, slots=True)
class Advice:
    pattern: str               # PyTorch's message; its named groups fill the advice
    key: str
    # (error, scope) -> a more specific (key, fields) when the program's state tells more
    refine: Callable | None = None


def _computed_without_grad(error, scope: dict) -> tuple[str, dict] | None:
    """z.backward() where z was computed under torch.no_grad() from a tensor that requires
    grad (the engine marks such results)."""
    name = _receiver(error)
    tensor = scope.get(name) if name and name.isidentifier() else None
    if tensor is not None and getattr(tensor, "_made_without_grad", False):
        return "advice.computed_without_grad", {}
    return None


ADVICE = [
    Advice(r"grad can be implicitly created only for scalar outputs", "advice.implicit_grad"),
    Advice(r"Trying to backward through the graph a second time", "advice.second_backward"),
    Advice(r"element \d+ of tensors does not require grad and does not have a grad_fn",
           "advice.no_grad_fn", _computed_without_grad),
    Advice(r"a (?:view of a )?leaf Variable that requires grad is being used in an in-place "
           r"operation", "advice.leaf_inplace"),
    Advice(r"one of the variables needed for gradient computation has been modified by an "
           r"inplace operation", "advice.saved_modified"),
    Advice(r"[Oo]nly Tensors of floating point and complex dtype can require gradients",
           "advice.integer_requires_grad"),
    Advice(r"The size of tensor a \((?P<a>\d+)\) must match the size of tensor b \((?P<b>\d+)\) "
           r"at non-singleton dimension (?P<dim>\d+)", "advice.broadcast"),
    Advice(r"mat1 and mat2 shapes cannot be multiplied \(\d+x(?P<a>\d+) and (?P<b>\d+)x\d+\)",
           "advice.matmul"),
]
_COMPILED = [(re.compile(a.pattern), a) for a in ADVICE]

i18n.register({
    "en": {
        "advice.hint": "hint: {advice}",
        "advice.implicit_grad":
            "backward() starts from one number: reduce the output first "
            "(`{t}.sum().backward()`) or pass `gradient=torch.ones_like({t})`.",
        "advice.second_backward":
            "the first backward() freed the values this graph saved: pass it "
            "`retain_graph=True`, or compute the forward pass again.",
        "advice.no_grad_fn":
            "nothing {t} was made from requires grad: create the inputs with "
            "`requires_grad=True` (or the flag `grad`), outside torch.no_grad().",
        "advice.computed_without_grad":
            "{t} was computed inside `with torch.no_grad():`, so no graph was recorded (what it "
            "came from does require grad): compute it outside that block.",
        "advice.leaf_inplace":
            "a leaf that requires grad cannot change in place while autograd records: change "
            "it inside `with torch.no_grad():`; for a gradient step, "
            "`with torch.no_grad(): {t} -= lr * {t}.grad`, then `{t}.grad.zero_()` before the "
            "next backward().",
        "advice.saved_modified":
            "backward() needs a value that an in-place operation changed after it was saved: "
            "use the out-of-place form (`y = y * 2`, not `y *= 2`) or `.clone()` it first.",
        "advice.integer_requires_grad":
            "only floating-point tensors have gradients: write `1.` instead of `1`, or pass "
            "`dtype=torch.float32`.",
        "advice.broadcast":
            "dimension {dim} is {a} on one side and {b} on the other; sizes broadcast only when "
            "equal or 1: compare the two tensors' `.shape`, and `.unsqueeze(d)` gives a tensor "
            "a dimension of size 1.",
        "advice.matmul":
            "in a matrix product the inner sizes must agree ({a} vs {b}): check both shapes, or "
            "transpose one operand with `.t()`.",
        "advice.close_name": "did you mean `{fix}`?",
    },
    "zh": {
        "advice.hint": "提示：{advice}",
        "advice.implicit_grad":
            "backward() 要从一个标量开始：先把输出归约（`{t}.sum().backward()`），"
            "或传入 `gradient=torch.ones_like({t})`。",
        "advice.second_backward":
            "第一次 backward() 已释放计算图保存的值：调用它时传入 `retain_graph=True`，"
            "或重新计算一遍前向过程。",
        "advice.no_grad_fn":
            "{t} 的来源都不需要梯度：用 `requires_grad=True`（或标志 `grad`）创建输入，"
            "并且不要放在 torch.no_grad() 中计算。",
        "advice.computed_without_grad":
            "{t} 是在 `with torch.no_grad():` 中计算的，所以没有记录计算图（它的来源确实需要"
            "梯度）：把它移到这个代码块之外计算。",
        "advice.leaf_inplace":
            "需要梯度的叶子张量在自动求导记录时不能原地修改：在 `with torch.no_grad():` 中修改它；"
            "梯度下降一步写作 `with torch.no_grad(): {t} -= lr * {t}.grad`，"
            "并在下一次 backward() 之前调用 `{t}.grad.zero_()`。",
        "advice.saved_modified":
            "backward() 需要的一个保存值在保存后被原地运算改动了：改用非原地写法"
            "（`y = y * 2` 而不是 `y *= 2`），或先 `.clone()`。",
        "advice.integer_requires_grad":
            "只有浮点张量才有梯度：把 `1` 写成 `1.`，或传入 `dtype=torch.float32`。",
        "advice.broadcast":
            "第 {dim} 维一边是 {a}，另一边是 {b}；只有大小相等或其中之一为 1 时才能广播："
            "比较两个张量的 `.shape`，`.unsqueeze(d)` 可以加一个大小为 1 的维度。",
        "advice.matmul":
            "矩阵乘法要求内侧维度一致（{a} 与 {b}）：检查两个形状，或用 `.t()` 转置其中一个。",
        "advice.close_name": "你是想写 `{fix}` 吗？",
    },
})

# what the failing statement applied the operation to: `y` in y.backward(), backward(y),
# y.add_(1), y += 1 (a name, or a bracketed expression)
_TARGETS = [re.compile(p) for p in (
    r"^(?P<t>[\w.]+|\(.*\))\.(?:backward|\w+_)\(",
    r"^(?:torch\.(?:autograd\.)?)?backward\((?P<t>[\w.]+)[,)]",
    r"^explain\((?P<t>[\w.]+)[,)]",   # explain's dry run earns backward's errors
    r"^:explain\s+(?P<t>[\w.]+)$",
    r"^(?P<t>[\w.]+)\s*(?:[-+*/@%]|//|\*\*)=",
    r"^(?P<t>[\w.]+)\[.*\]\s*(?:[-+*/@%]|//|\*\*)?=")]
STAND_IN = "y"   # the name a hint uses when the statement does not give one


def _failing_text(error) -> str:
    """The source of the failing part (the caret's span), or ''."""
    span, line = error.span, error.source_line()
    if span is None and "\n" not in (error.source or ""):
        return (error.source or "").strip()   # a meta-command's line: `:explain y`
    if span is None or not line:
        return ""
    end = span.end_col - 1 if span.end_line == span.line else len(line)
    return line[span.col - 1:end].strip()


def _receiver(error) -> str | None:
    text = _failing_text(error)
    if "=" in text and not re.search(r"[-+*/@%]=|\]\s*=", text):
        text = text.split("=", 1)[1].strip()   # `y = x.backward()`: the call on the right
    for pattern in _TARGETS:
        m = pattern.match(text)
        if m:
            return m.group("t")
    return None


def _close_name(error, names_of) -> str | None:
    """A typo's close name, when Python's own "Did you mean" (already in the message) found
    none: what the object offers, or the names in scope, by a looser likeness."""
    exc = getattr(error, "error", None)
    name = getattr(exc, "name", None)
    if not isinstance(name, str) or "Did you mean" in error.message:
        return None
    if isinstance(exc, AttributeError) and getattr(exc, "obj", None) is not None:
        candidates = names_of(exc.obj) if names_of is not None else ()
    elif isinstance(exc, NameError):
        candidates = [n for scope in getattr(exc, "_gradcli_scopes", ()) for n in scope]
    else:
        return None
    found = difflib.get_close_matches(name, [c for c in candidates if isinstance(c, str) and
                                             not c.startswith("_")], n=1, cutoff=0.75)
    if not found:
        return None
    m = re.match(rf"(.*\.){name}\b", _failing_text(error))
    return m.group(1) + found[0] if isinstance(exc, AttributeError) and m else found[0]


def hints(error, scope: dict | None = None, names_of: Callable | None = None) -> list[str]:
    """gradcli's hint lines for an error the program earned (a GradcliError): advice for
    PyTorch's message, and a typo's close name. `scope` is the program's variables;
    `names_of(obj)` lists what a value offers."""
    found = [i18n.t("advice.hint", advice=error.hint)] if getattr(error, "hint", "") else []
    for pattern, entry in _COMPILED:
        m = pattern.search(error.message)
        if m:
            key, fields = entry.key, m.groupdict()
            refined = entry.refine(error, scope or {}) if entry.refine else None
            if refined:
                key, fields = refined[0], {**fields, **refined[1]}
            fields.setdefault("t", _receiver(error) or STAND_IN)
            found.append(i18n.t("advice.hint", advice=i18n.t(key, **fields)))
            break
    close = _close_name(error, names_of)
    if close:
        found.append(i18n.t("advice.hint", advice=i18n.t("advice.close_name", fix=close)))
    return found
