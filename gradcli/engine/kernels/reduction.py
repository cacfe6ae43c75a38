"""Bit-exact reductions: the orders in which PyTorch's CPU kernels add (and multiply) floats,
for sums, products, norms, variances, logsumexp and cumulative sums."""
from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from . import vml
from .fma import fma32, fma64
from .pointwise import round32

# ---- PyTorch's float reduction order: sums and products ---------------------------------------
# at::sum on the CPU (aten/src/ATen/native/cpu/SumKernel.cpp, the AVX2 build: 32-byte vectors,
# also used on AVX512 machines) adds in a fixed order. TensorIterator moves the reduced dims
# first, sorts the rest by stride and merges contiguous dims; each 2-d tile then goes through
# one of four kernels built on `multi_row_sum`, a 4-level cascade, and every tile's result is
# added into the output. Following that order gives float sums equal to PyTorch's bit for bit
# (checked against torch 2.13 on random shapes, dims, layouts and both float dtypes, one thread,
# as recordings are made).
VECTOR_BYTES = 32
LEVELS = 4


def _iteration(a: np.ndarray, axes: tuple, pad: int = 0) -> tuple:
    """TensorIterator's layout of a reduction: `a` viewed with its dims reordered (fastest
    first, reduced ones before the others) and merged, at least `pad` of them, with the
    input strides (bytes) and the output strides (elements; 0 on reduced dims)."""
    if min(a.strides, default=0) < 0:
        a = np.ascontiguousarray(a)
    shape, ins, outs = _layout(a.shape, a.strides, tuple(axes), pad)
    return np.lib.stride_tricks.as_strided(a, shape, ins, writeable=False), list(ins), list(outs)


def iteration_order(shape, operands, reduction: bool = False) -> list[int]:
    """TensorIterator's reorder_dimensions: the dims fastest first, by an insertion sort from
    the last dim down; a pair is ordered by the first operand whose strides (in `operands`,
    broadcast dims 0) tell them apart, and left in place when none does. In a reduction the
    output comes first and its reduced dims go to the front."""
    def should_swap(d0: int, d1: int) -> int:
        for k, strides in enumerate(operands):
            s0, s1 = strides[d0], strides[d1]
            if reduction and k == 0 and (s0 == 0) != (s1 == 0):
                return 1 if s1 == 0 else -1
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return -1 if s0 < s1 else 1
            if shape[d0] > shape[d1]:
                return 1
        return 0
    perm = list(range(len(shape)))[::-1]
    for i in range(1, len(shape)):
        d1 = i
        for d0 in range(i - 1, -1, -1):
            order = should_swap(perm[d0], perm[d1])
            if order > 0:
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif order < 0:
                break
    return perm


@lru_cache(maxsize=4096)
def _layout(shape: tuple, strides: tuple, axes: tuple, pad: int) -> tuple:
    """_iteration's dims for one layout (a pure function of it, so kept once worked out)."""
    ndim = len(shape)
    shape, ins, outs, run = list(shape), list(strides), [0] * ndim, 1
    for d in range(ndim - 1, -1, -1):
        if d not in axes:
            outs[d], run = run, run * shape[d]

    perm = iteration_order(shape, (outs, ins), reduction=True)
    shape = [shape[p] for p in perm]
    strides = [[ins[p] for p in perm], [outs[p] for p in perm]]
    last = 0
    for d in range(1, len(shape)):
        if shape[last] == 1 or shape[d] == 1 or all(shape[last] * s[last] == s[d]
                                                    for s in strides):
            if shape[last] == 1:
                for s in strides:
                    s[last] = s[d]
            shape[last] *= shape[d]
        else:
            last += 1
            for s in strides:
                s[last] = s[d]
            shape[last] = shape[d]
    n = min(len(shape), last + 1)
    extra = max(0, pad - n)
    return (tuple(shape[:n] + [1] * extra), tuple(strides[0][:n] + [0] * extra),
            tuple(strides[1][:n] + [0] * extra))


def _in_order(*runs: np.ndarray) -> np.ndarray:
    """The rows of `runs` added one after another (np.cumsum never reorders)."""
    return np.cumsum(np.concatenate(runs), axis=0)[-1]


def _cascade(rows: np.ndarray) -> np.ndarray:
    """multi_row_sum: rows added in order along axis 0 into four levels of partial sums.

    Blocks of `step` rows add in order into level 0; each block's total is added into level 1,
    which after `step` blocks is added into level 2 and starts again from 0, and so on up to
    the last level, which keeps everything. Each level is therefore the in-order sums of
    groups of `step` totals of the level below (from 0), and what a level holds at the end is
    its last, unfinished group's sum.
    """
    m = rows.shape[0]
    power = max(4, ((m - 1).bit_length() if m > 2 else 1) // LEVELS)
    step = 1 << power
    zero = np.zeros((1,) + rows.shape[1:], rows.dtype)
    full = m - m % step
    totals = _block_totals(rows[:full], step) if full else zero[:0]
    held = []
    for _ in range(1, LEVELS - 1):
        if totals.shape[0] < step:   # no whole group: this level holds them all, those above 0
            held.append(_in_order(zero, totals) if totals.shape[0] else zero[0])
            totals = totals[:0]
        else:
            totals, unfinished = _group_sums(totals, step, zero)
            held.append(unfinished)
    held.append(_in_order(zero, totals) if totals.shape[0] else zero[0])
    # level 0 starts again from 0 for the leftover rows, then takes the other levels
    return _in_order(zero, rows[full:], np.stack(held))


BLOCK_CHUNK = 1 << 16   # elements per np.cumsum over blocks: its temporary stays in the cache


def _block_totals(rows: np.ndarray, step: int) -> np.ndarray:
    """Each block of `step` rows added in order (rows a multiple of step), a few blocks at a
    time: one cumsum over a large array would write a temporary as large as it."""
    rest = rows.shape[1:]
    blocks = rows.reshape((rows.shape[0] // step, step) + rest)
    per = max(1, BLOCK_CHUNK // (step * max(1, math.prod(rest))))
    if blocks.shape[0] <= per:
        return np.cumsum(blocks, axis=1)[:, -1]
    return np.concatenate([np.cumsum(blocks[i:i + per], axis=1)[:, -1]
                           for i in range(0, blocks.shape[0], per)])


def _group_sums(totals: np.ndarray, step: int, zero: np.ndarray) -> tuple:
    """The in-order sums from 0 of each whole group of `step` totals, and of the rest."""
    n = totals.shape[0] // step
    groups = totals[:n * step].reshape((n, step) + totals.shape[1:])
    starts = np.zeros((n, 1) + totals.shape[1:], totals.dtype)
    return (np.cumsum(np.concatenate((starts, groups), axis=1), axis=1)[:, -1],
            _in_order(zero, totals[n * step:]))


def _row_sum(x: np.ndarray) -> np.ndarray:
    """row_sum: axis 0 read as rows of 4 interleaved accumulators, then the leftovers."""
    k = x.shape[0] // 4
    if k:
        parts = _cascade(x[:4 * k].reshape((k, 4) + x.shape[1:]))
    else:
        parts = np.zeros((4,) + x.shape[1:], x.dtype)
    return _in_order(parts[:1], x[4 * k:], parts[1:])


def _inner_sum(x: np.ndarray, lanes: int) -> np.ndarray:
    """vectorized_inner_sum: vectors of `lanes` along contiguous axis 0, then from 0 the
    scalar tail and the lanes in order."""
    v = x.shape[0] // lanes
    vector = _row_sum(x[:v * lanes].reshape((v, lanes) + x.shape[1:]))
    return _in_order(np.zeros((1,) + x.shape[1:], x.dtype), x[v * lanes:], vector)


def _outer_sum(x: np.ndarray, block: int) -> np.ndarray:
    """vectorized/scalar_outer_sum: whole blocks of columns cascade, the other columns row_sum."""
    c = x.shape[1] - x.shape[1] % block
    return np.concatenate((_cascade(x[:, :c]), _row_sum(x[:, c:])), axis=0)


def _reduced_last(x: np.ndarray, outs: list) -> tuple:
    """`x` with its reduced axes merged into a last axis, in the order the iterator visits
    them (fastest first), and the output strides of the axes kept before it."""
    kept = [i for i, s in enumerate(outs) if s]
    folded = [i for i, s in enumerate(outs) if not s]
    x = np.transpose(x, kept + folded[::-1])
    return x.reshape(x.shape[:len(kept)] + (-1,)), [outs[i] for i in kept]


def _place(values: np.ndarray, outs: list, keep_shape: tuple) -> np.ndarray:
    """An output of `keep_shape` holding each value at the offset its output strides give."""
    offsets = np.zeros(values.shape, np.int64)
    for axis, stride in enumerate(outs):
        offsets = offsets + np.arange(values.shape[axis]).reshape(
            (-1,) + (1,) * (values.ndim - axis - 1)) * stride
    out = np.zeros(math.prod(keep_shape), values.dtype)
    out[offsets.reshape(-1)] = values.reshape(-1)
    return out.reshape(keep_shape)


def _to_output(part: np.ndarray, outs: list, keep_shape: tuple) -> np.ndarray:
    """Add each output's terms in `part` one after another in the iterator's order, from 0."""
    terms, kept = _reduced_last(part, outs)
    # the output starts at 0: adding it last also turns a -0 total into +0, as PyTorch's does
    totals = np.cumsum(terms, axis=-1, dtype=terms.dtype)[..., -1] + np.zeros((), terms.dtype)
    return _place(totals, kept, keep_shape)


# ---- small sums, where the order is known without the kernels ---------------------------------
# Zeros that the kernels add on the way (accumulators start at 0) change only the sign of a zero
# partial sum, which nothing after it can tell, and every path ends by adding the output's 0.
def _few_terms(a: np.ndarray, axes: tuple, keep_shape: tuple) -> np.ndarray:
    """Outputs of at most two terms: every kernel adds the one at the lower index first."""
    kept = [i for i in range(a.ndim) if i not in axes]
    if kept != list(range(len(kept))):       # the reduced axes last (np.moveaxis costs more)
        a = a.transpose(kept + list(axes))
    terms = a.reshape([a.shape[i] for i in range(len(kept))] + [-1])
    total = terms[..., 0] + terms[..., 1] if terms.shape[-1] == 2 else terms[..., 0]
    return (total + np.zeros((), a.dtype)).reshape(keep_shape)


@lru_cache(maxsize=None)
def _short_run_order(n: int) -> np.ndarray:
    """row_sum's order for a run shorter than a vector (at most one row of 4 lanes): lane 0,
    the tail, then lanes 1 to 3, each lane a single element."""
    return np.array([0, *range(4, n), 1, 2, 3] if n >= 4 else range(n), np.intp)


def ordered_sum(a: np.ndarray, axes: tuple) -> np.ndarray:
    """The float sum of `a` over `axes` (keepdim shape), added in PyTorch's order."""
    keep_shape = tuple(1 if i in axes else s for i, s in enumerate(a.shape))
    if a.dtype == np.float16:
        return ordered_sum(a.astype(np.float32), axes).astype(np.float16)
    if a.size == 0:
        return np.zeros(keep_shape, a.dtype)
    if math.prod(a.shape[i] for i in axes) <= 2:
        return _few_terms(a, axes, keep_shape)
    lanes = VECTOR_BYTES // a.itemsize
    if len(axes) == a.ndim and (a.flags.c_contiguous or a.flags.f_contiguous):
        # the common case, in short: one contiguous run, one tile (+ 0: the output's start)
        flat = a.ravel(order="K")
        if flat.size < lanes:
            part = np.cumsum(flat[_short_run_order(flat.size)])[-1]
        else:
            part = _inner_sum(flat, lanes)
        return (part + np.zeros((), a.dtype)).reshape(keep_shape)
    x, ins, outs = _iteration(a, axes, pad=2)  # the kernel always sees a 2-d tile
    if outs[0] and not outs[1]:
        x = np.swapaxes(x, 0, 1)
        ins[:2], outs[:2] = ins[1::-1], outs[1::-1]
    if outs[0]:
        # nothing left to reduce in the tile: the output takes the elements one by one
        return _to_output(x, outs, keep_shape)
    item = a.itemsize
    if ins[0] == item and x.shape[0] >= lanes:
        part = _inner_sum(x, lanes)
    elif ins[1] == item and x.shape[1] >= lanes:
        part = _outer_sum(x, 4 * lanes)
    elif ins[0] < ins[1]:
        part = _row_sum(x)
    else:
        part = _outer_sum(x, 4)
    return _to_output(part, outs[1:], keep_shape)


def ordered_product(a: np.ndarray, axes: tuple) -> np.ndarray:
    """The float product of `a` over `axes` (keepdim shape), multiplied in PyTorch's order:
    binary_kernel_reduce_vec (aten/src/ATen/native/cpu/Reduce.h) on the same tiles as a sum."""
    keep_shape = tuple(1 if i in axes else s for i, s in enumerate(a.shape))
    if a.size == 0:
        return np.ones(keep_shape, a.dtype)
    x, ins, outs = _iteration(a, axes, pad=2)
    item, lanes = a.itemsize, VECTOR_BYTES // a.itemsize
    width = 4 * lanes
    if outs[0]:
        # nothing left to reduce in the tile: each output takes its element
        terms, outs = x[None], [0] + outs
    elif ins[0] == item:
        # vectorized_inner_reduction: 4 vectors at a time, the lanes in order, then the tail
        count = x.shape[0] // width
        lead = x[:0]
        if count:
            acc = np.cumprod(x[:count * width].reshape((count, 4, lanes) + x.shape[1:]), axis=0)
            acc = (acc[-1, 0] * acc[-1, 1]) * (acc[-1, 2] * acc[-1, 3])
            lead = np.cumprod(acc, axis=0)[-1:]
        terms, outs = np.concatenate((lead, x[count * width:])), [0] + outs[1:]
    elif outs[1] == 1 and ins[1] == item:
        # vectorized_outer_reduction: whole blocks of columns multiply their rows first, the
        # other columns multiply into the output one row at a time
        c = x.shape[1] - x.shape[1] % width
        column = np.cumprod(x[:, :c], axis=0)
        blocks = np.concatenate((column[-1:], np.ones_like(column[1:])))
        terms, outs = np.concatenate((blocks, x[:, c:]), axis=1), [0] + outs[1:]
    else:
        terms, outs = x, [0] + outs[1:]
    values, kept = _reduced_last(terms, outs)
    return _place(np.cumprod(values, axis=-1)[..., -1], kept, keep_shape)


# ---- PyTorch's float norm order (aten/src/ATen/native/cpu/ReduceOpsKernel.cpp) ----------------
def _last_dim_norm(rows: np.ndarray) -> np.ndarray:
    """The vectorised 2-norm along the last axis: lanes of squares, the lanes in order, then
    the tail, which the compiler adds four squares at a time and ends with fused multiply-adds."""
    shape, n = rows.shape[:-1], rows.shape[-1]
    rows = rows.reshape(-1, n)
    lanes = VECTOR_BYTES // rows.itemsize
    d = n - n % lanes
    quads = d + 4 * ((n - d) // 4)
    squares = rows[:, :quads] * rows[:, :quads]
    # np.cumsum adds one after another: the lanes down the vectors, then across, then the tail
    acc = np.cumsum(squares[:, :d].reshape(len(rows), d // lanes, lanes), axis=1)[:, -1] if d \
        else np.zeros((len(rows), lanes), rows.dtype)
    total = np.cumsum(np.concatenate((acc, squares[:, d:]), axis=1), axis=1)[:, -1]
    if quads < n:
        for i in range(quads, n):
            x = rows[:, i]
            total = (fma32 if x.dtype == np.float32 else fma64)(x, x, total)
    return np.sqrt(total).reshape(shape)


def _short_norm(values: list, dtype: np.dtype) -> float:
    """_last_dim_norm of a run shorter than a vector, in Python floats (a float32 operation is a
    float64 one rounded once): the squares added in order from 0, then the tail's fused
    multiply-adds."""
    rounded, fma = _SHORT_NORM[dtype]
    quads = len(values) - len(values) % 4
    total = 0.0
    for v in values[:quads]:
        total = rounded(total + rounded(v * v))
    for v in values[quads:]:
        x = np.array([v], dtype)
        total = float(fma(x, x, np.array([total], dtype))[0])
    return rounded(math.sqrt(total))


_SHORT_NORM = {np.dtype(np.float32): (round32, fma32), np.dtype(np.float64): (float, fma64)}


def vector_norm(a: np.ndarray, ord, axes: tuple) -> np.ndarray:
    """linalg.vector_norm over `axes` (keepdim shape): the 2-norm of contiguous rows vectorised,
    the others element by element in memory order (binary_kernel_reduce). float16 is reduced
    in float32, its accumulate type, and rounded once at the end, as ATen's half kernels do."""
    if a.dtype == np.float16:
        return vector_norm(a.astype(np.float32), ord, axes).astype(np.float16)
    whole = ord == 2 and len(axes) == a.ndim and (a.flags.c_contiguous or a.flags.f_contiguous)
    if whole and 1 < a.size < VECTOR_BYTES // a.itemsize and a.dtype in _SHORT_NORM:
        return np.full((1,) * a.ndim, _short_norm(a.ravel(order="K").tolist(), a.dtype), a.dtype)
    keep_shape = tuple(1 if i in axes else s for i, s in enumerate(a.shape))
    if all(a.shape[i] == 1 for i in axes):
        return np.abs(a) if ord else (a != 0).astype(a.dtype)
    if a.size == 0:
        return np.full(keep_shape, math.inf if ord < 0 else 0, a.dtype)
    if whole:
        # one contiguous run: the iterator's single row, without working out its layout
        row = _last_dim_norm(a.ravel(order="K").reshape(1, -1))
        return (row + np.zeros((), a.dtype)).reshape(keep_shape)
    return _strided_norm(a, ord, axes, keep_shape)


def _strided_norm(a: np.ndarray, ord, axes: tuple, keep_shape: tuple) -> np.ndarray:
    x, ins, outs = _iteration(a, axes)
    if ord in (math.inf, -math.inf):
        return (np.amax if ord > 0 else np.amin)(np.abs(a), axis=axes, keepdims=True)
    if ord == 2 and ins[0] == a.itemsize and outs.count(0) == 1:
        return _to_output(_last_dim_norm(np.moveaxis(x, 0, -1)), outs[1:], keep_shape)
    if ord == 0:
        return _to_output((x != 0).astype(a.dtype), outs, keep_shape)
    if ord == 1:
        return _to_output(np.abs(x), outs, keep_shape)
    if ord == 2:
        return np.sqrt(_to_output(x * x, outs, keep_shape))
    # NormOps: libm's pow in a's precision, which NumPy's float32 power is not
    p = a.dtype.type(ord)
    total = _to_output(_pow(np.abs(x), p), outs, keep_shape)
    return _pow(total, a.dtype.type(1) / p)


def _pow(x: np.ndarray, p) -> np.ndarray:
    # libm's pow (powf for float32), which NumPy's scalars call and its vectorised loops do not
    kind = x.dtype.type
    return np.fromiter((kind(v) ** p for v in x.ravel().tolist()), x.dtype,
                       count=x.size).reshape(x.shape)


def moments(a: np.ndarray, axes: tuple, correction, root: bool) -> np.ndarray:
    """var (or std) in double, rounded once, as ReduceOps.cpp computes it: one output from the
    mean in a's dtype and Σ(x - mean)² in memory order, several by Welford's update."""
    keep_shape = tuple(1 if i in axes else s for i, s in enumerate(a.shape))
    if a.size == 0:
        var = np.full(keep_shape, math.nan)
    elif math.prod(keep_shape) == 1:
        total = ordered_sum(a, tuple(range(a.ndim))).reshape(())
        mean = float(total / np.asarray(a.size, a.dtype))
        deviation = a.ravel(order="K").astype(np.float64) - mean
        squares = np.cumsum(deviation * deviation)[-1]
        var = np.full(keep_shape, squares / max(0.0, a.size - correction))
    else:
        var = _welford(a, axes, correction, keep_shape)[0]
    return (np.sqrt(var) if root else var).astype(a.dtype)


def _welford(a: np.ndarray, axes: tuple, correction, keep_shape: tuple) -> tuple:
    """The variance and the mean (double) by Welford's update over each output's terms in
    memory order (WelfordOps)."""
    x, _ins, outs = _iteration(a, axes)
    terms, kept = _reduced_last(x.astype(np.float64), outs)
    mean = m2 = np.zeros(terms.shape[:-1])
    for i in range(terms.shape[-1]):
        delta = terms[..., i] - mean
        mean = mean + delta / (i + 1)
        m2 = m2 + delta * (terms[..., i] - mean)
    n = terms.shape[-1]
    return (_place(m2 / (n - correction if n > correction else 0), kept, keep_shape),
            _place(mean, kept, keep_shape))


def moments_and_mean(a: np.ndarray, axes: tuple, correction, root: bool) -> tuple:
    """std_mean/var_mean: both from one Welford pass in double (WelfordOps), each rounded
    once, whatever the number of outputs."""
    keep_shape = tuple(1 if i in axes else s for i, s in enumerate(a.shape))
    if a.size == 0:
        nan = np.full(keep_shape, math.nan, a.dtype)
        return nan, nan.copy()
    var, mean = _welford(a, axes, correction, keep_shape)
    return (np.sqrt(var) if root else var).astype(a.dtype), mean.astype(a.dtype)


def logsumexp(a: np.ndarray, axes: tuple) -> np.ndarray:
    """at::logsumexp over `axes` (keepdim shape): shift by the max (kept at 0 where it is
    infinite), exp, sum, log, shift back. The exp and the log are the ops torch.exp_ and
    torch.log_, MKL's in both precisions (checked against torch on random shapes and dims)."""
    exp, log = vml.exp, vml.log
    if a.size == 0:
        total = log(ordered_sum(exp(a), axes))
    else:
        peak = np.amax(a, axis=axes, keepdims=True)
        peak = np.where(np.isinf(peak), 0, peak).astype(a.dtype)
        total = log(ordered_sum(exp(a - peak), axes)) + peak
    return total


def cumulative_sum(a: np.ndarray, axis: int) -> np.ndarray:
    # float sums run in double and are rounded element by element (at::acc_type on the CPU)
    wide = np.float64 if a.dtype.kind == "f" else a.dtype
    out = np.cumsum(a, axis=axis, dtype=wide)
    if a.dtype.kind == "f":
        # ATen's accumulator starts at +0., so no partial sum is -0. (0. + -0. is 0.)
        out += 0.0
    return out.astype(a.dtype, copy=False)


def cumulative_product(a: np.ndarray, axis: int) -> np.ndarray:
    # cumprod_cpu_kernel: floats multiply from 1 in at::acc_type on the CPU (double; float for
    # half), each running product rounded as it is stored
    wide = (np.float32 if a.dtype == np.float16 else np.float64) if a.dtype.kind == "f" \
        else a.dtype
    return np.cumprod(a, axis=axis, dtype=wide).astype(a.dtype, copy=False)


# ---- which of tied extremes max/min return: the sign of a zero -----------------------------------
# The value of a max or min is NumPy's; only which of two equal zeros (0. and -0.) wins depends on
# the kernel's order. ATen's scalar step is std::max/std::min (the accumulator wins a tie), its
# vector step _mm_max_ps/_mm_min_ps (the second operand, the newer element, wins).
def _vector_step(larger: bool):
    def step(a, b):
        out = np.where(a > b if larger else a < b, a, b)
        return np.where(np.isnan(a) | np.isnan(b), np.nan, out).astype(a.dtype, copy=False)
    return step


def _scalar_step(larger: bool):
    def step(acc, b):
        out = np.where(acc < b if larger else b < acc, b, acc)
        return np.where(np.isnan(acc) | np.isnan(b), np.nan, out).astype(acc.dtype, copy=False)
    return step


def _all_extreme(rows: np.ndarray, larger: bool) -> np.ndarray:
    """max()/min() of each row: vec::reduce_all over 256-bit vectors (max_all_kernel_impl)."""
    vop = _vector_step(larger)
    lanes = 32 // rows.dtype.itemsize
    n = rows.shape[1]
    if n < lanes:
        acc = rows[:, 0].copy()   # a row of one element is the result: not a view of the input
        for i in range(1, n):
            acc = vop(acc, rows[:, i])
        return acc
    acc = rows[:, :lanes].copy()
    d = lanes
    while d < n - n % lanes:
        acc = vop(acc, rows[:, d:d + lanes])
        d += lanes
    if n > d:
        acc[:, :n - d] = vop(acc[:, :n - d], rows[:, d:])
    if rows.dtype == np.float32:
        # VecReduceAllSIMD<float>: halves, then pairs, then neighbours, each lane against its
        # partner (the 128-bit permute and the 0x4E and 0xB1 shuffles)
        for width in (4, 2, 1):
            acc = vop(acc, acc[:, np.arange(lanes) ^ width])
        return acc[:, 0]
    out = acc[:, 0]
    for i in range(1, lanes):
        out = vop(out, acc[:, i])
    return out


def _inner_extreme(rows: np.ndarray, larger: bool) -> np.ndarray:
    """amax/amin of each contiguous row: vectorized_inner_reduction (256-bit vectors, four
    accumulators over blocks of four vectors, then the rest one by one)."""
    vop, op = _vector_step(larger), _scalar_step(larger)
    lanes = 32 // rows.dtype.itemsize
    block = 4 * lanes
    count = rows.shape[1] // block
    out = rows[:, 0].copy()   # a row of one element is the result: not a view of the input
    if count:
        acc = rows[:, :block]
        for i in range(1, count):
            acc = vop(acc, rows[:, i * block:(i + 1) * block])
        parts = [acc[:, j * lanes:(j + 1) * lanes] for j in range(4)]
        vec = vop(vop(parts[0], parts[1]), vop(parts[2], parts[3]))
        out = vec[:, 0]
        for j in range(1, lanes):
            out = op(out, vec[:, j])
        start = count * block
    else:
        start = 1
    for k in range(start, rows.shape[1]):
        out = op(out, rows[:, k])
    return out


def _outer_extreme(block: np.ndarray, larger: bool) -> np.ndarray:
    """amax/amin down the columns of (reduced, columns): vectorized_outer_reduction (columns in
    groups of four 256-bit vectors step by vector, the remaining columns one by one)."""
    vop, op = _vector_step(larger), _scalar_step(larger)
    group = 4 * 32 // block.dtype.itemsize
    wide = block.shape[-1] - block.shape[-1] % group
    out = block[..., 0, :].copy()
    for i in range(1, block.shape[-2]):
        out[..., :wide] = vop(out[..., :wide], block[..., i, :wide])
        out[..., wide:] = op(out[..., wide:], block[..., i, wide:])
    return out


def extreme(a: np.ndarray, axes: tuple, keepdim: bool, larger: bool,
            whole: bool = False) -> np.ndarray:
    """amax/amin over `axes` (max()/min() over everything with `whole`), with the zero PyTorch
    returns where 0. and -0. tie."""
    pick = np.amax if larger else np.amin
    out = pick(a, axis=None if whole else axes, keepdims=keepdim)
    if a.dtype.kind != "f" or not a.size or not np.any(out == 0):
        return out
    if whole:
        return _all_extreme(np.ascontiguousarray(a).reshape(1, -1), larger).reshape(out.shape)
    ndim, axes = a.ndim, tuple(sorted(x % max(a.ndim, 1) for x in axes)) if a.ndim else ()
    if not axes or all(n == 1 for n in a.shape[axes[-1] + 1:]) and axes == tuple(
            range(axes[0], axes[0] + len(axes))):
        # the reduced dims are the innermost (size-1 dims after them merge away): one
        # contiguous row per output
        rows = np.ascontiguousarray(a).reshape(-1, int(np.prod(a.shape[axes[0]:] if axes else 1)))
        return _inner_extreme(rows, larger).reshape(out.shape)
    if len(axes) == 1:
        d = axes[0]
        block = np.ascontiguousarray(a).reshape(
            int(np.prod(a.shape[:d])), a.shape[d], int(np.prod(a.shape[d + 1:])))
        return _outer_extreme(block, larger).reshape(out.shape)
    return out
