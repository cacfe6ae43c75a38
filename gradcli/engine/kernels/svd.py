"""The singular value decomposition as torch's CPU build gets it from MKL's gesdd, reduced as MKL
reduces it, so that the singular vectors come out with its signs.

The singular vectors of a matrix are defined up to the sign of each pair (uᵢ, vᵢ); which one a
program prints is decided by how LAPACK reduces the matrix before its bidiagonal SVD. Measured
against torch 2.13 (MKL 2024.2) on 520 random and integer matrices from 1x3 to 10x7: a square
matrix is bidiagonalised directly (NumPy's gesdd does the same); a tall one (m > n) is first
factored A = QR (geqrf), and R's SVD taken; a wide one (m < n) is bidiagonalised directly to a
lower bidiagonal matrix, which Givens rotations (lartg, LAPACK 3.10's signs) turn upper. NumPy's
gesdd (reference LAPACK in OpenBLAS) takes other paths for non-square matrices (QR or LQ first by
LAPACK's crossover of 11/6), and flips the signs of 40 % of those pairs. The reductions here are
the ones MKL makes, with NumPy's LAPACK for the square core: every float64 sign agrees with
torch's, and float32 ones up to 3x3; the last bits of the values are OpenBLAS's, not MKL's (the
README's Bits section says how often they differ)."""
from __future__ import annotations

import numpy as np


def _reflector(x: np.ndarray) -> tuple:
    """LAPACK's larfg: (tau, beta, v) with (I - tau v vᵀ) x = beta e₁, v[0] = 1."""
    alpha = x[0]
    norm = np.linalg.norm(x[1:])
    if norm == 0:
        return x.dtype.type(0), alpha, None
    beta = -np.copysign(np.hypot(alpha, norm), alpha)
    v = x / (alpha - beta)
    v[0] = 1
    return (beta - alpha) / beta, beta, v


def _rotation(f, g) -> tuple:
    """LAPACK 3.10's lartg: (c, s, r) with [c s; -s c] [f; g] = [r; 0], c ≥ 0."""
    if g == 0:
        return 1, 0, f
    if f == 0:
        return 0, np.copysign(1, g), abs(g)
    d = np.hypot(f, g)
    r = np.copysign(d, f)
    return abs(f) / d, g / r, r


def _wide(a: np.ndarray, full: bool) -> tuple:
    """A (m < n) = Q B Pᵀ with B lower bidiagonal (gebrd), rotated upper (bdsdc's first step)."""
    m, n = a.shape
    a = a.copy()
    q, p = np.eye(m, dtype=a.dtype), np.eye(n, dtype=a.dtype)
    for i in range(m):
        tau, _, v = _reflector(a[i, i:].copy())
        if v is not None:   # G(i) from the right annihilates row i beyond the diagonal
            a[i:, i:] -= tau * np.outer(a[i:, i:] @ v, v)
            p[:, i:] -= tau * np.outer(p[:, i:] @ v, v)
        if i < m - 1:
            tau, _, v = _reflector(a[i + 1:, i].copy())
            if v is not None:   # H(i) from the left annihilates column i below the subdiagonal
                a[i + 1:, i:] -= tau * np.outer(v, v @ a[i + 1:, i:])
                q[:, i + 1:] -= tau * np.outer(q[:, i + 1:] @ v, v)
    d, e = np.diagonal(a).copy(), np.diagonal(a, -1).copy()
    upper = np.zeros((m, m), a.dtype)
    for i in range(m - 1):
        c, s, r = _rotation(d[i], e[i])
        d[i], upper[i, i + 1], d[i + 1] = r, s * d[i + 1], c * d[i + 1]
        q[:, i:i + 2] = q[:, i:i + 2] @ np.array([[c, -s], [s, c]], a.dtype)
    upper[np.diag_indices(m)] = d
    ub, s, vbh = np.linalg.svd(upper)
    if full:
        vbh = np.block([[vbh, np.zeros((m, n - m), a.dtype)],
                        [np.zeros((n - m, m), a.dtype), np.eye(n - m, dtype=a.dtype)]])
    return q @ ub, s, vbh @ p[:, :vbh.shape[0]].T


def _tall(a: np.ndarray, full: bool) -> tuple:
    """A (m > n) = QR, then R's SVD: U = Q·U_R."""
    m, n = a.shape
    q, r = np.linalg.qr(a, mode="complete" if full else "reduced")
    ur, s, vh = np.linalg.svd(r[:n])
    if full:
        ur = np.block([[ur, np.zeros((n, m - n), a.dtype)],
                       [np.zeros((m - n, n), a.dtype), np.eye(m - n, dtype=a.dtype)]])
    return q @ ur, s, vh


def _one(a: np.ndarray, full: bool) -> tuple:
    m, n = a.shape
    if m > n and n:
        return _tall(a, full)
    if m < n and m:
        return _wide(a, full)
    return np.linalg.svd(a, full_matrices=full)


def svd(a: np.ndarray, full_matrices: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(U, S, Vh) of each matrix of `a` (..., m, n), in a's dtype."""
    batch, (m, n) = a.shape[:-2], a.shape[-2:]
    k = min(m, n)
    shapes = ((m, m if full_matrices else k), (k,), (n if full_matrices else k, n))
    outs = tuple(np.empty(batch + shape, a.dtype) for shape in shapes)
    for index in np.ndindex(batch):
        for out, part in zip(outs, _one(a[index], full_matrices)):
            out[index] = part
    return outs


def svdvals(a: np.ndarray) -> np.ndarray:
    """The singular values alone (gesdd without vectors: a path of its own, its own last bits)."""
    return np.linalg.svd(a, compute_uv=False).astype(a.dtype)
