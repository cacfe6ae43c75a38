"""Op rows of linear algebra beyond products: inverse, determinant and cross product
(torch.linalg.inv, linalg.det, linalg.cross)."""
from __future__ import annotations

import numpy as np

from .. import dtypes as _dt, interruptible
from ..dispatch import Rule, Op, apply
from ..kernels import linalg as _k
from . import xp
from .linalg import matmul
from .registry import export, row


class LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError: the matrix is singular (a traceback names its C++ class)."""

    __module__ = "torch._C"
    __qualname__ = "_LinAlgError"


def _mT(x):
    return xp.transpose(x, -2, -1)


def _matmul(a, b):
    """A product of (batches of) matrices, on tensors or, with the same kernels, on arrays."""
    if type(a) is not np.ndarray:
        return matmul(a, b)
    if a.ndim == 2:
        return _k.mm(a, b)
    batch = a.shape[:-2]
    return _k.bmm(a.reshape((-1,) + a.shape[-2:]), b.reshape((-1,) + b.shape[-2:])).reshape(
        batch + (a.shape[-2], b.shape[-1]))


def _square(name: str, input) -> None:
    """The checks linalg's functions make of A before they factor it, in PyTorch's order."""
    if input.ndim < 2:
        raise RuntimeError(f"linalg.{name}: The input tensor A must have at least 2 dimensions.")
    rows, cols = input.shape[-2:]
    if rows != cols:
        raise RuntimeError(f"linalg.{name}: A must be batches of square matrices, but they are "
                           f"{rows} by {cols} matrices")
    if input.dtype.category != _dt.FLOAT:
        raise RuntimeError(f"linalg.{name}: Expected a floating point or complex tensor as input. "
                           f"Got {_dt.type_name(input.dtype)}")


def _inverse(a: np.ndarray) -> np.ndarray:
    # NumPy's LAPACK solve (PyTorch's MKL getrf + getri may round the last bit otherwise); an
    # exactly singular matrix is PyTorch's error, naming the zero pivot as getrf finds it
    try:
        return interruptible.run(a.size * a.shape[-1], np.linalg.inv, a).astype(a.dtype)
    except np.linalg.LinAlgError:
        pass
    for index in np.ndindex(a.shape[:-2]):
        u = _lu(a[index])
        zero = np.flatnonzero(np.diagonal(u) == 0)
        if zero.size:
            raise LinAlgError(f"linalg.inv: The diagonal element {zero[0] + 1} is zero, the "
                              f"inversion could not be completed because the input matrix is "
                              f"singular.")
    raise LinAlgError("linalg.inv: The input matrix is singular.")


def _lu(a: np.ndarray) -> np.ndarray:
    """U of Doolittle's LU with partial pivoting (getrf's pivoting), for naming a zero pivot."""
    u = a.astype(np.float64).copy()
    n = u.shape[0]
    for k in range(n):
        p = k + int(np.argmax(np.abs(u[k:, k])))
        u[[k, p]] = u[[p, k]]
        if u[k, k] != 0:
            u[k + 1:, k:] -= np.outer(u[k + 1:, k] / u[k, k], u[k, k:])
    return u


INV = row(Op("linalg_inv_ex", _inverse, "LinalgInvExBackward0", ("self",), (
    Rule(lambda node, g: -_matmul(_mT(node.result), _matmul(g, _mT(node.result))), ("result",),
         "∂A⁻¹ = -A⁻ᵀ·g·A⁻ᵀ"),), dtypes="keep"))


@export("inverse", linalg=("inv",))
def inverse(input):
    _square("inv", input)
    return apply(INV, (input,))


def _det(a: np.ndarray) -> np.ndarray:
    return np.asarray(interruptible.run(a.size * a.shape[-1], np.linalg.det, a), a.dtype)


# linalg_det_backward for an invertible A: g·det(A)·A⁻ᵀ
DET = row(Op("linalg_det", _det, "LinalgDetBackward0", ("self",), (
    Rule(lambda node, g: xp.reshape(g * node.result, node.shapes[0][:-2] + (1, 1))
         * _mT(apply(INV, (node.self,))), ("self", "result"), "∂det A/∂A = det A·A⁻ᵀ"),),
    dtypes="keep"))


@export("det", linalg=("det",))
def det(input):
    _square("det", input)
    return apply(DET, (input,))


def _cross(a: np.ndarray, b: np.ndarray, dim: int) -> np.ndarray:
    return np.cross(a, b, axis=dim).astype(np.result_type(a, b))


CROSS = row(Op("linalg_cross", _cross, "LinalgCrossBackward0", ("self", "other"), (
    Rule(lambda node, g: apply(CROSS, (node.other, g), {"dim": node.dim}), ("other",),
         "∂(a×b)/∂a = b×g"),
    Rule(lambda node, g: apply(CROSS, (g, node.self), {"dim": node.dim}), ("self",),
         "∂(a×b)/∂b = g×a")), dtypes="promote"))


@export("cross", linalg=("cross",))
def cross(input, other, dim=None):
    """torch.cross (dim: the first of size 3 when not given) and torch.linalg.cross (dim -1)."""
    if dim is None:
        dim = next((d for d, n in enumerate(input.shape) if n == 3), -1)
    a, b = input.shape[dim:][:1] or (0,), other.shape[dim:][:1] or (0,)
    if a[0] != 3 or b[0] != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. Got "
                           f"{a[0]} and {b[0]}")
    return apply(CROSS, (input, other), {"dim": dim})
