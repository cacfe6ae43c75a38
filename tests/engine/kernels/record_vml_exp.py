"""Record torch's exp and tanh (MKL's vsExp/vdExp, vsTanh/vdTanh) into vml_exp_reference.json,
the reference of test_vml_exp_bits.py.

Run with the interpreter that has torch installed (the project itself never imports torch):

    $TORCH_PYTHON tests/engine/kernels/record_vml_exp.py

The inputs are NumPy's, from the seeds both files share (`inputs`); each result is stored as the
SHA-256 of its little-endian bytes.
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

OUT = Path(__file__).with_name("vml_exp_reference.json")
OPS = ["exp", "tanh"]
UNPORTED: set = set()
COUNT = 40000   # random bit patterns per dtype: every range of every kernel, then edges
# the kernels' thresholds, each with its neighbours (a few units in the last place either way)
EDGES = {"float32": [87.33654, 88.72283, 103.97208, 12.0, 10.0, 0.125, 2.0 ** -126, 1e38],
         "float64": [708.3964185322641, 709.782712893384, 745.1332191019411, 20.0, 0.1171875,
                     2.0 ** -511, 2.0 ** 1023]}
SPECIAL = {"float32": np.array([0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7F800001,
                                0x80000000, 0, 1, 0x80000001], np.uint32),
           "float64": np.array([0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000,
                                0xFFF8000000000000, 0x7FF0000000000001, 1 << 63, 0, 1,
                                (1 << 63) | 1], np.uint64)}


def inputs(dtype: str) -> np.ndarray:
    """Random bit patterns (half of them of magnitude up to 128 or 1024, where the kernels'
    polynomial paths are), the thresholds' neighbours, and zeros, subnormals, inf and nan."""
    rng = np.random.default_rng(31 if dtype == "float32" else 32)
    bits, top = (np.uint32, 0x43000000) if dtype == "float32" else (np.uint64, 0x4090000000000000)
    width = np.dtype(bits).itemsize * 8
    sign = rng.integers(0, 2, COUNT // 2, np.uint64).astype(bits) << bits(width - 1)
    parts = [rng.integers(0, 2 ** width - 1, COUNT // 2, np.uint64, endpoint=True).astype(bits),
             rng.integers(0, top, COUNT // 2, np.uint64).astype(bits) | sign]
    for edge in EDGES[dtype]:
        near = (np.array(edge, dtype).view(bits) + np.arange(-3, 4).astype(bits)).astype(bits)
        parts += [near, near | bits(1 << (width - 1))]
    parts.append(SPECIAL[dtype])
    return np.concatenate(parts).view(dtype)


def digest(array: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<"))
                          .tobytes()).hexdigest()


def main() -> None:
    import torch   # here, so that the test imports this module's helpers without torch
    torch.set_num_threads(1)
    results = {f"{op}-{dtype}": digest(getattr(torch, op)(torch.from_numpy(inputs(dtype))).numpy())
               for op in OPS for dtype in ("float32", "float64")}
    OUT.write_text(json.dumps({"torch": torch.__version__, "results": results}, indent=1) + "\n")


if __name__ == "__main__":
    main()
