"""The REPL's :graph, :explain and :info, through the Session (no terminal)."""
from __future__ import annotations

import io

import pytest

from gradcli.render.console import RichRenderer
from gradcli.repl.session import Session

TUTORIAL = ["x = ones(2,2, grad)", "y = x + 2", "z = y*y*3", "out = mean(z)"]


def session_output(*lines: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    session = Session(RichRenderer(out, err, colour=False, width=100))
    for line in TUTORIAL + list(lines):
        session.push(line)
    return out.getvalue(), err.getvalue()


def test_graph_draws_the_tutorial_tree():
    out, err = session_output(":graph out")
    assert err == ""
    for name in ("MeanBackward0", "MulBackward0", "AddBackward0", "AccumulateGrad  x"):
        assert name in out
    assert "line 1: y = x + 2" in out  # each node keeps the line of its own input


def test_explain_narrates_without_changing_grad():
    out, err = session_output(":explain out", "x.grad")
    assert "= [[4.5, 4.5], [4.5, 4.5]]" in out and "0.75" in out
    assert not out.rstrip().endswith("])")  # x.grad is still None: echo prints nothing


def test_an_expression_names_its_own_nodes_not_the_statement_that_ran_last():
    out, err = session_output("explain(out)", ":graph ones(2, 2) * x")
    assert out.split("In the end:")[1].splitlines()[2] == \
        "MulBackward0  line 1: ones(2, 2) * x  shape [2, 2]  = [[1, 1], [1, 1]]"


def test_help_on_a_meta_command():
    out, err = session_output(":help :graph")
    assert out == ":graph TENSOR\n    draw the backward graph of a tensor, from the tape that " \
                  "computed it\n"


def test_info_describes_a_tensor():
    out, _ = session_output(":info z")
    assert "grad_fn        MulBackward0" in out and "is_leaf        False" in out


@pytest.mark.parametrize("command, message", [
    (":graph 3", "graph() takes a tensor, not int"),
    (":explain nope", "NameError: name 'nope' is not defined"),
    (":info", ":info needs NAME"),
])
def test_bad_arguments_are_reported_and_the_session_goes_on(command, message):
    out, err = session_output(command, "print(out)")
    assert message in err
    assert out.endswith("tensor(27., grad_fn=<MeanBackward0>)\n")
