"""MKL's exp and tanh (engine/kernels/vml.py) bit for bit against torch's results recorded in
vml_exp_reference.json, on every range of inputs, whole and a few elements at a time."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from gradcli.engine.kernels import vml

from .record_vml_exp import OPS, UNPORTED, digest, inputs

REFERENCE = json.loads(Path(__file__).with_name("vml_exp_reference.json").read_text())
CASES = [(op, dtype) for op in OPS for dtype in ("float32", "float64")
         if (op, dtype) not in UNPORTED]


@pytest.mark.parametrize("op, dtype", CASES)
def test_kernel_gives_torchs_bits(op: str, dtype: str) -> None:
    x = inputs(dtype)
    with np.errstate(all="ignore"):
        got = getattr(vml, op)(x)
    assert got.dtype == np.dtype(dtype)
    assert digest(got) == REFERENCE["results"][f"{op}-{dtype}"]


@pytest.mark.parametrize("op, dtype", CASES)
def test_a_few_at_a_time_give_the_same_bits(op: str, dtype: str) -> None:
    # up to vml.FEW elements go one Python float at a time (a few with an unusual one go whole)
    x = inputs(dtype)[:4000]
    kernel = getattr(vml, op)
    with np.errstate(all="ignore"):
        whole = kernel(x)
        for size in (1, 4, vml.FEW):
            few = np.concatenate([kernel(x[i:i + size]) for i in range(0, x.size, size)])
            assert digest(few) == digest(whole)


@pytest.mark.parametrize("op", OPS)
def test_shape_is_kept_and_strides_do_not_matter(op: str) -> None:
    kernel = getattr(vml, op)
    for dtype in (np.float32, np.float64):
        for n in (12, 60):   # a few at a time, and whole
            x = np.linspace(-9, 9, n, dtype=dtype).reshape(3, -1)
            assert np.array_equal(kernel(x.T), kernel(x).T)
        assert kernel(np.array(dtype(0.5))).shape == ()
        assert kernel(np.array(dtype(1e5))).shape == ()   # MKL's exact path
        assert kernel(np.zeros((0, 3), dtype)).shape == (0, 3)
