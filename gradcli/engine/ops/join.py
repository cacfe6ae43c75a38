"""Joining tensors and cutting them apart (cat, stack, hstack, vstack, meshgrid, split, chunk,
unbind), repeat, flip, roll."""
from __future__ import annotations

import math
import operator
from functools import lru_cache, partial

import numpy as np

from .. import dtypes as _dt
from .. import once
from ..dispatch import Rule, Op, apply, edges_first
from ..format import cpp_text
from ..limits import check_outputs, check_shape
from ..tensor import Tensor
from . import xp
from .indexing import SELECT, SLICE, at_dim
from .registry import export, row
from .shape import expand, reshape, sizes, unsqueeze, view


def _shape(shape) -> str:
    return f"[{', '.join(map(str, shape))}]"


def _tensors(tensors, name: str) -> list:
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(f"{name}(): argument 'tensors' (position 1) must be tuple of Tensors, "
                        f"not {type(tensors).__name__}")
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got "
                            f"{type(t).__name__}")
    return list(tensors)


# ---- cat ---------------------------------------------------------------------------------
def _joined(shapes) -> list[int]:
    """The inputs cat really joins: PyTorch still lets a 1-d empty tensor join anything."""
    kept = [i for i, s in enumerate(shapes) if tuple(s) != (0,)]
    return kept or list(range(len(shapes)))


def _cat_forward(*arrays, dim):
    # contiguous, as ATen allocates cat's result (NumPy follows its inputs' layout)
    return np.ascontiguousarray(
        np.concatenate([arrays[i] for i in _joined([a.shape for a in arrays])], axis=dim))


def _cat_grad(i: int, node, g):
    kept = _joined(node.shapes)
    if i not in kept or tuple(node.shapes[i]) == (0,):
        # cat_tensors_backward: a 1-d empty input's gradient is new zeros, off the graph
        return xp.zeros_like(g, (0,))
    offset = sum(node.shapes[k][node.dim] for k in kept if k < i)
    return apply(SLICE, (g,), {"dim": node.dim, "start": offset,
                               "end": offset + node.shapes[i][node.dim], "step": 1})


@lru_cache(maxsize=None)
def _cat_op(n: int) -> Op:
    """cat of n tensors: a row with one input (and one derivative) per tensor."""
    return Op("cat", _cat_forward, "CatBackward0", tuple(f"tensors{i}" for i in range(n)),
              tuple(Rule(partial(_cat_grad, i), (), "∂cat(xs)/∂xᵢ = gᵢ's part of g")
                    for i in range(n)))


row(_cat_op(2))


@export("cat", "concat", "concatenate", method=False)
def cat(tensors, dim=0):
    tensors = _tensors(tensors, "cat")
    if not tensors:
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    op = _cat_op(len(tensors))
    edges_first(op, tensors)   # the autograd kernel's, before cat's own checks
    for i, t in enumerate(tensors):
        if t.ndim == 0:
            raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be "
                               f"concatenated")
    kept = _joined([t._data.shape for t in tensors])
    ref = tensors[kept[0]]
    d = ref._dim(dim)
    for i in kept:
        t = tensors[i]
        if t.ndim != ref.ndim:
            raise RuntimeError(f"Tensors must have same number of dimensions: got {ref.ndim} and "
                               f"{t.ndim}")
        for k, (want, got) in enumerate(zip(ref._data.shape, t._data.shape)):
            if k != d and want != got:
                raise RuntimeError(f"Sizes of tensors must match except in dimension {d}. "
                                   f"Expected size {want} but got size {got} for tensor number "
                                   f"{i} in the list.")
    return apply(op, tuple(tensors), {"dim": d})


# ---- stack -------------------------------------------------------------------------------
@lru_cache(maxsize=None)
def _stack_op(n: int) -> Op:
    """stack of n tensors: a row with one input (and one derivative) per tensor."""
    return Op("stack", lambda *arrays, dim: np.ascontiguousarray(np.stack(arrays, axis=dim)),
              "StackBackward0",
              tuple(f"tensors{i}" for i in range(n)),
              tuple(Rule(lambda node, g, i=i: apply(SELECT, (g,), {"dim": node.dim, "index": i}),
                         (), "∂stack(xs)/∂xᵢ = g[i]")
                    for i in range(n)))


row(_stack_op(2))


@export(method=False)
def stack(tensors, dim=0):
    tensors = _tensors(tensors, "stack")
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    op = _stack_op(len(tensors))
    edges_first(op, tensors)   # the autograd kernel's, before stack's own checks
    ref = tensors[0]
    d = ref._dim(dim, ref.ndim + 1)
    for i, t in enumerate(tensors[1:], 1):
        if t._data.shape != ref._data.shape:
            raise RuntimeError(f"stack expects each tensor to be equal size, but got "
                               f"{_shape(ref.shape)} at entry 0 and {_shape(t.shape)} at entry "
                               f"{i}")
    return apply(op, tuple(tensors), {"dim": d})


# ---- hstack, vstack: cat of the tensors made at least 1-d or 2-d (ATen's composites) ------------
def _nonempty(tensors, name: str) -> list:
    tensors = _tensors(tensors, name)
    if not tensors:
        raise RuntimeError(f"{name} expects a non-empty TensorList")
    return tensors


@export(method=False)
def hstack(tensors):
    tensors = [t if t.ndim else reshape(t, (1,)) for t in _nonempty(tensors, "hstack")]
    return cat(tensors, 0 if tensors[0].ndim == 1 else 1)


@export(method=False)
def vstack(tensors):
    tensors = [reshape(t, (1, 1)) if t.ndim == 0 else unsqueeze(t, 0) if t.ndim == 1 else t
               for t in _nonempty(tensors, "vstack")]
    return cat(tensors, 0)


# ---- meshgrid: each 1-d tensor viewed along its own dim and expanded to the grid ----------------
MESHGRID_INDEXING = ("torch.meshgrid: in an upcoming release, it will be required to pass the "
                     "indexing argument. (Triggered internally at /__w/pytorch/pytorch/aten/src/"
                     "ATen/native/TensorShape.cpp:4215.)")


@export(method=False)
def meshgrid(*tensors, indexing=None):
    """torch.meshgrid: one list argument is the old way of passing the tensors; no `indexing`
    means 'ij', with PyTorch's warning (once)."""
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tensors[0]
    for i, t in enumerate(tensors):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument 0, but got "
                            f"{type(t).__name__}")
    if indexing is None:
        once.warn_once("meshgrid indexing", MESHGRID_INDEXING)
        indexing = "ij"
    elif not isinstance(indexing, str):
        raise TypeError(f"meshgrid(): argument 'indexing' must be str, not "
                        f"{type(indexing).__name__}")
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("meshgrid expects a non-empty TensorList")
    if any(t.dtype is not tensors[0].dtype for t in tensors):
        raise RuntimeError("meshgrid expects all tensors to have the same dtype")
    swap = indexing == "xy" and len(tensors) >= 2
    if indexing not in ("xy", "ij"):
        raise RuntimeError(f'torch.meshgrid: indexing must be one of "xy" or "ij", but '
                           f"received: {indexing}")
    if swap:
        tensors[0], tensors[1] = tensors[1], tensors[0]
    for t in tensors:
        if t.ndim > 1:
            raise RuntimeError(f"torch.meshgrid: Expected 0D or 1D tensor in the tensor list but "
                               f"got: {cpp_text(t)}")
    shape = [t._data.size for t in tensors]   # a 0-d tensor counts as one of one element
    grids = []
    for i, t in enumerate(tensors):
        grids.append(expand(view(t, tuple(-1 if k == i else 1 for k in range(len(shape)))),
                            shape))
    if swap:
        grids[0], grids[1] = grids[1], grids[0]
    return tuple(grids)


# ---- split, chunk, unbind: one node, several views --------------------------------------------
def _pieces(a: np.ndarray, dim: int, lengths) -> tuple:
    out, start = [], 0
    for n in lengths:
        out.append(a[at_dim(dim, slice(start, start + n))])
        start += n
    return tuple(out)


def _even(size: int, split_size: int) -> list[int]:
    """The lengths split(split_size) cuts a dimension of `size` into."""
    if split_size == 0:
        return [0]
    count = max(1, math.ceil(size / split_size))
    return [split_size] * (count - 1) + [size - split_size * (count - 1)]


def _grads(g) -> list:
    """The gradients of a multi-output node's outputs (one output: the engine passes it bare)."""
    return g if isinstance(g, list) else [g]


def _join_grads(node, g, lengths):
    shape = list(node.shapes[0])
    known = next(x for x in _grads(g) if x is not None)
    parts = []
    for n, x in zip(lengths, _grads(g)):
        shape[node.dim] = n
        parts.append(xp.zeros_like(known, tuple(shape)) if x is None else x)
    return apply(_cat_op(len(parts)), tuple(parts), {"dim": node.dim})


SPLIT = row(Op("split", lambda a, split_size, dim: _pieces(a, dim, _even(a.shape[dim],
                                                                         split_size)),
               "SplitBackward0", ("self",), (
    Rule(lambda node, g: _join_grads(node, g, _even(node.shapes[0][node.dim], node.split_size)), (),
         "∂split(x)/∂x = the pieces' gradients joined"),), dtypes="keep", view=True))
SPLIT_WITH_SIZES = row(Op("split_with_sizes", lambda a, split_sizes, dim: _pieces(
    a, dim, split_sizes), "SplitWithSizesBackward0", ("self",), (
    Rule(lambda node, g: _join_grads(node, g, node.split_sizes), (),
         "∂split(x)/∂x = the pieces' gradients joined"),), dtypes="keep", view=True))


def _unbind_grad(node, g):
    grads = _grads(g)
    known = next(x for x in grads if x is not None)
    return apply(_stack_op(len(grads)), tuple(xp.zeros_like(known) if x is None else x
                                              for x in grads), {"dim": node.dim})


UNBIND = row(Op("unbind", lambda a, dim: tuple(a[at_dim(dim, i)] for i in range(a.shape[dim])),
                "UnbindBackward0", ("self",), (
    Rule(_unbind_grad, (), "∂unbind(x)/∂x = the slices' gradients stacked"),), dtypes="keep",
    view=True))


def _split_dim(input: Tensor, dim) -> int:
    if input.ndim == 0:
        raise RuntimeError("split expects at least a 1-dimensional tensor")
    return input._dim(dim)


@export()
def split_with_sizes(input, split_sizes, dim=0):
    d = _split_dim(input, dim)
    lengths = sizes((split_sizes,))
    text = f"[{', '.join(map(str, lengths))}]"
    check_outputs(len(lengths))
    if any(n < 0 for n in lengths):
        raise RuntimeError(f"split_with_sizes expects split_sizes have only non-negative entries, "
                           f"but got split_sizes={text}")
    size = input._data.shape[d]
    if sum(lengths) != size:
        raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {size} (input "
                           f"tensor's size at dimension {d}), but got split_sizes={text}")
    return apply(SPLIT_WITH_SIZES, (input,), {"split_sizes": lengths, "dim": d})


@export()
def split(input, split_size_or_sections, dim=0):
    if isinstance(split_size_or_sections, (list, tuple)):
        return split_with_sizes(input, split_size_or_sections, dim)
    d = _split_dim(input, dim)
    split_size = operator.index(split_size_or_sections)
    size = input._data.shape[d]
    if split_size < 0:
        raise RuntimeError(f"split expects split_size be non-negative, but got "
                           f"split_size={split_size}")
    if split_size == 0 and size != 0:
        raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got dimension "
                           f"size of {size}")
    check_outputs(-(-size // split_size) if split_size else 1)
    return apply(SPLIT, (input,), {"split_size": split_size, "dim": d})


@export()
def chunk(input, chunks, dim=0):
    if input.ndim == 0:
        raise RuntimeError("chunk expects at least a 1-dimensional tensor")
    if chunks <= 0:
        raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
    d = input._dim(dim)
    size = input._data.shape[d]
    split_size = -(-size // chunks)
    if split_size == 0 and size == 0:
        # split would lose the number of (empty) chunks
        check_outputs(chunks)
        return split_with_sizes(input, [0] * chunks, d)
    return split(input, split_size, d)


@export()
def unbind(input, dim=0):
    if input.ndim == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    d = input._dim(dim)
    check_outputs(input._data.shape[d])   # a (0, 10**9) tensor passes the element limit
    return apply(UNBIND, (input,), {"dim": d})


def _iterate(input):
    if input.ndim == 0:
        raise TypeError("iteration over a 0-d tensor")
    return iter(unbind(input, 0))


export(torch=False, method=False, dunders=("__iter__",))(_iterate)


# ---- repeat, flip, roll ------------------------------------------------------------------
def _repeat_grad(node, g):
    """ATen's repeat_backward: the new leading dims summed away one by one, then each repeated
    dim split into (repeat, size) and the repeats summed at once (SumBackward1 over a view)."""
    shape, repeats = tuple(node.shapes[0]), node.repeats
    if 0 in repeats:
        return xp.zeros_like(g, shape)
    extra = len(repeats) - len(shape)
    for _ in range(extra):
        g = xp.sum(g, 0)
    split, summed = [], []
    for r, s in zip(repeats[extra:], shape):
        if r != 1:
            split.append(r)
            summed.append(len(split) - 1)
        split.append(s)
    return xp.sum(xp.reshape(g, tuple(split)), tuple(summed)) if summed else g


REPEAT = row(Op("repeat", lambda a, repeats: np.tile(a, repeats), "RepeatBackward0", ("self",), (
    Rule(_repeat_grad, (), "∂repeat(x)/∂x = the sum over the copies"),), dtypes="keep"))


@export(torch=False)
def repeat(input, *repeats):
    if not repeats:
        raise TypeError('repeat() missing 1 required positional arguments: "repeats"')
    repeats = sizes(repeats)
    if len(repeats) < input.ndim:
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than number of "
                           "dimensions of tensor")
    padded = (1,) * (len(repeats) - input.ndim) + input._data.shape
    check_shape(tuple(r * s for r, s in zip(repeats, padded)))
    return apply(REPEAT, (input,), {"repeats": repeats})


@export()
def tile(input, *dims):
    """repeat with the dims padded by leading 1s to the tensor's rank."""
    dims = sizes(dims)
    return repeat(input, *((1,) * (input.ndim - len(dims)) + tuple(dims)))


# ATen's flip fills empty_like(input): the input's layout (order="K")
FLIP = row(Op("flip", lambda a, dims: np.flip(a, dims).copy("K") if dims else a.copy("K"),
              "FlipBackward0", ("self",), (
    Rule(lambda node, g: apply(FLIP, (g,), {"dims": node.dims}), (), "∂flip(x)/∂x = flip back"),),
    dtypes="keep"))


@export()
def flip(input, *dims_, dims=None):
    dims = tuple(input._dim(d) for d in sizes(dims_ if dims is None else (dims,)))
    for k, d in enumerate(dims):
        if d in dims[:k]:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
    return apply(FLIP, (input,), {"dims": dims if input.ndim else ()})


# ATen's roll_cpu writes into a contiguous result (of a contiguous copy of the input)
ROLL = row(Op("roll",
              lambda a, shifts, dims: np.roll(a, shifts, dims or None).copy("C"),
              "RollBackward0",
              ("self",), (
    Rule(lambda node, g: apply(ROLL, (g,), {"shifts": tuple(-s for s in node.shifts),
                                             "dims": node.dims}), (),
         "∂roll(x)/∂x = roll back"),),
    dtypes="keep"))


@export()
def roll(input, shifts, dims=None):
    shifts = sizes((shifts,)) if isinstance(shifts, (list, tuple)) else (operator.index(shifts),)
    if dims is None:
        dims = ()
    else:
        dims = sizes((dims,)) if isinstance(dims, (list, tuple)) else (operator.index(dims),)
    if len(shifts) != len(dims) and not (not dims and len(shifts) == 1):
        raise RuntimeError(f"shifts and dimensions must align. shifts: {len(shifts)}, "
                           f"dims:{len(dims)}")
    if dims and input.ndim == 0:   # a dim of a scalar, which roll does not wrap as others do
        raise IndexError(f"Dimension specified as {dims[0]} but tensor has no dimensions")
    return apply(ROLL, (input,), {"shifts": shifts, "dims": tuple(input._dim(d) for d in dims)})


# ---- dstack, column_stack, tensor_split --------------------------------------------------------
def _at_least_3d(t: Tensor) -> Tensor:
    # atleast_3d: a scalar as [1, 1, 1], a vector as a row [1, n, 1], a matrix with a last dim
    if t.ndim == 0:
        return reshape(t, (1, 1, 1))
    if t.ndim == 1:
        return unsqueeze(unsqueeze(t, 0), -1)
    return unsqueeze(t, -1) if t.ndim == 2 else t


@export(method=False)
def dstack(tensors):
    return cat([_at_least_3d(t) for t in _nonempty(tensors, "dstack")], 2)


@export(method=False)
def column_stack(tensors):
    return hstack([reshape(t, (t._data.size, 1)) if t.ndim <= 1 else t
                   for t in _nonempty(tensors, "column_stack")])


@export()
def tensor_split(input, indices_or_sections, dim=0):
    """Slices (views) along dim: n near-equal sections (the first size % n one longer), or
    cut before each of the given indices."""
    if input.ndim == 0:
        raise RuntimeError(f"tensor_split expected at least a 1-dimensional tensor, but got a "
                           f"tensor with 0 dims")
    d = input._dim(dim)
    size = input._data.shape[d]
    cuts = indices_or_sections
    if isinstance(cuts, Tensor):
        if cuts.dtype is not _dt.int64:
            raise RuntimeError(f"tensor_split expected tensor_indices_or_sections to have "
                               f"dtype of long, but got {_dt.type_name(cuts.dtype)}")
        if cuts.ndim > 1:
            raise RuntimeError(f"tensor_split expected tensor_indices_or_sections to be a "
                               f"zero-dimensional or one-dimensional tensor, but got a tensor "
                               f"with {cuts.ndim} dims")
        cuts = cuts.tolist()
    if isinstance(cuts, (list, tuple)):
        # each piece is the slice between two indices, as Python slices them
        starts = [operator.index(i) for i in cuts]
        return tuple(input[(slice(None),) * d + (slice(a, b),)]
                     for a, b in zip([0] + starts, starts + [None]))
    n = operator.index(cuts)
    if n <= 0:
        raise RuntimeError(f"number of sections must be larger than 0, got {n}")
    base, extra = divmod(size, n)
    ends = np.cumsum([base + 1] * extra + [base] * (n - extra)).tolist()
    lead = (slice(None),) * d
    return tuple(input[lead + (slice(a, b),)] for a, b in zip([0] + ends[:-1], ends))
