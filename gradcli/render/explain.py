"""The backward pass narrated node by node, in the engine's order, from a dry run of the tape."""
from __future__ import annotations

from .. import i18n
from ..engine.graph import AccumulateGrad
from ..engine.tensor import Tensor
from ..engine.trace import Step, trace
from .graph import STYLES, SMALL, Names, node_name, number, saved_value, shape_text, statement
from .graph import values as small_values
from .layout import Line, plain, prose

i18n.register({
    "en": {
        "explain.title": "The backward pass of {what}, node by node, in the order the engine "
                         "runs it.",
        "explain.dry": "A dry run: no .grad changes and no saved value is freed.",
        "explain.start": "It starts with ∂{what}/∂{what} = {value}.",
        "explain.start_v": "It starts with the gradient you gave: {value}.",
        "explain.start_unnamed": "It starts with the gradient {value}.",
        "explain.this": "this tensor",
        "explain.receives": "receives {value}",
        "explain.from_start": "from the start",
        "explain.fan_in": "receives {count} gradients and adds them up (fan-in):",
        "explain.nothing": "receives no gradient: nothing flows on from here",
        "explain.input": "input {i}: ",
        "explain.from": "from {node}, input {i}",
        "explain.derivative": "local derivative {formula}",
        "explain.with": "with {values}",
        "explain.sends": "sends {value} to {dest}",
        "explain.constant": "a constant: no gradient",
        "explain.no_send": "sends nothing",
        "explain.lands": "{leaf}.grad would become {value}",
        "explain.adds": "{leaf}.grad would become {old} + {new} = {value}",
        "explain.leaf": "a leaf",
        "explain.end": "In the end:",
        "explain.everywhere": "{value} everywhere ({shape})",
        "explain.many": "[{values}, …] ({count} values, {shape})",
        "explain.output": "output {nr}: ",
    },
    "zh": {
        "explain.title": "{what} 的反向传播，逐个节点，按引擎实际执行的顺序：",
        "explain.dry": "这是一次演练：不会改动任何 .grad，也不会释放任何保存的值。",
        "explain.start": "起点：∂{what}/∂{what} = {value}。",
        "explain.start_v": "起点是你给出的梯度：{value}。",
        "explain.start_unnamed": "起点梯度为 {value}。",
        "explain.this": "这个张量",
        "explain.receives": "收到 {value}",
        "explain.from_start": "来自起点",
        "explain.fan_in": "收到 {count} 个梯度，把它们相加（汇合）：",
        "explain.nothing": "没有收到梯度：从这里不再向下传递",
        "explain.input": "输入 {i}：",
        "explain.from": "来自 {node} 的输入 {i}",
        "explain.derivative": "局部导数 {formula}",
        "explain.with": "其中 {values}",
        "explain.sends": "把 {value} 传给 {dest}",
        "explain.constant": "常量，不需要梯度",
        "explain.no_send": "不传递任何梯度",
        "explain.lands": "{leaf}.grad 将变为 {value}",
        "explain.adds": "{leaf}.grad 将变为 {old} + {new} = {value}",
        "explain.leaf": "一个叶子",
        "explain.end": "最终：",
        "explain.everywhere": "每个元素都是 {value}（{shape}）",
        "explain.many": "[{values}, …]（共 {count} 个值，{shape}）",
        "explain.output": "第 {nr} 个输出：",
    },
})

INDENT = "   "


def numbers(data) -> str:
    """The numbers of a gradient: all of them when few, else a uniform value or the first few."""
    if data.size <= SMALL:
        return small_values(data)
    flat = data.reshape(-1)
    if (flat == flat[0]).all():
        return i18n.t("explain.everywhere", value=number(flat[0].item()),
                      shape=shape_text(data.shape))
    return i18n.t("explain.many", values=", ".join(map(number, flat[:SMALL].tolist())),
                  count=data.size, shape=shape_text(data.shape))


def explain_lines(tensor: Tensor, names: Names, gradient: Tensor | None = None) -> list[Line]:
    """The narration as lines of (style, text) segments: plain text and rich share them."""
    steps = trace(tensor, gradient)
    order = {step.node: k + 1 for k, step in enumerate(steps)}
    name = names.name(tensor)
    what = name or i18n.t("explain.this")
    lines = [[("text", i18n.t("explain.title", what=what))],
             [("where", i18n.t("explain.dry"))]]
    if steps:
        start = steps[0].received[tensor._edge()[1]][0].grad
        key = "explain.start_v" if gradient is not None else \
            "explain.start" if name else "explain.start_unnamed"
        lines.append([("text", i18n.t(key, what=what, value=numbers(start._data)))])
    for step in steps:
        lines.append([])
        lines.extend(_step_lines(step, order, names))
    leaves = [s for s in steps if isinstance(s.node, AccumulateGrad)]
    if leaves:
        lines.append([])
        lines.append([("text", i18n.t("explain.end"))])
        for s in leaves:
            lines.append([("text", INDENT), ("grad", _lands(s, names, summary=True))])
    return lines


def explain_text(tensor: Tensor, names: Names, gradient: Tensor | None = None,
                 columns: int | None = None) -> str:
    """The narration as plain text, wrapped at words to `columns` (a continuation two columns
    deeper than its line)."""
    return plain(prose(explain_lines(tensor, names, gradient), columns))


def explain_renderable(tensor: Tensor, names: Names, gradient: Tensor | None = None,
                       columns: int | None = None):
    """The narration in colour (imports rich: for colour output only)."""
    from .styled import styled
    return styled(prose(explain_lines(tensor, names, gradient), columns) + [[]], STYLES)


def _label(node, order: dict, names: Names) -> str:
    """`[4] AddBackward0`, or `x` for a leaf's AccumulateGrad."""
    if isinstance(node, AccumulateGrad):
        name = names.name(node.variable) or i18n.t("explain.leaf")
        return f"[{order[node]}] {name} (AccumulateGrad)"
    return f"[{order[node]}] {node_name(node)}"


def _step_lines(step: Step, order: dict, names: Names) -> list[list]:
    node = step.node
    head = [("ref", f"[{order[node]}] "), ("name", node_name(node))]
    if isinstance(node, AccumulateGrad):
        name = names.name(node.variable)
        head.append(("var", f"  {name}" if name else f"  ({i18n.t('explain.leaf')})"))
    else:
        where = statement(node)
        if where:
            head.append(("where", f"  {where}"))
    lines = [head]
    for nr, terms in enumerate(step.received):
        lines.extend(_received(node, nr, terms, step.grads[nr], order, names))
    if isinstance(node, AccumulateGrad):
        if step.grads[0] is not None:
            lines.append([("text", INDENT), ("grad", _lands(step, names, summary=False))])
        return lines
    for i, ((nxt, _), sent) in enumerate(zip(node.next_functions, step.sent)):
        lines.extend(_sent(node, i, nxt, sent, order, names))
    return lines


def _received(node, nr: int, terms, total, order: dict, names: Names) -> list[list]:
    prefix = i18n.t("explain.output", nr=nr) if node.n_outputs > 1 else ""
    if not terms:
        return [[("text", INDENT + prefix), ("where", i18n.t("explain.nothing"))]]
    if len(terms) == 1:
        return [[("text", INDENT + prefix),
                 *_filled("explain.receives", "value", numbers(terms[0].grad._data)),
                 ("where", "  " + _source(terms[0], order, names))]]
    lines = [[("text", INDENT + prefix + i18n.t("explain.fan_in", count=len(terms)))]]
    for k, term in enumerate(terms):
        lines.append([("text", INDENT * 2 + ("  " if k == 0 else "+ ")),
                      ("value", numbers(term.grad._data)),
                      ("where", "  " + _source(term, order, names))])
    lines.append([("text", INDENT * 2 + "= "), ("value", numbers(total._data))])
    return lines


def _source(term, order: dict, names: Names) -> str:
    """`from [3] MulBackward0, input 1`: the node and the input slot a gradient came through."""
    if term.source is None:
        return i18n.t("explain.from_start")
    return i18n.t("explain.from", node=_label(term.source, order, names), i=term.slot)


def _sent(node, i: int, nxt, sent, order: dict, names: Names) -> list[list]:
    head = [("text", INDENT + i18n.t("explain.input", i=i))]
    if nxt is None:
        return [head + [("const", i18n.t("explain.constant"))]]
    d = node.op.derivs[i]
    lines = [head + _filled("explain.derivative", "formula", d.formula)]
    shown = [_saved(node, name, names) for name in d.uses]
    shown = [s for s in shown if s]
    if shown:
        lines.append([("text", INDENT * 2), *_filled("explain.with", "values", ", ".join(shown))])
    if sent is None:
        lines.append([("text", INDENT * 2), ("where", i18n.t("explain.no_send"))])
    else:
        lines.append([("text", INDENT * 2),
                      *_filled("explain.sends", "value", numbers(sent._data),
                               dest=_label(nxt, order, names))])
    return lines


def _filled(key: str, slot: str, value: str, **fields) -> list:
    """A message whose one slot is styled apart: text before it, the value, text after it."""
    before, after = i18n.t(key, **{slot: "\0"}, **fields).split("\0")
    style = "formula" if slot == "formula" else "value"
    return [("text", before), (style, value), ("text", after)]


def _saved(node, name: str, names: Names) -> str:
    """`other = 3`, `self = y = [[3, 3], [3, 3]]`: a saved value the derivative reads."""
    value = saved_value(node, name)
    if value is None:
        value = node.params.get(name)
    if value is None:
        return ""
    if not hasattr(value, "ndim"):
        return f"{name} = {number(value)}"
    saved = node._saved.get(name) if node._saved else None
    var = names.name(saved[0]) if saved is not None else None
    label = f"{name} = {var}" if var else name
    return f"{label} = {numbers(value)}"


def _lands(step: Step, names: Names, summary: bool) -> str:
    leaf = step.node.variable
    name = names.name(leaf) or i18n.t("explain.leaf")
    if leaf._grad is None or summary:
        return i18n.t("explain.lands", leaf=name, value=numbers(step.lands._data))
    return i18n.t("explain.adds", leaf=name, old=numbers(leaf._grad._data),
                  new=numbers(step.grads[0]._data), value=numbers(step.lands._data))
