"""Bit-for-bit checks of engine/kernels/nn.py's softmax backward kernels against torch's
_softmax_backward_data and _log_softmax_backward_data (bits_reference.json)."""
from __future__ import annotations

import pytest

from gradcli.engine.kernels import nn

from .bits import case_id, cases, same_bits
from .bits_cases import backward_inputs

KERNELS = {"softmax_backward": nn.softmax_backward,
           "log_softmax_backward": nn.log_softmax_backward}


@pytest.mark.parametrize("pair", cases(*KERNELS), ids=case_id)
def test_matches_torch(pair):
    case, recorded = pair
    assert same_bits(KERNELS[case["op"]](*backward_inputs(case)), recorded)
