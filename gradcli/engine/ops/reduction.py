"""Op rows that reduce over dimensions: sums, products, extrema, statistics, norms, cumsum."""
from __future__ import annotations

import builtins as py  # this module's sum, max, min, any, all are torch's
import math
import warnings

import numpy as np

from .. import dtypes as _dt
from .. import return_types
from ..dispatch import D, Op, apply
from ..tensor import Tensor
from .compare import eq, logical_and, where
from .pointwise import libm, maximum, minimum
from .registry import export, row

ABSENT = object()      # an argument left out, where PyTorch tells it apart from None
UINT64 = 2 ** 64
DOF_WARNING = ("{}(): degrees of freedom is <= 0. Correction should be strictly less than the "
               "reduction factor (input numel divided by output numel). (Triggered internally "
               "at /__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1861.)")


# ---- dims --------------------------------------------------------------------------------------
def dims_of(input: Tensor, dim) -> tuple[int, ...]:
    """The dims a `dim` argument names, wrapped, with PyTorch's range and repeat errors."""
    wrapped = tuple(input._dim(d) for d in (dim if isinstance(dim, (tuple, list)) else (dim,)))
    for i, d in enumerate(wrapped):
        if d in wrapped[:i]:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    return wrapped


def saved_dim(dim):
    """An `int dim` as a grad_fn shows it: PyTorch keeps -1 as its bit pattern 2**64 - 1."""
    return dim % UINT64


def saved_dims(dim):
    """An `int[] dim` as a grad_fn shows it: a tuple (or None), negative dims as saved_dim."""
    if dim is None:
        return None
    return tuple(d % UINT64 for d in (dim if isinstance(dim, (tuple, list)) else (dim,)))


def axes_of(dim, ndim: int) -> tuple[int, ...]:
    """The axes a saved dim reduces, ascending: every axis for None or ()."""
    if ndim == 0:
        return ()
    if dim is None or dim == ():
        return tuple(range(ndim))
    dims = dim if isinstance(dim, tuple) else (dim,)
    return tuple(sorted((d - UINT64 if d >= UINT64 // 2 else d) % ndim for d in dims))


def _kept(shape: tuple, axes: tuple) -> tuple:
    return tuple(s for i, s in enumerate(shape) if i not in axes)


def _count(shape: tuple, axes: tuple) -> int:
    return math.prod(shape[a] for a in axes)


def _restore(g: Tensor, c, *axes) -> Tensor:
    """A reduced gradient with its reduced dims put back as size 1, ready to broadcast."""
    if not c.keepdim and len(c.shapes[0]):
        for a in axes or axes_of(c.dim, len(c.shapes[0])):
            g = g.unsqueeze(a)
    return g


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
    if py.min(a.strides, default=0) < 0:
        a = np.ascontiguousarray(a)
    shape, ins, outs, run = list(a.shape), list(a.strides), [0] * a.ndim, 1
    for d in range(a.ndim - 1, -1, -1):
        if d not in axes:
            outs[d], run = run, run * shape[d]

    def should_swap(d0: int, d1: int) -> int:
        if (outs[d0] == 0) != (outs[d1] == 0):
            return 1 if outs[d1] == 0 else -1
        for s0, s1 in ((outs[d0], outs[d1]), (ins[d0], ins[d1])):
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return -1 if s0 < s1 else 1
            if shape[d0] > shape[d1]:
                return 1
        return 0

    perm = list(range(a.ndim))[::-1]
    for i in range(1, a.ndim):
        d1 = i
        for d0 in range(i - 1, -1, -1):
            order = should_swap(perm[d0], perm[d1])
            if order > 0:
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif order < 0:
                break
    shape = [shape[p] for p in perm]
    strides = [[ins[p] for p in perm], [outs[p] for p in perm]]
    last = 0
    for d in range(1, len(shape)):
        if shape[last] == 1 or shape[d] == 1 or py.all(shape[last] * s[last] == s[d]
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
    n = py.min(len(shape), last + 1)
    extra = py.max(0, pad - n)
    shape, ins, outs = shape[:n] + [1] * extra, strides[0][:n] + [0] * extra, \
        strides[1][:n] + [0] * extra
    return np.lib.stride_tricks.as_strided(a, shape, ins, writeable=False), ins, outs


def _in_order(*runs: np.ndarray) -> np.ndarray:
    """The rows of `runs` added one after another (np.cumsum never reorders)."""
    return np.cumsum(np.concatenate(runs), axis=0)[-1]


def _cascade(rows: np.ndarray) -> np.ndarray:
    """multi_row_sum: rows added in order along axis 0 into four levels of partial sums."""
    m = rows.shape[0]
    power = py.max(4, ((m - 1).bit_length() if m > 2 else 1) // LEVELS)
    step = 1 << power
    zero = np.zeros((1,) + rows.shape[1:], rows.dtype)
    acc = [zero[0]] * LEVELS
    full = m - m % step
    if full:
        blocks = np.cumsum(rows[:full].reshape((full // step, step) + rows.shape[1:]), axis=1)
        for b, block in enumerate(blocks[:, -1], 1):
            acc[0] = block
            for j in range(1, LEVELS):
                acc[j], acc[j - 1] = acc[j] + acc[j - 1], zero[0]
                if (b * step) & ((step - 1) << (j * power)):
                    break
    # level 0 starts again from 0 for the leftover rows, then takes the other levels
    return _in_order(zero, rows[full:], np.stack(acc[1:]))


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


def ordered_sum(a: np.ndarray, axes: tuple) -> np.ndarray:
    """The float sum of `a` over `axes` (keepdim shape), added in PyTorch's order."""
    keep_shape = tuple(1 if i in axes else s for i, s in enumerate(a.shape))
    if a.dtype == np.float16:
        return ordered_sum(a.astype(np.float32), axes).astype(np.float16)
    if a.size == 0:
        return np.zeros(keep_shape, a.dtype)
    lanes = VECTOR_BYTES // a.itemsize
    if len(axes) == a.ndim and (a.flags.c_contiguous or a.flags.f_contiguous):
        # the common case, in short: one contiguous run, one tile (+ 0: the output's start)
        flat = a.ravel(order="K")
        part = _inner_sum(flat, lanes) if flat.size >= lanes else _row_sum(flat)
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


def _reduction(ordered, plain):
    """A reduction over `dim` in `dtype`: floats in PyTorch's own order (`ordered`), integers
    with NumPy's `plain` (exact in any order)."""
    def reduce(a: np.ndarray, dim, keepdim: bool, dtype: _dt.DType) -> np.ndarray:
        a = a.astype(dtype.np, copy=False)
        axes = axes_of(dim, a.ndim)
        if a.dtype.kind == "f":
            out = ordered(a, axes)
        else:
            out = plain(a, axis=axes, keepdims=True, dtype=a.dtype)
        return out if keepdim else out.reshape(_kept(a.shape, axes))
    return reduce


_sum = _reduction(ordered_sum, np.sum)


def _mean(a: np.ndarray, dim, keepdim: bool, dtype: _dt.DType) -> np.ndarray:
    total = _sum(a, dim, keepdim, dtype)
    return total / np.asarray(_count(a.shape, axes_of(dim, a.ndim)), total.dtype)


# ---- PyTorch's float norm order (aten/src/ATen/native/cpu/ReduceOpsKernel.cpp) ----------------
def _last_dim_norm(rows: np.ndarray) -> np.ndarray:
    """The vectorised 2-norm along the last axis: lanes of squares, the lanes in order, then
    the tail, which the compiler adds four squares at a time and ends with fused multiply-adds."""
    # random.py loads when first needed (start-up time); its fma32/fma64 are exact
    from ..random import fma32, fma64
    shape, n = rows.shape[:-1], rows.shape[-1]
    rows = rows.reshape(-1, n)
    lanes = VECTOR_BYTES // rows.itemsize
    d = n - n % lanes
    acc = np.zeros((rows.shape[0], lanes), rows.dtype)
    for i in range(0, d, lanes):
        acc = acc + rows[:, i:i + lanes] * rows[:, i:i + lanes]
    total = acc[:, 0]
    for i in range(1, lanes):
        total = total + acc[:, i]
    quads = d + 4 * ((n - d) // 4)
    for i in range(d, quads):
        total = total + rows[:, i] * rows[:, i]
    for i in range(quads, n):
        x = rows[:, i]
        total = (fma32 if x.dtype == np.float32 else fma64)(x, x, total)
    return np.sqrt(total).reshape(shape)


def _norm(a: np.ndarray, ord, dim, keepdim: bool, dtype: _dt.DType) -> np.ndarray:
    """linalg.vector_norm: the 2-norm of contiguous rows vectorised, the others element by
    element in memory order (binary_kernel_reduce)."""
    a = a.astype(dtype.np, copy=False)
    axes = axes_of(dim, a.ndim)
    keep_shape = tuple(1 if i in axes else s for i, s in enumerate(a.shape))
    if py.all(a.shape[i] == 1 for i in axes):
        out = np.abs(a) if ord else (a != 0).astype(a.dtype)
    elif a.size == 0:
        out = np.full(keep_shape, math.inf if ord < 0 else 0, a.dtype)
    else:
        out = _strided_norm(a, ord, axes, keep_shape)
    return out if keepdim else out.reshape(_kept(a.shape, axes))


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


# ---- sum, mean, prod ---------------------------------------------------------------------------
def _accumulate_dtype(input: Tensor, dtype) -> _dt.DType:
    if dtype is not None:
        return dtype
    return _dt.int64 if input.dtype.category != _dt.FLOAT else input.dtype


_prod = _reduction(ordered_product, np.prod)


def _prod_grad(c, g: Tensor) -> Tensor:
    # PyTorch's prod_backward: result / x while no factor is zero; with zeros, a factor's
    # gradient is the product of the others (only a lone zero of its slice gets one)
    x, result = c.self, c.result
    if x.ndim == 0:
        return g
    whole = "dim" not in c.params
    axes = tuple(range(x.ndim)) if whole else axes_of(c.dim, x.ndim)
    if not whole:
        g, result = _restore(g, c, *axes), _restore(result, c, *axes)
    zero = eq(x, 0)
    if not zero._data.any():
        return g * (result / x)
    others = where(zero, 1.0, x).prod() if whole else where(zero, 1.0, x).prod(axes[0], True)
    zeros = zero.sum() if whole else zero.sum(axes[0], True)
    lone = where(logical_and(zero, eq(zeros, 1)), others, 0.0)
    return g * where(eq(zeros, 0), result / where(zero, 1.0, x), lone)


SUM_ALL = row(Op("sum", lambda a, dtype: _sum(a, None, False, dtype), "SumBackward0",
                 ("self",), (D(lambda c, g: g.expand(c.shapes[0]), (), "∂Σx/∂xᵢ = 1"),),
                 dtypes="keep"))
SUM_DIM = row(Op("sum", _sum, "SumBackward1", ("self",), (
    D(lambda c, g: _restore(g, c).expand(c.shapes[0]), (), "∂Σx/∂xᵢ = 1"),), dtypes="keep"))
MEAN_ALL = row(Op("mean", lambda a, dtype: _mean(a, None, False, dtype), "MeanBackward0",
                  ("self",), (
    D(lambda c, g: g.expand(c.shapes[0]) / math.prod(c.shapes[0]), (), "∂mean(x)/∂xᵢ = 1/n"),),
    dtypes="keep"))
MEAN_DIM = row(Op("mean", _mean, "MeanBackward1", ("self",), (
    D(lambda c, g: _restore(g, c).expand(c.shapes[0])
      / _count(c.shapes[0], axes_of(c.dim, len(c.shapes[0]))), (), "∂mean(x)/∂xᵢ = 1/n"),),
    dtypes="keep"))
PROD_ALL = row(Op("prod", lambda a, dtype: _prod(a, None, False, dtype), "ProdBackward0",
                  ("self",), (D(_prod_grad, ("self", "result"), "∂Πx/∂xᵢ = Π_{j≠i} xⱼ"),),
                  dtypes="keep"))
PROD_DIM = row(Op("prod", _prod, "ProdBackward1", ("self",), (
    D(_prod_grad, ("self", "result"), "∂Πx/∂xᵢ = Π_{j≠i} xⱼ"),), dtypes="keep"))


def bad_arguments(name: str, got: str) -> TypeError:
    """The first line of PyTorch's message for arguments no overload of `name` takes (the
    overloads it goes on to list differ between torch.<name> and Tensor.<name>)."""
    return TypeError(f"{name}() received an invalid combination of arguments - got ({got}), "
                     f"but expected one of:")


def _reduction_args(name: str, input: Tensor, dim, keepdim: bool) -> dict:
    """sum and mean: no dim (all of them, the `Backward0` row) or a dim list (`Backward1`)."""
    if dim is ABSENT:
        if keepdim:
            raise bad_arguments(name, "keepdim=bool, ")
        return {}
    if dim is not None and not isinstance(dim, (int, tuple, list)):
        raise bad_arguments(name, type(dim).__name__)
    if dim is not None:
        dims_of(input, dim)
    return {"dim": saved_dims(dim), "keepdim": keepdim}


@export()
def sum(input, dim=ABSENT, keepdim=False, *, dtype=None):
    params = _reduction_args("sum", input, dim, keepdim)
    params["dtype"] = _accumulate_dtype(input, dtype)
    return apply(SUM_DIM if "dim" in params else SUM_ALL, (input,), params)


@export()
def mean(input, dim=ABSENT, keepdim=False, *, dtype=None):
    params = _reduction_args("mean", input, dim, keepdim)
    kind = "Input" if dtype is None else "Optional"
    dtype = dtype or input.dtype
    if dtype.category != _dt.FLOAT:
        raise RuntimeError(f"mean(): could not infer output dtype. {kind} dtype must be either "
                           f"a floating point or complex dtype. Got: {_dt.type_name(dtype)}")
    params["dtype"] = dtype
    return apply(MEAN_DIM if "dim" in params else MEAN_ALL, (input,), params)


@export()
def prod(input, dim=ABSENT, keepdim=False, *, dtype=None):
    dtype = _accumulate_dtype(input, dtype)
    if dim is ABSENT:
        if keepdim:
            raise bad_arguments("prod", "keepdim=bool, ")
        return apply(PROD_ALL, (input,), {"dtype": dtype})
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise bad_arguments("prod", type(dim).__name__)
    input._dim(dim)
    return apply(PROD_DIM, (input,), {"dim": saved_dim(dim), "keepdim": keepdim, "dtype": dtype})


# ---- max, min, amax, amin, argmax, argmin ------------------------------------------------------
def _evenly(c, g: Tensor) -> Tensor:
    # evenly_distribute_backward: tied extremes share the gradient (NaN ones when it is NaN)
    x, value = c.self, c.result
    mask = x.isnan() if bool(np.isnan(value._data)) else eq(x, value)
    return where(mask, g / mask.sum(), 0.0)


def _selected(c, g: Tensor) -> Tensor:
    # value_selecting_reduction_backward: the gradient goes to the index that was picked
    shape = c.shapes[0]
    if not shape:
        return g
    axis = axes_of(c.dim, len(shape))[0]
    picked = c.indices._data if c.keepdim else np.expand_dims(c.indices._data, axis)
    hit = np.arange(shape[axis]).reshape((-1,) + (1,) * (len(shape) - axis - 1)) == picked
    return where(Tensor._make(hit), _restore(g, c, axis), 0.0)


def _shared(c, g: Tensor) -> Tensor:
    # amax/amin: every element equal to the result takes an equal share
    mask = eq(_restore(c.result, c), c.self)
    axes = axes_of(c.dim, len(c.shapes[0]))
    return _restore(g, c) / mask.sum(axes, keepdim=True) * mask


def _take(a: np.ndarray, dim, keepdim: bool, indices: Tensor) -> np.ndarray:
    if a.ndim == 0:
        return a.copy()
    axis = axes_of(dim, a.ndim)[0]
    picked = indices._data if keepdim else np.expand_dims(indices._data, axis)
    out = np.take_along_axis(a, picked, axis)
    return out if keepdim else np.squeeze(out, axis)


def _extremes(a: np.ndarray, dim, keepdim: bool, pick) -> np.ndarray:
    axes = axes_of(dim, a.ndim)
    return pick(a, axis=axes, keepdims=keepdim)


def _arg_extreme(a: np.ndarray, dim, keepdim: bool, pick) -> np.ndarray:
    # NumPy and PyTorch both take the first of tied (or NaN) extremes; no dim: the flat index
    if a.ndim == 0:
        return np.zeros((), np.int64)
    axis = None if dim is None else axes_of(dim, a.ndim)[0]
    return pick(a, axis=axis, keepdims=keepdim)


MAX_ALL = row(Op("max", np.max, "MaxBackward1", ("self",), (
    D(_evenly, ("self", "result"), "∂max(x)/∂xᵢ = 1/k at the k maxima"),), dtypes="keep"))
MIN_ALL = row(Op("min", np.min, "MinBackward1", ("self",), (
    D(_evenly, ("self", "result"), "∂min(x)/∂xᵢ = 1/k at the k minima"),), dtypes="keep"))
MAX_DIM = row(Op("max", _take, "MaxBackward0", ("self",), (
    D(_selected, (), "∂max(x, d)/∂xᵢ = 1 at the index picked"),), dtypes="keep"))
MIN_DIM = row(Op("min", _take, "MinBackward0", ("self",), (
    D(_selected, (), "∂min(x, d)/∂xᵢ = 1 at the index picked"),), dtypes="keep"))
AMAX = row(Op("amax", lambda a, dim, keepdim: _extremes(a, dim, keepdim, np.amax),
              "AmaxBackward0", ("self",), (
    D(_shared, ("self", "result"), "∂amax(x)/∂xᵢ = 1/k at the k maxima"),), dtypes="keep"))
AMIN = row(Op("amin", lambda a, dim, keepdim: _extremes(a, dim, keepdim, np.amin),
              "AminBackward0", ("self",), (
    D(_shared, ("self", "result"), "∂amin(x)/∂xᵢ = 1/k at the k minima"),), dtypes="keep"))
ARGMAX = Op("argmax", lambda a, dim, keepdim: _arg_extreme(a, dim, keepdim, np.argmax), None,
            ("self",), (None,), dtypes="int64")
ARGMIN = Op("argmin", lambda a, dim, keepdim: _arg_extreme(a, dim, keepdim, np.argmin), None,
            ("self",), (None,), dtypes="int64")


def _extremum(name: str, rows: tuple, input: Tensor, dim, keepdim: bool, other):
    """max/min: over everything, along one dim (values and indices), or of two tensors."""
    whole, by_dim, binary, arg, result = rows
    if isinstance(dim, Tensor):
        dim, other = ABSENT, dim
    if other is not None:
        return binary(input, other)
    if dim is ABSENT:
        if input._data.size == 0:
            raise RuntimeError(f"{name}(): Expected reduction dim to be specified for "
                               f"input.numel() == 0. Specify the reduction dim with the 'dim' "
                               f"argument.")
        return apply(whole, (input,))
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise bad_arguments(name, type(dim).__name__)
    axis = input._dim(dim)
    if input.ndim and input._data.shape[axis] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {axis} to have non-zero size.")
    indices = apply(arg, (input,), {"dim": saved_dim(dim), "keepdim": keepdim})
    values = apply(by_dim, (input,), {"dim": saved_dim(dim), "keepdim": keepdim,
                                      "indices": Tensor._make(indices._data.copy())})
    return result(values, indices)


@export()
def max(input, dim=ABSENT, keepdim=False, *, other=None):
    return _extremum("max", (MAX_ALL, MAX_DIM, maximum, ARGMAX, return_types.max), input, dim,
                     keepdim, other)


@export()
def min(input, dim=ABSENT, keepdim=False, *, other=None):
    return _extremum("min", (MIN_ALL, MIN_DIM, minimum, ARGMIN, return_types.min), input, dim,
                     keepdim, other)


def _amax_args(name: str, input: Tensor, dim, keepdim: bool) -> dict:
    dims = dims_of(input, dim) if dim != () else ()
    if input._data.size == 0:
        if not dims:
            raise RuntimeError(f"{name}(): Expected reduction dim to be specified for "
                               f"input.numel() == 0. Specify the reduction dim with the 'dim' "
                               f"argument.")
        for given, d in zip(dim if isinstance(dim, (tuple, list)) else (dim,), dims):
            if input._data.shape[d] == 0:
                raise IndexError(f"{name}(): Expected reduction dim {given} to have non-zero "
                                 f"size.")
    return {"dim": saved_dims(dim), "keepdim": keepdim}


@export()
def amax(input, dim=(), keepdim=False):
    return apply(AMAX, (input,), _amax_args("amax", input, dim, keepdim))


@export()
def amin(input, dim=(), keepdim=False):
    return apply(AMIN, (input,), _amax_args("amin", input, dim, keepdim))


def _arg(name: str, op: Op, input: Tensor, dim, keepdim: bool) -> Tensor:
    if input.dtype is _dt.bool_:
        raise RuntimeError(f"{name}(): does not support bool input")
    if dim is not None and (isinstance(dim, bool) or not isinstance(dim, int)):
        raise TypeError(f"{name}(): argument 'dim' (position 1) must be int, not "
                        f"{type(dim).__name__}")
    if dim is None:
        if input._data.size == 0:
            raise IndexError(f"{name}(): Expected reduction dim to be specified for "
                             f"input.numel() == 0.")
        return apply(op, (input,), {"dim": None, "keepdim": keepdim})
    axis = input._dim(dim)
    if input.ndim and input._data.shape[axis] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {axis} to have non-zero size.")
    return apply(op, (input,), {"dim": saved_dim(dim), "keepdim": keepdim})


@export()
def argmax(input, dim=None, keepdim=False):
    return _arg("argmax", ARGMAX, input, dim, keepdim)


@export()
def argmin(input, dim=None, keepdim=False):
    return _arg("argmin", ARGMIN, input, dim, keepdim)


# ---- var, std ----------------------------------------------------------------------------------
def _moments(a: np.ndarray, dim, correction, keepdim: bool, root: bool) -> np.ndarray:
    """var (or std) in double, rounded once, as ReduceOps.cpp computes it: one output from the
    mean in a's dtype and Σ(x - mean)² in memory order, several by Welford's update."""
    axes = axes_of(dim, a.ndim)
    keep_shape = tuple(1 if i in axes else s for i, s in enumerate(a.shape))
    correction = 1 if correction is None else correction
    if a.size == 0:
        var = np.full(keep_shape, math.nan)
    elif math.prod(keep_shape) == 1:
        mean = float(_mean(a, None, False, _dt.from_numpy(a.dtype)))
        deviation = a.ravel(order="K").astype(np.float64) - mean
        squares = np.cumsum(deviation * deviation)[-1]
        var = np.full(keep_shape, squares / py.max(0.0, a.size - correction))
    else:
        x, _ins, outs = _iteration(a, axes)
        terms, kept = _reduced_last(x.astype(np.float64), outs)
        mean = m2 = np.zeros(terms.shape[:-1])
        for i in range(terms.shape[-1]):
            delta = terms[..., i] - mean
            mean = mean + delta / (i + 1)
            m2 = m2 + delta * (terms[..., i] - mean)
        n = terms.shape[-1]
        var = _place(m2 / (n - correction if n > correction else 0), kept, keep_shape)
    out = (np.sqrt(var) if root else var).astype(a.dtype)
    return out if keepdim else out.reshape(_kept(a.shape, axes))


def _two_over(dof) -> float:
    return 2.0 / dof if dof else math.inf


def _var_grad(c, g: Tensor) -> Tensor:
    # PyTorch's var_backward, including its literal reading of an empty dim list
    x = c.self
    correction = 1 if c.correction is None else c.correction
    if x.ndim == 0 or c.dim is None:
        dof = x._data.size - correction
        if dof <= 0:
            return g * where(eq(x, x.mean()), math.nan, math.inf)
        return _two_over(dof) * g * (x - x.mean())
    axes = axes_of(c.dim, x.ndim)
    if not c.keepdim and x.ndim > 1:
        g = _restore(g, c, *axes)
    size = math.prod(x._data.shape[a] for a in axes) if c.dim != () else 1
    return _two_over(size - correction) * g * (x - x.mean(axes, keepdim=True))


def _std_grad(c, g: Tensor) -> Tensor:
    result = c.result
    zero = eq(result, 0)
    return _var_grad(c, where(zero, 0.0, g / where(zero, 1.0, result * 2)))


VAR = row(Op("var", lambda a, dim, correction, keepdim: _moments(a, dim, correction, keepdim,
                                                                  False),
             "VarBackward0", ("self",), (
    D(_var_grad, ("self",), "∂var(x)/∂xᵢ = 2(xᵢ - x̄)/(n - c)"),), dtypes="keep"))
STD = row(Op("std", lambda a, dim, correction, keepdim: _moments(a, dim, correction, keepdim,
                                                                  True),
             "StdBackward0", ("self",), (
    D(_std_grad, ("self", "result"), "∂std(x)/∂xᵢ = (xᵢ - x̄)/((n - c)·std(x))"),),
    dtypes="keep"))


def _moment(name: str, op: Op, input: Tensor, dim, unbiased, keepdim: bool, correction):
    if isinstance(dim, bool):
        dim, unbiased = ABSENT, dim
    if unbiased is not None and correction is not None:
        raise bad_arguments(name, f"unbiased=bool, correction={type(correction).__name__}")
    if input.dtype.category != _dt.FLOAT:
        raise RuntimeError("std and var only support floating point and complex dtypes")
    # the correction a grad_fn shows: None unless a dim, `unbiased` or a correction was given
    if correction is None and unbiased is not None:
        correction = int(unbiased)
    elif correction is None and dim is not ABSENT:
        correction = 1
    dim = None if dim is ABSENT else dim
    axes = dims_of(input, dim) if dim not in (None, ()) else tuple(range(input.ndim))
    if _count(input._data.shape, axes) <= (1 if correction is None else correction):
        warnings.warn(DOF_WARNING.format(name), UserWarning, stacklevel=3)
    return apply(op, (input,), {"dim": saved_dims(dim), "correction": correction,
                                "keepdim": keepdim})


@export()
def var(input, dim=ABSENT, unbiased=None, keepdim=False, *, correction=None):
    return _moment("var", VAR, input, dim, unbiased, keepdim, correction)


@export()
def std(input, dim=ABSENT, unbiased=None, keepdim=False, *, correction=None):
    return _moment("std", STD, input, dim, unbiased, keepdim, correction)


# ---- norm, logsumexp ---------------------------------------------------------------------------
def _norm_grad(c, g: Tensor) -> Tensor:
    # PyTorch's norm_backward, one branch per order
    x, norm, p = c.self, c.result, c.ord
    if x.ndim:
        g, norm = _restore(g, c), _restore(norm, c)
    if p == 0:
        return None
    if p == 1:
        return x.sign() * g
    if p == 2:
        zero = eq(norm, 0)
        return g * where(zero, 0.0, x / where(zero, 1.0, norm))
    if p in (math.inf, -math.inf):
        magnitude = x.abs()
        mask = where(magnitude.isnan(), True, eq(magnitude, norm))
        axes = axes_of(c.dim, x.ndim)
        return x.sign() * (g / mask.sum(axes, keepdim=True) * mask)
    if p < 1:
        scaled = x.sign() * where(eq(x, 0), 0.0, x.abs() ** (p - 1))
        return scaled * g * norm ** (1 - p)
    scaled = x.sign() * x.abs() ** (p - 1) if p < 2 else x * x.abs() ** (p - 2)
    zero = eq(norm, 0)
    return scaled * where(zero, 0.0, g / where(zero, 1.0, norm ** (p - 1)))


VECTOR_NORM = row(Op("linalg_vector_norm", _norm, "LinalgVectorNormBackward0", ("self",), (
    D(_norm_grad, ("self", "result"), "∂‖x‖ₚ/∂xᵢ = sign(xᵢ)·|xᵢ|ᵖ⁻¹/‖x‖ₚᵖ⁻¹"),), dtypes="keep"))


def vector_norm(input, ord=2, dim=None, keepdim=False, *, dtype=None):
    """torch.linalg.vector_norm."""
    if input.dtype.category != _dt.FLOAT:
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {_dt.type_name(input.dtype)}")
    if dim is not None:
        dims_of(input, dim)
    if input._data.size == 0 and ord in (math.inf, -math.inf):
        raise RuntimeError("linalg.vector_norm cannot compute the inf norm on an empty tensor "
                           "because the operation does not have an identity")
    return apply(VECTOR_NORM, (input,), {"ord": ord, "dim": saved_dims(dim), "keepdim": keepdim,
                                         "dtype": dtype or input.dtype})


@export()
def norm(input, p="fro", dim=None, keepdim=False, dtype=None):
    if not isinstance(p, str):
        return vector_norm(input, 2 if p is None else p, dim, keepdim, dtype=dtype)
    dims = (dim,) if isinstance(dim, int) else dim
    if p == "fro" and (dims is None or len(dims) <= 2):
        return vector_norm(input, 2, dim, keepdim, dtype=dtype)
    if p not in ("fro", "nuc"):
        raise RuntimeError(f"linalg.matrix_norm: Order {p} not supported.")
    dims = tuple(range(input.ndim)) if dims is None else dims
    if len(dims) != 2:
        raise RuntimeError(f"linalg.matrix_norm: dim must be a 2-tuple. Got "
                           f"{' '.join(map(str, dims))}")
    raise RuntimeError("gradcli does not implement the nuclear norm (p='nuc')")


def _logsumexp(a: np.ndarray, dim, keepdim: bool) -> np.ndarray:
    # at::logsumexp: shift by the max (kept at 0 where it is infinite), exp, sum, log, shift back
    axes = axes_of(dim, a.ndim)
    exp, log = libm(np.exp), libm(np.log)
    if a.size == 0:
        total = log(ordered_sum(exp(a), axes))
    else:
        peak = np.amax(a, axis=axes, keepdims=True)
        peak = np.where(np.isinf(peak), 0, peak).astype(a.dtype)
        total = log(ordered_sum(exp(a - peak), axes)) + peak
    return total if keepdim else total.reshape(_kept(a.shape, axes))


LOGSUMEXP = row(Op("logsumexp", _logsumexp, "LogsumexpBackward0", ("self",), (
    D(lambda c, g: _restore(g, c) * (c.self - _restore(c.result, c)).exp(), ("self", "result"),
      "∂logΣeˣ/∂xᵢ = e^(xᵢ - logΣeˣ)"),), dtypes="keep"))


@export()
def logsumexp(input, dim=ABSENT, keepdim=False):
    if dim is ABSENT:
        raise TypeError('logsumexp() missing 1 required positional arguments: "dim"')
    dims_of(input, dim)
    x = input if input.dtype.category == _dt.FLOAT else input.to(_dt.default_float)
    return apply(LOGSUMEXP, (x,), {"dim": saved_dims(dim), "keepdim": keepdim})


# ---- cumsum, any, all --------------------------------------------------------------------------
def _cumsum(a: np.ndarray, dim, dtype: _dt.DType) -> np.ndarray:
    # float sums run in double and are rounded element by element (at::acc_type on the CPU)
    a = a.astype(dtype.np, copy=False)
    axis = axes_of(dim, a.ndim)
    if not axis:
        return a.copy()
    wide = np.float64 if a.dtype.kind == "f" else a.dtype
    return np.cumsum(a, axis=axis[0], dtype=wide).astype(a.dtype, copy=False)


def _reversed_cumsum(c, g: Tensor) -> Tensor:
    # PyTorch's cumsum_backward: flip(cumsum(flip(g))), or g itself when there is one term
    if not g.ndim or g._data.shape[axes_of(c.dim, g.ndim)[0]] <= 1:
        return g
    axis = axes_of(c.dim, g.ndim)[0]
    return g.flip(axis).cumsum(axis).flip(axis)


CUMSUM = row(Op("cumsum", _cumsum, "CumsumBackward0", ("self",), (
    D(_reversed_cumsum, (), "∂(Σ_{j≤k} xⱼ)/∂xᵢ = 1 for k ≥ i"),), dtypes="keep"))


@export()
def cumsum(input, dim=ABSENT, *, dtype=None):
    if dim is ABSENT:
        raise TypeError('cumsum() missing 1 required positional arguments: "dim"')
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError(f"cumsum(): argument 'dim' (position 1) must be int, not "
                        f"{type(dim).__name__}")
    input._dim(dim)
    return apply(CUMSUM, (input,), {"dim": saved_dim(dim),
                                    "dtype": _accumulate_dtype(input, dtype)})


def _truth(a: np.ndarray, dim, keepdim: bool, test) -> np.ndarray:
    out = test(a, axis=axes_of(dim, a.ndim), keepdims=keepdim)
    return out.astype(np.uint8) if a.dtype == np.uint8 else out


ANY = Op("any", lambda a, dim, keepdim: _truth(a, dim, keepdim, np.any), None, ("self",),
         (None,), dtypes="bool")
ALL = Op("all", lambda a, dim, keepdim: _truth(a, dim, keepdim, np.all), None, ("self",),
         (None,), dtypes="bool")


@export()
def any(input, dim=None, keepdim=False):
    if dim is not None:
        dims_of(input, dim)
    return apply(ANY, (input,), {"dim": saved_dims(dim), "keepdim": keepdim})


@export()
def all(input, dim=None, keepdim=False):
    if dim is not None:
        dims_of(input, dim)
    return apply(ALL, (input,), {"dim": saved_dims(dim), "keepdim": keepdim})
