"""Checks of engine/kernels/nn.py: softmax, log_softmax and their backward kernels bit for bit
against torch's (bits_reference.json); softmax, log_softmax, gelu and gelu's oneDNN backward of
a few float32 elements, one Python float at a time, give the bits of the whole-array path, row
by row (a row's result does not depend on the others)."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine.kernels import nn
from gradcli.engine.kernels.pointwise import FEW

from .bits import case_id, cases, same_bits
from .bits_cases import backward_inputs, values

BACKWARD = {"softmax_backward": nn.softmax_backward,
            "log_softmax_backward": nn.log_softmax_backward}
FORWARD = {"softmax": nn.softmax, "log_softmax": nn.log_softmax}

ROWS = [[0.5, -0.3], [0.0, -0.0], [-0.0, 0.0], [1e30, -1e30], [3e38, -3e38], [np.inf, 1.0],
        [-np.inf, 1.0], [np.nan, 1.0], [88.0, 0.0], [-200.0, 0.0], [1e-40, 0.0]]


@pytest.mark.parametrize("pair", cases(*BACKWARD), ids=case_id)
def test_backward_matches_torch(pair):
    case, recorded = pair
    assert same_bits(BACKWARD[case["op"]](*backward_inputs(case), case.get("dim", -1)), recorded)


@pytest.mark.parametrize("pair", cases(*FORWARD), ids=case_id)
def test_forward_matches_torch(pair):
    case, recorded = pair
    x = values(case["shape"], case["seed"], case["dtype"])
    assert same_bits(FORWARD[case["op"]](x, case["dim"]), recorded)


def _rows(width: int, count: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.concatenate([rng.uniform(-9, 9, (count, width)).astype(np.float32),
                           rng.standard_normal((count, width)).astype(np.float32)])


@pytest.mark.parametrize("kernel", [nn.softmax, nn.log_softmax], ids=["softmax", "log_softmax"])
@pytest.mark.parametrize("width", [1, 2, 3, 5, 8, 15])
def test_a_few_elements_give_the_bits_of_many(kernel, width):
    rows = _rows(width, 200, width)
    if width == 2:
        rows = np.concatenate([np.array(ROWS, np.float32), rows])
    with np.errstate(all="ignore"):
        whole = kernel(rows, 1)
        few = FEW // width
        assert rows.size > FEW and few >= 1
        by_few = np.concatenate([kernel(rows[i:i + few], 1) for i in range(0, len(rows), few)])
        single = np.concatenate([kernel(row, 0)[None] for row in rows[:50]])
    assert by_few.view(np.int32).tolist() == whole.view(np.int32).tolist()
    assert single.view(np.int32).tolist() == whole[:50].view(np.int32).tolist()


@pytest.mark.parametrize("width", [1, 2, 3, 5, 8, 15])
def test_log_softmax_backward_of_a_few_elements_gives_the_bits_of_many(width):
    rng = np.random.default_rng(width)
    out = -np.abs(_rows(width, 200, width + 100))
    grad = np.concatenate([rng.standard_normal((200, width)).astype(np.float32),
                           np.zeros((100, width), np.float32),     # every sum a risky zero
                           np.ones((100, width), np.float32)])
    if width == 2:
        special = [[0.0, -0.0], [-np.inf, 0.0], [np.nan, -1.0], [-1e-40, -200.0], [-3e38, 0.0]]
        out = np.concatenate([np.array(special, np.float32), out[len(special):]])
    with np.errstate(all="ignore"):
        whole = nn.log_softmax_backward(grad, out)
        few = FEW // width
        assert out.size > FEW and few >= 1
        by_few = np.concatenate([nn.log_softmax_backward(grad[i:i + few], out[i:i + few])
                                 for i in range(0, len(out), few)])
    assert by_few.view(np.int32).tolist() == whole.view(np.int32).tolist()


GELU_SPECIAL = [0.0, -0.0, 1e-40, -1e-40, 3e38, -3e38, np.inf, -np.inf, np.nan, 5.55, -5.55,
                13.2, -13.2, 13.3, -13.3, -9.3]


@pytest.mark.parametrize("kernel", [
    lambda x: nn.gelu(x, "none"),
    lambda x: nn.onednn_gelu_backward((x.view(np.int32) % 7 - 3).astype(np.float32), x),
], ids=["gelu", "gelu_backward"])
def test_gelu_of_a_few_elements_gives_the_bits_of_many(kernel):
    # oneDNN's polynomials one element at a time, against the whole-array path; every
    # interval of |x|, both signs, zeros, subnormals, huge values, infinities and nan
    rng = np.random.default_rng(15)
    x = np.concatenate([np.array(GELU_SPECIAL, np.float32),
                        (rng.standard_normal(3000) * 2.0 ** rng.integers(-30, 4, 3000))
                        .astype(np.float32)])
    with np.errstate(all="ignore"):
        whole = kernel(x)
        assert x.size > FEW
        by_few = np.concatenate([kernel(x[i:i + FEW]) for i in range(0, x.size, FEW)])
    assert by_few.view(np.int32).tolist() == whole.view(np.int32).tolist()
