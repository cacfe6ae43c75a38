"""Layers point one way: the engine imports only NumPy; render/repl stay off the run path."""
from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

import gradcli.engine.kernels

KERNELS = sorted(Path(gradcli.engine.kernels.__file__).parent.glob("*.py"))


@functools.lru_cache(maxsize=None)
def imported_after(statement: str) -> frozenset[str]:
    """The modules a fresh process has imported after `statement` (one process per statement,
    shared by the tests that ask)."""
    code = f"import sys\n{statement}\nprint(' '.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return frozenset(out.split())


def top_level(modules: frozenset[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


RUN = ("import io, gradcli.cli as c; c.main(['-e', 'ones(2)*3'], "
       "c.Env(stdout=io.StringIO(), stderr=io.StringIO()))")


@pytest.mark.parametrize("forbidden", ["lark", "rich", "prompt_toolkit", "pygments"])
def test_engine_imports_none_of_the_front_end(forbidden):
    assert forbidden not in top_level(imported_after("import gradcli.engine"))


def test_engine_imports_no_other_layer_of_gradcli():
    assert sorted(m for m in imported_after("import gradcli.engine")
                  if m.startswith("gradcli.") and not m.startswith("gradcli.engine")) == []


@pytest.mark.parametrize("forbidden", ["rich", "prompt_toolkit"])
def test_running_a_script_needs_no_terminal_libraries(forbidden):
    assert forbidden not in top_level(imported_after(RUN))


def test_running_a_program_does_not_import_lark():
    # the parse tables ship with the package (syntax/tables.json): lark made them
    assert "lark" not in top_level(imported_after(RUN))


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(relative level, module) of each import in a source file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(0, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or ""))
    return found


@pytest.mark.parametrize("path", KERNELS, ids=lambda p: p.name)
def test_kernels_import_only_numpy_and_other_kernels(path):
    # numerics only: nothing of the graph, the tensor or the op table
    above = [(level, name) for level, name in imports_of(path)
             if level > 1 or name.split(".")[0] == "gradcli"]
    assert above == []


ENGINE = Path(gradcli.engine.__file__).parent


def _module(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def engine_imports() -> dict[str, set[str]]:
    """Each engine module -> the engine modules it imports, at its top or inside a function."""
    paths = {_module(p): p for p in ENGINE.rglob("*.py")}
    graph = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                stem = f"{base}.{node.module}" if node.module else base
                # `from . import x` of a module x depends on x (its package is there already)
                modules = {f"{stem}.{a.name}" for a in node.names} & set(paths)
                found |= modules or {stem}
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def test_no_import_cycle_in_the_engine_outside_its_op_modules():
    # the op modules may import each other (a rule uses another row); nothing else may
    graph = engine_imports()

    def reaches(start: str, goal: str) -> bool:
        seen, stack = set(), [start]
        while stack:
            m = stack.pop()
            if m == goal:
                return True
            if m not in seen:
                seen.add(m)
                stack.extend(graph[m])
        return False
    cyclic = sorted(m for m in graph if not m.startswith("gradcli.engine.ops")
                    and any(reaches(d, m) for d in graph[m]))
    assert cyclic == []
