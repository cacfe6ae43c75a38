"""A derivative marked `arrays` gives, on NumPy arrays, the very bits it gives on tensors.

A backward that records no graph runs such rules on arrays (engine/backward.py); one that
records a graph runs them on tensors. Both must agree exactly, for every marked rule, in float32
and float64, for 0-d, broadcast and Python-number operands.
"""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine import Tensor, grad
from gradcli.engine.backward import _CURRENT, _SAVED
from gradcli.engine.dispatch import apply
from gradcli.engine.ops import ROWS

ARRAY_ROWS = sorted(name for name, op in ROWS.items() if any(d and d.arrays for d in op.derivs))
# shapes of the operands: same shapes, broadcasting, 0-d, and a Python number as the second
OPERANDS = [((5,), (5,)), ((2, 3), (3,)), ((), ()), ((4,), 1.75), ((3,), 3)]
# every marked row with every operand spec it takes (a one-input row: the first shape only)
CASES = sorted({(name, ops[:len(ROWS[name].args)]) for name in ARRAY_ROWS for ops in OPERANDS
                if len(ROWS[name].args) == 2 or isinstance(ops[1], tuple)})
PARAMS = {"RsubBackward1": {"other": 2.5}}   # rows with non-tensor arguments of their own


def _inputs(op, operands, dtype, rng):
    made = []
    for spec in operands:
        if isinstance(spec, (int, float)):
            made.append(spec)
        else:
            # positive and away from 0 and 1: every marked rule's domain (log, sqrt, 1/x)
            values = rng.uniform(0.3, 0.9, spec).astype(dtype)
            made.append(Tensor._make(values, None, True))
    return made


def _call(op, inputs):
    return apply(op, tuple(inputs), PARAMS.get(op.grad_fn))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name, operands", CASES, ids=[f"{n}-{o}" for n, o in CASES])
def test_array_rule_matches_its_tensor_rule(name, operands, dtype):
    op = ROWS[name]
    rng = np.random.default_rng(abs(hash((name, str(operands)))) % 2**32)
    out = _call(op, _inputs(op, operands, dtype, rng))
    node = out.grad_fn
    assert node is not None and node.op is op
    g = rng.uniform(-2, 2, out._data.shape).astype(out._data.dtype)
    _CURRENT[0] = node
    for i, d in enumerate(op.derivs):
        if not (d and d.arrays and node.needs[i]):
            continue
        on_tensors = d.fn(node, Tensor._make(g))._data
        on_arrays = np.asarray(d.fn(_SAVED, g))
        assert on_arrays.dtype == on_tensors.dtype, (name, i)
        assert on_arrays.shape == on_tensors.shape, (name, i)
        assert on_arrays.tobytes() == on_tensors.tobytes(), (name, i)


def test_backward_with_and_without_a_graph_agree():
    # the whole pass: arrays when no graph is recorded, tensors under create_graph
    rng = np.random.default_rng(0)
    w = Tensor._make(rng.uniform(-1, 1, 8).astype(np.float32), None, True)
    b = Tensor._make(rng.uniform(-1, 1, 8).astype(np.float32), None, True)
    h = Tensor._make(np.zeros(8, np.float32))
    for _ in range(20):
        h = (h * w + b).tanh() / 1.5 - (h * 0.25).exp() * 0.1 + (2 - h).log()
    loss = h.sum()
    plain = grad(loss, (w, b), retain_graph=True)
    graphed = grad(loss, (w, b), create_graph=True)
    for a, c in zip(plain, graphed):
        assert a._data.tobytes() == c._data.tobytes()
