"""Op rows that reduce over dimensions: sum, mean."""
from __future__ import annotations

import numpy as np

from .. import dtypes as _dt
from ..dispatch import D, Op, apply
from .registry import export, row


def dims_of(input, dim) -> tuple[int, ...]:
    if isinstance(dim, (tuple, list)):
        return tuple(sorted(input._dim(d) for d in dim))
    return (input._dim(dim),)


def expand_back(c, g):
    """The gradient of a reduction over c.dims: put the reduced dims back, then broadcast."""
    if not c.keepdim:
        for d in c.dims:
            g = g.unsqueeze(d)
    return g.expand(c.shapes[0])


def _count(c) -> int:
    n = 1
    for d in c.dims:
        n *= c.shapes[0][d]
    return n


def _accumulate_dtype(input, dtype):
    if dtype is not None:
        return dtype
    return _dt.int64 if input.dtype.category != _dt.FLOAT else input.dtype


# name     grad_fn         derivative
SUM_ALL = row(Op("sum", lambda a: np.sum(a), "SumBackward0", ("self",), (
    D(lambda c, g: g.expand(c.shapes[0]), (), "∂Σx/∂xᵢ = 1"),), dtypes="keep"))
SUM_DIM = row(Op("sum", lambda a, dims, keepdim: np.sum(a, axis=dims, keepdims=keepdim),
                 "SumBackward1", ("self",), (
    D(expand_back, (), "∂Σx/∂xᵢ = 1"),), dtypes="keep"))
MEAN_ALL = row(Op("mean", lambda a: np.mean(a), "MeanBackward0", ("self",), (
    D(lambda c, g: g.expand(c.shapes[0]) / max(1, int(np.prod(c.shapes[0]))), (),
      "∂mean(x)/∂xᵢ = 1/n"),), dtypes="keep"))
MEAN_DIM = row(Op("mean", lambda a, dims, keepdim: np.mean(a, axis=dims, keepdims=keepdim),
                  "MeanBackward1", ("self",), (
    D(lambda c, g: expand_back(c, g) / _count(c), (), "∂mean(x)/∂xᵢ = 1/n"),), dtypes="keep"))


@export()
def sum(input, dim=None, keepdim=False, *, dtype=None):
    x = input.to(_accumulate_dtype(input, dtype))
    if dim is None:
        return apply(SUM_ALL, (x,))
    return apply(SUM_DIM, (x,), {"dims": dims_of(input, dim), "keepdim": keepdim})


@export()
def mean(input, dim=None, keepdim=False, *, dtype=None):
    x = input if dtype is None else input.to(dtype)
    if x.dtype.category != _dt.FLOAT:
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a "
                           f"floating point or complex dtype. Got: {_dt.type_name(x.dtype)}")
    if dim is None:
        return apply(MEAN_ALL, (x,))
    return apply(MEAN_DIM, (x,), {"dims": dims_of(input, dim), "keepdim": keepdim})
