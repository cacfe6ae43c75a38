"""Long output in a real terminal (a pty): laid out to its width, paged when taller than it."""
from __future__ import annotations

import os
import re

import pytest

from ..conftest import as_foreground, gradcli_command
from .test_pty import DONE, READY, TIMEOUT

pexpect = pytest.importorskip("pexpect")

CODES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")
NAMES = ("AddBackward0", "MulBackward0", "MeanBackward0", "AccumulateGrad", "gradcheck",
         "backward", "differences", "None", ":explain", ":graph")


def spawn(tmp_path, columns: int, pager: str):
    command = gradcli_command()
    env = dict(os.environ, TERM="xterm-256color", NO_COLOR="1", XDG_STATE_HOME=str(tmp_path),
               PROMPT_TOOLKIT_NO_CPR="1", LANG="C.UTF-8", PAGER=pager)
    for name in ("LC_ALL", "COLUMNS", "LINES"):   # the size is the pty's, not a variable's
        env.pop(name, None)
    child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=TIMEOUT,
                          preexec_fn=as_foreground, dimensions=(24, columns))
    child.delaybeforesend = None
    child.expect_exact(READY)
    return child


def shown(child, keys: str) -> list[str]:
    """Type one input; the lines it printed, without terminal codes."""
    child.send(keys + "\r")
    child.expect_exact(DONE)
    child.expect_exact(READY)
    return CODES.sub("", child.before).split("\n")


def leave(child) -> None:
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()


@pytest.mark.parametrize("columns", [80, 50])
def test_graph_explain_gradcheck_and_help_fit_the_terminal(tmp_path, columns):
    child = spawn(tmp_path, columns, "cat")   # paged through cat: all of it arrives here
    for line in ("x = ones(2, grad)", "y = x", "q = (x * x * 3).mean()"):
        shown(child, line)
    child.send("for i in range(60):\ry = y + x * 2\r\r")
    child.expect_exact(DONE)
    child.expect_exact(READY)
    outputs = {keys: shown(child, keys) for keys in (
        ":graph y", "graph(y)", ":explain q", "gradcheck(lambda t: (t * t).sum(), x)", ":help")}
    leave(child)
    for keys, lines in outputs.items():
        assert max(len(line) for line in lines) <= columns, keys
        words = [[w for w in re.split(r"[\s│├└─(),]+", line) if w] for line in lines]
        for before, after in zip(words, words[1:]):   # no name broken across two lines
            if before and after:
                joined = before[-1] + after[0]
                assert not any(n in joined and n not in before[-1] and n not in after[0]
                               for n in NAMES), \
                    (keys, before[-1], after[0])
    for keys in (":graph y", "graph(y)"):
        text = "\n".join(outputs[keys])
        assert re.search(r"… \d+ deeper nodes", text), keys
        for ref in set(re.findall(r"\[\d+\]", text)):
            first = text.index(ref)
            assert "shown above" not in text[first:first + len(ref) + columns].split("──")[0]
    assert outputs["gradcheck(lambda t: (t * t).sum(), x)"][-2] == "True"
    assert any("x is torch.float32: checked as a float64 copy" in line
               for line in outputs["gradcheck(lambda t: (t * t).sum(), x)"])


def test_output_taller_than_the_terminal_goes_through_the_pager(tmp_path):
    child = spawn(tmp_path, 80, "sed 's/^/paged: /'")
    lines = shown(child, ":help")
    assert lines[0].startswith("paged: The language") and len(lines) > 24
    assert shown(child, "help(torch)")[0].startswith("paged: module torch: ")
    assert shown(child, ":help :graph")[0] == ":graph TENSOR"   # it fits: written as it is
    assert shown(child, "help(len)")[0] == "len(obj, /)"
    leave(child)
