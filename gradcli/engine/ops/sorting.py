"""Op rows that order values: sort, argsort and topk."""
from __future__ import annotations

import numpy as np

from .. import arguments, interruptible, return_types
from ..dispatch import Rule, Op, apply
from ..kernels import selection
from ..tensor import Tensor
from . import xp
from .indexing import SCATTER
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
