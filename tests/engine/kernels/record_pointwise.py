"""Record torch's results of the fused pointwise kernels into pointwise_reference.json, the
reference of test_pointwise_bits.py.

Run with the interpreter that has torch installed (the project itself never imports torch):

    $TORCH_PYTHON tests/engine/kernels/record_pointwise.py

The inputs are NumPy's, from seeds both files share (`inputs`); each result is stored as the
SHA-256 of its little-endian bytes.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

OUT = Path(__file__).with_name("pointwise_reference.json")
SIZES = [1, 5, 31, 32, 33, 67, 100, 40001]   # 40001: more than one chunk of the kernels
DTYPES = ["float32", "float64"]
SCALARS = [0.1, -0.5, 0.7, -2.3, 1e-3]
# name -> what torch computes from (a, b, c, s); test_pointwise_bits.py pairs each with a kernel
CALLS = {
    "add_scaled": lambda a, b, c, s: a.add(b, alpha=s),
    "addcmul": lambda a, b, c, s: a.addcmul(b, c, value=s),
    "addcmul_square": lambda a, b, c, s: a.addcmul(b, b, value=1),
    "addcdiv": lambda a, b, c, s: a.addcdiv(b, c, value=s),
    "lerp": lambda a, b, c, s: a.lerp(b, s),
    # weight 1 towards -0.: the vectorised steps give -0., the scalar rest 0.
    "lerp_one": lambda a, b, c, s: c.lerp(c * -0.0, 1.0),
    "lerp_one_tensor": lambda a, b, c, s: c.lerp(c * -0.0, c * 0 + 1),
    # fewer elements than a vector step: glibc's sinhf/coshf (sinh/cosh for float64)
    "sinh_short": lambda a, b, c, s: (a[:a.numel() % 16] * 3).sinh(),
    "cosh_short": lambda a, b, c, s: (a[:a.numel() % 16] * 3).cosh(),
    "sqrt": lambda a, b, c, s: c.sqrt(),
    "sin": lambda a, b, c, s: (a * 4).sin(),
    "cos": lambda a, b, c, s: (a * 4).cos(),
    "log": lambda a, b, c, s: c.log(),
    "atan": lambda a, b, c, s: (a * 4).atan(),
    "log1p": lambda a, b, c, s: (a * 4).log1p(),
}
SQRT_BITS = 20000   # float32 inputs of random bit patterns: every class of input
# the float64 kernels not ported (engine/kernels/vml.py, pointwise.py)
UNPORTED = {("sqrt", "float64"), ("log1p", "float64")}
SIN_BITS = 40000   # float32 and float64 inputs of random bit patterns


def inputs(size: int, dtype: str, seed: int):
    """a, b (normal) and c (positive) of `size` elements."""
    rng = np.random.default_rng(seed)
    a, b = rng.standard_normal((2, size)).astype(dtype)
    c = (rng.standard_normal(size) ** 2 + 0.01).astype(dtype)
    return a, b, c


def sqrt_bits_input() -> np.ndarray:
    return np.random.default_rng(7).integers(0, 2 ** 32, SQRT_BITS, np.uint64).astype(
        np.uint32).view(np.float32)


def sin_bits_input() -> np.ndarray:
    """Random bit patterns, half of them up to 10000 in magnitude (MKL's two paths), then ±inf
    and nans."""
    rng = np.random.default_rng(8)
    bits = np.concatenate([rng.integers(0, 2 ** 32, SIN_BITS // 2, np.uint64),
                           rng.integers(0, 0x461C4001, SIN_BITS // 2, np.uint64) | (
                               rng.integers(0, 2, SIN_BITS // 2, np.uint64) << 31)])
    special = np.array([0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001], np.uint64)
    return np.concatenate([bits, special]).astype(np.uint32).view(np.float32)


def sin_bits_input64() -> np.ndarray:
    """Random float64 bit patterns up to 65536 in magnitude (MKL's ported path), then ±inf and
    nans."""
    rng = np.random.default_rng(9)
    bits = rng.integers(0, 0x40F0000000000000, SIN_BITS, np.uint64) | (
        rng.integers(0, 2, SIN_BITS, np.uint64) << np.uint64(63))
    special = np.array([0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000,
                        0xFFF8000000000000], np.uint64)
    return np.concatenate([bits, special]).view(np.float64)


def bits_input64() -> np.ndarray:
    """Random float64 bit patterns of every kind, then ±0, ±inf and nans."""
    bits = np.random.default_rng(10).integers(0, 2 ** 64, SIN_BITS, np.uint64)
    special = np.array([0, 1 << 63, 0x7FF0000000000000, 0xFFF0000000000000,
                        0x7FF8000000000000, 0xFFF8000000000000, 0x7FF0000000000001], np.uint64)
    return np.concatenate([bits, special]).view(np.float64)


# "<op>_bits" and "<op>64_bits": the digest of torch.<op> of every kind of float32 and float64
# (MKL's VML ports in engine/kernels/vml.py, SLEEF's log1pf; a dtype left out is not ported)
BITS = {"log": {"float32": sqrt_bits_input, "float64": bits_input64},
        "atan": {"float32": sin_bits_input, "float64": bits_input64},
        "log1p": {"float32": sqrt_bits_input}}


def digest(array: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<"))
                          .tobytes()).hexdigest()


def main() -> None:
    import torch   # here, so that the test imports this module's helpers without torch
    torch.set_num_threads(1)
    cases = []
    for name, call in CALLS.items():
        for dtype in DTYPES:
            for seed, size in enumerate(SIZES):
                a, b, c = (torch.from_numpy(x) for x in inputs(size, dtype, seed))
                s = SCALARS[seed % len(SCALARS)]
                cases.append({"call": name, "dtype": dtype, "size": size, "seed": seed,
                              "scalar": s, "sha256": digest(call(a, b, c, s).numpy())})
    sqrt_bits = digest(torch.from_numpy(sqrt_bits_input()).sqrt().numpy())
    sin_bits = torch.from_numpy(sin_bits_input())
    sin_bits64 = torch.from_numpy(sin_bits_input64())
    OUT.write_text(json.dumps({"torch": torch.__version__, "cases": cases,
                               "sqrt_bits": sqrt_bits, "sin_bits": digest(sin_bits.sin().numpy()),
                               "cos_bits": digest(sin_bits.cos().numpy()),
                               "sin64_bits": digest(sin_bits64.sin().numpy()),
                               "cos64_bits": digest(sin_bits64.cos().numpy()),
                               **bits_digests(torch)}, indent=1) + "\n")


def bits_digests(torch) -> dict:
    return {f"{op}{'' if dtype == 'float32' else '64'}_bits":
            digest(getattr(torch, op)(torch.from_numpy(make())).numpy())
            for op, made in BITS.items() for dtype, make in made.items()}


if __name__ == "__main__":
    main()
