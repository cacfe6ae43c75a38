"""The error line a program ends with: Python's words when the value cannot be shown, NumPy's
never; the program's output is UTF-8 a terminal can read."""
from __future__ import annotations

import io

import pytest

from ..conftest import run_cli

DEEP = "t = 1\nfor i in range(990):\n    t = (t,)\n"


@pytest.mark.parametrize("source, error", [
    # Python's traceback prints this when str() of the error fails (an int past 4,300 digits)
    ("{}[7**6000]", "KeyError: <exception str() failed>"),
    ("raise ValueError(7**6000)", "ValueError: <exception str() failed>"),
    # within Python's 4,300 digits the key is shown whole, as Python shows it
    ("{}[7**5000]", "KeyError: " + str(7**5000)),
    # a key nested as deep as a program may hash one: shown whole, as Python shows it
    (DEEP + "{}[t]", "KeyError: " + "(" * 990 + "1" + ",)" * 990),
])
def test_the_error_line_is_pythons(source, error):
    r = run_cli(["-e", source])
    assert (r.status, r.err.splitlines()[-1]) == (1, error), r.err


def test_numpys_out_of_memory_words_never_show():
    r = run_cli(["--max-elements", str(10**13), "-e", "torch.ones(10**6, 10**6)"])
    assert (r.status, r.error_line) == (
        1, "MemoryError: the system refused memory this program needed (tensors are also "
           "limited to --max-elements elements each)"), r.err


@pytest.mark.parametrize("source, out, error", [
    ("print('a', end=chr(0xdc80))", "a",
     "UnicodeEncodeError: 'utf-8' codec can't encode character '\\udc80' in position 0: "
     "surrogates not allowed"),
    ("print('ok')\nprint('x', 'y' + chr(0xd800))", "ok\nx ",
     "UnicodeEncodeError: 'utf-8' codec can't encode character '\\ud800' in position 1: "
     "surrogates not allowed"),
    ("import sys\nsys.stdout.write('b' + chr(0xdfff))", "",
     "UnicodeEncodeError: 'utf-8' codec can't encode character '\\udfff' in position 1: "
     "surrogates not allowed"),
])
def test_output_that_is_no_utf8_is_refused_as_python_refuses_it(source, out, error):
    r = run_cli(["-e", source])
    assert (r.status, r.out, r.err.splitlines()[-1]) == (1, out, error)


def test_text_that_is_utf8_prints():
    r = run_cli(["-e", "print('é', chr(0x1F600), sep='\\u2028')"])
    assert (r.status, r.out) == (0, "é\u2028\U0001F600\n")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


ESCAPE = "torch.ones(2).to('\\x1b[2J\\x07x')"
BOLD = ("import torch.nn as nn\ntorch.save(nn.Linear(1, 1), 'm.pt')\ntorch.load('m.pt')")


@pytest.mark.parametrize("source, terminal, shown", [
    # a program's control characters reach a terminal escaped, as repr escapes them
    (ESCAPE, True, "RuntimeError: Invalid device string: '\\x1b[2J\\x07x'"),
    (ESCAPE, False, "RuntimeError: Invalid device string: '\x1b[2J\x07x'"),   # PyTorch's bytes
    # PyTorch's own styles stay: torch.load's bold
    (BOLD, True, "\x1b[1mdo those steps only if you trust the source of the checkpoint\x1b[0m"),
])
def test_a_terminal_sees_control_characters_escaped(source, terminal, shown):
    from gradcli import engine
    from gradcli.cli import Env, main
    engine.reset()
    err = _Terminal() if terminal else io.StringIO()
    status = main(["--color", "never", "-e", source],
                  Env(stdout=io.StringIO(), stderr=err, environ={"NO_COLOR": "1"}))
    assert status == 1 and shown in err.getvalue(), err.getvalue()
