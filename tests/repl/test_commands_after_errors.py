"""No meta-command reports an internal error, whatever the program ended with: each recorded
case that ends in PyTorch's error is run into a session, then :vars, :graph, :explain and
:info look at every tensor it left."""
from __future__ import annotations

import io

import pytest

from gradcli import engine
from gradcli.engine.tensor import Tensor
from gradcli.render.console import RichRenderer
from gradcli.repl.command_table import Quit
from gradcli.repl.session import Session

from ..conftest import ROOT

CASES = sorted(p for p in (ROOT / "tests" / "conformance").rglob("*.grad")
               if p.with_suffix(".err").exists() and p.with_suffix(".err").read_text().strip())


@pytest.mark.parametrize("case", CASES, ids=[p.stem for p in CASES])
def test_meta_commands_after_an_error(case):
    engine.reset()
    out, err = io.StringIO(), io.StringIO()
    session = Session(RichRenderer(out, err, colour=False))
    try:
        session.load(str(case))
    except Quit:
        pytest.skip("the program leaves the session (exit)")
    tensors = [n for n, v in session.interpreter.globals.items() if isinstance(v, Tensor)]
    session.push(":vars")
    for name in tensors[-4:]:
        for command in ("graph", "explain", "info"):
            session.push(f":{command} {name}")
    assert "internal error" not in err.getvalue()


def test_explain_after_backward_is_pytorchs_error_with_its_hint():
    engine.reset()
    out, err = io.StringIO(), io.StringIO()
    session = Session(RichRenderer(out, err, colour=False))
    for line in ["x = ones(2,2, grad); y = x+2; z = y*y*3", "out = z.mean()",
                 "out.backward()", ":explain out", ":explain x"]:
        session.push(line)
    lines = err.getvalue().splitlines()
    assert lines[0].startswith("RuntimeError: Trying to backward through the graph a second time")
    assert lines[1].startswith("hint: the first backward() freed the values")
    assert lines[2] == "RuntimeError: grad can be implicitly created only for scalar outputs"


@pytest.mark.parametrize("line", [":explain w2", "explain(w2)", ":explain  w2 "])
def test_the_hint_after_explaining_a_non_scalar_names_that_tensor(line):
    # the hint quotes code to type: it must be about w2, never a stand-in name
    engine.reset()
    out, err = io.StringIO(), io.StringIO()
    session = Session(RichRenderer(out, err, colour=False))
    for typed in ["x = ones(2,2, grad)", "w2 = x * 3", line]:
        session.push(typed)
    hint = [h for h in err.getvalue().splitlines() if h.startswith("hint:")]
    assert hint == ["hint: backward() starts from one number: reduce the output first "
                    "(`w2.sum().backward()`) or pass `gradient=torch.ones_like(w2)`."]
