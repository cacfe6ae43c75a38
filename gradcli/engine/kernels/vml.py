"""Intel MKL's vector math (VML) as PyTorch's float kernels call it on this machine: sqrt."""
from __future__ import annotations

import base64
import functools
import zlib

import numpy as np

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


@functools.cache
def _table() -> np.ndarray:
    """The 8192 estimates on [1, 4), as float32 bit patterns."""
    steps = np.frombuffer(zlib.decompress(base64.b64decode("".join(_RSQRTPS_STEPS))),
                          np.uint8).astype(np.int32) - 8
    return ((8192 + np.cumsum(steps)) / 8192).astype(F32).view(np.int32)


def rsqrtps(x: np.ndarray) -> np.ndarray:
    """The rsqrtps estimate of 1/sqrt(x) for positive normal float32 x: the table's value for
    the parity and top mantissa bits, its exponent lowered by half of x's."""
    bits = x.view(np.int32)
    key = ((bits - 0x3F800000) >> 11) & 0x1FFF
    return (_table()[key] - ((((bits >> 23) - 127) >> 1) << 23)).view(F32)


CHUNK = 16384   # lanes at a time: the temporaries stay in the cache


def sqrt(x: np.ndarray) -> np.ndarray:
    """torch.sqrt: float32 as MKL computes it (above); float64 correctly rounded (MKL's
    double kernel, which differs in about 1.5 % of results, is not ported)."""
    if x.dtype != F32 or x.size == 0:
        return np.sqrt(x)
    if x.size <= CHUNK:
        return _sqrt32(x)
    flat = x.reshape(-1)
    out = np.empty(x.size, F32)
    for i in range(0, x.size, CHUNK):
        out[i:i + CHUNK] = _sqrt32(flat[i:i + CHUNK])
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
