"""Record torch's sums and 2-norms of small tensors into sums_reference.json (test_reduction.py).

Run with the Python that has torch 2.13 (one thread, as the conformance recordings are made):
    /work/torchenv/bin/python tests/engine/kernels/record_sums.py
Small shapes (and two of 37 and 95 elements), in each layout (a permutation of a contiguous
tensor), over every set of dims, float32 and float64; values spread over many magnitudes, so
that the order of the additions shows in the bits.
"""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import torch

OUT = Path(__file__).with_name("sums_reference.json")
SHAPES = [(2,), (3,), (4,), (5,), (7,), (8,), (2, 2), (2, 3), (3, 2), (1, 3), (2, 4), (4, 2),
          (2, 2, 2), (2, 1, 3), (3, 1, 2), (1, 2, 2), (37,), (5, 19)]


def values(n: int, rng) -> np.ndarray:
    return rng.standard_normal(n) * 10.0 ** rng.integers(-3, 8, n)


def cases():
    rng = np.random.default_rng(15)
    for shape, dtype in itertools.product(SHAPES, ("float32", "float64")):
        for perm in itertools.permutations(range(len(shape))):
            data = values(int(np.prod(shape)), rng).astype(dtype)
            for k in range(len(shape) + 1):
                for axes in itertools.combinations(range(len(shape)), k):
                    yield {"shape": shape, "perm": perm, "dtype": dtype, "axes": axes,
                           "data": data.tolist()}


def main() -> None:
    torch.set_num_threads(1)
    out = []
    for case in cases():
        base = torch.tensor(case["data"], dtype=getattr(torch, case["dtype"]))
        t = base.reshape(case["shape"]).permute(case["perm"])
        dims = list(case["axes"]) if case["axes"] else None
        total = t.sum(dims, keepdim=True) if dims else t.sum()
        norm = torch.linalg.vector_norm(t, 2, dims, keepdim=True)
        case["sum"] = total.numpy().tobytes().hex()
        case["norm"] = norm.numpy().tobytes().hex()
        out.append(case)
    OUT.write_text(json.dumps(out, separators=(",", ":")))
    print(f"{len(out)} cases -> {OUT}")


if __name__ == "__main__":
    main()
