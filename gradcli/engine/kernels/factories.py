"""Range factories as ATen's CPU kernels fill them (aten/src/ATen/native/cpu/RangeFactoriesKernel.cpp).

The kernels are compiled with FMA contraction, so `start + step * i` is one fused multiply-add.
arange runs the AVX2 build of its kernel even on AVX512 machines (8 float32 or 4 float64 lanes,
two vectors per step of the loop); linspace has no vectorised path. Checked against torch 2.13
(float32 and float64, the vectorised steps and the scalar tail).
"""
from __future__ import annotations

import numpy as np

from .fma import fma32, fma64

# lanes of the AVX2 Vectorized<T> that arange_kernel fills
LANES = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}


def _fma(a: np.ndarray, b: float, c, dtype: np.dtype) -> np.ndarray:
    """a * b + c rounded once, in float32 or float64 (`c` a number or an array)."""
    if dtype == np.float32:
        return fma32(a.astype(np.float32), np.float32(b), np.asarray(c, np.float32))
    return fma64(a.astype(np.float64), float(b), c)


def linspace(start: float, end: float, steps: int, dtype: np.dtype) -> np.ndarray:
    """linspace_kernel: step = (end - start) / (steps - 1) in the output's precision (double for
    integers); the first half counted from `start`, the rest back from `end`."""
    work = np.dtype(dtype) if np.dtype(dtype).kind == "f" else np.dtype(np.float64)
    start, end = work.type(start), work.type(end)
    if steps == 1:
        return np.array([start]).astype(dtype)
    step = (end - start) / work.type(steps - 1)
    i = np.arange(steps)
    half = steps // 2
    values = np.concatenate((_fma(i[:half], step, start, work),
                             _fma(steps - 1 - i[half:], -step, end, work)))
    return values.astype(dtype)


def arange(start: float, step: float, count: int, dtype: np.dtype) -> np.ndarray:
    """arange_kernel for floats: start + step * i in double; on whole steps of two vectors each
    vector starts from that value rounded to the output's dtype and adds j * step in double."""
    dtype = np.dtype(dtype)
    double = np.dtype(np.float64)
    scalar = _fma(np.arange(count), step, float(start), double)
    lanes = LANES.get(dtype)
    if lanes is None or count < 2 * lanes:
        return scalar.astype(dtype)
    body = count - count % (2 * lanes)
    base = scalar[:body:lanes].astype(dtype).astype(double)
    j = np.broadcast_to(np.arange(lanes, dtype=double), (base.size, lanes))
    vector = _fma(j.reshape(-1), step, np.repeat(base, lanes), double)
    return np.concatenate((vector, scalar[body:])).astype(dtype)
