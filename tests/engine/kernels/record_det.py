"""Record torch's linalg.det of small matrices into det_reference.json (test_decomposition.py).

Run with the Python that has torch 2.13 (one thread, as the conformance recordings are made):
    /work/torchenv/bin/python tests/engine/kernels/record_det.py
1 to 16 rows, float32 and float64, random values and small integers with zeros of both signs
(singular matrices, whose determinant is a signed zero), each contiguous and transposed.
"""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import torch

OUT = Path(__file__).with_name("det_reference.json")
SIZES = (1, 2, 3, 4, 5, 6, 8, 16)


def matrices():
    rng = np.random.default_rng(16)
    for n, dtype, kind, transposed in itertools.product(SIZES, ("float32", "float64"),
                                                         ("normal", "integers"), (False, True)):
        for _ in range(2):
            if kind == "normal":
                a = rng.standard_normal((n, n))
            else:
                a = rng.integers(-2, 3, (n, n)) * 1.0
                a = np.where(a == 0, np.copysign(0.0, rng.standard_normal((n, n))), a)
            yield {"data": a.astype(dtype).tolist(), "dtype": dtype, "transposed": transposed}


def main() -> None:
    torch.set_num_threads(1)
    out = []
    for case in matrices():
        a = torch.tensor(case["data"], dtype=getattr(torch, case["dtype"]))
        det = torch.linalg.det(a.t() if case["transposed"] else a)
        out.append(dict(case, det=det.numpy().tobytes().hex()))
    OUT.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"{len(out)} determinants -> {OUT}")


if __name__ == "__main__":
    main()
