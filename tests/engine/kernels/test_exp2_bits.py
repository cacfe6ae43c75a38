"""torch.exp2 of float32 (engine/kernels/pointwise.py: SLEEF's xexp2f on whole steps of 32,
glibc's exp2f on the rest) bit for bit against torch's results recorded in exp2_reference.json."""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from gradcli.engine.kernels import pointwise

from .record_exp2 import SIZES, inputs
from .record_vml_exp import digest

REFERENCE = json.loads(Path(__file__).with_name("exp2_reference.json").read_text())


@pytest.mark.parametrize("size", SIZES)
def test_kernel_gives_torchs_bits(size: int) -> None:
    with np.errstate(all="ignore"):
        got = pointwise.exp2_kernel(inputs(size))
    assert got.dtype == np.float32
    assert digest(got) == REFERENCE["results"][str(size)]


def test_glibc_exp2f_a_few_at_a_time_gives_the_whole_arrays_bits() -> None:
    x = inputs(40000)
    with np.errstate(all="ignore"):
        whole = pointwise.glibc_exp2f(x)
        few = np.concatenate([pointwise.glibc_exp2f(x[i:i + 4]) for i in range(0, x.size, 4)])
    assert digest(few) == digest(whole)
