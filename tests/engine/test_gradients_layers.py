"""The rows of layers.py (convolution, pooling, batch norm, padding, PReLU) against finite
differences, and the oneDNN-ordered float32 kernels against the plain formulas."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from gradcli.engine import Tensor, grad
from gradcli.engine.ops import FUNCTIONAL

from .opinfo import ANY, POS

F = SimpleNamespace(**FUNCTIONAL)


def _second(f):
    """Σ of the squared first derivatives of f's squares, recorded (create_graph): its
    backward runs the rows of the derivatives."""
    def second(*xs):
        grads = grad((f(*xs) ** 2).sum(), xs, create_graph=True)
        return sum((g * g).sum() for g in grads)
    return second


def _second_of(i: int, f):
    """As _second, of the derivative for input i alone: the double backward meets one
    gradient of a row with two outputs, the other undefined."""
    def second(*xs):
        (g,) = grad((f(*xs) ** 2).sum(), xs[i], create_graph=True)
        return (g * g).sum()
    return second


def _bn(training: bool):
    mean, var = Tensor(np.array([0.1, -0.2, 0.3])), Tensor(np.array([1.5, 0.5, 2.0]))
    return lambda x, w, b: F.batch_norm(x, mean.clone(), var.clone(), w, b, training=training)


CASES = [
    ("ConvolutionBackward0",          lambda x, w, b: F.conv2d(x, w, b, padding=1),
     [(2, 3, 5, 5), (4, 3, 3, 3), (4,)], ANY),
    ("MaxPool2DWithIndicesBackward0", lambda x: F.max_pool2d(x, 2),               [(2, 3, 4, 4)],
     ANY),
    ("AvgPool2DBackward0",            lambda x: F.avg_pool2d(x, 3, 2, 1),         [(1, 2, 5, 5)],
     ANY),
    ("AdaptiveAvgPool2DBackward0",    lambda x: F.adaptive_avg_pool2d(x, (2, 3)), [(1, 2, 5, 7)],
     ANY),
    ("AdaptiveMaxPool2DBackward0",    lambda x: F.adaptive_max_pool2d(x, (2, 3)), [(1, 2, 5, 7)],
     ANY),
    ("NativeBatchNormBackward0",      _bn(True),                  [(4, 3, 2, 2), (3,), (3,)], ANY),
    ("ConstantPadNdBackward0",        lambda x: F.pad(x, (1, -1, 2, 0)),          [(2, 3, 4)],
     ANY),
    ("PreluKernelBackward0",          lambda x, w: F.prelu(x, w),                [(4, 3), (3,)],
     ANY),
    ("ConvolutionBackwardBackward0",  _second(lambda x, w, b: F.conv2d(x, w, b, stride=2)),
     [(1, 2, 5, 5), (3, 2, 3, 3), (3,)], ANY),
    ("MaxPool2DWithIndicesBackwardBackward0", _second(lambda x: F.max_pool2d(x, 2)),
     [(1, 2, 4, 4)], ANY),
    ("AvgPool2DBackwardBackward0",    _second(lambda x: F.avg_pool2d(x, 3, 2, 1)),
     [(1, 1, 5, 5)], ANY),
    ("AdaptiveAvgPool2DBackwardBackward0", _second(lambda x: F.adaptive_avg_pool2d(x, (2, 3))),
     [(1, 2, 5, 7)], ANY),
    ("PreluKernelBackwardBackward0",  _second(lambda x, w: F.prelu(x, w)),  [(4, 3), (3,)], ANY),
    ("NativeBatchNormBackwardBackward0", _second(_bn(True)),   [(2, 3, 2), (3,), (3,)], ANY),
    ("AdaptiveMaxPool2DBackwardBackward0", _second(lambda x: F.adaptive_max_pool2d(x, (2, 3))),
     [(1, 2, 5, 7)], ANY),
]

BRANCHES = [
    ("conv strided, dilated, groups", lambda x, w: F.conv2d(x, w, None, 2, 1, 2, 2),
     [(1, 4, 7, 7), (6, 2, 3, 3)], ANY),
    ("conv unbatched, same",          lambda x, w: F.conv2d(x, w, padding="same"),
     [(2, 5, 5), (3, 2, 2, 2)], ANY),
    ("max pool ceil, padded",         lambda x: F.max_pool2d(x, 3, 2, 1, ceil_mode=True),
     [(2, 6, 6)], ANY),
    ("avg pool, no pad counted",      lambda x: F.avg_pool2d(x, 3, 2, 1, count_include_pad=False),
     [(1, 1, 5, 5)], ANY),
    ("batch norm 2-d",                _bn(True),                          [(5, 3), (3,), (3,)],
     ANY),
    ("batch norm eval",               _bn(False),                   [(2, 3, 4), (3,), (3,)], ANY),
    ("prelu one weight",              lambda x, w: F.prelu(x, w),     [(2, 3, 2), (1,)], ANY),
    ("prelu, second derivative of the input's gradient only",
     _second_of(0, lambda x, w: F.prelu(x, w)),                 [(2, 3, 2), (3,)], ANY),
    ("prelu, second derivative of the weight's gradient only",
     _second_of(1, lambda x, w: F.prelu(x, w)),                       [(4,), ()], ANY),
    ("pad 1-d",                       lambda x: F.pad(x, (2, 1), value=1.5),     [(3,)],    POS),
    ("batch norm, second derivative", _second(_bn(True)),         [(4, 3), (3,), (3,)], ANY),
    ("batch norm eval, second derivative", _second(_bn(False)),   [(4, 3), (3,), (3,)], ANY),
    ("batch norm without weight, second derivative",
     _second(lambda x: F.batch_norm(x, None, None, training=True)),   [(5, 2)], ANY),
    ("batch norm, second derivative of the input's gradient only",
     _second_of(0, _bn(True)),                                  [(4, 3), (3,), (3,)], ANY),
    ("batch norm eval, second",       _second(_bn(False)),     [(2, 3, 2), (3,), (3,)], ANY),
]




@pytest.mark.parametrize("shapes, kwargs", [
    (((2, 3, 6, 6), (4, 3, 3, 3)), {}),
    (((2, 20, 5, 5), (5, 20, 3, 3)), {"padding": 1}),        # two blocks of input channels
    (((2, 3, 7, 7), (20, 3, 3, 3)), {"stride": 2}),          # two blocks of output channels
    (((1, 2, 6, 6), (4, 1, 5, 5)), {"groups": 2}),
])
def test_onednn_kernels_compute_the_convolution(shapes, kwargs):
    """float32 in oneDNN's order of accumulation: within float32 rounding of float64."""
    rng = np.random.default_rng(1)
    xs = [rng.standard_normal(s) for s in shapes] + [rng.standard_normal(shapes[1][0])]

    def run(dtype):
        x, w, b = (Tensor(v.astype(dtype), requires_grad=True) for v in xs)
        out = F.conv2d(x, w, b, **kwargs)
        out.backward(Tensor(np.linspace(-1, 1, out.numel()).reshape(out.shape).astype(dtype)))
        return [t._data for t in (out, x.grad, w.grad, b.grad)]

    for single, double in zip(run(np.float32), run(np.float64)):
        np.testing.assert_allclose(single, double, rtol=1e-4, atol=1e-4)


