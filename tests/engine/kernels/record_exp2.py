"""Record torch.exp2 of float32 (SLEEF on TensorIterator's steps of 32, glibc's exp2f on the rest)
into exp2_reference.json, the reference of test_exp2_bits.py.

Run with the interpreter that has torch installed (the project itself never imports torch):

    PYTHONPATH=$PWD $TORCH_PYTHON -m tests.engine.kernels.record_exp2

The inputs are NumPy's, from the seed both files share (`inputs`); each result is stored as the
SHA-256 of its little-endian bytes.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from .record_vml_exp import digest

OUT = Path(__file__).with_name("exp2_reference.json")
SIZES = [1, 4, 16, 17, 31, 32, 59, 40000]   # all tail, one step, steps and a tail


def inputs(size: int) -> np.ndarray:
    """3·randn, then every kind of float32: random bit patterns, past ±128 and -150, inf, nan."""
    rng = np.random.default_rng(40 + size)
    normal = (3 * rng.standard_normal(size)).astype(np.float32)
    bits = rng.integers(0, 2 ** 32, size, np.uint64).astype(np.uint32).view(np.float32)
    edges = rng.uniform(-152, 130, size).astype(np.float32)
    return np.concatenate([normal, bits, edges, np.array(
        [128, -150, -149.9, np.inf, -np.inf, np.nan, -0.0], np.float32)[:size]])


def main() -> None:
    import torch   # here, so that the test imports this module's helpers without torch
    torch.set_num_threads(1)
    results = {str(size): digest(torch.exp2(torch.from_numpy(inputs(size))).numpy())
               for size in SIZES}
    OUT.write_text(json.dumps({"torch": torch.__version__, "results": results}, indent=1) + "\n")


if __name__ == "__main__":
    main()
