"""Op rows that change shape or layout: views, expand, transpose, permute, clone."""
from __future__ import annotations

import math
import operator

import numpy as np

from .. import arguments, once
from ..dispatch import Rule, Op, apply
from ..limits import check_shape
from ..tensor import Tensor
from .pointwise import preserved
from .reduction import sum as reduce_sum
from . import xp
from .registry import export, row


def sizes(args) -> tuple[int, ...]:
    """`view(2, 3)`, `view((2, 3))` and `view(torch.Size([2, 3]))` all mean (2, 3)."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = args[0]
    try:
        return tuple(operator.index(s) for s in args)
    except TypeError:
        bad = next(s for s in args if not isinstance(s, int))
        raise TypeError(f"expected a sequence of integers, but got an element of type "
                        f"'{type(bad).__name__}'") from None


def infer_size(shape: tuple[int, ...], numel: int) -> tuple[int, ...]:
    """Resolve a -1 in a requested shape, with PyTorch's messages."""
    unknown = [i for i, s in enumerate(shape) if s == -1]
    if len(unknown) > 1:
        raise RuntimeError("only one dimension can be inferred")
    known = 1
    for s in shape:
        if s != -1:
            if s < 0:
                raise RuntimeError(f"invalid shape dimension {s}")
            known *= s
    if unknown:
        if known == 0 == numel:
            raise RuntimeError(f"cannot reshape tensor of 0 elements into shape "
                               f"[{', '.join(map(str, shape))}] because the unspecified "
                               f"dimension size -1 can be any value and is ambiguous")
        if known == 0 or numel % known:
            raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of "
                               f"size {numel}")
        shape = shape[:unknown[0]] + (numel // known,) + shape[unknown[0] + 1:]
    elif known != numel:
        raise RuntimeError(f"shape '[{', '.join(map(str, shape))}]' is invalid for input of size "
                           f"{numel}")
    return shape


def _view_or_none(a: np.ndarray, shape) -> np.ndarray | None:
    try:
        return np.reshape(a, shape, copy=False)
    except ValueError:
        return None


# ---- views ---------------------------------------------------------------------------------
VIEW = row(Op("view", lambda a, shape: np.reshape(a, shape, copy=False), "ViewBackward0",
              ("self",), (Rule(lambda node, g: xp.reshape(g, node.shapes[0]), (),
                               "∂view(x)/∂x = reshape back"),), dtypes="keep", view=True))
# reshape of a tensor that is not contiguous but can be viewed in the new shape
RESHAPE_ALIAS = row(Op("_reshape_alias", lambda a, shape: np.reshape(a, shape, copy=False),
                       "ReshapeAliasBackward0", ("self",), (
    Rule(lambda node, g: xp.reshape(g, node.shapes[0]), (), "∂reshape(x)/∂x = reshape back"),),
    dtypes="keep", view=True))
UNSAFE_VIEW = row(Op("_unsafe_view", lambda a, shape: a.reshape(shape), "UnsafeViewBackward0",
                     ("self",), (Rule(lambda node, g: xp.reshape(g, node.shapes[0]), (),
                                      "∂reshape(x)/∂x = reshape back"),), dtypes="keep"))


def _expanded(a: np.ndarray, shape) -> np.ndarray:
    """A writable view of `a` broadcast to `shape` (np.broadcast_to's is read-only; PyTorch lets
    a part of an expanded tensor that has no repeated element be written)."""
    return np.lib.stride_tricks.as_strided(a, shape, _expanded_strides(a, shape))


def _expanded_strides(a: np.ndarray, shape) -> list:
    """ATen's inferExpandGeometry: a repeated dim steps 0; a dim kept keeps its step; a new
    dim of size 1 steps over the dims after it (all 0 for a 0-d input)."""
    strides = [0] * len(shape)
    if a.ndim == 0:
        return strides
    lead = len(shape) - a.ndim
    for i in reversed(range(len(shape))):
        if i >= lead:
            strides[i] = a.strides[i - lead] if a.shape[i - lead] == shape[i] else 0
        elif shape[i] == 1:
            strides[i] = shape[i + 1] * strides[i + 1]
    return strides


EXPAND = row(Op("expand", _expanded, "ExpandBackward0",
                ("self",), (Rule(lambda node, g: xp.sum_to_size(g, node.shapes[0]), (),
                                 "∂expand(x)/∂x = sum over the copies"),), dtypes="keep",
                view=True))
UNSQUEEZE = row(Op("unsqueeze", lambda a, dim: np.expand_dims(a, dim), "UnsqueezeBackward0",
                   ("self",), (Rule(lambda node, g: xp.squeeze(g, node.dim), (),
                                    "∂unsqueeze(x)/∂x = squeeze"),), dtypes="keep", view=True))
# the backward unsqueezes each squeezed dim in turn (unsqueeze_to): UnsqueezeBackward0 nodes
SQUEEZE = {n: row(Op("squeeze", lambda a, dims: np.squeeze(a, dims), f"SqueezeBackward{n}",
                     ("self",), (Rule(lambda node, g: xp.unsqueeze_multiple(
                         g, tuple(sorted(set(node.dims)))), (), "∂squeeze(x)/∂x = unsqueeze"),),
                  dtypes="keep", view=True))
           for n in (0, 1, 2, 4)}

# squeeze_ on a tensor that is not a view (matmul's 1-D @ 2-D result): the same node, no view
SQUEEZE_INPLACE = Op("squeeze_", SQUEEZE[4].forward, "SqueezeBackward4", ("self",),
                     SQUEEZE[4].derivs, dtypes="keep")


def _swapped(a: np.ndarray, dim0: int, dim1: int) -> np.ndarray:
    """np.swapaxes, except that a 0-d array (dims 0, 0 after wrapping) comes back as a view of
    itself: NumPy finds no axis 0 there, PyTorch treats a scalar as having one."""
    return a.view() if a.ndim == 0 else np.swapaxes(a, dim0, dim1)


TRANSPOSE = row(Op("transpose", _swapped, "TransposeBackward0", ("self",), (
    Rule(lambda node, g: xp.transpose(g, node.dim0, node.dim1), (),
         "∂transpose(x)/∂x = transpose back"),), dtypes="keep", view=True))
T = row(Op("t", lambda a: a.T, "TBackward0", ("self",), (
    Rule(lambda node, g: xp.t(g), (), "∂xᵀ/∂x = transpose back"),), dtypes="keep", view=True))
PERMUTE = row(Op("permute", lambda a, dims: np.transpose(a, dims), "PermuteBackward0", ("self",), (
    Rule(lambda node, g: xp.permute(g, tuple(np.argsort(node.dims))), (),
         "∂permute(x)/∂x = permute back"),), dtypes="keep", view=True))
# order "K": preserve_format; contiguous() asks for "C"
CLONE = row(Op("clone", preserved, "CloneBackward0",
                ("self",), (Rule(lambda node, g: g, (), "∂clone(x)/∂x = 1"),), dtypes="keep"))


@export(torch=False)   # a method only: torch has no function of this name
def view(input, *shape):
    shape = infer_size(sizes(shape), input._data.size)
    if _view_or_none(input._data, shape) is None:
        raise RuntimeError("view size is not compatible with input tensor's size and stride (at "
                           "least one dimension spans across two contiguous subspaces). Use "
                           ".reshape(...) instead.")
    return apply(VIEW, (input,), {"shape": shape})


@export(torch=False)   # a method only: torch has no function of this name
def view_as(input, other):
    return view(input, other.shape)


@export()
def reshape(input, *shape):
    shape = infer_size(sizes(shape), input._data.size)
    if input._data.flags.c_contiguous:
        return apply(VIEW, (input,), {"shape": shape})
    if _view_or_none(input._data, shape) is not None:
        return apply(RESHAPE_ALIAS, (input,), {"shape": shape})
    return apply(UNSAFE_VIEW, (clone(input),), {"shape": shape})


@export(torch=False)   # a method only: torch has no function of this name
def reshape_as(input, other):
    return reshape(input, other.shape)


@export()
def flatten(input, start_dim=0, end_dim=-1):
    if input.ndim == 0:
        return reshape(input, (1,))
    s, e = input._dim(start_dim), input._dim(end_dim)
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    if s == e:
        return input
    shape = input._data.shape
    n = 1
    for d in shape[s:e + 1]:
        n *= d
    return reshape(input, shape[:s] + (n,) + shape[e + 1:])


@export()
def ravel(input):
    return reshape(input, (-1,))


@export()
def unsqueeze(input, dim):
    return apply(UNSQUEEZE, (input,), {"dim": input._dim(dim, input.ndim + 1)})


def _squeezed(input: Tensor, dim) -> tuple[tuple[int, ...], int]:
    """The dims squeeze drops (those of size 1 among the named), and which overload it is
    (0: no dim, 1: one dim, 2: a list of dims), which its grad_fn name counts by."""
    shape = input._data.shape
    if dim is None:
        return tuple(i for i, s in enumerate(shape) if s == 1), 0
    if isinstance(dim, (tuple, list)):
        return tuple(input._dim(d) for d in dim if shape[input._dim(d)] == 1), 2
    d = input._dim(dim)
    return ((d,) if shape and shape[d] == 1 else ()), 1


@export()
def squeeze(input, dim=None):
    dims, n = _squeezed(input, dim)
    return apply(SQUEEZE[n], (input,), {"dims": dims})


# ---- unsqueeze_, squeeze_, t_, transpose_: the tensor itself takes the view's shape -------------
def _in_place_row(op: Op, grad_fn: str) -> Op:
    """The row of an in-place view op: its out-of-place row's forward and derivative under the
    in-place grad_fn name, and no view of its own (the tensor written to is the result)."""
    return Op(op.name + "_", op.forward, grad_fn, op.args, op.derivs, dtypes="keep")


UNSQUEEZE_ = _in_place_row(UNSQUEEZE, "UnsqueezeBackward1")
SQUEEZE_ = {n: _in_place_row(SQUEEZE[n], f"SqueezeBackward{n + 3}") for n in (0, 1, 2)}
TRANSPOSE_ = _in_place_row(TRANSPOSE, "TransposeBackward1")
T_ = _in_place_row(T, "TBackward1")
for _row in (UNSQUEEZE_, *SQUEEZE_.values(), TRANSPOSE_, T_):
    row(_row)


def _restride(input: Tensor, op: Op, params: dict) -> Tensor:
    """Give `input` the shape and strides op's view would have (the same memory), bump its
    version, and make the op's node its history, as an in-place op of ATen's autograd does."""
    from .inplace import check_inplace
    check_inplace(input)
    out = apply(op, (input,), params)
    input._data = out._data
    input._version_counter.value += 1
    if out.grad_fn is not None:
        input.grad_fn, input._output_nr = out.grad_fn, 0
    return input


@export(torch=False)
def unsqueeze_(input, dim):
    return _restride(input, UNSQUEEZE_, {"dim": input._dim(dim, input.ndim + 1)})


@export(torch=False)
def squeeze_(input, dim=None):
    dims, n = _squeezed(input, dim)
    return _restride(input, SQUEEZE_[n], {"dims": dims})


@export(torch=False)
def transpose_(input, dim0, dim1):
    return _restride(input, TRANSPOSE_, {"dim0": input._dim(dim0), "dim1": input._dim(dim1)})


@export(torch=False)
def t_(input):
    if input.ndim > 2:
        raise RuntimeError(f"t_() expects a tensor with <= 2 dimensions, but self is "
                           f"{input.ndim}D")
    return _restride(input, T_, {})


@export(torch=False)   # a method only: torch has no function of this name
def expand(input, *shape):
    shape = sizes(shape)
    src = input._data.shape
    if len(shape) < len(src):
        raise RuntimeError(f"expand(torch.FloatTensor{{[{', '.join(map(str, src))}]}}, "
                           f"size=[{', '.join(map(str, shape))}]): the number of sizes provided "
                           f"({len(shape)}) must be greater or equal to the number of dimensions "
                           f"in the tensor ({len(src)})")
    out = list(shape)
    lead = len(shape) - len(src)
    for i in reversed(range(len(shape))):   # ATen's inferExpandGeometry checks from the last
        s = shape[i]
        have = src[i - lead] if i >= lead else 1
        if s == -1:
            if i < lead:
                raise RuntimeError(f"The expanded size of the tensor (-1) isn't allowed in a "
                                   f"leading, non-existing dimension {i}")
            out[i] = have
        elif have != 1 and have != s:
            raise RuntimeError(f"The expanded size of the tensor ({s}) must match the existing "
                               f"size ({have}) at non-singleton dimension {i}.  Target sizes: "
                               f"[{', '.join(map(str, shape))}].  Tensor sizes: "
                               f"[{', '.join(map(str, src))}]")
    # a view allocates nothing, but every op over it would walk all its elements
    check_shape(tuple(out))
    return apply(EXPAND, (input,), {"shape": tuple(out)})


@export(torch=False)   # a method only: torch has no function of this name
def expand_as(input, other):
    return expand(input, other.shape)


@export()
def broadcast_to(input, *shape):
    return expand(input, *shape)


@export()
def transpose(input, dim0, dim1):
    return apply(TRANSPOSE, (input,), {"dim0": input._dim(dim0), "dim1": input._dim(dim1)})


swapaxes = export("swapaxes", "swapdims")(transpose)


@export()
def t(input):
    if input.ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is "
                           f"{input.ndim}D")
    return apply(T, (input,))


@export()
def permute(input, *dims):
    if not dims:
        raise TypeError('permute() missing 1 required positional arguments: "dims"')
    dims = sizes(dims)
    if len(dims) != input.ndim:
        raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does "
                           f"not match the length of the desired ordering of dimensions i.e. "
                           f"input.dim() = {input.ndim} is not equal to len(dims) = {len(dims)}")
    dims = tuple(input._dim(d) for d in dims)
    if len(set(dims)) != len(dims):
        raise RuntimeError("permute(): duplicate dims are not allowed.")
    return apply(PERMUTE, (input,), {"dims": dims})


@export()
def clone(input, *, memory_format=None):
    return apply(CLONE, (input,))


@export(torch=False)
def contiguous(input, memory_format=None):
    if input._data.flags.c_contiguous:
        return input
    return apply(CLONE, (input,), {"order": "C"})


def transposed_all(input) -> Tensor:
    """Tensor.T: all dims reversed (PermuteBackward0)."""
    return apply(PERMUTE, (input,), {"dims": tuple(range(input.ndim))[::-1]})


def matrix_transposed(input) -> Tensor:
    """Tensor.mT: the last two dims swapped; a 0-d tensor is itself (with ATen's warning)."""
    if input.ndim == 0:
        once.warn_once("mT of 0-d", "Tensor.mT is deprecated on 0-D tensors. This function is "
                                    "the identity in these cases.")
        return input
    if input.ndim < 2:
        raise RuntimeError(f"tensor.mT is only supported on matrices or batches of matrices. "
                           f"Got {input.ndim}-D tensor.")
    return input.transpose(-2, -1)


def sum_to_size(g: Tensor, *size) -> Tensor:
    """Sum a gradient down to `size` (a shape, or its ints one by one), undoing broadcasting."""
    shape = tuple(size[0]) if len(size) == 1 and isinstance(size[0], (tuple, list)) else size
    if not shape:  # ATen's sum_to: a full sum (SumBackward0), no view, even of a 0-d g
        return reduce_sum(g)
    if g._data.shape == shape:
        return g
    lead = g.ndim - len(shape)
    if lead < 0 or any(s != 1 and s != n for s, n in zip(shape, g._data.shape[lead:])):
        raise RuntimeError(f"size {{{list(shape)}}} is not expandable to size "
                           f"{{{list(g._data.shape)}}}.")
    dims = tuple(range(lead)) + tuple(lead + i for i, s in enumerate(shape)
                                      if s == 1 and g._data.shape[lead + i] != 1)
    out = reduce_sum(g, dims, keepdim=True) if dims else g
    return out.view(shape) if out._data.shape != shape else out


export(torch=False)(sum_to_size)


_sizes = sizes   # unflatten's parameter has its name


@export()
def unflatten(input, dim, sizes):
    """Dim `dim` viewed as several of the given sizes (one may be -1)."""
    if not sizes:   # Tensor.unflatten's own check, before the native method's parser
        raise RuntimeError("unflatten: sizes must be non-empty")
    wrong = arguments.parser_for("native", "unflatten").error((dim, sizes), {})
    if wrong is not None:
        raise wrong
    d = input._dim(dim)
    wanted = _sizes((sizes,))
    size = input._data.shape[d] if input.ndim else 1
    known = math.prod(n for n in wanted if n != -1)
    if (-1 not in wanted and known != size) or (-1 in wanted and (known == 0 or size % known)):
        raise RuntimeError(f"unflatten: Provided sizes {list(wanted)} don't multiply up to the "
                           f"size of dim {d} ({size}) in the input tensor")
    shape = input._data.shape
    return view(input, *shape[:d], *(size // known if n == -1 else n for n in wanted),
                *shape[d + 1:])
