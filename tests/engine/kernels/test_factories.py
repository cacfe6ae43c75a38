"""Bit-for-bit checks of engine/kernels/factories.py (linspace, arange) against torch."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine.kernels import factories

from .bits import case_id, cases, same_bits


@pytest.mark.parametrize("pair", cases("linspace"), ids=case_id)
def test_linspace(pair):
    case, recorded = pair
    start, end, steps = case["args"]
    assert same_bits(factories.linspace(start, end, steps, np.dtype(case["dtype"])), recorded)


@pytest.mark.parametrize("pair", cases("arange"), ids=case_id)
def test_arange(pair):
    case, recorded = pair
    start, end, step = case["args"]
    count = int(np.ceil((end - start) / step))
    assert same_bits(factories.arange(start, step, count, np.dtype(case["dtype"])), recorded)
