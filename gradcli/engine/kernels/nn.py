"""Bit-exact kernels of torch.nn.functional: GELU and its backward (oneDNN's, or ATen's loops for
the tanh form), ELU, erf, softplus and log-sigmoid on SLEEF's vector math and the C library,
softmax and log_softmax, and the sums of the losses."""
from __future__ import annotations

import math
import struct

import numpy as np

from .fma import fma, fma32 as exact_fma32, fma32_few, fma64_one
from .pointwise import (F32, FEW, expf_py, by_steps, c_exp, c_log1p, erff_one, expf_one,
                        expm1f_one, fma32, libm, logf_one, glibc_expf, round32, sleef_exp,
                        sleef_expf, sleef_log, sleef_log1p, sleef_log1pf, sleef_logf, tanhf_one,
                        vector_lanes)
from .reduction import ordered_sum

# softplus_kernel: (x·β) > threshold ? x : log1p(e^(x·β))/β, SLEEF's exp and log1p on the
# vectorised lanes of x's own layout, the C library's on the rest
_LOG1P_EXP = (lambda s: sleef_log1pf(sleef_expf(s)), lambda s: c_log1p(glibc_expf(s)),
              lambda s: sleef_log1p(sleef_exp(s)))


def softplus(a: np.ndarray, beta: float, threshold: float) -> np.ndarray:
    b = a.dtype.type(beta)

    def on(log1p_exp):
        return lambda v: np.where(v * b > threshold, v, log1p_exp(v * b) / b)
    return by_steps(*map(on, _LOG1P_EXP))(a)


def gelu(a: np.ndarray, approximate: str) -> np.ndarray:
    if approximate == "tanh":
        return _gelu_tanh(a)
    if uses_onednn(a):
        return _onednn_gelu(a)  # PyTorch hands contiguous float32 to oneDNN
    return _gelu_erf(a)


# GeluKernelImpl and GeluBackwardKernelImpl for approximate='none' where oneDNN does not take
# the tensor (float64, one element, not contiguous): x·½·(1 + erf(x/√2)) and
# g·(½(1 + erf(x/√2)) + x·e^(-x²/2)/√(2π)), nothing fused (read off torch's bits). The
# vectorised lanes run ATen's Vectorized erf and SLEEF's exp (float64's SLEEF erf is not
# ported: the C library's), the scalar loop the C library's erf and exp (glibc's erff, expf).
_GELU_ERF_CONSTANTS = {np.dtype(np.float64): (math.sqrt(0.5), 2 / math.sqrt(math.pi) * math.sqrt(
    0.5) * 0.5, float, math.erf, math.exp), np.dtype(F32): (round32(math.sqrt(0.5)), round32(
        2 / math.sqrt(math.pi) * math.sqrt(0.5) * 0.5), round32, erff_one, expf_py)}


def _gelu_erf_scalar(a: np.ndarray) -> np.ndarray:
    alpha, _, rounded, erf, _ = _GELU_ERF_CONSTANTS[a.dtype]
    return np.array([rounded(rounded(x * 0.5) * rounded(1.0 + erf(rounded(x * alpha))))
                     for x in a.ravel().tolist()], a.dtype).reshape(a.shape)


def _erf_lanes(x: np.ndarray) -> np.ndarray:
    """Vectorized<float>::erf; for float64 the C library's erf standing in for SLEEF's."""
    if x.dtype == F32:
        return _erf_vectorized(x)
    return np.array([math.erf(v) for v in x.ravel().tolist()]).reshape(x.shape)


def _gelu_erf_vectorized(a: np.ndarray) -> np.ndarray:
    alpha = a.dtype.type(_GELU_ERF_CONSTANTS[a.dtype][0])
    return a * a.dtype.type(0.5) * (1 + _erf_lanes(a * alpha))


_gelu_erf = by_steps(_gelu_erf_vectorized, _gelu_erf_scalar, _gelu_erf_vectorized)


def _gelu_erf_backward_scalar(g: np.ndarray, x: np.ndarray) -> np.ndarray:
    alpha, beta, rounded, erf, exp = _GELU_ERF_CONSTANTS[x.dtype]
    out = []
    for dy, v in zip(g.ravel().tolist(), x.ravel().tolist()):
        cdf = rounded(0.5 * rounded(1.0 + erf(rounded(v * alpha))))
        pdf = rounded(beta * exp(rounded(rounded(v * v) * -0.5)))
        out.append(rounded(dy * rounded(cdf + rounded(v * pdf))))
    return np.array(out, x.dtype).reshape(x.shape)


def _gelu_erf_backward_vectorized(g: np.ndarray, x: np.ndarray) -> np.ndarray:
    alpha, beta = (x.dtype.type(c) for c in _GELU_ERF_CONSTANTS[x.dtype][:2])
    half = x.dtype.type(0.5)
    cdf = half * (1 + _erf_lanes(x * alpha))
    pdf = beta * (sleef_expf if x.dtype == F32 else sleef_exp)(x * x * x.dtype.type(-0.5))
    return g * (cdf + x * pdf)


def gelu_erf_backward(g: np.ndarray, x: np.ndarray) -> np.ndarray:
    return _binary_by_lanes(_gelu_erf_backward_vectorized, _gelu_erf_backward_scalar, g, x)


# GeluKernelImpl and GeluBackwardKernelImpl for approximate='tanh', kBeta = √2·(2/√π)·½ and
# kKappa = 0.044715 in the input's precision. The compiler fuses x + κ·x³, and in the backward
# 1 - tanh² and 1 + 3κ·x² too, into multiply-adds (read off torch's bits: 0 of 20,000 differ).
# The scalar loop runs the C library's tanh; the vectorised lanes SLEEF's (not ported: NumPy's).
_GELU_BETA = math.sqrt(2) * (2 / math.sqrt(math.pi)) * 0.5
_GELU_CONSTANTS = {np.dtype(np.float64): (_GELU_BETA, 0.044715, 3 * 0.044715, float),
                   np.dtype(F32): (round32(_GELU_BETA), round32(0.044715),
                                   round32(3 * round32(0.044715)), round32)}


def _fma_one(rounded):
    """A fused multiply-add of Python floats for the dtype whose rounding is `rounded`."""
    if rounded is round32:
        return lambda a, b, c: round32(a * b + c)    # the float64 product is exact
    return lambda a, b, c: fma64_one(a, b, c) if 1e-290 < abs(a * b) < 1e300 else a * b + c


def _gelu_tanh_scalar(a: np.ndarray) -> np.ndarray:
    beta, kappa, _, rounded = _GELU_CONSTANTS[a.dtype]
    fused, tanh = _fma_one(rounded), tanhf_one if rounded is round32 else math.tanh
    out = []
    for x in a.ravel().tolist():
        inner = rounded(beta * fused(kappa, rounded(rounded(x * x) * x), x))
        out.append(rounded(rounded(0.5 * x) * rounded(1.0 + tanh(inner))))
    return np.array(out, a.dtype).reshape(a.shape)


def _gelu_tanh_vectorized(a: np.ndarray) -> np.ndarray:
    beta, kappa = (a.dtype.type(c) for c in _GELU_CONSTANTS[a.dtype][:2])
    inner = beta * fma(np.broadcast_to(kappa, a.shape), a * a * a, a)
    return a.dtype.type(0.5) * a * (1 + libm(np.tanh)(inner))


_gelu_tanh = by_steps(_gelu_tanh_vectorized, _gelu_tanh_scalar, _gelu_tanh_vectorized)


def _gelu_tanh_backward_scalar(g: np.ndarray, x: np.ndarray) -> np.ndarray:
    beta, kappa, kappa3, rounded = _GELU_CONSTANTS[x.dtype]
    fused, tanh = _fma_one(rounded), tanhf_one if rounded is round32 else math.tanh
    out = []
    for dy, v in zip(g.ravel().tolist(), x.ravel().tolist()):
        square = rounded(v * v)
        t = tanh(rounded(beta * fused(kappa, rounded(square * v), v)))
        left_derivative = rounded(0.5 * rounded(1.0 + t))
        right_derivative = rounded(rounded(rounded(0.5 * v) * fused(-t, t, 1.0))
                                   * rounded(beta * fused(kappa3, square, 1.0)))
        out.append(rounded(dy * rounded(left_derivative + right_derivative)))
    return np.array(out, x.dtype).reshape(x.shape)


def _gelu_tanh_backward_vectorized(g: np.ndarray, x: np.ndarray) -> np.ndarray:
    beta, kappa, kappa3 = (x.dtype.type(c) for c in _GELU_CONSTANTS[x.dtype][:3])
    square = x * x
    t = libm(np.tanh)(beta * fma(np.broadcast_to(kappa, x.shape), square * x, x))
    left_derivative = x.dtype.type(0.5) * (1 + t)
    right_derivative = x.dtype.type(0.5) * x * fma(-t, t, np.ones_like(t)) * (
        beta * fma(np.broadcast_to(kappa3, x.shape), square, np.ones_like(x)))
    return g * (left_derivative + right_derivative)


def gelu_tanh_backward(g: np.ndarray, x: np.ndarray) -> np.ndarray:
    return _binary_by_lanes(_gelu_tanh_backward_vectorized, _gelu_tanh_backward_scalar, g, x)


def _binary_by_lanes(vectorized, scalar, g: np.ndarray, x: np.ndarray) -> np.ndarray:
    """A backward kernel of (g, x) as TensorIterator runs it, the lanes following x's layout
    (a gradient laid out otherwise is not modelled)."""
    g, x = np.broadcast_arrays(g, x)
    lanes = vector_lanes(x)
    if lanes is None:
        return scalar(g, x)
    out = np.empty(x.shape, x.dtype)
    out[lanes] = vectorized(g[lanes], x[lanes])
    out[~lanes] = scalar(g[~lanes], x[~lanes])
    return out


# ATen's elu kernels: x > 0 ? x : expm1(x)·α forward, x > 0 ? g : g·α·e^x backward. The
# vectorised lanes (vector_lanes) run SLEEF's expm1 (not ported: NumPy's, which differs from
# float64's in 9 of 30,000) and exp, the rest the C library's expm1 and exp
_elu_exp = by_steps(sleef_expf, glibc_expf, sleef_exp)


def elu(a: np.ndarray, alpha: float) -> np.ndarray:
    def vectorized(v):
        return np.where(v > 0, v, (np.expm1 if v.dtype == np.float64 else libm(np.expm1))(v)
                        * v.dtype.type(alpha))

    def scalar(v):   # expm1 of the elements <= 0 only (and nan), as the scalar loop does
        expm1, rounded = (expm1f_one, round32) if v.dtype == F32 else (math.expm1, float)
        coefficient = rounded(alpha)
        return np.array([x if x > 0 else rounded(expm1(x) * coefficient)
                         for x in v.ravel().tolist()], v.dtype).reshape(v.shape)
    return by_steps(vectorized, scalar, vectorized)(a)


def elu_backward(g: np.ndarray, x: np.ndarray, alpha: float) -> np.ndarray:
    """The gradient's lanes follow x's layout (a gradient laid out otherwise is not modelled)."""
    return np.where(x <= 0, g * g.dtype.type(alpha) * _elu_exp(x), g)


def _erf_vectorized(x):
    """ATen's Vectorized<float>::erf: Abramowitz & Stegun 7.1.26 with SLEEF's expf."""
    t = (F32(1) / fma32(F32(0.3275911), np.abs(x), F32(1))).astype(F32)
    r = F32(1.061405429)
    for c in (-1.453152027, 1.421413741, -0.284496736, 0.254829592):
        r = fma32(r, t, F32(c))
    y = fma32(-sleef_expf(-(x * x)) * t, r, F32(1))
    return np.where(np.signbit(x), -y, y).astype(F32)



# oneDNN's gelu_erf on AVX512 (jit_uni_eltwise_injector, gelu_erf_minimax_polynomial): erf(x/√2)
# as 25 degree-5 polynomials in |x|, picked by |x|'s exponent and top 2 mantissa bits
_GELU_ERF_POLYNOMIALS = np.array([
    [0xa6f2cb94, 0x32827792, 0x3381cc0c, 0x34523d4a, 0x351ac44d, 0x35f36d88, 0x36ee8229,
     0x37b8a3bb, 0x3867a213, 0x3940033b, 0x3a2a5a1d, 0x3ae35863, 0x3b7828f2, 0x3c08b14b,
     0x3c515ed3, 0xbb503236, 0xbd8d8e5e, 0xbe8abcd9, 0xbf0c19a2, 0xbeccb328, 0x3e176ced,
     0x3f470d99, 0x3f7abb28, 0x3f800000, 0],
    [0x3f4c422a, 0x3f4c421f, 0x3f4c4207, 0x3f4c41cb, 0x3f4c413b, 0x3f4c3fad, 0x3f4c3a2f,
     0x3f4c2d40, 0x3f4c146a, 0x3f4bc341, 0x3f4ad08c, 0x3f48f8cf, 0x3f45fac7, 0x3f404e07,
     0x3f3b980f, 0x3f48dff3, 0x3f78b21b, 0x3fbb0704, 0x40019c32, 0x3fe536d6, 0x3f81331e,
     0x3e6c8684, 0x3c98f936, 0, 0x3f800000],
    [0xb62173f4, 0x3735e4cf, 0x37f2ff89, 0x388c23be, 0x3917535c, 0x39ab2ab0, 0x3a60fadb,
     0x3af9b960, 0x3b6e5491, 0x3c0a4ec5, 0x3ca5aa8c, 0x3d2138d9, 0x3d8737d4, 0x3ddfb660,
     0x3e0f27ab, 0x3d94004b, 0xbe0efdeb, 0xbf1d96c3, 0xbf89db58, 0xbf6d9897, 0xbef69fb8,
     0xbdc4f8a8, 0xbbde6422, 0, 0],
    [0xbe081a19, 0xbe084570, 0xbe08639b, 0xbe089837, 0xbe08f409, 0xbe09ab95, 0xbe0b66d0,
     0xbe0e400a, 0xbe124df8, 0xbe1bde02, 0xbe2f19c9, 0xbe4931bf, 0xbe685fbc, 0xbe89c95f,
     0xbe96cbca, 0xbe8044aa, 0xbe0550f2, 0x3dcfd6a1, 0x3e94c826, 0x3e79345f, 0x3decec91,
     0x3ca46568, 0x3aa1e00a, 0, 0],
    [0xba3d61db, 0x39f097a3, 0x3a5845dc, 0x3ab1fa35, 0x3b0cefb8, 0x3b653ab6, 0x3bcae527,
     0x3c221712, 0x3c6c5840, 0x3cc0a703, 0x3d1dcc19, 0x3d63656d, 0x3d955907, 0x3dbf9910,
     0x3dd53f69, 0x3db7dcef, 0x3d639ebe, 0xba6ede48, 0xbd22be69, 0xbd041cf1, 0xbc64f5ab,
     0xbb097a32, 0xb8ebf380, 0, 0],
    [0x3cb7d80c, 0x3c9b6050, 0x3c978d11, 0x3c92e850, 0x3c8d058b, 0x3c848454, 0x3c6cd623,
     0x3c4c824b, 0x3c2a7935, 0x3be0b390, 0x3b0651ac, 0xbb232f53, 0xbbd42fa0, 0xbc2c5366,
     0xbc492c9e, 0xbc2a7aa6, 0xbbd55d04, 0xba823a76, 0x3b102aa8, 0x3ae25a7e, 0x3a31f792,
     0x38b84375, 0x3689bb5a, 0, 0]], np.uint32).view(F32)
_GELU_ERF_BIAS = np.uint32(0xc21fffff).view(np.int32)
_GELU_ERF_RBOUND = np.uint32(0x40b15cee).view(F32)


_GELU_ERF_POLYNOMIALS_F = _GELU_ERF_POLYNOMIALS.T.tolist()   # per interval, degree 0 to 5
_GELU_ERF_BIAS_I, _GELU_ERF_RBOUND_F = int(_GELU_ERF_BIAS), float(_GELU_ERF_RBOUND)
_FLOAT32, _INT32 = struct.Struct("<f"), struct.Struct("<i")   # a float32's bits, as an int


def _onednn_gelu_few(x: np.ndarray) -> np.ndarray:
    """_onednn_gelu of a few elements, one Python float at a time with the same bits (fma32's
    float64 product is exact and its sum rounds once, as round32 does)."""
    out = []
    for v in x.ravel().tolist():
        magnitude = abs(v)
        index = 23 if magnitude > _GELU_ERF_RBOUND_F else min(max(
            (_INT32.unpack(_FLOAT32.pack(magnitude))[0] + _GELU_ERF_BIAS_I) >> 21, 1), 24)
        p = _GELU_ERF_POLYNOMIALS_F[index]
        erf = p[5]
        for degree in (4, 3, 2, 1, 0):
            erf = round32(erf * magnitude + p[degree])
        if math.copysign(1.0, v) < 0:
            erf = -erf
        out.append(round32(round32(v * round32(erf + 1.0)) * 0.5))
    return np.array(out, F32).reshape(x.shape)


def _onednn_gelu(x):
    if x.size <= FEW:
        return _onednn_gelu_few(x)
    magnitude = np.abs(x)
    index = np.clip((magnitude.view(np.int32) + _GELU_ERF_BIAS) >> 21, 1, 24)
    index = np.where(magnitude > _GELU_ERF_RBOUND, 23, index)
    erf = _GELU_ERF_POLYNOMIALS[5][index]
    for degree in (4, 3, 2, 1, 0):
        erf = fma32(erf, magnitude, _GELU_ERF_POLYNOMIALS[degree][index])
    erf = np.where(np.signbit(x), -erf, erf)
    return ((x * (erf + F32(1))).astype(F32) * F32(0.5)).astype(F32)


def uses_onednn(x: np.ndarray) -> bool:
    """ATen's use_mkldnn for GELU (approximate='none') and its backward: a contiguous float32
    input of more than one element goes to oneDNN."""
    return x.dtype == F32 and x.size > 1 and x.flags.c_contiguous


def _bits32(*words: int) -> np.ndarray:
    return np.array(words, np.uint32).view(F32)


# oneDNN's exp_compute_vector_fwd: x = n·ln2 + r with n = floor(x·log2(e) + ½), a degree-5
# polynomial in r, scaled by 2**(n-1) then 2 (2**128 does not fit); below ln(FLT_MIN) it is 0
_ONEDNN_LOG2E, _ONEDNN_LN2, _ONEDNN_LN_MAX, _ONEDNN_LN_MIN = _bits32(
    0x3fb8aa3b, 0x3f317218, 0x42b17218, 0xc2aeac50)
_ONEDNN_EXP_POLY = _bits32(0x3f7ffffb, 0x3efffee3, 0x3e2aad40, 0x3d2b9d0d, 0x3c07cfce)  # r¹..r⁵
# gelu_erf_compute_vector_bwd: erf by Abramowitz & Stegun 7.1.26 (p, then its degree-1..5
# coefficients), 1/√2 and 1/√π, all float32
_AS_P, _SQRT_HALF32, _INV_SQRT_PI32 = _bits32(0x3ea7ba05, 0x3f3504f3, 0x3f106eba)
_AS_POLY = _bits32(0x3e827906, 0xbe91a98e, 0x3fb5f0e3, 0xbfba00e3, 0x3f87dc22)


def onednn_exp(s: np.ndarray) -> np.ndarray:
    """oneDNN's jit exp of float32 (vminps/vmaxps clamp first: a nan becomes ln(FLT_MAX))."""
    zero = s < _ONEDNN_LN_MIN
    s = np.where(s < _ONEDNN_LN_MAX, s, _ONEDNN_LN_MAX)
    s = np.where(s > _ONEDNN_LN_MIN, s, _ONEDNN_LN_MIN)
    n = np.floor(s * _ONEDNN_LOG2E + F32(0.5))
    r = exact_fma32(-n, _ONEDNN_LN2, s)
    scale = np.where(zero, 0, ((n - F32(1)).astype(np.int32) + 127) << 23).view(F32)
    p = _ONEDNN_EXP_POLY[4]
    for c in _ONEDNN_EXP_POLY[3::-1]:
        p = exact_fma32(p, r, c)
    return exact_fma32(p, r, F32(1)) * scale * F32(2)


def onednn_gelu_backward(g: np.ndarray, x: np.ndarray) -> np.ndarray:
    """g·(½(1 + erf(x/√2)) + x·φ(x)) as oneDNN's eltwise backward computes it on AVX-512
    (every element, the tail too, by the same vector code)."""
    if x.size <= FEW:
        return _onednn_gelu_backward_few(g, x)
    with np.errstate(invalid="ignore", over="ignore"):
        r = x * _SQRT_HALF32
        q = onednn_exp(-(r * r))
        t = r * _INV_SQRT_PI32 * q
        w = F32(1) / exact_fma32(_AS_P, np.abs(r), F32(1))
        p = _AS_POLY[4]
        for c in _AS_POLY[3::-1]:
            p = exact_fma32(p, w, c)
        erf = exact_fma32(-q * w, p, F32(1))
        erf = np.where(np.signbit(r), -erf, erf)   # vxorps with r's sign
        return g * exact_fma32(erf, F32(0.5), t + F32(0.5))


_ONEDNN_EXP_F = tuple(map(float, (_ONEDNN_LOG2E, _ONEDNN_LN2, _ONEDNN_LN_MAX, _ONEDNN_LN_MIN)))
_ONEDNN_EXP_POLY_F = tuple(map(float, _ONEDNN_EXP_POLY[::-1]))   # r⁵ first
_AS_F = tuple(map(float, (_AS_P, _SQRT_HALF32, _INV_SQRT_PI32)))
_AS_POLY_F = tuple(map(float, _AS_POLY[::-1]))


def _onednn_gelu_backward_few(g: np.ndarray, x: np.ndarray) -> np.ndarray:
    """onednn_gelu_backward of a few elements, one Python float at a time: each step rounded to
    float32 by round32, a fused multiply-add as its float64 value rounded once (as
    _onednn_gelu_few does: the float64 product of float32 values is exact)."""
    log2e, ln2, ln_max, ln_min = _ONEDNN_EXP_F
    p_erf, sqrt_half, inv_sqrt_pi = _AS_F
    out = []
    for dy, v in zip(g.ravel().tolist(), x.ravel().tolist()):
        r = round32(v * sqrt_half)
        s = -round32(r * r)
        zero = s < ln_min
        s = s if s < ln_max else ln_max   # vminps, vmaxps: a nan gives the bound
        s = s if s > ln_min else ln_min
        n = math.floor(round32(round32(s * log2e) + 0.5))
        reduced = round32(s - n * ln2)    # n·ln2 is exact: the fused multiply-add rounds once
        poly = _ONEDNN_EXP_POLY_F[0]
        for c in _ONEDNN_EXP_POLY_F[1:]:
            poly = round32(poly * reduced + c)
        poly = round32(poly * reduced + 1.0)
        q = 0.0 if zero or n < -125 else round32(round32(poly * 2.0 ** (n - 1)) * 2.0)
        t = round32(round32(r * inv_sqrt_pi) * q)
        w = round32(1.0 / round32(p_erf * abs(r) + 1.0))
        poly = _AS_POLY_F[0]
        for c in _AS_POLY_F[1:]:
            poly = round32(poly * w + c)
        erf = round32(round32(-q * w) * poly + 1.0)
        if math.copysign(1.0, r) < 0:
            erf = -erf
        out.append(round32(dy * round32(erf * 0.5 + round32(t + 0.5))))
    return np.array(out, F32).reshape(x.shape)


def log_sigmoid_buffer(a: np.ndarray) -> np.ndarray:
    """e^-|x|, the buffer log_sigmoid_forward keeps for its backward: every element on the
    vector path (the last partial vector too), SLEEF's exp."""
    return (sleef_expf if a.dtype == np.float32 else sleef_exp)(-np.abs(a))


def log_sigmoid(a: np.ndarray) -> np.ndarray:
    # min(x, 0) - log1p(buffer), on the same vector path
    if a.dtype != np.float32:
        return np.minimum(a, 0) - sleef_log1p(log_sigmoid_buffer(a))
    return (np.minimum(a, F32(0)) - sleef_log1pf(log_sigmoid_buffer(a))).astype(F32)


# ---- softmax -----------------------------------------------------------------------------
def _in_order(e: np.ndarray) -> np.ndarray:
    """Σ over the last axis, one element after another."""
    total = e[..., 0]
    for k in range(1, e.shape[-1]):
        total = total + e[..., k]
    return total


def _across_lanes(acc: np.ndarray) -> np.ndarray:
    """vec_reduce_all over one vector's lanes (the last axis): a halving tree for float32 (its
    AVX512 shuffles), lane after lane for float64 (the generic loop)."""
    if acc.dtype != np.float32:
        return _in_order(acc)
    index = np.arange(acc.shape[-1])
    step = acc.shape[-1] // 2
    while step:
        acc = acc + acc[..., index ^ step]
        step //= 2
    return acc[..., 0]


def _by_lanes(e: np.ndarray, lanes: int) -> tuple[np.ndarray, int]:
    """The whole vectors of the last axis added lane by lane, and where their run ends."""
    full = e.shape[-1] - e.shape[-1] % lanes
    acc = e[..., :lanes].copy()
    for d in range(lanes, full, lanes):
        acc = acc + e[..., d:d + lanes]
    return acc, full


def lane_sum(e: np.ndarray, width: int = 64) -> np.ndarray:
    """Σ over the last axis as ATen's vec::reduce_all adds with `width`-byte vectors (AVX512:
    64): in order below one vector's width, else lane by lane, the tail into the first lanes,
    then across the lanes (_across_lanes)."""
    lanes = width // e.itemsize
    if e.shape[-1] < lanes:
        return _in_order(e)
    acc, full = _by_lanes(e, lanes)
    acc[..., :e.shape[-1] - full] += e[..., full:]
    return _across_lanes(acc)


def product_lane_sum(a: np.ndarray, b: np.ndarray, width: int = 64) -> np.ndarray:
    """Σ a·b over the last axis as vec::map2_reduce_all adds it: products added lane by lane,
    the tail's products fused into their lanes (as the compiler emits that loop), then across
    the lanes (_across_lanes)."""
    lanes = width // a.itemsize
    products = a * b
    n = a.shape[-1]
    if n < lanes:
        return _in_order(products)
    acc, full = _by_lanes(products, lanes)
    if full < n:
        fma = fma32 if a.dtype == np.float32 else (lambda x, y, z: x * y + z)
        acc[..., :n - full] = fma(a[..., full:], b[..., full:], acc[..., :n - full])
    return _across_lanes(acc)


# Vectorized<T>::exp and ::log (SLEEF's u10) and std::exp (the C library), by dtype
_VECTOR_EXP = {np.dtype(F32): sleef_expf, np.dtype(np.float64): sleef_exp}
_VECTOR_LOG = {np.dtype(F32): sleef_logf, np.dtype(np.float64): sleef_log}
_SCALAR_EXP = {np.dtype(F32): glibc_expf, np.dtype(np.float64): c_exp}


def _exp_along(x: np.ndarray, inner: tuple) -> np.ndarray:
    """e^x along a dim that is not the last (moved last in x; `inner` the sizes of the dims
    after it), as ATen's kernels run it: the inner positions that fill whole AVX512 vectors by
    Vectorized::exp, the rest by std::exp (the split of one thread: recordings run with
    OMP_NUM_THREADS=1)."""
    size = math.prod(inner)
    position = np.arange(size).reshape(inner + (1,))
    vectors = position < size - size % (64 // x.itemsize)
    if vectors.all():
        return _VECTOR_EXP[x.dtype](x)
    if not vectors.any():
        return _SCALAR_EXP[x.dtype](x)
    return np.where(vectors, _VECTOR_EXP[x.dtype](x), _SCALAR_EXP[x.dtype](x))


def _exp_parts(a: np.ndarray, dim: int):
    """x - max, e^(x - max) and its sum along `dim` (moved last), as ATen's kernels compute.

    Along the last dim every exp is SLEEF's and the sum goes by vector lanes; along another
    dim the exps are split by _exp_along and the sum runs in order.
    """
    x = np.moveaxis(a, dim, -1)
    shifted = x - x.max(-1, keepdims=True)
    if dim == a.ndim - 1:
        e = _VECTOR_EXP[a.dtype](shifted)
        return shifted, e, lane_sum(e)
    e = _exp_along(shifted, a.shape[dim + 1:])
    return shifted, e, _in_order(e)


def _last_dim_few(a: np.ndarray, log: bool) -> np.ndarray:
    """softmax or log_softmax over the last dim of a few float32 elements, one Python float at a
    time with the same bits as below (rows shorter than a vector are summed in order; a float32
    operation is a float64 one rounded once): a few NumPy calls instead of some forty."""
    shifted = a - a.max(-1, keepdims=True)
    flat, n, out = shifted.ravel().tolist(), a.shape[-1], []
    for start in range(0, len(flat), n):
        row = flat[start:start + n]
        e = [expf_one(v) for v in row]
        total = e[0]
        for v in e[1:]:
            total = round32(total + v)
        if log:
            log_total = logf_one(total)
            out += [v - log_total for v in row]
        else:
            inverse = round32(1.0 / total)
            out += [v * inverse for v in e]
    return np.array(out, F32).reshape(a.shape)


def _is_few(a: np.ndarray, dim: int) -> bool:
    return (a.size <= FEW and a.dtype == np.float32 and dim == a.ndim - 1
            and a.shape[-1] < 64 // a.itemsize)


def _contiguous(out: np.ndarray, dim: int) -> np.ndarray:
    """`out`, computed with `dim` last, moved back to `dim` as ATen's contiguous output: a
    fresh C-ordered array, whose size-1 dims have the strides ATen gives them (NumPy's
    ascontiguousarray keeps a view's strides there, which a following matmul reads)."""
    if dim == out.ndim - 1 and out.flags.c_contiguous:
        return out   # a fresh array from C-ordered input: ATen's strides already
    return np.moveaxis(out, -1, dim).copy()


def _half_in_float(kernel):
    """float16 through float32 and back, as ATen's softmax kernels convert a reduced floating
    type's vectors to float (the SLEEF and C-library ports are float32's and float64's)."""
    def in_float(*args, **kwargs):
        if not any(isinstance(a, np.ndarray) and a.dtype == np.float16 for a in args):
            return kernel(*args, **kwargs)
        widened = [a.astype(F32) if isinstance(a, np.ndarray) else a for a in args]
        return kernel(*widened, **kwargs).astype(np.float16)
    in_float.__name__, in_float.__doc__ = kernel.__name__, kernel.__doc__
    return in_float


@_half_in_float
def softmax(a: np.ndarray, dim: int) -> np.ndarray:
    if a.size == 0:
        return a.copy()
    if _is_few(a, dim):
        return _last_dim_few(a, False)
    _, e, total = _exp_parts(a, dim)
    if dim == a.ndim - 1:
        out = e * (a.dtype.type(1) / total)[..., None]    # last dim: times 1/sum
    else:
        out = e / total[..., None]
    return _contiguous(out, dim)


@_half_in_float
def log_softmax(a: np.ndarray, dim: int) -> np.ndarray:
    if a.size == 0:
        return a.copy()
    if _is_few(a, dim):
        return _last_dim_few(a, True)
    shifted, _, total = _exp_parts(a, dim)
    log_total = _VECTOR_LOG[a.dtype](total)   # vec::map: every element on the vector path
    return _contiguous(shifted - log_total[..., None], dim)


def _backward(last, along):
    """A softmax backward kernel along any dim: ATen views a 0-d tensor as 1-d, runs its
    last-dim kernel (`last`) along the last dim and `along` along another."""
    def backward(grad: np.ndarray, out: np.ndarray, dim: int = -1) -> np.ndarray:
        if grad.shape != out.shape:
            grad = np.broadcast_to(grad, out.shape)
        if out.size == 0:   # the lane sums start at a lane's first element
            return grad.copy()
        if out.ndim == 0:
            return last(grad.reshape(1), out.reshape(1)).reshape(())
        if dim % out.ndim == out.ndim - 1:
            result = last(grad, out)
        else:
            result = along(grad, out, dim % out.ndim)
        # ATen's meta functions allocate grad_input contiguous, whatever grad's layout: a
        # reshape of it is a view (ViewBackward0), never a copy
        return result if result.flags.c_contiguous else result.copy()
    return backward


def _softmax_backward_last(grad: np.ndarray, out: np.ndarray) -> np.ndarray:
    """_vec_host_softmax_backward_lastdim: (g - Σ g·y) · y along the last axis."""
    return (grad - product_lane_sum(grad, out)[..., None]) * out


def _softmax_backward_along(grad: np.ndarray, out: np.ndarray, dim: int) -> np.ndarray:
    """_vec_softmax_backward: Σ g·y accumulated along `dim` in order from 0. with fused
    multiply-adds, then y · (g - Σ)."""
    g, y = np.moveaxis(grad, dim, 0), np.moveaxis(out, dim, 0)
    total = np.zeros_like(y[0])   # from 0.: a product of -0. sums to 0.
    for k in range(y.shape[0]):
        total = fma(g[k], y[k], total)
    return (grad - np.expand_dims(total, dim)) * out


def _log_softmax_backward_last(grad: np.ndarray, out: np.ndarray) -> np.ndarray:
    """_vec_host_softmax_backward_lastdim: g - e^y · Σ g along the last axis, the sum by vector
    lanes from a lane's first element (elements of -0. sum to -0.: g - e^y·Σ is 0.), SLEEF's
    exp on every lane, the product fused into the subtraction (checked against torch)."""
    if _is_few(out, out.ndim - 1) and grad.dtype == np.float32:
        return _log_softmax_backward_few(grad, out)
    total = np.broadcast_to(lane_sum(grad)[..., None], out.shape)
    return fma(-_VECTOR_EXP[out.dtype](out), total, grad)


def _log_softmax_backward_along(grad: np.ndarray, out: np.ndarray, dim: int) -> np.ndarray:
    """_vec_log_softmax_backward: Σ g along `dim` in order from 0., then g - e^y · Σ, the exp
    split as the forward's (_exp_along: std::exp is glibc's), the product fused."""
    g, y = np.moveaxis(grad, dim, -1), np.moveaxis(out, dim, -1)
    total = np.zeros_like(y[..., 0])   # from 0.: elements of -0. sum to 0.
    for k in range(y.shape[-1]):
        total = total + g[..., k]
    e = _exp_along(y, out.shape[dim + 1:])
    return np.moveaxis(fma(-e, np.broadcast_to(total[..., None], e.shape), g), -1, dim)


softmax_backward = _half_in_float(_backward(_softmax_backward_last, _softmax_backward_along))
log_softmax_backward = _half_in_float(_backward(_log_softmax_backward_last,
                                                _log_softmax_backward_along))


def _log_softmax_backward_few(grad: np.ndarray, out: np.ndarray) -> np.ndarray:
    """log_softmax_backward of a few float32 elements in Python floats, with the same bits (a
    row shorter than a vector is summed in order)."""
    n = out.shape[-1]
    g = grad.ravel().tolist()   # grad has out's shape (_backward broadcast it)
    totals = []
    for start in range(0, len(g), n):
        total = g[start]
        for v in g[start + 1:start + n]:
            total = round32(total + v)
        totals += [total] * n
    result = fma32_few([-expf_one(v) for v in out.ravel().tolist()], totals, g)
    return np.array(result, F32).reshape(out.shape)


# ---- losses ------------------------------------------------------------------------------
def reduce_loss(loss: np.ndarray, reduction: str) -> np.ndarray:
    """apply_loss_reduction: the mean is the ordered float sum divided by the count."""
    if reduction == "none":
        return loss
    total = ordered_sum(loss, tuple(range(loss.ndim))).reshape(())
    if reduction == "sum":
        return total
    return total / loss.dtype.type(loss.size)


# negative log-likelihood: the per-sample terms are summed in ATen's cascade (nll_loss_out_frame)
def _cascade_sum(terms, weights, dt) -> tuple:
    """Σ -terms and Σ weights, accumulated in the input's precision through ATen's 8 levels."""
    n = len(terms)
    power = max(4, (max(n, 1) - 1).bit_length() // 8)
    mask = (1 << power) - 1
    loss, weight = [dt(0)] * 8, [dt(0)] * 8
    for b, (term, w) in enumerate(zip(terms, weights)):
        if term is None:
            continue
        loss[0], weight[0] = dt(loss[0] - term), dt(weight[0] + w)
        for j in range(7):
            if b & (mask << (j * power)):
                break
            loss[j + 1], weight[j + 1] = dt(loss[j + 1] + loss[j]), dt(weight[j + 1] + weight[j])
            loss[j], weight[j] = dt(0), dt(0)
    total_loss, total_weight = dt(0), dt(0)
    for part_loss, part_weight in zip(loss, weight):
        total_loss, total_weight = dt(total_loss + part_loss), dt(total_weight + part_weight)
    return total_loss, total_weight


def nll_loss(a: np.ndarray, target: np.ndarray, weight, reduction: str, ignore_index: int) -> tuple:
    """nll_loss_out_frame: the output, and the total weight the mean divides by."""
    dt = a.dtype.type
    rows = a.reshape(-1, a.shape[-1])
    picked = target.reshape(-1).astype(np.int64)
    w = None if weight is None else weight.astype(a.dtype)
    terms, weights = [], []
    for i, t in enumerate(picked):
        if t == ignore_index:
            terms.append(None)
            weights.append(dt(0))
            continue
        weights.append(dt(1) if w is None else w[t])
        terms.append(rows[i, t] if w is None else rows[i, t] * w[t])
    if reduction == "none" and a.ndim == 2:
        out = np.array([dt(0) if term is None else -term for term in terms], a.dtype)
        return out, dt(0)
    if a.ndim == 1:
        total_weight = weights[0]
        out = dt(0) if terms[0] is None else -terms[0]
        if reduction == "mean":
            out = dt(out / total_weight)
        return np.asarray(out, a.dtype), total_weight
    total, total_weight = _cascade_sum(terms, weights, dt)
    if weight is None:
        total_weight = dt(len(terms) - sum(term is None for term in terms))
    if reduction == "mean":
        total = dt(total / total_weight)
    return np.asarray(total, a.dtype), total_weight
