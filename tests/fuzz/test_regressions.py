"""Every failure the fuzzer found, kept as the smallest program that shows it.

A finding not fixed yet is marked `pytest.mark.xfail(strict=True, reason=...)` naming the bug;
when the fix lands the strict xfail fails, and the mark is removed. `leaks` cases are judged with the stricter checker of
`python -m tests.fuzz --leaks` (the engine's own errors passed off as the program's).
"""
from __future__ import annotations

import pytest

from .check import Checker


FINDINGS = [
    pytest.param("print(torch.ones(()).transpose(0, 0))", False, id="transpose_0d"),
    pytest.param("print(torch.tensor(0).swapaxes(0, 0))", False, id="swapaxes_0d"),
    pytest.param("print(torch.rsub(torch.ones(2), None))", False, id="rsub_none"),
    pytest.param("print(torch.ones(2).rsub({}))", False, id="rsub_dict"),
    pytest.param("print(torch.ones(2).clamp('s'))", False, id="clamp_str"),
    pytest.param("print(torch.pow(torch.ones(2), 's'))", False, id="pow_str"),
    pytest.param("print(torch.floor_divide(torch.ones(2), 's'))", False, id="floor_divide_str"),
    pytest.param("x = '\\N'", False, id="malformed_N_escape"),
    pytest.param("print(torch.abs(0))", True, id="abs_int"),
    pytest.param("a = torch.ones(2, 3)\nprint(F.linear(a, a, 0))", True, id="linear_int_bias"),
    pytest.param("print(F.one_hot(0))", True, id="one_hot_int"),
    pytest.param("a = torch.ones(3)\nprint(F.binary_cross_entropy(a, a, True))", True,
                 id="bce_bool_weight"),
    pytest.param("a = torch.tensor([True])\na -= a", True, id="bool_sub"),
    pytest.param("a = torch.tensor(0)\nt = a.roll(a, a)", False, id="roll_0d_dims"),
    pytest.param("a = torch.randn(())\na @= 0", True, id="imatmul_int"),
    pytest.param("a = torch.randn(())\na @= a.item()", True, id="imatmul_float"),
    pytest.param("a = torch.tensor(0)\nt = torch.arange(0, dtype=a)", True, id="dtype_tensor"),
    pytest.param("a = torch.randn(())\nt = torch.where(a > 0)", False, id="where_0d_condition"),
    pytest.param("a = torch.randn(())\nt = F.softplus(a, 0, 's').T", True,
                 id="softplus_str_threshold"),
    pytest.param("a = torch.randn(())\nt = F.max_pool2d(a, 0, padding=a, dilation=None)", True,
                 id="max_pool2d_none_dilation"),
    pytest.param("a = torch.\tAtensor(0)", True, id="blank_after_the_dot"),
]


@pytest.fixture(scope="module")
def checkers():
    made = {False: Checker(), True: Checker(leaks=True)}
    yield made
    for checker in made.values():
        checker.close()


@pytest.mark.parametrize("source, leaks", FINDINGS)
@pytest.mark.parametrize("mode", ["run", "session"])
def test_fuzz_finding_ends_cleanly(checkers, source, leaks, mode):
    assert checkers[leaks].check(source, mode) == []
