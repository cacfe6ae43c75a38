"""The cases of bits_reference.json, shared by record_bits.py (torch) and the kernel tests.

Inputs are built by integer arithmetic (a splitmix64 stream), so the recorder and the tests
make the same bits with any NumPy; an operand's layout says which kernel MKL runs:
c contiguous, t the transpose of a contiguous matrix, o rows starting off 16-byte alignment
(a slice of a taller matrix), bt the transposes of each matrix of a batch.
"""
from __future__ import annotations

import numpy as np

DIGEST_OVER = 64  # results with more elements are stored as a SHA-256


def values(shape, seed: int, dtype: str = "float32", scale: float = 2.0) -> np.ndarray:
    """Deterministic values in [-scale, scale): 24 random bits each, from splitmix64."""
    n = int(np.prod(shape, dtype=np.int64))
    with np.errstate(over="ignore"):
        z = np.arange(n, dtype=np.uint64) + np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    units = (z >> np.uint64(40)).astype(np.float64) / 2.0 ** 23 - 1.0
    return (units * scale).astype(dtype).reshape(shape)


LAYOUTS = {
    "c": (lambda x: x, lambda t: t),
    "t": (lambda x: x.T.copy(), lambda t: t.T),
    "o": (lambda x: np.concatenate((np.zeros((3,) + x.shape[1:], x.dtype), x)),
          lambda t: t[3:]),
    "bt": (lambda x: x.transpose(0, 2, 1).copy(), lambda t: t.mT),
}


def operand(case: dict, name: str) -> tuple:
    """(the logical operand, the contiguous array it lives in, the view that reads it there)."""
    shape, layout = case[f"shape_{name}"], case.get(f"layout_{name}", "c")
    seed = case["seed"] + (name == "b")
    array = values(shape, seed)
    if case.get("dtype") == "float64":  # 48 bits: products that round, so order shows
        array = values(shape, seed, "float64") + values(shape, seed + 50, "float64") * 2.0 ** -24
    store, view = LAYOUTS[layout]
    return array, store(array), view


def bias(case: dict) -> np.ndarray:
    """addmm's bias: one value per column."""
    return values(case["shape_b"][-1:], 99, case.get("dtype", "float32"))


def pow_operands(case: dict) -> tuple:
    """(base, exponent) of a pow_tensor case: bases >= 0."""
    dtype = case.get("dtype", "float32")
    return (np.abs(values(case["shape"], case["seed"], dtype, 3.0)),
            values(case["shape"], case["seed"] + 1, dtype, 3.0))


def backward_inputs(case: dict) -> tuple:
    """(grad, saved output) of a backward kernel's case; log_softmax's output is <= 0."""
    dtype = case.get("dtype", "float32")
    grad = values(case["shape"], case["seed"], dtype)
    out = values(case["shape"], case["seed"] + 1, dtype, scale=0.99)
    return grad, (-np.abs(out) * 4).astype(dtype) if case["op"] == "log_softmax_backward" \
        else out


def _mm(op, m, k, n, la="c", lb="c", seed=1, dtype="float32"):
    return {"op": op, "shape_a": [m, k], "shape_b": [k, n], "layout_a": la, "layout_b": lb,
            "seed": seed, "dtype": dtype}


CASES = [
    # sgemm, by kernel: the rank-1 kernel (transa N) with and without its peeled rows
    _mm("mm", 4, 3, 2), _mm("mm", 16, 100, 10), _mm("mm", 7, 50, 6), _mm("mm", 33, 17, 9),
    _mm("mm", 5, 100, 7), _mm("mm", 2, 40, 20), _mm("mm", 1, 64, 16), _mm("mm", 256, 256, 10),
    _mm("mm", 100, 64, 10, "t", "c"), _mm("mm", 8, 20, 5, "t", "t"),
    # the FMA kernel (m >= 12, n >= 4): k-blocks of 192, of K/2 for 192 < K <= 384
    _mm("mm", 64, 784, 16), _mm("mm", 16, 256, 16), _mm("mm", 16, 193, 16),
    _mm("mm", 4, 1000, 12), _mm("mm", 64, 300, 13, "c", "t"), _mm("mm", 20, 30, 40, "t", "t"),
    # the dot kernel (transa T, transb N) and sgemv 't' (n = 1)
    _mm("mm", 16, 100, 10, "c", "t"), _mm("mm", 13, 33, 5, "c", "t"), _mm("mm", 5, 9, 6, "c", "t"),
    _mm("mm", 1000, 2, 1), _mm("mm", 10, 5, 1), _mm("mm", 256, 20, 1), _mm("mm", 7, 64, 1),
    _mm("mm", 3, 31, 1), _mm("mm", 16, 13, 1, "o", "c"), _mm("mm", 9, 17, 1, "c", "t"),
    # a dot product in a 1 x 1 matrix, under each layout
    _mm("mm", 1, 3, 1), _mm("mm", 1, 64, 1), _mm("mm", 1, 64, 1, "t", "t"),
    _mm("mm", 1, 33, 1, "t", "c"), _mm("mm", 1, 17, 1, "c", "t"),
    # addmm: beta = 1 starts the rank-1 and FMA kernels from the bias, the others add it last
    _mm("addmm", 16, 20, 10), _mm("addmm", 16, 50, 6, "c", "t"), _mm("addmm", 16, 50, 16, "c", "t"),
    _mm("addmm", 16, 300, 16, "c", "t"), _mm("addmm", 8, 9, 1, "c", "t"), _mm("addmm", 1, 64, 1),
    # dgemm: sgemm's choice of kernel; k in order, or the rank-1 kernel's (a double peeled
    # before a 16-byte boundary), the other kernels not ported
    *(_mm(op, m, k, n, la, lb, 2, "float64") for op, m, k, n, la, lb in (
        ("mm", 2, 3, 2, "c", "c"), ("mm", 6, 3, 2, "t", "c"), ("mm", 3, 7, 5, "t", "c"),
        ("mm", 5, 40, 7, "c", "c"), ("mm", 3, 100, 11, "c", "c"), ("mm", 6, 3, 1, "c", "t"),
        ("addmm", 1, 8, 4, "c", "c"), ("addmm", 4, 3, 5, "c", "t"),
        ("addmm", 3, 30, 9, "c", "c"))),
    # sgemv 't' and 'n', sdot
    *({"op": "mv", "shape_a": [m, k], "shape_b": [k], "layout_a": la, "seed": 7}
      for m, k, la in ((16, 100, "c"), (7, 64, "c"), (1, 31, "c"), (5, 33, "t"), (4, 9, "c"))),
    *({"op": "dot", "shape_a": [k], "shape_b": [k], "seed": 8}
      for k in (3, 4, 5, 9, 12, 13, 16, 17, 31, 33, 100, 784)),
    # ddot: 4 accumulators of 2 lanes, the groups left to the first
    *({"op": "dot", "shape_a": [k], "shape_b": [k], "seed": 8, "dtype": "float64"}
      for k in (2, 3, 4, 5, 7, 12, 14, 21, 100)),
    *({"op": "dot", "shape_a": [k], "shape_b": [k], "layout_a": "o", "layout_b": "o", "seed": 8,
       "dtype": "float64"} for k in (6, 13)),
    # bmm: ATen's own loop below 400 multiply-adds a matrix, else sgemm on each matrix in place
    *({"op": "bmm", "shape_a": [b, m, k], "shape_b": [b, k, n], "layout_a": la, "seed": 9}
      for b, m, k, n, la in ((2, 2, 5, 3, "c"), (3, 5, 17, 9, "c"), (2, 13, 40, 17, "c"),
                             (5, 1, 50, 30, "c"), (2, 16, 20, 16, "bt"))),
    *({"op": "bmm", "shape_a": [b, m, k], "shape_b": [b, k, n], "layout_a": la, "seed": 9,
       "dtype": "float64"}
      for b, m, k, n, la in ((2, 2, 3, 2, "c"), (3, 4, 9, 5, "bt"), (3, 5, 17, 9, "c"))),
    # pow: x*x*x, 1/(x*x), SLEEF's powf on whole vector steps and the C library on the rest
    *({"op": "pow", "shape": [1007], "seed": 10, "dtype": dt, "scale": 3.0, "exponent": e,
       "abs": e != int(e)}
      for dt, exps in (("float32", (3, -2, 1.5, 4, 0.3, -1.7, 2.5, 7)), ("float64", (3, -2)))
      for e in exps),
    {"op": "pow_tensor", "shape": [1007], "seed": 11},
    # float64: SLEEF's pow on steps of 16, glibc's pow on the rest
    *({"op": "pow", "shape": [n], "seed": 14, "dtype": "float64", "scale": 3.0, "exponent": e,
       "abs": e != int(e)} for n in (1007, 13) for e in (1.5, 4, -1.7)),
    {"op": "pow_tensor", "shape": [1007], "seed": 15, "dtype": "float64"},
    # linspace from both ends, arange by vector steps of the AVX2 kernel
    *({"op": "linspace", "args": list(args), "dtype": dt}
      for args, dt in (((-3.14159, 3.14159, 2000), "float32"), ((0, 1, 100), "float32"),
                       ((0, 1, 100), "float64"), ((-5, 5, 37), "float32"), ((0, 10, 7), "int64"))),
    *({"op": "arange", "args": list(args), "dtype": dt}
      for args, dt in (((0.5, 7.3, 0.013), "float32"), ((0.5, 7.3, 0.013), "float64"),
                       ((0, 10, 1 / 3), "float32"), ((-1, 1, 0.001), "float32"))),
    # backward kernels: tanh_backward's fused 1 - y*y; softmax's along the last dim
    {"op": "tanh_backward", "shape": [1007], "seed": 12},
    *({"op": op, "shape": list(shape), "seed": 13}
      for op in ("softmax_backward", "log_softmax_backward")
      for shape in ((256, 10), (19, 53), (4, 7), (8, 33), (7, 1000))),
    # softmax's kernels forward and backward, and logsumexp, along the last dim (float64: SLEEF's
    # exp and log, lanes added in order) and another (whole vectors of the inner dims by SLEEF,
    # the rest by glibc); logsumexp keeps its dim
    *({"op": op, "shape": list(shape), "seed": 16, "dtype": dt, "dim": dim}
      for op in ("softmax", "log_softmax", "logsumexp", "softmax_backward",
                 "log_softmax_backward")
      for dt in ("float32", "float64")
      for shape, dim in (((4, 7), 1), ((19, 53), 1), ((3,), 0), ((5, 11, 9), 1), ((17, 20), 0),
                         ((2, 3, 4), 0))),
]
