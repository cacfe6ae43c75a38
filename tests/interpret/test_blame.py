"""Whose error it is: a fault planted in the engine is reported as gradcli's bug (exit 3), never
as the program's; PyTorch's and Python's errors the program earned stay the program's."""
from __future__ import annotations

import dataclasses

import pytest

from gradcli.engine.dispatch import Rule
from gradcli.engine.ops import pointwise

from ..conftest import run_cli
from ..repl.conftest import Seen

PROGRAM = "x = torch.ones(2, requires_grad=True)\ny = (x * x).sum()\ny.backward()\nprint(x.grad)"
INTERNAL = "gradcli: internal error: KeyError: 'othr' (at line 3 of <string>; please report it"


@pytest.fixture
def typo(monkeypatch):
    """The multiply rule's derivative with a mistyped name: `node.othr` for `node.other`."""
    rules = (Rule(lambda node, g: g * node.othr, ("other",), "∂(a * b)/∂a = b"),
             pointwise.MUL.derivs[1])
    monkeypatch.setattr(pointwise, "MUL", dataclasses.replace(pointwise.MUL, derivs=rules))


@pytest.mark.parametrize("argv", [["-e", PROGRAM], ["--traceback", "-e", PROGRAM]])
def test_a_fault_in_an_engine_rule_is_an_internal_error(typo, argv):
    r = run_cli(argv)
    assert r.status == 3
    assert r.err.startswith(INTERNAL)
    assert ("Traceback (most recent call last)" in r.err) == ("--traceback" in argv)


def test_the_programs_except_clause_never_catches_it(typo):
    r = run_cli(["-e", PROGRAM.replace("y.backward()", "try:\n    y.backward()\n"
                                       "except Exception:\n    print('caught')")])
    assert (r.status, r.out) == (3, "")


def test_the_session_survives_it(typo):
    seen = Seen()
    seen.push("x = torch.ones(2, requires_grad=True)", "y = (x * x).sum()", "y.backward()")
    assert "internal error" in seen.err
    seen.push("z = x + 1", "print(z.sum().item(), x.requires_grad)")
    assert seen.out == "4.0 True\n"


@pytest.mark.parametrize("source, error", [
    ("torch.ones(2) + torch.ones(3)", "RuntimeError: The size of tensor a (2) must match the "
                                      "size of tensor b (3) at non-singleton dimension 0"),
    ("{}[1]", "KeyError: 1"),
    ("torch.ones(2).chunk('s')",
     "TypeError: chunk(): argument 'chunks' (position 1) must be int, not str"),
])
def test_errors_the_program_earned_stay_its_own(source, error):
    r = run_cli(["-e", source])
    assert (r.status, r.error_line) == (1, error)
