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
    # squeeze's dims one by one, which PyTorch's parser takes and gradcli lacks: said so
    ("torch.ones(1, 2).squeeze(1, 0)",
     "NotImplementedError: gradcli does not implement squeeze() for these arguments: (int, int)"),
    # a deprecated overload's call as PyTorch makes it fails as PyTorch's does
    ("torch.ones(2).add_(1, torch.ones(3))", "RuntimeError: The size of tensor a (2) must match "
                                             "the size of tensor b (3) at non-singleton "
                                             "dimension 0"),
])
def test_errors_the_program_earned_stay_its_own(source, error):
    r = run_cli(["-e", source])
    assert (r.status, r.error_line) == (1, error)


def _planted(module, source: str, monkeypatch):
    """The function `source` defines, compiled as if written in `module`'s file (a typo planted
    there), put in place of the module's function of that name."""
    code = compile(source, module.__file__, "exec")
    scope: dict = {}
    exec(code, vars(module), scope)
    (name, function), = scope.items()
    monkeypatch.setattr(module, name, function)


def test_a_fault_in_the_library_is_an_internal_error(monkeypatch):
    from gradcli.library.optim import sgd
    _planted(sgd, "def sgd_update(param, grad, buf, group):\n"
                  "    return group['momentun']\n", monkeypatch)
    r = run_cli(["-e", "w = torch.ones(2, requires_grad=True)\nw.sum().backward()\n"
                       "torch.optim.SGD([w], lr=0.1).step()"])
    assert (r.status, r.err.split(" (at")[0]) == (3, "gradcli: internal error: KeyError: "
                                                     "'momentun'")


def test_a_fault_in_a_facade_is_an_internal_error(monkeypatch):
    from gradcli.interpret.pymodules import statistics
    _planted(statistics, "def mode(data):\n    return statistics.mode(B.keyz(data))\n",
             monkeypatch)
    from gradcli.interpret import modules
    monkeypatch.setitem(modules.find("statistics").entries, "mode", statistics.mode)
    r = run_cli(["-e", "import statistics\nstatistics.mode([1, 1, 2])"])
    assert (r.status, r.err.split(" (at")[0]) == (
        3, "gradcli: internal error: AttributeError: module 'gradcli.interpret.builtins' has "
           "no attribute 'keyz'")


@pytest.mark.parametrize("source, error", [
    # raised by Python's library code a facade called, by a C function it called, by its raise
    ("import statistics\nstatistics.mode([])",
     "statistics.StatisticsError: no mode for empty data"),
    ("import math\nmath.factorial(-1)",
     "ValueError: factorial() not defined for negative values"),
    ("import random\nrandom.getrandbits(2_000_000)",
     "OverflowError: getrandbits() result too large for gradcli (over a million bits)"),
    # the library: PyTorch's raise, and the Python statement PyTorch's code fails at too
    ("torch.optim.SGD([], lr=0.1)", "ValueError: optimizer got an empty parameter list"),
    ("torch.optim.SGD(5, lr=0.1)", "TypeError: 'int' object is not iterable"),
])
def test_python_errors_through_the_library_and_facades_stay_the_programs(source, error):
    r = run_cli(["--traceback", "-e", source])
    assert (r.status, r.err.splitlines()[-1]) == (1, error), r.err
