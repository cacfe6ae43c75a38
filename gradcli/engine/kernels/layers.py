"""Bit-exact kernels of torch.nn's layers: convolution as oneDNN's direct kernel accumulates it,
im2col/col2im for ATen's slow path, pooling windows and batch-norm statistics.

Convolution (float32, checked against torch 2.13 on this machine's AVX512 build, one thread):
oneDNN keeps one accumulator per output element for each block of 16 input channels; within a
block it adds w·x with one fused multiply-add per tap, kernel row by kernel row, column by
column, channel by channel (the channels innermost); the blocks' accumulators are then added in
order, the bias after the first block. ATen's slow path (slow_conv2d) is im2col followed by the
BLAS product addmm(bias, W, columns): its bits are the engine's addmm's.
"""
from __future__ import annotations

import numpy as np

from .nn import lane_sum, product_lane_sum

ONEDNN_CHANNEL_BLOCK = 16   # an AVX512 register of float32


def fma32(a, b, c) -> np.ndarray:
    """The exact float32 fused multiply-add (random.py's: imported on first use, since the
    random module costs start-up time)."""
    from .random import fma32 as exact
    return exact(a, b, c)


def fma64(a, b, c) -> np.ndarray:
    from .random import fma64 as exact
    return exact(a, b, c)


def output_size(size: int, kernel: int, stride: int, padding: int, dilation: int,
                ceil_mode: bool = False) -> int:
    """The length of a convolution's or a pooling's output along one dim."""
    span = size + 2 * padding - dilation * (kernel - 1) - 1
    if not ceil_mode:
        return span // stride + 1
    out = -(-span // stride) + 1
    # pooling: the last window must start inside the input or its left padding
    if (out - 1) * stride >= size + padding:
        out -= 1
    return out


def pad2d(x: np.ndarray, padding: tuple[int, int], value=0) -> np.ndarray:
    ph, pw = padding
    if not ph and not pw:
        return x
    return np.pad(x, ((0, 0),) * (x.ndim - 2) + ((ph, ph), (pw, pw)), constant_values=value)


def windows(x: np.ndarray, kernel, stride, dilation, out_hw) -> np.ndarray:
    """A read-only view (N, C, kh, kw, oh, ow) of a padded input: tap (i, j) of every window."""
    n, c, _, _ = x.shape
    kh, kw = kernel
    sn, sc, sh, sw = x.strides
    return np.lib.stride_tricks.as_strided(
        x, (n, c, kh, kw) + tuple(out_hw),
        (sn, sc, sh * dilation[0], sw * dilation[1], sh * stride[0], sw * stride[1]),
        writeable=False)


def im2col(x: np.ndarray, kernel, stride, padding, dilation, out_hw) -> np.ndarray:
    """(N, C·kh·kw, oh·ow): the columns ATen's slow path multiplies by the weight."""
    taps = windows(pad2d(x, padding), kernel, stride, dilation, out_hw)
    n, c = x.shape[:2]
    return np.ascontiguousarray(taps).reshape(n, c * kernel[0] * kernel[1], -1)


def col2im(cols: np.ndarray, shape, kernel, stride, padding, dilation, out_hw) -> np.ndarray:
    """The adjoint of im2col: each column entry added back to its input position; a position
    receives its taps in kernel order, as ATen's col2im adds them."""
    n, c, h, w = shape
    kh, kw = kernel
    (ph, pw), (oh, ow) = padding, out_hw
    image = np.zeros((n, c, h + 2 * ph, w + 2 * pw), cols.dtype)
    taps = cols.reshape(n, c, kh, kw, oh, ow)
    for i in range(kh):
        for j in range(kw):
            r, s = i * dilation[0], j * dilation[1]
            image[:, :, r:r + (oh - 1) * stride[0] + 1:stride[0],
                  s:s + (ow - 1) * stride[1] + 1:stride[1]] += taps[:, :, i, j]
    return image[:, :, ph:ph + h, pw:pw + w]


def direct_conv2d(x: np.ndarray, weight: np.ndarray, bias, stride, padding, dilation,
                  groups: int, out_hw) -> np.ndarray:
    """float32 convolution in oneDNN's order of accumulation (see the module's docstring)."""
    n = x.shape[0]
    out_channels, per_group, kh, kw = weight.shape
    out_per_group = out_channels // groups
    taps = windows(pad2d(x, padding), (kh, kw), stride, dilation, out_hw)
    out = np.empty((n, out_channels) + tuple(out_hw), np.float32)
    for g in range(groups):
        rows = slice(g * out_per_group, (g + 1) * out_per_group)
        total = None
        for start in range(0, per_group, ONEDNN_CHANNEL_BLOCK):
            acc = np.zeros((n, out_per_group) + tuple(out_hw), np.float32)
            for i in range(kh):
                for j in range(kw):
                    for k in range(start, min(start + ONEDNN_CHANNEL_BLOCK, per_group)):
                        w = weight[rows, k, i, j][None, :, None, None]
                        acc = fma32(w, taps[:, g * per_group + k, i, j][:, None], acc)
            if total is None:
                total = acc if bias is None else acc + bias[rows, None, None]
            else:
                total = total + acc
        out[:, rows] = total
    return out


def direct_conv2d_input_grad(g: np.ndarray, weight: np.ndarray, shape, stride, padding,
                             dilation, groups: int) -> np.ndarray:
    """oneDNN's backward-data: each input element takes w·g by fused multiply-adds, tap row by
    tap row, column by column, output channel by output channel (innermost), one accumulator
    per block of 16 output channels, the blocks added in order."""
    n, channels, h, w = shape
    out_channels, per_group, kh, kw = weight.shape
    out_per_group = out_channels // groups
    (ph, pw), (sh, sw), (dh, dw) = padding, stride, dilation
    oh, ow = g.shape[2:]
    grad = np.empty((n, channels, h, w), np.float32)
    for k in range(groups):
        total = None
        for start in range(0, out_per_group, ONEDNN_CHANNEL_BLOCK):
            acc = np.zeros((n, per_group, h + 2 * ph + sh, w + 2 * pw + sw), np.float32)
            for i in range(kh):
                for j in range(kw):
                    rows = slice(i * dh, i * dh + (oh - 1) * sh + 1, sh)
                    cols = slice(j * dw, j * dw + (ow - 1) * sw + 1, sw)
                    for o in range(k * out_per_group + start,
                                   k * out_per_group + min(start + ONEDNN_CHANNEL_BLOCK,
                                                           out_per_group)):
                        wv = weight[o, :, i, j][None, :, None, None]
                        acc[:, :, rows, cols] = fma32(wv, g[:, o][:, None], acc[:, :, rows, cols])
            acc = acc[:, :, ph:ph + h, pw:pw + w]
            total = acc if total is None else total + acc
        grad[:, k * per_group:(k + 1) * per_group] = total
    return grad


def direct_conv2d_weight_grad(g: np.ndarray, x: np.ndarray, kernel, stride, padding, dilation,
                              groups: int) -> np.ndarray:
    """oneDNN's backward-weights: each weight takes g·x by fused multiply-adds over images,
    output rows and output columns, in that order."""
    n, channels = x.shape[:2]
    out_channels, oh, ow = g.shape[1:]
    per_group, out_per_group = channels // groups, out_channels // groups
    taps = windows(pad2d(x, padding), kernel, stride, dilation, (oh, ow))
    grad = np.empty((out_channels, per_group) + tuple(kernel), np.float32)
    for k in range(groups):
        outs = slice(k * out_per_group, (k + 1) * out_per_group)
        ins = slice(k * per_group, (k + 1) * per_group)
        acc = np.zeros((out_per_group, per_group) + tuple(kernel), np.float32)
        for b in range(n):
            for r in range(oh):
                for c in range(ow):
                    acc = fma32(g[b, outs, r, c][:, None, None, None],
                                taps[b, ins, :, :, r, c][None], acc)
        grad[outs] = acc
    return grad


def sequential_sum(g: np.ndarray) -> np.ndarray:
    """oneDNN's bias gradient: per channel (dim 1), every element added in memory order."""
    return np.cumsum(np.moveaxis(g, 1, 0).reshape(g.shape[1], -1), axis=1,
                     dtype=g.dtype)[:, -1]


# ---- pooling -----------------------------------------------------------------------------
def max_pool2d(x: np.ndarray, kernel, stride, padding, dilation, out_hw) -> tuple:
    """The maximum of each window and its flat index h·W + w in the input: ATen's scan takes a
    tap when it is greater than the maximum so far or is nan, so ties keep the first."""
    n, c, h, w = x.shape
    fill = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
    # pad past the right edge too: ceil_mode windows may run over it
    (ph, pw), (oh, ow) = padding, out_hw
    extra_h = max(0, (oh - 1) * stride[0] + (kernel[0] - 1) * dilation[0] + 1 - h - 2 * ph)
    extra_w = max(0, (ow - 1) * stride[1] + (kernel[1] - 1) * dilation[1] + 1 - w - 2 * pw)
    padded = np.pad(x, ((0, 0), (0, 0), (ph, ph + extra_h), (pw, pw + extra_w)),
                    constant_values=fill)
    taps = windows(padded, kernel, stride, dilation, out_hw)
    rows = (np.arange(oh) * stride[0] - ph)[:, None]
    cols = (np.arange(ow) * stride[1] - pw)[None, :]
    best = taps[:, :, 0, 0].copy()
    index = np.broadcast_to(rows * w + cols, best.shape).copy()
    for i in range(kernel[0]):
        for j in range(kernel[1]):
            if i == 0 and j == 0:
                continue
            tap = taps[:, :, i, j]
            take = (tap > best) | np.isnan(tap) if x.dtype.kind == "f" else tap > best
            best = np.where(take, tap, best)
            index = np.where(take, (rows + i * dilation[0]) * w + cols + j * dilation[1], index)
    return best, index


def pool_bounds(size: int, kernel: int, stride: int, padding: int, out: int) -> tuple:
    """Each window's [start, end) in the padded-by-`padding` frame clipped to size + padding,
    as ATen's avg_pool2d computes them (the divisor counts padding inside that frame)."""
    start = np.arange(out) * stride - padding
    end = np.minimum(start + kernel, size + padding)
    return start, end


def avg_pool2d(x: np.ndarray, kernel, stride, padding, out_hw, count_include_pad: bool,
               divisor_override) -> np.ndarray:
    """Each window's sum, in row-major tap order, divided by ATen's divisor."""
    n, c, h, w = x.shape
    out = np.empty((n, c) + tuple(out_hw), x.dtype)
    h0, h1 = pool_bounds(h, kernel[0], stride[0], padding[0], out_hw[0])
    w0, w1 = pool_bounds(w, kernel[1], stride[1], padding[1], out_hw[1])
    for oi in range(out_hw[0]):
        for oj in range(out_hw[1]):
            pool = (h1[oi] - h0[oi]) * (w1[oj] - w0[oj])
            hs, he = max(h0[oi], 0), min(h1[oi], h)
            ws, we = max(w0[oj], 0), min(w1[oj], w)
            total = np.zeros((n, c), x.dtype)
            for r in range(hs, he):
                for s in range(ws, we):
                    total = total + x[:, :, r, s]
            if divisor_override:
                divisor = divisor_override
            else:
                divisor = pool if count_include_pad else (he - hs) * (we - ws)
            out[:, :, oi, oj] = total / x.dtype.type(divisor) if x.dtype.kind == "f" \
                else total // divisor
    return out


def adaptive_bounds(size: int, out: int) -> tuple:
    """ATen's adaptive windows: [⌊i·size/out⌋, ⌈(i+1)·size/out⌉)."""
    i = np.arange(out)
    return (i * size) // out, -((-(i + 1) * size) // out)


def adaptive_avg_pool2d(x: np.ndarray, out_hw) -> np.ndarray:
    """Each adaptive window's sum, in row-major order, divided by its height and width."""
    n, c, h, w = x.shape
    out = np.empty((n, c) + tuple(out_hw), x.dtype)
    h0, h1 = adaptive_bounds(h, out_hw[0])
    w0, w1 = adaptive_bounds(w, out_hw[1])
    for oi in range(out_hw[0]):
        for oj in range(out_hw[1]):
            total = np.zeros((n, c), x.dtype)
            for r in range(h0[oi], h1[oi]):
                for s in range(w0[oj], w1[oj]):
                    total = total + x[:, :, r, s]
            # ATen divides by the window's height, then by its width
            out[:, :, oi, oj] = total / x.dtype.type(h1[oi] - h0[oi]) / x.dtype.type(
                w1[oj] - w0[oj])
    return out


def adaptive_max_pool2d(x: np.ndarray, out_hw) -> np.ndarray:
    """The flat index h·W + w of each adaptive window's maximum: ATen's scan takes a tap when it
    is greater than the maximum so far or is nan, so ties keep the first."""
    n, c, h, w = x.shape
    index = np.zeros((n, c) + tuple(out_hw), np.int64)
    h0, h1 = adaptive_bounds(h, out_hw[0])
    w0, w1 = adaptive_bounds(w, out_hw[1])
    for oi in range(out_hw[0]):
        for oj in range(out_hw[1]):
            best = x[:, :, h0[oi], w0[oj]]
            at = np.full((n, c), h0[oi] * w + w0[oj], np.int64)
            for r in range(h0[oi], h1[oi]):
                for s in range(w0[oj], w1[oj]):
                    tap = x[:, :, r, s]
                    take = (tap > best) | np.isnan(tap)
                    best = np.where(take, tap, best)
                    at = np.where(take, r * w + s, at)
            index[:, :, oi, oj] = at
    return index


# ---- batch normalisation -----------------------------------------------------------------
def _fma(a, b, c):
    """The fused multiply-add the compiler makes of a*b + c in ATen's batch-norm loops."""
    if np.result_type(a, b, c) == np.float32:
        return fma32(a, b, c)
    return fma64(np.asarray(a, np.float64), b, c)


def batch_stats(x: np.ndarray) -> tuple:
    """The mean and the sum of squared deviations per channel (dim 1), as ATen collects them
    with one thread: for (N, C) input, rows added in the input's precision (the channels-last
    kernel); otherwise each channel's values added in order in double."""
    channels = x.shape[1]
    if x.size == x.shape[0] * channels:
        rows = x.reshape(-1, channels)
        count = rows.shape[0]
        total = np.cumsum(rows, axis=0, dtype=x.dtype)[-1]
        mean = (total.astype(np.float64) / count).astype(x.dtype)
        squares = np.zeros(channels, x.dtype)
        for row in rows:
            d = row - mean
            squares = _fma(d, d, squares)
        return mean, squares, count
    values = np.moveaxis(x, 1, 0).reshape(channels, -1)
    count = values.shape[1]
    mean = (np.cumsum(values, axis=1, dtype=np.float64)[:, -1] / count).astype(x.dtype)
    d = values - mean[:, None]
    squares = np.cumsum(d * d, axis=1, dtype=np.float64)[:, -1].astype(x.dtype)
    return mean, squares, count


def batch_norm_train(x: np.ndarray, eps: float) -> tuple:
    """(mean, invstd, the unbiased variance) of a training batch."""
    mean, squares, count = batch_stats(x)
    dt = x.dtype.type
    invstd = (1 / np.sqrt((squares / dt(count)).astype(np.float64) + eps)).astype(x.dtype)
    unbiased = (squares / dt(count - 1)).astype(x.dtype) if count > 1 else \
        np.full_like(squares, np.nan)
    return mean, invstd, unbiased


def eval_invstd(running_var: np.ndarray, eps: float) -> np.ndarray:
    dt = running_var.dtype.type
    return dt(1) / np.sqrt(running_var + dt(eps))


def batch_norm_apply(x: np.ndarray, mean: np.ndarray, invstd: np.ndarray, weight, bias
                     ) -> np.ndarray:
    """x·α + β with α = invstd·weight and β = bias - mean·α, fused as the compiler fuses."""
    dt = x.dtype.type
    alpha = invstd * (weight if weight is not None else dt(1))
    beta = _fma(-mean, alpha, bias if bias is not None else np.zeros_like(mean))
    shape = (1, -1) + (1,) * (x.ndim - 2)
    return _fma(x, alpha.reshape(shape), beta.reshape(shape))


def running_update(running_mean: np.ndarray, running_var: np.ndarray, mean: np.ndarray,
                   unbiased: np.ndarray, momentum: float) -> None:
    """running ← momentum·batch + (1 - momentum)·running, in place; the variance's sum in
    double, as ATen's mixes types there."""
    dt = running_mean.dtype.type
    m = dt(momentum)
    keep = dt(1) - m
    running_mean[...] = m * mean + keep * running_mean
    running_var[...] = (np.float64(m) * unbiased.astype(np.float64)
                        + (keep * running_var).astype(np.float64)).astype(running_var.dtype)


# batch norm's backward is ATen's AVX2 kernel (32-byte vectors), as measured
BN_BACKWARD_WIDTH = 32


def batch_norm_sums(x: np.ndarray, g: np.ndarray, mean: np.ndarray) -> tuple:
    """Σg and Σ(x - mean)·g per channel, as ATen's batch_norm_cpu_backward adds them with one
    thread: for (N, C) input (the channels-last kernel) row after row in the input's precision,
    the products fused; otherwise a vector reduction per image, added up in double."""
    channels = x.shape[1]
    if x.size == x.shape[0] * channels:
        rows, grads = x.reshape(-1, channels), g.reshape(-1, channels)
        dot = np.zeros(channels, x.dtype)
        for row, grad in zip(rows, grads):
            dot = _fma(row - mean, grad, dot)
        return np.cumsum(grads, axis=0, dtype=x.dtype)[-1], dot
    xs, gs = x.reshape(x.shape[0], channels, -1), g.reshape(x.shape[0], channels, -1)
    total = np.zeros(channels)
    dot = np.zeros(channels)
    for b in range(x.shape[0]):
        total += lane_sum(gs[b], BN_BACKWARD_WIDTH)
        dot += product_lane_sum(xs[b] - mean[:, None], gs[b], BN_BACKWARD_WIDTH)
    return total, dot


def batch_norm_input_grad(x: np.ndarray, g: np.ndarray, weight: np.ndarray, mean: np.ndarray,
                          invstd: np.ndarray, training: bool) -> np.ndarray:
    """∂x: g·invstd·w in eval mode (where `invstd` is the one the backward recomputes,
    1/√(running_var + eps) in double); in training (g - Σg/n - (x - mean)·k)·invstd·w with
    k = Σ(x - mean)·g · invstd² / n, fused as the compiler fuses (for (N, C) input: in vectors
    of channels, and not in the scalar tail)."""
    dt = x.dtype.type
    channels = x.shape[1]
    shape = (1, -1) + (1,) * (x.ndim - 2)
    if not training:
        return g * invstd.reshape(shape) * weight.reshape(shape)
    total, dot = batch_norm_sums(x, g, mean)
    count = x.size // channels
    if x.size == x.shape[0] * channels:
        k = dot * invstd * invstd / dt(count)
        rest = g.reshape(-1, channels) - total / dt(count)
        centred = x.reshape(-1, channels) - mean
        dx = rest - centred * k
        vector = channels - channels % (BN_BACKWARD_WIDTH // x.itemsize)
        dx[:, :vector] = _fma(-centred[:, :vector], k[:vector], rest[:, :vector])
        return (dx * invstd * weight).reshape(x.shape)
    k = (dot.astype(x.dtype) * invstd * invstd / dt(count)).reshape(shape)
    grad_mean = (total / count).astype(x.dtype).reshape(shape)
    dx = _fma(-(x - mean.reshape(shape)), k, g - grad_mean)
    return dx * invstd.reshape(shape) * weight.reshape(shape)
