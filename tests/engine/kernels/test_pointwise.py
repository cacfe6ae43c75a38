"""kernels/pointwise.py: glibc's log1pf one element at a time (a few elements) gives the bits of
the whole-array port, for float32 values of every kind."""
from __future__ import annotations

import numpy as np

from gradcli.engine.kernels.pointwise import FEW, glibc_log1pf

SPECIAL = [0.0, -0.0, 1.0, -1.0, -0.5, 0.41421, 0.41422, -0.29289, -0.2929, 1e-30, -1e-30,
           2.0 ** -29, 2.0 ** -20, 3e38, np.inf, -np.inf, np.nan, 0.25, 7.0, 1e20, -0.9999]


def test_log1pf_one_by_one_equals_the_whole_array_port():
    rng = np.random.default_rng(15)
    values = np.concatenate([
        np.array(SPECIAL, np.float32),
        rng.integers(-2 ** 31, 2 ** 31, 6000, dtype=np.int64).astype(np.int32).view(np.float32),
        rng.uniform(-1, 10, 3000).astype(np.float32),
        (rng.standard_normal(3000) * 1e-3).astype(np.float32)])
    assert values.size > FEW
    whole = glibc_log1pf(values)
    one_by_one = np.concatenate([glibc_log1pf(values[i:i + FEW])
                                 for i in range(0, values.size, FEW)])
    assert one_by_one.view(np.int32).tolist() == whole.view(np.int32).tolist()
