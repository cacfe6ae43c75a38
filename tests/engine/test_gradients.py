"""Every differentiable row of the op table, checked against finite differences (float64): the
cases of every gradient table (tests/engine/opinfo.py gathers them), this module's own first."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from gradcli.engine import Tensor, grad
from gradcli.engine.ops import ROWS
from gradcli.engine.ops.registry import FUNCTIONS

from . import opinfo
from .opinfo import ANY, POS, UNIT, check, leaf

# One line per case: grad_fn it must exercise, the function, the input shapes, the input domain.
# `f` takes tensors and returns a tensor; inputs are drawn in (lo, hi), away from kinks.
EYE = Tensor._make(np.eye(3))
IDX = Tensor._make(np.array([1]))
torch_atan2, addmm, addmv, baddbmm, std_mean, var_mean = (FUNCTIONS[name] for name in (
    "atan2", "addmm", "addmv", "baddbmm", "std_mean", "var_mean"))
CASES = [
    ("AddBackward0",        lambda a, b: a + b,                 [(2, 3), (3,)],     ANY),
    ("SubBackward0",        lambda a, b: a - b,                 [(2, 1), (1, 3)],   ANY),
    ("AddBackward0",        lambda a, b: a.add(b, alpha=-1.5),  [(2, 3), (3,)],     ANY),
    ("SubBackward0",        lambda a, b: a.sub(b, alpha=0.25),  [(2, 1), (1, 3)],   ANY),
    ("RsubBackward1",       lambda a: 2.5 - a,                  [(3,)],             ANY),
    ("MulBackward0",        lambda a, b: a * b,                 [(2, 3), (2, 1)],   ANY),
    ("DivBackward0",        lambda a, b: a / b,                 [(3,), (2, 3)],     POS),
    ("RemainderBackward0",  lambda a: a % 0.7,                  [(3,)],             POS),
    ("RemainderBackward1",  lambda a, b: a % b,                 [(3,), (3,)],       POS),
    ("NegBackward0",        lambda a: -a,                       [(2, 2)],           ANY),
    ("PowBackward0",        lambda a: a ** 3,                   [(4,)],             ANY),
    ("PowBackward1",        lambda a, b: a ** b,                [(3,), (3,)],       POS),
    ("PowBackward2",        lambda a: 2.0 ** a,                 [(3,)],             ANY),
    ("ExpBackward0",        lambda a: a.exp(),                  [(2, 3)],           ANY),
    ("Exp2Backward0",       lambda a: a.exp2(),                 [(3,)],             ANY),
    ("Expm1Backward0",      lambda a: a.expm1(),                [(3,)],             ANY),
    ("LogBackward0",        lambda a: a.log(),                  [(3,)],             POS),
    ("Log2Backward0",       lambda a: a.log2(),                 [(3,)],             POS),
    ("Log10Backward0",      lambda a: a.log10(),                [(3,)],             POS),
    ("Log1PBackward0",      lambda a: a.log1p(),                [(3,)],             POS),
    ("SqrtBackward0",       lambda a: a.sqrt(),                 [(3,)],             POS),
    ("RsqrtBackward0",      lambda a: a.rsqrt(),                [(3,)],             POS),
    ("ReciprocalBackward0", lambda a: a.reciprocal(),           [(3,)],             POS),
    ("SinBackward0",        lambda a: a.sin(),                  [(3,)],             ANY),
    ("CosBackward0",        lambda a: a.cos(),                  [(3,)],             ANY),
    ("TanBackward0",        lambda a: a.tan(),                  [(3,)],             UNIT),
    ("AsinBackward0",       lambda a: a.asin(),                 [(3,)],             UNIT),
    ("AcosBackward0",       lambda a: a.acos(),                 [(3,)],             UNIT),
    ("AtanBackward0",       lambda a: a.atan(),                 [(3,)],             ANY),
    ("SinhBackward0",       lambda a: a.sinh(),                 [(3,)],             ANY),
    ("CoshBackward0",       lambda a: a.cosh(),                 [(3,)],             ANY),
    ("TanhBackward0",       lambda a: a.tanh(),                 [(3,)],             ANY),
    ("SigmoidBackward0",    lambda a: a.sigmoid(),              [(3,)],             ANY),
    ("ErfBackward0",        lambda a: a.erf(),                  [(3,)],             ANY),
    ("ReluBackward0",       lambda a: a.relu(),                 [(3,)],             POS),
    ("AbsBackward0",        lambda a: a.abs(),                  [(3,)],             POS),
    ("SignBackward0",       lambda a: a.sign() * a,             [(3,)],             POS),
    ("SgnBackward0",        opinfo.first_derivative(abs),       [(3,)],             POS),
    ("TruncBackward0",      lambda a: a.trunc() + a,            [(3,)],             POS),
    ("FloorBackward0",      lambda a: a.floor() + a,            [(3,)],             POS),
    ("CeilBackward0",       lambda a: a.ceil() + a,             [(3,)],             POS),
    ("RoundBackward0",      lambda a: a.round() + a,            [(3,)],             POS),
    ("RoundBackward1",      lambda a: a.round(decimals=1) + a,  [(3,)],             POS),
    ("FracBackward0",       lambda a: a.frac(),                 [(3,)],             POS),
    ("SumBackward0",        lambda a: a.sum(),                  [(2, 3)],           ANY),
    ("SumBackward1",        lambda a: a.sum(1, keepdim=True),   [(2, 3)],           ANY),
    ("MeanBackward0",       lambda a: a.mean(),                 [(2, 3)],           ANY),
    ("MeanBackward1",       lambda a: a.mean((0, 2)),           [(2, 3, 2)],        ANY),
    ("ViewBackward0",       lambda a: a.view(3, 2),             [(2, 3)],           ANY),
    ("UnsafeViewBackward0", lambda a: a.t().reshape(6),         [(2, 3)],           ANY),
    ("ReshapeAliasBackward0", lambda a: a[:, 0].reshape(3, 1),  [(3, 2)],           ANY),
    ("CloneBackward0",      lambda a: a.clone(),                [(2, 3)],           ANY),
    ("ExpandBackward0",     lambda a: a.expand(4, 3),           [(3,)],             ANY),
    ("UnsqueezeBackward0",  lambda a: a.unsqueeze(1),           [(3,)],             ANY),
    ("SqueezeBackward0",    lambda a: a.squeeze(),              [(1, 3, 1)],        ANY),
    ("SqueezeBackward1",    lambda a: a.squeeze(0),             [(1, 3)],           ANY),
    ("SqueezeBackward2",    lambda a: a.squeeze((0, 2)),        [(1, 3, 1)],        ANY),
    ("SqueezeBackward4",    lambda a, b: a @ b,                 [(2,), (2, 3)],     ANY),
    ("TransposeBackward0",  lambda a: a.transpose(0, 2),        [(2, 3, 4)],        ANY),
    ("TransposeBackward0",  lambda a: a.transpose(-1, -1),      [()],               ANY),
    ("TBackward0",          lambda a: a.t(),                    [(2, 3)],           ANY),
    ("UnsqueezeBackward1",  lambda a: (a * 1).unsqueeze_(1),    [(3,)],             ANY),
    ("SqueezeBackward3",    lambda a: (a * 1).squeeze_(),       [(1, 3, 1)],        ANY),
    ("SqueezeBackward4",    lambda a: (a * 1).squeeze_(0),      [(1, 3)],           ANY),
    ("SqueezeBackward5",    lambda a: (a * 1).squeeze_((0, 2)), [(1, 3, 1)],        ANY),
    ("TransposeBackward1",  lambda a: (a * 1).transpose_(0, 2), [(2, 3, 4)],        ANY),
    ("TBackward1",          lambda a: (a * 1).t_(),             [(2, 3)],           ANY),
    ("PermuteBackward0",    lambda a: a.permute(2, 0, 1),       [(2, 3, 4)],        ANY),
    ("MmBackward0",         lambda a, b: a @ b,                 [(2, 3), (3, 4)],   ANY),
    ("MvBackward0",         lambda a, b: a @ b,                 [(2, 3), (3,)],     ANY),
    ("DotBackward0",        lambda a, b: a @ b,                 [(3,), (3,)],       ANY),
    ("TraceBackward0",      lambda a: a.trace() * a,            [(2, 3)],           ANY),
    ("BmmBackward0",        lambda a, b: a.bmm(b),              [(2, 2, 3), (2, 3, 2)], ANY),
    # a matrix kept far from singular: the identity's multiple plus a small one
    ("LinalgInvExBackward0", lambda a: (a + 4 * EYE).inverse(), [(3, 3)],          ANY),
    ("LinalgInvExBackward0", lambda a: (a + 4 * EYE).inverse(), [(2, 3, 3)],       ANY),
    ("LinalgDetBackward0",  lambda a: (a + 4 * EYE).det(),      [(3, 3)],           ANY),
    ("LinalgDetBackward0",  lambda a: (a + 4 * EYE).det(),      [(2, 3, 3)],        ANY),
    ("LinalgSolveExBackward0", opinfo.first_derivative(lambda a: (a + 4 * EYE).det()),
     [(2, 3, 3)], ANY),
    ("LinalgCrossBackward0", lambda a, b: a.cross(b, dim=-1),   [(2, 3), (1, 3)],   ANY),
    # random matrices have distinct singular values; each vector's sign is locally constant
    ("LinalgSvdBackward0",  lambda a: _svd(a, False)[1],        [(4, 3)],           ANY),
    ("LinalgSvdBackward0",  lambda a: _svd(a, False)[0],        [(4, 2)],           ANY),
    ("LinalgSvdBackward0",  lambda a: _svd(a, False)[2],        [(2, 4)],           ANY),
    ("LinalgSvdBackward0",  lambda a: _svd(a, True)[0] * 2 + _svd(a, False)[2].sum(), [(3, 3)], ANY),
    ("LinalgSvdBackward0",  lambda a: _svd(a, True)[2][..., :2, :], [(2, 2, 3)],   ANY),
    ("LinalgSvdBackward0",  lambda a: opinfo.first_derivative(lambda x: _svd(x, False)[0])(a),
     [(3, 2)], ANY),
    # float32 in the middle: the finite difference must be coarse enough to survive it
    ("ToCopyBackward0",     lambda a: a.float().double() * 1,   [(3,)],             ANY, 1e-2),
    ("WhereBackward0",      lambda a, b: _where(a, b),          [(2, 3), (3,)],     ANY),
    ("MaskedFillBackward0", lambda a: a.masked_fill(a > 0, 0.5), [(2, 3)],          ANY),
    ("MaskedFillBackward1", lambda a, v: a.masked_fill(a > 0, v), [(2, 3), ()],     ANY),
    ("ZeroBackward0",       lambda a: (a * 1).zero_() + a,      [(3,)],             ANY),
    ("FillBackward2",       lambda a: (a * 1).fill_(2.0) * a,   [(3,)],             ANY),
    ("SortBackward0",       lambda a: a.sort(0).values * a,     [(3, 2)],           ANY),
    ("Atan2Backward0",      lambda a, b: torch_atan2(a, b),    [(2, 3), (3,)],     ANY),
    ("MedianBackward0",     lambda a: a.median() * a,           [(5,)],             ANY),
    ("MedianBackward1",     lambda a: a.median(1).values,       [(2, 3)],           ANY),
    ("NanmedianBackward0",  lambda a: a.nanmedian() * a,        [(4,)],             ANY),
    ("NanmedianBackward1",  lambda a: a.nanmedian(0, True)[0],  [(3, 2)],           ANY),
    ("ModeBackward0",       lambda a: a.mode(0).values * 2,     [(3, 2)],           ANY),
    ("KthvalueBackward0",   lambda a: a.kthvalue(2, 1).values,  [(2, 3)],           ANY),
    ("IndexCopyBackward0",  lambda a, b: a.index_copy(0, IDX, b), [(3, 2), (1, 2)],  ANY),
    ("IndexFillBackward0",  lambda a: a.index_fill(0, IDX, 2.0) * a, [(3, 2)],       ANY),
    ("IndexAddBackward0",   lambda a, b: a.index_add(0, IDX, b, alpha=2.5), [(3, 2), (1, 2)], ANY),
    ("ScatterAddBackward0", lambda a, b: a.scatter_add(0, IDX, b), [(3,), (1,)],   ANY),
    ("MaskedScatterBackward0", lambda a, b: a.masked_scatter(a > 0, b), [(2, 3), (6,)], ANY),
    ("AddmmBackward0",      lambda a, b, c: addmm(a, b, c, beta=0.5, alpha=-2), [(2,), (3, 4),
                                                                             (4, 2)], ANY),
    ("AddmvBackward0",      lambda a, b, c: addmv(a, b, c, beta=2, alpha=0.5), [(3,), (3, 4),
                                                                            (4,)], ANY),
    ("BaddbmmBackward0",    lambda a, b, c: baddbmm(a, b, c, alpha=3), [(2, 2), (2, 2, 3),
                                                                     (2, 3, 2)], ANY),
    ("Rad2DegBackward0",    lambda a: a.rad2deg(),              [(3,)],             ANY),
    ("Deg2RadBackward0",    lambda a: a.deg2rad(),              [(3,)],             ANY),
    ("StdMeanBackward0",    lambda a: std_mean(a, 1)[0] * std_mean(a, 1)[1], [(2, 3)], ANY),
    ("VarMeanBackward0",    lambda a: var_mean(a)[0] + var_mean(a)[1] * 2, [(2, 3)], ANY),
    ("AminmaxBackward0",    lambda a: a.aminmax(dim=0)[0] - a.aminmax(dim=0)[1], [(3, 2)], ANY),
    ("TopkBackward0",       lambda a: a.topk(2, 0).values * a[1:], [(3, 2)],        ANY),
    ("torch::autograd::CopyBackwards", lambda a, b: (a * 1).copy_(b) * a, [(3,), (3,)], ANY),
]


def _svd(a, full_matrices):
    from gradcli.engine.ops import LINALG
    return LINALG["svd"](a, full_matrices=full_matrices)


def _where(a, b):
    from gradcli.engine.ops import FUNCTIONS
    return FUNCTIONS["where"](a > 0, a, b)


ROWS_CHECKED, BRANCHES_CHECKED = opinfo.cases("CASES"), opinfo.cases("BRANCHES")


@pytest.mark.parametrize("case", ROWS_CHECKED, ids=opinfo.ids(ROWS_CHECKED))
def test_gradient(case):
    rng = np.random.default_rng(0)
    inputs = opinfo.inputs(case, rng)
    seen = {n.name() for n in opinfo.nodes(case.f(*inputs))}
    assert case.grad_fn in seen, f"{case.grad_fn} not produced; got {sorted(seen)}"
    check(case.f, inputs, rng, case.eps)


@pytest.mark.parametrize("case", BRANCHES_CHECKED, ids=opinfo.ids(BRANCHES_CHECKED))
def test_branch(case):
    rng = np.random.default_rng(0)
    check(case.f, opinfo.inputs(case, rng), rng, case.eps)


def test_every_differentiable_row_has_a_gradient_case():
    covered = set(opinfo.ids(opinfo.cases("CASES", "ZERO_CASES")))
    # PyTorch's NotImplemented nodes have no derivative to check
    missing = sorted(n for n in ROWS if n not in covered and not n.endswith("NotImplemented"))
    assert not missing, f"rows without a gradient case: {missing}"


# ---- broadcasting, drawn by hypothesis -------------------------------------------------------
BINARY = [lambda a, b: a + b, lambda a, b: a - b, lambda a, b: a * b, lambda a, b: a / b]


@settings(max_examples=25, deadline=None)
@given(shapes=hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=3),
       which=st.integers(0, len(BINARY) - 1), seed=st.integers(0, 2 ** 16))
def test_broadcast_gradients_sum_back_to_each_input(shapes, which, seed):
    rng = np.random.default_rng(seed)
    inputs = [leaf(s, *POS, rng) for s in shapes.input_shapes]
    check(BINARY[which], inputs, rng)


# ---- second order, through create_graph ------------------------------------------------------
SECOND = [
    ("x**3",  lambda x: (x ** 3).sum()),
    ("exp*sin", lambda x: (x.exp() * x.sin()).sum()),
    ("tanh",  lambda x: x.tanh().sum()),
    ("log/x", lambda x: (x.log() / x).sum()),
    ("sigmoid", lambda x: x.sigmoid().sum()),
]


@pytest.mark.parametrize("name, f", SECOND, ids=[s[0] for s in SECOND])
def test_second_derivative(name, f):
    rng = np.random.default_rng(1)
    x = leaf((4,), *POS, rng)

    def first(x):
        (g,) = grad(f(x), x, create_graph=True)
        return g

    assert first(x).grad_fn is not None
    check(first, [x], rng)
