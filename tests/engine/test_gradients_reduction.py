"""The rows of reduction.py, against finite differences, and the sum order against NumPy."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine import Tensor
from gradcli.engine import dtypes
from gradcli.engine.ops import FUNCTIONS
from gradcli.engine.kernels.reduction import ordered_product, ordered_sum

from .opinfo import first_derivative as _d, ANY, POS


ZERO_FIRST = Tensor(np.array([0.0, 1.0, 1.0]))


CASES = [
    ("ProdBackward0",             lambda a: a.prod(),                      [(2, 3)],       POS),
    ("ProdBackward1",             lambda a: a.prod(-1, keepdim=True),      [(2, 3)],       ANY),
    ("MaxBackward1",              lambda a: a.max(),                       [(2, 3)],       ANY),
    ("MinBackward1",              lambda a: a.min(),                       [(2, 3)],       ANY),
    ("MaxBackward0",              lambda a: a.max(1).values,               [(3, 4)],       ANY),
    ("MinBackward0",              lambda a: a.min(0, keepdim=True)[0],     [(3, 4)],       ANY),
    ("AmaxBackward0",             lambda a: a.amax((0, 2)),                [(2, 3, 2)],    ANY),
    ("AminBackward0",             lambda a: a.amin(-1, True),              [(2, 3)],       ANY),
    ("MaximumBackward0",          lambda a, b: FUNCTIONS["max"](a, b),     [(2, 3), (3,)], ANY),
    ("MinimumBackward0",          lambda a, b: a.min(b),                   [(2, 1), (3,)], ANY),
    ("VarBackward0",              lambda a: a.var(1, correction=0),        [(2, 4)],       ANY),
    ("StdBackward0",              lambda a: a.std(),                       [(2, 3)],       ANY),
    ("LinalgVectorNormBackward0", lambda a: a.norm(dim=1),                 [(2, 3)],       ANY),
    ("DistBackward0",             lambda a, b: a.dist(b, 3),               [(2, 3), (3,)], ANY),
    ("LogsumexpBackward0",        lambda a: a.logsumexp((0, 1)),           [(2, 3)],       ANY),
    ("CumsumBackward0",           lambda a: a.cumsum(1),                   [(2, 3)],       ANY),
    ("CumprodBackward0",          lambda a: a.cumprod(1),                  [(2, 3)],       ANY),
]

# the branches of one row that a single case does not reach
BRANCHES = [
    ("prod over a dim, a zero",   lambda a: (a * ZERO_FIRST).prod(1),      [(2, 3)],       POS),
    ("prod, create_graph",        _d(lambda a: a.prod(0)),                 [(3, 2)],       POS),
    ("max, create_graph",         _d(lambda a: a.max()),                   [(2, 3)],       ANY),
    ("std over dims, keepdim",    lambda a: a.std((0, 2), keepdim=True),   [(2, 2, 3)],    ANY),
    ("var, create_graph",         _d(lambda a: a.var(0)),                  [(3, 2)],       ANY),
    ("norm p=1",                  lambda a: a.norm(p=1),                   [(2, 3)],       POS),
    ("norm p=3 over dim 0",       lambda a: a.norm(p=3, dim=0),            [(3, 2)],       POS),
    ("norm p=0.5",                lambda a: a.norm(p=0.5, dim=-1),         [(2, 3)],       POS),
    ("norm p=inf",                lambda a: a.norm(p=float("inf")),        [(2, 3)],       ANY),
    ("cumsum, create_graph",      _d(lambda a: a.cumsum(0) * a),           [(3, 2)],       ANY),
    ("cumprod, a zero",           lambda a: (a * ZERO_FIRST).cumprod(1),   [(2, 3)],       ANY),
    ("cumprod, a zero, graph",    _d(lambda a: (a * ZERO_FIRST).cumprod(1)), [(2, 3)],     ANY),
    ("cumprod over dim 0, graph", _d(lambda a: a.cumprod(0) * a),          [(3, 2)],       ANY),
    ("mean over dims",            lambda a: a.mean((0, -1)),               [(2, 3, 2)],    ANY),
    ("sum to float32",            lambda a: a.sum(1, dtype=dtypes.float32), [(2, 3)],      ANY,
     1e-2),
]




def _grad_of(f, values):
    x = Tensor(np.array(values), requires_grad=True)
    f(x).backward()
    return x.grad.tolist()


@pytest.mark.parametrize("f, values, expected", [
    (lambda x: x.max(), [1.0, 3.0, 3.0, 3.0], [0.0, 1 / 3, 1 / 3, 1 / 3]),
    (lambda x: x.min(), [2.0, 2.0, 5.0], [0.5, 0.5, 0.0]),
    (lambda x: x.amax(), [4.0, 1.0, 4.0], [0.5, 0.0, 0.5]),
    (lambda x: x.max(0).values, [4.0, 1.0, 4.0], [1.0, 0.0, 0.0]),
    (lambda x: FUNCTIONS["maximum"](x, Tensor(np.array(2.0))).sum(), [1.0, 2.0, 3.0],
     [0.0, 0.5, 1.0]),
    (lambda x: x.prod(), [2.0, 0.0, 5.0], [0.0, 10.0, 0.0]),
    (lambda x: x.prod(), [0.0, 0.0, 5.0], [0.0, 0.0, 0.0]),
    (lambda x: x.norm(), [0.0, 0.0], [0.0, 0.0]),
])
def test_ties_and_zeros_share_the_gradient_as_pytorch_does(f, values, expected):
    assert _grad_of(f, values) == pytest.approx(expected)


def test_max_by_dim_returns_values_and_int64_indices():
    x = Tensor(np.array([[3.0, 7.0, 7.0], [9.0, 1.0, 4.0]], np.float32), requires_grad=True)
    values, indices = x.max(1)
    result = x.max(1)
    assert indices.tolist() == [1, 0] and indices.dtype.name == "int64"
    assert result.values.tolist() == values.tolist() == [7.0, 9.0]
    assert result[1].tolist() == result.indices.tolist()
    assert values.grad_fn.name() == "MaxBackward0" and indices.grad_fn is None
    assert repr(x.detach().min(0)) == ("torch.return_types.min(\nvalues=tensor([3., 1., 4.]),"
                                       "\nindices=tensor([0, 1, 1]))")


def _row_sum_reference(rows: list):
    """SumKernel.cpp's row_sum written out: four interleaved accumulators, the leftover rows
    into the first, then the other three (no cascade levels below 16 groups of four)."""
    parts = [np.zeros_like(rows[0])] * 4
    k = len(rows) // 4
    for i in range(4 * k):
        parts[i % 4] = parts[i % 4] + rows[i]
    total = parts[0]
    for r in rows[4 * k:]:
        total = total + r
    for p in parts[1:]:
        total = total + p
    return total


@pytest.mark.parametrize("n", [1, 3, 7, 8, 13, 40, 63, 200, 511])
def test_float32_sum_follows_pytorch_order(n):
    a = np.random.default_rng(n).standard_normal(n).astype(np.float32)
    if n < 8:
        expected = _row_sum_reference(list(a))
    else:
        # vectors of 8 lanes through row_sum, then from 0 the scalar tail and the lanes
        v = n // 8
        lanes = _row_sum_reference(list(a[:8 * v].reshape(v, 8)))
        expected = np.float32(0)
        for x in [*a[8 * v:], *lanes]:
            expected = expected + x
    assert ordered_sum(a, (0,))[0] == expected


def test_sums_over_dims_and_layouts_agree_with_numpy_to_rounding():
    a = np.random.default_rng(1).standard_normal((5, 7, 9)).astype(np.float32)
    for view in (a, a.transpose(2, 0, 1), a[:, ::2]):
        for axes in ((0,), (1, 2), (0, 2), (0, 1, 2)):
            np.testing.assert_allclose(ordered_sum(view, axes), view.sum(axes, keepdims=True),
                                       rtol=1e-5, atol=1e-5)
            np.testing.assert_allclose(ordered_product(view, axes),
                                       view.prod(axes, keepdims=True), rtol=1e-4)


def test_negative_zero_sums_to_positive_zero():
    assert not np.signbit(ordered_sum(-np.zeros(5, np.float32), (0,))[0])
