"""The argument table: every function and method of the op table called with arguments of the
wrong kind, as one program that prints how each call ended (shared by the test and its recorder).

The same program text runs under gradcli and under PyTorch (record_arguments.py), so each
outcome can be compared with what PyTorch printed. A call's outcome is `ok`, or its exception's
kind and message; a gradcli bug is no outcome at all: no except clause catches it, and the
program ends there with exit status 3.
"""
from __future__ import annotations

from gradcli.engine.ops import FUNCTIONAL, FUNCTIONS, METHODS

# a string and None are no kind of number or tensor; 0 is a number where a tensor belongs
WRONG = ("'s'", "None", "0")
MARK = "--- "
# one line per call (a lambda, so that each gets a fresh `a`): the program is parsed in a
# quarter of the time a block per call took
HEAD = """import torch
import torch.nn.functional as F


def check(name, call):
    print(name)
    try:
        call(torch.ones(2, 2, requires_grad=True))
        print("ok")
    except Exception as e:
        print(type(e).__name__ + ": " + str(e))


"""
CALL = "check({name!r}, lambda a: {call})\n"


# Functions whose argument checks differ from PyTorch's in order: found when torch.nn and NumPy
# landed; each is in the table again once it agrees. F.adaptive_avg_pool2d and F.avg_pool2d
# look at the input's rank before ATen does; unique's are boolean dispatches in PyTorch;
# torch.cross and linalg.cross are one function here: cross(a, a, None) takes -1, where
# torch.cross looks for a dimension of size 3 ("no dimension of size 3 in input"); normal's
# overloads are told apart by the engine; Tensor.new's data is checked as torch.tensor's
NOT_YET = {"F.adaptive_avg_pool2d", "F.avg_pool2d", "torch.unique", "torch.unique_consecutive",
           "torch.cross", "torch.normal", "a.new"}


def calls() -> list[str]:
    found = []
    for prefix, names in (("torch.", FUNCTIONS), ("F.", FUNCTIONAL)):
        for name in sorted(n for n in names if prefix + n not in NOT_YET):
            found += [f"{prefix}{name}({w})" for w in WRONG]
            found += [f"{prefix}{name}(a, {w})" for w in WRONG]
            found += [f"{prefix}{name}(a, a, {w})" for w in WRONG]
            found += [f"{prefix}{name}(a, 1, {w})" for w in WRONG]
            found += [f"{prefix}{name}(a, dtype={w})" for w in ("a", "'s'")]
    for name in sorted(n for n in METHODS if not n.startswith("__") and "a." + n not in NOT_YET):
        found += [f"a.{name}({w})" for w in WRONG]
        found += [f"a.{name}(1, {w})" for w in WRONG]
    # every operator with a value of no kind it takes
    for op in ("+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "<", "==", ">="):
        found += [f"a {op} {w}" for w in WRONG] + [f"{w} {op} a" for w in WRONG]
    return found


def program(table: list[str]) -> str:
    return HEAD + "".join(CALL.format(name=MARK + call, call=call) for call in table)


def outcomes(output: str) -> dict[str, str]:
    """Each call's outcome, from the program's output."""
    found: dict[str, list[str]] = {}
    lines: list[str] = []
    for line in output.split("\n"):
        if line.startswith(MARK):
            lines = found.setdefault(line[len(MARK):], [])
        elif found:
            lines.append(line)
    return {call: "\n".join(lines).rstrip("\n") for call, lines in found.items()}
