"""The prompt_toolkit layer, driven in-process through a pipe: Enter, indentation, Ctrl-C/D."""
from __future__ import annotations

import pytest
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.document import Document
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from gradcli.repl.app import build_prompt, loop, new_line

CTRL_C, CTRL_D = "\x03", "\x04"


def typed(seen, keys: str) -> int:
    """Type `keys` into the REPL (Enter is \\r), and return its exit status."""
    with create_pipe_input() as keyboard:
        keyboard.send_text(keys)
        return loop(build_prompt(seen.session, InMemoryHistory(), False, keyboard,
                                 DummyOutput()), seen.session)


def test_the_seed_session(seen):
    assert typed(seen, "x = ones(2,2, grad)\ry = mean(x + 2)\rbackward(y)\rx.grad\r"
                       + CTRL_D) == 0
    assert seen.out == "tensor([[0.2500, 0.2500],\n        [0.2500, 0.2500]])\n"


def test_a_block_is_indented_for_you_and_ends_on_an_empty_line(seen):
    typed(seen, "x = ones(2, grad)\rwith torch.no_grad():\rz = x * 2\rw = z + 1\r\r"
                "z.requires_grad, w.requires_grad\r" + CTRL_D)
    assert seen.out == "(False, False)\n"
    assert seen.session.inputs[1] == "with torch.no_grad():\n    z = x * 2\n    w = z + 1\n"


def test_an_open_bracket_continues_the_input(seen):
    typed(seen, "(1,\r2)\r" + CTRL_D)
    assert seen.out == "(1, 2)\n"


def test_ctrl_c_drops_the_line_and_keeps_the_variables(seen):
    typed(seen, "x = 5\rx = 6" + CTRL_C + "x\r" + CTRL_D)
    assert seen.out == "5\n"
    assert seen.err == "KeyboardInterrupt\n"


def test_an_error_keeps_the_session_going(seen):
    assert typed(seen, "x = 1\rx.backward()\rx + 1\r" + CTRL_D) == 0
    assert seen.out == "2\n"
    assert "AttributeError: 'int' object has no attribute 'backward'" in seen.err


def test_quit_leaves_with_status_0(seen):
    assert typed(seen, ":quit\r1\r") == 0
    assert seen.out == ""


@pytest.mark.parametrize("call, status, err", [
    ("sys.exit()", 0, ""), ("sys.exit(3)", 3, ""), ("sys.exit('bye')", 1, "bye\n"),
])
def test_sys_exit_ends_the_session_as_python_s(seen, call, status, err):
    assert typed(seen, f"import sys\r{call}\r1\r") == status
    assert (seen.out, seen.err) == ("", err)


@pytest.mark.parametrize("before, after", [
    ("x = 1", "x = 1\n"),
    ("for i in range(3):", "for i in range(3):\n    "),
    ("for i in range(3):  # count", "for i in range(3):  # count\n    "),
    ("    if i:", "    if i:\n        "),
    ("    q = i", "    q = i\n    "),
    ("d = {'a:'", "d = {'a:'\n"),
])
def test_a_new_line_keeps_the_indentation_and_deepens_it_after_a_colon(before, after):
    buffer = Buffer(document=Document(before))
    new_line(buffer)
    assert buffer.text == after


F3 = "\x1bOR"


def test_paste_mode_takes_a_block_with_empty_lines_as_it_is(seen):
    # without bracketed paste, a pasted function with an empty line in its body would end at
    # that line; in paste mode Enter only opens lines, and F3 again lets Enter run it all
    block = "def f(x):\r    y = x * 2\r\r    return y + 1\r\rprint(f(1))"
    assert typed(seen, F3 + block + F3 + "\r\r" + CTRL_C + CTRL_D) == 0   # Ctrl-C: never hang
    assert seen.out == "3\n"
    assert seen.session.inputs == ["def f(x):\n    y = x * 2\n\n    return y + 1\n\n"
                                   "print(f(1))\n"]
