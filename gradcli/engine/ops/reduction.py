"""Op rows that reduce over dimensions: sums, products, extrema, statistics, norms, cumsum and
cumprod."""
from __future__ import annotations

import math
import operator
import warnings

import numpy as np

from .. import dtypes as _dt
from .. import return_types
from ..dispatch import Rule, Op, apply
from ..kernels import reduction as kernels
from ..tensor import Tensor
from . import xp
from .pointwise import broadcast_shape, divide_by, maximum, minimum, scale
from .registry import ROWS, export, row

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
    return operator.index(dim) % UINT64


def saved_dims(dim):
    """An `int[] dim` as a grad_fn shows it: a tuple (or None), negative dims as saved_dim."""
    if dim is None:
        return None
    # a dim may be a 0-d integer tensor (its __index__), as PyTorch's parser takes it
    return tuple(operator.index(d) % UINT64
                 for d in (dim if isinstance(dim, (tuple, list)) else (dim,)))


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


def _restore(g, node, *axes):
    """A reduced gradient with its reduced dims put back as size 1, ready to broadcast."""
    ndim = len(node.shapes[0])
    if not node.keepdim and ndim:
        return xp.unsqueeze_multiple(g, axes or axes_of(node.dim, ndim))
    return g


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


_sum = _reduction(kernels.ordered_sum, np.sum)


def _mean(a: np.ndarray, dim, keepdim: bool, dtype: _dt.DType) -> np.ndarray:
    total = _sum(a, dim, keepdim, dtype)
    return total / np.asarray(_count(a.shape, axes_of(dim, a.ndim)), total.dtype)


def _norm(a: np.ndarray, ord, dim, keepdim: bool, dtype: _dt.DType) -> np.ndarray:
    a = a.astype(dtype.np, copy=False)
    axes = axes_of(dim, a.ndim)
    out = kernels.vector_norm(a, ord, axes)
    return out if keepdim else out.reshape(_kept(a.shape, axes))


# ---- sum, mean, prod ---------------------------------------------------------------------------
def _accumulate_dtype(input: Tensor, dtype) -> _dt.DType:
    if dtype is not None:
        return dtype
    return _dt.int64 if input.dtype.category != _dt.FLOAT else input.dtype


_prod = _reduction(kernels.ordered_product, np.prod)


def _prod_grad(node, g):
    # PyTorch's prod_backward: result / x while no factor of x (anywhere) is zero; else
    # prod_safe_zeros_backward's exclusive products, on the whole product's flattened factors
    # (zeros when grad mode is off and two of them are zero)
    x, result = node.self, node.result
    if x.ndim == 0:
        return g
    data = x._data if type(x) is Tensor else x
    whole = "dim" not in node.params
    if not whole:
        axis = axes_of(node.dim, x.ndim)[0]
        g, result = _restore(g, node, axis), _restore(result, node, axis)
    zeros = np.count_nonzero(data == 0)
    if not zeros:
        return g * (result / x)
    if not whole:
        return _safe_zeros_backward(g, x, axis)
    if type(g) is not Tensor and zeros > 1:
        return xp.zeros_like(g, data.shape)
    flat = x.contiguous().view(-1) if type(x) is Tensor else data.reshape(-1)
    return xp.reshape(_safe_zeros_backward(g, flat, 0), data.shape)   # view_as(input)


def _safe_zeros_backward(g, x, dim: int):
    """prod_safe_zeros_backward: g times the product of the factors before each one along dim
    and of those after it, each a cumprod of the shifted factors behind a 1."""
    n = x.shape[dim]
    if n == 1:
        return g
    dtype = g._data.dtype if type(g) is Tensor else np.asarray(g).dtype
    ones = xp.constant(np.ones(x.shape[:dim] + (1,) + x.shape[dim + 1:], dtype), g)
    before = xp.cumprod(xp.cat([ones, xp.narrow(x, dim, 0, n - 1)], dim), dim)
    after = xp.cat([ones, xp.flip(xp.narrow(x, dim, 1, n - 1), (dim,))], dim)
    return g * (before * xp.flip(xp.cumprod(after, dim), (dim,)))


def reduced(forward):
    """A reduction's forward, its result allocated as ATen allocates it (xp.allocated)."""
    def run(a, *rest, **params):
        return xp.allocated(forward(a, *rest, **params), a)
    run.__name__, run.__doc__ = getattr(forward, "__name__", "forward"), forward.__doc__
    return run


def _mean_grad(node, g):
    shape = node.shapes[0]
    n = _count(shape, axes_of(node.dim, len(shape))) if "dim" in node.params else math.prod(shape)
    return divide_by(xp.expand(_restore(g, node) if "dim" in node.params else g, shape), n)


SUM_ALL = row(Op("sum", lambda a, dtype: _sum(a, None, False, dtype), "SumBackward0",
                 ("self",), (
    Rule(lambda node, g: xp.expand(g, node.shapes[0]), (), "∂Σx/∂xᵢ = 1"),), dtypes="keep"))
SUM_DIM = row(Op("sum", reduced(_sum), "SumBackward1", ("self",), (
    Rule(lambda node, g: xp.expand(_restore(g, node), node.shapes[0]), (), "∂Σx/∂xᵢ = 1"),),
    dtypes="keep"))
MEAN_ALL = row(Op("mean", lambda a, dtype: _mean(a, None, False, dtype), "MeanBackward0",
                  ("self",), (Rule(_mean_grad, (), "∂mean(x)/∂xᵢ = 1/n"),), dtypes="keep"))
MEAN_DIM = row(Op("mean", reduced(_mean), "MeanBackward1", ("self",), (
    Rule(_mean_grad, (), "∂mean(x)/∂xᵢ = 1/n"),), dtypes="keep"))
PROD_ALL = row(Op("prod", lambda a, dtype: _prod(a, None, False, dtype), "ProdBackward0",
                  ("self",), (Rule(_prod_grad, ("self", "result"), "∂Πx/∂xᵢ = Π_{j≠i} xⱼ"),),
                  dtypes="keep"))
PROD_DIM = row(Op("prod", reduced(_prod), "ProdBackward1", ("self",), (
    Rule(_prod_grad, ("self", "result"), "∂Πx/∂xᵢ = Π_{j≠i} xⱼ"),), dtypes="keep"))


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
def _evenly(node, g):
    # evenly_distribute_backward: tied extremes share the gradient (NaN ones when it is NaN)
    x, value = node.self, node.result
    mask = xp.isnan(x) if bool(xp.isnan(value)) else x == value
    # zeros.masked_fill_(mask, grad / mask.sum()): a MaskedFillBackward1 node when recorded
    return xp.masked_fill(xp.zeros_like(g, node.shapes[0]), mask, g / xp.count(mask, like=g))


def _selected(node, g):
    # value_selecting_reduction_backward: zeros.scatter_(dim, indices, grad), the gradient put
    # at the index that was picked (a ScatterBackward0 node when recorded)
    shape = node.shapes[0]
    axis = axes_of(node.dim, len(shape))[0] if shape else 0
    indices = node.indices   # saved: a tensor, or on a pass on arrays its array
    indices = indices._data if type(indices) is Tensor else indices
    if shape and not node.keepdim:
        indices = np.expand_dims(indices, axis)
    # indexing.py's row (it imports this module, so looked up by name)
    return apply(ROWS["ScatterBackward0"], (xp.zeros_like(g, shape), _restore(g, node, axis)),
                 {"dim": axis, "index": Tensor._make(indices)})


def _restore_reduced_dims(g, node):
    """FunctionsManual's restore_reduced_dims: g reshaped (a ViewBackward0 when recorded) to
    its rank plus the reduced dims, those of size 1; a 0-d input reduced over dim 0 so gets a
    1-d gradient, which the engine sums back to 0-d (SumBackward0)."""
    if node.keepdim:
        return g
    dims = node.dim if isinstance(node.dim, tuple) else (node.dim,)
    total = len(g.shape) + len(dims)
    ones = {(d - UINT64 if d >= UINT64 // 2 else d) % total for d in dims}
    sizes = iter(g.shape)
    return xp.reshape(g, tuple(1 if i in ones else next(sizes) for i in range(total)))


def _shared(node, g):
    # amax/amin, scale_grad_by_count: every element equal to the result takes an equal share
    mask = _restore_reduced_dims(node.result, node) == node.self
    axes = axes_of(node.dim, len(node.shapes[0]))
    return _restore_reduced_dims(g, node) / xp.count(mask, axes, True, like=g) * mask


def _take(a: np.ndarray, dim, keepdim: bool, indices: Tensor) -> np.ndarray:
    if a.ndim == 0:
        return a.copy()
    axis = axes_of(dim, a.ndim)[0]
    picked = indices._data if keepdim else np.expand_dims(indices._data, axis)
    out = np.take_along_axis(a, picked, axis)
    return out if keepdim else np.squeeze(out, axis)


def _extremes(a: np.ndarray, dim, keepdim: bool, larger: bool) -> np.ndarray:
    return kernels.extreme(a, axes_of(dim, a.ndim), keepdim, larger)


def _arg_extreme(a: np.ndarray, dim, keepdim: bool, pick) -> np.ndarray:
    # NumPy and PyTorch both take the first of tied (or NaN) extremes; no dim: the flat index
    if a.ndim == 0:
        return np.zeros((), np.int64)
    axis = None if dim is None else axes_of(dim, a.ndim)[0]
    return pick(a, axis=axis, keepdims=keepdim)


MAX_ALL = row(Op("max", lambda a: kernels.extreme(a, (), False, True, whole=True),
                 "MaxBackward1", ("self",), (
    Rule(_evenly, ("self", "result"), "∂max(x)/∂xᵢ = 1/k at the k maxima"),), dtypes="keep"))
MIN_ALL = row(Op("min", lambda a: kernels.extreme(a, (), False, False, whole=True),
                 "MinBackward1", ("self",), (
    Rule(_evenly, ("self", "result"), "∂min(x)/∂xᵢ = 1/k at the k minima"),), dtypes="keep"))
MAX_DIM = row(Op("max", reduced(_take), "MaxBackward0", ("self",), (
    Rule(_selected, (), "∂max(x, d)/∂xᵢ = 1 at the index picked"),), dtypes="keep",
    saved_params=("indices",)))
MIN_DIM = row(Op("min", reduced(_take), "MinBackward0", ("self",), (
    Rule(_selected, (), "∂min(x, d)/∂xᵢ = 1 at the index picked"),), dtypes="keep",
    saved_params=("indices",)))
AMAX = row(Op("amax", reduced(lambda a, dim, keepdim: _extremes(a, dim, keepdim, True)),
              "AmaxBackward0", ("self",), (
    Rule(_shared, ("self", "result"), "∂amax(x)/∂xᵢ = 1/k at the k maxima"),), dtypes="keep"))
AMIN = row(Op("amin", reduced(lambda a, dim, keepdim: _extremes(a, dim, keepdim, False)),
              "AminBackward0", ("self",), (
    Rule(_shared, ("self", "result"), "∂amin(x)/∂xᵢ = 1/k at the k minima"),), dtypes="keep"))
ARGMAX = Op("argmax", reduced(lambda a, dim, keepdim: _arg_extreme(a, dim, keepdim, np.argmax)),
            None,
            ("self",), (None,), dtypes="int64")
ARGMIN = Op("argmin", reduced(lambda a, dim, keepdim: _arg_extreme(a, dim, keepdim, np.argmin)),
            None,
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
    # dim=None is PyTorch's default `[]` (the parser reads None for an empty int list): all dims
    dims = dims_of(input, dim) if dim is not None and dim != () else ()
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
    axes = axes_of(dim, a.ndim)
    out = kernels.moments(a, axes, 1 if correction is None else correction, root)
    return out if keepdim else out.reshape(_kept(a.shape, axes))


def _two_over(dof) -> float:
    return 2.0 / dof if dof else math.inf


def _var_grad(node, g):
    # PyTorch's var_backward, including its literal reading of an empty dim list
    x, shape = node.self, node.shapes[0]
    correction = 1 if node.correction is None else node.correction
    if x.ndim == 0 or node.dim is None:
        dof = math.prod(shape) - correction
        if dof <= 0:
            return g * xp.where(x == xp.mean(x), math.nan, math.inf)
        return scale(g, _two_over(dof)) * (x - xp.mean(x))
    axes = axes_of(node.dim, x.ndim)
    if not node.keepdim and x.ndim > 1:
        g = _restore(g, node, *axes)
    size = math.prod(shape[a] for a in axes) if node.dim != () else 1
    return scale(g, _two_over(size - correction)) * (x - xp.mean(x, axes, True))


def _std_grad(node, g):
    # std_backward: (grad / (result * 2)).masked_fill_(result == 0, 0), then var's
    result = node.result
    return _var_grad(node, xp.masked_fill(g / scale(result, 2), result == 0, 0))


VAR = row(Op("var", reduced(lambda a, dim, correction, keepdim: _moments(
    a, dim, correction, keepdim, False)),
             "VarBackward0", ("self",), (
    Rule(_var_grad, ("self",), "∂var(x)/∂xᵢ = 2(xᵢ - x̄)/(n - c)"),), dtypes="keep"))
STD = row(Op("std", reduced(lambda a, dim, correction, keepdim: _moments(
    a, dim, correction, keepdim, True)),
             "StdBackward0", ("self",), (
    Rule(_std_grad, ("self", "result"), "∂std(x)/∂xᵢ = (xᵢ - x̄)/((n - c)·std(x))"),),
    dtypes="keep"))


def _moment(name: str, op: Op, input: Tensor, dim, unbiased, keepdim: bool, correction):
    if isinstance(dim, bool):
        dim, unbiased = ABSENT, dim
    if unbiased is not None and correction is not None:
        raise bad_arguments(name, f"unbiased=bool, correction={type(correction).__name__}")
    if input.dtype.category != _dt.FLOAT:
        raise RuntimeError(f"{'std and var' if name in ('std', 'var') else name} only support "
                           f"floating point and complex dtypes")
    # the correction a grad_fn shows: None unless a dim, `unbiased` or a correction was given
    if correction is None and unbiased is not None:
        correction = int(unbiased)
    elif correction is None and dim is not ABSENT:
        correction = 1
    dim = None if dim is ABSENT else dim
    axes = dims_of(input, dim) if dim not in (None, ()) else tuple(range(input.ndim))
    axes = axes if input.ndim else ()  # a 0-d tensor's dim 0 (or -1) is its one element
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


# ---- std_mean, var_mean, aminmax: two results from one pass ---------------------------------
def _moments_and_mean(a: np.ndarray, dim, correction, keepdim: bool, root: bool) -> tuple:
    axes = axes_of(dim, a.ndim)
    shape = _kept(a.shape, axes)
    return tuple(xp.allocated(out if keepdim else out.reshape(shape), a) for out in
                 kernels.moments_and_mean(a, axes, 1 if correction is None else correction,
                                          root))


def _two_grads(g) -> list:
    """The gradients of a two-output node's outputs (None where an output got none)."""
    return g if isinstance(g, list) else [g, None]


def _mean_part(node, g):
    # mean_backward: the gradient spread evenly over what was averaged (a DivBackward0)
    shape = node.shapes[0]
    axes = axes_of(node.dim, len(shape)) if node.dim not in (None, ()) else \
        tuple(range(len(shape)))
    restored = _restore(g, node, *axes) if node.dim is not None else g
    return divide_by(xp.expand(restored, shape), math.prod(shape[a] for a in axes))


def _with_mean_grad(spread):
    def rule(node, g):
        g_stat, g_mean = _two_grads(g)
        total = None if g_stat is None else spread(node, g_stat)
        if g_mean is not None:
            part = _mean_part(node, g_mean)
            total = part if total is None else total + part
        return total
    return rule


STD_MEAN = row(Op("std_mean", lambda a, dim, correction, keepdim: _moments_and_mean(
    a, dim, correction, keepdim, True), "StdMeanBackward0", ("self",), (
    Rule(_with_mean_grad(_std_grad), ("self", "result"),
         "∂(std, mean)(x)/∂xᵢ = std's + 1/n"),), dtypes="keep"))
VAR_MEAN = row(Op("var_mean", lambda a, dim, correction, keepdim: _moments_and_mean(
    a, dim, correction, keepdim, False), "VarMeanBackward0", ("self",), (
    Rule(_with_mean_grad(_var_grad), ("self",), "∂(var, mean)(x)/∂xᵢ = var's + 1/n"),),
    dtypes="keep"))


@export(method=False)
def std_mean(input, dim=ABSENT, unbiased=None, keepdim=False, *, correction=None):
    return _moment("std_mean", STD_MEAN, input, dim, unbiased, keepdim, correction)


@export(method=False)
def var_mean(input, dim=ABSENT, unbiased=None, keepdim=False, *, correction=None):
    return _moment("var_mean", VAR_MEAN, input, dim, unbiased, keepdim, correction)


def _aminmax_grad(node, g):
    # aminmax_backward: each extreme's gradient shared by the elements equal to it
    g_min, g_max = _two_grads(g)
    total = None
    for grad, result in ((g_min, "result"), (g_max, "result1")):
        if grad is not None:
            mask = _restore_reduced_dims(getattr(node, result), node) == node.self
            axes = axes_of(node.dim, len(node.shapes[0]))
            part = _restore_reduced_dims(grad, node) / xp.count(mask, axes, True, like=grad) * mask
            total = part if total is None else total + part
    return total


AMINMAX = row(Op("aminmax", lambda a, dim, keepdim: tuple(xp.allocated(
    _extremes(a, dim, keepdim, larger), a) for larger in (False, True)), "AminmaxBackward0",
    ("self",), (Rule(_aminmax_grad, ("self", "result", "result1"),
                     "∂(min, max)(x)/∂xᵢ = 1/k at the k minima, at the k maxima"),),
    dtypes="keep"))


@export()
def aminmax(input, *, dim=None, keepdim=False):
    if input._data.size == 0:
        if dim is None:
            raise RuntimeError("aminmax(): cannot compute aminmax over an empty dimension as "
                               "the operation has no identity.")
        if input.ndim and input._data.shape[input._dim(dim)] == 0:
            raise IndexError(f"aminmax: Expected reduction dim {dim} to have non-zero size.")
    params = _amax_args("aminmax", input, () if dim is None else dim, keepdim)
    return return_types.aminmax(*apply(AMINMAX, (input,), params))


# ---- norm, logsumexp ---------------------------------------------------------------------------
def _norm_grad(node, g):
    # linalg_vector_norm's `ord`, norm's `p`
    x, norm, p = node.self, node.result, node.params.get("ord", node.params.get("p"))
    if x.ndim and node.dim not in (None, ()):   # no dims given: nothing to put back
        g, norm = _restore(g, node), _restore(norm, node)
    return _norm_backward(g, x, norm, p, axes_of(node.dim, x.ndim))


def _norm_backward(g, x, norm, p, axes):
    # PyTorch's norm_backward, one branch per order (g and norm broadcast against x)
    if p == 0:
        return None
    if p == 1:
        return xp.sgn(x) * g
    if p == 2:
        return g * xp.masked_fill(x / norm, norm == 0, 0)
    if p in (math.inf, -math.inf):
        magnitude = xp.abs(x)
        mask = xp.isnan(magnitude) | (magnitude == norm)
        return xp.sgn(x) * (g / xp.count(mask, axes, True, like=g) * mask)
    if p < 1:
        scaled = xp.sgn(x) * xp.masked_fill(xp.pow(xp.abs(x), p - 1), x == 0, 0)
        return scaled * g * xp.pow(norm, 1 - p)
    scaled = xp.sgn(x) * xp.pow(xp.abs(x), p - 1) if p < 2 else x * xp.pow(xp.abs(x), p - 2)
    return scaled * xp.masked_fill(g / xp.pow(norm, p - 1), norm == 0, 0)


VECTOR_NORM = row(Op("linalg_vector_norm", reduced(_norm), "LinalgVectorNormBackward0",
                     ("self",), (
    Rule(_norm_grad, ("self", "result"), "∂‖x‖ₚ/∂xᵢ = sign(xᵢ)·|xᵢ|ᵖ⁻¹/‖x‖ₚᵖ⁻¹"),),
    dtypes="keep"))


def _dist_grad(node, g):
    diff = node.self - node.other
    return _norm_backward(g, diff, node.result, node.p, tuple(range(diff.ndim)))


def _dist_other_grad(node, g):
    # -norm_backward(...): ATen negates the undefined gradient of order 0, which it refuses
    grad = _dist_grad(node, g)
    if grad is None:
        raise RuntimeError("Expected a proper Tensor but got None (or an undefined Tensor in "
                           "C++) for argument #0 'self'")
    return -grad


DIST = row(Op("dist", lambda a, b, p: _norm(a - b, p, None, False, _dt.of_array(a)),
              "DistBackward0", ("self", "other"), (
    Rule(_dist_grad, ("self", "other", "result"), "∂‖a - b‖ₚ/∂a = norm_backward(a - b)"),
    Rule(_dist_other_grad, ("self", "other", "result"),
         "∂‖a - b‖ₚ/∂b = -norm_backward(a - b)")), dtypes="promote"))


@export()
def dist(input, other, p=2):
    """torch.dist: the p-norm of input - other (broadcast), one DistBackward0 node."""
    dt = _dt.result_type(input, other)
    if dt.category != _dt.FLOAT:
        raise RuntimeError(f"norm(): input dtype should be either floating point or complex. "
                           f"Got {_dt.type_name(dt)} instead.")
    broadcast_shape(input, other)
    return apply(DIST, (input, other), {"p": p}, dtype=dt)


# ATen's norm.ScalarOpt_dim, which C++ composites call (Python's Tensor.norm goes through
# linalg_vector_norm instead): the same kernel and derivative under its own grad_fn
NORM = row(Op("norm", reduced(
    lambda a, p, dim, keepdim: _norm(a, p, dim, keepdim, _dt.of_array(a))),
              "NormBackward1", ("self",), (
    Rule(_norm_grad, ("self", "result"), "∂‖x‖ₚ/∂xᵢ = sign(xᵢ)·|xᵢ|ᵖ⁻¹/‖x‖ₚᵖ⁻¹"),),
    dtypes="keep"))


def aten_norm(input: Tensor, p, dim: int, keepdim: bool) -> Tensor:
    """at::norm(input, p, dim, keepdim) as ATen's composites call it: grad_fn NormBackward1."""
    dims_of(input, dim)
    return apply(NORM, (input,), {"p": p, "dim": saved_dims(dim), "keepdim": keepdim})


@export(torch=False, method=False, linalg=("vector_norm",))
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


@export(torch=False, method=False, linalg=("matrix_norm",))
def matrix_norm(input, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    """torch.linalg.matrix_norm: linalg_matrix_norm's composite of vector norms, amax, amin."""
    if input.ndim < 2:
        raise RuntimeError(f"linalg.matrix_norm: The input tensor A must have at least 2 "
                           f"dimensions.")
    if input.dtype.category != _dt.FLOAT:
        raise RuntimeError(f"linalg.matrix_norm: Expected a floating point or complex tensor "
                           f"as input. Got {_dt.type_name(input.dtype)}")
    first, second = (input._dim(d) for d in dim)
    if ord == "fro":
        return vector_norm(input, 2, (first, second), keepdim, dtype=dtype)
    if ord not in (1, -1, math.inf, -math.inf):
        raise NotImplementedError(f"gradcli does not implement linalg.matrix_norm with "
                                  f"ord={ord!r} yet")
    if abs(ord) == math.inf:   # the inf norm is the 1 norm of the transpose
        first, second = second, first
    if not keepdim and first < second:
        second -= 1
    sums = vector_norm(input, 1, first, keepdim, dtype=dtype)
    return amax(sums, second, keepdim) if ord > 0 else amin(sums, second, keepdim)


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


@export(torch=False, method=False, linalg=("norm",))
def linalg_norm(input, ord=None, dim=None, keepdim=False, *, dtype=None):
    """torch.linalg.norm: a vector norm of the elements, or of a matrix the Frobenius norm."""
    dims = (dim,) if isinstance(dim, int) else dim
    matrix = (dims is None and input.ndim == 2 and ord is not None) or (
        dims is not None and len(dims) == 2)
    if not matrix:
        return vector_norm(input, 2 if ord is None else ord, dim, keepdim, dtype=dtype)
    if ord in (None, "fro"):
        return vector_norm(input, 2, dim, keepdim, dtype=dtype)
    raise RuntimeError(f"gradcli does not implement the matrix norm of order {ord!r} "
                       f"(it has 'fro')")


def _logsumexp(a: np.ndarray, dim, keepdim: bool) -> np.ndarray:
    axes = axes_of(dim, a.ndim)
    total = kernels.logsumexp(a, axes)
    return total if keepdim else total.reshape(_kept(a.shape, axes))


LOGSUMEXP = row(Op("logsumexp", reduced(_logsumexp), "LogsumexpBackward0", ("self",), (
    Rule(lambda node, g: _restore(g, node) * xp.exp(node.self - _restore(node.result, node)),
         ("self", "result"), "∂logΣeˣ/∂xᵢ = e^(xᵢ - logΣeˣ)"),), dtypes="keep"))


@export()
def logsumexp(input, dim=ABSENT, keepdim=False):
    if dim is ABSENT:
        raise TypeError('logsumexp() missing 1 required positional arguments: "dim"')
    dims_of(input, dim)
    x = input if input.dtype.category == _dt.FLOAT else input.to(_dt.default_float)
    return apply(LOGSUMEXP, (x,), {"dim": saved_dims(dim), "keepdim": keepdim})


# ---- cumsum, cumprod, any, all -----------------------------------------------------------------
def _cumsum(a: np.ndarray, dim, dtype: _dt.DType) -> np.ndarray:
    a = a.astype(dtype.np, copy=False)
    axis = axes_of(dim, a.ndim)
    # ATen's cumulative ops allocate a contiguous result whatever the input's layout
    return np.ascontiguousarray(kernels.cumulative_sum(a, axis[0])) if axis else a.copy()


def _reversed_cumsum(node, g):
    # PyTorch's cumsum_backward: flip(cumsum(flip(g))), or g itself when g has at most one
    # element or the dim one term (so an empty gradient keeps the grad_fn it came with)
    if math.prod(g.shape) <= 1:
        return g
    axis = axes_of(node.dim, g.ndim)[0]
    if g.shape[axis] == 1:
        return g
    return xp.flip(xp.cumsum(xp.flip(g, axis), axis), axis)


CUMSUM = row(Op("cumsum", _cumsum, "CumsumBackward0", ("self",), (
    Rule(_reversed_cumsum, (), "∂(Σ_{j≤k} xⱼ)/∂xᵢ = 1 for k ≥ i"),), dtypes="keep"))


def _cumulative_args(name: str, input: Tensor, dim, dtype) -> dict:
    """cumsum and cumprod: one int dim (required), the accumulating dtype."""
    if dim is ABSENT:
        raise TypeError(f'{name}() missing 1 required positional arguments: "dim"')
    if isinstance(dim, bool) or not isinstance(dim, int):
        raise TypeError(f"{name}(): argument 'dim' (position 1) must be int, not "
                        f"{type(dim).__name__}")
    input._dim(dim)
    return {"dim": saved_dim(dim), "dtype": _accumulate_dtype(input, dtype)}


@export()
def cumsum(input, dim=ABSENT, *, dtype=None):
    return apply(CUMSUM, (input,), _cumulative_args("cumsum", input, dim, dtype))


def _cumprod(a: np.ndarray, dim, dtype: _dt.DType) -> np.ndarray:
    a = a.astype(dtype.np, copy=False)
    axis = axes_of(dim, a.ndim)
    return np.ascontiguousarray(kernels.cumulative_product(a, axis[0])) if axis else a.copy()


def _cumprod_grad(node, g):
    # cumprod_backward (FunctionsManual.cpp): Σ_{j≥k} g_j·y_j / x_k while no factor is zero;
    # with zeros, masks around each line's first zero when the backward records nothing, and
    # each factor's omitted products (prods and cumprods) when it records a graph
    x, y = node.self, node.result
    data = x._data if type(x) is Tensor else x
    if data.size <= 1 or data.shape[axes_of(node.dim, data.ndim)[0]] == 1:
        return g
    axis = axes_of(node.dim, data.ndim)[0]
    zero = data == 0
    if not zero.any():
        return xp.flip(xp.cumsum(xp.flip(y * g, (axis,)), axis), (axis,)) / x
    if type(g) is not Tensor:
        return _cumprod_zeros_grad(data, np.asarray(y), np.asarray(g), zero, axis)
    n = data.shape[axis]
    out = xp.zeros_like(g, data.shape)
    ones = xp.constant(np.ones(data.shape[:axis] + (1,) + data.shape[axis + 1:],
                               g._data.dtype), g)
    for k in range(n):
        if k == 0:
            omitted = xp.cat([ones, xp.cumprod(xp.narrow(x, axis, 1, n - 1), axis)], axis)
        else:
            omitted = xp.prod(xp.narrow(x, axis, 0, k), axis, True)
            if k < n - 1:
                after = xp.cumprod(xp.narrow(x, axis, k + 1, n - k - 1), axis)
                omitted = xp.cat([omitted, omitted.expand_as(after) * after], axis)
        out.select(axis, k).copy_(xp.sum(xp.narrow(g, axis, k, n - k) * omitted, axis))
    return out


def _cumprod_zeros_grad(x, y, g, zero, axis: int) -> np.ndarray:
    """cumprod_backward with grad mode off: before a line's first zero z1, Σ_{j≥k} g_j·y_j / x_k
    over j < z1; at z1, y_{z1-1}·Σ_{z1≤j<z2} g_j·Π_{z1<i≤j} x_i; after it, 0."""
    count = np.cumsum(zero, axis)
    out = np.zeros(x.shape, g.dtype)
    nought, one = g.dtype.type(0), x.dtype.type(1)
    before = count == 0
    w = np.where(before, y * g, nought)
    with np.errstate(divide="ignore", invalid="ignore"):
        summed = np.flip(kernels.cumulative_sum(np.flip(w, axis), axis), axis) / x
    out[before] = summed[before]
    between = count == 1
    first = np.argmax(between, axis, keepdims=True)
    first_zero = np.zeros_like(between)
    np.put_along_axis(first_zero, first, True, axis)
    first_zero &= between
    between &= ~first_zero
    terms = kernels.cumulative_product(np.where(between, x, one), axis) \
        * np.where(count != 1, nought, g)
    earlier = np.take_along_axis(y, np.maximum(first - 1, 0), axis)
    value = kernels.ordered_sum(terms, (axis,)) * np.where(first == 0, one, earlier)
    out[first_zero] = np.broadcast_to(value, x.shape)[first_zero]
    return out


CUMPROD = row(Op("cumprod", _cumprod, "CumprodBackward0", ("self",), (
    Rule(_cumprod_grad, ("self", "result"), "∂(Π_{j≤k} xⱼ)/∂xᵢ = Π_{j≤k, j≠i} xⱼ for k ≥ i"),),
    dtypes="keep"))


@export()
def cumprod(input, dim=ABSENT, *, dtype=None):
    return apply(CUMPROD, (input,), _cumulative_args("cumprod", input, dim, dtype))


def _truth(a: np.ndarray, dim, keepdim: bool, test) -> np.ndarray:
    out = test(a, axis=axes_of(dim, a.ndim), keepdims=keepdim)
    return out.astype(np.uint8) if a.dtype == np.uint8 else out


ANY = Op("any", reduced(lambda a, dim, keepdim: _truth(a, dim, keepdim, np.any)), None, ("self",),
         (None,), dtypes="bool")
ALL = Op("all", reduced(lambda a, dim, keepdim: _truth(a, dim, keepdim, np.all)), None, ("self",),
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
