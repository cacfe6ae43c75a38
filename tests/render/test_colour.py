"""When gradcli colours (--color, NO_COLOR, a terminal), its languages, and what that costs."""
from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from gradcli import engine, i18n
from gradcli.cli import Env, main


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(argv, environ=None, stdout=None, stderr=None):
    engine.reset()
    out, err = stdout or io.StringIO(), stderr or io.StringIO()
    status = main(argv, Env(stdin=io.StringIO(""), stdout=out, stderr=err,
                            environ=environ or {}))
    i18n.set_language("en")
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("choice, environ, terminal, colour", [
    ("auto", {}, True, True),
    ("auto", {}, False, False),
    ("auto", {"NO_COLOR": "1"}, True, False),
    ("auto", {"NO_COLOR": ""}, True, True),       # no-color.org: only a non-empty value counts
    ("auto", {"TERM": "dumb"}, True, False),
    ("always", {}, False, True),
    ("always", {"NO_COLOR": "1"}, False, True),   # the command line overrides the environment
    ("never", {}, True, False),
])
def test_when_to_colour(choice, environ, terminal, colour):
    stdout = Terminal() if terminal else io.StringIO()
    assert Env(stdout=stdout, environ=environ).colour(choice) is colour


@pytest.mark.parametrize("argv, environ, stdout", [
    (["-e", "ones(2, grad) * 2"], {}, None),
    (["--color", "never", "-e", "ones(2, grad) * 2"], {}, Terminal()),
    (["-e", "ones(2, grad) * 2"], {"NO_COLOR": "1"}, Terminal()),
])
def test_plain_output_is_pytorchs(argv, environ, stdout):
    assert run(argv, environ, stdout)[:2] == (0, "tensor([2., 2.], grad_fn=<MulBackward0>)\n")


def test_color_always_colours_a_pipe_and_keeps_its_words():
    status, out, err = run(["--color", "always", "-e", "ones(1).backward()"])
    assert status == 1
    assert "\x1b[" in err
    assert _strip(err) == run(["--color", "never", "-e", "ones(1).backward()"])[2]


PROGRAMS = [
    "x = ones(2, grad)\ny = x * 2\ny.backward()",
    "x = ones(2)\nx.gard",
    "out = 1\nouut",
    "x = ones(2, grad)\nw = x.sum()\nprint(w)\nx.grad\ngraph(w)\nw.grad",
]
SETTINGS = [(choice, environ, terminal) for choice in ("auto", "always", "never")
            for environ in ({}, {"NO_COLOR": "1"}) for terminal in (False, True)]


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.split("\n")[-1] for p in PROGRAMS])
def test_colour_changes_the_styling_never_the_words(program):
    """On a terminal or not, coloured or not: the same characters once the styles are gone.
    What a person at a terminal reads (stderr a terminal) adds gradcli's hints, nothing else."""
    seen = {}
    for choice, environ, terminal in SETTINGS:
        stdout = Terminal() if terminal else io.StringIO()
        stderr = Terminal() if terminal else io.StringIO()
        status, out, err = run(["--color", choice, "-e", program], environ, stdout, stderr)
        seen.setdefault(terminal, set()).add((status, _strip(out), _strip(err)))
    assert len(seen[False]) == 1 and len(seen[True]) == 1
    (piped,), (shown,) = seen[False], seen[True]
    assert piped[:2] == shown[:2]
    extra = [line for line in shown[2].splitlines() if line not in piped[2].splitlines()]
    assert all(line.startswith("hint: ") for line in extra)
    assert piped[2] == run(["-e", program])[2]   # PyTorch's own text, no hint


def test_a_terminal_gets_colour_and_the_same_characters():
    status, out, _ = run(["-e", "ones(2, grad) * 2"], {}, Terminal())
    assert "\x1b[36m2.\x1b[0m" in out
    assert _strip(out) == "tensor([2., 2.], grad_fn=<MulBackward0>)\n"


def _strip(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


@pytest.mark.parametrize("argv, environ, hint", [
    (["--color", "always", "-e", "ones(1).backward()"], {}, "hint: "),
    (["--color", "always", "--lang", "zh", "-e", "ones(1).backward()"], {}, "提示："),
    (["--color", "always", "-e", "ones(1).backward()"], {"LANG": "zh_CN.UTF-8"}, "提示："),
    (["--color", "always", "--lang", "en", "-e", "ones(1).backward()"],
     {"LANG": "zh_CN.UTF-8"}, "hint: "),
])
def test_lang_picks_the_language_of_gradclis_own_words(argv, environ, hint):
    err = _strip(run(argv, environ, stderr=Terminal())[2])
    assert err.splitlines()[-2].startswith("RuntimeError: element 0 of tensors does not require")
    assert err.splitlines()[-1].startswith(hint)


def test_an_unknown_language_is_a_usage_error():
    assert run(["--lang", "fr", "-e", "1"])[0] == 2


@pytest.mark.parametrize("argv", [["-e", "ones(2)*3"], ["run", "PROGRAM"]])
def test_running_a_program_imports_no_terminal_library(tmp_path, argv):
    program = tmp_path / "p.grad"
    program.write_text("x = ones(2, grad)\nprint((x * 3).sum())\nx.backward()\n")
    argv = [str(program) if a == "PROGRAM" else a for a in argv]
    code = ("import io, sys, gradcli.cli as c\n"
            f"c.main({argv!r}, c.Env(stdout=io.StringIO(), stderr=io.StringIO(), environ={{}}))\n"
            "print(' '.join(sorted(sys.modules)))")
    modules = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             check=True).stdout.split()
    assert {"rich", "prompt_toolkit", "pygments"}.isdisjoint(m.split(".")[0] for m in modules)


def test_an_attribute_typo_gets_its_close_name_on_a_terminal_only():
    program = "x = ones(2)\nx.gard"
    piped = run(["-e", program])[2]
    assert piped.splitlines()[-1] == "AttributeError: 'Tensor' object has no attribute 'gard'"
    shown = run(["--color", "never", "-e", program], stderr=Terminal())[2]
    assert shown == piped + "hint: did you mean `x.grad`?\n"
