"""kernels/pointwise.py: glibc's log1pf and expf, SLEEF's expf and logf, and SLEEF's float64 exp,
log and log1p one element at a time (a few elements) give the bits of the whole-array ports, for
values of every kind; pow gives torch's recorded bits (bits_reference.json)."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine.kernels import pointwise
from gradcli.engine.kernels.pointwise import (FEW, glibc_expf, glibc_log1pf, sleef_exp, sleef_expf,
                                              sleef_log, sleef_log1p, sleef_logf)

from .bits import case_id, cases, same_bits
from .bits_cases import backward_inputs, pow_operands, values

SPECIAL = [0.0, -0.0, 1.0, -1.0, -0.5, 0.41421, 0.41422, -0.29289, -0.2929, 1e-30, -1e-30,
           2.0 ** -29, 2.0 ** -20, 3e38, np.inf, -np.inf, np.nan, 0.25, 7.0, 1e20, -0.9999]


def test_log1pf_one_by_one_equals_the_whole_array_port():
    rng = np.random.default_rng(15)
    values = np.concatenate([
        np.array(SPECIAL, np.float32),
        rng.integers(-2 ** 31, 2 ** 31, 6000, dtype=np.int64).astype(np.int32).view(np.float32),
        rng.uniform(-1, 10, 3000).astype(np.float32),
        (rng.standard_normal(3000) * 1e-3).astype(np.float32)])
    assert values.size > FEW
    whole = glibc_log1pf(values)
    one_by_one = np.concatenate([glibc_log1pf(values[i:i + FEW])
                                 for i in range(0, values.size, FEW)])
    assert one_by_one.view(np.int32).tolist() == whole.view(np.int32).tolist()


@pytest.mark.parametrize("pair", cases("pow"), ids=case_id)
def test_pow_scalar(pair):
    case, recorded = pair
    x = values(case["shape"], case["seed"], case["dtype"], case["scale"])
    x = np.abs(x) if case["abs"] else x
    assert same_bits(pointwise.pow_scalar(x, case["exponent"]), recorded)


@pytest.mark.parametrize("pair", cases("pow_tensor"), ids=case_id)
def test_pow_tensor(pair):
    case, recorded = pair
    assert same_bits(pointwise.pow_tensor(*pow_operands(case)), recorded)


# what torch 2.13 gives for these on a vector step
@pytest.mark.parametrize("x, y, expected", [
    (0.0, -1.0, np.inf), (-0.0, -1.0, -np.inf), (-2.0, 3.0, -8.0), (-2.0, 0.5, np.nan),
    (1.0, np.nan, 1.0), (np.nan, 0.0, 1.0), (np.inf, -2.0, 0.0), (-np.inf, 3.0, -np.inf),
    (0.5, np.inf, 0.0), (-1.0, np.inf, 1.0), (2.0, -np.inf, 0.0), (-0.0, 3.0, -0.0),
    (1e30, 5.0, np.inf), (1e-30, 5.0, 0.0),
])
def test_sleef_powf_special_values(x, y, expected):
    out = pointwise.sleef_powf(np.full(32, x, np.float32), np.float32(y))
    np.testing.assert_array_equal(out, np.full(32, expected, np.float32))


EXPF_SPECIAL = [0.0, -0.0, 1.0, -1.0, 88.7, 88.8, -87.3, -103.9, -104.0, -104.1, 99.9, 100.0,
                100.1, 1e-8, -1e-8, 0.5, np.inf, -np.inf, np.nan]
LOGF_SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.75, 0.7499999, 1.5, 1.4999999, 2.0, 1e-45, 1e-40,
                1.1754944e-38, 2.5e38, 2.552e38, 2.5521178e38, 3.4028235e38, np.inf, -np.inf,
                np.nan]


def _float32_values(special: list, seed: int, lo: float, hi: float) -> np.ndarray:
    """The special values, every bit pattern's kind, and ordinary values in [lo, hi]."""
    rng = np.random.default_rng(seed)
    return np.concatenate([
        np.array(special, np.float32),
        rng.integers(-2 ** 31, 2 ** 31, 4000, dtype=np.int64).astype(np.int32).view(np.float32),
        rng.uniform(lo, hi, 4000).astype(np.float32),
        rng.uniform(-2, 2, 4000).astype(np.float32)])


@pytest.mark.parametrize("kernel, special, lo, hi", [
    (sleef_expf, EXPF_SPECIAL, -110, 110),
    (sleef_logf, LOGF_SPECIAL, 0, 1e6),
    (glibc_expf, EXPF_SPECIAL, -110, 110),
], ids=["expf", "logf", "glibc_expf"])
def test_one_by_one_equals_the_whole_array_port(kernel, special, lo, hi):
    xs = _float32_values(special, 16, lo, hi)
    with np.errstate(all="ignore"):
        whole = kernel(xs)
        one_by_one = np.concatenate([kernel(xs[i:i + FEW]) for i in range(0, xs.size, FEW)])
    assert one_by_one.view(np.int32).tolist() == whole.view(np.int32).tolist()


def test_expf_few_equals_the_array_port_where_the_reduced_argument_is_widest():
    # x = k·ln 2 ± ln 2 / 2: the polynomial's argument at its ends, where expf_one's roundings
    # by binade (_EXPF_POLY_M) have the least room; a few float32 steps either side of each
    halves = np.arange(-150, 146)[:, None] * np.log(2) + np.array([-1, 1]) * np.log(2) / 2
    bits = halves.astype(np.float32).view(np.int32).ravel()[:, None] + np.arange(-64, 65)
    xs = bits.astype(np.int32).ravel().view(np.float32)
    xs = xs[(xs >= -104) & (xs <= 100)]
    one_by_one = np.concatenate([sleef_expf(xs[i:i + FEW]) for i in range(0, xs.size, FEW)])
    assert one_by_one.view(np.int32).tolist() == sleef_expf(xs).view(np.int32).tolist()


EXP_SPECIAL = [0.0, -0.0, 1.0, -1.0, 709.7, 709.79, -745.2, -999.9, -1000.0, -1000.1, 1e300,
               -1e300, 5e-324, np.inf, -np.inf, np.nan]
LOG1P_SPECIAL = [0.0, -0.0, -1.0, -1.5, -0.9999999999, 1e-300, -1e-300, 1e307, 1.5e308,
                 1.7976931348623157e308, 0.5, 0.4999999999, np.inf, -np.inf, np.nan]
LOG_SPECIAL = [0.0, -0.0, 1.0, -1.0, 0.75, 1.5, 1.4999999999999998, 5e-324, 2.2e-308, 1.7e308,
               np.inf, -np.inf, np.nan]


@pytest.mark.parametrize("kernel, special, lo, hi", [
    (sleef_exp, EXP_SPECIAL, -760, 720),
    (sleef_log1p, LOG1P_SPECIAL, -1, 1e6),
    (sleef_log, LOG_SPECIAL, 0, 1e6),
], ids=["exp", "log1p", "log"])
def test_float64_one_by_one_equals_the_whole_array_port(kernel, special, lo, hi):
    rng = np.random.default_rng(17)
    xs = np.concatenate([np.array(special), rng.integers(0, 2 ** 64, 2000, np.uint64).view(float),
                         rng.uniform(lo, hi, 2000), rng.uniform(-2, 2, 2000)])
    with np.errstate(all="ignore"):
        whole = kernel(xs)
        one_by_one = np.concatenate([kernel(xs[i:i + FEW]) for i in range(0, xs.size, FEW)])
    assert one_by_one.view(np.int64).tolist() == whole.view(np.int64).tolist()


@pytest.mark.parametrize("pair", cases("tanh_backward"), ids=case_id)
def test_tanh_backward(pair):
    case, recorded = pair
    assert same_bits(pointwise.tanh_backward(*backward_inputs(case)), recorded)
