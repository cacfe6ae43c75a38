"""Op rows that order values: sort, argsort, topk, unique, and the selections along a dim
(median, nanmedian, mode, kthvalue)."""
from __future__ import annotations

import numpy as np

from .. import arguments, interruptible, return_types
from ..dispatch import Rule, Op, apply
from ..kernels import selection
from ..tensor import Tensor
from . import xp
from .indexing import SCATTER
from .reduction import ABSENT, _evenly, _selected, _take, reduced, saved_dim
from .registry import export, row


def _sort_grad(node, g):
    # value_selecting_reduction_backward: zeros.scatter_(dim, indices, grad), each gradient put
    # back where its value came from (a ScatterBackward0 node when recorded); the indices are
    # saved, so a second backward finds them freed
    order = node.order   # a tensor, or on a pass on arrays its array
    order = order if type(order) is Tensor else Tensor._make(order)
    return apply(SCATTER, (xp.zeros_like(g, node.shapes[0]), g),
                 {"dim": node.dim, "index": order})


SORT = row(Op("sort", lambda a, dim, order: np.take_along_axis(a, order._data, dim),
              "SortBackward0", ("self",), (
    Rule(_sort_grad, (), "∂sort(x)/∂x = g, put back where each value came from"),),
    dtypes="keep", saved_params=("order",)))


TOPK = row(Op("topk", lambda a, dim, order: np.take_along_axis(a, order._data, dim),
              "TopkBackward0", ("self",), (
    Rule(_sort_grad, (), "∂topk(x)/∂x = g at the chosen places, 0 elsewhere"),),
    dtypes="keep", saved_params=("order",)))


def _order(input: Tensor, dim: int, descending: bool) -> np.ndarray:
    a = input._data
    if a.ndim == 0:
        return np.zeros((), dtype=np.int64)
    # stable, so that ties keep their order as PyTorch's CPU sort leaves them
    keys = (~a if a.dtype.kind == "b" else -a) if descending else a
    order = interruptible.run(a.size * a.size.bit_length(), np.argsort, keys, axis=dim,
                              kind="stable")
    return order.astype(np.int64)


@export()
def sort(input, dim=-1, descending=False, stable=False):
    d = input._dim(dim)
    order = Tensor._make(_order(input, d, descending))
    if input.ndim == 0:
        return return_types.sort(input.clone(), order)
    values = apply(SORT, (input,), {"dim": d, "order": order})
    return return_types.sort(values, order)


@export()
def argsort(input, dim=-1, descending=False, stable=False):
    return Tensor._make(_order(input, input._dim(dim), descending))


@export()
def topk(input, k, dim=-1, largest=True, sorted=True):
    """The k largest (smallest) values along dim and where they are; equal values and an
    unsorted result in the order ATen's selection leaves them."""
    d = input._dim(dim)
    a = input._data
    if a.dtype.kind == "b":
        raise RuntimeError("topk does not support bool dtypes on CPU")
    if not 0 <= k <= (a.shape[d] if a.ndim else 1):
        raise RuntimeError("selected index k out of range")
    if a.ndim == 0:
        return return_types.topk(input.clone(), Tensor._make(np.zeros((), np.int64)))
    order = Tensor._make(interruptible.run(a.size * a.shape[d].bit_length(),
                                           selection.topk_indices, a, k, d, largest, sorted))
    return return_types.topk(apply(TOPK, (input,), {"dim": d, "order": order}), order)


# ---- unique ------------------------------------------------------------------------------
def _no_derivative(name: str) -> Rule:
    def fn(node, g):
        raise NotImplementedError(f"the derivative for '{name}' is not implemented.")
    return Rule(fn, (), f"{name} has no derivative")


# the values are found first (they come with the inverse and the counts); the row hands them
# on, so that a float input that requires grad gets PyTorch's node, whose backward refuses
UNIQUE = Op("_unique2", lambda a, values: values, "Unique2Backward0", ("self",),
            (_no_derivative("_unique2"),), dtypes="keep")
UNIQUE_DIM = Op("unique_dim", lambda a, values: values, "UniqueDimBackward0", ("self",),
                (_no_derivative("unique_dim"),), dtypes="keep")
UNIQUE_CONSECUTIVE = Op("unique_consecutive", lambda a, values: values,
                        "UniqueConsecutiveBackward0", ("self",),
                        (_no_derivative("unique_consecutive"),), dtypes="keep")


def _unique_result(op: Op, input, values, inverse, counts, return_inverse, return_counts):
    out = [apply(op, (input,), {"values": values})]
    if return_inverse:
        out.append(Tensor._make(inverse.astype(np.int64)))
    if return_counts:
        out.append(Tensor._make(counts.astype(np.int64)))
    return out[0] if len(out) == 1 else tuple(out)


def _native_call(name: str, args: tuple, kwargs: dict) -> None:
    """torch.unique's Python body hands its arguments to a C function, whose parser names
    itself in its TypeError (signatures.NATIVE)."""
    wrong = arguments.parser_for("native", name).error(args, kwargs)
    if wrong is not None:
        raise wrong


def _dim_of_some(input, dim: int) -> int:
    """unique's dim: a 0-d tensor has none to name (ATen's unique_dim checks before wrapping)."""
    if input.ndim == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    return input._dim(dim)


@export()
def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """The distinct values, ascending (PyTorch's CPU kernel sorts even when sorted=False), or
    the distinct slices along `dim`; NaNs are each distinct, as NaN != NaN."""
    flags = {"sorted": sorted, "return_inverse": return_inverse, "return_counts": return_counts}
    if dim is None:
        _native_call("_unique2", (input,), flags)
    else:
        _native_call("unique_dim", (input, dim), flags)
    a = input._data
    if dim is None:
        flat = a.reshape(-1)
        values, first, inverse, counts = interruptible.run(
            flat.size * flat.size.bit_length(), np.unique, flat, return_index=True,
            return_inverse=True, return_counts=True, equal_nan=False)
        return _unique_result(UNIQUE, input, values, inverse.reshape(a.shape), counts,
                              return_inverse, return_counts)
    d = _dim_of_some(input, dim)
    values, inverse, counts = interruptible.run(a.size * a.size.bit_length(), np.unique, a,
                                                return_inverse=True, return_counts=True, axis=d)
    return _unique_result(UNIQUE_DIM, input, values, inverse.reshape(-1), counts,
                          return_inverse, return_counts)


@export()
def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    _native_call("unique_consecutive", (input,), {"return_inverse": return_inverse,
                                                  "return_counts": return_counts, "dim": dim})
    a = input._data
    if dim is None:
        flat = a.reshape(-1)
        starts = np.flatnonzero(np.r_[True, flat[1:] != flat[:-1]]) if flat.size else \
            np.zeros(0, np.int64)
        values = flat[starts]
        inverse = (np.cumsum(np.r_[True, flat[1:] != flat[:-1]]) - 1).reshape(a.shape) \
            if flat.size else np.zeros(a.shape, np.int64)
    else:
        d = _dim_of_some(input, dim)
        moved = np.moveaxis(a, d, 0).reshape(a.shape[d], -1)
        change = np.r_[True, (moved[1:] != moved[:-1]).any(axis=1)] if len(moved) else \
            np.zeros(0, bool)
        starts = np.flatnonzero(change)
        values = np.take(a, starts, axis=d)
        inverse = np.cumsum(change) - 1
    counts = np.diff(np.r_[starts, a.reshape(-1).size if dim is None else a.shape[d]])
    return _unique_result(UNIQUE_CONSECUTIVE, input, values, inverse, counts, return_inverse,
                          return_counts)


# ---- median, nanmedian, mode, kthvalue: one value per row, and where it is ------------------
MEDIAN_ALL = row(Op("median", lambda a: selection.median_all(a, False), "MedianBackward0",
                    ("self",), (
    Rule(_evenly, ("self", "result"), "∂median(x)/∂xᵢ = 1/k at the k medians"),),
    dtypes="keep"))
NANMEDIAN_ALL = row(Op("nanmedian", lambda a: selection.median_all(a, True),
                       "NanmedianBackward0", ("self",), (
    Rule(_evenly, ("self", "result"), "∂nanmedian(x)/∂xᵢ = 1/k at the k medians"),),
    dtypes="keep"))


def _by_dim_row(name: str, grad_fn: str) -> Op:
    return row(Op(name, reduced(_take), grad_fn, ("self",), (
        Rule(_selected, (), f"∂{name}(x, d)/∂xᵢ = 1 at the index picked"),), dtypes="keep",
        saved_params=("indices",)))


MEDIAN_DIM = _by_dim_row("median", "MedianBackward1")
NANMEDIAN_DIM = _by_dim_row("nanmedian", "NanmedianBackward1")
MODE = _by_dim_row("mode", "ModeBackward0")
KTHVALUE = _by_dim_row("kthvalue", "KthvalueBackward0")


def _select_along(name: str, op: Op, result, input: Tensor, dim, keepdim: bool, find):
    """Values and indices of a selection along dim; `find(array, axis)` gives the indices with
    the dim kept."""
    a = input._data
    axis = input._dim(dim)
    if a.ndim and a.shape[axis] == 0:
        raise IndexError(f"{name}(): Expected reduction dim {axis} to have non-zero size.")
    if a.ndim == 0:
        picked = np.zeros((), np.int64)
    else:
        shape = list(a.shape)
        shape[axis] = 1
        picked = find(a, axis) if a.size else np.zeros(shape, np.int64)
        picked = picked if keepdim else np.squeeze(picked, axis)
    values = apply(op, (input,), {"dim": saved_dim(dim), "keepdim": keepdim,
                                  "indices": Tensor._make(picked.copy())})
    return result(values, Tensor._make(picked))


def _median_of_nothing(input: Tensor) -> Tensor:
    # median_impl of no elements: NaN
    return Tensor._make(np.asarray(np.nan, input._data.dtype))


def _median(rows: tuple, input: Tensor, dim, keepdim: bool, ignore_nan: bool):
    whole, by_dim, result = rows
    if dim is ABSENT:
        return _median_of_nothing(input) if input._data.size == 0 else apply(whole, (input,))
    return _select_along(by_dim.name, by_dim, result, input, dim, keepdim,
                         lambda a, axis: selection.median_indices(a, axis, ignore_nan))


@export()
def median(input, dim=ABSENT, keepdim=False):
    return _median((MEDIAN_ALL, MEDIAN_DIM, return_types.median), input, dim, keepdim, False)


@export()
def nanmedian(input, dim=ABSENT, keepdim=False):
    return _median((NANMEDIAN_ALL, NANMEDIAN_DIM, return_types.nanmedian), input, dim, keepdim,
                   True)


@export()
def mode(input, dim=-1, keepdim=False):
    return _select_along("mode", MODE, return_types.mode, input, dim, keepdim,
                         selection.mode_indices)


@export()
def kthvalue(input, k, dim=-1, keepdim=False):
    a = input._data
    axis = input._dim(dim)
    if a.ndim and a.shape[axis] == 0:
        raise IndexError(f"kthvalue(): Expected reduction dim {axis} to have non-zero size.")
    if not 0 < k <= (a.shape[axis] if a.ndim else 1):
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {axis}")
    return _select_along("kthvalue", KTHVALUE, return_types.kthvalue, input, dim, keepdim,
                         lambda a, axis: interruptible.run(
                             a.size * 8, selection.kthvalue_indices, a, k, axis))


@export()
def msort(input):
    return sort(input, 0).values


# ---- quantile, nanquantile: ATen's quantile_impl, a composite of sort, gather and lerp -----
QUANTILE_MODES = ("linear", "lower", "higher", "midpoint", "nearest")


def _quantile(input, q, dim, keepdim: bool, interpolation: str, ignore_nan: bool):
    name = "quantile"   # nanquantile's checks name quantile() too
    if input._data.size == 0:
        raise RuntimeError(f"{name}() input tensor must be non-empty")
    if isinstance(q, Tensor) and q.ndim > 1:
        raise RuntimeError(f"{name}() q must be a scalar or 1D tensor")
    if input.dtype.name not in ("float32", "float64"):
        raise RuntimeError(f"{name}() input tensor must be either float or double dtype")
    if not isinstance(q, Tensor):
        if not 0 <= q <= 1:
            raise RuntimeError(f"{name}() q must be in the range [0, 1] but got {q}")
        q = Tensor._make(np.asarray(q, input._data.dtype))
    elif q.dtype is not input.dtype:
        raise RuntimeError(f"{name}() q tensor must be same dtype as the input tensor")
    if interpolation not in QUANTILE_MODES:
        raise RuntimeError(f"{name}() interpolation must be one of linear, lower, higher, "
                           f"midpoint or nearest, but got {interpolation}")
    d = input._dim(0 if dim is None else dim)
    if dim is not None and input.ndim:
        out_shape = list(input.shape)
        if keepdim:
            out_shape[d] = 1
        else:
            del out_shape[d]
    else:
        out_shape = [1] * input.ndim if keepdim else []
    if q.ndim:
        out_shape.insert(0, q._data.size)
    if not np.all((q._data >= 0) & (q._data <= 1)):
        raise RuntimeError(f"{name}() q values must be in the range [0, 1]")
    if dim is None:
        ordered = sort(input.flatten()).values
    elif input.ndim == 0 or d == input.ndim - 1:
        ordered = sort(input).values
    else:
        ordered = sort(input.unsqueeze(-1).transpose(d, -1)).values
    if q.ndim == 0:
        out_shape.insert(0, 1)
    in_shape = out_shape[1:] + [ordered.shape[-1]]
    ordered = ordered.view(*in_shape)
    if ignore_nan:
        ranks = q * (ordered.isnan().logical_not().sum(-1, True) - 1)
        ranks.masked_fill_(ranks < 0, 0)
    else:
        last = ordered.shape[-1] - 1
        product, nans = q * last, ordered.isnan().any(-1, True)
        shape = np.broadcast_shapes(tuple(product.shape), tuple(nans.shape))
        ranks = product.expand(*shape).masked_fill(nans.expand(*shape), last)
    if interpolation in ("lower", "higher", "nearest"):
        getattr(ranks, {"lower": "floor_", "higher": "ceil_", "nearest": "round_"}[
            interpolation])()
    below = ranks.long()
    values = ordered.gather(-1, below)
    if interpolation in ("linear", "midpoint"):
        weights = ranks.new_full(tuple(ranks.shape), 0.5) if interpolation == "midpoint" else \
            ranks - below
        above = ordered.gather(-1, ranks.ceil_().long())
        values.lerp_(above, weights)
    if q.ndim == 0:
        return values.squeeze_(-1)
    return values.unsqueeze_(0).transpose_(0, -1).squeeze_(-1)


@export()
def quantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    return _quantile(input, q, dim, keepdim, interpolation, False)


@export()
def nanquantile(input, q, dim=None, keepdim=False, *, interpolation="linear"):
    return _quantile(input, q, dim, keepdim, interpolation, True)
