"""Functions that count and place values, with no derivative: count_nonzero, argwhere,
bincount, histc, bucketize and searchsorted."""
from __future__ import annotations

import numpy as np

from .. import dtypes as _dt
from ..limits import check_shape
from ..tensor import Tensor
from .registry import export
from .reduction import dims_of


@export()
def count_nonzero(input, dim=None):
    a = input._data
    if dim is None:
        return Tensor._make(np.asarray(np.count_nonzero(a), np.int64))
    axes = dims_of(input, dim) if a.ndim else ()
    return Tensor._make(np.asarray(np.count_nonzero(a, axis=axes), np.int64))


@export()
def argwhere(input):
    a = input._data
    count = int(np.count_nonzero(a))
    check_shape((count, a.ndim))
    return Tensor._make(np.argwhere(a).astype(np.int64).reshape(count, a.ndim))


def _not_for(kernel: str, t: Tensor) -> NotImplementedError:
    return NotImplementedError(f'"{kernel}" not implemented for \'{_dt.type_name(t.dtype)}\'')


@export()
def bincount(input, weights=None, minlength=0):
    a = input._data
    if a.dtype.kind == "f" or a.dtype.kind == "b":
        raise _not_for("bincount_cpu", input)
    if a.ndim != 1 or (a.size and a.min() < 0):
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    if weights is not None and (weights.ndim != 1 or weights._data.shape[0] != a.shape[0]):
        raise RuntimeError("weights should be 1-d and have the same length as input")
    size = max(int(a.max()) + 1 if a.size else 0, minlength)
    check_shape((size,))
    if weights is None:
        return Tensor._make(np.bincount(a, minlength=size).astype(np.int64))
    w = weights._data
    # ATen adds float weights in float, any others in double
    acc = np.float32 if w.dtype == np.float32 else np.float64
    out = np.zeros(size, acc)
    np.add.at(out, a, w.astype(acc))
    return Tensor._make(out)


@export()
def histc(input, bins=100, min=0, max=0):
    """The counts of the elements in `bins` equal-width bins between min and max (the data's
    own extremes when both are 0), in the input's dtype; NaNs and elements outside are left
    out, the last bin holds max."""
    a = input._data
    if a.dtype.kind != "f":
        raise _not_for("histogram_cpu", input)
    if bins <= 0:
        raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
    lo, hi = a.dtype.type(min), a.dtype.type(max)
    finite = a[~np.isnan(a)]
    if lo == hi and finite.size:
        lo, hi = finite.min(), finite.max()
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    if not lo < hi:
        raise RuntimeError("torch.histc: max must be larger than min")
    if not (np.isfinite(lo) and np.isfinite(hi)):
        raise RuntimeError(f"torch.histc: range of [{lo:g}, {hi:g}] is not finite")
    inside = finite[(finite >= lo) & (finite <= hi)]
    # histogramdd_cpu_contiguous: (x - leftmost) / (rightmost - leftmost) * bins, truncated,
    # in the input's dtype; max itself goes to the last bin
    pos = ((inside - lo) / (hi - lo) * a.dtype.type(bins)).astype(np.int64)
    pos[pos == bins] = bins - 1
    return Tensor._make(np.bincount(pos, minlength=bins).astype(a.dtype))


def _boundaries_checked(sorted_sequence: Tensor, values) -> None:
    if sorted_sequence.ndim == 0:
        raise RuntimeError("input sorted_sequence can not be a scalar")
    shape = values._data.shape if isinstance(values, Tensor) else ()
    if sorted_sequence.ndim > 1 and not isinstance(values, Tensor):
        raise RuntimeError(
            f"torch.searchsorted(): input value can be a scalar only when boundaries tensor "
            f"dimension is 1, but we got boundaries tensor dim({sorted_sequence.ndim}) and input "
            f"value's dim(0) numel(1)")
    if sorted_sequence.ndim > 1 and (len(shape) != sorted_sequence.ndim
                                     or shape[:-1] != sorted_sequence._data.shape[:-1]):
        raise RuntimeError(
            f"torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 "
            f"dimensions of boundaries tensor and input value tensor must match, but we got "
            f"boundaries tensor "
            f"{list(sorted_sequence.shape)} and input value tensor {list(shape)}")


def _placed(sorted_sequence: Tensor, values, right: bool, out_int32: bool) -> Tensor:
    side = "right" if right else "left"
    seq = sorted_sequence._data
    v = values._data if isinstance(values, Tensor) else np.asarray(values)
    if seq.ndim == 1:
        out = np.searchsorted(seq, v, side=side)
    else:
        rows = seq.reshape(-1, seq.shape[-1])
        vals = v.reshape(len(rows), -1)
        out = np.stack([np.searchsorted(r, x, side=side) for r, x in zip(rows, vals)])
        out = out.reshape(v.shape)
    return Tensor._make(np.asarray(out, np.int32 if out_int32 else np.int64))


@export(method=False)
def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None,
                 sorter=None):
    if side is not None:
        right = side == "right"
    _boundaries_checked(sorted_sequence, input)
    if sorter is not None:
        sorted_sequence = Tensor._make(np.take_along_axis(sorted_sequence._data, sorter._data,
                                                          -1))
    return _placed(sorted_sequence, input, right, out_int32)


@export(method=False)
def bucketize(input, boundaries, *, out_int32=False, right=False):
    if boundaries.ndim != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({boundaries.ndim})")
    return _placed(boundaries, input, right, out_int32)
