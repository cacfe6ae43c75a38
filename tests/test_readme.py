"""The README is executable documentation: its set-up command names what exists, and every
`$ gradcli ...` line of its console examples prints exactly what is shown under it.

(../shared/tools/check-readme does the same from a fresh clone, installing first; here the
commands run in-process, so that the suite stays fast.)"""
from __future__ import annotations

import os
import re
import shlex

import pytest

from .conftest import ROOT, run_cli

README = (ROOT / "README.md").read_text()


def console_examples() -> list[tuple[str, str]]:
    """(command, the lines shown under it) for every `$ ` line of a console block that runs
    gradcli."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", README, re.S):
        for m in re.finditer(r"^\$ (.*)\n((?:(?!\$ ).*\n)*)", block, re.M):
            if "gradcli" in m.group(1):
                found.append((m.group(1), m.group(2)))
    return found


def _argv_and_stdin(command: str) -> tuple[list[str], str]:
    """`gradcli ARGS` or `echo 'TEXT' | gradcli ARGS`, as argv and standard input."""
    stdin = ""
    if "|" in command:
        producer, _, command = command.partition("|")
        words = shlex.split(producer)
        assert words[0] == "echo", f"the README pipes something other than echo: {producer}"
        stdin = " ".join(words[1:]) + "\n"
    words = shlex.split(command)
    assert words[0] == "gradcli", f"not a gradcli command: {command}"
    return words[1:], stdin


def _plain(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


@pytest.mark.parametrize("command, shown", console_examples(),
                         ids=[c for c, _ in console_examples()])
def test_console_example(command, shown, monkeypatch):
    monkeypatch.chdir(ROOT)
    argv, stdin = _argv_and_stdin(command)
    got = run_cli(argv, stdin)
    assert _plain(got.out + got.err) == _plain(shown)


def test_set_up_runs_a_sample_that_exists():
    setup = re.search(r"^## Set up.*?(?=^## )", README, re.S | re.M).group(0)
    blocks = [b for b in re.findall(r"```(?:sh|bash|console)?\n(.*?)```", setup, re.S)
              if "pytest" not in b]
    sample = re.search(r"gradcli run (\S+)", blocks[0]).group(1)
    assert os.path.exists(ROOT / sample)
    assert run_cli(["run", str(ROOT / sample)]).status == 0


def test_the_test_command_is_what_ci_runs():
    setup = re.search(r"^## Set up.*?(?=^## )", README, re.S | re.M).group(0)
    ci = (ROOT / ".ci" / "run").read_text()
    command = next(b for b in re.findall(r"```(?:sh|bash)?\n(.*?)```", setup, re.S)
                   if "pytest" in b).strip()
    assert command.split("&& ")[-1].replace("'", "") in ci.replace("'", "")
