"""Session.push(line) -> needs more?: echo, `_`, blocks, brackets, errors that keep the state."""
from __future__ import annotations

import pytest

from gradcli import engine

# (lines typed one by one, what push returns for each, stdout afterwards)
CASES = [
    (["1 + 2"], [False], "3\n"),
    (["x = 5"], [False], ""),
    (["None"], [False], ""),
    (["'a' * 2"], [False], "'aa'\n"),
    (["print('hi'); 7"], [False], "hi\n7\n"),
    (["x = ones(2,2, grad)", "y = mean(x + 2)", "backward(y)", "x.grad"], [False] * 4,
     "tensor([[0.2500, 0.2500],\n        [0.2500, 0.2500]])\n"),
    (["6 * 7", "_ + 1", "_"], [False] * 3, "42\n43\n43\n"),
    (["(1,", "2)"], [True, False], "(1, 2)\n"),
    (["[1,", "", "2]"], [True, True, False], "[1, 2]\n"),
    (["s = '''a", "b'''", "s"], [True, False, False], "'a\\nb'\n"),
    (["with torch.no_grad():", "    z = ones(1, grad) * 2", "", "z.requires_grad"],
     [True, True, False, False], "False\n"),
    (["for i in range(3):", "    print(i)", ""], [True, True, False], "0\n1\n2\n"),
    (["for i in range(2): print(i)", ""], [True, False], "0\n1\n"),
    (["if 0:", "    1", "else:", "    2", ""], [True, True, True, True, False], "2\n"),
    (["def f(x):", "    y = x * 2", "", "    return y"], [True, True, False, False], ""),
    (["def f(x):\n    y = x * 2\n\n    return y", "", "f(3)"], [True, False, False], "6\n"),
    (["", "   ", "# a comment"], [False, False, False], ""),
    (["torch.is_grad_enabled()"], [False], "True\n"),
    (["class A:", "    def f(self):", "        return 3", "", "A().f()"],
     [True, True, True, False, False], "3\n"),
    (["try:", "    1 / 0", "except ZeroDivisionError as e:", "    print('caught', e)", ""],
     [True, True, True, True, False], "caught division by zero\n"),
    (["len?"], [False], "len(obj, /)\n    The number of items in a container (a tensor's "
                        "size along its first\n        dimension).\n"),
    ([":help len"], [False], "len(obj, /)\n    The number of items in a container (a "
                             "tensor's size along its first\n        dimension).\n"),
]


@pytest.mark.parametrize("lines, more, out", CASES, ids=[" | ".join(c[0]) for c in CASES])
def test_push(seen, lines, more, out):
    assert [seen.session.push(line) for line in lines] == more
    assert seen.out == out


# (lines, the last line of stderr before gradcli's hints: the caret, when there is one)
ERRORS = [
    (["x.grad +"], "            ^"),
    (["1)"], "     ^"),
    (["undefined + 1"], "    ^^^^^^^^^"),
    # a block left without a body: its line, named in the message, and no caret (as CPython)
    (["with torch.no_grad():", ""], "    with torch.no_grad():"),
]


@pytest.mark.parametrize("lines, last", ERRORS, ids=[" | ".join(c[0]) for c in ERRORS])
def test_errors_end_the_input_and_show_a_caret(seen, lines, last):
    assert seen.push(*lines) is False
    assert seen.err.split("\nhint:")[0].splitlines()[-1] == last
    assert not seen.session.continues


def test_an_error_keeps_every_variable(seen):
    seen.push("x = ones(2, grad)", "y = x * 3", "y.backward()", "x * 2", "x.sum()")
    assert "grad can be implicitly created only for scalar outputs" in seen.err
    assert seen.out == "tensor([2., 2.], grad_fn=<MulBackward0>)\n" \
                       "tensor(2., grad_fn=<SumBackward0>)\n"
    assert set(seen.session.interpreter.globals) == {"x", "y"}


def test_an_interrupted_run_keeps_the_variables_and_the_grad_mode(seen):
    def interrupt():
        raise KeyboardInterrupt

    seen.session.interpreter.builtins["interrupt"] = interrupt
    seen.push("x = ones(2, grad)")
    with pytest.raises(KeyboardInterrupt):
        seen.push("with torch.no_grad():\n    q = x * 2\n    interrupt()\n")
    assert engine.is_grad_enabled()
    assert set(seen.session.interpreter.globals) == {"x", "q"}
    assert not seen.session.continues


@pytest.mark.parametrize("text, more", [
    ("x = 1", False),
    ("(1,", True),
    ("with torch.no_grad():", True),
    ("with torch.no_grad():\n    z = 1", True),
    ("with torch.no_grad():\n    z = 1\n    ", False),
    ("with torch.no_grad():\n", False),      # a block without a body: Python's error
    ("f(1,\n\n", True),                      # an open bracket goes on through empty lines
    (":vars", False),
    ("x = = 1", False),                      # a syntax error is complete: it is reported
])
def test_needs_more_runs_nothing(seen, text, more):
    assert seen.session.needs_more(text) is more
    assert (seen.out, seen.err, seen.session.interpreter.globals) == ("", "", {})


def test_warnings_reach_stderr_and_the_program_goes_on(seen):
    seen.push("a = ones(2, grad)", "b = a * 2", "b.grad", "1")
    assert "UserWarning: The .grad attribute of a Tensor that is not a leaf" in seen.err
    assert seen.out == "1\n"


def test_inputs_that_ran_are_kept_for_save(seen):
    seen.push("x = 1", "x +", "for i in range(2):", "    x += i", "", "nope", "x")
    assert seen.session.inputs == ["x = 1\n", "for i in range(2):\n    x += i\n", "x\n"]


@pytest.mark.parametrize("line, status", [("exit", 0), ("quit", 0), ("exit()", 0),
                                          ("quit(2)", 2), ("raise SystemExit(4)", 4)])
def test_leaving(seen, line, status):
    from gradcli.repl.command_table import Quit
    seen.session.push("x = 1")
    with pytest.raises(Quit) as leave:
        seen.session.push(line)
    assert leave.value.status == status
