"""The backward graph rooted at a tensor: a tree as plain text or rich, or Graphviz DOT.

Everything shown comes from the tape itself: node names, the statement that recorded each
node (`node.span`), input shapes and saved values kept by consumers, leaves' `.grad`.
A node's output value is known when the tensor is at hand (the root, a program variable
whose grad_fn it is), or when a consumer or the node itself still holds it as a saved value.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import i18n
from ..engine.graph import AccumulateGrad, SavedResult
from ..engine.tensor import Tensor
from .layout import Line, fit, plain

i18n.register({
    "en": {
        "graph.line": "line {line}",
        "graph.statement": "line {line}: {text}",
        "graph.shape": "shape [{dims}]",
        "graph.constant": "constant",
        "graph.freed": "(freed by backward)",
        "graph.seen": "↑ shown above",
        "graph.no_graph": "no backward graph: this tensor does not require grad",
        "graph.output": "output {nr}",
        "graph.leaf": "leaf",
        "graph.deeper": "… {count} deeper nodes",
        "graph.deeper_one": "… 1 deeper node",
    },
    "zh": {
        "graph.line": "第 {line} 行",
        "graph.statement": "第 {line} 行：{text}",
        "graph.shape": "形状 [{dims}]",
        "graph.constant": "常量",
        "graph.freed": "（已被 backward 释放）",
        "graph.seen": "↑ 见上文",
        "graph.no_graph": "没有反向图：这个张量不需要梯度",
        "graph.output": "第 {nr} 个输出",
        "graph.leaf": "叶子",
        "graph.deeper": "… 还有 {count} 个更深的节点",
        "graph.deeper_one": "… 还有 1 个更深的节点",
    },
})

SMALL = 6          # tensors with at most this many elements show their values
DEPTH = 64         # tree levels drawn: a long chain would make the guides quadratic in size
LABEL = 24         # columns a node's label needs beside its guides, on a terminal
STYLES = {"name": "bold cyan", "ref": "magenta", "where": "dim", "shape": "green",
          "value": "yellow", "freed": "bold red", "seen": "magenta",
          "var": "bold", "grad": "yellow", "const": "dim italic", "formula": "italic",
          "text": "", "guide": "dim"}


class Names:
    """A program's variables, found by identity: names for tensors and for the nodes they own."""

    def __init__(self, scope: dict) -> None:
        self._by_id: dict[int, tuple[str, Tensor]] = {}
        self._by_node: dict[tuple[int, int], Tensor] = {}
        for name, value in scope.items():
            if isinstance(value, Tensor) and id(value) not in self._by_id:
                self._by_id[id(value)] = (name, value)
                if value.grad_fn is not None:
                    self._by_node.setdefault((id(value.grad_fn), value._output_nr), value)

    def name(self, tensor) -> str | None:
        found = self._by_id.get(id(tensor))
        return found[0] if found is not None and found[1] is tensor else None

    def output(self, node, nr: int = 0) -> Tensor | None:
        t = self._by_node.get((id(node), nr))
        return t if t is not None and t.grad_fn is node else None

    def tensors(self) -> list[tuple[str, Tensor]]:
        return list(self._by_id.values())


# ---- words, numbers and columns shared with explain, gradcheck and info -----------------------
def node_name(node) -> str:
    return node.name().rsplit("::", 1)[-1]


def statement(node) -> str | None:
    """`line 3: z = y*y*3`: the statement that recorded `node`, from its span."""
    where = node.span
    if where is None:
        return None
    compiler, span = where
    lines = compiler.source.split("\n")
    if not 0 < span.line <= len(lines):
        return i18n.t("graph.line", line=span.line)
    text = lines[span.line - 1]
    if span.end_line == span.line:
        text = text[span.col - 1:span.end_col - 1]
    else:
        text = text[span.col - 1:].rstrip() + " …"
    return i18n.t("graph.statement", line=span.line, text=text.strip())


def number(v) -> str:
    return f"{v:.6g}" if isinstance(v, float) else str(v)


def values(data) -> str:
    """A small array as nested lists of short numbers: [[0.25, 0.25], [0.25, 0.25]]."""
    if data.ndim == 0:
        return number(data.item())
    return _nested(data.tolist())


def _nested(x) -> str:
    if isinstance(x, list):
        return "[" + ", ".join(_nested(v) for v in x) + "]"
    return number(x)


def shape_text(shape) -> str:
    return i18n.t("graph.shape", dims=", ".join(map(str, shape)))


def saved_value(node, name: str):
    """A value `node` still holds under `name` (unchanged since it was saved), else None."""
    saved = getattr(node, "_saved", None)
    if not saved or name not in saved:
        return None
    value, counter, version = saved[name]
    if counter is not None and counter.value != version:
        return None
    if isinstance(value, SavedResult):
        return value.data
    return value._data if isinstance(value, Tensor) else value


def is_freed(node) -> bool:
    """Released by a backward; a node that never saved anything is not 'freed'."""
    return not isinstance(node, AccumulateGrad) and bool(node.op.saved_names) and node.released


# ---- the walk ---------------------------------------------------------------------------------
@dataclass(slots=True)
class Item:
    """One line of the tree: styled segments, and the items below it."""
    segments: list
    children: list = field(default_factory=list)
    node: object = None             # the node drawn here (None: a constant or a note)
    target: object = None           # a repeat: the node drawn earlier that it refers to

    @property
    def text(self) -> str:
        return "".join(text for _, text in self.segments)


class _Walk:
    """Builds the tree of Items from a root edge, iteratively (a long chain must not recurse)."""

    def __init__(self, names: Names) -> None:
        self.names = names
        self.refs: dict = {}
        self.shared: set = set()

    def build(self, tensor: Tensor, depth: int | None = DEPTH) -> Item | None:
        """The tree below `tensor`, in display order, so that a repeat always follows the node
        it refers to; below `depth` levels, one item says how many nodes are not drawn."""
        root, nr = tensor._edge()
        if root is None:
            return None
        self.shared = _shared_nodes(root)
        top = self._item(root, nr, tensor._data.shape, tensor._data)
        seen = {root}
        cuts = []
        stack = _edges(top, root, 0)
        while stack:
            parent, pnode, i, level = stack.pop()
            nxt, nnr = pnode.next_functions[i]
            if nxt is None:
                parent.children.append(self._constant(pnode, i))
                continue
            if nxt in seen:
                parent.children.append(self._repeat(nxt))
                continue
            seen.add(nxt)
            child = self._item(nxt, nnr, pnode.shapes[i], self._known(pnode, i, nxt, nnr))
            parent.children.append(child)
            if depth is not None and level + 1 == depth and \
                    any(n is not None for n, _ in nxt.next_functions):
                cuts.append(child)
                continue
            stack.extend(_edges(child, nxt, level + 1))
        _count_hidden(cuts, seen)
        return top

    def _known(self, parent, i: int, node, nr: int):
        """The output value of `node`: a variable holding it, else what `parent` saved of it."""
        if isinstance(node, AccumulateGrad):
            return None  # a leaf shows its own variable
        t = self.names.output(node, nr)
        if t is not None:
            return t._data
        arg = parent.op.args[i] if i < len(parent.op.args) else None
        value = saved_value(parent, arg) if arg else None
        if value is None and node.n_outputs == 1:
            value = saved_value(node, "result")
        return value

    def _ref(self, node) -> int | None:
        if node not in self.shared:
            return None
        if node not in self.refs:
            self.refs[node] = len(self.refs) + 1
        return self.refs[node]

    def _item(self, node, nr: int, shape, data) -> Item:
        ref = self._ref(node)
        segs = [("name", node_name(node))]
        if ref is not None:
            segs.append(("ref", f" [{ref}]"))
        if isinstance(node, AccumulateGrad):
            var = node.variable
            name = self.names.name(var)
            segs.append(("var", f"  {name}" if name else f"  ({i18n.t('graph.leaf')})"))
            segs.append(("shape", f"  {shape_text(var._data.shape)}"))
            if var._data.size <= SMALL:
                segs.append(("value", f"  = {values(var._data)}"))
            segs.append(("grad", f"  .grad = {_grad_text(var._grad)}"))
            return Item(segs, node=node)
        if node.n_outputs > 1:
            segs.append(("where", f"  ({i18n.t('graph.output', nr=nr)})"))
        where = statement(node)
        if where:
            segs.append(("where", f"  {where}"))
        segs.append(("shape", f"  {shape_text(shape)}"))
        if data is not None and data.size <= SMALL:
            segs.append(("value", f"  = {values(data)}"))
        if is_freed(node):
            segs.append(("freed", f"  {i18n.t('graph.freed')}"))
        return Item(segs, node=node)

    def _repeat(self, node) -> Item:
        ref = self._ref(node)
        return Item([("name", node_name(node)), ("ref", f" [{ref}]"),
                     ("seen", f"  {i18n.t('graph.seen')}")], target=node)

    @staticmethod
    def _constant(node, i: int) -> Item:
        """An input that needs no gradient: the tape keeps its shape (a value it saved is
        freed by backward, so values are not shown: the statement shows them)."""
        segs = [("const", i18n.t("graph.constant"))]
        shape = node.shapes[i] if i < len(node.shapes) else ()
        if shape:
            segs.append(("shape", f"  {shape_text(shape)}"))
        return Item(segs)


def _count_hidden(cuts: list, drawn: set) -> None:
    """Below each cut, one item: how many nodes below it are drawn nowhere (each counted at
    the first cut that reaches it)."""
    counted = set(drawn)
    for item in cuts:
        hidden, stack = 0, [n for n, _ in item.node.next_functions if n is not None]
        while stack:
            node = stack.pop()
            if node in counted:
                continue
            counted.add(node)
            hidden += 1
            stack.extend(n for n, _ in node.next_functions if n is not None)
        if hidden:
            text = i18n.t("graph.deeper_one") if hidden == 1 else \
                i18n.t("graph.deeper", count=hidden)
            item.children.append(Item([("seen", text)]))


def _edges(item: Item, node, level: int) -> list:
    """Stack entries for the inputs of `node`, the first on top."""
    return [(item, node, i, level) for i in reversed(range(len(node.next_functions)))]


def _grad_text(g) -> str:
    if g is None:
        return "None"
    return values(g._data) if g._data.size <= SMALL else shape_text(g._data.shape)


def _shared_nodes(root) -> set:
    """The nodes reached along more than one edge: shown once, referred to afterwards."""
    count: dict = {root: 1}
    stack = [root]
    while stack:
        node = stack.pop()
        for nxt, _ in node.next_functions:
            if nxt is None:
                continue
            count[nxt] = count.get(nxt, 0) + 1
            if count[nxt] == 1:
                stack.append(nxt)
    return {n for n, c in count.items() if c > 1}


# ---- plain text, rich, DOT --------------------------------------------------------------------
def depth_for(columns: int | None) -> int:
    """The tree levels that fit `columns`: guides take four columns a level, and a label
    needs LABEL beside them (no limit but DEPTH when the width is not known)."""
    if columns is None:
        return DEPTH
    return max(1, min(DEPTH, (columns - LABEL) // 4))


def graph_lines(tensor: Tensor, names: Names, columns: int | None = None) -> list[Line]:
    """The tree as lines of styled pieces, with the guides rich's Tree draws, laid out to
    `columns`: a label too wide goes on under its guides, broken between its parts."""
    top = _Walk(names).build(tensor, depth_for(columns))
    if top is None:
        return [[("text", i18n.t("graph.no_graph"))]]
    lines = fit([], top.segments, columns, [("guide", "│ " if top.children else "  ")])
    stack = [(child, "", k == len(top.children) - 1)
             for k, child in reversed(list(enumerate(top.children)))]
    while stack:
        item, prefix, last = stack.pop()
        inner = prefix + ("    " if last else "│   ")
        hang = inner + ("│ " if item.children else "  ")
        lines.extend(fit([("guide", prefix + ("└── " if last else "├── "))], item.segments,
                         columns, [("guide", hang)]))
        n = len(item.children)
        stack.extend((child, inner, k == n - 1)
                     for k, child in reversed(list(enumerate(item.children))))
    return lines


def graph_text(tensor: Tensor, names: Names, columns: int | None = None) -> str:
    """The tree as plain text."""
    return plain(graph_lines(tensor, names, columns))


def graph_renderable(tensor: Tensor, names: Names, columns: int | None = None):
    """The tree in colour (imports rich: for colour output only)."""
    from .styled import styled
    return styled(graph_lines(tensor, names, columns), STYLES)


def graph_dot(tensor: Tensor, names: Names) -> str:
    """The same graph as Graphviz DOT: each node once, an edge per next_functions entry."""
    top = _Walk(names).build(tensor, depth=None)
    out = ["digraph backward {",
           '  node [shape=box, style="rounded,filled", fillcolor="#eeeeee", fontname="Helvetica"];',
           '  edge [arrowsize=0.7];']
    if top is None:
        out.append(f'  n0 [label="{_escape(i18n.t("graph.no_graph"))}"];')
        return "\n".join(out + ["}"]) + "\n"
    ids: dict = {}
    constants = 0
    stack = [top]
    while stack:
        item = stack.pop()
        me = ids.setdefault(item.node, f"n{len(ids) + 1}")
        out.append(f"  {me} [{_dot_attributes(item)}];")
        for child in item.children:
            if child.node is None and child.target is None:
                constants += 1
                cid = f"c{constants}"
                out.append(f'  {cid} [label="{_escape(child.text)}", shape=plaintext, '
                           f'style=""];')
                out.append(f"  {me} -> {cid} [style=dashed];")
                continue
            node = child.target if child.target is not None else child.node
            out.append(f"  {me} -> {ids.setdefault(node, f'n{len(ids) + 1}')};")
            if child.target is None:
                stack.append(child)
    return "\n".join(out + ["}"]) + "\n"


def _dot_attributes(item: Item) -> str:
    """A node's label: its name first, then each detail on a line of its own."""
    lines: list[str] = []
    for style, text in item.segments:
        if style == "ref":
            continue  # DOT draws a shared node once, with an edge from each user
        if text.startswith("  ") or not lines:
            lines.append(text.strip())
        else:
            lines[-1] += text
    label = "\\n".join(_escape(ln) for ln in lines)
    attrs = f'label="{label}"'
    if isinstance(item.node, AccumulateGrad):
        attrs += ', fillcolor="#cfe2ff"'
    if is_freed(item.node):
        attrs += ', style="rounded,dashed"'
    return attrs


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
