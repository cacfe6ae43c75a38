"""Op rows that order values: sort and argsort."""
from __future__ import annotations

import numpy as np

from .. import return_types
from ..dispatch import Rule, Op, apply
from ..tensor import Tensor
from . import xp
from .indexing import SCATTER_ADD
from .registry import export, row

# the backward puts each gradient back where its value came from (scatter by the indices)
SORT = row(Op("sort", lambda a, dim, order: np.take_along_axis(a, order._data, dim),
              "SortBackward0", ("self",), (
    # the order is read as the tensor it is on either pass: scatter_add's forward takes one
    Rule(lambda node, g: apply(SCATTER_ADD, (xp.zeros_like(g, node.shapes[0]), g),
                               {"dim": node.dim, "index": node.params["order"]}), (),
         "∂sort(x)/∂x = g, put back where each value came from"),), dtypes="keep"))


def _order(input: Tensor, dim: int, descending: bool) -> np.ndarray:
    a = input._data
    if a.ndim == 0:
        return np.zeros((), dtype=np.int64)
    # stable, so that ties keep their order as PyTorch's CPU sort leaves them
    order = np.argsort(-a if descending and a.dtype.kind != "b" else a, axis=dim, kind="stable")
    if descending and a.dtype.kind == "b":
        order = np.argsort(~a, axis=dim, kind="stable")
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
