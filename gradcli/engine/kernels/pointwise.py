"""Bit-exact elementwise kernels: PyTorch's float32 math library (MKL, SLEEF, glibc) and the
vectorised loop that chooses between them, with the few pointwise kernels built on them."""
from __future__ import annotations

import math
import struct

import numpy as np

from . import vml
from .fma import fma, fma32 as _exact_fma32, fma64 as _exact_fma64, fma64_one

# torch.exp, torch.log... call MKL's vector math, whose float32 results are the correctly rounded
# ones nearly always; kernels written with ATen's Vectorized class (sigmoid, softmax...) call
# SLEEF's expf/logf on whole AVX512 steps and the C library on the rest. Ported below so that
# .item() and .tolist() agree with PyTorch to the last bit, not only printed tensors.
F32 = np.float32
VECTOR_STEP = 32  # TensorIterator's vectorized loop takes 2 x 16 float32 lanes at a time
FEW = vml.FEW   # up to this many elements, expf, logf and log1pf go one by one: fewer NumPy calls
_FLOAT32, _INT32 = struct.Struct("<f"), struct.Struct("<i")
(_pack64, _unpack64), (_pack64_bits, _unpack64_bits) = (
    (struct.Struct(f).pack, struct.Struct(f).unpack) for f in ("<d", "<Q"))
_BITS64 = (1 << 64) - 1


def libm(fn):
    """`fn` rounded once to float32 from float64: a correctly rounded float32 function."""
    def forward(a: np.ndarray) -> np.ndarray:
        if a.dtype == np.float32:
            return fn(a.astype(np.float64)).astype(np.float32)
        return fn(a)
    return forward


def sleef_head_libm_tail(fn, scalar, scalar32):
    """`fn` as a kernel of ATen's Vectorized computes it: the whole steps vector_lanes picks by
    SLEEF's u10 sinh, cosh (NumPy's kernel agrees for float64; float32 is rounded once from
    float64, as most of SLEEF's are: not ported), the rest by the C library: `scalar` for
    float64, glibc's float function `scalar32` for float32 (both one Python float at a time:
    a run's rest is under 32 elements, too few for NumPy's calls to pay)."""
    tail64 = c_library(scalar, fn)   # math.cosh(1000.) raises where glibc's gives inf

    def tail(a: np.ndarray) -> np.ndarray:
        if a.dtype == F32:
            return np.array([scalar32(v) for v in a.ravel().tolist()], F32).reshape(a.shape)
        return tail64(a) if a.dtype == np.float64 else libm(fn)(a)

    def forward(a: np.ndarray) -> np.ndarray:
        if a.dtype not in STEPS or not a.flags.c_contiguous:
            return stepped(a)
        flat = a.reshape(-1)   # one run in memory order: the steps are a prefix
        head = flat.size - flat.size % STEPS[a.dtype]
        if not head:
            return tail(a)
        out = np.empty(flat.size, a.dtype)
        out[:head] = libm(fn)(flat[:head])
        out[head:] = tail(flat[head:])
        return out.reshape(a.shape)
    stepped = by_steps(libm(fn), tail, fn)
    return forward


def fma32(a, b, c) -> np.ndarray:
    # the float64 product of float32 values is exact; the sum may round twice (rarely an ulp)
    return (np.multiply(a, b, dtype=np.float64) + np.asarray(c, np.float64)).astype(F32)


def round32(x: float) -> float:
    """x rounded to float32 (a float32 sum, difference, product, quotient or square root done in
    float64 and rounded once is the float32 one: 53 bits are more than twice 24 plus 2)."""
    try:
        return _FLOAT32.unpack(_FLOAT32.pack(x))[0]
    except OverflowError:      # struct refuses to round a finite number to infinity
        return math.copysign(math.inf, x)


def _pow2i(q: np.ndarray) -> np.ndarray:
    return ((q + 127).astype(np.int32) << 23).view(F32)


_LOG2E = F32(1.442695040888963407359924681001892137426645954152985934135449406931)
_EXPF_POLY = (0.00139304355252534151077271, 0.00833336077630519866943359,
              0.0416664853692054748535156, 0.166666671633720397949219, 0.5)
# the same constants as Python floats, for one element at a time
_LOG2E_F, _EXPF_LN2_LO_F, _EXPF_FIRST_F = (float(F32(c)) for c in (
    _LOG2E, -1.428606765330187045e-06, 0.000198527617612853646278381))
_EXPF_POLY_F = tuple(float(F32(c)) for c in _EXPF_POLY)


# x + M - M rounds a float64 x in [2**e, 2**(e + 1)) to float32 (24 bits, ties to even) when
# M = 1.5 * 2**(e + 29): the sum's last bit is then float32's last bit there, and the
# difference is exact. Two operations instead of a struct round trip, where the binade is known.
_EXPF_POLY_M = tuple(1.5 * 2.0 ** (e + 29) for e in (-10, -7, -5, -3))


def expf_one(d: float | np.float32, _pack=_FLOAT32.pack, _unpack=_FLOAT32.unpack) -> float:
    """sleef_expf of one float32, step by step in Python floats rounded to float32 as the array
    port rounds them (a float64 product of two float32 values is exact, so `round32(a * b + c)`
    is fma32 as above); this runs on every element of a small softmax. The reduced argument s
    lies within +-0.35, so each of the polynomial's steps stays in one or two binades, rounded
    by _EXPF_POLY_M's sums; q * -0.693145751953125 + d is exact (Cody and Waite's high part has
    16 bits, q at most 8, and d is within a factor two of the product: Sterbenz), and so is
    scaling by 2**(q >> 1), inside float32's normal range."""
    if d != d:
        return d   # itself, as the array port gives it back: a signalling NaN stays one
    d = float(d)
    if d > 100:
        return math.inf
    if d < -104:
        return 0.0
    q = round(_unpack(_pack(d * _LOG2E_F))[0])      # np.rint's ties to even, as round() has them
    s = _unpack(_pack(q * _EXPF_LN2_LO_F + (q * -0.693145751953125 + d)))[0]
    c1, c2, c3, c4, _ = _EXPF_POLY_F
    m1, m2, m3, m4 = _EXPF_POLY_M
    u = (_EXPF_FIRST_F * s + c1 + m1) - m1
    u = (u * s + c2 + m2) - m2
    u = (u * s + c3 + m3) - m3
    u = (u * s + c4 + m4) - m4
    u = u * s + 0.5      # in [0.43, 0.57]
    m = 402653184.0 if u >= 0.5 else 201326592.0
    u = (u + m) - m
    u = _unpack(_pack(_unpack(_pack(s * s))[0] * u + s))[0] + 1.0      # in [0.65, 1.42]
    m = 805306368.0 if u >= 1.0 else 402653184.0
    try:
        return _unpack(_pack(((u + m) - m) * 2.0 ** q))[0]
    except OverflowError:      # past float32's range: inf, as round32 gives it
        return math.inf


def sleef_expf(d: np.ndarray) -> np.ndarray:
    """SLEEF's xexpf (the u10 expf of ATen's Vectorized<float>::exp), with FMA."""
    if d.size <= FEW:
        return np.array([expf_one(v) for v in d.ravel()], F32).reshape(d.shape)
    q = np.rint(d * _LOG2E)
    q = np.nan_to_num(q, nan=0.0, posinf=0.0, neginf=0.0).astype(np.int32)
    s = fma32(q.astype(F32), F32(-0.693145751953125), d)
    s = fma32(q.astype(F32), F32(-1.428606765330187045e-06), s)
    u = F32(0.000198527617612853646278381)
    for c in (0.00139304355252534151077271, 0.00833336077630519866943359,
              0.0416664853692054748535156, 0.166666671633720397949219, 0.5):
        u = fma32(u, s, F32(c))
    u = F32(1) + fma32(s * s, u, s)
    half = q >> 1
    u = u * _pow2i(half) * _pow2i(q - half)
    u = np.where(d < -104, F32(0), u)
    u = np.where(d > 100, F32(np.inf), u)
    return np.where(np.isnan(d), d, u).astype(F32)


def _fms(a, b, c):
    return fma32(a, b, -np.asarray(c, F32))       # a*b - c, exact for a product's error


def _log_of_parts(e, n_hi, n_lo, d_hi, d_lo) -> np.ndarray:
    """e·ln 2 + 2·atanh(n/d) in SLEEF's double-float steps (its logf_u1 and log1pf)."""
    ln2_hi, ln2_lo = F32(0.69314718246459960938), F32(-1.904654323148236017e-09)
    s_hi = (ln2_hi * e).astype(F32)
    s_lo = fma32(ln2_lo, e, _fms(ln2_hi, e, s_hi))
    t = (F32(1) / d_hi).astype(F32)
    x_hi = (n_hi * t).astype(F32)
    v = fma32(-d_lo, t, fma32(-d_hi, t, F32(1)))
    x_lo = fma32(x_hi, v, fma32(n_lo, t, _fms(t, n_hi, x_hi)))
    x2 = (x_hi * x_hi).astype(F32)
    poly = fma32(fma32(F32(0.3027294874), x2, F32(0.3996108174)), x2, F32(0.6666694880))
    hi = (s_hi + x_hi * F32(2)).astype(F32)
    lo = ((((s_hi - hi) + x_hi * F32(2)) + s_lo) + x_lo * F32(2)).astype(F32)
    w = ((x2 * x_hi) * poly).astype(F32)
    r_hi = (hi + w).astype(F32)
    return (r_hi + (((hi - r_hi) + w) + lo)).astype(F32)


_FOUR_THIRDS = F32(1 / 0.75)


def _exponent(x: np.ndarray) -> np.ndarray:
    """AVX512's getexp(x · 4/3): the e for which x / 2**e lies in [0.75, 1.5)."""
    scaled = x * _FOUR_THIRDS
    _, e = np.frexp(scaled)
    return np.where(np.isinf(scaled) & np.isfinite(x), 128, e - 1)


def _two_sum(x, y):
    """x + y and its rounding error (SLEEF's dfadd2)."""
    s = (x + y).astype(F32)
    v = (s - x).astype(F32)
    return s, ((x - (s - v)) + (y - v)).astype(F32)




_LN2_HI_F, _LN2_LO_F = (float(F32(c)) for c in (0.69314718246459960938,
                                                 -1.904654323148236017e-09))
_LOGF_POLY = tuple(float(F32(c)) for c in (0.3027294874, 0.3996108174, 0.6666694880))


def logf_one(d: float, _pack=_FLOAT32.pack, _unpack=_FLOAT32.unpack) -> float:
    """sleef_logf of one float32, as the array port below goes, each float32 operation a
    float64 one rounded once (fma32 is the float64 product, exact, plus c, rounded); past the
    first step every value is far inside float32's range, and `_unpack(_pack(x))[0]` is round32
    without its call."""
    if d == math.inf:
        return d
    if d < 0 or d != d:
        return math.nan
    if d == 0:
        return -math.inf
    scaled = round32(d * float(_FOUR_THIRDS))
    e = 128 if scaled == math.inf else math.frexp(scaled)[1] - 1    # _exponent
    m = math.ldexp(d, -e)
    # Knuth's TwoSum (SLEEF's dfadd2): float64 holds the sum exactly, and so its error
    n_hi = _unpack(_pack(m - 1.0))[0]
    d_hi = _unpack(_pack(m + 1.0))[0]
    n_lo, d_lo = (m - 1.0) - n_hi, (m + 1.0) - d_hi
    return _log_of_parts_one(e, n_hi, n_lo, d_hi, d_lo)


def _log_of_parts_one(e: int, n_hi: float, n_lo: float, d_hi: float, d_lo: float,
                      _pack=_FLOAT32.pack, _unpack=_FLOAT32.unpack) -> float:
    """_log_of_parts of one element in Python floats (as logf_one)."""
    s_hi = _unpack(_pack(_LN2_HI_F * e))[0]
    s_lo = _unpack(_pack(_LN2_HI_F * e - s_hi))[0]
    s_lo = _unpack(_pack(_LN2_LO_F * e + s_lo))[0]
    t = _unpack(_pack(1.0 / d_hi))[0]
    x_hi = _unpack(_pack(n_hi * t))[0]
    v = _unpack(_pack(-d_hi * t + 1.0))[0]
    v = _unpack(_pack(-d_lo * t + v))[0]
    x_lo = _unpack(_pack(t * n_hi - x_hi))[0]
    x_lo = _unpack(_pack(n_lo * t + x_lo))[0]
    x_lo = _unpack(_pack(x_hi * v + x_lo))[0]
    x2 = _unpack(_pack(x_hi * x_hi))[0]
    poly = _unpack(_pack(_LOGF_POLY[0] * x2 + _LOGF_POLY[1]))[0]
    poly = _unpack(_pack(poly * x2 + _LOGF_POLY[2]))[0]
    hi = _unpack(_pack(s_hi + x_hi * 2))[0]
    lo = _unpack(_pack(s_hi - hi))[0]
    lo = _unpack(_pack(lo + x_hi * 2))[0]
    lo = _unpack(_pack(lo + s_lo))[0]
    lo = _unpack(_pack(lo + x_lo * 2))[0]
    w = _unpack(_pack(x2 * x_hi))[0]
    w = _unpack(_pack(w * poly))[0]
    r_hi = _unpack(_pack(hi + w))[0]
    r_lo = _unpack(_pack(hi - r_hi))[0]
    r_lo = _unpack(_pack(r_lo + w))[0]
    r_lo = _unpack(_pack(r_lo + lo))[0]
    return _unpack(_pack(r_hi + r_lo))[0]


def sleef_logf(d: np.ndarray) -> np.ndarray:
    """SLEEF's xlogf_u1 (ATen's Vectorized<float>::log), AVX512 path."""
    if d.size <= FEW:
        return np.array([logf_one(v) for v in d.ravel().tolist()], F32).reshape(d.shape)
    e = _exponent(d)
    m = np.ldexp(d, -e).astype(F32)
    r = _log_of_parts(e.astype(F32), *_two_sum(F32(-1), m), *_two_sum(F32(1), m))
    r = np.where(d == 0, F32(-np.inf), r)
    r = np.where((d < 0) | np.isnan(d), F32(np.nan), r)
    return np.where(d == np.inf, F32(np.inf), r).astype(F32)


def log1pf_one(d: float, _pack=_FLOAT32.pack, _unpack=_FLOAT32.unpack) -> float:
    """sleef_log1pf of one float32 with -1 < d < inf, as the array port below goes (as
    logf_one)."""
    if d == 0:
        return d
    scaled = round32(_unpack(_pack(d + 1.0))[0] * float(_FOUR_THIRDS))
    e = 128 if scaled == math.inf else math.frexp(scaled)[1] - 1    # _exponent
    t = math.ldexp(1.0, -e)
    m = _unpack(_pack(d * t + _unpack(_pack(t - 1.0))[0]))[0]
    two = _unpack(_pack(2.0 + m))[0]
    return _log_of_parts_one(e, m, 0.0, two, _unpack(_pack(_unpack(_pack(2.0 - two))[0] + m))[0])


def sleef_log1pf(d: np.ndarray) -> np.ndarray:
    """SLEEF's xlog1pf (ATen's Vectorized<float>::log1p), AVX512 path."""
    if d.size <= FEW:
        values = d.ravel().tolist()
        if all(-1.0 < v < math.inf for v in values):   # no nan
            return np.array([log1pf_one(v) for v in values], F32).reshape(d.shape)
    e = _exponent((d + F32(1)).astype(F32))
    t = np.ldexp(F32(1), -e).astype(F32)
    m = fma32(d, t, (t - F32(1)).astype(F32))
    two = (F32(2) + m).astype(F32)
    r = _log_of_parts(e.astype(F32), m, F32(0), two, ((F32(2) - two) + m).astype(F32))
    r = np.where(d == np.inf, F32(np.inf), r)
    r = np.where(d < -1, _ALL_ONES_NAN, r)   # SLEEF ors the mask of d < -1 into the result
    r = np.where(d == -1, F32(-np.inf), r)
    r = np.where((d == 0) & np.signbit(d), F32(-0.0), r)
    quiet = (d.view(np.uint32) | np.uint32(0x00400000)).view(F32)
    return np.where(np.isnan(d), quiet, r).astype(F32)


_ALL_ONES_NAN = np.array(0xFFFFFFFF, np.uint32).view(F32)[()]


# glibc's log1pf (fdlibm's s_log1pf.c), what ATen's scalar loops get from std::log1p: it is not
# correctly rounded, so a float64 log1p differs from it in about 4% of float32 arguments
_LN2_HI, _LN2_LO = F32(6.9313812256e-01), F32(9.0580006145e-06)
_LOG1P_POLY = [F32(c) for c in (1.4798198640e-01, 1.5313838422e-01, 1.8183572590e-01,
                                2.2222198546e-01, 2.8571429849e-01, 4.0000000596e-01,
                                6.6666668653e-01)]

_ONE, _TWO, _HALF = F32(1), F32(2), F32(0.5)


def _bits(x) -> int:
    return _INT32.unpack(_FLOAT32.pack(x))[0]


def _log1pf_one(x: float) -> np.float32:
    """glibc_log1pf of one float32, branch by branch as the C code goes (NumPy's float32
    scalars round every operation as the C code's floats do)."""
    x = F32(x)
    hx = _bits(x)
    magnitude = hx & 0x7fffffff
    if hx >= 0x7f800000:
        return x + x
    if hx < 0 and magnitude >= 0x3f800000:
        return F32(-np.inf) if x == -1 else F32(np.nan)
    if hx < 0x3ed413d7 and magnitude < 0x31000000:       # |x| < 2**-29
        return x if magnitude < 0x24800000 else x - x * x * _HALF
    if hx < 0x3ed413d7 and (hx > 0 or hx <= -1097468385):  # -0.2929 < x < 0.41422: k = 0
        k, f, c, hu = 0, x, F32(0), 1
    else:
        huge = hx >= 0x5a000000
        u = x if huge else _ONE + x
        k = (_bits(u) >> 23) - 127
        c = F32(0) if huge else (_ONE - (u - x) if k > 0 else x - (u - _ONE)) / u
        mantissa = _bits(u) & 0x007fffff
        if mantissa < 0x3504f7:
            hu = mantissa
            u = F32(_FLOAT32.unpack(_INT32.pack(mantissa | 0x3f800000))[0])
        else:
            hu, k = (0x00800000 - mantissa) >> 2, k + 1
            u = F32(_FLOAT32.unpack(_INT32.pack(mantissa | 0x3f000000))[0])
        f = u - _ONE
    kf = F32(k)
    hfsq = _HALF * f * f
    if hu == 0:   # |f| < 2**-20
        if f == 0:
            return F32(0) if k == 0 else kf * _LN2_HI + (c + kf * _LN2_LO)
        r = hfsq * (_ONE - F32(0.66666666666666666) * f)
        return f - r if k == 0 else kf * _LN2_HI - ((r - (kf * _LN2_LO + c)) - f)
    s = f / (_TWO + f)
    z = s * s
    poly = _LOG1P_POLY[0]
    for coefficient in _LOG1P_POLY[1:]:
        poly = coefficient + z * poly
    r = z * poly
    if k == 0:
        return f - (hfsq - s * (hfsq + r))
    return kf * _LN2_HI - ((hfsq - (s * (hfsq + r) + (kf * _LN2_LO + c))) - f)


def glibc_log1pf(x: np.ndarray) -> np.ndarray:
    x = np.asarray(x, F32)
    if x.size <= FEW:
        return np.array([_log1pf_one(v) for v in x.ravel().tolist()], F32).reshape(x.shape)
    hx = x.view(np.int32)
    # k = 0 (use x itself) for -0.2929 < x < 0.41422; else reduce 1 + x = 2^k·u, u ≈ 1
    near_zero = (hx < 0x3ed413d7) & ((hx > 0) | (hx <= np.int32(-1097468385)))
    huge = hx >= 0x5a000000
    u = np.where(huge, x, (F32(1) + x).astype(F32))
    k = (u.view(np.int32) >> 23) - 127
    c = np.where(k > 0, F32(1) - (u - x), x - (u - F32(1))).astype(F32)
    c = np.where(huge, F32(0), c / u).astype(F32)
    mantissa = u.view(np.int32) & 0x007fffff
    low = mantissa < 0x3504f7
    u = np.where(low, mantissa | 0x3f800000, mantissa | 0x3f000000).astype(np.int32).view(F32)
    k = np.where(near_zero, 0, np.where(low, k, k + 1))
    hu = np.where(near_zero, 1, np.where(low, mantissa, (0x00800000 - mantissa) >> 2))
    f = np.where(near_zero, x, u - F32(1)).astype(F32)
    c = np.where(near_zero, F32(0), c)
    kf = k.astype(F32)
    hfsq = (F32(0.5) * f * f).astype(F32)
    # |f| < 2**-20
    r_flat = (hfsq * (F32(1) - F32(0.66666666666666666) * f)).astype(F32)
    flat = np.where(k == 0, f - r_flat, kf * _LN2_HI - ((r_flat - (kf * _LN2_LO + c)) - f))
    flat = np.where(f == 0, np.where(k == 0, F32(0), kf * _LN2_HI + (c + kf * _LN2_LO)), flat)
    s = (f / (F32(2) + f)).astype(F32)
    z = (s * s).astype(F32)
    poly = _LOG1P_POLY[0]
    for coefficient in _LOG1P_POLY[1:]:
        poly = (coefficient + z * poly).astype(F32)
    r = (z * poly).astype(F32)
    out = np.where(k == 0, f - (hfsq - s * (hfsq + r)),
                   kf * _LN2_HI - ((hfsq - (s * (hfsq + r) + (kf * _LN2_LO + c))) - f))
    out = np.where(hu == 0, flat, out).astype(F32)
    magnitude = hx & 0x7fffffff
    tiny = (hx < 0x3ed413d7) & (magnitude < 0x31000000)      # |x| < 2**-29
    out = np.where(tiny, np.where(magnitude < 0x24800000, x, x - x * x * F32(0.5)), out)
    out = np.where((hx < 0) & (magnitude >= 0x3f800000),
                   np.where(x == -1, F32(-np.inf), F32(np.nan)), out)
    return np.where(hx >= 0x7f800000, x + x, out).astype(F32)


def log1p(a: np.ndarray) -> np.ndarray:
    """torch.log1p: ATen's vectorised loop calls SLEEF's log1pf on every float32 element (the
    last partial step too, loaded into a whole vector: gdb counts one call per 16 elements);
    float64 to SLEEF's log1p the same way."""
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        return sleef_log1pf(a) if a.dtype == np.float32 else sleef_log1p(a)


def c_library(scalar, vectorised):
    """A float64 function of the C library (math.exp is glibc's exp), element by element: where
    NumPy's vectorised kernel may differ from it in the last bit. Where Python's math refuses
    (an overflow, the log of 0), NumPy's function, whose value there is the C library's."""
    def forward(a: np.ndarray) -> np.ndarray:
        try:
            return np.array([scalar(v) for v in a.ravel().tolist()], a.dtype).reshape(a.shape)
        except (OverflowError, ValueError):
            return vectorised(a)
    return forward


c_exp, c_log = c_library(math.exp, np.exp), c_library(math.log, np.log)


# glibc 2.36's expm1f and tanhf (fdlibm's s_expm1f.c and s_tanhf.c, float arithmetic), what
# ATen's scalar loops get from std::expm1 and std::tanh of a float: checked bit for bit against
# this machine's libm on 500,000 float32 values of every kind
_U32 = struct.Struct("<I")
_EXPM1F = tuple(_FLOAT32.unpack(_U32.pack(b))[0] for b in (
    0x3f317180, 0x3717f7d1, 0x3fb8aa3b,                              # ln2_hi, ln2_lo, 1/ln2
    0xb457edbb, 0x36867e54, 0xb8a670cd, 0x3ad00d01, 0xbd088889,     # Q5 .. Q1
    0x4195b844, 0x3eb17218, 0x3F851592))                             # 27, 1/2 and 3/2 ln 2


def expm1f_one(x: float, _pack=_FLOAT32.pack, _unpack=_FLOAT32.unpack) -> float:
    """glibc's expm1f of one float32 (a Python float), each step rounded to float32
    (`_unpack(_pack(v))[0]`: round32 without its call, for values far inside float32's range):
    x = k·ln 2 + (hi - lo), a rational approximation in the rest, scaled by 2**k."""
    ln2_hi, ln2_lo, inv_ln2, q5, q4, q3, q2, q1, big, half_ln2, one_and_half_ln2 = _EXPM1F
    magnitude = abs(x)
    if not magnitude < big:                 # |x| >= 27·ln 2 (or nan): -1, inf or nan
        if x != x:
            return x + x
        if x < 0:
            return -1.0
        if x > 88.7216796875:
            return math.inf
    if magnitude < 2.9802322387695312e-08:   # 2**-25
        return x
    k, c = 0, 0.0
    if magnitude > half_ln2:
        if magnitude < one_and_half_ln2:
            k = 1 if x > 0 else -1
            hi, lo = _unpack(_pack(x - k * ln2_hi))[0], k * ln2_lo
        else:
            k = int(_unpack(_pack(_unpack(_pack(inv_ln2 * x))[0] + (0.5 if x > 0 else -0.5)))[0])
            hi = _unpack(_pack(x - _unpack(_pack(k * ln2_hi))[0]))[0]
            lo = _unpack(_pack(k * ln2_lo))[0]
        x = _unpack(_pack(hi - lo))[0]
        c = _unpack(_pack(_unpack(_pack(hi - x))[0] - lo))[0]
    hfx = _unpack(_pack(0.5 * x))[0]
    hxs = _unpack(_pack(x * hfx))[0]
    r1 = q5
    for coefficient in (q4, q3, q2, q1):
        r1 = _unpack(_pack(coefficient + _unpack(_pack(hxs * r1))[0]))[0]
    r1 = _unpack(_pack(1.0 + _unpack(_pack(hxs * r1))[0]))[0]
    t = _unpack(_pack(3.0 - _unpack(_pack(r1 * hfx))[0]))[0]
    denominator = _unpack(_pack(6.0 - _unpack(_pack(x * t))[0]))[0]
    e = _unpack(_pack(_unpack(_pack(r1 - t))[0] / denominator))[0]
    e = _unpack(_pack(hxs * e))[0]
    if k == 0:
        return _unpack(_pack(x - _unpack(_pack(_unpack(_pack(x * e))[0] - hxs))[0]))[0]
    e = _unpack(_pack(_unpack(_pack(x * _unpack(_pack(e - c))[0]))[0] - c))[0]
    e = _unpack(_pack(e - hxs))[0]
    if k == -1:
        return _unpack(_pack(_unpack(_pack(0.5 * _unpack(_pack(x - e))[0]))[0] - 0.5))[0]
    if k == 1:
        if x < -0.25:
            return _unpack(_pack(-2.0 * _unpack(_pack(e - _unpack(_pack(x + 0.5))[0]))[0]))[0]
        return _unpack(_pack(1.0 + _unpack(_pack(2.0 * _unpack(_pack(x - e))[0]))[0]))[0]
    if k <= -2 or k > 56:
        y = _unpack(_pack(1.0 - _unpack(_pack(e - x))[0]))[0]
        return round32(round32(y * 2.0 ** k) - 1.0)
    if k < 23:
        one_less = 1.0 - 2.0 ** -k
        return _unpack(_pack(_unpack(_pack(one_less - _unpack(_pack(e - x))[0]))[0] * 2.0 ** k))[0]
    y = _unpack(_pack(x - _unpack(_pack(e + 2.0 ** -k))[0]))[0]
    return _unpack(_pack(_unpack(_pack(y + 1.0))[0] * 2.0 ** k))[0]


def tanhf_one(x: float, _pack=_FLOAT32.pack, _unpack=_FLOAT32.unpack) -> float:
    """glibc's tanhf of one float32: ±(1 - 2/(expm1f(2|x|) + 2)) from 1 up, else
    -expm1f(-2|x|)/(expm1f(-2|x|) + 2); ±1 from 22 up, x itself below 2**-55."""
    magnitude = abs(x)
    if not magnitude < 22.0:
        return x + x if x != x else math.copysign(1.0, x)
    if magnitude < 2.7755575615628914e-17:   # 2**-55
        return _unpack(_pack(x * _unpack(_pack(1.0 + x))[0]))[0]
    if magnitude >= 1.0:
        t = expm1f_one(2.0 * magnitude)
        z = _unpack(_pack(1.0 - _unpack(_pack(2.0 / _unpack(_pack(t + 2.0))[0]))[0]))[0]
    else:
        t = expm1f_one(-2.0 * magnitude)
        z = _unpack(_pack(-t / _unpack(_pack(t + 2.0))[0]))[0]
    return math.copysign(z, x)


# glibc 2.36's sinhf and coshf (fdlibm's e_sinhf.c and e_coshf.c, float arithmetic, over the
# expm1f and expf above), what ATen's scalar loops get from std::sinh and std::cosh of a float:
# checked bit for bit against this machine's libm on 270,000 float32 values and each threshold
_EXPF_TOP, _SINHF_OVER = float.fromhex("0x1.62e3p6"), float.fromhex("0x1.65a9f8p6")


def _expf32(v: float) -> float:
    return round32(_glibc_expf_one(v))


def sinhf_one(x: float) -> float:
    """±(E + E/(E + 1))/2 with E = expm1f(|x|) (2E - E²/(E + 1) below 1) under 22, then
    ±expf(|x|)/2, then ±(expf(|x|/2)/2)·expf(|x|/2) to the overflow threshold."""
    magnitude = abs(x)
    if x != x or magnitude == math.inf:
        return x + x
    half = math.copysign(0.5, x)
    if magnitude < 22.0:
        if magnitude < 2.0 ** -28:
            return x
        t = expm1f_one(magnitude)
        if magnitude < 1.0:
            return round32(half * round32(round32(2.0 * t)
                                          - round32(round32(t * t) / round32(t + 1.0))))
        return round32(half * round32(t + round32(t / round32(t + 1.0))))
    if magnitude < _EXPF_TOP:
        return round32(half * _expf32(magnitude))
    if magnitude <= _SINHF_OVER:
        w = _expf32(round32(0.5 * magnitude))
        return round32(round32(half * w) * w)
    return math.copysign(math.inf, x)


def coshf_one(x: float) -> float:
    """1 + E²/(2(1 + E)) with E = expm1f(|x|) below ln(2)/2, expf(|x|)/2 + 1/(2 expf(|x|))
    under 22, then as sinhf_one."""
    magnitude = abs(x)
    if magnitude < 22.0:
        if magnitude < 0.3465735912322998:   # ln(2)/2 in float32
            if magnitude < 2.0 ** -55:
                return 1.0
            t = expm1f_one(magnitude)
            w = round32(1.0 + t)
            return round32(1.0 + round32(round32(t * t) / round32(w + w)))
        t = _expf32(magnitude)
        return round32(round32(0.5 * t) + round32(0.5 / t))
    if magnitude < _EXPF_TOP:
        return round32(0.5 * _expf32(magnitude))
    if magnitude <= _SINHF_OVER:
        w = _expf32(round32(0.5 * magnitude))
        return round32(round32(0.5 * w) * w)
    return x * x if x != x else math.inf


def c_log1p(a: np.ndarray) -> np.ndarray:
    """std::log1p as ATen's scalar loops call it (math.log1p is glibc's log1p)."""
    return glibc_log1pf(a) if a.dtype == np.float32 else _c_log1p64(a)


_c_log1p64 = c_library(math.log1p, np.log1p)


STEPS = {np.dtype(np.float32): VECTOR_STEP, np.dtype(np.float64): VECTOR_STEP // 2}


def vector_lanes(a: np.ndarray, step: int = 0) -> np.ndarray | None:
    """Which elements of a float input (a mask of its shape) a unary TensorIterator loop runs
    vectorised, or None for none: it iterates a dense input in memory order as one run (the
    result takes its layout), any other row by row along the last dim, vectorised only where
    that dim is contiguous; each run takes whole steps of two vectors (or of `step` elements),
    the rest one by one."""
    step = step or STEPS[a.dtype]
    if a.size < step:
        return None
    dims = sorted((st, n) for st, n in zip(a.strides, a.shape) if n != 1)
    expected, dense = a.itemsize, True
    for st, n in dims:
        dense &= st == expected
        expected = st * n
    if dense:
        offsets = sum((np.arange(n) * (st // a.itemsize)).reshape((-1,) + (1,) * (a.ndim - d - 1))
                      for d, (st, n) in enumerate(zip(a.strides, a.shape)))
        return offsets < a.size - a.size % step
    # the last dims as far as they coalesce into one run: contiguous, or all broadcast (a
    # stride of 0, which the vectorised loop takes as a scalar operand)
    run, dims = 1, []
    zero = a.strides[max((d for d in range(a.ndim) if a.shape[d] != 1), default=0)] == 0
    for d in range(a.ndim - 1, -1, -1):
        if a.shape[d] == 1:
            continue
        if a.strides[d] != (0 if zero else run * a.itemsize):
            break
        dims.append(d)
        run *= a.shape[d]
    if run < step:
        return None
    index, size = 0, 1   # each element's place in its run
    for d in dims:
        index = index + np.arange(a.shape[d]).reshape((-1,) + (1,) * (a.ndim - d - 1)) * size
        size *= a.shape[d]
    return np.broadcast_to(index < run - run % step, a.shape)


def by_steps(vectorized, scalar, vectorized64=None):
    """An elementwise function as TensorIterator runs it: `vectorized` (float32) or
    `vectorized64` (float64) on the elements vector_lanes picks, `scalar` on the rest (all of
    them for float64 without vectorized64)."""
    kernels = {np.dtype(np.float32): vectorized, np.dtype(np.float64): vectorized64}

    def forward(a: np.ndarray) -> np.ndarray:
        kernel = kernels.get(a.dtype)
        lanes = None if kernel is None else vector_lanes(a)
        if lanes is None:
            return scalar(a)
        out = np.empty(a.shape, a.dtype)
        out[lanes] = kernel(a[lanes])
        out[~lanes] = scalar(a[~lanes])
        return out
    return forward


# torch.exp2 of float32: SLEEF's xexp2f (Sleef_exp2f16_u10, ATen's Vectorized<float>::exp2 on
# AVX-512, with FMA) on TensorIterator's whole steps of 32, glibc's exp2f on the rest (below);
# float64 is glibc's exp2 (its Sleef_exp2d8_u10 path is not ported).
_EXP2F_POLY = tuple(map(F32, (0.1535920892e-3, 0.1339262701e-2, 0.9618384764e-2,
                              0.5550347269e-1, 0.2402264476e+0, 0.6931471825e+0, 1.0)))


def sleef_exp2f(d: np.ndarray) -> np.ndarray:
    """SLEEF's xexp2f: 2**round(d) times a polynomial of d - round(d), fused multiply-adds."""
    u = np.rint(d)
    q = np.clip(np.nan_to_num(u), -256, 256).astype(np.int32)
    s = d - u
    v = _EXP2F_POLY[0]
    for c in _EXP2F_POLY[1:]:
        v = _exact_fma32(v, s, c)
    half = q >> 1
    v = v * _pow2i(half) * _pow2i(q - half)
    v = np.where(d >= 128, F32(np.inf), v)
    return np.where(d < -150, F32(0), v).astype(F32)


# glibc 2.36's exp2f (sysdeps/ieee754/flt-32/e_exp2f.c): x = k/32 + r, 2**(k/32) from a table
# (the exponent added to its bits) times a cubic in r, in float64, rounded once to float32. This
# CPU runs its FMA build; unfused here, the rounding to float32 hides the difference (0 of
# 620,000 tail results differ from torch's; the float64 exp2 rounded once differed in 341).
_EXP2F_SHIFT = 1.5 * 2 ** 52 / 32
_EXP2F_CUBIC = tuple(map(float.fromhex, ("0x1.c6af84b912394p-5", "0x1.ebfce50fac4f3p-3",
                                         "0x1.62e42ff0c52d6p-1")))
_EXP2F_TABLE = [_unpack64_bits(_pack64(2.0 ** (i / 32)))[0] - (i << 47) for i in range(32)]


def glibc_exp2f(x: np.ndarray) -> np.ndarray:
    """glibc's exp2f of float32 (above); other dtypes the C library's exp2."""
    if x.dtype != F32:
        return np.exp2(x)
    if x.size <= FEW:
        out = [_exp2f_one(v) for v in x.ravel().tolist()]
        if None not in out:
            return np.array(out, F32).reshape(x.shape)
    xd = x.astype(np.float64)
    with np.errstate(invalid="ignore"):
        kd = xd + _EXP2F_SHIFT
    bits = kd.view(np.uint64)
    r = xd - (kd - _EXP2F_SHIFT)
    scale = (np.array(_EXP2F_TABLE, np.uint64)[bits & np.uint64(31)]
             + (bits << np.uint64(47))).view(np.float64)
    c0, c1, c2 = _EXP2F_CUBIC
    with np.errstate(over="ignore", invalid="ignore"):
        y = (((c0 * r + c1) * (r * r) + (c2 * r + 1.0)) * scale).astype(F32)
    y = np.where(x >= 128, F32(np.inf), np.where(x <= -150, F32(0), y))
    return np.where(np.isnan(x), x + x, y)


def _exp2f_one(v: float):
    """glibc_exp2f of one float32 (None for |x| >= 128 and nan), in Python floats."""
    if not abs(v) < 128:
        return None
    kd = v + _EXP2F_SHIFT
    bits = _unpack64_bits(_pack64(kd))[0]
    r = v - (kd - _EXP2F_SHIFT)
    scale = _unpack64(_pack64_bits((_EXP2F_TABLE[bits & 31] + (bits << 47)) & _BITS64))[0]
    c0, c1, c2 = _EXP2F_CUBIC
    return ((c0 * r + c1) * (r * r) + (c2 * r + 1.0)) * scale   # rounded once by the caller


exp2_kernel = by_steps(sleef_exp2f, glibc_exp2f)


# glibc's expf (sysdeps/ieee754/flt-32/e_expf.c), std::exp of a float32 in ATen's scalar loops:
# k + r = x·32/ln 2 in float64 (k rounded by adding 1.5·2**52), 2**(k/32) from exp2f's table, a
# cubic in r with the coefficients scaled by 1/32, each step rounded to float64, then to float32
_EXPF_INV_LN2_32 = float.fromhex("0x1.71547652b82fep+0") * 32
_EXPF_CUBIC = (float.fromhex("0x1.c6af84b912394p-5") / 32 ** 3,
               float.fromhex("0x1.ebfce50fac4f3p-3") / 32 ** 2,
               float.fromhex("0x1.62e42ff0c52d6p-1") / 32)
_EXPF_OVER, _EXPF_UNDER = float.fromhex("0x1.62e42ep6"), float.fromhex("-0x1.9fe368p6")


def glibc_expf(x: np.ndarray) -> np.ndarray:
    """glibc's expf of float32 (above); float64 the C library's exp."""
    if x.dtype != F32:
        return c_exp(x)
    if x.size <= FEW:
        out = [_glibc_expf_one(v) for v in x.ravel().tolist()]
        if None not in out:
            return np.array(out, F32).reshape(x.shape)
    with np.errstate(invalid="ignore", over="ignore"):
        z = _EXPF_INV_LN2_32 * x.astype(np.float64)
        kd = z + 1.5 * 2 ** 52
        bits = kd.view(np.uint64)
        r = z - (kd - 1.5 * 2 ** 52)
        scale = (np.array(_EXP2F_TABLE, np.uint64)[bits & np.uint64(31)]
                 + (bits << np.uint64(47))).view(np.float64)
        c0, c1, c2 = _EXPF_CUBIC
        y = (((c0 * r + c1) * (r * r) + (c2 * r + 1.0)) * scale).astype(F32)
    y = np.where(x > _EXPF_OVER, F32(np.inf), np.where(x < _EXPF_UNDER, F32(0), y))
    return np.where(np.isnan(x), x + x, y)


def _glibc_expf_one(v: float):
    """glibc_expf of one float32 (None outside its usual range and for nan), in Python floats."""
    if not _EXPF_UNDER <= v <= _EXPF_OVER:
        return None
    z = _EXPF_INV_LN2_32 * v
    kd = z + 1.5 * 2 ** 52
    bits = _unpack64_bits(_pack64(kd))[0]
    r = z - (kd - 1.5 * 2 ** 52)
    scale = _unpack64(_pack64_bits((_EXP2F_TABLE[bits & 31] + (bits << 47)) & _BITS64))[0]
    c0, c1, c2 = _EXPF_CUBIC
    return ((c0 * r + c1) * (r * r) + (c2 * r + 1.0)) * scale   # rounded once by the caller


# glibc 2.36's erff (fdlibm's s_erff.c, float arithmetic), what ATen's scalar loops get from
# std::erf of a float: a rational approximation on each of |x| < 0.84375, < 1.25, < 1/0.35, < 6
_ERFF = {name: tuple(_FLOAT32.unpack(_U32.pack(b))[0] for b in bits) for name, bits in (
    ("pq", (0xb7c756b1, 0xbbbd1489, 0xbce9528f, 0xbea66beb, 0x3e0375d4,           # pp4 .. pp0
            0xb684e21a, 0x390aee49, 0x3ba68116, 0x3d852a63, 0x3ecbbbce)),         # qq5 .. qq1
    ("pa", (0xbb0df9c0, 0x3d1151b3, 0xbde31cc2, 0x3ea2fe54, 0xbebe9208, 0x3ed46805, 0xbb1acdc6)),
    ("qa", (0x3c445aa3, 0x3c5f6e13, 0x3e013307, 0x3d931ae7, 0x3f0a5785, 0x3dd9f331)),
    ("ra", (0xc11d077e, 0xc2a2932b, 0xc3389ae7, 0xc322658c, 0xc2798057, 0xc128f022, 0xbf31a0b7,
            0xbc21a093)),
    ("sa", (0xbd777f97, 0x40d23f7c, 0x42d9451f, 0x43d6810b, 0x442158c9, 0x43d9486f, 0x4309a863,
            0x419d35ce)),
    ("rb", (0xc3f1c275, 0xc480230b, 0xc41f6441, 0xc320a2ea, 0xc18e104b, 0xbf4c9dd4, 0xbc21a092)),
    ("sb", (0xc1b38712, 0x43ed43a7, 0x451f90ce, 0x4547fdbb, 0x44c01759, 0x43a2e571, 0x41f2b459)),
    ("erx", (0x3f58560b, 0x3e0375d4)))}                                       # erx, efx


def _horner32(x: float, coefficients: tuple, last: float) -> float:
    """c0 + x·(c1 + x·(... + x·cn)) in float32 steps, coefficients from cn, then `last`."""
    acc = coefficients[0]
    for c in coefficients[1:] + (last,):
        acc = round32(c + round32(x * acc))
    return acc


def erff_one(x: float) -> float:
    """glibc's erff of one float32 (a Python float)."""
    if x != x:
        return x + x
    erx, efx = _ERFF["erx"]
    magnitude = abs(x)
    if magnitude < 0.84375:
        if magnitude < 2.0 ** -28:
            if magnitude < 2.0 ** -119:
                return round32(0.0625 * round32(16.0 * x + round32(16.0 * efx * x)))
            return round32(x + round32(efx * x))
        z = round32(x * x)
        pq = _ERFF["pq"]
        r = _horner32(z, pq[:4], pq[4])
        s = _horner32(z, pq[5:], 1.0)
        return round32(x + round32(x * round32(r / s)))
    if magnitude < 1.25:
        s = round32(magnitude - 1.0)
        ratio = round32(_horner32(s, _ERFF["pa"][:-1], _ERFF["pa"][-1])
                        / _horner32(s, _ERFF["qa"], 1.0))
        return round32(erx + ratio) if x > 0 else round32(-erx - ratio)
    if magnitude >= 6.0:
        return math.copysign(1.0, x)
    s = round32(1.0 / round32(magnitude * magnitude))
    if magnitude < 2.857142686843872:     # 1/0.35 (0x4036DB6E)
        big_r = _horner32(s, _ERFF["ra"][:-1], _ERFF["ra"][-1])
        big_s = _horner32(s, _ERFF["sa"], 1.0)
    else:
        big_r = _horner32(s, _ERFF["rb"][:-1], _ERFF["rb"][-1])
        big_s = _horner32(s, _ERFF["sb"], 1.0)
    z = _FLOAT32.unpack(_U32.pack(_U32.unpack(_FLOAT32.pack(magnitude))[0] & 0xfffff000))[0]
    r = round32(expf_py(round32(round32(-z * z) - 0.5625)) * expf_py(
        round32(round32(round32(z - magnitude) * round32(z + magnitude)) + round32(big_r / big_s))))
    return round32(1.0 - round32(r / magnitude)) if x > 0 else round32(round32(r / magnitude) - 1.0)


def expf_py(v: float) -> float:
    """glibc's expf of a float32, rounded to float32; past its usual range (overflow,
    underflow, nan) by the array port's special cases."""
    e = _glibc_expf_one(v)
    if e is None:
        return float(glibc_expf(np.array([v], F32))[0])
    return round32(e)


def sigmoid(a: np.ndarray) -> np.ndarray:
    # PyTorch's kernel, 1 / (1 + e^-x): e^-x overflows to inf for x < -88 (float32), giving 0
    return np.reciprocal(exp_neg_kernel(a) + a.dtype.type(1))


def tanh_backward(grad: np.ndarray, result: np.ndarray) -> np.ndarray:
    """grad · (1 - y²) as tanh_backward computes it: 1 - y·y one fused multiply-add (the
    vectorised steps and the scalar tail alike; checked against torch)."""
    if result.dtype != F32:
        return grad * fma(-result, result, np.ones_like(result))
    # for float32 y, 1 - y·y in float64 rounds once to fma's float32 result: a float64 that is
    # inexact never lands on a float32 tie (checked for every float32 y), so it is cheap (y·y
    # is exact in float64; a 0-d array and plain operators are NumPy's quickest small calls)
    y = result.astype(np.float64)
    return grad * (_ONE64 - y * y).astype(F32)


_ONE64 = np.array(1.0)


def erf(a: np.ndarray) -> np.ndarray:
    # the C library's erf in float64, rounded once to the input's dtype
    return np.array([math.erf(v) for v in a.ravel().tolist()], a.dtype).reshape(a.shape)


def lerp(start: np.ndarray, end: np.ndarray, weight) -> np.ndarray:
    """ATen's lerp kernel: fma(w, end - start, start) when |w| < 0.5, else lerp_vec's
    fma(w - 1, end - start, end) on whole vectors and Lerp.h's end - (end - start) * (1 - w)
    (contracted to one fused multiply-add) on the rest of each inner loop: the same value, but
    for w = 1 and end = ±0 the product's zero has the other sign (0.447 to -0. gives -0. in a
    vector, 0. in the tail)."""
    w = np.asarray(weight, start.dtype)
    small = np.abs(w) < 0.5
    d = end - start
    out = np.asarray(fma(np.where(small, w, w - start.dtype.type(1)), d,
                         np.where(small, start, end)))
    differ = (w == 1) & (end == 0)
    if differ.any():
        tail = np.broadcast_to(differ, out.shape) & ~_lerp_lanes(start, end, weight, out.shape)
        out[tail] = np.broadcast_to(fma(-d, start.dtype.type(1) - w, end), out.shape)[tail]
    return out


def _lerp_lanes(start: np.ndarray, end: np.ndarray, weight, shape: tuple) -> np.ndarray:
    """The elements lerp's TensorIterator loop runs vectorised: by vector_lanes when the tensors
    share one layout (a number weight, or one element, is a scalar operand: any layout), else
    by inner_loop."""
    step = 64 // start.itemsize   # whole vectors of 64 bytes (checked on runs of 1 to 70)
    tensors = [t for t in (start, end, weight) if isinstance(t, np.ndarray) and t.size != 1]
    start = tensors[0] if tensors else start
    if all(t.shape == shape and t.strides == start.strides for t in tensors):
        lanes = vector_lanes(start, step)
        return np.zeros(shape, bool) if lanes is None else lanes
    n, vectorized = inner_loop(shape, *(t.shape for t in tensors))
    size = int(np.prod(shape))
    whole = n - n % step if vectorized else 0
    return (np.arange(size) % n < whole).reshape(shape)


def add_scaled(a: np.ndarray, b: np.ndarray, alpha) -> np.ndarray:
    """a + alpha * b, ATen's add kernel with alpha: for floats one fused multiply-add, alpha
    rounded to the tensors' dtype (checked against torch over random float32 tensors of 1 to
    100 elements, the vectorised steps and the scalar tail alike)."""
    if a.dtype.kind == "f":
        return fma(b, a.dtype.type(alpha), a)
    return a + b * alpha


def addcmul(a: np.ndarray, t1: np.ndarray, t2: np.ndarray, value) -> np.ndarray:
    """a + value * t1 * t2 (PointwiseOpsKernel.cpp): value * t1 rounded, then fused with t2 and
    a, in the vectorised steps and the scalar tail alike (checked as add_scaled)."""
    if a.dtype.kind == "f":
        return fma(a.dtype.type(value) * t1, t2, a)
    return a + value * t1 * t2


def addcdiv(a: np.ndarray, t1: np.ndarray, t2: np.ndarray, value) -> np.ndarray:
    """a + value * t1 / t2 (PointwiseOpsKernel.cpp): three roundings, nothing fused."""
    return a + (a.dtype.type(value) * t1) / t2


def cross(a: np.ndarray, b: np.ndarray, dim: int) -> np.ndarray:
    """The cross product along `dim` as CrossKernel.cpp's apply_cross computes it, into a
    contiguous result: each component a_p·b_q - a_q·b_p compiled to one fused multiply-add,
    fma(a_p, b_q, -(a_q·b_p)) (checked against torch on 2,000 random rows of either dtype)."""
    dtype = np.result_type(a, b)
    shape = np.broadcast_shapes(a.shape, b.shape)
    a, b = (np.moveaxis(np.broadcast_to(x.astype(dtype, copy=False), shape), dim, 0)
            for x in (a, b))
    out = np.empty(shape, dtype)
    parts = np.moveaxis(out, dim, 0)
    for k, (p, q) in enumerate(((1, 2), (2, 0), (0, 1))):
        other = a[q] * b[p]
        parts[k] = fma(a[p], b[q], -other) if dtype.kind == "f" else a[p] * b[q] - other
    return out


# ---- pow (aten/src/ATen/native/cpu/PowKernel.cpp) ------------------------------------------
# SLEEF's double-float arithmetic (src/libm/df.h, FMA variants), on exact float32 FMAs
def _fma(a, b, c) -> np.ndarray:
    return _exact_fma32(np.asarray(a, F32), np.asarray(b, F32), np.asarray(c, F32))


def _df_add2(xh, xl, yh, yl):
    """dfadd2: (xh, xl) + (yh, yl) without assuming |x| >= |y| (a None part is absent)."""
    s = (xh + yh).astype(F32)
    v = (s - xh).astype(F32)
    t = ((xh - (s - v)) + (yh - v)).astype(F32)
    low = xl if yl is None else yl if xl is None else (xl + yl).astype(F32)
    return s, t if low is None else (t + low).astype(F32)


def _df_add(xh, xl, yh, yl):
    """dfadd: (xh, xl) + (yh, yl) for |x| >= |y|."""
    s = (xh + yh).astype(F32)
    return s, (((xh - s) + yh) + (xl + yl)).astype(F32)


def _df_mul(xh, xl, y):
    s = (xh * y).astype(F32)
    return s, _fma(xl, y, _fma(xh, y, -s))


def _df_mul2(xh, xl, yh, yl):
    s = (xh * yh).astype(F32)
    return s, _fma(xh, yl, _fma(xl, yh, _fma(xh, yh, -s)))


def _df_div(nh, nl, dh, dl):
    t = (F32(1) / dh).astype(F32)
    s = (nh * t).astype(F32)
    u = _fma(t, nh, -s)
    v = _fma(-dl, t, _fma(-dh, t, F32(1)))
    return s, _fma(s, v, _fma(nl, t, u))


def _logkf(d: np.ndarray):
    """SLEEF's logkf (AVX512 path): log(d) as a double-float."""
    e = _exponent(d).astype(F32)
    m = np.ldexp(d, -_exponent(d)).astype(F32)
    xh, xl = _df_div(*_df_add2(F32(-1), None, m, None), *_df_add2(F32(1), None, m, None))
    x2h = (xh * xh).astype(F32)
    x2l = _fma(xh + xh, xl, _fma(xh, xh, -x2h))
    t = _fma(F32(0.240320354700088500976562), x2h, F32(0.285112679004669189453125))
    t = _fma(t, x2h, F32(0.400007992982864379882812))
    sh, sl = _df_mul(F32(0.69314718246459960938), F32(-1.904654323148236017e-09), e)
    sh, sl = _df_add(sh, sl, (xh * F32(2)).astype(F32), (xl * F32(2)).astype(F32))
    ch, cl = _df_add2(*_df_mul(x2h, x2l, t), F32(0.66666662693023681640625),
                      F32(3.69183861259614332084311e-09))
    return _df_add(sh, sl, *_df_mul2(*_df_mul2(x2h, x2l, xh, xl), ch, cl))


def _expkf(dh: np.ndarray, dl: np.ndarray) -> np.ndarray:
    """SLEEF's expkf: exp of a double-float, rounded to float."""
    u = ((dh + dl) * F32(1.442695040888963407359924681001892137426645954152985934135449406931))
    q = np.rint(np.nan_to_num(u.astype(F32), nan=0.0, posinf=2.0**30, neginf=-2.0**30))
    q = np.clip(q, -2.0**30, 2.0**30).astype(np.int32)
    qf = q.astype(F32)
    sh, sl = _df_add2(dh, dl, (qf * F32(-0.693145751953125)).astype(F32), None)
    sh, sl = _df_add2(sh, sl, (qf * F32(-1.428606765330187045e-06)).astype(F32), None)
    sh, sl = (sh + sl).astype(F32), ((sh - (sh + sl).astype(F32)) + sl).astype(F32)
    u = F32(0.00136324646882712841033936)
    for c in (0.00836596917361021041870117, 0.0416710823774337768554688,
              0.166665524244308471679688, 0.499999850988388061523438):
        u = _fma(u, sh, F32(c))
    s2h = (sh * sh).astype(F32)
    s2l = _fma(sh + sh, sl, _fma(sh, sh, -s2h))
    th, tl = _df_add(sh, sl, *_df_mul(s2h, s2l, u))
    rh = (F32(1) + th).astype(F32)
    rl = (((F32(1) - rh) + th) + tl).astype(F32)
    out = _ldexp(((rh + rl).astype(F32)), q)
    return np.where(dh < -104, F32(0), out).astype(F32)


def _ldexp(x: np.ndarray, q: np.ndarray) -> np.ndarray:
    """SLEEF's vldexp: x times 2**q in steps that keep the intermediate scales finite."""
    m = q >> 31
    m = (((m + q) >> 6) - m) << 4
    q = q - (m << 2)
    u = (np.clip(m + 127, 0, 255).astype(np.int32) << 23).view(F32)
    x = ((((x * u).astype(F32) * u).astype(F32) * u).astype(F32) * u).astype(F32)
    return (x * ((q + 0x7f).astype(np.int32) << 23).view(F32)).astype(F32)


def sleef_powf(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """SLEEF's xpowf (u10), what ATen's Vectorized<float>::pow runs."""
    x, y = np.broadcast_arrays(np.asarray(x, F32), np.asarray(y, F32))
    ax = np.abs(x)
    yisint = (np.trunc(y) == y) | (np.abs(y) > F32(1 << 24))
    with np.errstate(invalid="ignore"):
        yi = np.where(np.abs(y) < 2.0**31, y, 0).astype(np.int64)
    yisodd = ((yi & 1) == 1) & yisint & (np.abs(y) < F32(1 << 24))
    lh, ll = _logkf(np.where(ax == 0, F32(1), ax))
    result = _expkf(*_df_mul(lh, ll, y))
    result = np.where(np.isnan(result), F32(np.inf), result)
    sign = np.where(x > 0, F32(1), np.where(yisint, np.where(yisodd, F32(-1), F32(1)),
                                             F32(np.nan)))
    result = (result * sign).astype(F32)
    efx = np.where(np.signbit(y), F32(1) - ax, ax - F32(1))   # vmulsign: times y's sign
    result = np.where(np.isinf(y), np.where(efx < 0, F32(0),
                                            np.where(efx == 0, F32(1), F32(np.inf))), result)
    at_edge = np.isinf(x) | (x == 0)
    edge = np.where(np.signbit(y) ^ (x == 0), F32(0), F32(np.inf))
    edge = np.copysign(edge, np.where(yisodd, x, F32(1)))
    result = np.where(at_edge, edge, result)
    result = np.where(np.isnan(x) | np.isnan(y), F32(np.nan), result)
    return np.where((y == 0) | (x == 1), F32(1), result).astype(F32)


# SLEEF's double-double arithmetic (src/libm/dd.h, FMA variants) and its xpow (u10), what
# Vectorized<double>::pow runs
F64 = np.float64


def _fma64(a, b, c) -> np.ndarray:
    a, b, c = np.broadcast_arrays(np.asarray(a, F64), np.asarray(b, F64), np.asarray(c, F64))
    return _exact_fma64(a, b, c)


def _dd_add2(xh, xl, yh, yl):
    """ddadd2: (xh, xl) + (yh, yl) without assuming |x| >= |y| (a None part is absent)."""
    s = xh + yh
    v = s - xh
    t = (xh - (s - v)) + (yh - v)
    low = xl if yl is None else yl if xl is None else xl + yl
    return s, t if low is None else t + low


def _dd_add(xh, xl, yh, yl):
    """ddadd: (xh, xl) + (yh, yl) for |x| >= |y|."""
    s = xh + yh
    return s, ((xh - s) + yh) + (xl + yl)


def _dd_mul(xh, xl, y):
    s = xh * y
    return s, _fma64(xl, y, _fma64(xh, y, -s))


def _dd_mul2(xh, xl, yh, yl):
    s = xh * yh
    return s, _fma64(xh, yl, _fma64(xl, yh, _fma64(xh, yh, -s)))


def _dd_sqr(xh, xl):
    s = xh * xh
    return s, _fma64(xh + xh, xl, _fma64(xh, xh, -s))


def _dd_div(nh, nl, dh, dl):
    t = 1.0 / dh
    s = nh * t
    u = _fma64(t, nh, -s)
    v = _fma64(-dl, t, _fma64(-dh, t, 1.0))
    return s, _fma64(s, v, _fma64(nl, t, u))


def _poly(x, x2, x4, x8, coeffs):
    """SLEEF's POLY9/POLY10 (Estrin's scheme of FMAs), coefficients from the highest."""
    def two(c1, c0):
        return _fma64(x, c1, c0)

    def four(c3, c2, c1, c0):
        return _fma64(x2, two(c3, c2), two(c1, c0))

    low = _fma64(x4, four(*coeffs[-8:-4]), four(*coeffs[-4:]))
    high = coeffs[0] if len(coeffs) == 9 else two(coeffs[0], coeffs[1])
    return _fma64(x8, high, low)


def _exponent64(x: np.ndarray) -> np.ndarray:
    """AVX512's getexp(x · 4/3) for float64: the e for which x / 2**e lies in [0.75, 1.5)."""
    scaled = x * (1.0 / 0.75)
    _, e = np.frexp(scaled)
    return np.where(np.isinf(scaled) & np.isfinite(x), 1024, e - 1)


def _logk(d: np.ndarray):
    """SLEEF's logk (AVX512 path): log(d) as a double-double."""
    e = _exponent64(d)
    m = np.ldexp(d, -e)
    e = e.astype(F64)
    xh, xl = _dd_div(*_dd_add2(-1.0, None, m, None), *_dd_add2(1.0, None, m, None))
    x2h, x2l = _dd_sqr(xh, xl)
    x4 = x2h * x2h
    x8 = x4 * x4
    x16 = x8 * x8
    t = _poly(x2h, x4, x8, x16, (0.116255524079935043668677, 0.103239680901072952701192,
                                 0.117754809412463995466069, 0.13332981086846273921509,
                                 0.153846227114512262845736, 0.181818180850050775676507,
                                 0.222222222230083560345903, 0.285714285714249172087875,
                                 0.400000000000000077715612))
    sh, sl = _dd_mul(0.693147180559945286226764, 2.319046813846299558417771e-17, e)
    sh, sl = _dd_add(sh, sl, xh * 2, xl * 2)
    ph, pl = _dd_mul2(x2h, x2l, xh, xl)
    sh, sl = _dd_add(sh, sl, *_dd_mul2(ph, pl, 0.666666666666666629659233,
                                       3.80554962542412056336616e-17))
    ph, pl = _dd_mul2(x2h, x2l, ph, pl)
    return _dd_add(sh, sl, *_dd_mul(ph, pl, t))


def _ldexp2(x: np.ndarray, q: np.ndarray) -> np.ndarray:
    half = q >> 1
    return x * np.ldexp(1.0, half) * np.ldexp(1.0, q - half)


def _expk(dh: np.ndarray, dl: np.ndarray) -> np.ndarray:
    """SLEEF's expk: exp of a double-double, rounded to double."""
    u = (dh + dl) * 1.442695040888963407359924681001892137426645954152985934135449406931
    dq = np.rint(np.nan_to_num(u, nan=0.0, posinf=2.0 ** 30, neginf=-2.0 ** 30))
    dq = np.clip(dq, -2.0 ** 30, 2.0 ** 30)
    q = dq.astype(np.int64)
    sh, sl = _dd_add2(dh, dl, dq * -.693147180559662956511601805686950683593750, None)
    sh, sl = _dd_add2(sh, sl, dq * -.28235290563031577122588448175013436025525412068e-12, None)
    s = sh + sl
    sl = (sh - s) + sl
    sh = s
    s2 = sh * sh
    s4 = s2 * s2
    s8 = s4 * s4
    u = _poly(sh, s2, s4, s8, (2.51069683420950419527139e-08, 2.76286166770270649116855e-07,
                               2.75572496725023574143864e-06, 2.48014973989819794114153e-05,
                               0.000198412698809069797676111, 0.0013888888939977128960529,
                               0.00833333333332371417601081, 0.0416666666665409524128449,
                               0.166666666666666740681535, 0.500000000000000999200722))
    th = 1.0 + sh
    tl = ((1.0 - th) + sh) + sl
    th, tl = _dd_add(th, tl, *_dd_mul(*_dd_sqr(sh, sl), u))
    out = _ldexp2(th + tl, q)
    return np.where(dh < -1000, 0.0, out)


_R_LN2 = 1.442695040888963407359924681001892137426645954152985934135449406931
_L2U = .693147180559662956511601805686950683593750
_L2L = .28235290563031577122588448175013436025525412068e-12
_EXP_POLY = (+0.2081276378237164457e-8, +0.2511210703042288022e-7, +0.2755762628169491192e-6,
             +0.2755723402025388239e-5, +0.2480158687479686264e-4, +0.1984126989855865850e-3,
             +0.1388888888914497797e-2, +0.8333333333314938210e-2, +0.4166666666666602598e-1,
             +0.1666666666666669072e+0)
# xlog_u1's and xlog1p's POLY7 in x² (named apart from glibc log1pf's float32 _LOG1P_POLY)
_LOG_POLY = (0.1532076988502701353e+0, 0.1525629051003428716e+0, 0.1818605932937785996e+0,
             0.2222214519839380009e+0, 0.2857142932794299317e+0, 0.3999999999635251990e+0,
             0.6666666666667333541e+0)
_LN2_DD = (0.693147180559945286226764, 2.319046813846299558417771e-17)


def sleef_exp(d: np.ndarray) -> np.ndarray:
    """SLEEF's xexp (u10, FMA), what ATen's Vectorized<double>::exp runs."""
    d = np.asarray(d, F64)
    if d.size <= FEW:
        return np.array([_exp_one(v) for v in d.ravel().tolist()], F64).reshape(d.shape)
    with np.errstate(all="ignore"):
        u = np.rint(d * _R_LN2)
        q = np.clip(np.nan_to_num(u), -2.0 ** 30, 2.0 ** 30).astype(np.int64)
        s = _fma64(u, -_L2U, d)
        s = _fma64(u, -_L2L, s)
        s2 = s * s
        s4 = s2 * s2
        u = _poly(s, s2, s4, s4 * s4, _EXP_POLY)
        for c in (0.5, 1.0, 1.0):
            u = _fma64(u, s, c)
        u = np.where(d > 709.78271114955742909217217426, np.inf, _ldexp2(u, q))
        return np.where(d < -1000, 0.0, u)


def _exp_tail(a: np.ndarray) -> np.ndarray:
    """std::exp of the elements a vectorised loop leaves: glibc's exp for float64 (NumPy's
    own kernel differs from it in about 3 % of last bits), glibc's expf for float32 (not always
    correctly rounded: torch.sigmoid of single floats differed from 1 / (1 + the rounded exp)
    in 3 of 20,000 randn inputs)."""
    return c_exp(a) if a.dtype == F64 else glibc_expf(a)


# the e^-x of ATen's sigmoid and silu kernels: Vectorized<T>::exp (SLEEF's expf16 and expd8,
# u10) on the whole steps, std::exp on the rest; the steps are x's own (a strided x runs row
# by row, where its negation would be dense)
exp_neg_kernel = by_steps(lambda a: sleef_expf(-a), lambda a: _exp_tail(-a),
                          lambda a: sleef_exp(-a))


def sleef_log1p(d: np.ndarray) -> np.ndarray:
    """SLEEF's xlog1p (u10, AVX512 path), what ATen's Vectorized<double>::log1p runs: as
    sleef_log1pf, e·ln 2 + 2·atanh(m/(2 + m)) with 1 + d = 2**e·(1 + m)."""
    d = np.asarray(d, F64)
    if d.size <= FEW:
        return np.array([_log1p_one(v) for v in d.ravel().tolist()], F64).reshape(d.shape)
    with np.errstate(all="ignore"):
        e = _exponent64(d + 1.0)
        t = np.ldexp(1.0, -np.clip(e, -1100, 1100))
        m = _fma64(d, t, t - 1.0)
        two = 2.0 + m
        xh, xl = _dd_div(m, 0.0, two, (2.0 - two) + m)
        r = _log_of_atanh(e.astype(F64), xh, xl)
        r = np.where(d == np.inf, np.inf, r)
        r = np.where((d < -1) | np.isnan(d), np.nan, r)
        r = np.where(d == -1, -np.inf, r)
        return np.where((d == 0) & np.signbit(d), -0.0, r)


def _log_of_atanh(e, xh, xl) -> np.ndarray:
    """e·ln 2 + 2·atanh(x) for x = xh + xl (double-double), the tail xlog_u1 and xlog1p share:
    2x + x³·POLY7(x²) (Estrin's scheme of FMAs) added to e·ln 2 in double-double."""
    x2 = xh * xh
    x4 = x2 * x2
    c = _LOG_POLY
    t = _fma64(x4 * x4, _fma64(x4, c[0], _fma64(x2, c[1], c[2])),
               _fma64(x4, _fma64(x2, c[3], c[4]), _fma64(x2, c[5], c[6])))
    sh, sl = _dd_mul(*_LN2_DD, e)
    sh, sl = _dd_add(sh, sl, xh * 2, xl * 2)
    sh, sl = _dd_add(sh, sl, x2 * xh * t, 0.0)
    return sh + sl


def sleef_log(d: np.ndarray) -> np.ndarray:
    """SLEEF's xlog_u1 (u10, AVX512 path), what ATen's Vectorized<double>::log runs:
    e·ln 2 + 2·atanh((m - 1)/(m + 1)) with m = getmant(d) in [0.75, 1.5) and e = getexp(d·4/3);
    zero, negative, infinite and nan inputs give the C library's values (AVX512's fixup)."""
    d = np.asarray(d, F64)
    if d.size <= FEW:
        return np.array([_log_one(v) for v in d.ravel().tolist()], F64).reshape(d.shape)
    with np.errstate(all="ignore"):
        f, _ = np.frexp(d)
        m = np.where(f < 0.75, f * 2, f)
        xh, xl = _dd_div(*_dd_add2(-1.0, None, m, None), *_dd_add2(1.0, None, m, None))
        r = _log_of_atanh(_exponent64(d).astype(F64), xh, xl)
        return np.where((d > 0) & (d < np.inf), r, np.log(d))


def _poly_one(x: float, coeffs: tuple, fma=fma64_one) -> float:
    """_poly (POLY10) of one Python float."""
    x2 = x * x
    x4 = x2 * x2
    c = coeffs
    low = fma(x4, fma(x2, fma(x, c[2], c[3]), fma(x, c[4], c[5])),
              fma(x2, fma(x, c[6], c[7]), fma(x, c[8], c[9])))
    return fma(x4 * x4, fma(x, c[0], c[1]), low)


def _exp_one(d: float, fma=fma64_one) -> float:
    """sleef_exp of one Python float, the same steps."""
    if d != d or d > 709.78271114955742909217217426:
        return d + 0.0 if d != d else math.inf   # a nan quieted, its payload kept
    if d < -1000:
        return 0.0
    u = float(round(d * _R_LN2))   # round() has np.rint's ties to even
    s = fma(u, -_L2U, d)
    s = fma(u, -_L2L, s)
    p = _poly_one(s, _EXP_POLY)
    for c in (0.5, 1.0, 1.0):
        p = fma(p, s, c)
    q = int(u)
    half = q >> 1
    return p * 2.0 ** half * 2.0 ** (q - half)


def _log1p_one(d: float, fma=fma64_one) -> float:
    """sleef_log1p of one Python float, the same steps."""
    if not -1 < d < math.inf or d == 0:   # nan, ±0 and the edges, as the array port has them
        return d if d == 0 else math.inf if d > 0 else -math.inf if d == -1 else math.nan
    scaled = (d + 1.0) * (1.0 / 0.75)
    e = 1024 if scaled == math.inf else math.frexp(scaled)[1] - 1   # _exponent64
    t = math.ldexp(1.0, -e)
    m = d * t + (t - 1.0)   # the fused multiply-add: d·t is exact (t is a power of 2)
    two = 2.0 + m
    low = (2.0 - two) + m
    inv = 1.0 / two                     # _dd_div(m, 0, two, low)
    xh = m * inv
    xl = fma(xh, fma(-low, inv, fma(-two, inv, 1.0)), fma(inv, m, -xh))
    return _log_of_atanh_one(e, xh, xl, fma)


def _log_of_atanh_one(e: float, xh: float, xl: float, fma=fma64_one) -> float:
    """_log_of_atanh of Python floats, the same steps."""
    x2 = xh * xh
    x4 = x2 * x2
    c = _LOG_POLY
    poly = fma(x4 * x4, fma(x4, c[0], fma(x2, c[1], c[2])),
               fma(x4, fma(x2, c[3], c[4]), fma(x2, c[5], c[6])))
    sh = _LN2_DD[0] * e                 # _dd_mul(ln 2, e)
    sl = fma(_LN2_DD[1], e, fma(_LN2_DD[0], e, -sh))
    s = sh + xh * 2                     # _dd_add(s, 2x)
    sl = ((sh - s) + xh * 2) + (sl + xl * 2)
    y = x2 * xh * poly
    r = s + y                           # _dd_add(s, y)
    return r + (((s - r) + y) + sl)


def _log_one(d: float, fma=fma64_one) -> float:
    """sleef_log of one Python float, the same steps."""
    if not 0 < d < math.inf:   # the C library's log, as the array port takes it
        with np.errstate(all="ignore"):
            return float(np.log(np.float64(d)))
    f, _ = math.frexp(d)
    m = f * 2 if f < 0.75 else f        # getmant: m - 1 is exact
    scaled = d * (1.0 / 0.75)
    e = 1024 if scaled == math.inf else math.frexp(scaled)[1] - 1   # _exponent64
    dh = 1.0 + m                        # _dd_add2(1, m)
    v = dh - 1.0
    dl = (1.0 - (dh - v)) + (m - v)
    inv = 1.0 / dh                      # _dd_div(m - 1, 0, dh, dl)
    xh = (m - 1.0) * inv
    xl = fma(xh, fma(-dl, inv, fma(-dh, inv, 1.0)), fma(inv, m - 1.0, -xh))
    return _log_of_atanh_one(float(e), xh, xl, fma)


def sleef_pow(x: np.ndarray, y) -> np.ndarray:
    """SLEEF's xpow (u10), what ATen's Vectorized<double>::pow runs."""
    x, y = np.broadcast_arrays(np.asarray(x, F64), np.asarray(y, F64))
    ax = np.abs(x)
    yisint = np.trunc(y) == y
    yisodd = yisint & (np.rint(y * 0.5) != y * 0.5) & (np.abs(y) < 2.0 ** 53)
    with np.errstate(all='ignore'):
        dh, dl = _dd_mul(*_logk(np.where(ax == 0, 1.0, ax)), y)
        result = _expk(dh, dl)
        result = np.where(dh > 709.78271114955742909217217426, np.inf, result)
        sign = np.where(x > 0, 1.0, np.where(yisint, np.where(yisodd, -1.0, 1.0), np.nan))
        result = result * sign
        efx = np.where(np.signbit(y), 1.0 - ax, ax - 1.0)
        result = np.where(np.isinf(y), np.where(efx < 0, 0.0, np.where(efx == 0, 1.0, np.inf)),
                          result)
        edge = np.where(np.signbit(y) ^ (x == 0), 0.0, np.inf)
        edge = np.copysign(edge, np.where(yisodd, x, 1.0))
        result = np.where(np.isinf(x) | (x == 0), edge, result)
        result = np.where(np.isnan(x) | np.isnan(y), np.nan, result)
        return np.where((y == 0) | (x == 1), 1.0, result)


# TensorIterator's vectorised loop takes two vectors a step: 32 float32 or 16 float64 (AVX512)
POW_STEP = {np.dtype(np.float32): 32, np.dtype(np.float64): 16}


def inner_loop(shape: tuple, *inputs: tuple) -> tuple[int, bool]:
    """TensorIterator's innermost loop over an output of `shape` (contiguous) for contiguous
    inputs of the given shapes, broadcast to it: its length once dims are coalesced, and
    whether cpu_kernel_vec runs it vectorized (every input contiguous along it, or one of them
    a scalar there and the others contiguous); otherwise each element goes the scalar way."""
    nd = len(shape)
    strides = []
    for s in (shape, *inputs):
        s = (1,) * (nd - len(s)) + tuple(s)
        st, step = [0] * nd, 1
        for d in range(nd - 1, -1, -1):
            if s[d] != 1:
                st[d], step = step, step * s[d]
        strides.append(st)
    dims = [d for d in range(nd) if shape[d] != 1]
    if not dims:
        return 1, True
    inner = [st[dims[-1]] for st in strides]
    size = shape[dims[-1]]
    for d in reversed(dims[:-1]):   # TensorIterator's coalescing of an outer dim into the run
        if any(st[d] != run * size for st, run in zip(strides, inner)):
            break
        size *= shape[d]
    contiguous = [x == 1 for x in inner[1:]]
    scalar = [x == 0 for x in inner[1:]]
    vectorized = all(contiguous) or any(
        scalar[i] and all(c for j, c in enumerate(contiguous) if j != i)
        for i in range(len(contiguous)))
    return size, vectorized


def _in_steps(vectorized, scalar, a: np.ndarray, b) -> np.ndarray:
    """A binary kernel as TensorIterator runs it on contiguous operands: in each inner loop,
    `vectorized` on whole steps and `scalar` on the rest (a broadcast can make that loop short:
    x.unsqueeze(-1).pow(torch.tensor([1, 2, 3])) runs 3 elements a loop, all scalar)."""
    n, vectorizable = inner_loop(np.broadcast_shapes(np.shape(a), np.shape(b)), np.shape(a),
                                 np.shape(b))
    a, b = np.broadcast_arrays(a, b)
    flat_a, flat_b = a.reshape(-1), b.reshape(-1)
    step = POW_STEP[a.dtype]
    if vectorizable and n == flat_a.size:   # one loop: the steps are a prefix
        whole = n - n % step
        out = np.empty(flat_a.size, a.dtype)
        out[:whole] = vectorized(flat_a[:whole], flat_b[:whole])
        out[whole:] = scalar(flat_a[whole:], flat_b[whole:])
        return out.reshape(a.shape)
    steps = (np.arange(flat_a.size) % n < n - n % step) if vectorizable else \
        np.zeros(flat_a.size, bool)
    out = np.empty(flat_a.size, a.dtype)
    if steps.any():
        out[steps] = vectorized(flat_a[steps], flat_b[steps])
    out[~steps] = scalar(flat_a[~steps], flat_b[~steps])
    return out.reshape(a.shape)


def pow_scalar(a: np.ndarray, exponent) -> np.ndarray:
    """torch.pow(tensor, number) for float tensors (pow_tensor_scalar_kernel): the exponents
    ATen special-cases, else SLEEF's pow on whole vector steps and the C library on the rest."""
    if a.dtype not in POW_STEP or isinstance(exponent, complex):
        return np.power(a, exponent)
    e = float(exponent)
    one = a.dtype.type(1)
    special = {0.0: lambda: np.ones_like(a), 1.0: lambda: a.copy(), 2.0: lambda: a * a,
               3.0: lambda: a * a * a, -1.0: lambda: one / a,
               -0.5: lambda: one / np.sqrt(a), 0.5: lambda: vml.sqrt(a)}
    if e in special:
        return special[e]()
    if e == -2.0:
        if a.dtype == np.float64:
            return one / (a * a)
        return _in_steps(lambda v, _: F32(1) / (v * v),
                         lambda v, _: (1.0 / (v * v).astype(np.float64)).astype(F32), a, e)
    return pow_tensor(a, np.asarray(e, a.dtype) if a.dtype == np.float64 else e)


def pow_tensor(a: np.ndarray, b) -> np.ndarray:
    """torch.pow(tensor, tensor) for floats: SLEEF's pow on whole steps, C's on the rest."""
    if a.dtype == np.float32:
        return _in_steps(sleef_powf, _powf, a, b)
    if a.dtype == np.float64:
        return _in_steps(sleef_pow, _c_pow, a, b)
    return _power(a, b)


def _power(base, exponent) -> np.ndarray:
    """np.power, with ATen's powi for a negative integer exponent (NumPy refuses it): 1 for a
    base of 1, ±1 for -1 by the exponent's parity, else 0."""
    base, exponent = np.asarray(base), np.asarray(exponent)
    if exponent.dtype.kind not in "iu" or base.dtype.kind not in "iub" or not (exponent < 0).any():
        return np.power(base, exponent)
    raised = np.power(base, np.maximum(exponent, 0))
    negative = np.where(base == 1, 1, np.where(base == -1, np.where(exponent % 2 == 0, 1, -1), 0))
    return np.where(exponent < 0, negative, raised).astype(raised.dtype)


def _powf(x: np.ndarray, y) -> np.ndarray:
    # glibc's powf (ATen's scalar loop) is correctly rounded but for ties closer than its
    # ~2^-40 working accuracy; NumPy's own float32 power is not, so go through float64
    return np.power(np.asarray(x, np.float64), np.asarray(y, np.float64)).astype(F32)


def _c_pow(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """C's pow (glibc; NumPy's float64 power differs from it in ~5 % of results) on the few
    elements of a scalar tail: math.pow is that function, its exceptions C's results."""
    return np.array([_c_pow1(float(u), float(v)) for u, v in zip(x, y)], F64)


def _c_pow1(x: float, y: float) -> float:
    odd = y == int(y) and int(y) % 2 == 1 if math.isfinite(y) else False
    try:
        return math.pow(x, y)
    except OverflowError:
        return -math.inf if x < 0 and odd else math.inf
    except ValueError:   # a negative base to a fractional power, or zero to a negative one
        return math.nan if x != 0 else math.copysign(math.inf, x if odd else 1.0)


# ---- maximum and minimum: which operand a tie of zeros gives -----------------------------------
STEP_BYTES = 64   # the binary kernels' vectorized loop: two AVX2 vectors a step


def vector_steps(shape: tuple, a: np.ndarray, b: np.ndarray) -> np.ndarray | None:
    """A mask (of `shape`) of the elements cpu_kernel_vec reaches in whole vector steps, or None
    for none: TensorIterator coalesces the dims across which every operand is contiguous into
    one inner loop, vectorized when each input is contiguous or one value along it (not both
    one value) and the output contiguous; the rest of a loop goes one element at a time."""
    dims = [d for d, n in enumerate(shape) if n != 1]
    if not dims or a.dtype.kind != "f":
        return None
    itemsize = a.dtype.itemsize
    out = [itemsize * math.prod(shape[d + 1:]) for d in range(len(shape))]
    strides = [np.broadcast_to(x, shape).strides for x in (a, b)] + [out]
    n, inner = shape[dims[-1]], [s[dims[-1]] for s in strides]
    first = dims[-1]
    for d in reversed(dims[:-1]):
        if any(s[d] != n * st for s, st in zip(strides, inner)):
            break
        n, first = n * shape[d], d
    if inner[2] != itemsize or sorted(inner[:2]) not in ([itemsize, itemsize], [0, itemsize]):
        return None
    steps = n - n % (STEP_BYTES // itemsize)
    if steps == 0:
        return None
    inside = math.prod(shape[first:])
    return (np.arange(math.prod(shape)) % inside < steps).reshape(shape)


def extremum(pick, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """maximum or minimum (`pick`: the scalar loop's std::max/min, which keeps `a` on a tie) as
    ATen's kernel: its vector steps' vmaxpd/vminpd give the second operand of a tie, so that
    max(0., -0.) is -0. there and 0. in the rest."""
    out = pick(a, b)
    mask = vector_steps(out.shape, a, b)
    if mask is None:
        return out
    return np.where(mask & (a == b), b, out).astype(out.dtype, copy=False)


# ---- atan2: glibc's atan2f (fdlibm's e_atan2f.c and s_atanf.c, in float arithmetic) ---------
_ATANHI = np.array([4.6364760399e-01, 7.8539812565e-01, 9.8279368877e-01, 1.5707962513e+00], F32)
_ATANLO = np.array([5.0121582440e-09, 3.7748947079e-08, 3.4473217170e-08, 7.5497894159e-08],
                   F32)
_AT = [F32(v) for v in (3.3333334327e-01, -2.0000000298e-01, 1.4285714924e-01,
                        -1.1111110449e-01, 9.0908870101e-02, -7.6918758452e-02,
                        6.6610731184e-02, -5.8335702866e-02, 4.9768779427e-02,
                        -3.6531571299e-02, 1.6285819933e-02)]
_PI_O_4, _PI_O_2, _PI, _PI_LO, _TINY = (F32(7.8539818525e-01), F32(1.5707963705e+00),
                                        F32(3.1415927410e+00), F32(-8.7422776573e-08),
                                        F32(1e-30))


def glibc_atanf(x: np.ndarray) -> np.ndarray:
    """glibc's atanf: four reduction intervals around atan(0.5), atan(1), atan(1.5), π/2."""
    x = np.asarray(x, F32)
    hx = x.view(np.int32)
    ix = hx & 0x7fffffff
    ax, one = np.abs(x), F32(1)
    reduced = ((F32(2) * ax - one) / (F32(2) + ax), (ax - one) / (ax + one),
               (ax - F32(1.5)) / (one + F32(1.5) * ax), -one / ax)
    interval = np.select([ix < 0x3ee00000, ix < 0x3f300000, ix < 0x3f980000, ix < 0x401c0000],
                         [-1, 0, 1, 2], 3)
    xr = np.select([interval == k for k in (-1, 0, 1, 2)], [x, *reduced[:3]],
                   reduced[3]).astype(F32)
    z = xr * xr
    w = z * z
    s1 = z * (_AT[0] + w * (_AT[2] + w * (_AT[4] + w * (_AT[6] + w * (_AT[8] + w * _AT[10])))))
    s2 = w * (_AT[1] + w * (_AT[3] + w * (_AT[5] + w * (_AT[7] + w * _AT[9]))))
    k = np.maximum(interval, 0)
    near = _ATANHI[k] - ((xr * (s1 + s2) - _ATANLO[k]) - xr)
    out = np.where(interval < 0, xr - xr * (s1 + s2), np.where(hx < 0, -near, near))
    edge = _ATANHI[3] + _ATANLO[3]
    out = np.where(ix >= 0x4c000000, np.where(hx > 0, edge, -edge), out)
    out = np.where(ix < 0x31000000, x, out)
    return np.where(ix > 0x7f800000, x + x, out).astype(F32)


def glibc_atan2f(y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """glibc's atan2f: atanf(|y/x|) placed in its quadrant, with fdlibm's special cases."""
    y, x = np.broadcast_arrays(np.asarray(y, F32), np.asarray(x, F32))
    hx, hy = x.view(np.int32), y.view(np.int32)
    ix, iy = hx & 0x7fffffff, hy & 0x7fffffff
    m = ((hy >> 31) & 1) | ((hx >> 30) & 2)   # 2·sign(x) + sign(y)
    k = (iy - ix) >> 23
    z = np.where(k > 60, _PI_O_2 + F32(0.5) * _PI_LO,
                 np.where((hx < 0) & (k < -60), F32(0), glibc_atanf(np.abs(y / x))))
    z = z.astype(F32)
    out = np.select([m == 0, m == 1, m == 2], [z, -z, _PI - (z - _PI_LO)], (z - _PI_LO) - _PI)
    half = np.where(hy < 0, -_PI_O_2 - _TINY, _PI_O_2 + _TINY)
    out = np.where(iy == 0x7f800000, half, out)
    both = np.select([m == 0, m == 1, m == 2], [_PI_O_4 + _TINY, -_PI_O_4 - _TINY,
                                                F32(3) * _PI_O_4 + _TINY], F32(-3) * _PI_O_4 - _TINY)
    level = np.select([m == 0, m == 1, m == 2], [F32(0), F32(-0.0), _PI + _TINY], -_PI - _TINY)
    out = np.where(ix == 0x7f800000, np.where(iy == 0x7f800000, both, level), out)
    out = np.where(ix == 0, half, out)
    out = np.where(iy == 0, np.select([m < 2, m == 2], [y, _PI + _TINY], -_PI - _TINY), out)
    out = np.where(hx == 0x3f800000, glibc_atanf(y), out)
    return np.where((ix > 0x7f800000) | (iy > 0x7f800000), x + y, out).astype(F32)


def atan2(y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """torch.atan2 as atan2_kernel runs it: Vectorized::atan2 (SLEEF's u10, not ported:
    NumPy's arctan2 stands in) on whole steps of equal, contiguous operands, the C library's
    atan2f (float32) or atan2 (float64, NumPy's) on the rest."""
    if y.dtype != F32:
        return np.arctan2(y, x)
    with np.errstate(all="ignore"):
        if y.shape != x.shape or not (y.flags.c_contiguous and x.flags.c_contiguous):
            return glibc_atan2f(y, x)
        lanes = vector_lanes(y)
        if lanes is None:
            return glibc_atan2f(y, x)
        out = np.empty(y.shape, F32)
        out[lanes] = np.arctan2(y[lanes], x[lanes])
        out[~lanes] = glibc_atan2f(y[~lanes], x[~lanes])
        return out
