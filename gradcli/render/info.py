"""`:info x`: a tensor's autograd state, what shares its storage and which nodes saved it."""
from __future__ import annotations

from .. import i18n
from ..engine.format import tensor_repr
from ..engine.graph import AccumulateGrad, InvalidView, SavedResult
from ..engine.tensor import Size, Tensor
from .graph import Names, node_name, statement
from .layout import pad, width

i18n.register({
    "en": {
        "info.not_tensor": "{what}: {type}, not a tensor: {value}",
        "info.this": "this value",
        "info.storage": "storage",
        "info.alone": "not shared with any variable",
        "info.saved_by": "saved by",
        "info.nobody": "no node of a live graph holds it",
        "info.as": "as {name}",
        "info.stale": "modified since: saved at _version {then}",
        "info.view_of_it": "a view of it",
        "info.its_base": "its base: it is a view",
        "info.sibling": "a view of the same base",
        "info.detached": "detach(): same storage and _version",
        "info.data": ".data: same storage, its own _version",
    },
    "zh": {
        "info.not_tensor": "{what}：{type}，不是张量：{value}",
        "info.this": "这个值",
        "info.storage": "存储",
        "info.alone": "没有与其他变量共享",
        "info.saved_by": "被保存于",
        "info.nobody": "没有仍在的图节点保存它",
        "info.as": "作为 {name}",
        "info.stale": "保存后已被修改：保存时 _version 为 {then}",
        "info.view_of_it": "它的视图",
        "info.its_base": "它的基张量：它是一个视图",
        "info.sibling": "同一基张量的另一个视图",
        "info.detached": "detach()：同一存储，同一 _version",
        "info.data": ".data：同一存储，独立的 _version",
    },
})


def info_text(value, interpreter) -> str:
    """What `:info` shows for `value`, naming the interpreter's variables it relates to."""
    names = Names(interpreter.globals)
    what = next((name for name, v in interpreter.globals.items() if v is value),
                i18n.t("info.this"))
    if not isinstance(value, Tensor):
        return i18n.t("info.not_tensor", what=what, type=type(value).__name__,
                      value=repr(value)) + "\n"
    fn = value.grad_fn
    rows = [("shape", repr(Size(value._data.shape))),
            ("dtype", repr(value.dtype)),
            ("requires_grad", str(value.requires_grad)),
            ("is_leaf", str(value.is_leaf)),
            ("grad_fn", "None" if fn is None else _node_text(fn)),
            ("_version", str(value._version)),
            (i18n.t("info.storage"), _sharing(value, names) or i18n.t("info.alone")),
            (i18n.t("info.saved_by"), _savers(value, names) or i18n.t("info.nobody")),
            (".grad", "None" if value._grad is None else tensor_repr(value._grad))]
    columns = max(width(label) for label, _ in rows) + 2
    lines = [what]
    for label, text in rows:
        first, *rest = text.splitlines()
        lines.append(f"  {pad(label, columns, left=True)}{first}")
        lines.extend(" " * (columns + 2) + line for line in rest)
    return "\n".join(lines) + "\n"


def _node_text(node) -> str:
    where = statement(node)
    return f"{node_name(node)}  ({where})" if where else node_name(node)


def _root(array):
    while array.base is not None:
        array = array.base
    return array


def _relation(value: Tensor, other: Tensor) -> str:
    if other._base is value:
        return "info.view_of_it"
    if value._base is other:
        return "info.its_base"
    if value._base is not None and value._base is other._base:
        return "info.sibling"
    return "info.detached" if other._version_counter is value._version_counter else "info.data"


def _sharing(value: Tensor, names: Names) -> str:
    """The variables on the same storage (NumPy's base chain), and how they came to share it."""
    root = _root(value._data)
    found = [f"{name} ({i18n.t(_relation(value, t))})" for name, t in names.tensors()
             if t is not value and _root(t._data) is root]
    return "\n".join(found)


def _savers(value: Tensor, names: Names) -> str:
    """The nodes, in the graphs of the program's variables, that saved `value` for backward."""
    found = []
    # (a view of split whose base was written has no graph to look through: reading it fails)
    for node in _nodes(t.grad_fn for _, t in names.tensors()
                       if t.grad_fn is not None and type(t.grad_fn) is not InvalidView):
        held = [(name, counter, version) for name, (saved, counter, version)
                in (node._saved or {}).items()
                if saved is value or (isinstance(saved, SavedResult) and saved.data is value._data)]
        if not held:
            continue
        text = f"{_node_text(node)}, {i18n.t('info.as', name=', '.join(h[0] for h in held))}"
        stale = [version for _, counter, version in held
                 if counter is not None and counter.value != version]
        if stale:
            text += f" ({i18n.t('info.stale', then=stale[0])})"
        found.append(text)
    return "\n".join(found)


def _nodes(roots) -> list:
    """Every grad_fn node reachable from `roots`, each once, in a stable order."""
    seen, order = set(), []
    stack = list(roots)
    while stack:
        node = stack.pop()
        if node in seen:
            continue
        seen.add(node)
        if not isinstance(node, AccumulateGrad):
            order.append(node)
        stack.extend(nxt for nxt, _ in node.next_functions if nxt is not None)
    return order
