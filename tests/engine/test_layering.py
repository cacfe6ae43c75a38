"""Layers point one way: the engine imports only NumPy; render/repl stay off the run path (the
directions between gradcli's own layers, and its cycles: tests/test_layering.py)."""
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
