"""The namespace derivative rules are written against, as HIPS autograd writes its VJPs against
`autograd.numpy`: each function takes NumPy arrays (a backward that records no graph) or tensors
(one that records, create_graph=True) and gives the same bits either way.

A rule is written once with Python's operators (+ - * /, unary -, comparisons, & |), these
functions (xp.pow for powers), and apply(ROW, ...) of a row (apply runs a row's forward on
arrays, recording nothing). On tensors each function is the op itself, so the graph a second-order backward
records is PyTorch's; on arrays it is the same row's forward, or the NumPy call that gives the
same bits. The type of the first operand decides which.
"""
from __future__ import annotations

import math

import numpy as np

from ..dispatch import apply
from ..graph import FREED, SavedResult
from ..kernels.pointwise import pow_scalar, pow_tensor
from ..kernels.reduction import cumulative_product, cumulative_sum, ordered_product, ordered_sum
from ..tensor import Tensor
from .registry import FUNCTIONS, METHODS, ROWS


def _unary(name: str):
    """torch.<name> of a one-input row, which takes no arguments to check: its row, applied."""
    def function(x):
        return apply(FUNCTIONS[name].op, (x,))
    function.__name__ = name
    return function


exp, log, sin, cos, sinh, cosh, tanh, sigmoid, erf, rsqrt, sign, abs = map(_unary, (
    "exp", "log", "sin", "cos", "sinh", "cosh", "tanh", "sigmoid", "erf", "rsqrt", "sign", "abs"))


def sgn(x):
    """x.sgn(), which abs's derivative reads (its row is not a public function)."""
    return apply(ROWS["SgnBackward0"], (x,))


def pow(x, exponent):
    # not `**` on arrays: NumPy's own power takes other roads than PyTorch's pow kernels
    if type(x) is Tensor or type(exponent) is Tensor:
        return x ** exponent
    if isinstance(exponent, np.ndarray):
        return pow_tensor(np.asarray(x), exponent)
    return pow_scalar(np.asarray(x), exponent)


def isnan(x):
    return x.isnan() if type(x) is Tensor else np.isnan(x)


def isinf(x):
    return x.isinf() if type(x) is Tensor else np.isinf(x)


def where(condition, x, y):
    """where(condition, x, y); a condition may be a NumPy array on either pass (a constant)."""
    if type(condition) is Tensor and type(x) is not Tensor and type(y) is not Tensor:
        # two numbers picked by a recorded condition: a constant in the default dtype
        return Tensor._make(np.where(condition._data, x, y).astype(np.float32))
    if type(x) is Tensor or type(y) is Tensor:
        if type(condition) is not Tensor:
            condition = Tensor._make(condition)
        return FUNCTIONS["where"](condition, x, y)
    return np.where(condition, x, y)


def masked_fill(x, mask, value):
    if type(x) is Tensor:
        return METHODS["masked_fill"](x, mask, value)
    return np.where(mask, value, x)


def clamp_min(x, min):
    return x.clamp_min(min) if type(x) is Tensor else np.maximum(x, min)


def constant(array, like):
    """A NumPy array as a value of like's pass: a tensor that records nothing, or itself."""
    return Tensor._make(array) if type(like) is Tensor else array


def zeros_like(x, shape=None):
    """Zeros of x's dtype, of x's shape or `shape`: a constant, never recorded."""
    data = x._data if type(x) is Tensor else x
    zeros = np.zeros(data.shape if shape is None else shape, data.dtype)
    return Tensor._make(zeros) if type(x) is Tensor else zeros


# ---- reductions --------------------------------------------------------------------------
def _axes(dim, ndim: int) -> tuple:
    if ndim == 0:
        return ()
    if dim is None:
        return tuple(range(ndim))
    return tuple(sorted(d % ndim for d in (dim if isinstance(dim, (tuple, list)) else (dim,))))


def allocated(out: np.ndarray, x: np.ndarray) -> np.ndarray:
    """A reduction's result `out` of `x` as ATen allocates it: a fresh C-ordered array (with C
    strides for its size-1 dims too), where NumPy and the kernel ports keep a strided x's
    order (and a reshape of the result would copy where PyTorch's views)."""
    if x.ndim < 2 or x.flags.c_contiguous:
        return out
    steps = tuple(math.prod(out.shape[k + 1:]) * out.itemsize for k in range(out.ndim))
    return out if out.strides == steps else np.array(out, order="C")


def _reduced(x, dim, keepdim: bool, kernel):
    x = np.asarray(x)
    axes = _axes(dim, x.ndim)
    out = kernel(x, axes)
    if dim is None:
        return out.reshape(())
    return allocated(out if keepdim else
                     out.reshape([s for i, s in enumerate(x.shape) if i not in axes]), x)


def sum(x, dim=None, keepdim: bool = False):
    """Σ over `dim` (None: everything, to a 0-d value) in PyTorch's order."""
    if type(x) is Tensor:
        return x.sum() if dim is None else x.sum(dim, keepdim=keepdim)
    return _reduced(x, dim, keepdim, ordered_sum)


def mean(x, dim=None, keepdim: bool = False):
    if type(x) is Tensor:
        return x.mean() if dim is None else x.mean(dim, keepdim=keepdim)
    total = _reduced(x, dim, keepdim, ordered_sum)
    return total / np.asarray(np.size(x) // max(np.size(total), 1), total.dtype)


def prod(x, dim=None, keepdim: bool = False):
    if type(x) is Tensor:
        return x.prod() if dim is None else x.prod(dim, keepdim)
    return _reduced(x, dim, keepdim, ordered_product)


def cumsum(x, dim: int):
    return x.cumsum(dim) if type(x) is Tensor else cumulative_sum(np.asarray(x), dim)


def cumprod(x, dim: int):
    return x.cumprod(dim) if type(x) is Tensor else cumulative_product(np.asarray(x), dim)


def flip(x, dims):
    return x.flip(dims) if type(x) is Tensor else np.flip(x, dims)


def count(mask, dim=None, keepdim: bool = False, like=None):
    """How many are true, over `dim`: an int64 tensor on tensors, as PyTorch's mask.sum() (it
    promotes to `like`'s float dtype when divided); on arrays, of `like`'s dtype at once."""
    if type(mask) is Tensor:
        return mask.sum() if dim is None else mask.sum(dim, keepdim=keepdim)
    return np.sum(mask, axis=_axes(dim, mask.ndim), keepdims=keepdim, dtype=like.dtype)


# ---- shapes ------------------------------------------------------------------------------
def expand(x, shape):
    return x.expand(shape) if type(x) is Tensor else np.broadcast_to(x, shape)


def reshape(x, shape):
    return x.reshape(shape) if type(x) is Tensor else np.reshape(x, shape)


def unsqueeze(x, dim: int):
    return x.unsqueeze(dim) if type(x) is Tensor else unsqueeze_multiple(x, (dim,))


def unsqueeze_multiple(x, dims: tuple):
    """x with a dim of size 1 put in at each of `dims` in turn (ascending): PyTorch's
    unsqueeze_multiple; on arrays one reshape (np.expand_dims costs several times more)."""
    if type(x) is Tensor:
        for dim in dims:
            x = x.unsqueeze(dim)
        return x
    x = np.asarray(x)
    shape = list(x.shape)
    for dim in dims:
        shape.insert(dim % (len(shape) + 1), 1)
    return x.reshape(shape)


def narrow(x, dim: int, start: int, length: int):
    """x.narrow (a SliceBackward0 on tensors): `length` entries of `dim` from `start`."""
    if type(x) is Tensor:
        return x.narrow(dim, start, length)
    return x[(slice(None),) * dim + (slice(start, start + length),)]


def cat(xs: list, dim: int):
    if type(xs[0]) is Tensor or type(xs[-1]) is Tensor:
        return FUNCTIONS["cat"](xs, dim)
    return np.concatenate(xs, dim)


def squeeze(x, dim: int):
    return x.squeeze(dim) if type(x) is Tensor else np.squeeze(x, dim)


def transpose(x, dim0: int, dim1: int):
    if type(x) is Tensor:
        return x.transpose(dim0, dim1)
    return x if np.ndim(x) == 0 else np.swapaxes(x, dim0, dim1)


def t(x):
    return x.t() if type(x) is Tensor else np.transpose(x)


def permute(x, dims):
    return x.permute(dims) if type(x) is Tensor else np.transpose(x, dims)


def sum_to_size(x, shape):
    """x summed down to `shape` (undoing a broadcast), in PyTorch's order."""
    if type(x) is Tensor:
        return x.sum_to_size(shape)
    x = np.asarray(x)
    if not shape:   # ATen's sum_to: a full sum, even of a 0-d x (-0. becomes 0.)
        return np.asarray(ordered_sum(x, tuple(range(x.ndim)))).reshape(())
    lead = x.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(lead + i for i, s in enumerate(shape)
                                      if s == 1 and x.shape[lead + i] != 1)
    if not axes:
        return x
    return allocated(ordered_sum(x, axes).reshape(shape), x)


# ---- products ----------------------------------------------------------------------------
def _product(name: str, grad_fn: str):
    def function(a, b):
        if type(a) is Tensor:
            return METHODS[name](a, b)
        return apply(ROWS[grad_fn], (a, b))
    function.__name__ = name
    return function


mm = _product("mm", "MmBackward0")
mv = _product("mv", "MvBackward0")
bmm = _product("bmm", "BmmBackward0")


class _ArrayView:
    """The node in `CURRENT` as a rule sees it in a pass on arrays: `node.name` is a parameter
    (tensors among them as their arrays), a field of the node (`shapes`), or a saved value as
    a NumPy array or Python number. One object, pointed at each node in turn.
    (__getattribute__ and a list cell, not __getattr__ and an attribute: the failed ordinary
    lookup that __getattr__ waits for costs four times the rest.)"""

    __slots__ = ()

    def __getattribute__(self, name: str):
        node = CURRENT[0]
        params = node.params
        if name in params:
            value = params[name]
            return value._data if type(value) is Tensor else value
        if name in _NODE_FIELDS:
            return getattr(node, name)
        saved = node._saved   # a saved value, after check_versions: its array, or the number
        if saved is None:
            raise RuntimeError(FREED)
        value, counter, _ = saved[name]
        if counter is None:
            return value
        return value.data if type(value) is SavedResult else value._data


_NODE_FIELDS = frozenset(("shapes", "dtypes", "params", "n_outputs"))
ARRAY_VIEW = _ArrayView()
CURRENT: list = [None]

