"""Bit-for-bit checks of engine/kernels/linalg.py (MKL's sgemm/sgemv/sdot as torch calls them)
against torch's results in bits_reference.json (record_bits.py records them)."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine.kernels import linalg

from .bits import case_id, cases, same_bits
from .bits_cases import bias, operand

KERNELS = {
    "mm": lambda a, b, case: linalg.mm(a, b),
    "addmm": lambda a, b, case: linalg.mm(a, b, bias(case)),
    "mv": lambda a, b, case: linalg.mv(a, b),
    "dot": lambda a, b, case: linalg.dot(a, b),
    "bmm": lambda a, b, case: linalg.bmm(a, b),
}


def _operand(case: dict, name: str) -> np.ndarray:
    _, stored_as, view = operand(case, name)
    return view(stored_as)


@pytest.mark.parametrize("pair", cases(*KERNELS), ids=case_id)
def test_matches_torch(pair):
    case, recorded = pair
    out = KERNELS[case["op"]](_operand(case, "a"), _operand(case, "b"), case)
    assert same_bits(out, recorded)


@pytest.mark.parametrize("layout, fresh, expected", [
    ("c", True, 0), ("o", False, 3 * 5),
])
def test_offset_is_the_position_in_the_allocation(layout, fresh, expected):
    _, stored_as, view = operand({"shape_a": [4, 5], "layout_a": layout, "seed": 0}, "a")
    assert linalg.offset(view(stored_as)) == expected


def test_large_products_fall_back_to_numpy():
    a = np.ones((64, 1024), np.float32)
    b = np.ones((1024, 64), np.float32)
    assert 64 * 1024 * 64 > linalg.EXACT_LIMIT
    np.testing.assert_array_equal(linalg.mm(a, b), np.full((64, 64), 1024, np.float32))


# ---- short products (k <= SHORT_K) against the kernels they stand in for ---------------------
def _random_values(rng, shape) -> np.ndarray:
    """float32 values of many magnitudes (so that another summation order shows in the bits),
    with some zeros of either sign."""
    x = np.asarray(rng.uniform(-1, 1, shape) * 2.0 ** rng.integers(-12, 12, shape))
    x[rng.random(shape) < 0.05] = -0.0
    x[rng.random(shape) < 0.05] = 0.0
    return x.astype(np.float32)


def _random_layout(rng, x: np.ndarray) -> np.ndarray:
    """x as torch could hand it over: contiguous, transposed, a few rows or columns into a
    larger matrix (off 16-byte alignment), or strided (which addmm copies first)."""
    if x.ndim == 1:
        pad = int(rng.integers(0, 4))
        return np.concatenate((np.zeros(pad, x.dtype), x))[pad:]
    layout = rng.integers(0, 5)
    if layout == 1:
        return x.T.copy().T
    if layout == 2:
        rows = int(rng.integers(1, 4))
        return np.concatenate((np.zeros((rows, x.shape[1]), x.dtype), x))[rows:]
    if layout == 3:
        cols = int(rng.integers(1, 4))
        return np.concatenate((np.zeros((x.shape[0], cols), x.dtype), x), axis=1)[:, cols:]
    if layout == 4:
        return np.repeat(x, 2, axis=1)[:, ::2]
    return x


SHORT_OPS = {
    "mm": lambda rng, m, k, n: (_random_values(rng, (m, k)), _random_values(rng, (k, n)), None),
    "addmm": lambda rng, m, k, n: (_random_values(rng, (m, k)), _random_values(rng, (k, n)),
                                   _random_values(rng, [(n,), (1, n), (m, n), ()][m % 4])),
    "mv": lambda rng, m, k, n: (_random_values(rng, (m, k)), _random_values(rng, (k,)), None),
    "dot": lambda rng, m, k, n: (_random_values(rng, (k,)), _random_values(rng, (k,)), None),
}


def _product(op: str, a, b, bias):
    if op == "mv":
        return linalg.mv(a, b)
    if op == "dot":
        return linalg.dot(a, b)
    return linalg.mm(a, b, bias)


@pytest.mark.parametrize("op", SHORT_OPS)
def test_short_products_have_the_kernels_bits(op, monkeypatch):
    # short products: the short loop, on shapes up to the FMA kernel's and every layout,
    # against the kernels the loop stands in for (SHORT_K below 0 and no IN_ORDER_UP_TO send
    # every product to them); k one past the longest in order reaches the kernels' other ways
    rng = np.random.default_rng(15)
    longest = max(linalg.IN_ORDER_UP_TO.values()) + 1 if op in ("mm", "addmm") else \
        linalg.SHORT_K
    for _ in range(400):
        m, k, n = int(rng.integers(1, 15)), int(rng.integers(0, longest + 1)), \
            int(rng.integers(1, 7))
        a, b, bias = SHORT_OPS[op](rng, m, k, n)
        a, b = _random_layout(rng, a), _random_layout(rng, b)
        short = _product(op, a, b, bias)
        with monkeypatch.context() as patch:
            patch.setattr(linalg, "SHORT_K", -1)
            patch.setattr(linalg, "IN_ORDER_UP_TO", {})
            kernels = _product(op, a, b, bias)
        assert np.asarray(short).dtype == np.asarray(kernels).dtype == np.float32
        assert np.asarray(short).tobytes() == np.asarray(kernels).tobytes(), (op, m, k, n)
