"""Every function and method of the op table, given arguments of the wrong kind.

Each call (and each operator) must end in one of the program's errors worded by gradcli or PyTorch: never NumPy's
words, never an AttributeError about an attribute the program did not write (an engine function
that used an argument as a tensor without checking it).
"""
from __future__ import annotations

import pytest

from gradcli.engine.ops import FUNCTIONAL, FUNCTIONS, METHODS

from .check import Checker

# a string and None are no kind of number or tensor; 0 is a number where a tensor belongs
WRONG = ("'s'", "None", "0")
PROGRAM = "a = torch.ones(2, 2, requires_grad=True)\nprint({})"


def _calls() -> list[str]:
    calls = []
    for prefix, names in (("torch.", FUNCTIONS), ("F.", FUNCTIONAL)):
        for name in sorted(names):
            calls += [f"{prefix}{name}({w})" for w in WRONG]
            calls += [f"{prefix}{name}(a, {w})" for w in WRONG]
            calls += [f"{prefix}{name}(a, a, {w})" for w in WRONG]
            calls += [f"{prefix}{name}(a, 1, {w})" for w in WRONG]
            calls += [f"{prefix}{name}(a, dtype={w})" for w in ("a", "'s'")]
    for name in sorted(n for n in METHODS if not n.startswith("__")):
        calls += [f"a.{name}({w})" for w in WRONG]
        calls += [f"a.{name}(1, {w})" for w in WRONG]
    # every operator with a value of no kind it takes
    for op in ("+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "<", "==", ">="):
        calls += [f"a {op} {w}" for w in WRONG] + [f"{w} {op} a" for w in WRONG]
    return calls


@pytest.fixture(scope="module")
def checker():
    made = Checker(leaks=True)
    yield made
    made.close()


def test_wrong_kinds_of_argument_end_cleanly(checker):
    problems = {}
    for call in _calls():
        found = checker.check(PROGRAM.format(call), "run")
        if found:
            problems[call] = found[0].splitlines()[0]
    assert problems == {}
