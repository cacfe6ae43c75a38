"""Picking elements by position: x[...], x[...] = v, CopySlices, gather, take, diagonal, tril."""
from __future__ import annotations

import math
import operator
import warnings
import weakref
from functools import lru_cache, partial

import numpy as np

from .. import dtypes as _dt
from ..dispatch import Rule, Op, apply, edges_first
from ..graph import Node, PendingView, RegeneratedView, SavedResult
from ..limits import check_shape
from ..tensor import Tensor
from . import inplace
from . import xp
from .registry import FUNCTIONS, METHODS, ROWS, export, row
from .shape import expand, unsqueeze, view

INT64_MAX = 2 ** 63 - 1
SEQUENCE_AS_TUPLE = (
    "Using a non-tuple sequence for multidimensional indexing is deprecated and will be changed "
    "in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be "
    "interpreted as tensor index, x[torch.tensor(seq)], which will result either in an error or "
    "a different result (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/autograd/python_variable_indexing.cpp:349.)")
BYTE_INDEX = ("indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool "
              "instead. (Triggered internally at "
              "/__w/pytorch/pytorch/aten/src/ATen/native/IndexingUtils.h:37.)")
BAD_INDEX = ("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are "
             "valid indices (got {})")
INDEX_DTYPE = "tensors used as indices must be long, int, byte or bool tensors"
ZERO_DIM = ("invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` "
            "in C++ to convert a 0-dim tensor to a number")


def at_dim(dim: int, key) -> tuple:
    """A NumPy index applying `key` to dimension `dim` (the Ellipsis keeps 0-d results arrays)."""
    return (slice(None),) * dim + (key, Ellipsis)


def _embed(g: np.ndarray, sizes, key) -> np.ndarray:
    out = np.zeros(sizes, dtype=g.dtype)
    out[key] = g
    return out


def _zeros(shape, like: Tensor) -> Tensor:
    return Tensor._make(np.zeros(shape, dtype=like._data.dtype))


def _keep(result, **values):
    """Save index tensors on `result`'s node as PyTorch does: version-checked, freed by backward."""
    node = result.grad_fn
    if node is not None:
        saved = node._saved if node._saved is not None else {}
        for name, v in values.items():
            counter = v._version_counter if isinstance(v, Tensor) else None
            saved[name] = (v, counter, None if counter is None else counter.value)
        node._saved = saved
    return result


def _shape(shape) -> str:
    return f"[{', '.join(map(str, shape))}]"


# ---- views: select, slice, alias, and their backwards ----------------------------------------
SELECT_BACKWARD = row(Op("select_backward", lambda g, sizes, dim, index: _embed(
    g, sizes, at_dim(dim, index)), "SelectBackwardBackward0", ("grad_output",), (
    Rule(lambda node, g: apply(SELECT, (g,), {"dim": node.dim, "index": node.index}), (),
         "∂select_backward(g)/∂g = select"),),
    dtypes="keep"))
SLICE_BACKWARD = row(Op("slice_backward", lambda g, sizes, dim, start, end, step: _embed(
    g, sizes, at_dim(dim, slice(start, end, step))), "SliceBackwardBackward0", ("grad_output",), (
    Rule(lambda node, g: _slice_row(g, node.dim, node.start, node.end, node.step), (),
         "∂slice_backward(g)/∂g = slice"),), dtypes="keep"))
SELECT = row(Op("select", lambda a, dim, index: a[at_dim(dim, index)], "SelectBackward0",
                ("self",), (
    Rule(lambda node, g: apply(SELECT_BACKWARD, (g,), {"sizes": node.shapes[0], "dim": node.dim,
                                                 "index": node.index}), (),
         "∂x[i]/∂x = 1 at i, 0 elsewhere"),), dtypes="keep", view=True))
SLICE = row(Op("slice", lambda a, dim, start, end, step: a[at_dim(dim, slice(start, end, step))],
               "SliceBackward0", ("self",), (
    Rule(lambda node, g: apply(SLICE_BACKWARD, (g,), {"sizes": node.shapes[0], "dim": node.dim,
                                                "start": node.start, "end": node.end,
                                                "step": node.step}),
      (), "∂x[a:b]/∂x = 1 inside the slice, 0 outside"),), dtypes="keep", view=True))
ALIAS = row(Op("alias", lambda a: a.view(), "AliasBackward0", ("self",), (
    Rule(lambda node, g: g, (), "∂x[...]/∂x = 1"),), dtypes="keep", view=True))


def _slice_row(input: Tensor, dim: int, start: int, end: int, step: int) -> Tensor:
    return apply(SLICE, (input,), {"dim": dim, "start": start, "end": end, "step": step})


@export()
def select(input, dim, index):
    if input.ndim == 0:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = input._dim(dim)
    index = operator.index(index)
    n = input._data.shape[d]
    if not -n <= index < n:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"{_shape(input.shape)} at dimension {d}")
    return apply(SELECT, (input,), {"dim": d, "index": index % n})


@export()
def narrow(input, dim, start, length):
    if input.ndim == 0:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    start, length = operator.index(start), operator.index(length)
    if length < 0:
        raise RuntimeError("narrow(): length must be non-negative.")
    d = input._dim(dim)
    n = input._data.shape[d]
    if not -n <= start <= n:
        raise IndexError(f"start out of range (expected to be in range of [{-n}, {n}], but got "
                         f"{start})")
    start = start + n if start < 0 else start
    if start > n - length:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({n}).")
    return _slice_row(input, d, start, start + length, 1)


# ---- advanced indexing: index, index_put -----------------------------------------------------
def _key(indices) -> tuple:
    """PyTorch's list of optional index tensors as a NumPy index (masks become positions)."""
    key = []
    for t in indices:
        if t is None:
            key.append(slice(None))
            continue
        a = t._data if isinstance(t, Tensor) else t   # arrays: read in a pass on arrays
        if a.dtype in (np.bool_, np.uint8):
            key.extend(np.nonzero(a))
        else:
            key.append(a.astype(np.int64))
    return tuple(key)


def _check(shape, indices) -> None:
    """PyTorch's refusals of index tensors: dtype, mask shape, broadcasting, bounds."""
    if sum(1 if t is None else _taken(t) for t in indices) > len(shape):
        raise IndexError(f"too many indices for tensor of dimension {len(shape)}")
    d, arrays = 0, []
    for t in indices:
        if t is None:
            d += 1
            continue
        a = t._data
        if a.dtype in (np.bool_, np.uint8):
            if a.dtype == np.uint8:
                warnings.warn(BYTE_INDEX, UserWarning, stacklevel=3)
            for k, n in enumerate(a.shape):
                if shape[d + k] != n:
                    raise IndexError(f"The shape of the mask {_shape(a.shape)} at index {k} does "
                                     f"not match the shape of the indexed tensor {_shape(shape)} "
                                     f"at index {d + k}")
            arrays.extend((p, d + k) for k, p in enumerate(np.nonzero(a)))
            d += a.ndim
        elif a.dtype in (np.int64, np.int32):
            arrays.append((a, d))
            d += 1
        else:
            raise IndexError(INDEX_DTYPE)
    try:
        taken = np.broadcast_shapes(*(a.shape for a, _ in arrays))
    except ValueError:
        raise IndexError("shape mismatch: indexing tensors could not be broadcast together with "
                         f"shapes {', '.join(_shape(a.shape) for a, _ in arrays)}") from None
    # ATen checks the indices as broadcast: none taken, nothing to check; any taken from an empty
    # dimension, one message before the bounds
    if math.prod(taken) == 0:
        return
    if any(shape[dim] == 0 for _, dim in arrays):
        raise IndexError("index is out of bounds for dimension with size 0")
    for j, (a, dim) in enumerate(arrays):
        n = shape[dim]
        bad = a[(a >= n) | (a < -n)]
        if bad.size:
            raise IndexError(f"index {bad.flat[0]} is out of bounds for dimension {j} with size "
                             f"{n}")


def _put(a, values, key, accumulate):
    out = a.copy()
    if accumulate:
        np.add.at(out, key, values)
    else:
        out[key] = values
    return out


# The index rows' derivatives are index rows too. Written against these (as against xp), each
# runs on tensors as the recorded op that keeps its index tensors, and on arrays (a backward
# that records nothing) as the row's forward.
def _index(input, indices: tuple):
    if type(input) is not Tensor:
        return apply(INDEX, (input,), {"key": _key(indices)})
    return _keep(apply(INDEX, (input,), {"key": _key(indices)}), indices=indices)


def _index_put(input, indices, values, accumulate, op=None):
    out = apply(op or INDEX_PUT, (input, values), {"key": _key(indices),
                                                   "accumulate": accumulate})
    return out if type(input) is not Tensor else _keep(out, indices=indices)


def _as_index(index) -> Tensor:
    """An index tensor as the rows' forwards read it (a pass on arrays reads it as an array)."""
    return index if isinstance(index, Tensor) else Tensor._make(index)


def _put_self_grad(node, g):
    if node.accumulate:
        return g
    return _index_put(g, node.indices, xp.zeros_like(g, ()), False)


INDEX = row(Op("index", lambda a, key: a[key], "IndexBackward0", ("self",), (
    Rule(lambda node, g: _index_put(xp.zeros_like(g, node.shapes[0]), node.indices, g, True,
                                    INDEX_PUT_IMPL), (),
         "∂x[idx]/∂x = 1 at each picked position, summed over repeats"),), dtypes="keep"))
INDEX_PUT = row(Op("index_put", _put, "IndexPutBackward0", ("self", "values"), (
    Rule(_put_self_grad, (), "∂index_put(x, idx, v)/∂x = 1 where not overwritten"),
    Rule(lambda node, g: _index(g, node.indices), (), "∂index_put(x, idx, v)/∂v = g[idx]")),
    dtypes="keep"))
INDEX_PUT_IMPL = row(Op("_index_put_impl_", _put, "IndexPutImplBackward0", ("self", "values"),
                        INDEX_PUT.derivs, dtypes="keep"))


def _checked_put(input: Tensor, indices: tuple, values, name: str) -> tuple:
    if not isinstance(values, Tensor):
        raise TypeError(f"{name}(): argument 'values' (position 2) must be Tensor, not "
                        f"{type(values).__name__}")
    indices = tuple(indices)
    _check(input._data.shape, indices)
    if values.dtype is not input.dtype:
        raise RuntimeError(f"Index put requires the source and destination dtypes match, got "
                           f"{_dt.type_name(input.dtype)} for the destination and "
                           f"{_dt.type_name(values.dtype)} for the source.")
    target = np.empty(input._data.shape, dtype=np.bool_)[_key(indices)].shape
    try:
        fits = np.broadcast_shapes(values._data.shape, target) == target
    except ValueError:
        fits = False
    if not fits:
        raise RuntimeError(f"shape mismatch: value tensor of shape {_shape(values.shape)} cannot "
                           f"be broadcast to indexing result of shape {_shape(target)}")
    return indices, values


@export()
def index_put(input, indices, values, accumulate=False):
    indices, values = _checked_put(input, indices, values, "index_put")
    return _index_put(input, indices, values, accumulate)


@export(torch=False)
def index_put_(input, indices, values, accumulate=False):
    indices, values = _checked_put(input, indices, values, "index_put_")
    inplace.check_inplace(input, values)
    return inplace.commit(input, _index_put(input, indices, values, accumulate))


# ---- x[index] ------------------------------------------------------------------------------
def _items(index) -> tuple:
    """The index as a tuple of items; a short list holding sequences, slices, None or ... counts
    as a tuple too, with PyTorch's deprecation warning."""
    if isinstance(index, tuple):
        return index
    if isinstance(index, list) and len(index) < 32 and any(
            isinstance(i, (Tensor, list, tuple, slice, str)) or i is None or i is Ellipsis
            for i in index):
        warnings.warn(SEQUENCE_AS_TUPLE, UserWarning, stacklevel=3)
        return tuple(index)
    return (index,)


def _item(item):
    """One index item as _walk reads it: an int, a slice, None, ..., True/False, or a tensor."""
    if isinstance(item, Tensor):
        if item.ndim == 0 and item._data.dtype.kind in "iu" and item._data.dtype != np.uint8:
            return int(item)
        if item.ndim == 0 and item._data.dtype in (np.bool_, np.uint8):
            return bool(item)
        return item
    if item is None or item is Ellipsis or isinstance(item, (bool, int)):
        return item
    if isinstance(item, slice):
        try:
            start, stop, step = (None if v is None else operator.index(v)
                                 for v in (item.start, item.stop, item.step))
        except TypeError:
            raise TypeError("slice indices must be integers or None or have an __index__ "
                            "method") from None
        if step == 0:
            raise ValueError("slice step cannot be zero")
        if step is not None and step < 0:
            raise ValueError("step must be greater than zero")
        return slice(start, stop, step)
    if isinstance(item, str):
        raise TypeError("new(): invalid data type 'str'")
    if type(item) is list and item and all(
            type(v) is int and -INT64_MAX - 1 <= v <= INT64_MAX for v in item):
        return Tensor._make(np.array(item, np.int64))   # what torch.tensor makes of it, at once
    if isinstance(item, (list, tuple, range)):
        t = FUNCTIONS["tensor"](list(item))   # torch.tensor, from factories.py
        return t if t._data.dtype == np.bool_ else Tensor._make(t._data.astype(np.int64))
    if isinstance(item, np.generic) and item.dtype.kind in "biu":
        return item.item()   # a NumPy integer or bool counts as the Python one
    if isinstance(item, np.ndarray) and item.dtype.kind in "biu":
        return _item(Tensor._make(item.copy()))   # an array counts as the tensor it would make
    raise IndexError(BAD_INDEX.format(type(item).__name__))


def _taken(item) -> int:
    """How many of the tensor's dimensions an index item consumes."""
    if item is None or item is Ellipsis or isinstance(item, bool):
        return 0
    if isinstance(item, Tensor) and item._data.dtype in (np.bool_, np.uint8):
        return item.ndim
    return 1


def _full(s: slice, n: int) -> bool:
    return s.start in (None, 0) and (s.stop is None or s.stop >= n) and s.step in (None, 1)


def _slice(input: Tensor, dim: int, s: slice) -> Tensor:
    start = 0 if s.start is None else s.start
    end = INT64_MAX if s.stop is None else s.stop
    return _slice_row(input, dim, start, end, 1 if s.step is None else s.step)


def _walk(self: Tensor, items) -> tuple[Tensor, dict]:
    """Apply the basic items of an index in order (select, slice, unsqueeze), as views; return the
    view and the index tensors keyed by the view's dimension they apply to."""
    items = [_item(i) for i in items]
    specified = sum(_taken(i) for i in items)
    if specified > self.ndim:
        raise IndexError(f"too many indices for tensor of dimension {self.ndim}")
    result, dim, ellipsis, tensors = self, 0, False, {}
    for i, item in enumerate(items):
        if item is None:
            result = unsqueeze(result, dim)
            dim += 1
        elif item is Ellipsis:
            dim += 0 if ellipsis else self.ndim - specified
            ellipsis = True
        elif isinstance(item, bool):
            result = unsqueeze(result, dim)
            tensors[dim] = Tensor._make(np.array([item]))
            dim += 1
        elif isinstance(item, int):
            n = result._data.shape[dim]
            if not -n <= item < n:
                raise IndexError(f"index {item} is out of bounds for dimension {i} with size {n}")
            result = apply(SELECT, (result,), {"dim": dim, "index": item % n})
        elif isinstance(item, slice):
            if not _full(item, result._data.shape[dim]):
                result = _slice(result, dim, item)
            dim += 1
        else:
            tensors[dim] = item
            dim += _taken(item)
    return result, tensors


def _indices(tensors: dict) -> tuple:
    """Index tensors keyed by dimension as PyTorch's list of optional tensors."""
    out, dim, last = [], 0, max(tensors)
    while dim <= last:
        t = tensors.get(dim)
        out.append(t)
        dim += 1 if t is None else _taken(t)
    return tuple(out)


def getitem(self: Tensor, index) -> Tensor:
    if isinstance(index, slice):
        # a lone slice is always a slice op, even a full one (PyTorch's fast path)
        if self.ndim == 0:
            raise IndexError("slice() cannot be applied to a 0-dim tensor.")
        return _slice(self, 0, _item(index))
    if self.ndim == 0 and isinstance(index, int) and not isinstance(index, bool):
        raise IndexError(ZERO_DIM if index == 0 else
                         f"index {index} is out of bounds for dimension 0 with size 0")
    result, tensors = _walk(self, _items(index))
    if tensors:
        indices = _indices(tensors)
        _check(result._data.shape, indices)
        return _index(result, indices)
    return apply(ALIAS, (self,)) if result is self else result


# ---- x[index] = value ---------------------------------------------------------------------
FILL = row(Op("fill_", lambda a, value: np.full_like(a, value), "FillBackward3",
              ("self", "value"), (
    Rule(lambda node, g: xp.zeros_like(g), (), "∂fill_(x, v)/∂x = 0"),
    Rule(lambda node, g: xp.sum(g), (), "∂fill_(x, v)/∂v = Σg")), dtypes="keep"))


def _stripped(shape: tuple) -> tuple:
    """A value's shape without its leading size-1 dimensions, as PyTorch views it to write it."""
    k = 0
    while k < len(shape) and shape[k] == 1:
        k += 1
    return shape[k:]


def _copy_to(dst: Tensor, src: Tensor) -> None:
    if src._data.shape != dst._data.shape:
        if src.ndim == 0:
            inplace.check_inplace(dst, src)
            inplace.commit(dst, apply(FILL, (dst, src)))
            return
        src = view(src, _stripped(src._data.shape))
        if src._data.shape != dst._data.shape:
            src = expand(src, dst._data.shape)
    inplace.copy_(dst, src)


def setitem(self: Tensor, index, value) -> None:
    if isinstance(value, (bool, int, float)):
        value = Tensor._make(np.asarray(value).astype(self._data.dtype))
    elif not isinstance(value, Tensor):
        raise TypeError(f"can't assign a {type(value).__name__} to a torch.{self.dtype.legacy}")
    if index is False:
        return   # PyTorch writes nothing, and does not count a version
    if self.ndim == 0 and isinstance(index, int) and not isinstance(index, bool):
        raise IndexError(ZERO_DIM if index == 0 else
                         f"index {index} is out of bounds for dimension 0 with size 0")
    target, tensors = _walk(self, _items(index))
    if not tensors:
        _copy_to(target, value)
        return
    shape = _stripped(value._data.shape)
    index_put_(target, _indices(tensors), value if shape == value._data.shape else
               view(value, shape))


export(torch=False, method=False, dunders=("__getitem__",))(getitem)
export(torch=False, method=False, dunders=("__setitem__",))(setitem)


# ---- in-place writes into a view: CopySlices -------------------------------------------------
def _positions(base: np.ndarray, part: np.ndarray) -> np.ndarray:
    """Where each element of `part` (a view sharing `base`'s memory) sits in `base`, as flat
    C-order indices of `base`, found by matching element addresses."""
    def addresses(a: np.ndarray) -> np.ndarray:
        out = np.full(a.shape, a.__array_interface__["data"][0], dtype=np.int64)
        for k, (n, step) in enumerate(zip(a.shape, a.strides)):
            out = out + (np.arange(n, dtype=np.int64) * step).reshape(
                (1,) * k + (n,) + (1,) * (a.ndim - k - 1))
        return out
    if base.flags.c_contiguous:
        return (addresses(part) - base.__array_interface__["data"][0]) // base.itemsize
    flat = addresses(base).reshape(-1)
    order = np.argsort(flat, kind="stable")
    return order[np.searchsorted(flat[order], addresses(part))]


def _copy_slices_grad(i: int, node, g):
    """Input i's gradient through CopySlices: the in-place op's own derivative, applied to the
    part of g where the view lies; the base keeps g elsewhere."""
    fn = node.fn
    flat = xp.reshape(g, (-1,))
    gi = _inner_derivative(fn, i, _view_part(node, g, flat))
    if i > 0:
        return gi
    if node.overlapping:
        # PyTorch copies the derivative into the view's part of the base's gradient: a view
        # with elements in common (expanded) is refused then, as any in-place write is
        raise RuntimeError(inplace.OVERLAP)
    shape = fn.shapes[0]
    if gi is None:
        gi = xp.zeros_like(g, shape)
    elif gi.shape != shape:
        gi = xp.sum_to_size(gi, shape)
    if gi.dtype != g.dtype:
        gi = gi.to(g.dtype) if type(gi) is Tensor else gi.astype(g.dtype)
    if type(g) is Tensor:
        # recording: written in place into a copy of g, as PyTorch does, so that the gradient's
        # grad_fn is CopySlices over CopyBackwards
        result = inplace.copy_(Tensor._make(np.empty(g._data.shape, g._data.dtype)), g)
        index_put_(view(result, (-1,)), (node.positions,), gi)
        return result
    return xp.reshape(_index_put(flat, (node.positions,), gi, False), node.shapes[0])


def _view_part(node, g, flat):
    """The view's part of g, which CopySlices hands to the op's derivative: recorded, as
    PyTorch takes it (g copied into a tensor of the base's shape, CopyBackwards; the view's
    elements of it, AsStridedBackward0; cloned, CloneBackward0), else picked by position."""
    if type(g) is not Tensor:
        return _index(flat, (node.positions,))
    copied = inplace.copy_(Tensor._make(np.empty(g._data.shape, g._data.dtype)), g)
    part = Tensor._make(copied._data.reshape(-1)[node.positions._data])
    if copied._requires_grad:
        as_strided_of(copied, part, node.positions)
    return part.clone()


def _inner_derivative(fn, i: int, part):
    """Rule i of the in-place op's node `fn`, on `part`: on tensors as it is; on arrays as a
    pass on arrays runs it (backward._call_arrays), `fn` read through ARRAY_VIEW meanwhile.
    PyTorch's CopySlices runs `fn` as a node, which unpacks all it saved first."""
    fn.check_versions()
    rule = fn.op.derivs[i].fn
    if type(part) is Tensor:
        return rule(fn, part)
    if any(fn.dtypes[k] is not None and fn.dtypes[k].np != part.dtype for k in fn.op.reads[i]):
        out = rule(fn, Tensor._make(part))   # mixed dtypes: on tensors, recording nothing
        return None if out is None else out._data
    outer, xp.CURRENT[0] = xp.CURRENT[0], fn
    try:
        out = rule(xp.ARRAY_VIEW, part)
    finally:
        xp.CURRENT[0] = outer
    return None if out is None else np.asarray(out)


@lru_cache(maxsize=None)
def _copy_slices_op(n: int) -> Op:
    # CopySlices records a write that already happened; it is never run forward
    return Op("copy_slices", None, "torch::autograd::CopySlices",
              ("self",) + tuple(f"input{k}" for k in range(1, n)),
              tuple(Rule(partial(_copy_slices_grad, k), (),
                      "∂/∂base = g outside the view, the op's derivative inside" if k == 0 else
                      "the op's derivative, on the view's part of g") for k in range(n)))


row(_copy_slices_op(2))
def _overlapping(a: np.ndarray) -> bool:
    """Do elements of a (non-empty) view share memory: a dim of 2 or more with stride 0?"""
    return a.size > 0 and any(step == 0 and n > 1 for n, step in zip(a.shape, a.strides))


def _as_strided_grad(node, g):
    """as_strided_backward: g copied into zeros of the base's shape at the view's positions,
    summed there only where the view's elements overlap (0 + -0. is 0., so a copy keeps the
    sign a sum would not). Recorded, it is FunctionsManual's graph: zeros of the base's
    storage, g (size-1 dims squeezed, stride-0 dims summed) copied into the view's geometry of
    it (CopySlices), the base's geometry taken of it last (AsStridedBackward0, in the base's
    layout)."""
    shape = node.shapes[0]
    if type(g) is not Tensor:
        return _index_put(np.zeros(math.prod(shape), g.dtype), (node.positions,), g,
                          node.overlapping, INDEX_PUT_IMPL).reshape(shape)
    if not g._data.size or not math.prod(shape):
        return xp.zeros_like(g, shape)
    # the memory offset of each element of the base (by C order), and of the view's
    offsets = np.zeros(shape, np.int64)
    for k, step in enumerate(node.strides):
        offsets += (np.arange(shape[k]) * step).reshape((-1,) + (1,) * (len(shape) - k - 1))
    offsets = offsets.reshape(-1)
    view_offsets = offsets[node.positions._data]
    start = int(view_offsets.flat[0])
    sizes, steps, ndim = [], [], view_offsets.ndim
    for i in reversed(range(ndim)):
        n = view_offsets.shape[i]
        step = int(view_offsets[(0,) * i + (1,) + (0,) * (ndim - i - 1)]) - start \
            if n > 1 else 0
        if n == 1:
            g = g.squeeze(i)
        elif step == 0:
            g = g.sum(i)
        else:
            sizes.insert(0, n)
            steps.insert(0, step)
    # gradcli's views overlap only through stride-0 dims, summed away above: what is left is
    # copied (PyTorch index_add_s it into an overlapping geometry, as unfold's would be)
    storage = Tensor._make(np.zeros(int(offsets.max()) + 1, g._data.dtype))
    inplace.copy_(as_strided(storage, sizes, steps, start), g)
    return as_strided(storage, shape, node.strides, 0)


def _strided(a: np.ndarray, sizes, steps, start: int) -> np.ndarray:
    """A writable view of the 1-d array `a` in a geometry given in elements."""
    return np.lib.stride_tricks.as_strided(a[start:], tuple(sizes),
                                           tuple(s * a.itemsize for s in steps))


def _element_strides(a: np.ndarray) -> tuple:
    return tuple(s // a.itemsize for s in a.strides) if a.size else \
        tuple(math.prod(a.shape[k + 1:]) for k in range(a.ndim))


# the grad_fn a modified view is given: its elements picked from the base by position (the
# base's strides kept for the recorded backward's geometry)
AS_STRIDED = row(Op(
    "as_strided", lambda a, positions, overlapping, strides, geometry: _strided(a, *geometry),
    "AsStridedBackward0", ("self",), (
        Rule(_as_strided_grad, (), "∂view/∂base = 1 at the view's positions"),),
    dtypes="keep", view=True))


def as_strided(base: Tensor, size, stride, storage_offset: int) -> Tensor:
    """base.as_strided(size, stride, storage_offset) of a 1-d contiguous `base`."""
    geometry = (tuple(size), tuple(stride), storage_offset)
    positions = _strided(np.arange(base._data.size), *geometry)
    return apply(AS_STRIDED, (base,), {
        "positions": Tensor._make(np.array(positions)),
        "overlapping": _overlapping(positions), "strides": _element_strides(base._data),
        "geometry": geometry})


def as_strided_of(base: Tensor, view: Tensor, positions: Tensor | None = None,
                  span=None, pending: bool = False, superseded=None) -> None:
    """`view`'s grad_fn regenerated after its storage was written: its elements picked by
    position from `base` as it is now (AsStridedBackward0; pending: not read yet, PendingView;
    `superseded`: the view's node till this one is read, RegeneratedView)."""
    if positions is None:
        positions = Tensor._make(_positions(base._data, view._data))
    kind = PendingView if pending else Node if superseded is None else RegeneratedView
    node = kind(
        AS_STRIDED, (base._edge(),), (True,),
        {"positions": positions, "overlapping": _overlapping(view._data),
         "strides": _element_strides(base._data)},
        (base._data.shape,), (base.dtype,), None)
    node.span = span if span is not None else getattr(view.grad_fn, "span", None)
    if superseded is not None:
        node.superseded = superseded
    view.grad_fn, view._requires_grad, view._output_nr = node, True, 0


def copy_slices(view: Tensor, out: Tensor) -> None:
    """`view` was overwritten in place with `out`: its base's grad_fn becomes CopySlices over the
    base's old history and the in-place op's other inputs; the view is regenerated on top."""
    fn = out.grad_fn
    base = view._base
    positions = Tensor._make(_positions(base._data, view._data))
    shape, dtype = base._data.shape, base.dtype
    node = Node(_copy_slices_op(len(fn.next_functions)), (base._edge(),) + fn.next_functions[1:],
                (True,) + fn.needs[1:],
                {"positions": positions, "overlapping": _overlapping(view._data)},
                (shape,) + fn.shapes[1:], (dtype,) + fn.dtypes[1:], {"fn": (fn, None, None)})
    node.span = fn.span
    base.grad_fn, base._requires_grad, base._output_nr = node, True, 0
    as_strided_of(base, view, positions, fn.span)
    if fn._saved and "result" in fn._saved:
        counter = view._version_counter
        saved = SavedResult(view)
        saved.shown = weakref.ref(view.grad_fn)
        fn._saved["result"] = (saved, counter, counter.value)


# ---- gather, index_select, masked_select, take, and their backwards ---------------------------
def _grid(index: np.ndarray, dim: int) -> tuple:
    """The full NumPy index of scatter/gather: `index` along dim, the position elsewhere."""
    if index.ndim == 0:
        return ()   # a 0-d tensor has one element, and its index was checked to be 0
    grid = list(np.indices(index.shape, sparse=True))
    grid[dim] = index
    return tuple(grid)


def _scatter_added(a: np.ndarray, src: np.ndarray, dim: int, index) -> np.ndarray:
    if index._data.size == 0:   # gather's backward with an empty index of another rank
        return a.copy()
    return _put(a, src[tuple(slice(0, n) for n in index._data.shape)], _grid(index._data, dim),
                True)


SCATTER_ADD = row(Op("scatter_add", _scatter_added,
    "ScatterAddBackward0", ("self", "src"), (
    Rule(lambda node, g: g, (), "∂scatter_add(x, i, s)/∂x = 1"),
    Rule(lambda node, g: _gather(g, node.dim, node.index), (),
         "∂scatter_add(x, i, s)/∂s = gather(g, i)")),
    dtypes="keep"))


def _scatter_src_grad(node, g):
    """g gathered at the index: the index's shape, which autograd's validate_outputs refuses
    unless it is src's (an index smaller than src leaves part of src unread)."""
    gi = _gather(g, node.dim, node.index)
    if tuple(gi.shape) != tuple(node.shapes[1]):
        raise RuntimeError(f"Function ScatterBackward0 returned an invalid gradient at index 1 - "
                           f"got {list(gi.shape)} but expected shape compatible with "
                           f"{list(node.shapes[1])}")
    return gi


def _unscattered(node, g):
    """derivatives.yaml's gradient of scatter's self: grad.scatter(dim, index, 0), zeros where
    something was written (a ScatterBackward1 when recorded)."""
    return apply(SCATTER_VALUE, (g,), {"dim": node.dim, "index": _as_index(node.index),
                                       "value": 0})


# scatter(self, dim, index, src) writes src's values where index points along dim (PyTorch's
# backward of max/min along a dim is `zeros.scatter_(dim, indices, grad)` too); self's gradient
# is g with zeros where something was written, src's is g gathered back at the index. The index
# is saved (and freed by a backward without retain_graph), as derivatives.yaml's rows read it
SCATTER = row(Op("scatter", lambda a, src, dim, index: _put(
    a, src[tuple(slice(0, n) for n in index._data.shape)], _grid(index._data, dim), False),
    "ScatterBackward0", ("self", "src"), (
    Rule(_unscattered, (), "∂scatter(x, i, s)/∂x = g, 0 at i"),
    Rule(lambda node, g: _scatter_src_grad(node, g), (),
         "∂scatter(x, i, s)/∂s = gather(g, i)")), dtypes="keep", saved_params=("index",)))


SCATTER_VALUE = row(Op("scatter", lambda a, dim, index, value: _put(
    a, value, _grid(index._data, dim), False), "ScatterBackward1", ("self",), (
    Rule(_unscattered, (), "∂scatter(x, i, v)/∂x = g, 0 at i"),), dtypes="keep",
    saved_params=("index",)))
SCATTER_INDEX_DTYPE = "scatter(): Expected dtype int32/int64 for index"


def _scatter_checks(input: Tensor, dim, index: Tensor, src) -> int:
    """scatter_meta_impl's checks, in its order: dim, dtypes, ranks, sizes; then the kernel's
    bounds. Returns the wrapped dim."""
    d = input._dim(dim)
    if not isinstance(index, Tensor) or index._data.dtype not in (np.int64, np.int32):
        raise RuntimeError(SCATTER_INDEX_DTYPE)
    if src is not None and src.dtype is not input.dtype:
        raise RuntimeError("scatter(): Expected self.dtype to be equal to src.dtype")
    if index._data.size == 0:
        return d
    if max(index.ndim, 1) != max(input.ndim, 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as self tensor")
    sizes = index._data.shape or (1,)
    wrong = any(k != d and m > n for k, (m, n) in enumerate(zip(sizes, input._data.shape or (1,))))
    if not wrong and src is not None:
        wrong = any(m > n for m, n in zip(sizes, src._data.shape or (1,)))
    if wrong:
        also = f" and to be no larger size than src {_shape(src.shape)}" if src is not None else ""
        raise RuntimeError(f"Expected index {_shape(index.shape)} to be no larger than self "
                           f"{_shape(input.shape)} apart from dimension {d}{also}")
    n = input._data.shape[d] if input.ndim else 1
    bad = index._data[(index._data >= n) | (index._data < 0)]
    if bad.size:
        raise RuntimeError(f"index {bad.flat[0]} is out of bounds for dimension {d} with size {n}")
    return d


@export()
def scatter(input, dim, index, src=None, *, value=None, reduce=None):
    """torch.scatter: src's values (or one value) written into a copy of input where index
    points along dim; the 4th positional argument is src if a tensor, else the value."""
    if reduce is not None:
        raise NotImplementedError("gradcli does not implement scatter's reduce argument")
    if src is not None and not isinstance(src, Tensor):
        src, value = None, src
    if src is None and value is None:
        # any error will do: the declared signatures give the call PyTorch's TypeError
        raise TypeError("scatter() takes a src tensor or a value")
    edges_first(SCATTER, (input, src))   # the autograd kernel's, before scatter's own checks
    d = _scatter_checks(input, dim, index, src)
    if src is None:
        return _keep(apply(SCATTER_VALUE, (input,), {"dim": d, "index": index, "value": value}),
                     index=index)
    return _keep(apply(SCATTER, (input, src), {"dim": d, "index": index}), index=index)

# indexing is imported before inplace's table of in-place methods is filled: scatter_ joins here
METHODS["scatter_"] = inplace.inplace(scatter, "scatter_")


def _gathered(a: np.ndarray, dim: int, key) -> np.ndarray:
    # an empty index picks nothing, whatever its shape: ATen checks only a non-empty one
    if key._data.size == 0:
        return np.empty(key._data.shape, a.dtype)
    return a[_grid(key._data, dim)]


# the forward reads its index as `key`; the backward reads the saved `index`, freed by backward
GATHER = row(Op("gather", _gathered, "GatherBackward0",
                ("self",), (
    Rule(lambda node, g: apply(SCATTER_ADD, (xp.zeros_like(g, tuple(node.self.shape)), g),
                               {"dim": node.dim, "index": _as_index(node.index)}), ("self",),
         "∂gather(x, i)/∂x = scatter_add of g at i"),), dtypes="keep"))


def _gather(input, dim: int, index):
    if type(input) is Tensor:
        return gather(input, dim, index)
    return apply(GATHER, (input,), {"dim": dim, "key": _as_index(index)})


@export()
def gather(input, dim, index, *, sparse_grad=False):
    edges_first(GATHER, (input,))   # the autograd kernel's, before gather's own checks
    d = input._dim(dim)
    if index._data.dtype not in (np.int64, np.int32):
        if index._data.size:
            raise RuntimeError("gather(): Expected dtype int32/int64 for index")
        # an empty index of any dtype picks nothing, and ATen checks it no further
        index = Tensor._make(index._data.astype(np.int64))
    if index._data.size == 0:
        return _keep(apply(GATHER, (input,), {"dim": d, "key": index}), index=index)
    if index.ndim != input.ndim:
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    for k, (m, n) in enumerate(zip(index._data.shape, input._data.shape)):
        if k != d and m > n:
            raise RuntimeError(f"Size does not match at dimension {k} expected index "
                               f"{_shape(index.shape)} to be no larger than self "
                               f"{_shape(input.shape)} apart from dimension {d}")
    n = input._data.shape[d] if input.ndim else 1
    bad = index._data[(index._data >= n) | (index._data < 0)]
    if bad.size:
        raise RuntimeError(f"index {bad.flat[0]} is out of bounds for dimension {d} with size {n}")
    return _keep(apply(GATHER, (input,), {"dim": d, "key": index}), index=index)


# a 0-d tensor counts as one of length 1 here; alpha scales each source value before it is
# added (index_add_cpu_'s `self[idx] += source[i] * alpha`)
def _index_add(a, source, dim, index, alpha=1):
    out = a.copy()
    if alpha != 1:
        source = source * np.asarray(alpha, a.dtype)
    np.add.at(out.reshape(-1) if out.ndim == 0 else out, at_dim(dim, index._data.reshape(-1)),
              source.reshape(-1) if out.ndim == 0 else source)
    return out


def _times_alpha(g, alpha):
    # maybe_multiply(grad, alpha): a MulBackward1 when recorded
    if alpha == 1:
        return g
    if type(g) is not Tensor:
        return g * np.asarray(alpha, g.dtype)
    return apply(ROWS["MulBackward1"], (g,), {"other": alpha})   # pointwise's scale()


def _index_select(a, dim, key):
    if a.ndim == 0:
        return np.take(a.reshape(-1), key._data.reshape(-1)).reshape(())
    return np.take(a, key._data.reshape(-1), axis=dim)


INDEX_ADD = row(Op("index_add", _index_add, "IndexAddBackward0", ("self", "source"), (
    Rule(lambda node, g: g, (), "∂index_add(x, i, s)/∂x = 1"),
    # derivatives.yaml: grad.index_select(dim, index).expand_as(source) (ExpandBackward0)
    Rule(lambda node, g: _times_alpha(xp.expand(_index_selected(g, node.dim, node.index),
                                                 node.shapes[1]), node.params.get("alpha", 1)),
         (), "∂index_add(x, i, s, α)/∂s = α·index_select(g, i)")), dtypes="keep"))
INDEX_SELECT = row(Op("index_select", _index_select, "IndexSelectBackward0", ("self",), (
    Rule(lambda node, g: apply(INDEX_ADD, (xp.zeros_like(g, node.shapes[0]), g),
                               {"dim": node.dim, "index": _as_index(node.index)}), (),
         "∂index_select(x, i)/∂x = index_add of g at i"),), dtypes="keep"))


def _index_selected(input, dim: int, index):
    if type(input) is Tensor:
        return index_select(input, dim, index)
    return apply(INDEX_SELECT, (input,), {"dim": dim, "key": _as_index(index)})


@export()
def index_select(input, dim, index):
    if not isinstance(index, Tensor):
        raise TypeError(f"index_select(): argument 'index' (position 2) must be Tensor, not "
                        f"{type(index).__name__}")
    edges_first(INDEX_SELECT, (input,))   # the autograd kernel's, before index_select's checks
    d = input._dim(dim)
    if index.ndim > 1:
        raise IndexError("index_select(): Index is supposed to be a vector")
    if index._data.dtype not in (np.int64, np.int32):
        raise RuntimeError("index_select(): Expected dtype int32 or int64 for index")
    n = input._data.shape[d] if input.ndim else 1
    if input.ndim == 0 and index._data.size > 1:
        raise RuntimeError(f"index_select(): Index to scalar can have only 1 value, got "
                           f"{index._data.size} value(s)")
    if np.any((index._data >= n) | (index._data < 0)):
        raise IndexError("index out of range in self")
    return _keep(apply(INDEX_SELECT, (input,), {"dim": d, "key": index}), index=index)


def _masked_scatter(a, source, mask):
    out = a.copy()
    m = np.broadcast_to(mask._data, a.shape)
    out[m] = source.reshape(-1)[:int(m.sum())]
    return out


def _masked_scatter_source_grad(node, g):
    if type(g) is Tensor:
        picked = masked_select(g, node.mask)
    else:
        picked = apply(MASKED_SELECT, (g,), {"key": _as_index(node.mask)})
    n = int(np.prod(node.shapes[1]))
    count = picked._data.size if type(picked) is Tensor else picked.size
    if count < n:   # the source's elements past the mask's count get no gradient
        if type(picked) is Tensor:
            from .join import cat
            picked = cat([picked, _zeros((n - count,), g)])
        else:
            picked = np.concatenate((picked, np.zeros(n - count, picked.dtype)))
    return xp.reshape(picked, node.shapes[1])


MASKED_SCATTER = row(Op("masked_scatter", _masked_scatter, "MaskedScatterBackward0",
                        ("self", "source"), (
    Rule(lambda node, g: xp.masked_fill(g, node.mask, 0), (),
         "∂masked_scatter(x, m, s)/∂x = not m"),
    Rule(_masked_scatter_source_grad, (),
         "∂masked_scatter(x, m, s)/∂s = g[m], in order")),
    dtypes="keep"))
def _masked_select(a, key):
    shape = np.broadcast_shapes(a.shape, key._data.shape)
    return np.broadcast_to(a, shape)[np.broadcast_to(key._data, shape)]


MASKED_SELECT = row(Op("masked_select", _masked_select, "MaskedSelectBackward0",
    ("self",), (
    Rule(lambda node, g: apply(MASKED_SCATTER, (
        xp.zeros_like(g, np.broadcast_shapes(tuple(node.self.shape), tuple(node.mask.shape))),
        g), {"mask": _as_index(node.mask)}),
      ("self",), "∂x[m]/∂x = 1 where m"),), dtypes="keep"))


@export()
def masked_select(input, mask):
    if mask._data.dtype != np.bool_:
        raise RuntimeError("masked_select: expected BoolTensor for mask")
    _mask_shape(input, mask)
    return _keep(apply(MASKED_SELECT, (input,), {"key": mask}), mask=mask)


def _mask_shape(input: Tensor, mask: Tensor) -> tuple:
    """The shape mask and input broadcast to, or expand_outplace(mask, self)'s error."""
    try:
        return np.broadcast_shapes(input._data.shape, mask._data.shape)
    except ValueError:
        from .pointwise import broadcast_error
        raise broadcast_error(mask, input) from None


PUT = row(Op("put", lambda a, source, index: _put(a.reshape(-1), source.reshape(-1),
                                                   (index._data.reshape(-1),), True).reshape(
    a.shape), "PutBackward0", ("self", "source"), (
    Rule(lambda node, g: g, (), "∂put(x, i, s, accumulate)/∂x = 1"),
    Rule(lambda node, g: take(g, node.index) if type(g) is Tensor else apply(
        TAKE, (g,), {"key": _as_index(node.index)}), (),
         "∂put(x, i, s)/∂s = take(g, i)")), dtypes="keep"))
TAKE = row(Op("take", lambda a, key: a.reshape(-1)[key._data], "TakeBackward0", ("self",), (
    Rule(lambda node, g: apply(PUT, (xp.zeros_like(g, tuple(node.self.shape)), g),
                               {"index": _as_index(node.index)}), ("self",),
         "∂take(x, i)/∂x = 1 at each taken position, summed over repeats"),), dtypes="keep"))


@export()
def take(input, index):
    if index.dtype is not _dt.int64:
        raise RuntimeError("take(): Expected a long tensor for index, but got "
                           f"{_dt.type_name(index.dtype)}")
    n = input._data.size
    if n == 0 and index._data.size:
        raise IndexError("take(): tried to take from an empty tensor")
    bad = index._data[(index._data >= n) | (index._data < -n)]
    if bad.size:
        raise IndexError(f"out of range: tried to access index {bad.flat[0]} on a tensor of {n} "
                         f"elements.")
    return _keep(apply(TAKE, (input,), {"key": index}), index=index)


# ---- diagonals and triangles -------------------------------------------------------------
def _diagonal(a: np.ndarray, offset: int, dim1: int, dim2: int) -> np.ndarray:
    """The diagonal of `a` as a writable view, moved to the last dimension (np.diagonal's is
    read-only)."""
    i0, j0 = (0, offset) if offset >= 0 else (-offset, 0)
    length = max(0, min(a.shape[dim1] - i0, a.shape[dim2] - j0))
    key = [slice(None)] * a.ndim
    key[dim1], key[dim2] = slice(i0, None), slice(j0, None)
    start = a[tuple(key)]
    rest = [d for d in range(a.ndim) if d not in (dim1, dim2)]
    return np.lib.stride_tricks.as_strided(
        start, tuple(a.shape[d] for d in rest) + (length,),
        tuple(a.strides[d] for d in rest) + (a.strides[dim1] + a.strides[dim2],))


def _diagonal_backward(g, sizes, offset, dim1, dim2):
    out = np.zeros(sizes, dtype=g.dtype)
    _diagonal(out, offset, dim1, dim2)[...] = g
    return out


DIAGONAL_BACKWARD = row(Op("diagonal_backward", _diagonal_backward, "DiagonalBackwardBackward0",
                           ("grad_output",), (
    Rule(lambda node, g: apply(DIAGONAL, (g,), {"offset": node.offset, "dim1": node.dim1,
                                                 "dim2": node.dim2}), (),
         "∂diagonal_backward(g)/∂g = diagonal"),), dtypes="keep"))


def _diagonal_grad(node, g):
    return apply(DIAGONAL_BACKWARD, (g,), {"sizes": node.shapes[0], "offset": node.offset,
                                           "dim1": node.dim1, "dim2": node.dim2})


DIAGONAL = row(Op("diagonal", _diagonal, "DiagonalBackward0", ("self",), (
    Rule(_diagonal_grad, (), "∂diagonal(x)/∂x = 1 on the diagonal"),), dtypes="keep",
    view=True))
DIAGONAL_COPY = row(Op("diag", lambda a, offset, dim1, dim2: _diagonal(
    a, offset, dim1, dim2).copy(), "DiagonalBackward0_copy", ("self",), (
    Rule(_diagonal_grad, (), "∂diag(x)/∂x = 1 on the diagonal"),), dtypes="keep"))
def _diag_embed(a: np.ndarray, offset: int) -> np.ndarray:
    """Each vector along a's last dim laid on the diagonal of a matrix in the last two dims."""
    n = a.shape[-1] + abs(offset)
    out = np.zeros(a.shape[:-1] + (n, n), a.dtype)
    _diagonal(out, offset, out.ndim - 2, out.ndim - 1)[...] = a
    return out


DIAG_EMBED = row(Op("diag_embed", _diag_embed, "DiagEmbedBackward0", ("self",), (
    Rule(lambda node, g: apply(DIAGONAL, (g,), {"offset": node.offset, "dim1": len(g.shape) - 2,
                                                "dim2": len(g.shape) - 1}),
         (), "∂diag(v)/∂v = the diagonal of g"),),
    dtypes="keep"))


@export()
def diagonal(input, offset=0, dim1=0, dim2=1):
    d1, d2 = input._dim(dim1), input._dim(dim2)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    return apply(DIAGONAL, (input,), {"offset": offset, "dim1": d1, "dim2": d2})


@export()
def diag(input, diagonal=0):
    if input.ndim == 1:
        n = input._data.shape[0] + abs(operator.index(diagonal))
        check_shape((n, n))   # before NumPy builds it
        return apply(DIAG_EMBED, (input,), {"offset": diagonal})
    if input.ndim != 2:
        raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {input.ndim}D")
    return apply(DIAGONAL_COPY, (input,), {"offset": diagonal, "dim1": 0, "dim2": 1})


def _triangle(name: str, forward, grad_fn: str, formula: str):
    # NumPy's mask spans the last two sizes even when the tensor is empty: (0, 4*10**8) made one
    op = row(Op(name, lambda a, diagonal: forward(a, diagonal) if a.size else a.copy(), grad_fn, ("self",), (
        Rule(lambda node, g: function(g, node.diagonal), (), formula),), dtypes="keep"))

    def function(input, diagonal=0):
        if input.ndim < 2:
            raise RuntimeError(f"{name}: input tensor must have at least 2 dimensions")
        return apply(op, (input,), {"diagonal": diagonal})
    function.__name__ = name
    return export()(function)


tril = _triangle("tril", np.tril, "TrilBackward0", "∂tril(x)/∂x = 1 on and below the diagonal")
triu = _triangle("triu", np.triu, "TriuBackward0", "∂triu(x)/∂x = 1 on and above the diagonal")


# ---- scatter_add, index_add, index_copy, index_fill, masked_scatter: the public ops ---------
@export()
def scatter_add(input, dim, index, src):
    d = _scatter_checks(input, dim, index, src)
    return apply(SCATTER_ADD, (input, src), {"dim": d, "index": index})


def _index_checks(name: str, input: Tensor, dim, index, source=None) -> int:
    """index_add_/index_copy_'s checks, in their order: the index's dtype and rank, the
    source's dtype, count and shape, then the bounds. Returns the wrapped dim."""
    d = input._dim(dim)
    if not isinstance(index, Tensor) or index._data.dtype not in (np.int64, np.int32):
        got = _dt.type_name(index.dtype) if isinstance(index, Tensor) else type(index).__name__
        raise RuntimeError(f"{name}(): Expected dtype int32/int64 for index but got: {got}")
    if index.ndim > 1:
        raise IndexError(f"{name}(): Index is supposed to be a vector")
    if source is not None:
        if source.dtype is not input.dtype:
            raise RuntimeError(f"{name}(): self ({_dt.type_name(input.dtype)}) and source "
                               f"({_dt.type_name(source.dtype)}) must have the same scalar type")
        count = source._data.shape[d] if source.ndim else 1
        if index._data.size != count:
            equal = ":" if name == "index_add_" else ""
            error = RuntimeError if name == "index_add_" else IndexError
            raise error(f"{name}(): Number of indices ({index._data.size}) should be equal to "
                        f"source.size(dim){equal} ({count}){', for dim: ' + str(d) if equal else ''}")
        rest = [n for k, n in enumerate(input._data.shape) if k != d]
        if source.ndim == input.ndim and rest != [n for k, n in enumerate(source._data.shape)
                                                   if k != d]:
            raise RuntimeError(f"source tensor shape must match self tensor shape, excluding "
                               f"the specified dimension. Got self.shape = "
                               f"{_shape(input.shape)} source.shape = {_shape(source.shape)}")
    n = input._data.shape[d] if input.ndim else 1
    bad = index._data[(index._data >= n) | (index._data < -n)]
    if bad.size:
        if name == "index_add_":
            raise IndexError("index out of range in self")
        raise IndexError(f"index {bad.flat[0]} is out of bounds for dimension {d} with size {n}")
    return d


@export()
def index_add(input, dim, index, source, *, alpha=1):
    d = _index_checks("index_add_", input, dim, index, source)
    return _keep(apply(INDEX_ADD, (input, source), {"dim": d, "index": index, "alpha": alpha}),
                 index=index)


def _index_copied(a, source, dim, index):
    out = a.copy()
    key = at_dim(dim, index._data.reshape(-1))
    (out.reshape(-1) if out.ndim == 0 else out)[key] = source
    return out


def _index_filled(a, dim, index, value):
    out = a.copy()
    (out.reshape(-1) if out.ndim == 0 else out)[at_dim(dim, index._data.reshape(-1))] = value
    return out


def _unfilled(g, dim: int, index):
    """derivatives.yaml's grad.index_fill(dim, index, 0) (an IndexFillBackward0 when
    recorded)."""
    return apply(INDEX_FILL, (g,), {"dim": dim, "index": _as_index(index), "value": 0})


INDEX_FILL = row(Op("index_fill", _index_filled, "IndexFillBackward0", ("self",), (
    Rule(lambda node, g: _unfilled(g, node.dim, node.index), (),
         "∂index_fill(x, i, v)/∂x = g, 0 at i"),), dtypes="keep", saved_params=("index",)))
INDEX_COPY = row(Op("index_copy", _index_copied, "IndexCopyBackward0", ("self", "source"), (
    Rule(lambda node, g: _unfilled(g, node.dim, node.index), (),
         "∂index_copy(x, i, s)/∂x = g, 0 at i"),
    # derivatives.yaml: grad.index_select(dim, index).expand_as(source) (ExpandBackward0)
    Rule(lambda node, g: xp.expand(_index_selected(g, node.dim, node.index), node.shapes[1]),
         (), "∂index_copy(x, i, s)/∂s = index_select(g, i)")), dtypes="keep",
    saved_params=("index",)))


@export()
def index_copy(input, dim, index, source):
    d = _index_checks("index_copy_", input, dim, index, source)
    return _keep(apply(INDEX_COPY, (input, source), {"dim": d, "index": index}), index=index)


@export()
def index_fill(input, dim, index, value):
    d = _index_checks("index_fill_", input, dim, index)
    value = value.item() if isinstance(value, Tensor) else _dt.number(value)
    return _keep(apply(INDEX_FILL, (input,), {"dim": d, "index": index, "value": value}),
                 index=index)


@export()
def masked_scatter(input, mask, source):
    if mask._data.dtype != np.bool_:
        raise RuntimeError(f"masked_scatter_ only supports boolean masks, but got mask with "
                           f"dtype {_dt.type_name(mask.dtype)}")
    shape = _mask_shape(input, mask)
    if int(np.broadcast_to(mask._data, shape).sum()) > source._data.size:
        raise RuntimeError("Number of elements of source < number of ones in mask")
    return apply(MASKED_SCATTER, (input.expand(*shape), source), {"mask": mask})


for _name in ("scatter_add", "index_add", "index_copy", "index_fill", "masked_scatter"):
    METHODS[_name + "_"] = inplace.inplace(METHODS[_name], _name + "_")
