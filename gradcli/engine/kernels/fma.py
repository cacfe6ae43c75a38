"""Exact fused multiply-adds in NumPy: the vfmadd instructions ATen's float kernels compile to."""
from __future__ import annotations

import math
from array import array

import numpy as np

_F32_MIN_NORMAL = 2.0 ** -126
CHUNK = 16384
_VELTKAMP = 134217729.0  # 2**27 + 1: splits a float64 into two 26-bit halves

def _two_sum(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Knuth's TwoSum: s = fl(a + b) and the exact error, a + b = s + err."""
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _two_product(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Dekker's TwoProduct: p = fl(a * b) and the exact error (without overflow or underflow)."""
    p = a * b
    t = _VELTKAMP * a
    ah = t - (t - a)
    al = a - ah
    t = _VELTKAMP * b
    bh = t - (t - b)
    bl = b - bh
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def _add_round_to_odd(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a + b in float64 rounded to odd: truncated, last bit forced to 1 when inexact.

    Rounding to odd keeps enough information for a second rounding to a narrower precision to
    be correct (Boldo & Melquiond, "Emulation of FMA and correctly rounded sums", IEEE TC 2008).
    """
    s, err = _two_sum(a, b)
    bits = s.view(np.int64)
    bump = (err != 0) & ((bits & 1) == 0)
    # Adding 1 to the bit pattern moves away from zero for either sign.
    step = np.where((err > 0) == (s > 0), 1, -1)
    return (bits + np.where(bump, step, 0)).view(np.float64)


def fma32(a: np.ndarray, b: np.ndarray | np.float32, c: np.ndarray | np.float32) -> np.ndarray:
    """float32 fused multiply-add (vfmadd*ps), exactly.

    The float64 product of two float32 values is exact, so one float64 addition and a conversion
    give the fused result unless the float64 sum lands exactly on a float32 rounding boundary or
    in the float32 subnormal range; only those rare lanes are redone with rounding to odd. A
    large array goes CHUNK lanes at a time: its float64 temporaries then stay in the cache,
    which makes it about three times faster.
    """
    both = np.broadcast(a, b, c)   # the shape alone, made in C (np.broadcast_shapes: 6 us)
    if both.size <= CHUNK:
        return _fma32(a, b, c)
    shape, size = both.shape, both.size
    flat = [np.broadcast_to(v, shape).reshape(-1) if np.ndim(v) else v for v in (a, b, c)]
    out = np.empty(size, np.float32)
    for i in range(0, size, CHUNK):
        out[i:i + CHUNK] = _fma32(*(v[i:i + CHUNK] if np.ndim(v) else v for v in flat))
    return out.reshape(shape)


def _fma32(a, b, c) -> np.ndarray:
    # an array even for 0-d operands, where NumPy gives a scalar: its lanes are assigned below
    s = np.asarray(np.multiply(a, b, dtype=np.float64))
    s += c
    r = s.astype(np.float32)
    risky = (s.view(np.uint64) & 0x1FFFFFFF) == 0x10000000
    if np.abs(s).min(initial=np.inf) < _F32_MIN_NORMAL:
        # an exact zero (a zero product and a zero addend, as a padded or ReLU'd input gives)
        # converts exactly, its sign as the fused operation gives it: not a risk
        risky |= (np.abs(s) < _F32_MIN_NORMAL) & (s != 0)
    if risky.any():
        a, b, c = (np.broadcast_to(v, s.shape)[risky] for v in (a, b, c))
        p = np.multiply(a, b, dtype=np.float64)
        r[risky] = _add_round_to_odd(p, c.astype(np.float64)).astype(np.float32)
    return r


def fma32_few(a: list, b: list, c: list) -> list:
    """fma32 of a few float32 values given as Python floats: the same steps without NumPy's
    per-call cost (the float64 product is exact; a risky sum is redone as fma32 does)."""
    sums = [x * y + z for x, y, z in zip(a, b, c)]
    out = array("f", sums).tolist()
    for i, (s, bits) in enumerate(zip(sums, array("q", array("d", sums).tobytes()))):
        if (bits & 0x1FFFFFFF) == 0x10000000 or abs(s) < _F32_MIN_NORMAL:
            out[i] = float(_fma32(*(np.array([v[i]], np.float32) for v in (a, b, c)))[0])
    return out


def fma64_one(a: float, b: float, c: float, _fsum=math.fsum) -> float:
    """std::fma of Python floats whose product neither overflows nor underflows: Dekker's exact
    product as two floats, and fsum's correctly rounded sum of it and c (half a microsecond:
    the few-element ports' way, where each NumPy call costs more)."""
    p, err = _two_product(a, b)
    return _fsum((p, err, c))


def fma64(a: np.ndarray, b: float, c: float) -> np.ndarray:
    """float64 fused multiply-add (std::fma, vfmadd*sd), exactly, for operands whose product
    neither overflows nor underflows.

    Boldo & Melquiond's emulation: exact product and sum, their two error terms added with
    rounding to odd, then one correctly rounded addition.  An exactly zero product is handled
    apart so that the sign of a zero result follows IEEE rules, and so is an infinite or nan
    operand (whose error terms are nan: inf - inf), whose plain a * b + c is the fused one.
    """
    ph, pl = _two_product(a, np.float64(b))
    th, tl = _two_sum(np.broadcast_to(np.float64(c), ph.shape), ph)
    z = th + _add_round_to_odd(tl, pl)
    plain = ph + c
    return np.where((ph == 0) | ~np.isfinite(z), plain, z)


def fma(a: np.ndarray, b, c) -> np.ndarray:
    """a * b + c rounded once, in the dtype of `a` (float32 or float64), broadcast."""
    shape = np.broadcast(a, b, c).shape
    if a.shape != shape:
        a = np.broadcast_to(a, shape)
    if a.dtype == np.float32:
        return fma32(a, b, c)
    if a.size <= FEW64:
        return _fma64_few(a, b, c)
    return fma64(a, b, c)


FEW64 = 16   # up to this many elements, fma64 goes one Python float at a time (fma64_one)


def _fma64_few(a: np.ndarray, b, c) -> np.ndarray:
    """fma64 of a few elements by fma64_one, with fma64's plain a * b + c where the product is
    zero or the fused result is not finite (fsum raises on an overflowing sum or inf - inf)."""
    out = []
    for x, y, z in zip(*(np.broadcast_to(v, a.shape).ravel().tolist() for v in (a, b, c))):
        p = x * y
        try:
            r = fma64_one(x, y, z) if p != 0 else p + z
        except (OverflowError, ValueError):   # inf - inf among the terms
            r = p + z
        out.append(r if math.isfinite(r) else p + z)
    return np.array(out, np.float64).reshape(a.shape)
