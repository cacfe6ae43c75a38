"""Sums and 2-norms of small tensors, in every layout and over every set of dims, equal to
torch's bit for bit (sums_reference.json, recorded by record_sums.py): the short cuts that
kernels/reduction.py takes for few terms give the bits the full summation order gives;
logsumexp equal to torch's (bits_reference.json)."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from gradcli.engine.kernels.reduction import logsumexp, ordered_sum, vector_norm

from .bits import case_id, cases, same_bits
from .bits_cases import values

CASES = json.loads(Path(__file__).with_name("sums_reference.json").read_text())


def _layout(case) -> tuple:
    a = np.array(case["data"], case["dtype"]).reshape(case["shape"]).transpose(case["perm"])
    return a, tuple(case["axes"]) or tuple(range(a.ndim))


@pytest.mark.parametrize("kernel, key", [(ordered_sum, "sum"),
                                         (lambda a, axes: vector_norm(a, 2, axes), "norm")],
                         ids=["sum", "norm"])
def test_small_reductions_match_torch_bit_for_bit(kernel, key):
    wrong = []
    for case in CASES:
        a, axes = _layout(case)
        if kernel(a, axes).tobytes().hex() != case[key]:
            wrong.append((case["shape"], case["perm"], case["dtype"], case["axes"]))
    assert wrong == []


@pytest.mark.parametrize("pair", cases("logsumexp"), ids=case_id)
def test_logsumexp_matches_torch(pair):
    case, recorded = pair
    x = values(case["shape"], case["seed"], case["dtype"])
    assert same_bits(logsumexp(x, (case["dim"],)), recorded)


SPECIAL = [0.0, -0.0, np.inf, -np.inf, np.nan, 3e38, -2e19, 1e-30, 1e-45, 1.5e154, 1e-300]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", range(1, 16))
def test_a_short_norm_gives_the_bits_of_a_row_of_many(dtype, n):
    """One short run (Python floats) against the same values as rows of a matrix (NumPy)."""
    rng = np.random.default_rng(n)
    rows = np.concatenate([rng.standard_normal((300, n)) * 10.0 ** rng.integers(-3, 8, (300, n)),
                           rng.choice(SPECIAL, (300, n))]).astype(dtype)
    with np.errstate(all="ignore"):
        whole = vector_norm(rows, 2, (1,)).reshape(-1)
        one_by_one = np.concatenate([vector_norm(row, 2, (0,)) for row in rows])
    assert one_by_one.tobytes().hex() == whole.tobytes().hex()
