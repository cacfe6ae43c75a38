"""The rows of nn.py and pointwise.py's bounds and extra arithmetic, against finite differences."""
from __future__ import annotations

import math
import warnings
from types import SimpleNamespace

import numpy as np
import pytest

from gradcli.engine import Tensor, grad
from gradcli.engine.ops import FUNCTIONAL, FUNCTIONS
from gradcli.engine.kernels.pointwise import glibc_log1pf, sleef_expf, sleef_log1pf, sleef_logf

from .opinfo import first_derivative as _d, ANY, POS, UNIT

F = SimpleNamespace(**FUNCTIONAL)
T = SimpleNamespace(**FUNCTIONS)
PROB = (0.05, 0.95)


def _bce_slope(a, b):
    """∂Σbce(a, b)²/∂a, kept differentiable: binary_cross_entropy_backward's three inputs (its
    grad_output 2·bce, a and the target b) all depend on a and b."""
    (g,) = grad((F.binary_cross_entropy(a, b, reduction="none") ** 2).sum(), a,
                create_graph=True)
    return g


def _long(*values) -> Tensor:
    return Tensor(np.array(values, np.int64))


CASES = [
    ("ClampBackward1",        lambda a: a.clamp(-1, 1),                          [(2, 3)], ANY),
    ("ClampBackward0",        lambda a, lo, hi: a.clamp(lo, hi),       [(2, 3), (3,), (2, 1)], ANY),
    ("ClampMinBackward0",     lambda a: a.clamp_min(0.5),                        [(4,)], ANY),
    ("ClampMinBackward1",     lambda a, b: a.clamp_min(b),                 [(2, 3), (3,)], ANY),
    ("ClampMaxBackward0",     lambda a: T.clamp_max(a, -0.5),                    [(4,)], ANY),
    ("ClampMaxBackward1",     lambda a, b: a.clamp_max(b),                 [(3,), (2, 3)], ANY),
    ("MaximumBackward0",      lambda a, b: T.maximum(a, b),                [(2, 3), (3,)], ANY),
    ("MinimumBackward0",      lambda a, b: T.minimum(a, b),                [(2, 3), (3,)], ANY),
    ("FmodBackward0",         lambda a: T.fmod(a, 0.7),                          [(4,)], ANY),
    ("FmodBackward1",         lambda a, b: T.fmod(a, b),                     [(3,), (3,)], POS),
    ("LerpBackward0",         lambda a, b: T.lerp(a, b, 0.3),              [(2, 3), (3,)], ANY),
    ("LerpBackward1",         lambda a, b, w: T.lerp(a, b, w),       [(3,), (3,), (2, 3)], ANY),
    ("AddcmulBackward0",      lambda a, b, c: T.addcmul(a, b, c, value=0.5), [(2, 3), (3,), (2, 1)],
     ANY),
    ("AddcdivBackward0",      lambda a, b, c: T.addcdiv(a, b, c, value=-2),  [(3,), (2, 3), (3,)],
     POS),
    ("HypotBackward0",        lambda a, b: T.hypot(a, b),                  [(2, 3), (3,)], POS),
    ("HardtanhBackward0",     lambda a: F.hardtanh(a, -0.5, 1.5),                [(2, 3)], ANY),
    ("LeakyReluBackward0",    lambda a: F.leaky_relu(a, 0.2),                    [(2, 3)], ANY),
    ("LeakyReluBackward1",    lambda a: F.leaky_relu(a * 1, 0.2, inplace=True),  [(2, 3)], ANY),
    ("EluBackward0",          lambda a: F.elu(a, alpha=0.7),                     [(2, 3)], ANY),
    ("EluBackward1",          lambda a: F.elu(a * 1, inplace=True),              [(2, 3)], ANY),
    ("GeluBackward0",         lambda a: F.gelu(a),                               [(2, 3)], ANY),
    ("SiluBackward0",         lambda a: F.silu(a),                               [(2, 3)], ANY),
    ("SoftplusBackward0",     lambda a: F.softplus(a, beta=2, threshold=3),      [(2, 3)], ANY),
    ("LogSigmoidBackward0",   lambda a: F.logsigmoid(a),                         [(2, 3)], ANY),
    ("SoftmaxBackward0",      lambda a: F.softmax(a, dim=1),                  [(2, 3, 2)], ANY),
    ("LogSoftmaxBackward0",   lambda a: a.log_softmax(-1),                       [(2, 3)], ANY),
    ("SoftmaxBackwardDataBackward0", _d(lambda a: F.softmax(a, dim=1)),          [(2, 3)], ANY),
    ("LogSoftmaxBackwardDataBackward0", _d(lambda a: a.log_softmax(-1)),         [(2, 3)], ANY),
    ("TanhBackwardBackward0", _d(lambda a: a.tanh()),                            [(3,)],   ANY),
    ("SigmoidBackwardBackward0", _d(lambda a: a.sigmoid()),                      [(3,)],   ANY),
    ("ThresholdBackwardBackward0", _d(lambda a: (a * a).relu()),                 [(3,)],   ANY),
    ("LeakyReluBackwardBackward0", _d(lambda a: F.leaky_relu(a * a, 0.2)),       [(3,)],   ANY),
    ("EluBackwardBackward0",  _d(lambda a: F.elu(a, alpha=0.7)),                 [(2, 3)], ANY),
    ("HardtanhBackwardBackward0", _d(lambda a: F.hardtanh(a * a, -0.5, 1.5)),    [(3,)],   ANY),
    ("LogSigmoidBackwardBackward0", _d(lambda a: F.logsigmoid(a)),               [(2, 3)], ANY),
    ("SoftplusBackwardBackward0", _d(lambda a: F.softplus(a, beta=2, threshold=3)), [(2, 3)], ANY),
    ("GeluBackwardBackward0", _d(lambda a: F.gelu(a, approximate="tanh")),       [(2, 3)], ANY),
    ("EmbeddingBackward0",    lambda w: F.embedding(_long(2, 0, 2, 3), w),       [(4, 3)], ANY),
    ("EmbeddingBackward0",    lambda w: F.embedding(_long(1, 1, 0, 2).view(2, 2), w), [(3, 2)], ANY),
    ("EmbeddingDenseBackwardBackward0",
     _d(lambda w: (F.embedding(_long(2, 0, 2), w) ** 2).sum()),  [(3, 2)], ANY),
    ("NllLossBackward0",      lambda a: F.nll_loss(a, _long(0, 2, 1)),           [(3, 4)], ANY),
    ("NllLossBackwardBackward0", _d(lambda a: F.nll_loss(a * a, _long(0, 2, 1)) ** 2),
     [(3, 4)], ANY),
    ("MseLossBackward0",      lambda a, b: F.mse_loss(a, b),             [(2, 3), (2, 3)], ANY),
    ("SmoothL1LossBackward0", lambda a, b: F.smooth_l1_loss(a, b, beta=0.5),
     [(2, 3), (2, 3)], ANY),
    ("SmoothL1LossBackwardBackward0", _d(lambda a: F.smooth_l1_loss(a, a * a - 0.5,
                                                                    beta=0.5)), [(2, 3)], ANY),
    ("MseLossBackwardBackward0", _d(lambda a: F.mse_loss(a, a * a - 0.5)),         [(2, 3)], ANY),
    ("HuberLossBackwardBackward0", _d(lambda a: F.huber_loss(a, a * a - 0.5, delta=0.5,
                                                             reduction="sum")), [(2, 3)], ANY),
    ("HuberLossBackward0",    lambda a, b: F.huber_loss(a, b, delta=0.5), [(2, 3), (2, 3)], ANY),
    ("BinaryCrossEntropyBackward0", lambda a, b: F.binary_cross_entropy(a, b),
     [(2, 3), (2, 3)], PROB),
    ("BinaryCrossEntropyBackwardBackward0", _bce_slope,              [(2, 3), (2, 3)], PROB),
    ("BinaryCrossEntropyWithLogitsBackward0",
     lambda a, b: F.binary_cross_entropy_with_logits(a, b),          [(2, 3), (2, 3)], ANY),
    ("AddmmBackward0",        lambda x, w, b: F.linear(x, w, b),    [(4, 3), (2, 3), (2,)], ANY),
    ("DivBackward2",          lambda a, b: a.div(b, rounding_mode="floor") + a * b,
     [(2, 3), (3,)], POS),
    ("MulBackward1",          lambda a: F.cross_entropy(a, _long(0, 2), label_smoothing=0.2),
     [(2, 3)], ANY),
    ("DivBackward1",          lambda a, b: F.cross_entropy(a, b.softmax(1)), [(2, 3), (2, 3)],
     ANY),
    ("NormBackward1",         lambda a, b: F.pairwise_distance(a, b, 3.0), [(2, 3), (3,)], ANY),
    ("AddBackward1",          lambda a, b: F.pairwise_distance(a, b, 1.5, keepdim=True),
     [(2, 3), (2, 3)], ANY),
]

# the branches of one row that a single case does not reach
W = Tensor(np.array([0.5, 2.0, 1.5]))
BRANCHES = [
    ("in-place leaky_relu, create_graph",
     _d(lambda a: F.leaky_relu(a * a - 0.5, 0.2, inplace=True)), [(2, 3)], ANY),
    ("in-place elu, create_graph", _d(lambda a: F.elu(a * a - 0.5, alpha=0.7, inplace=True)),
     [(2, 3)], ANY),
    ("clamp, bounds crossed",     lambda a, lo: a.clamp(lo, lo - 1),          [(3,), (3,)], ANY),
    ("clamp, create_graph",       _d(lambda a: a.clamp(-1, 1) * a),           [(2, 3)],     ANY),
    ("maximum, create_graph",     _d(lambda a: T.maximum(a, a * a)),          [(4,)],       ANY),
    ("gelu tanh",                 lambda a: F.gelu(a, approximate="tanh"),    [(2, 3)],     ANY),
    ("gelu, create_graph",        _d(F.gelu),                                 [(2, 3)],     ANY),
    ("softplus over threshold",   lambda a: F.softplus(a * 10, threshold=5),  [(2, 3)],     ANY),
    ("softmax, create_graph",     _d(lambda a: F.softmax(a, 0)),              [(3, 2)],     ANY),
    ("log_softmax 0-d",           lambda a: a.log_softmax(0),                 [()],         ANY),
    ("nll, weight",               lambda a: F.nll_loss(a, _long(0, 2), W),    [(2, 3)],     ANY),
    ("nll, sum, ignored",         lambda a: F.nll_loss(a, _long(1, -100), reduction="sum"),
     [(2, 3)], ANY),
    ("nll, none, weight",         lambda a: F.nll_loss(a, _long(2, 1), W, reduction="none"),
     [(2, 3)], ANY),
    ("nll 1-d",                   lambda a: F.nll_loss(a, _long(1)[0]),       [(3,)],       ANY),
    ("cross_entropy, weight",     lambda a: F.cross_entropy(a, _long(0, 2), W), [(2, 3)],   ANY),
    ("cross_entropy, probs, sum", lambda a, b: F.cross_entropy(a, b, W, reduction="sum"),
     [(2, 3), (2, 3)], POS),
    ("smoothing, weight, none",   lambda a: F.cross_entropy(a, _long(1, 2), W, reduction="none",
                                                            label_smoothing=0.3), [(2, 3)], ANY),
    ("mse, none",                 lambda a, b: F.mse_loss(a, b, reduction="none"),
     [(2, 3), (2, 3)], ANY),
    ("l1, sum",                   lambda a, b: F.l1_loss(a, b, reduction="sum"), [(3,), (3,)], ANY),
    ("bce, weight, sum",          lambda a, b: F.binary_cross_entropy(a, b, W, reduction="sum"),
     [(2, 3), (2, 3)], PROB),
    ("bce logits, pos_weight",    lambda a, b: F.binary_cross_entropy_with_logits(
        a, b, W, pos_weight=W * 2), [(2, 3), (2, 3)], UNIT),
    ("remainder by a number",     lambda a: a % 0.7 + a.div(2, rounding_mode="trunc"),
     [(4,)], ANY),
    ("linear 1-d, bias",          lambda x, w, b: F.linear(x, w, b),     [(3,), (2, 3), (2,)], ANY),
    ("linear 3-d, no bias",       lambda x, w: F.linear(x, w),           [(2, 2, 3), (4, 3)],  ANY),
    ("linear, create_graph",      _d(lambda x: F.linear(x, x * 1, x[0])), [(3, 3)],           ANY),
]




def _grad_of(f, *values):
    xs = [Tensor(np.array(v, np.float32), requires_grad=True) for v in values]
    f(*xs).sum().backward()
    return [x.grad.tolist() for x in xs]


@pytest.mark.parametrize("f, values, expected", [
    (lambda a, b: T.maximum(a, b), ([1.0, 3.0, 2.0], [2.0, 3.0, 1.0]),
     [[0.0, 0.5, 1.0], [1.0, 0.5, 0.0]]),
    (lambda a, b: T.minimum(a, b), ([1.0, math.nan], [1.0, 2.0]), [[0.5, 1.0], [0.5, 1.0]]),
    (lambda a: a.clamp(-1, 1), ([-1.0, 1.0, 1.5],), [[1.0, 1.0, 0.0]]),
    (lambda a, lo: a.clamp(min=lo), ([0.0, 1.0], [0.0, 2.0]), [[1.0, 0.0], [0.0, 1.0]]),
    (lambda a: F.hardtanh(a), ([-1.0, 1.0, 0.5, math.nan],), [[0.0, 0.0, 1.0, 1.0]]),
    (lambda a: F.leaky_relu(a, 0.25), ([0.0, -1.0],), [[0.25, 0.25]]),
])
def test_bounds_and_ties_share_the_gradient_as_pytorch_does(f, values, expected):
    assert _grad_of(f, *values) == expected


def test_nll_loss_mean_over_no_sample_is_nan_with_a_zero_gradient():
    x = Tensor(np.ones((2, 3), np.float32), requires_grad=True)
    loss = F.nll_loss(x, _long(-100, -100))
    loss.backward()
    assert math.isnan(loss.item()) and x.grad.tolist() == [[0.0] * 3] * 2


def test_a_second_backward_through_a_loss_fails():
    x = Tensor(np.ones((2, 3), np.float32), requires_grad=True)
    loss = F.nll_loss(x, _long(0, 1))
    loss.backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        loss.backward()


def test_mse_loss_warns_when_it_broadcasts():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss = F.mse_loss(Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones(3, np.float32)))
    assert loss.item() == 0.0
    assert [str(w.message) for w in caught] == [
        "Using a target size (torch.Size([3])) that is different to the input size "
        "(torch.Size([2, 3])). This will likely lead to incorrect results due to broadcasting. "
        "Please ensure they have the same size."]


@pytest.mark.parametrize("call, error, text", [
    (lambda: F.cross_entropy(Tensor(np.ones((2, 3), np.float32)), _long(0, 3)), IndexError,
     "Target 3 is out of bounds."),
    (lambda: F.nll_loss(Tensor(np.ones((2, 3), np.float32)), _long(0)), ValueError,
     "Expected input batch_size (2) to match target batch_size (1)."),
    (lambda: F.mse_loss(Tensor(np.ones(2, np.float32)), Tensor(np.ones(2, np.float32)),
                        reduction="avg"), ValueError, "avg is not a valid value for reduction"),
    (lambda: T.clamp(Tensor(np.ones(2, np.float32))), RuntimeError,
     "torch.clamp: At least one of 'min' or 'max' must not be None"),
    (lambda: T.softmax(Tensor(np.ones(2, np.int64)), 0), NotImplementedError,
     "\"softmax_lastdim_kernel_impl\" not implemented for 'Long'"),
    (lambda: F.binary_cross_entropy(Tensor(np.full(2, 2.0, np.float32)),
                                    Tensor(np.ones(2, np.float32))), RuntimeError,
     "all elements of input should be between 0 and 1"),
])
def test_errors_carry_pytorch_text(call, error, text):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value) == text


def test_clamp_in_place_refuses_a_float_bound_on_an_int_tensor_in_pytorch_words():
    with pytest.raises(RuntimeError, match="^result type Float can't be cast to the desired "
                                           "output type long int$"):
        Tensor(np.array([1, 2, 3])).clamp_(0.5)


def test_one_hot_and_inactive_dropout():
    assert F.one_hot(_long(0, 2)).tolist() == [[1, 0, 0], [0, 0, 1]]
    x = Tensor(np.ones(3, np.float32), requires_grad=True)
    assert F.dropout(x, 0.5, training=False) is x and F.dropout(x, 0.0) is x


def test_linear_picks_pytorch_nodes():
    x, w, b = (Tensor(np.ones(s, np.float32)) for s in ((3, 2), (4, 2), (4,)))
    w.requires_grad_()
    names = [F.linear(x, w, b).grad_fn.name(), F.linear(x, w).grad_fn.name(),
             F.linear(x[0], w, b).grad_fn.name()]
    assert names == ["AddmmBackward0", "MmBackward0", "ViewBackward0"]


# ---- the float32 kernels stay within an ulp of the correctly rounded functions ----------------
@pytest.mark.parametrize("kernel, reference, lo, hi", [
    (sleef_expf, np.exp, -80.0, 80.0),
    (sleef_logf, np.log, 1e-30, 1e30),
    (sleef_log1pf, np.log1p, -0.9, 1e6),
    (glibc_log1pf, np.log1p, -0.9, 1e6),
])
def test_sleef_kernels_are_within_an_ulp(kernel, reference, lo, hi):
    rng = np.random.default_rng(0)
    x = np.concatenate([rng.uniform(lo, min(hi, 50), 2000), np.exp(rng.uniform(
        math.log(max(lo, 1e-30)), math.log(hi), 2000))]).astype(np.float32)
    exact = reference(x.astype(np.float64))
    got = kernel(x).astype(np.float64)
    assert np.all(np.abs(got - exact) <= np.spacing(np.abs(exact).astype(np.float32)))
