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
