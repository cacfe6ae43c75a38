"""Intel MKL's vector math (VML) as PyTorch's kernels call it: sqrt, sin, cos, log, exp, tanh."""
from __future__ import annotations

import base64
import decimal
import functools
import math
import struct
import zlib

import numpy as np

from . import vml_data

F32 = np.float32

# torch.sqrt of a float32 tensor calls MKL's vsSqrt (aten/src/ATen/cpu/vml.h), whatever its
# size or strides. On the AMD EPYC (Zen 4) the corpus is recorded on, MKL runs its SSE kernel
# (mkl_vml_kernel_sSqrt_EXHAynn, read off the disassembly of libtorch_cpu.so), which is not
# correctly rounded (0.75 ulp at worst; about one result in six differs from NumPy's): an
# rsqrtps estimate y, then s = x·y, h = y/2, t = 1/2 - s·h, s' = s + s·t, h' = h + h·t and
# s' + (x - s'·s')·h', each step rounded to float32, nothing fused. Zero, subnormal, negative,
# non-finite and near-overflow inputs take MKL's exact path (a negative one gives +nan). On an
# Intel CPU MKL would choose another kernel, and rsqrtps itself gives other bits there.
#
# AMD's rsqrtps depends only on the parity of the exponent and the top 12 bits of the mantissa,
# and is exact under scaling by 4: its 8192 values on [1, 4) (read off this CPU), each a
# multiple of 2**-13, are stored as their successive differences (0, -1 or -2 units, plus 8, one
# byte each, zlib-compressed, base64).
_RSQRTPS_STEPS = (
    "eNrdltsOwjAMQ99S//8X88Bg6zV4SdMOxpR6Pk5FNYmk9P7gqKLoZOSTkbdqNPzrMxmwv/irK3gf5xqVFsWfreHM"
    "t/3sZDItij9bw5kvfTnV9dvVLL9aQ+NPslln+5icV+uxzs/nvoYz7+03eFRloIXkozVYPuVXUjQ28808/uvC3Vxx"
    "HqXR81k+2ld5JtzQyZhfrb+yPI6OBsl79/PmkT35vB+njvZX8GTEpKP303XuWetu/dQ8OVmL4sN5kocz3/rJqJZ9"
    "LSTPakzO9/xPEXL2lI1nYU5nf4lXc6jh7Efz+LN5FqyvTBJW38p75yu9eA5FcH7AN+bB+X40X+cdh5UHVKB+8fPB"
    "cKxB8mwewf2wWT8rT/dz7P1EXXqYvDeC8958dD9vv+aPdefW/Gh+t/zu+2n3C5Z78AE=")


def _estimates(steps: tuple, offset: int) -> np.ndarray:
    """A table of estimates stored as steps (each table's comment says how): 1 plus their
    running sums in units of 2**-13, as float32 bit patterns."""
    units = np.frombuffer(zlib.decompress(base64.b64decode("".join(steps))),
                          np.uint8).astype(np.int32) - offset
    return ((8192 + np.cumsum(units)) / 8192).astype(F32).view(np.int32)


@functools.cache
def _table() -> np.ndarray:
    """The 8192 estimates on [1, 4), as float32 bit patterns."""
    return _estimates(_RSQRTPS_STEPS, 8)


def rsqrtps(x: np.ndarray) -> np.ndarray:
    """The rsqrtps estimate of 1/sqrt(x) for positive normal float32 x: the table's value for
    the parity and top mantissa bits, its exponent lowered by half of x's."""
    bits = x.view(np.int32)
    key = ((bits - 0x3F800000) >> 11) & 0x1FFF
    return (_table()[key] - ((((bits >> 23) - 127) >> 1) << 23)).view(F32)


CHUNK = 16384   # lanes at a time: the temporaries stay in the cache
FEW = 16        # up to this many elements, sin and cos go one Python float at a time


def sqrt(x: np.ndarray) -> np.ndarray:
    """torch.sqrt: float32 as MKL computes it (above); float64 correctly rounded (MKL's
    double kernel, which differs in about 1.5 % of results, is not ported)."""
    return _vector({F32: _sqrt32}, np.sqrt, x)


def _vector(kernels: dict, other, x: np.ndarray) -> np.ndarray:
    """The kernel for x's dtype, CHUNK lanes at a time; other(x) for a dtype without one."""
    kernel = kernels.get(x.dtype.type) if x.size else None
    if kernel is None:
        return other(x)
    if x.size <= CHUNK:
        return kernel(x)
    flat = x.reshape(-1)
    out = np.empty(x.size, x.dtype)
    for i in range(0, x.size, CHUNK):
        out[i:i + CHUNK] = kernel(flat[i:i + CHUNK])
    return out.reshape(x.shape)


def _sqrt32(x: np.ndarray) -> np.ndarray:
    bits = x.view(np.uint32)
    usual = (bits >= 0x00800000) & (bits <= 0x7F7FF000)
    y = rsqrtps(np.where(usual, x, F32(1)))
    half = F32(0.5)
    s = x * y
    h = y * half
    t = half - s * h
    s = s * t + s
    h = h * t + h
    out = (x - s * s) * h + s
    if not usual.all():
        # MKL's exact path; a negative number gives the positive quiet nan
        rare = np.where(x < 0, F32(np.nan), np.sqrt(x))
        out = np.where(usual, out, rare)
    return np.asarray(out)


# torch.sin and torch.cos of a float32 tensor call MKL's vsSin and vsCos (vml.h), whatever its
# size or strides, and so does their backward (cos·g, -sin·g). On this machine MKL runs its SSE
# kernels (mkl_vml_kernel_sSin_EXHAynn and sCos_EXHAynn, read off the disassembly of
# libtorch_cpu.so; the AVX kernels give the same bits, the AVX2 and AVX-512 ones, which an Intel
# CPU would run, differ for |x| > 10000). They are not correctly rounded: about 5 % of the
# results differ from glibc's on |x| <= 10000, about 1 % on larger x.
#
# |x| <= 10000: the quadrant n = round(|x|/π) in float32 (a product and the round-to-integer
# shifter; for cos n + ½, from (|x| + π/2)/π), r = |x| - n·π in float64 with π in two parts, and
# the odd polynomial r + r·r²·p(r²) of degree 9 in float64, rounded once to float32; the sign is
# the parity of n (and x's sign, for sin).
_INV_PI = F32(0.31830987334251404)    # float32 1/π
_PI_HALF = F32(1.5707963705062866)    # float32 π/2
_SHIFTER = F32(12582912.0)            # 1.5·2**23: adding it rounds to an integer (its low bits)
_HALF = F32(0.5)
_LARGE = F32(10000.0)


def _f64(bits: int) -> np.float64:
    return np.array(bits, np.uint64).view(np.float64)[()]


def _f32(bits) -> np.ndarray:
    return np.asarray(bits, np.uint32).view(F32)


_PI_HI, _PI_LO = _f64(0x400921FB54440000), _f64(0x3D968C234C4C6629)
_SIN_POLY = tuple(map(_f64, (0x3EC5DBDF0E4C7DEE, 0xBF29F6FFEEA73463, 0x3F8110ED3804CA96,
                             0xBFC55554BC836587)))   # r⁸ ... r² coefficients
_SIGN = np.uint32(0x80000000)


def sin(x: np.ndarray) -> np.ndarray:
    """torch.sin of float32 and float64 as MKL computes them (here and below)."""
    return _vector({F32: functools.partial(_sin_cos32, cosine=False),
                    np.float64: functools.partial(_sin_cos64, cosine=False)}, np.sin, x)


def cos(x: np.ndarray) -> np.ndarray:
    """torch.cos of float32 and float64 as MKL computes them (here and below)."""
    return _vector({F32: functools.partial(_sin_cos32, cosine=True),
                    np.float64: functools.partial(_sin_cos64, cosine=True)}, np.cos, x)


def _sin_cos32(x: np.ndarray, cosine: bool) -> np.ndarray:
    if x.size <= FEW:
        values = x.ravel().tolist()
        if all(abs(v) <= 10000.0 for v in values):   # no nan, no infinity: every one usual
            return np.array([_sin_cos32_one(v, cosine) for v in values], F32).reshape(x.shape)
    a = np.abs(x)
    usual = a <= _LARGE
    a = np.where(usual, a, F32(0))
    if cosine:
        t = (a + _PI_HALF) * _INV_PI + _SHIFTER
        n = (t - _SHIFTER) - _HALF
    else:
        t = a * _INV_PI + _SHIFTER
        n = t - _SHIFTER
    n = n.astype(np.float64)
    r = a.astype(np.float64) - n * _PI_HI
    r = r - n * _PI_LO
    r2 = r * r
    p = _SIN_POLY[0]
    for c in _SIN_POLY[1:]:
        p = p * r2 + c
    y = (p * r2 * r + r).astype(F32).view(np.uint32)
    sign = t.view(np.uint32) << 31
    if not cosine:
        sign = sign ^ (x.view(np.uint32) & _SIGN)
    out = np.asarray(y ^ sign).view(F32)
    if not usual.all():
        rare = ~usual
        out[rare] = _large(x[rare], cosine)
    return out


_PACK, _UNPACK = struct.Struct("<f").pack, struct.Struct("<f").unpack
_PACK_BITS, _UNPACK_BITS = struct.Struct("<I").pack, struct.Struct("<I").unpack
_INV_PI_F, _PI_HALF_F, _SHIFTER_F = float(_INV_PI), float(_PI_HALF), float(_SHIFTER)
_PI_HI_F, _PI_LO_F = float(_PI_HI), float(_PI_LO)
_SIN_POLY_F = tuple(map(float, _SIN_POLY))


def _sin_cos32_one(v: float, cosine: bool) -> float:
    """_sin_cos32 of one float32 with |v| <= 10000, in Python floats: each float32 operation a
    float64 one rounded once (`unpack(pack(x))[0]`), the float64 ones as they are."""
    pack, unpack = _PACK, _UNPACK
    a = abs(v)
    if cosine:
        t = unpack(pack(unpack(pack(unpack(pack(a + _PI_HALF_F))[0] * _INV_PI_F))[0]
                        + _SHIFTER_F))[0]
        n = unpack(pack(unpack(pack(t - _SHIFTER_F))[0] - 0.5))[0]
    else:
        t = unpack(pack(unpack(pack(a * _INV_PI_F))[0] + _SHIFTER_F))[0]
        n = unpack(pack(t - _SHIFTER_F))[0]
    r = a - n * _PI_HI_F
    r = r - n * _PI_LO_F
    r2 = r * r
    p = _SIN_POLY_F[0]
    for c in _SIN_POLY_F[1:]:
        p = p * r2 + c
    y = _UNPACK_BITS(pack(p * r2 * r + r))[0]
    sign = (_UNPACK_BITS(pack(t))[0] & 1) << 31
    if not cosine:
        sign ^= _UNPACK_BITS(pack(v))[0] & 0x80000000
    return unpack(_PACK_BITS(y ^ sign))[0]


# |x| > 10000, inf and nan: x/2π in fixed point, its fraction f (Payne-Hanek: x's 24-bit
# significand times the 96 bits of 1/2π that follow x's exponent, in 16-bit pieces, wrapping
# the integer part away), rounded to f = j/256 + g (the float32 shifter 1.5·2**15); g is taken
# as three float32 pieces, then r = 2π·g as a float32 pair (rh, rl) by split products. Then, all
# in float32, sin(B + r) with B = 2πj/256 from a table of sin B (as a float32 pair) and cos B
# (a power of two plus a float32), and short polynomials for sin r - r and cos r - 1; cos is
# the same with j + 64. inf gives the negative quiet nan, nan is quieted.
_INV_2PI = 0x28BE60DB9391054A7F09D5F47D4D377036D8A5664F10E4107F9458EAF7AEF158   # ⌊2**256/2π⌋
_PI_FIXED = 0x3243F6A8885A308D313198A2E03707344A4093822299F31D0082EFA98EC4E6C89   # ⌊2**256·π⌋
_ONE = 1 << 256
_BITS32 = 0xFFFFFFFF
_LOW16 = 0xFFFF
_TWO_PI_HI, _TWO_PI_LO, _TWO_PI = F32(6.283203125), _f32(0x3795777A), _f32(0x40C90FDB)
_SIN_R = _f32(0x3C08885C), _f32(0xBE2AAAAB)   # sin r ≈ r + r·z·(z·s5 + s3), z = r²
_COS_R = _f32(0x3D2AAA7C), F32(-0.5)          # cos r ≈ 1 + z·(z·c4 + c2)
_TABLE_SHIFTER = F32(49152.0)                 # 1.5·2**15: rounds to a multiple of 1/256
_NEG_NAN = _f32(0xFFC00000)


@functools.cache
def _reduction_words() -> np.ndarray:
    """For each float32 exponent e, the 96 bits of 1/2π after its 2**(54 - e), in three words."""
    windows = [(_INV_2PI >> (310 - e)) & ((1 << 96) - 1) for e in range(256)]
    return np.array([[w >> 64, (w >> 32) & _BITS32, w & _BITS32] for w in windows], np.uint64)


def _round_bits(v: int, bits: int) -> tuple:
    """v·2**-256 rounded to `bits` significant bits (half to even): the float and its exact
    fixed-point value."""
    m = abs(v)
    shift = max(m.bit_length() - bits, 0)
    q, rest = divmod(m, 1 << shift)
    half = 1 << shift >> 1
    if shift and (rest > half or (rest == half and q & 1)):
        q += 1
    q = -q if v < 0 else q
    return q * 2.0 ** (shift - 256), q << shift


def _sin_cos_fixed(theta: int) -> tuple:
    """sin and cos of theta·2**-256 (0 <= theta <= π/2), in the same fixed point (Taylor)."""
    s = c = 0
    term, n = _ONE, 0
    while term:
        if n % 2:
            s += term if n % 4 == 1 else -term
        else:
            c += term if n % 4 == 0 else -term
        n += 1
        term = term * theta // (_ONE * n)
    return s, c


def _sin_cos_points(count: int) -> list:
    """sin B and cos B in fixed point for B = 2πj/count, j < count (a multiple of 4), with
    exact zeros and ones at the quarters."""
    quarter = count // 4
    first = [(0, _ONE)] + [_sin_cos_fixed(_PI_FIXED * 2 * k // count) for k in range(1, quarter)]
    return [((s, c), (c, -s), (-s, -c), (-c, s))[j // quarter]
            for j in range(count) for s, c in [first[j % quarter]]]


def _power_of_two(c: int, up) -> int:
    """The power of two with c's sign next to c that up(|c|, lower power) chooses (0 for 0)."""
    if not c:
        return 0
    low = 1 << (abs(c).bit_length() - 1)
    d = low << 1 if up(abs(c), low) else low
    return d if c > 0 else -d


@functools.cache
def _sin_table() -> np.ndarray:
    """Column j: cos B - d, sin B, its rest, and d, for B = 2πj/256; d is the power of two
    nearest to cos B on the log scale (0 where cos B is; √2/2 goes up)."""
    rows = []
    for s, c in _sin_cos_points(256):
        sin_b, sin_b_fixed = _round_bits(s, 24)
        d = _power_of_two(c, lambda m, low: m * m >= 2 * low * low - (_ONE << 64))
        rows.append([_round_bits(c - d, 24)[0], sin_b, _round_bits(s - sin_b_fixed, 24)[0],
                     d / _ONE])
    return np.array(rows, F32).T.copy()


def _large(x: np.ndarray, cosine: bool) -> np.ndarray:
    bits = x.view(np.uint32).astype(np.uint64)
    sign = bits & 0x80000000
    words = _reduction_words()[(bits >> 23) & 0xFF]
    hi, mid, lo = words[:, 0], words[:, 1], words[:, 2]
    m_hi = ((bits >> 16) & 0x7F) | 0x80   # the significand's top 8 bits, and its low 16
    m_lo = bits & _LOW16
    # the partial products, summed in 16-bit columns with their carries (wrapping as MKL's do)
    lo_hi = m_lo * (mid >> 16)
    lo_lo = m_lo * (mid & _LOW16)
    top_lo = m_lo * (hi & _LOW16)
    a = (((m_lo * (lo >> 16)) & _BITS32) >> 16) + m_hi * (lo >> 16)
    b = (lo_hi >> 16) + m_hi * (mid >> 16)
    c = ((top_lo >> 16) + m_lo * (hi >> 16) + (hi & _LOW16) * m_hi) & _BITS32
    d = (lo_hi & _LOW16) + m_hi * (mid & _LOW16) + (lo_lo >> 16)
    e = (top_lo & _LOW16) + b
    f = (((m_hi * (lo & _LOW16)) >> 16) + (lo_lo & _LOW16) + a) & _BITS32
    g = ((f >> 16) + d) & _BITS32
    h = ((g >> 16) + e) & _BITS32
    top = ((c << 16) + h) & _BITS32
    below = ((g << 16) & _BITS32) | (f & _LOW16)
    # the fraction as 1.f (the sign of x) minus its nearest multiple of 1/256, then two more
    # float32 pieces made the same way (their bits under a fixed exponent, minus it)
    one = _f32(top >> 9 | sign | 0x3F800000)
    shifted = one + _TABLE_SHIFTER
    frac = one - (shifted - _TABLE_SHIFTER)
    exp2 = (sign | 0x34000000).astype(np.uint32)
    second = _f32(((h << 14) & 0x7FC000) | ((below >> 16 & _LOW16) >> 2) | exp2) - _f32(exp2)
    exp3 = (sign | 0x28800000).astype(np.uint32)
    third = _f32(((below << 5) & 0x7FFFE0) | exp3) - _f32(exp3)
    s = second + frac
    s_rest = ((frac - s) + second) + third
    s_hi = _f32(s.view(np.uint32) & np.uint32(0xFFFFF000))
    s_lo = s - s_hi
    head = s_hi * _TWO_PI_HI
    tail = (s_rest * _TWO_PI - s_lo * _TWO_PI_LO) + (s_lo * _TWO_PI_HI - s_hi * _TWO_PI_LO)
    rh = head + tail
    rl = (head - rh) + tail
    z = rh * rh
    j = (shifted.view(np.uint32) + (64 if cosine else 0)) & 0xFF
    cos_rest, sin_b, sin_rest, cos_pow = _sin_table()[:, j]
    cos_b = cos_pow + cos_rest
    rest_r = cos_rest * rh
    pow_r = cos_pow * rh
    near = pow_r + sin_b
    head = rest_r + near
    sin_r = (z * _SIN_R[0] + _SIN_R[1]) * z * rh
    cos_r = (z * _COS_R[0] + _COS_R[1]) * z * sin_b
    err = ((near - head) + rest_r) + ((sin_b - near) + pow_r)
    slope = cos_b - rh * sin_b
    cos_r = cos_r + (rl * slope + sin_rest)
    out = ((slope * sin_r + err) + cos_r) + head
    quiet = (bits | 0x00400000).astype(np.uint32).view(F32)
    return np.where(np.isnan(x), quiet, np.where(np.isinf(x), _NEG_NAN, out))


# float64: MKL's vdSin/vdCos (SSE kernels dSin_EXHAynn, dCos_EXHAynn) for |x| <= 65536: the
# index n = round(|x|·256/π) (the float64 shifter 1.5·2**52 keeps it in the low bits), r = |x| -
# n·π/256 with π/256 in three parts (r and its rest e), then sin(B + r) for B = (n mod 512)·π/256
# from a table of sin B (a float64 and the next 24 bits, truncated) and cos B (a power of two
# plus a float64), with error-free sums and degree 5 and 6 polynomials; cos is the same at n +
# 128. Larger, infinite and nan inputs take MKL's other path (not ported: glibc's there).
_N_PER_PI = _f64(0x40545F306DC9C883)           # 256/π
_SHIFTER64 = _f64(0x4338000000000000)          # 1.5·2**52
_STEP = tuple(map(_f64, (0x3F8921FB54400000, 0x3D60B4611A600000, 0x3B33198A2E037073)))  # π/256
_SIN64_R = _f64(0x3F81110FABB3551C), _f64(0xBFC5555555554448)   # sin r ≈ r + r·z·(z·s5 + s3)
_COS64_R = _f64(0x3F56C16AB163B2D7), _f64(0x3FA5555555554CCF)   # cos r ≈ 1 + z·((c4 - z·c6)·z - ½)
_LARGE64 = _f64(0x40F000000E4DB24C)            # 65536.0035


@functools.cache
def _sin_table64() -> np.ndarray:
    """Column j: cos B - d, d, sin B and the 24 bits of its rest, for B = jπ/256; d is cos B
    rounded to one bit (0 where cos B is)."""
    rows = []
    for s, c in _sin_cos_points(512):
        sin_b, sin_b_fixed = _round_bits(s, 53)
        rest = s - sin_b_fixed
        shift = max(abs(rest).bit_length() - 24, 0)
        rest = math.copysign((abs(rest) >> shift) * 2.0 ** (shift - 256), rest)   # truncated
        d = _power_of_two(c, lambda m, low: 2 * m >= 3 * low)
        rows.append([_round_bits(c - d, 53)[0], d / _ONE, sin_b, rest])
    return np.array(rows).T.copy()


def _sin_cos64(x: np.ndarray, cosine: bool) -> np.ndarray:
    a = np.abs(x)
    usual = a <= _LARGE64
    a = np.where(usual, a, 0.0)
    t = a * _N_PER_PI + _SHIFTER64
    n = t - _SHIFTER64
    r1 = a - n * _STEP[0]
    n2 = n * _STEP[1]
    r = r1 - n2
    e = ((r1 - r) - n2) - n * _STEP[2]
    j = (t.view(np.uint64) + (128 if cosine else 0)) & 0x1FF
    cos_rest, cos_pow, sin_b, sin_rest = _sin_table64()[:, j]
    cos_b = cos_pow + cos_rest
    pow_r = r * cos_pow
    near = pow_r + sin_b
    near_err = (sin_b - near) + pow_r
    rest_r = cos_rest * r
    head = rest_r + near
    err = ((near - head) + rest_r) + near_err
    z = r * r
    sin_r = ((z * _SIN64_R[0] + _SIN64_R[1]) * z) * r * cos_b + err
    cos_r = ((_COS64_R[1] - z * _COS64_R[0]) * z - 0.5) * z * sin_b + sin_r
    out = np.asarray((((cos_b - sin_b * r) * e + sin_rest) + cos_r) + head)
    if not cosine:
        out = np.asarray(out.view(np.uint64) ^ (x.view(np.uint64) & np.uint64(1 << 63))).view(
            np.float64)
    if not usual.all():
        rare = ~usual
        with np.errstate(invalid="ignore"):   # inf
            out[rare] = (np.cos if cosine else np.sin)(x[rare])
    return out


# ---- log (vsLn, vdLn) --------------------------------------------------------------------------
# torch.log of a float32 tensor calls MKL's vsLn (vml.h), whatever its size or strides; here MKL
# runs mkl_vml_kernel_sLn_EXHAynn (gdb on libtorch_cpu.so, breaking on every sLn kernel while
# torch.log ran). Read off its disassembly: no table, all in float32, nothing fused. x = 2**k·m
# with m in [2/3, 4/3) (the bits of x minus those of 2/3: k is their top, m their low 23 bits
# over 2/3's), r = m - 1 (exact), r + r·r·p(r) with p of degree 8 by Horner's rule (its first
# step c1 - r·c0), then k·ln2_lo added first and k·ln2_hi last. Zero, subnormal, negative and
# non-finite inputs take MKL's rare path: ±0 gives -inf, a negative number and -inf the
# positive quiet nan, +inf itself, a nan x·x (quieted); a subnormal is computed in float64 with
# a table and rounded once, which is the correctly rounded result on all 2**23 of them.
_LN_POLY = _f32([0x3E0402C8, 0x3E0F335D, 0xBDF9889E, 0x3E0F6B8C, 0xBE2ACEE6, 0x3E4CE814,
                 0xBE7FFF78, 0x3EAAAA83, 0xBF000000])   # c0 (subtracted), c1 ... c8
_LN2_HI, _LN2_LO = _f32(0x3F317200), _f32(0x35BFBE8E)
_TWO_THIRDS = np.int32(0x3F2AAAAB)


def log(x: np.ndarray) -> np.ndarray:
    """torch.log of float32 and float64 as MKL computes them (above and below)."""
    return _vector({F32: _log32, np.float64: _log64}, _log_other, x)


def _log_other(x: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.log(x)


def _log32(x: np.ndarray) -> np.ndarray:
    if x.size <= FEW:
        values = x.ravel().tolist()
        if all(_TINY32 <= v <= _HUGE32 for v in values):   # no nan: every one usual
            return np.array([_log32_one(v) for v in values], F32).reshape(x.shape)
    bits = x.view(np.int32)
    usual = (bits >= 0x00800000) & (bits < 0x7F800000)
    t = np.where(usual, bits, np.int32(0x3F800000)) - _TWO_THIRDS
    k = (t >> 23).astype(F32)
    r = ((t & 0x7FFFFF) + _TWO_THIRDS).view(F32) - F32(1)
    p = _LN_POLY[1] - r * _LN_POLY[0]
    for c in _LN_POLY[2:]:
        p = p * r + c
    p = p * r * r + r
    out = np.asarray(k * _LN2_HI + (k * _LN2_LO + p))
    if not usual.all():
        rare = ~usual
        out[rare] = _log_rare(x[rare])
    return out


def _log_rare(x: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        out = np.log(x.astype(np.float64)).astype(x.dtype)
    out[x == 0] = -np.inf
    out[(x < 0) | (x == -np.inf)] = np.abs(np.array(np.nan, x.dtype))   # the positive quiet nan
    nan = np.isnan(x)
    out[nan] = x[nan] * x[nan]
    return out


# float64: MKL's vdLn (dLn_EXHAynn, read off the same way). x = 2**(E - 1013)·m with E the biased
# exponent and m in [2**-10, 2**-9); c = round(rcpps(float32(m))), an integer in [512, 1024];
# r = m·c - 1 (m split in its top 26 bits and the rest: the first product is exact), and log x
# = E·ln2_hi + A_c + r (error-free sum) + E·ln2_lo + B_c + a degree 5 polynomial in r, where
# A_c + B_c = -1013·ln 2 - ln c. MKL's table of the 513 pairs is stored as each entry's distance,
# in units in its last place, from the float64 nearest to that value (A) and to what A leaves
# (B), offset by 14800 and 130 to fit a byte (513 bytes each, zlib-compressed, base64); the
# exact values are computed here with 60 digits. The rare inputs go as for float32, a subnormal
# to NumPy's log (MKL's rare path is not ported: 2 of 250,000 random subnormals differ).
_VDLN_STEPS = (
    "eNqdkdluQ0EIQ6X2mdXM//9qD4kqVUpv0mYeZgNsYz4yvFPumeNTUrZbuXnfvjOr5FJVTkqWzh42qmlLZbU2NQeEU8"
    "6bH010Z5obgMcszIfCiCzgezxMMAA0NbXRsuqEr8MpnjSbqE2MUPQikIE2l1dHhx1NeUzwRtsecZpalx0EeFMg5296"
    "MzIXkkULtZjH4CECeaHVttUoa914Z73IQ8u5fMUONd3aVhBFi7uDEMKuSPcakGIlC5Y5jUep2Oy0PnSMq6cr6W4dRa"
    "UV2d2nbFoIHkYBFlYh32utRRaRHuQe3KTcmE8hcgV74AEIjgUNP1NBDgOxqvL1MQClAa2dwWhmq/F53T6DW1Of3bDf"
    "18/z+/6fpafPp/l6UfMI/TeB0gWSXmv8VZOeNaiLkN538sEjXQHqvXl9AYbQRYk=")
_LN2_HI64, _LN2_LO64 = _f64(0x3FE62E42FEFA0000), _f64(0x3D7CF79ABC9E0000)
_LN64_POLY = tuple(map(_f64, (0x3FC9999CACDB4D0A, 0xBFD0000148058EE1, 0x3FD55555555543C5,
                              0xBFDFFFFFFFFFF81F)))
_MANTISSA64 = np.uint64(0x000FFFFFFFFFFFFF)
_TOP26 = np.uint64(0x3F5FFFFFFC000000)


@functools.cache
def _vdln_table() -> np.ndarray:
    """Row c - 512: A_c and B_c."""
    from decimal import Decimal, localcontext
    from fractions import Fraction
    units = np.frombuffer(zlib.decompress(base64.b64decode("".join(_VDLN_STEPS))), np.uint8)
    ln2 = Fraction(float(_LN2_HI64)) + Fraction(float(_LN2_LO64))
    rows = []
    with localcontext() as context:
        context.prec = 60
        for k in range(513):
            value = -1013 * ln2 - Fraction(Decimal(512 + k).ln())
            a = float(value)
            a += (int(units[k]) + 14800) * math.ulp(a)
            b = float(value - Fraction(a))
            rows.append((a, b + (int(units[513 + k]) + 130) * math.ulp(b)))
    return np.array(rows)


def _log64(x: np.ndarray) -> np.ndarray:
    if x.size <= FEW:
        values = x.ravel().tolist()
        if all(_TINY64_F <= v <= _HUGE64_F for v in values):   # no nan: every one usual
            return np.array([_log64_one(v) for v in values]).reshape(x.shape)
    bits = x.view(np.uint64)
    usual = (x >= _TINY64) & (x <= _HUGE64)
    bits = np.where(usual, bits, np.uint64(0x3FF0000000000000))
    m = ((bits & _MANTISSA64) | np.uint64(0x3F50000000000000)).view(np.float64)
    c = rcpps(m.astype(F32)).astype(np.float64)
    c = (c + _SHIFTER64) - _SHIFTER64
    e = (bits >> np.uint64(52)).astype(np.float64)
    m_hi = (m.view(np.uint64) & _TOP26).view(np.float64)
    r = (m_hi * c - 1.0) + (m - m_hi) * c
    pairs = _vdln_table()[c.astype(np.intp) - 512]
    a, b = pairs[..., 0], pairs[..., 1]
    s = e * _LN2_HI64 + a
    hi = s + r
    err = (s - hi) + r
    z = r * r
    p = ((r * _LN64_POLY[0] + _LN64_POLY[1]) * z + (r * _LN64_POLY[2] + _LN64_POLY[3])) * z
    out = np.asarray(((err + (e * _LN2_LO64 + b)) + p) + hi)
    if not usual.all():
        rare = ~usual
        out[rare] = _log_rare(x[rare])
    return out


_TINY64, _HUGE64 = np.finfo(np.float64).tiny, np.finfo(np.float64).max
_TINY64_F, _HUGE64_F = float(_TINY64), float(_HUGE64)
_LN64_POLY_F = tuple(map(float, _LN64_POLY))
_LN2_HI64_F, _LN2_LO64_F, _SHIFTER64_F = float(_LN2_HI64), float(_LN2_LO64), float(_SHIFTER64)


@functools.cache
def _vdln_rows() -> list:
    return _vdln_table().tolist()


def _log64_one(v: float) -> float:
    """_log64 of one positive normal float64, in Python floats (float64 operations as they are;
    rcpps from its table, as rcpps)."""
    bits = _UNPACK64_BITS(_PACK64(v))[0]
    m = _UNPACK64(_PACK64_BITS((bits & 0x000FFFFFFFFFFFFF) | 0x3F50000000000000))[0]
    m32 = _UNPACK_BITS(_PACK(m))[0]
    rcp = math.ldexp(_rcpps_floats()[(m32 >> 11) & 0xFFF], 127 - (m32 >> 23))
    c = (rcp + _SHIFTER64_F) - _SHIFTER64_F
    e = float(bits >> 52)
    m_hi = _UNPACK64(_PACK64_BITS(_UNPACK64_BITS(_PACK64(m))[0] & 0x3F5FFFFFFC000000))[0]
    r = (m_hi * c - 1.0) + (m - m_hi) * c
    a, b = _vdln_rows()[int(c) - 512]
    s = e * _LN2_HI64_F + a
    hi = s + r
    z = r * r
    c0, c1, c2, c3 = _LN64_POLY_F
    p = ((r * c0 + c1) * z + (r * c2 + c3)) * z
    return ((((s - hi) + r) + (e * _LN2_LO64_F + b)) + p) + hi


_TINY32 = float(_f32(0x00800000))     # the least normal float32
_HUGE32 = float(_f32(0x7F7FFFFF))     # the greatest finite one
_LN_POLY_F = tuple(map(float, _LN_POLY))
_LN2_HI_F, _LN2_LO_F = float(_LN2_HI), float(_LN2_LO)


def _log32_one(v: float) -> float:
    """_log32 of one normal positive float32, in Python floats (as _sin_cos32_one)."""
    pack, unpack = _PACK, _UNPACK
    t = _UNPACK_BITS(pack(v))[0] - 0x3F2AAAAB
    k = float(t >> 23)
    r = unpack(_PACK_BITS((t & 0x7FFFFF) + 0x3F2AAAAB))[0] - 1.0
    c = _LN_POLY_F
    p = unpack(pack(c[1] - unpack(pack(r * c[0]))[0]))[0]
    for ci in c[2:]:
        p = unpack(pack(unpack(pack(p * r))[0] + ci))[0]
    p = unpack(pack(unpack(pack(unpack(pack(p * r))[0] * r))[0] + r))[0]
    low = unpack(pack(unpack(pack(k * _LN2_LO_F))[0] + p))[0]
    return unpack(pack(unpack(pack(k * _LN2_HI_F))[0] + low))[0]


# ---- exp (vsExp, vdExp) and tanh (vsTanh, vdTanh) -----------------------------------------------
# torch.exp and torch.tanh of float32 and float64 tensors call MKL's vsExp/vdExp and
# vsTanh/vdTanh (vml.h, VML_HA), whatever their size or strides. On this machine MKL runs its
# SSE kernels sExp_EXHAynn, dExp_EXHAynn, sTanh_EXHAynn and dTanh_EXHAynn (the dispatcher's
# choice, seen in gdb under mkl_vml_serv_threader_*_1i_1o), read off the disassembly of
# libtorch_cpu.so. (exp2 and expm1 are SLEEF's, not MKL's: kernels/pointwise.py's business.)
#
# float32 exp, |x| <= 87.33654: n = round(x·128/ln 2) by the float32 shifter 1.5·2**23 (its low
# bits), r = x - n·(ln 2/128) with ln 2/128 in two parts, p = r + r²/2, and with (A, B) =
# 2**(j/128) as a float32 pair (j = n mod 128), (p·A + B) + A scaled by 2**(n >> 7): every step
# in float32, nothing fused. Other inputs (near overflow and underflow, inf, nan) take MKL's exact
# path: the float64 exp rounded once.
_EXP32_SCALE = _f32(0x4338AA3B)                                 # 128/ln 2
_EXP32_LN2 = _f32(0x3BB18000), _f32(0x35DE8083)                 # ln 2/128 = hi - lo
_EXP32_USUAL = 0x42AEAC4F                                       # 87.33654
# float64 exp, |x| <= 708.39: the same with 64 steps per octave, the float64 shifter 1.5·2**52,
# ln 2/64 in two parts, p = r + r²·(((c5·r + c4)·r + c3)·r + c2), (p·A + B) + A, and n >> 6
# added to the exponent's bits; other inputs take MKL's exact path (glibc's exp, which agrees).
_EXP64_SCALE = _f64(0x40571547652B82FE)                         # 64/ln 2
_EXP64_LN2 = _f64(0x3F862E42FEFA0000), _f64(0x3D1CF79ABC9E3B3A)  # ln 2/64 = hi + lo
_EXP64_POLY = tuple(map(_f64, (0x3F8111112D9F549B, 0x3FA555573F218B93, 0x3FC555555555653E,
                               0x3FDFFFFFFFFFDB3B)))           # r⁵ ... r² coefficients
_EXP64_USUAL = 0x4086232A                                       # the high word of 708.39
_U64 = np.uint64


def _pow2_pair(count: int, bits: int) -> np.ndarray:
    """Rows (A, B) for j < count: 2**(j/count) rounded to `bits` bits, and the rest so."""
    rows = []
    with decimal.localcontext() as context:
        context.prec = 120
        points = [int(decimal.Decimal(2) ** (decimal.Decimal(j) / count) * _ONE)
                  for j in range(count)]
    for fixed in points:
        head, head_fixed = _round_bits(fixed, bits)
        rows.append([head, _round_bits(fixed - head_fixed, bits)[0]])
    return np.array(rows, F32 if bits == 24 else np.float64).T.copy()


_exp_table32 = functools.cache(lambda: _pow2_pair(128, 24))
_exp_table64 = functools.cache(lambda: _pow2_pair(64, 53))


def exp(x: np.ndarray) -> np.ndarray:
    """torch.exp of float32 and float64 as MKL computes them (above)."""
    return _vector(_EXP_KERNELS, np.exp, x)


def _exp32(x: np.ndarray) -> np.ndarray:
    if x.size <= FEW:
        out = [_exp32_one(v) for v in x.ravel().tolist()]
        if None not in out:
            return np.array(out, F32).reshape(x.shape)
    usual = (x.view(np.uint32) & 0x7FFFFFFF) <= _EXP32_USUAL
    a = np.where(usual, x, F32(0))
    t = a * _EXP32_SCALE + _SHIFTER
    bits = t.view(np.uint32)
    n = t - _SHIFTER
    r = a - n * _EXP32_LN2[0]
    r = n * _EXP32_LN2[1] + r
    p = r * r * _HALF + r
    head, rest = _exp_table32()[:, bits & 127]
    scale = (((bits << 16) + np.uint32(0x3F800000)) & np.uint32(0x7F800000)).view(F32)
    out = np.asarray(((p * head + rest) + head) * scale)
    if not usual.all():
        rare = ~usual
        with np.errstate(over="ignore"):
            out[rare] = np.exp(x[rare].astype(np.float64)).astype(F32)
    return out


_EXP32_SCALE_F, _EXP32_HI_F, _EXP32_LO_F = map(float, (_EXP32_SCALE, *_EXP32_LN2))
_EXP32_LIMIT_F = float(_f32(_EXP32_USUAL))


def _exp32_one(v: float):
    """_exp32 of one float32 (None if it takes the exact path), in Python floats: each float32
    operation a float64 one rounded once, fewer where the rounding cannot matter."""
    if not abs(v) <= _EXP32_LIMIT_F:   # nan fails too
        return None
    pack, unpack = _PACK, _UNPACK
    n = round(unpack(pack(v * _EXP32_SCALE_F))[0])   # the shifter's rounding: half to even
    r = unpack(pack(v - n * _EXP32_HI_F))[0]          # n·hi is exact (15 bits times 9)
    r = unpack(pack(unpack(pack(n * _EXP32_LO_F))[0] + r))[0]
    # halving r² is exact, or leaves a term far below half an ulp of r
    p = unpack(pack(unpack(pack(r * r))[0] * 0.5 + r))[0]
    head, rest = _exp_table32_f()[n & 127]
    y = unpack(pack(unpack(pack(unpack(pack(p * head))[0] + rest))[0] + head))[0]
    return math.ldexp(y, n >> 7)   # exact: rounded once to float32 by the caller, as MKL's product


_exp_table32_f = functools.cache(lambda: _exp_table32().T.tolist())


def _exp64(x: np.ndarray) -> np.ndarray:
    if x.size <= FEW:
        out = [_exp64_one(v) for v in x.ravel().tolist()]
        if None not in out:
            return np.array(out).reshape(x.shape)
    usual = (x.view(_U64) >> _U64(32) & _U64(0x7FFFFFFF)) <= _EXP64_USUAL
    a = np.where(usual, x, 0.0)
    t = a * _EXP64_SCALE + _SHIFTER64
    bits = t.view(_U64)
    n = t - _SHIFTER64
    r = a - n * _EXP64_LN2[0]
    r = r - n * _EXP64_LN2[1]
    c5, c4, c3, c2 = _EXP64_POLY
    p = (((c5 * r + c4) * r + c3) * r + c2) * (r * r) + r
    head, rest = _exp_table64()[:, bits & _U64(63)]
    y = (p * head + rest) + head
    out = np.asarray(y.view(_U64) + ((bits << _U64(46)) & _U64(0xFFF0000000000000))).view(
        np.float64)
    if not usual.all():
        rare = ~usual
        with np.errstate(over="ignore"):
            out[rare] = np.exp(x[rare])
    return out


_PACK64, _UNPACK64 = struct.Struct("<d").pack, struct.Struct("<d").unpack
_PACK64_BITS, _UNPACK64_BITS = struct.Struct("<Q").pack, struct.Struct("<Q").unpack
_EXP64_F = tuple(map(float, (_EXP64_SCALE, _SHIFTER64, *_EXP64_LN2, *_EXP64_POLY)))
_exp_table64_f = functools.cache(lambda: _exp_table64().T.tolist())
_EXP64_LIMIT_F = float(_f64((_EXP64_USUAL + 1) << 32))   # the first high word beyond


def _exp64_one(v: float):
    """_exp64 of one float64 (None if it takes the exact path), in Python floats."""
    if not abs(v) < _EXP64_LIMIT_F:   # nan fails too
        return None
    scale, shifter, hi, lo, c5, c4, c3, c2 = _EXP64_F
    n = v * scale + shifter - shifter
    r = v - n * hi
    r = r - n * lo
    p = (((c5 * r + c4) * r + c3) * r + c2) * (r * r) + r
    n = int(n)
    if n < -65344:   # 2**(n >> 6) might make a subnormal: MKL adds to the exponent's bits
        return None
    head, rest = _exp_table64_f()[n & 63]
    return math.ldexp((p * head + rest) + head, n >> 6)


# float64 tanh: per eighth of an octave of |x| (the exponent and top three mantissa bits select
# the row: one for |x| < 0.1172, one from 20 on), z = |x| + c12 and c1 + c2·z + z²·(c3 + c4·z +
# ... + c11·z⁸), the product c2·z split into 32-bit halves and the sum c1 + c2·z error-free, then
# x's sign. The coefficients are fitted, so they are stored (kernels/vml_data.py). |x| < 2**-511,
# |x| > 2**1023·9/8, inf and nan take MKL's exact path (glibc's tanh agrees; nan is quieted).
# float32 tanh (sTanh_EXHAynn): a polynomial of degree 7 in |x|, in float64, per quarter octave
# of |x| (the exponent and top two mantissa bits select it: one row for |x| < 0.125, one from 12
# on), rounded once to float32, with x's sign; huge x and inf give ±1, nan x + x (quieted).
def _coefficients(text: str, width: int) -> np.ndarray:
    """A table of vml_data, column i (c_i of every row) as row i."""
    raw = zlib.decompress(base64.b64decode("".join(text)))
    return np.frombuffer(raw, "<f8").astype(np.float64).reshape(-1, width).T.copy()


_tanh_table32 = functools.cache(lambda: _coefficients(vml_data.TANH32, 8))
_tanh_table64 = functools.cache(lambda: _coefficients(vml_data.TANH64, 13))
_SPLIT64 = _U64(0xFFFFFFFF00000000)


def tanh(x: np.ndarray) -> np.ndarray:
    """torch.tanh of float32 and float64 as MKL computes them (above)."""
    return _vector(_TANH_KERNELS, np.tanh, x)


# MKL's polynomial is within 2**20 units in the last place of float64 of tanh for |x| < 2
# (2**19.9 at most over every fifth float32 there; up to 2**25 from 2 to 12): it rounds to
# another float32 than tanh only where tanh's float64 lies that close to a float32 rounding
# boundary, which the 29 low bits rounding drops tell. Elsewhere the correctly rounded float32
# is MKL's (np.tanh's float64 is within an ulp), which is cheap: the polynomial runs on the few
# others (under 1 % of elements below 2). Checked equal to the polynomial alone on 255 million
# inputs (every third float32 from 2**-40 to 12, both signs, and randn at six scales) and on
# every subnormal.
_NEAR = 1 << 21
_LOW29 = _U64((1 << 29) - 1)
_NEAR_SHIFT = _U64(_NEAR + (1 << 28))   # the low 29 bits of a float32 midpoint are 1 << 28
_WINDOW = _U64(2 * _NEAR)
# From |x| about 2 (|tanh| 0.96) to 12 the polynomial strays further, at most 2**22.75 units
# from tanh over every float32 there (all 21.8 million, checked against the polynomial): a
# window of 2**24 each side holds it, and past 12 (and for nan) the polynomial runs always.
_FAR = 1 << 24
_FAR_SHIFT = _U64(_FAR + (1 << 28))
_FAR_WINDOW = _U64(2 * _FAR)
_TANH_12 = math.tanh(12.0)


def _tanh32(x: np.ndarray) -> np.ndarray:
    if x.size <= FEW:
        out = _tanh32_few(x.ravel().tolist())
        if out is not None:
            return np.array(out, F32).reshape(x.shape)
    flat = x.reshape(-1)
    t = np.tanh(flat.astype(np.float64))
    size = np.abs(t)
    near = size < 0.96
    risky = ((t.view(_U64) + np.where(near, _NEAR_SHIFT, _FAR_SHIFT)) & _LOW29) < \
        np.where(near, _WINDOW, _FAR_WINDOW)
    risky |= ~(size < _TANH_12)   # |x| from 12, and nan (its sign is x's)
    out = t.astype(F32)
    if np.count_nonzero(risky):
        out[risky] = _tanh32_exact(flat[risky])
    return out.reshape(x.shape)


@functools.cache
def _float64_bits(n: int):
    """Unpack n float64s' bit patterns from their packed bytes, and pack them: one call each."""
    return struct.Struct(f"{n}Q").unpack, struct.Struct(f"{n}d").pack


def _tanh32_few(values: list):
    """_tanh32 of a few float32s, in Python floats (None where one is huge, inf or nan)."""
    t = list(map(math.tanh, values))
    unpack, pack = _float64_bits(len(t))
    for i, bits in enumerate(unpack(pack(*t))):
        size = abs(t[i])
        if (((bits + _NEAR_SHIFT_I) & _LOW29_I) < _WINDOW_I if size < 0.96 else
                ((bits + _FAR_SHIFT_I) & _LOW29_I) < _FAR_WINDOW_I if size < _TANH_12 else True):
            t[i] = _tanh32_one(values[i])
            if t[i] is None:
                return None
    return t


_NEAR_SHIFT_I, _LOW29_I, _WINDOW_I = int(_NEAR_SHIFT), int(_LOW29), int(_WINDOW)
_FAR_SHIFT_I, _FAR_WINDOW_I = int(_FAR_SHIFT), int(_FAR_WINDOW)


def _tanh32_exact(x: np.ndarray) -> np.ndarray:
    if x.size <= FEW:
        out = [_tanh32_one(v) for v in x.ravel().tolist()]
        if None not in out:
            return np.array(out, F32).reshape(x.shape)
    bits = x.view(np.uint32)
    key = (bits & np.uint32(0x7FE00000)).view(np.int32)
    row = np.where(key > 0x41200000, 26, np.maximum(key - 0x3DE00000, 0) >> 21)
    c = _tanh_table32()[:, row]
    a = np.abs(x).astype(np.float64)
    p = c[7]
    for i in range(6, -1, -1):
        p = p * a + c[i]
    out = np.asarray(p.astype(F32).view(np.uint32) | (bits & _SIGN)).view(F32)
    rare = key > 0x7F000000   # huge, inf and nan
    if rare.any():
        out[rare] = np.where(np.isnan(x[rare]), x[rare] + x[rare],
                             np.where(x[rare] < 0, F32(-1), F32(1)))
    return out


_tanh_table32_f = functools.cache(lambda: _tanh_table32().T.tolist())


def _tanh32_one(v: float):
    """_tanh32 of one float32 (None for a huge one, inf or nan), in Python floats."""
    bits = _UNPACK_BITS(_PACK(v))[0]
    key = bits & 0x7FE00000
    if key > 0x7F000000:
        return None
    c0, c1, c2, c3, c4, c5, c6, c7 = _tanh_table32_f()[
        26 if key > 0x41200000 else max(key - 0x3DE00000, 0) >> 21]
    a = abs(v)
    p = ((((((c7 * a + c6) * a + c5) * a + c4) * a + c3) * a + c2) * a + c1) * a + c0
    return math.copysign(_UNPACK(_PACK(p))[0], v)


def _tanh64(x: np.ndarray) -> np.ndarray:
    if x.size <= FEW:
        out = [_tanh64_one(v) for v in x.ravel().tolist()]
        if None not in out:
            return np.array(out).reshape(x.shape)
    key = (x.view(_U64) >> _U64(32)).astype(np.int64) & 0x7FFE0000
    row = np.where(key > 0x40340000, 59, np.maximum(key - 0x3FBE0000, 0) >> 17)
    c = _tanh_table64()[:, row]
    z = np.abs(x) + c[12]
    p = c[11]
    for i in range(10, 2, -1):
        p = p * z + c[i]
    p = p * z * z + c[0]
    c2_hi = (c[2].view(_U64) & _SPLIT64).view(np.float64)
    c2_lo = c[2] - c2_hi
    z_hi = (z.view(_U64) & _SPLIT64).view(np.float64)
    z_lo = z - z_hi
    head = c2_hi * z_hi
    low = (z_hi * c2_lo + (c2_hi * z_lo + c2_lo * z_lo)) + p
    s = c[1] + head
    d = head - s
    err = (head - (s + d)) + (d + c[1])
    y = (err + low) + s
    out = np.asarray(y.view(_U64) | (x.view(_U64) & _U64(1 << 63))).view(np.float64)
    rare = (key < 0x1FF00000) | (key > 0x7FE00000)
    if rare.any():
        out[rare] = np.where(np.isnan(x[rare]), x[rare] + x[rare], np.tanh(x[rare]))
    return out


_SPLIT64_I = 0xFFFFFFFF00000000


@functools.cache
def _tanh_table64_f() -> list:
    """The rows of _tanh_table64 as lists, c2's 32-bit halves appended."""
    table = _tanh_table64()
    c2_hi = (table[2].view(_U64) & _SPLIT64).view(np.float64)
    return np.vstack([table, c2_hi, table[2] - c2_hi]).T.tolist()


def _tanh64_one(v: float):
    """_tanh64 of one float64 (None if it takes the exact path), in Python floats."""
    key = (_UNPACK64_BITS(_PACK64(v))[0] >> 32) & 0x7FFE0000
    if not 0x1FF00000 <= key <= 0x7FE00000:
        return None
    c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c2_hi, c2_lo = _tanh_table64_f()[
        59 if key > 0x40340000 else max(key - 0x3FBE0000, 0) >> 17]
    z = abs(v) + c12
    p = (((((((c11 * z + c10) * z + c9) * z + c8) * z + c7) * z + c6) * z + c5) * z + c4) * z + c3
    p = p * z * z + c0
    z_hi = _UNPACK64(_PACK64_BITS(_UNPACK64_BITS(_PACK64(z))[0] & _SPLIT64_I))[0]
    z_lo = z - z_hi
    head = c2_hi * z_hi
    low = (z_hi * c2_lo + (c2_hi * z_lo + c2_lo * z_lo)) + p
    s = c1 + head
    d = head - s
    err = (head - (s + d)) + (d + c1)
    return math.copysign((err + low) + s, v)


_EXP_KERNELS = {F32: _exp32, np.float64: _exp64}
_TANH_KERNELS = {F32: _tanh32, np.float64: _tanh64}


# ---- atan (vsAtan) -----------------------------------------------------------------------------
# AMD's rcpps depends only on the top 12 bits of the mantissa and is exact under scaling by 2:
# its 4096 values on [1, 2) (read off this CPU by running the instruction on every mantissa),
# each a multiple of 2**-13, are stored as their successive differences from 1 (0 to -4 units,
# plus 4, one byte each, zlib-compressed, base64).
_RCPPS_STEPS = (
    "eNrNkgsOAiEMRKWd+5/ZGBblozs7aVFZAnm8KRCyZm611fk2cSHeSL6QvDp7Mj+mvhfCJvooezJjPc/dXl8R2USvso"
    "te5bbQ+syF+Ci76KOM9bxnqj7MXvZkrzJWf4SGdF926rMZyR68fmjv1s48y3swrzakVGG6Ly7nsxn7Paa1gY14Vu/J"
    "9RDreR7jIDI216tez7cnQbe8j5GcV/2ax9j/nBH0C6N/FT6bmN+9H/LuU4eJnTC+7JFcf/wy/b+TyvjxfrjmP26j+m"
    "g+u57xHSu9MAE=")


@functools.cache
def _rcpps_table() -> np.ndarray:
    """The 4096 estimates on [1, 2), as float32 bit patterns."""
    return _estimates(_RCPPS_STEPS, 4)


def rcpps(x: np.ndarray) -> np.ndarray:
    """The rcpps estimate of 1/x for positive normal float32 x: the table's value for the top
    mantissa bits, its exponent lowered by x's; 0 from 2**126 up (and for inf), where the
    reciprocal would be subnormal."""
    bits = x.view(np.int32)
    estimate = (_rcpps_table()[(bits >> 11) & 0xFFF] - (((bits >> 23) - 127) << 23)).view(F32)
    return np.where(bits >= 0x7E800000, F32(0), estimate)


# torch.atan of float32 calls MKL's vsAtan; here mkl_vml_kernel_sAtan_EXHAynn (gdb, as for log),
# read off its disassembly: |x| is reduced by atan a = atan c + atan((a - c)/(1 + a·c)) with c
# = 0, 1/2, 1 or 2 by the interval of a (bounds 0.375, 0x3F3851EB, 1.75 and 2.6875 as bits), or
# atan a = π/2 + atan(-1/a) above; numerator and denominator in float32, then their quotient in
# float64 from rcpps: r = rcpps(d), e = 1 - d·r, q = (e·e + 1)·(e·r + r)·n. q is split into its
# top 24 bits qh and the float32 rest ql; in float32 atan c's low part plus ql, a polynomial in
# qh (degree 4 in qh⁴, two halves), then + qh, + atan c's high part, and x's sign. |x| below
# 2**-125 or from 2**123 up, inf and nan take the rare path: x itself for tiny x, ±π/2 rounded
# for large ones, a quiet nan for nan.
_ATAN_BOUNDS = (0x3EBFFFFF, 0x3F3851EB, 0x3FDFFFFF, 0x402C0000)   # a's bits above these: k += 1
_ATAN_NUM = np.array([1, 1, 1, 1, 0], F32), np.array([0, -0.5, -1, -2, -1], F32)   # n = a·N + M
_ATAN_DEN = np.array([0, 0.5, 1, 2, 1], F32), np.array([1, 1, 1, 1, 0], F32)       # d = a·C + D
_ATAN_HI = _f32([0, 0x3EED6338, 0x3F490FD8, 0x3F8DB710, 0x3FC90FD8])
_ATAN_LO = _f32([0, 0x31AC3768, 0x34288858, 0xB4DA2880, 0x34A88858])
_ATAN_POLY = _f32([0x3DAE1329, 0x3E4CAA3B, 0xBE0F4E4E, 0xBEAAAA6C])
_HALF_PI32 = _f32(0x3FC90FDB)
_TOP24 = np.uint64(0xFFFFFFFFE0000000)


def atan(x: np.ndarray) -> np.ndarray:
    """torch.atan of float32 and float64 as MKL computes them (above and below)."""
    return _vector({F32: _atan32, np.float64: _atan64}, np.arctan, x)


def _atan32(x: np.ndarray) -> np.ndarray:
    if x.size <= FEW:
        values = x.ravel().tolist()
        if all(_ATAN_TINY <= abs(v) < _ATAN_HUGE for v in values):   # no nan: every one usual
            return np.array([_atan32_one(v) for v in values], F32).reshape(x.shape)
    bits = x.view(np.uint32) & np.uint32(0x7FFFFFFF)
    usual = (bits >= 0x01000000) & (bits < 0x7D000000)
    a = np.where(usual, bits, np.uint32(0x3F800000)).view(F32)
    abits = a.view(np.uint32)
    k = sum((abits > bound).astype(np.intp) for bound in _ATAN_BOUNDS)
    n = a * _ATAN_NUM[0][k] + _ATAN_NUM[1][k]
    d = a * _ATAN_DEN[0][k] + _ATAN_DEN[1][k]
    r = rcpps(d).astype(np.float64)
    d = d.astype(np.float64)
    e = 1.0 - d * r
    q = (e * e + 1.0) * (e * r + r) * n.astype(np.float64)
    qh64 = (q.view(np.uint64) & _TOP24).view(np.float64)
    qh = qh64.astype(F32)
    low = _ATAN_LO[k] + (q - qh64).astype(F32)
    z = qh * qh
    w = z * z
    p = (w * _ATAN_POLY[0] + _ATAN_POLY[1]) * z + (w * _ATAN_POLY[2] + _ATAN_POLY[3])
    p = ((p * z * qh + low) + qh) + _ATAN_HI[k]
    out = np.asarray(p.view(np.uint32) | (x.view(np.uint32) & _SIGN)).view(F32)
    if not usual.all():
        rare = ~usual
        xr = x[rare]
        out[rare] = np.where(np.isnan(xr), xr + xr, np.where(
            bits[rare] < 0x01000000, xr, np.copysign(_HALF_PI32, xr)))
    return out


_ATAN_TINY, _ATAN_HUGE = 2.0 ** -125, 2.0 ** 123
_ATAN_TABLES_F = tuple(tuple(map(float, t)) for t in (*_ATAN_NUM, *_ATAN_DEN, _ATAN_HI, _ATAN_LO))
_ATAN_POLY_F = tuple(map(float, _ATAN_POLY))


@functools.cache
def _rcpps_floats() -> tuple:
    return tuple(_rcpps_table().view(F32).tolist())


def _atan32_one(v: float) -> float:
    """_atan32 of one float32 on its usual path, in Python floats (as _sin_cos32_one; a float32
    operation done in float64 and rounded once is the float32 one)."""
    pack, unpack = _PACK, _UNPACK
    a = abs(v)
    bits = _UNPACK_BITS(pack(a))[0]
    k = (bits > 0x3EBFFFFF) + (bits > 0x3F3851EB) + (bits > 0x3FDFFFFF) + (bits > 0x402C0000)
    num_a, num_c, den_a, den_c, hi, lo = (t[k] for t in _ATAN_TABLES_F)
    n = unpack(pack(a * num_a + num_c))[0]
    d = unpack(pack(a * den_a + den_c))[0]
    d_bits = _UNPACK_BITS(pack(d))[0]
    r = math.ldexp(_rcpps_floats()[(d_bits >> 11) & 0xFFF], 127 - (d_bits >> 23))
    e = 1.0 - d * r
    q = (e * e + 1.0) * (e * r + r) * n
    qh = _UNPACK64(_PACK64_BITS(_UNPACK64_BITS(_PACK64(q))[0] & 0xFFFFFFFFE0000000))[0]
    low = unpack(pack(lo + unpack(pack(q - qh))[0]))[0]
    c0, c1, c2, c3 = _ATAN_POLY_F
    z = unpack(pack(qh * qh))[0]
    w = unpack(pack(z * z))[0]
    p = unpack(pack(unpack(pack(w * c0))[0] + c1))[0]
    s = unpack(pack(unpack(pack(w * c2))[0] + c3))[0]
    p = unpack(pack(unpack(pack(p * z))[0] + s))[0]
    p = unpack(pack(unpack(pack(p * z))[0] * qh))[0]
    p = unpack(pack(unpack(pack(unpack(pack(p + low))[0] + qh))[0] + hi))[0]
    return math.copysign(p, v)


# float64: MKL's vdAtan (dAtan_EXHAynn, read off the same way): fdlibm's reduction (c = 0, 1/2, 1,
# 3/2 by the high word of |x| against 0.4375, 0.6875, 1.1875, 2.4375; -1/|x| above), from a
# table of rows (c, a mask that keeps |x| in the numerator, atan c high and low). Numerator and
# denominator are split into 26-bit heads and tails; the quotient is head·r plus corrections,
# r = rcpps(denominator head) refined by the series in e = d·r - 1 (five terms), then a
# polynomial of degree 11 in q² and atan c's parts, x's sign last. The operations go in MKL's
# order (its two-sums included). inf gives ±π/2 and a nan is quieted (MKL's rare path).
_ATAN64_ROWS = np.array([[0x3FF0000000000000, 0, 0x3FF921FB54442D18, 0x3C91A62633145C07],
                         [0x3FF8000000000000, 2**64 - 1, 0x3FEF730BD281F69B, 0x3C7007887AF0CBBD],
                         [0x3FF0000000000000, 2**64 - 1, 0x3FE921FB54442D18, 0x3C81A62633145C07],
                         [0x3FE0000000000000, 2**64 - 1, 0x3FDDAC670561BB4F, 0x3C7A2B7F222F65E2],
                         [0, 2**64 - 1, 0, 0]], np.uint64)
_ATAN64_BOUNDS = (0x3FDC0000, 0x3FE60000, 0x3FF30000, 0x40038000)   # high words: row 4 - count
_ATAN64_POLY = tuple(map(_f64, (0x3F8BE4FBE6733718, 0x3FA6AD5558FE19C9, 0xBFA04CD71F92185E,
                                0xBFAA9E755CA13D23, 0x3FAE12F1EDF7C393, 0xBFB1108D326C68ED,
                                0x3FB3B132B731E73A, 0xBFB745D119677A4F, 0x3FBC71C719F99F96,
                                0xBFC2492492441A21, 0x3FC9999999998F43, 0xBFD5555555555552)))
_SPLIT64 = np.uint64(0xFFFFFFFFF8000000)
_ONE64_BITS = np.uint64(0x3FF0000000000000)
_SIGN64 = np.uint64(1 << 63)


def _as64(bits) -> np.ndarray:
    return np.asarray(bits, np.uint64).view(np.float64)


def _head(x: np.ndarray) -> np.ndarray:
    return _as64(x.view(np.uint64) & _SPLIT64)


def _atan64(x: np.ndarray) -> np.ndarray:
    if x.size <= FEW:
        values = x.ravel().tolist()
        if all(math.isfinite(v) for v in values):
            return np.array([_atan64_one(v) for v in values]).reshape(x.shape)
    bits = x.view(np.uint64)
    a = _as64(bits & ~_SIGN64)
    a_hi = _head(a)
    a_lo = a - a_hi
    high = (a.view(np.uint64) >> np.uint64(32)).astype(np.int64)
    row = _ATAN64_ROWS[4 - sum((high > bound).astype(np.intp) for bound in _ATAN64_BOUNDS)]
    c, keep = _as64(row[..., 0]), row[..., 1]
    atan_hi, atan_lo = _as64(row[..., 2]), _as64(row[..., 3])
    # numerator |x| - c (or -1), denominator 1 + |x|·c (or |x|)
    n = _as64(a_hi.view(np.uint64) & keep) - c
    kept_lo = _as64(keep & a_lo.view(np.uint64))
    d = _as64(keep & _ONE64_BITS) + c * a_hi
    out = np.asarray(_atan64_core(n, kept_lo, d, c * a_lo, atan_hi, atan_lo, _head, _rcp64))
    out = np.asarray(out.view(np.uint64) | (bits & _SIGN64)).view(np.float64)
    if not np.isfinite(x).all():
        rare = ~np.isfinite(x)
        out[rare] = np.where(np.isnan(x[rare]), x[rare] + x[rare],
                             np.copysign(_as64(0x3FF921FB54442D18), x[rare]))
    return out


def _rcp64(d: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        return rcpps(d.astype(F32)).astype(np.float64)


def _atan64_core(n, kept_lo, d, tail, atan_hi, atan_lo, head, rcp):
    """atan |x| from the numerator n - kept_lo and denominator d + tail (arrays or floats)."""
    s = n - kept_lo      # heads and tails, by MKL's two-sums
    err = kept_lo - (s - n)
    n_hi = head(s)
    n_lo = (s - n_hi) + err
    s = tail + d
    err = (d - s) + tail
    d_hi = head(s)
    d_lo = (s - d_hi) + err
    r = rcp(d_hi)
    e = d_lo * r + (d_hi * r + -1.0)
    corr = e * e - e
    for step in (1.0, -1.0, 1.0, -1.0):
        corr = corr * e + step * e
    corr = corr * r
    q_lo = n_lo * r + (n_hi * corr + n_lo * corr)
    q_hi = n_hi * r
    q = q_hi + q_lo
    z = q * q
    w = z * z
    c = _ATAN64_POLY
    p, s = w * c[0] + c[1], w * c[2] + c[3]
    for k in range(4, 12, 2):
        p, s = p * w + c[k], s * w + c[k + 1]
    p = (p * z + s) * z * q
    return ((p + (q_lo + atan_lo)) + q_hi) + atan_hi


_ATAN64_ROWS_F = [(float(_as64(c)), bool(keep), float(_as64(hi)), float(_as64(lo)))
                  for c, keep, hi, lo in _ATAN64_ROWS.tolist()]


def _head_one(v: float) -> float:
    return _UNPACK64(_PACK64_BITS(_UNPACK64_BITS(_PACK64(v))[0] & 0xFFFFFFFFF8000000))[0]


def _atan64_one(v: float) -> float:
    """_atan64 of one finite float64, in Python floats (as _log64_one)."""
    a = abs(v)
    a_hi = _head_one(a)
    a_lo = a - a_hi
    high = _UNPACK64_BITS(_PACK64(a))[0] >> 32
    c, keep, atan_hi, atan_lo = _ATAN64_ROWS_F[4 - sum(high > bound for bound in _ATAN64_BOUNDS)]
    out = _atan64_core((a_hi if keep else 0.0) - c, a_lo if keep else 0.0,
                       (1.0 if keep else 0.0) + c * a_hi, c * a_lo, atan_hi, atan_lo,
                       _head_one, _rcp64_one)
    return math.copysign(out, v)


def _rcp64_one(d: float) -> float:
    if d >= 2.0 ** 126:    # rcpps of float32(d): 0 (or of inf, when it overflows)
        return 0.0
    bits = _UNPACK_BITS(_PACK(d))[0]
    return math.ldexp(_rcpps_floats()[(bits >> 11) & 0xFFF], 127 - (bits >> 23))
