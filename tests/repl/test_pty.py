"""The REPL in a real terminal (a pty driven by pexpect), as a learner uses it."""
from __future__ import annotations

import os
import re
import time

import pytest

from ..conftest import as_foreground, gradcli_command
from ..security.test_hostile import LONG_CALLS, LONG_SETUP

pexpect = pytest.importorskip("pexpect")

# prompt_toolkit turns bracketed paste on as each prompt starts, once the terminal is raw
# (from then on typed keys reach the prompt; before it, the terminal would cook them), and off
# as the prompt ends and the input starts to run
READY, DONE = "\x1b[?2004h", "\x1b[?2004l"
TIMEOUT = 30  # generous: the machine may be busy; a passing run takes a few seconds
# seconds from the end of a prompt to the Ctrl-C that must find its line running: the REPL still
# stores and parses the line first, which on a busy machine took more than 0.1 s
RUNNING = 0.3
CONTROL = r"(?:\x1b\[[0-9;?]*[A-Za-z])*"   # what a redraw puts between characters


def on_screen(text: str):
    """`text` as the terminal receives it: whole, or in pieces with control sequences between
    them. prompt_toolkit redraws only what changed, so what it shows depends on which keys it
    had read when it drew: "x.is_le" then "af", or "x.is_leaf" at once."""
    return re.compile(CONTROL.join(map(re.escape, text)))


def spawn(state_home: str):
    command = gradcli_command()
    env = dict(os.environ, TERM="xterm-256color", NO_COLOR="1", XDG_STATE_HOME=str(state_home),
               PROMPT_TOOLKIT_NO_CPR="1", LANG="C.UTF-8")
    for name in ("LC_ALL", "COLUMNS", "LINES"):   # the size is the pty's, not a variable's
        env.pop(name, None)
    child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", timeout=TIMEOUT,
                          preexec_fn=as_foreground, dimensions=(24, 100))
    child.delaybeforesend = None  # enter() waits for the prompt instead
    child.expect_exact(READY)
    return child


def enter(child, keys: str, *shown: str) -> None:
    """Type keys, Enter; wait for each of `shown` in turn, then for the next prompt."""
    child.send(keys + "\r")
    for text in shown:
        child.expect_exact(text)
    child.expect_exact(READY)


def test_a_learners_session_then_history_in_the_next_one(tmp_path):
    """The issue's "done when", keystroke by keystroke."""
    child = spawn(tmp_path)
    enter(child, "x = ones(2,2, grad)")
    enter(child, "y = mean(x + 2)")
    enter(child, "backward(y)")
    enter(child, "x.grad", "tensor([[0.2500, 0.2500],\r\n        [0.2500, 0.2500]])")

    enter(child, "ones(2).backward()", "RuntimeError: element 0 of tensors does not require grad",
          "hint: ")
    enter(child, "print('still', x.grad.sum())", "still tensor(1.)")

    child.send("with torch.no_grad():\rz = x * 2\r\r")
    child.expect_exact(READY)
    enter(child, "print('z-grad', z.requires_grad, torch.is_grad_enabled())", "z-grad False True")

    child.send("x.is_le\t")
    child.expect(on_screen("is_leaf"))
    enter(child, "", "True")

    child.send("for i in range(10**9): q = i\r\r")
    child.expect_exact(DONE)
    time.sleep(RUNNING)  # the loop is running
    child.sendintr()
    child.expect_exact("KeyboardInterrupt")
    child.expect_exact(READY)
    enter(child, "print('counted', q > 0, x.grad.sum())", "counted True tensor(1.)")

    enter(child, "print('last-' + 'line')", "last-line")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    again = spawn(tmp_path)
    again.send("\x1b[A")
    again.expect_exact("'last-'")  # one token of print('last-' + 'line'), redrawn
    enter(again, "", "last-line")
    again.send("print('la")
    again.expect_exact("st-' + 'line')")  # suggested from history, fish-style
    enter(again, "\x1b[C", "last-line")  # Right arrow takes the suggestion
    again.sendcontrol("d")
    again.expect(pexpect.EOF)
    again.close()
    assert again.exitstatus == 0


def test_ctrl_c_stops_each_long_call_and_keeps_the_session(tmp_path):
    child = spawn(tmp_path)
    for line in LONG_SETUP.splitlines():
        enter(child, line)
    late = []
    for call in LONG_CALLS + ["i = i @ i"]:
        child.send(call + "\r")
        child.expect_exact(DONE)
        time.sleep(RUNNING)   # the call is running
        child.sendintr()
        signalled = time.monotonic()
        child.expect_exact("KeyboardInterrupt")
        child.expect_exact(READY)
        if time.monotonic() - signalled > 1.5:
            late.append((call, round(time.monotonic() - signalled, 1)))
    enter(child, "print('kept', i.shape, i.sum().item())", "kept torch.Size([2000, 2000]) 4000000")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    assert late == []
