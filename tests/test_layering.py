"""The package's layers point one way and its modules form no import cycle (outside the engine's
op modules, whose rules use each other's rows): a module's imports are read from its source, at
its top and inside its functions alike.

    edge (cli, repl, tools, pygments_lexer) -> interpret -> syntax, library -> engine
    edge -> render -> engine, syntax;  interpret and render never import each other
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import gradcli

PACKAGE = Path(gradcli.__file__).parent
# the layer of each module, by the longest prefix of its name that the table has
LAYERS = {"gradcli": "shared", "gradcli.errors": "shared", "gradcli.i18n": "shared",
          "gradcli.engine": "engine", "gradcli.library": "library", "gradcli.syntax": "syntax",
          "gradcli.interpret": "interpret", "gradcli.render": "render",
          "gradcli.cli": "edge", "gradcli.__main__": "edge", "gradcli.repl": "edge",
          "gradcli.tools": "edge", "gradcli.pygments_lexer": "edge"}
# what each layer may import (itself included)
MAY_IMPORT = {
    "shared": {"shared"},
    "engine": {"engine"},
    "library": {"library", "engine"},
    "syntax": {"syntax", "shared"},
    "interpret": {"interpret", "syntax", "library", "engine", "shared"},
    "render": {"render", "syntax", "engine", "shared"},
    "edge": {"edge", "interpret", "render", "syntax", "library", "engine", "shared"},
}
MAY_CYCLE = "gradcli.engine.ops."


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# an import statement where a line starts (at the top of a module or inside a function), read
# as text: fifty times faster than parsing every module, and the same graph
IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|.*)"
                    r"|import[ \t]+(.*))", re.M)


def _names(text: str) -> list[str]:
    """The names of `a as b, c` or of a parenthesised list over lines, comments left out."""
    text = re.sub(r"#.*", "", text).strip().strip("()")
    return [part.split()[0] for part in text.split(",") if part.strip()]


def imported(source: str, package: str, modules: set[str]) -> set[str]:
    """The modules among `modules` that `source` (a module of `package`) imports."""
    found = set()
    for dots, module, names, plain in IMPORT.findall(source):
        if plain:
            found |= set(_names(plain))
            continue
        if dots:
            base = package.rsplit(".", len(dots) - 1)[0] if len(dots) > 1 else package
            stem = f"{base}.{module}" if module else base
        else:
            stem = module
        # `from . import x` of a module x depends on x (its package is there already)
        found |= {f"{stem}.{name}" for name in _names(names)} & modules or {stem}
    return found & modules


def _imports() -> dict[str, set[str]]:
    """Each module of gradcli -> the modules of gradcli it imports."""
    paths = {_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        graph[name] = imported(path.read_text(encoding="utf-8"), package, set(paths)) - {name}
    return graph


GRAPH = _imports()


def layer(module: str) -> str:
    prefix = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len)
    return LAYERS[prefix]


def test_every_module_has_a_layer():
    assert {m for m in GRAPH if m != "gradcli" and layer(m) == "shared"} == {
        "gradcli.errors", "gradcli.i18n"}


@pytest.mark.parametrize("source", sorted(MAY_IMPORT))
def test_a_layer_imports_only_the_layers_below_it(source):
    wrong = sorted(f"{m} imports {d}" for m, imported in GRAPH.items() if layer(m) == source
                   for d in imported if layer(d) not in MAY_IMPORT[source])
    assert wrong == []


def _cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, without recursion)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for root in GRAPH:
        if root in index:
            continue
        work = [(root, iter(sorted(GRAPH[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            child = next(edges, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(GRAPH[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_import_cycle_outside_the_engines_op_modules():
    assert [c for c in _cycles() if not all(m.startswith(MAY_CYCLE) for m in c)] == []


def test_the_cycle_check_finds_a_cycle(monkeypatch):
    monkeypatch.setitem(GRAPH, "gradcli.errors", GRAPH["gradcli.errors"] | {"gradcli.i18n"})
    monkeypatch.setitem(GRAPH, "gradcli.i18n", GRAPH["gradcli.i18n"] | {"gradcli.errors"})
    assert ["gradcli.errors", "gradcli.i18n"] in _cycles()


def test_imports_are_read_at_the_top_inside_functions_and_over_lines():
    source = ("from . import a, b  # why\nimport gradcli.c as c\nfrom ..d import (\n    e,\n"
              "    f as g,\n)\ndef late():\n    from .h import i\n\"\"\"\nnot code\n\"\"\"\n")
    modules = {"gradcli.p.a", "gradcli.p.b", "gradcli.c", "gradcli.d", "gradcli.d.e",
               "gradcli.p.h", "gradcli.p.i", "gradcli.x"}
    assert imported(source, "gradcli.p", modules) == {
        "gradcli.p.a", "gradcli.p.b", "gradcli.c", "gradcli.d.e", "gradcli.p.h"}
