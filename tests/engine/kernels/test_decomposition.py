"""linalg.det through getrf, equal to torch's bit for bit and in the sign of a singular
matrix's zero (det_reference.json, recorded by record_det.py)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from gradcli.engine.kernels.decomposition import det, getrf

CASES = json.loads(Path(__file__).with_name("det_reference.json").read_text())


def test_determinants_match_torch_bit_for_bit():
    wrong = []
    for case in CASES:
        a = np.array(case["data"], case["dtype"])
        if det(a.T if case["transposed"] else a).tobytes().hex() != case["det"]:
            wrong.append((len(a), case["dtype"], case["transposed"]))
    assert wrong == []


def test_a_batch_is_each_matrix_in_turn():
    rng = np.random.default_rng(3)
    batch = rng.standard_normal((2, 3, 4, 4))
    assert det(batch).tobytes() == np.array(
        [[det(np.ascontiguousarray(m)) for m in row] for row in batch]).tobytes()


@pytest.mark.parametrize("column, pivot_row", [
    ([1.0, -3.0, 3.0], 1),            # the first of equal magnitudes
    ([np.nan, 5.0, 1.0], 0),          # a NaN in first place stays the pivot
    ([1.0, np.nan, 2.0], 2),          # elsewhere a NaN is never the largest
])
def test_the_pivot_is_idamax(column, pivot_row):
    a = np.array([[c, float(i), 2.0] for i, c in enumerate(column)])
    lu, _ = getrf(a)
    assert lu[0, 1] == pivot_row
