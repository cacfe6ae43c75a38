"""math: all of Python's math module; integer results past a million bits refused, as ** is."""
from __future__ import annotations

import math

import pytest

from gradcli.interpret import modules as M

from . import python_prints


def test_every_name_of_pythons_math_is_there():
    assert sorted(M.find("math").entries) == sorted(n for n in dir(math) if not n.startswith("_"))


@pytest.mark.parametrize("expr", [
    "math.comb(5, 2), math.perm(5), math.perm(5, 2), math.factorial(20)",
    "math.gcd(12, 18, 27), math.lcm(4, 6), math.isqrt(17), math.prod([1.5, 2]), math.prod([])",
    "math.prod([2, 3], start=2), math.exp2(3), math.log1p(1e-10), math.expm1(1e-10)",
    "math.hypot(3, 4), math.degrees(math.pi), math.radians(180), math.trunc(-2.5)",
    "math.isfinite(math.inf), math.copysign(1, -0.0), math.cbrt(27), math.dist([0, 0], [3, 4])",
    "math.factorial, math.prod",
])
def test_as_python(run, expr):
    source = f"import math\nprint({expr})"
    r = run(source)
    assert (r.status, r.out, r.err) == (0, python_prints(source), "")


@pytest.mark.parametrize("expr, line", [
    ("math.factorial(10**7)", "OverflowError: factorial() result too large for gradcli (over a "
                              "million bits)"),
    ("math.comb(10**7, 5 * 10**6)", "OverflowError: comb() result too large for gradcli (over a "
                                    "million bits)"),
    ("math.perm(10**6)", "OverflowError: perm() result too large for gradcli (over a million "
                         "bits)"),
    ("math.prod(range(1, 10**6))", "OverflowError: prod() result too large for gradcli (over a "
                                   "million bits)"),
    ("math.factorial(-1)", "ValueError: factorial() not defined for negative values"),
    ("math.comb(10**7, 10**7 - 1)", ""),
])
def test_big_integers(run, expr, line):
    assert run(f"import math\nx = {expr}").error_line == line
