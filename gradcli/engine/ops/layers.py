"""The ops behind torch.nn's layers: convolution, pooling, batch normalisation, padding, PReLU."""
from __future__ import annotations

import math

import numpy as np

from .. import dtypes as _dt
from .. import grad_mode
from ..dispatch import Op, Rule, apply
from ..graph import Node
from ..kernels import layers as kernels
from ..tensor import Tensor
from . import xp
from .linalg import MM
from .nn import ADDMM
from .pointwise import C_TYPE_NAMES as _C_NAMES
from .registry import export, row


def _pair(value, name: str) -> tuple[int, int]:
    """An int or a pair of ints, as a layer's kernel_size/stride/padding/dilation."""
    if isinstance(value, (tuple, list)):
        if len(value) == 1:
            return (_int(value[0]),) * 2
        if len(value) != 2:
            raise RuntimeError(f"expected {name} to be a single integer value or a list of 2 "
                               f"values to match the convolution dimensions, but got "
                               f"{name}=[{', '.join(map(str, value))}]")
        return _int(value[0]), _int(value[1])
    return _int(value), _int(value)


def _int(value) -> int:
    # anything else (None, a tensor, a float) is the argument parser's "tuple of ints" refusal,
    # which the interpreter words with the argument's name and position
    if not isinstance(value, (int, np.integer)):
        raise _dt.OperandTypeError(value, "tuple of ints")
    return int(value)


def _sizes(shape) -> str:
    return f"[{', '.join(map(str, shape))}]"


# ---- convolution -------------------------------------------------------------------------
def _uses_onednn(x: np.ndarray, w: np.ndarray, stride, dilation, groups: int) -> bool:
    """ConvParams::use_mkldnn for one thread: float32 input goes to oneDNN unless it is a
    single small image with a small kernel (or a 1x1 kernel, unstrided, on fewer than 16)."""
    n, c, h, wd = x.shape
    kh, kw = w.shape[2:]
    strided, dilated = stride != (1, 1), dilation != (1, 1)
    return x.dtype == np.float32 and (strided or dilated or n >= 16 or kh != 1 or kw != 1) \
        and (groups > 1 or (kh > 3 and kw > 3) or n > 1 or n * c * h * wd > 20480)


# The three products of a convolution (forward, ∂input, ∂weight) are each bilinear in their two
# tensors, so each one's derivatives are the other two: every order of derivative is a row.
def _conv_forward(x, w, b, stride, padding, dilation, groups, out_hw, onednn, input_shape,
                  kernel_size):
    if onednn:
        return kernels.direct_conv2d(x, w, b, stride, padding, dilation, groups, out_hw)
    # ATen's slow path: per image and group, addmm(bias, W, columns)
    n = x.shape[0]
    out_channels = w.shape[0]
    per_group, out_per_group = x.shape[1] // groups, out_channels // groups
    out = np.empty((n, out_channels, out_hw[0] * out_hw[1]), x.dtype)
    for g in range(groups):
        rows = slice(g * out_per_group, (g + 1) * out_per_group)
        cols = kernels.im2col(x[:, g * per_group:(g + 1) * per_group], w.shape[2:], stride,
                              padding, dilation, out_hw)
        weight = w[rows].reshape(out_per_group, -1)
        for i in range(n):
            out[i, rows] = MM.forward(weight, cols[i]) if b is None else \
                ADDMM.forward(b[rows, None], weight, cols[i])
    return out.reshape((n, out_channels) + tuple(out_hw))


def _conv_input_grad(g, x, w, stride, padding, dilation, groups, out_hw, onednn, input_shape,
                     kernel_size):
    """∂conv/∂input: oneDNN's backward-data, or the slow path's Wᵀ·g per image and group
    folded back by col2im."""
    if onednn:
        return kernels.direct_conv2d_input_grad(g, w, input_shape, stride, padding, dilation,
                                                groups)
    out_per_group, per_group = w.shape[0] // groups, input_shape[1] // groups
    n = input_shape[0]
    grads = g.reshape(n, w.shape[0], -1)
    out = np.empty(input_shape, g.dtype)
    for k in range(groups):
        rows = slice(k * out_per_group, (k + 1) * out_per_group)
        weight_t = w[rows].reshape(out_per_group, -1).T
        cols = np.stack([MM.forward(weight_t, grads[i, rows]) for i in range(n)])
        out[:, k * per_group:(k + 1) * per_group] = kernels.col2im(
            cols, (n, per_group) + tuple(input_shape[2:]), w.shape[2:], stride, padding,
            dilation, out_hw)
    return out


def _conv_weight_grad(g, x, w, stride, padding, dilation, groups, out_hw, onednn, input_shape,
                      kernel_size):
    """∂conv/∂weight: oneDNN's backward-weights, or the slow path's grad_W += g·columnsᵀ,
    image after image."""
    if onednn:
        return kernels.direct_conv2d_weight_grad(g, x, kernel_size, stride, padding, dilation,
                                                 groups)
    out_channels = g.shape[1]
    out_per_group, per_group = out_channels // groups, x.shape[1] // groups
    grads = g.reshape(x.shape[0], out_channels, -1)
    out = np.empty((out_channels, per_group) + tuple(kernel_size), g.dtype)
    for k in range(groups):
        rows = slice(k * out_per_group, (k + 1) * out_per_group)
        cols = kernels.im2col(x[:, k * per_group:(k + 1) * per_group], kernel_size, stride,
                              padding, dilation, out_hw)
        total = np.zeros((out_per_group, cols.shape[1]), g.dtype)
        for i in range(x.shape[0]):
            total = ADDMM.forward(total, grads[i, rows], cols[i].T)
        out[rows] = total.reshape((out_per_group, per_group) + tuple(kernel_size))
    return out


def _bias_sum(g, x, w, onednn):
    """∂conv/∂bias: oneDNN adds every element in order; the slow path is torch.sum's."""
    return kernels.sequential_sum(g) if onednn else xp.sum(g, (0, 2, 3))


def _backward(op, node, g, params=None):
    """One of convolution_backward's three gradients: a row of (grad_output, input, weight), as
    ATen's one node of them, so its graph is recorded when any of the three requires grad."""
    return apply(op, (g, node.self, node.weight), node.params if params is None else params)


def _conv(x, w, node):
    return apply(CONVOLUTION, (x, w, None), node.params)


def _conv_t(g, x, w, node):
    return apply(CONVOLUTION_INPUT_GRAD, (g, x, w), node.params)


def _conv_w(g, x, w, node):
    return apply(CONVOLUTION_WEIGHT_GRAD, (g, x, w), node.params)


def _none(node, g):
    # the double backward (_convolution_double_backward, batchnorm_double_backward) leaves
    # this gradient undefined: nothing reaches the input
    return None


CONVOLUTION = row(Op("convolution", _conv_forward, "ConvolutionBackward0",
                     ("self", "weight", "bias"), (
    Rule(lambda node, g: _backward(CONVOLUTION_INPUT_GRAD, node, g), ("self", "weight"),
         "∂conv(x, w)/∂x = conv_transpose(g, w)"),
    Rule(lambda node, g: _backward(CONVOLUTION_WEIGHT_GRAD, node, g), ("self", "weight"),
         "∂conv(x, w)/∂w = Σₙ g ⋆ x"),
    Rule(lambda node, g: _backward(BIAS_SUM, node, g, {"onednn": node.onednn}),
         ("self", "weight"), "∂conv/∂b = Σ g over batch and positions")),
    dtypes="keep"))
# _convolution_double_backward, output by output: each gradient of the backward is bilinear in
# two of (grad_output, input, weight), so its derivatives are the other two products
CONVOLUTION_INPUT_GRAD = row(Op("convolution_backward_input", _conv_input_grad,
                                "ConvolutionBackwardBackward0",
                                ("grad_output", "self", "weight"), (
    Rule(lambda node, u: _conv(u, node.weight, node), ("weight",), "∂/∂g = conv(u, w)"),
    Rule(_none, (), "∂/∂x = 0 (undefined)"),
    Rule(lambda node, u: _conv_w(node.grad_output, u, node.weight, node),
         ("grad_output", "weight"), "∂/∂w = Σₙ g ⋆ u")),
    dtypes="keep"))
CONVOLUTION_WEIGHT_GRAD = row(Op("convolution_backward_weight", _conv_weight_grad,
                                 "ConvolutionBackwardBackward0",
                                 ("grad_output", "self", "weight"), (
    Rule(lambda node, v: _conv(node.self, v, node), ("self",), "∂/∂g = conv(x, v)"),
    Rule(lambda node, v: _conv_t(node.grad_output, node.self, v, node),
         ("grad_output", "self"), "∂/∂x = conv_transpose(g, v)"),
    Rule(_none, (), "∂/∂w = 0 (undefined)")),
    dtypes="keep"))
BIAS_SUM = row(Op("convolution_backward_bias", _bias_sum, "ConvolutionBackwardBackward0",
                  ("grad_output", "self", "weight"), (
    Rule(lambda node, gg: xp.expand(xp.reshape(gg, (1, -1, 1, 1)), node.shapes[0]), (),
         "∂Σg/∂g = 1"),
    Rule(_none, (), "∂/∂x = 0 (undefined)"),
    Rule(_none, (), "∂/∂w = 0 (undefined)")), dtypes="keep"))


def _same_padding(weight: Tensor, dilation) -> tuple:
    """padding='same': each side's padding, and the extra row/column PyTorch pads on the right
    when a dim's total is odd."""
    sides, extra = [], []
    for d, k in zip(dilation, weight.shape[2:]):
        total = d * (k - 1)
        sides.append(total // 2)
        extra.append(total - 2 * (total // 2))
    return tuple(sides), tuple(extra)


def _check_conv(input: Tensor, weight: Tensor, bias, stride, padding, groups: int) -> None:
    """check_shape_forward and the dtype checks, in PyTorch's order and words."""
    if bias is not None and bias.dtype is not input.dtype:
        raise RuntimeError(f"Input type ({_C_NAMES[input.dtype.name]}) and bias type "
                           f"({_C_NAMES[bias.dtype.name]}) should be the same")
    if input.dtype is not weight.dtype:
        if input.dtype is _dt.float32:
            raise RuntimeError(f"Input type (torch.{_dt.type_name(input.dtype)}Tensor) and weight "
                               f"type (torch.{_dt.type_name(weight.dtype)}Tensor) should be the "
                               "same or input should be a MKLDNN tensor and weight is a dense "
                               "tensor")
        raise RuntimeError(f"expected scalar type {_dt.type_name(input.dtype)} but found "
                           f"{_dt.type_name(weight.dtype)}")
    if min(padding) < 0:
        raise RuntimeError("negative padding is not supported")
    if min(stride) <= 0:
        raise RuntimeError("non-positive stride is not supported")
    ws = weight.shape
    if weight.ndim != 4:
        raise RuntimeError(f"Expected {weight.ndim}-dimensional input for {weight.ndim}-"
                           f"dimensional weight {_sizes(ws)}, but got 4-dimensional input of size "
                           f"{_sizes(input.shape)} instead")
    if ws[0] < groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be at least {groups} at "
                           f"dimension 0, but got weight of size {_sizes(ws)} instead")
    if ws[0] % groups:
        raise RuntimeError(f"Given groups={groups}, expected weight to be divisible by {groups} at "
                           f"dimension 0, but got weight of size [{_sizes(ws)}] instead")
    if input.shape[1] != ws[1] * groups:
        raise RuntimeError(f"Given groups={groups}, weight of size {_sizes(ws)}, expected input"
                           f"{_sizes(input.shape)} to have {ws[1] * groups} channels, but got "
                           f"{input.shape[1]} channels instead")
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != ws[0]):
        raise RuntimeError(f"Given weight of size {_sizes(ws)}, expected bias to be 1-dimensional "
                           f"with {ws[0]} elements, but got bias of size {_sizes(bias.shape)} "
                           "instead")


@export(method=False, functional=True)
def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    if input.ndim not in (3, 4):
        raise RuntimeError(f"Expected 3D (unbatched) or 4D (batched) input to conv2d, but got "
                           f"input of size: {_sizes(input.shape)}")
    if input.ndim == 3:
        return conv2d(input.unsqueeze(0), weight, bias, stride, padding, dilation,
                      groups).squeeze(0)
    stride, dilation = _pair(stride, "stride"), _pair(dilation, "dilation")
    if isinstance(padding, str):
        if padding == "valid":
            padding = (0, 0)
        elif padding == "same":
            if stride != (1, 1):
                raise RuntimeError("padding='same' is not supported for strided convolutions")
            padding, extra = _same_padding(weight, dilation)
            if any(extra):
                input = pad(input, (0, extra[1], 0, extra[0]))
        else:
            raise RuntimeError(f"Invalid padding string: '{padding}'")
    else:
        padding = _pair(padding, "padding")
    _check_conv(input, weight, bias, stride, padding, groups)
    h, w = input.shape[2:]
    kh, kw = weight.shape[2:]
    padded = (h + 2 * padding[0], w + 2 * padding[1])
    dilated = ((kh - 1) * dilation[0] + 1, (kw - 1) * dilation[1] + 1)
    if padded[0] < dilated[0] or padded[1] < dilated[1]:
        raise RuntimeError(f"Calculated padded input size per channel: ({padded[0]} x "
                           f"{padded[1]}). Kernel size: ({dilated[0]} x {dilated[1]}). Kernel "
                           "size can't be greater than actual input size")
    out_hw = tuple(kernels.output_size(s, k, st, p, d) for s, k, st, p, d in
                   zip((h, w), (kh, kw), stride, padding, dilation))
    return apply(CONVOLUTION, (input, weight, bias), {
        "stride": stride, "padding": padding, "dilation": dilation, "groups": groups,
        "out_hw": out_hw, "onednn": _uses_onednn(input._data, weight._data, stride, dilation,
                                                 groups),
        "input_shape": input.shape, "kernel_size": weight.shape[2:]})


# ---- pooling -----------------------------------------------------------------------------
# the poolings take (C, H, W) as well as (N, C, H, W): the kernels see a batch of one
def _as_batch(a: np.ndarray) -> np.ndarray:
    return a.reshape((-1,) + a.shape[-3:])


def _at_maxima(a, indices: np.ndarray) -> np.ndarray:
    """Each window's maximum, read at the flat indices h·W + w a max pooling found."""
    flat = a.reshape(-1, a.shape[-2] * a.shape[-1])
    windows = indices.shape[-2] * indices.shape[-1]
    return np.take_along_axis(flat, indices.reshape(flat.shape[0], windows), axis=1).reshape(
        indices.shape)


def _to_maxima(g, indices: np.ndarray, shape) -> np.ndarray:
    """g added back at the input positions (of an input of `shape`) the maxima came from."""
    rows = math.prod(shape[:-2])
    windows = indices.shape[-2] * indices.shape[-1]
    out = np.zeros((rows, shape[-2] * shape[-1]), g.dtype)
    np.add.at(out, (np.arange(rows)[:, None], indices.reshape(rows, windows)),
              g.reshape(rows, windows))
    return out.reshape(shape)


def _gather(a, indices, kernel_size, stride, padding, dilation, ceil_mode, input_shape):
    """max_pool2d's forward at the indices it found (the other parameters are kept for
    grad_fn._saved_*)."""
    return _at_maxima(a, indices)


def _scatter(g, x, indices, kernel_size, stride, padding, dilation, ceil_mode, input_shape):
    """max_pool2d's backward (`x`, the pooled input, is an input of the row as of ATen's
    max_pool2d_with_indices_backward, for its graph only)."""
    return _to_maxima(g, indices, input_shape)


# The backward rows take the pooled input as derivatives.yaml's *_backward(grad_output, self,
# ...) do: the forward node saves it (a second backward finds it freed), and the gradient is
# recorded when the input requires grad, its own derivative there zeros_like(self).
MAX_POOL2D = row(Op("max_pool2d_with_indices", _gather, "MaxPool2DWithIndicesBackward0",
                    ("self",), (
    Rule(lambda node, g: apply(MAX_POOL2D_GRAD, (g, node.self), node.params), ("self",),
         "∂max/∂x = 1 at each window's maximum"),), dtypes="keep"))
MAX_POOL2D_GRAD = row(Op("max_pool2d_with_indices_backward", _scatter,
                         "MaxPool2DWithIndicesBackwardBackward0", ("grad_output", "self"), (
    Rule(lambda node, u: apply(MAX_POOL2D, (u,), node.params), (), "∂/∂g = u at the maxima"),
    Rule(lambda node, u: xp.zeros_like(u), (), "∂/∂x = 0")), dtypes="keep"))


def _pool_args(kernel_size, stride, padding, dilation=1) -> tuple:
    kernel = _pair(kernel_size, "kernel_size")
    stride = kernel if stride is None or stride == [] or stride == () else \
        _pair(stride, "stride")
    return kernel, stride, _pair(padding, "padding"), _pair(dilation, "dilation")


def _pool_output(input: Tensor, kernel, stride, padding, dilation, ceil_mode: bool,
                 max_pool: bool) -> tuple:
    if input.ndim not in (3, 4) or input.numel() == 0:
        raise RuntimeError("non-empty 3D or 4D (batch mode) tensor expected for input")
    # pooling_output_shape's check, then pool2d_shape_check's, in ATen's order
    if 0 in stride:
        raise RuntimeError("stride should not be zero")
    for name, (h, w), short in (("kernel size", kernel, ("kH", "kW")),
                                ("stride", stride, ("dH", "dW")),
                                ("dilation", dilation, ("dilationH", "dilationW"))):
        if h <= 0 or w <= 0:
            raise RuntimeError(f"{name} should be greater than zero, but got {short[0]}: {h} "
                               f"{short[1]}: {w}")
    for k, p, d in zip(kernel, padding, dilation):
        if max_pool and p > ((k - 1) * d + 1) // 2:
            raise RuntimeError(f"pad should be at most half of effective kernel size, but got "
                               f"pad={p}, kernel_size={k} and dilation={d}")
        if not max_pool and p > k // 2:
            raise RuntimeError(f"pad should be smaller than or equal to half of kernel size, but "
                               f"got padW = {padding[1]}, padH = {padding[0]}, kW = {kernel[1]}, "
                               f"kH = {kernel[0]}")
    h, w = input.shape[-2:]
    out = tuple(kernels.output_size(s, k, st, p, d, ceil_mode) for s, k, st, p, d in
                zip((h, w), kernel, stride, padding, dilation))
    if out[0] < 1 or out[1] < 1:
        channels = input.shape[-3]
        raise RuntimeError(f"Given input size: ({channels}x{h}x{w}). Calculated output size: "
                           f"({channels}x{out[0]}x{out[1]}). Output size is too small")
    return out


# ---- what PyTorch's argument parser checks before the kernel runs (torch._C._nn's functions)
def _must_be_tensor(fn: str, name: str, position: int, value, optional: bool = False) -> None:
    if not isinstance(value, Tensor) and not (optional and value is None):
        raise TypeError(f"{fn}(): argument '{name}' (position {position}) must be Tensor, not "
                        f"{_dt.tp_name(value)}")


def _must_be_ints(fn: str, name: str, position: int, value, optional: bool = False) -> None:
    if optional and value is None or isinstance(value, int) and not isinstance(value, bool):
        return
    where = f"{fn}(): argument '{name}' (position {position}) must be tuple of ints"
    if not isinstance(value, (tuple, list)):
        raise TypeError(f"{where}, not {_dt.tp_name(value)}")
    for i, item in enumerate(value):
        if not isinstance(item, int) or isinstance(item, bool):
            raise TypeError(f"{fn}(): argument '{name}' failed to unpack the object at pos "
                            f"{i + 1} with error \"type must be tuple of ints,but got "
                            f"{_dt.tp_name(item)}\"")


def _must_be_bool(fn: str, name: str, position: str, value) -> None:
    """The parser's bool argument (`position` as its message gives it, or "")."""
    if not isinstance(value, bool):
        raise TypeError(f"{fn}(): argument '{name}'{position} must be bool, not "
                        f"{_dt.tp_name(value)}")


def _pool_arguments(fn: str, input, kernel_size, stride) -> None:
    _must_be_tensor(fn, "input", 1, input)
    _must_be_ints(fn, "kernel_size", 2, kernel_size)
    _must_be_ints(fn, "stride", 3, stride, optional=True)


@export(method=False, functional=True)
def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    _pool_arguments("max_pool2d", input, kernel_size, stride)
    _must_be_bool("max_pool2d_with_indices" if return_indices else "max_pool2d", "ceil_mode",
                  " (position 6)", ceil_mode)
    kernel, stride, padding, dilation = _pool_args(kernel_size, stride, padding, dilation)
    out_hw = _pool_output(input, kernel, stride, padding, dilation, ceil_mode, True)
    _, indices = kernels.max_pool2d(_as_batch(input._data), kernel, stride, padding, dilation,
                                    out_hw)
    indices = indices.reshape(input.shape[:-2] + out_hw)
    out = apply(MAX_POOL2D, (input,), {"indices": indices, "kernel_size": kernel,
                                       "stride": stride, "padding": padding,
                                       "dilation": dilation, "ceil_mode": ceil_mode,
                                       "input_shape": input.shape})
    return (out, Tensor._make(indices.astype(np.int64))) if return_indices else out


def _avg_forward(a, kernel_size, stride, padding, ceil_mode, count_include_pad,
                 divisor_override, out_hw, input_shape):
    out = kernels.avg_pool2d(_as_batch(a), kernel_size, stride, padding, out_hw,
                             count_include_pad, divisor_override)
    return out.reshape(a.shape[:-2] + out_hw)


def _spread(g: np.ndarray, shape, windows) -> np.ndarray:
    """An average pooling's gradient: each output's g, divided by its window's divisors (one,
    or the adaptive window's height then width), added to the window's taps."""
    out = np.zeros((math.prod(shape[:-2]),) + tuple(shape[-2:]), g.dtype)
    flat = g.reshape((out.shape[0],) + g.shape[-2:])
    for (oi, oj), (rows, cols, divisors) in windows:
        share = flat[:, oi, oj]
        for divisor in divisors:
            share = share / g.dtype.type(divisor)
        out[:, rows, cols] += share[:, None, None]
    return out.reshape(shape)


def _avg_grad(g, x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override,
              out_hw, input_shape):
    h, w = input_shape[-2:]
    h0, h1 = kernels.pool_bounds(h, kernel_size[0], stride[0], padding[0], out_hw[0])
    w0, w1 = kernels.pool_bounds(w, kernel_size[1], stride[1], padding[1], out_hw[1])

    def windows():
        for oi in range(out_hw[0]):
            for oj in range(out_hw[1]):
                hs, he = max(h0[oi], 0), min(h1[oi], h)
                ws, we = max(w0[oj], 0), min(w1[oj], w)
                if divisor_override:
                    divisor = divisor_override
                elif count_include_pad:
                    divisor = (h1[oi] - h0[oi]) * (w1[oj] - w0[oj])
                else:
                    divisor = (he - hs) * (we - ws)
                yield (oi, oj), (slice(hs, he), slice(ws, we), (divisor,))
    return _spread(g, input_shape, windows())


AVG_POOL2D = row(Op("avg_pool2d", _avg_forward, "AvgPool2DBackward0", ("self",), (
    Rule(lambda node, g: apply(AVG_POOL2D_GRAD, (g, node.self), node.params), ("self",),
         "∂avg/∂x = 1/divisor at each tap of the window"),), dtypes="keep"))
AVG_POOL2D_GRAD = row(Op("avg_pool2d_backward", _avg_grad, "AvgPool2DBackwardBackward0",
                         ("grad_output", "self"), (
    Rule(lambda node, u: apply(AVG_POOL2D, (u,), node.params), (), "∂/∂g = avg_pool(u)"),
    Rule(lambda node, u: xp.zeros_like(u), (), "∂/∂x = 0")), dtypes="keep"))


@export(torch=False, method=False, functional=True)   # torch has no avg_pool2d: F's only
def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    _pool_arguments("avg_pool2d", input, kernel_size, stride)
    _must_be_bool("avg_pool2d", "ceil_mode", "", ceil_mode)
    kernel, stride, padding, _ = _pool_args(kernel_size, stride, padding)
    out_hw = _pool_output(input, kernel, stride, padding, (1, 1), ceil_mode, False)
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError("divisor must be not zero")
    return apply(AVG_POOL2D, (input,), {
        "kernel_size": kernel, "stride": stride, "padding": padding, "ceil_mode": ceil_mode,
        "count_include_pad": count_include_pad, "divisor_override": divisor_override,
        "out_hw": out_hw, "input_shape": input.shape})


def _adaptive_forward(a, output_size, input_shape):
    return kernels.adaptive_avg_pool2d(_as_batch(a), output_size).reshape(
        a.shape[:-2] + output_size)


def _adaptive_grad(g, x, output_size, input_shape):
    h, w = input_shape[-2:]
    h0, h1 = kernels.adaptive_bounds(h, output_size[0])
    w0, w1 = kernels.adaptive_bounds(w, output_size[1])
    return _spread(g, input_shape, (
        ((oi, oj), (slice(h0[oi], h1[oi]), slice(w0[oj], w1[oj]),
                    (h1[oi] - h0[oi], w1[oj] - w0[oj])))
        for oi in range(output_size[0]) for oj in range(output_size[1])))


ADAPTIVE_AVG_POOL2D = row(Op("adaptive_avg_pool2d", _adaptive_forward,
                             "AdaptiveAvgPool2DBackward0", ("self",), (
    Rule(lambda node, g: apply(ADAPTIVE_AVG_POOL2D_GRAD, (g, node.self), node.params), ("self",),
         "∂avg/∂x = 1/|window| at each tap of the window"),), dtypes="keep"))
ADAPTIVE_AVG_POOL2D_GRAD = row(Op("adaptive_avg_pool2d_backward", _adaptive_grad,
                                  "AdaptiveAvgPool2DBackwardBackward0", ("grad_output", "self"), (
    Rule(lambda node, u: apply(ADAPTIVE_AVG_POOL2D, (u,), node.params), (),
         "∂/∂g = adaptive_avg_pool(u)"),
    Rule(lambda node, u: xp.zeros_like(u), (), "∂/∂x = 0")), dtypes="keep"))


@export(torch=False, method=False, functional=True)   # as avg_pool2d
def adaptive_avg_pool2d(input, output_size):
    if not isinstance(input, Tensor):   # F's Python body reads input.size() first
        raise AttributeError(f"'{_dt.tp_name(input)}' object has no attribute 'size'")
    # F's body takes output_size through _list_with_default (len() of a 0-d tensor is
    # PyTorch's TypeError) before the kernel's checks
    sizes = output_size if isinstance(output_size, (tuple, list)) \
        else _list_with_default(output_size, input.shape)
    if input.ndim not in (3, 4):
        raise RuntimeError(f"adaptive_avg_pool2d(): Expected 3D or 4D tensor, but got "
                           f"{_sizes(input.shape)}")
    if input.dtype.category != _dt.FLOAT:
        raise NotImplementedError(f"\"adaptive_avg_pool2d\" not implemented for "
                                  f"'{_dt.type_name(input.dtype)}'")
    sizes = sizes if isinstance(sizes, (tuple, list)) else (sizes,) * 2
    _check_int_sizes("adaptive_avg_pool2d", [s for s in sizes if s is not None])
    out_hw = tuple(input.shape[-2 + i] if s is None else int(s) for i, s in enumerate(sizes))
    if out_hw == (1, 1):   # PyTorch takes the mean here (MeanBackward1)
        return input.mean((-1, -2), keepdim=True)
    return apply(ADAPTIVE_AVG_POOL2D, (input,), {"output_size": out_hw,
                                                 "input_shape": input.shape})


def _indices(result1) -> np.ndarray:
    return result1._data if isinstance(result1, Tensor) else result1


def _adaptive_max_gather(a, result1):
    """Each adaptive window's maximum, read at the indices the kernel found (`result1`, the
    indices output, which PyTorch saves under that name)."""
    return _at_maxima(a, _indices(result1))


def _adaptive_max_scatter(g, self, result1):
    """g added back at the input positions the maxima came from (self gives the shape)."""
    return _to_maxima(g, _indices(result1), self.shape)


ADAPTIVE_MAX_POOL2D = row(Op("adaptive_max_pool2d", _adaptive_max_gather,
                             "AdaptiveMaxPool2DBackward0", ("self",), (
    Rule(lambda node, g: apply(ADAPTIVE_MAX_POOL2D_GRAD, (g, node.self),
                               {"result1": node.result1}), ("self",),
         "∂max/∂x = 1 at each adaptive window's maximum"),), dtypes="keep"))
# adaptive_max_pool2d_backward(grad_output, self, indices), as derivatives.yaml declares it:
# linear in grad_output, constant in self
ADAPTIVE_MAX_POOL2D_GRAD = row(Op("adaptive_max_pool2d_backward", _adaptive_max_scatter,
                                  "AdaptiveMaxPool2DBackwardBackward0", ("grad_output", "self"), (
    Rule(lambda node, u: apply(ADAPTIVE_MAX_POOL2D, (u,), {"result1": node.result1}), (),
         "∂/∂g = u at the maxima"),
    Rule(lambda node, u: xp.zeros_like(u), (), "∂/∂x = 0")), dtypes="keep"))


def _list_with_default(output_size, defaults: tuple):
    """torch.nn.modules.utils._list_with_default: None in output_size takes the input's size."""
    if isinstance(output_size, int):
        return output_size
    if not hasattr(type(output_size), "__len__"):
        raise TypeError(f"object of type '{_dt.tp_name(output_size)}' has no len()")
    if len(defaults) <= len(output_size):
        raise ValueError(f"Input dimension should be at least {len(output_size) + 1}")
    return [d if v is None else v for v, d in zip(output_size, defaults[-len(output_size):])]


def _check_int_sizes(name: str, sizes) -> None:
    """The C++ argument output_size is an int[2]: its parser's TypeError for another element."""
    for pos, item in enumerate(sizes):
        if not isinstance(item, int) or isinstance(item, bool):
            raise TypeError(f"{name}(): argument 'output_size' (position 2) must be tuple of "
                            f"ints, but found element of type {_dt.tp_name(item)} at pos {pos}")


@export(torch=False, method=False, functional=True)
def adaptive_max_pool2d(input, output_size, return_indices=False):
    # F's boolean_dispatch reads the flag first (bool() of a tensor may raise), then the body
    return_indices = bool(return_indices)
    if not isinstance(input, Tensor):   # F's Python body reads input.size() first
        raise AttributeError(f"'{_dt.tp_name(input)}' object has no attribute 'size'")
    sizes = _list_with_default(output_size, input.shape)
    if isinstance(sizes, int):
        sizes = [sizes, sizes]
    _check_int_sizes("adaptive_max_pool2d", sizes)
    if len(sizes) != 2:
        raise RuntimeError("adaptive_max_pool2d(): internal error: output_size.size() must "
                           "be 2")
    if input.ndim not in (3, 4):
        raise RuntimeError(f"adaptive_max_pool2d(): Expected 3D or 4D tensor, but got: "
                           f"{list(input.shape)}")
    for dim in range(1, input.ndim):
        if input.shape[dim] == 0:
            raise RuntimeError(f"adaptive_max_pool2d(): Expected input to have non-zero size "
                               f"for non-batch dimensions, but input has sizes "
                               f"{list(input.shape)} with dimension {dim} being empty")
    if input.dtype.category != _dt.FLOAT:
        raise NotImplementedError(f"\"adaptive_max_pool2d\" not implemented for "
                                  f"'{_dt.type_name(input.dtype)}'")
    out_hw = tuple(sizes)
    if min(out_hw) < 0:
        shape = list(input.shape[:-2]) + list(out_hw)
        raise RuntimeError(f"Trying to create tensor with negative dimension {min(out_hw)}: "
                           f"{shape}")
    indices = kernels.adaptive_max_pool2d(_as_batch(input._data), out_hw)
    indices = Tensor._make(indices.reshape(input.shape[:-2] + out_hw))
    out = apply(ADAPTIVE_MAX_POOL2D, (input,), {"result1": indices})
    return (out, indices) if return_indices else out


# ---- batch normalisation -----------------------------------------------------------------
def _bn_forward(x, weight, bias, mean, invstd, training, eps, backward_invstd):
    return kernels.batch_norm_apply(x, mean, invstd, weight, bias)


def _bn_weight(w, like):
    return w if w is not None else np.ones(like.shape[1], like.dtype)


def _bn_input_grad(g, x, w, mean, invstd, training, eps, backward_invstd):
    return kernels.batch_norm_input_grad(x, g, _bn_weight(w, x), mean, backward_invstd, training)


def _bn_weight_grad(g, x, w, mean, invstd, training, eps, backward_invstd):
    _, dot = kernels.batch_norm_sums(x, g, mean)
    return (dot * backward_invstd).astype(g.dtype)


def _bn_bias_grad(g, x, w, mean, invstd, training, eps, backward_invstd):
    total, _ = kernels.batch_norm_sums(x, g, mean)
    return total.astype(g.dtype)


# ---- batchnorm_double_backward (FunctionsManual.cpp), a term at a time: each of the three
# gradient rows below gives one of ggI, ggG, ggB (the others undefined)
def _sum_exclude_dim1(t, keepdim: bool = True):
    # sums dim 0, then the last dims down to dim 1 (exclusive), as ATen adds them
    r = xp.sum(t, 0, keepdim=keepdim)
    for dim in range(len(r.shape) - 1, 1 if keepdim else 0, -1):
        r = xp.sum(r, dim, keepdim=keepdim)
    return r


def _bn_terms(node):
    """(M, x - μ, invstd, the channel shape) of the saved input: μ and invstd the batch's
    while training, the running statistics' in eval mode."""
    x = node.self
    shape = (1, -1) + (1,) * (len(x.shape) - 2)
    invstd = node.invstd if node.training else node.backward_invstd
    count = math.prod(x.shape) // x.shape[1]
    return (count, x - xp.constant(node.mean.reshape(shape), x),
            xp.constant(invstd.reshape(shape), x), shape)


def _first_back_grad_input(g, gamma, centred, invstd, count):
    h0 = gamma * invstd / count
    h1 = count * g - _sum_exclude_dim1(g) - centred * xp.pow(invstd, 2) * _sum_exclude_dim1(
        g * centred)
    return h0 * h1


def _bn_ggO(node, ggI=None, ggG=None, ggB=None):
    """The derivative for grad_output, from the one of ggI, ggG, ggB given."""
    if ggB is not None:   # the bias's: its gradient's own gradient, spread over the input
        shape = (1, -1) + (1,) * (len(node.shapes[1]) - 2)
        return xp.expand(xp.reshape(ggB, shape), node.shapes[1])
    count, centred, invstd, shape = _bn_terms(node)
    if ggG is not None:
        return xp.reshape(ggG, shape) * centred * invstd
    gamma = xp.reshape(node.weight, shape) if node.weight is not None else 1.0
    if not node.training:
        return ggI * invstd * gamma
    return _first_back_grad_input(ggI, gamma, centred, invstd, count)


def _bn_gI(node, ggI=None, ggG=None):
    """The derivative for the input (undefined for ggI in eval mode, and for ggB)."""
    count, centred, invstd, shape = _bn_terms(node)
    g_o = node.grad_output
    if ggI is not None:
        if not node.training:
            return None
        gamma = xp.reshape(node.weight, shape) if node.weight is not None else 1.0
        invstd_3 = xp.pow(invstd, 3)
        g_o_centred_sum = _sum_exclude_dim1(g_o * centred)
        g_o_sum = _sum_exclude_dim1(g_o)
        ggI_sum = _sum_exclude_dim1(ggI)
        ggI_centred_sum = _sum_exclude_dim1(ggI * centred)
        all_sub = ggI_sum * g_o_sum / count - _sum_exclude_dim1(g_o * ggI) + \
            xp.pow(invstd, 2) * g_o_centred_sum * ggI_centred_sum * (3.0 / count)
        t0 = centred * invstd_3 * all_sub / count
        t1 = ggI_centred_sum * invstd_3 / count * (g_o_sum / count - g_o)
        t2 = g_o_centred_sum * invstd_3 / count * (ggI_sum / count - ggI)
        return gamma * (t0 + t1 + t2)
    ggG = xp.reshape(ggG, shape)
    if not node.training:
        return ggG * invstd * g_o
    t0 = g_o * invstd
    t1 = invstd * _sum_exclude_dim1(g_o) / -count
    t2 = centred * xp.pow(invstd, 3) * _sum_exclude_dim1(g_o * centred) / -count
    return ggG * (t0 + t1 + t2)


def _bn_gG(node, ggI):
    """The derivative for the weight (from ggI alone)."""
    count, centred, invstd, _ = _bn_terms(node)
    g_o = node.grad_output
    if not node.training:
        return _sum_exclude_dim1(ggI * g_o * invstd, False)
    return _sum_exclude_dim1(ggI * _first_back_grad_input(g_o, 1.0, centred, invstd, count),
                             False)


_BN_ARGS = ("grad_output", "self", "weight")
# the three gradients of native_batch_norm, each a row of (grad_output, input, weight) as
# ATen's native_batch_norm_backward is one node of them: NativeBatchNormBackwardBackward0
BN_INPUT_GRAD = row(Op("native_batch_norm_backward_input", _bn_input_grad,
                       "NativeBatchNormBackwardBackward0", _BN_ARGS, (
    Rule(lambda node, u: _bn_ggO(node, ggI=u), ("self", "weight"),
         "∂/∂g = the first backward's grad_input of u"),
    Rule(lambda node, u: _bn_gI(node, ggI=u), ("grad_output", "self", "weight"),
         "∂/∂x: batchnorm_double_backward's gI"),
    Rule(lambda node, u: _bn_gG(node, u), ("grad_output", "self"),
         "∂/∂w = Σ u·(the first backward's grad_input with w = 1)")), dtypes="keep"))
BN_WEIGHT_GRAD = row(Op("native_batch_norm_backward_weight", _bn_weight_grad,
                        "NativeBatchNormBackwardBackward0", _BN_ARGS, (
    Rule(lambda node, v: _bn_ggO(node, ggG=v), ("self",), "∂/∂g = v·x̂"),
    Rule(lambda node, v: _bn_gI(node, ggG=v), ("grad_output", "self"),
         "∂/∂x = v·∂x̂/∂x applied to g"),
    Rule(_none, (), "∂/∂w = 0 (undefined)")), dtypes="keep"))
BN_BIAS_GRAD = row(Op("native_batch_norm_backward_bias", _bn_bias_grad,
                      "NativeBatchNormBackwardBackward0", _BN_ARGS, (
    Rule(lambda node, v: _bn_ggO(node, ggB=v), (), "∂/∂g = v"),
    Rule(_none, (), "∂/∂x = 0 (undefined)"),
    Rule(_none, (), "∂/∂w = 0 (undefined)")), dtypes="keep"))


def _bn_backward(op):
    def rule(node, g):
        return apply(op, (g, node.self, node.weight), node.params)
    return rule


NATIVE_BATCH_NORM = row(Op("native_batch_norm", _bn_forward, "NativeBatchNormBackward0",
                           ("self", "weight", "bias"), (
    Rule(_bn_backward(BN_INPUT_GRAD), ("self", "weight"),
         "∂bn/∂x = w·invstd·(g - mean(g) - x̂·mean(g·x̂))"),
    Rule(_bn_backward(BN_WEIGHT_GRAD), ("self", "weight"), "∂bn/∂w = Σ g·x̂"),
    Rule(_bn_backward(BN_BIAS_GRAD), ("self", "weight"), "∂bn/∂b = Σ g")),
    dtypes="keep"))


def _check_bn_param(name: str, t, channels: int) -> None:
    if t is not None and t.numel() != channels:
        raise RuntimeError(f"{name} should contain {channels} elements not {t.numel()}")


@export(torch=False, method=False, functional=True)
def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-05):
    for name, position, value, optional in (("input", 1, input, False),
                                            ("weight", 2, weight, True), ("bias", 3, bias, True),
                                            ("running_mean", 4, running_mean, True),
                                            ("running_var", 5, running_var, True)):
        _must_be_tensor("batch_norm", name, position, value, optional)
    if training:
        size = input.shape
        count = math.prod(size[:1] + size[2:])
        if count == 1:
            raise ValueError(f"Expected more than 1 value per channel when training, got input "
                             f"size {size}")
    # F.batch_norm's own checks of eps (PyTorch 2.13), compared as Python compares them
    try:
        if training and eps <= 0.0:
            raise ValueError(f"batch_norm eps must be positive during training, but got {eps}")
        if eps < 0.0:
            raise ValueError(f"batch_norm eps must be non-negative, but got {eps}")
    except TypeError as e:   # eps='a': Python's refusal of the comparison, raised as such
        raise TypeError(str(e)) from None
    for position, name, value in ((7, "momentum", momentum), (8, "eps", eps)):
        if isinstance(value, Tensor):   # torch.batch_norm's parser takes a 0-d tensor as a float
            if value.ndim:
                raise TypeError(f"batch_norm(): argument '{name}' (position {position}) must be "
                                f"float, not Tensor")
            value = value.item()
        if name == "eps":
            eps = value
        else:
            momentum = value
    channels = input.shape[1] if input.ndim > 1 else 1
    for name, t in (("running_mean", running_mean), ("running_var", running_var)):
        if t is None and not training:
            raise RuntimeError(f"{name} must be defined in evaluation mode")
        _check_bn_param(name, t, channels)
    _check_bn_param("weight", weight, channels)
    _check_bn_param("bias", bias, channels)
    x = input._data
    if training:
        mean, invstd, unbiased = kernels.batch_norm_train(x, eps)
        if running_mean is not None:
            kernels.running_update(running_mean._data, running_var._data, mean, unbiased,
                                   momentum)
            running_mean._version_counter.value += 1
            running_var._version_counter.value += 1
    else:
        mean = running_mean._data.astype(x.dtype)
        invstd = kernels.eval_invstd(running_var._data.astype(x.dtype), eps)
    # the backward of eval mode recomputes invstd, in double
    backward_invstd = invstd if training else \
        (1 / np.sqrt(running_var._data.astype(np.float64) + eps)).astype(x.dtype)
    return apply(NATIVE_BATCH_NORM, (input, weight, bias), {
        "mean": mean, "invstd": invstd, "training": bool(training), "eps": eps,
        "backward_invstd": backward_invstd})


# ---- padding -----------------------------------------------------------------------------
def _pad_slices(shape, pads) -> tuple:
    """The region of the padded tensor that holds the input (negative pads crop)."""
    index = [slice(None)] * len(shape)
    for k in range(len(pads) // 2):
        dim = len(shape) - 1 - k
        before, after = pads[2 * k], pads[2 * k + 1]
        index[dim] = slice(max(before, 0), max(before, 0) + shape[dim] + min(before, 0)
                           + min(after, 0))
    return tuple(index)


def _constant_pad(a, pad, value):
    shape = list(a.shape)
    cropped = [slice(None)] * a.ndim
    for k in range(len(pad) // 2):
        dim = a.ndim - 1 - k
        before, after = pad[2 * k], pad[2 * k + 1]
        cropped[dim] = slice(-min(before, 0), shape[dim] + min(after, 0))
        shape[dim] += before + after
    out = np.full(shape, value, a.dtype)
    out[_pad_slices(a.shape, pad)] = a[tuple(cropped)]
    return out


def _constant_pad_grad(node, g):
    return apply(CONSTANT_PAD, (g,), {"pad": tuple(-p for p in node.pad), "value": 0})


CONSTANT_PAD = row(Op("constant_pad_nd", _constant_pad, "ConstantPadNdBackward0", ("self",), (
    Rule(_constant_pad_grad, (), "∂pad(x)/∂x = g with the padding cut off"),), dtypes="keep"))


def constant_pad(input, pad, value):
    return apply(CONSTANT_PAD, (input,), {"pad": tuple(pad), "value": value})


@export(torch=False, method=False, functional=True)
def pad(input, pad, mode="constant", value=None):
    _must_be_tensor("pad", "input", 1, input)
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if len(pad) // 2 > input.ndim:
        raise RuntimeError("Padding length should be less than or equal to two times the input "
                           "dimension but got padding length " f"{len(pad)} and input of "
                           f"dimension {input.ndim}")
    if mode != "constant":
        raise NotImplementedError(f"gradcli's pad supports mode='constant' only, not '{mode}'")
    return constant_pad(input, [int(p) for p in pad], 0 if value is None else value)


# ---- PReLU -------------------------------------------------------------------------------
# As ATen's prelu: the weight is reshaped (a view) to broadcast along the channels (dim 1) when
# its dims are not the input's, and _prelu_kernel multiplies by it elementwise; the weight's
# gradient has the input's shape and the engine sums it to the weight's, as PyTorch's does.
def _prelu_forward(a, w):
    return np.where(a > 0, a, w * a)


def _prelu_backward_forward(g, x, w):
    """ATen's prelu backward kernel: both gradients, of the input's shape."""
    positive = x > 0
    return np.where(positive, g, w * g), np.where(positive, x.dtype.type(0), x * g)


def _prelu_grads(node, g):
    """The one PreluKernelBackwardBackward0 node both inputs' rules read (ATen's
    _prelu_kernel_backward returns the two gradients from one call): a backward runs the rules
    one after the other with the same `g`, the second takes what the first recorded."""
    if type(node) is not Node:   # a pass on arrays records nothing to share
        return apply(PRELU_BACKWARD, (g, node.self, node.weight))
    shared = node.__dict__.pop("_prelu_grads", None)
    if shared is not None and shared[0] is g:
        return shared[1]
    grads = apply(PRELU_BACKWARD, (g, node.self, node.weight))
    if node.needs[0] and node.needs[1]:
        node._prelu_grads = (g, grads)
    return grads


PRELU = row(Op("_prelu_kernel", _prelu_forward, "PreluKernelBackward0", ("self", "weight"), (
    Rule(lambda node, g: _prelu_grads(node, g)[0], ("self", "weight"),
         "∂prelu/∂x = 1 if x > 0 else a"),
    Rule(lambda node, g: _prelu_grads(node, g)[1], ("self", "weight"),
         "∂prelu/∂a = x if x ≤ 0 else 0"))))


def _prelu_double_grad_output(node, grads):
    # derivatives.yaml's _prelu_kernel_backward: grads[0] and grads[1] either may be undefined
    g0, g1 = grads
    x, w = node.self, node.weight
    if g1 is None:
        return xp.where(x >= 0, g0, g0 * w)
    if g0 is None:
        return xp.where(x >= 0, xp.zeros_like(g1, ()), g1 * x)
    return xp.where(x >= 0, g0, g0 * w + g1 * x)


def _prelu_double_other(node, gg):
    """The second derivative for self (from the weight's gradient, gg = grads[1]) or for the
    weight (from the input's, gg = grads[0]): grad_output·gg where x < 0, else zeros_like(self)."""
    x = node.self
    if gg is None:
        return xp.zeros_like(x)
    return xp.where(x >= 0, xp.zeros_like(gg, ()), node.grad_output * gg)


PRELU_BACKWARD = row(Op("_prelu_kernel_backward", _prelu_backward_forward,
                        "PreluKernelBackwardBackward0", ("grad_output", "self", "weight"), (
    Rule(_prelu_double_grad_output, ("self", "weight"),
         "∂/∂g = u if x ≥ 0 else u·a + v·x (u, v: the two gradients' gradients)"),
    Rule(lambda node, grads: _prelu_double_other(node, grads[1]), ("self", "grad_output"),
         "∂/∂x = g·v where x < 0"),
    Rule(lambda node, grads: _prelu_double_other(node, grads[0]), ("self", "grad_output"),
         "∂/∂a = g·u where x < 0")), dtypes="keep"))


@export(method=False, functional=True)
def prelu(input, weight):
    if weight.numel() != 1:
        if input.ndim == 0:
            raise RuntimeError("Not allow zero-dim input tensor.")
        channels = input.shape[1] if input.ndim > 1 else 1
        if weight.numel() != channels:
            raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found "
                               f"parameter numbers = {weight.numel()} and channel size = "
                               f"{channels}.")
    if weight.ndim > 1:
        raise RuntimeError(f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: "
                           f"ndim = {weight.ndim}")
    if input.ndim != weight.ndim:
        shape = [1] * input.ndim
        if input.ndim > 1:
            shape[1] = weight.numel()
        weight = weight.reshape(shape)
    return apply(PRELU, (input, weight))
