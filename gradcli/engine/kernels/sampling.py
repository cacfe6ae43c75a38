"""Bit-exact ports of the CPU sampling kernels torch.distributions reaches beyond the uniform
and normal fills: Tensor.exponential_, torch.multinomial and bernoulli with a tensor of
probabilities, drawing from the MT19937 generator of kernels/random.py.

Measured against torch 2.13 on the recording machine (AMD EPYC): exponential_ runs ATen's
exponential_kernel_default (-1/λ·log1p(-u) of one 53-bit uniform per element, in double, then
rounded to the tensor's dtype), for every size; the MKL VSL stream of DistributionKernels.cpp's
other branch is not taken there. multinomial (Distributions.cpp) takes that exponential for
the Gumbel-max trick, argmax(p / q), when it samples without replacement or draws one sample
(topk for several), and MultinomialKernel.cpp's search of the cumulative distribution with one
53-bit uniform per sample otherwise.
"""
from __future__ import annotations

import math

import numpy as np

from .random import Generator, _libm, _store

def exponential_(gen: Generator, out: np.ndarray, lambd: float) -> np.ndarray:
    """Tensor.exponential_(lambd), in place, in out's memory order."""
    u = gen._uniform(out.size, np.dtype(np.float64))
    _store(out, ((-1.0 / lambd) * _libm(math.log1p, -u)).astype(out.dtype))
    return out


def multinomial(gen: Generator, probs: np.ndarray, n_sample: int, replacement: bool) -> np.ndarray:
    """torch.multinomial of a checked 1-d or 2-d float array: int64 indices, one row per row."""
    rows = probs.reshape(-1, probs.shape[-1])
    if not replacement or n_sample == 1:
        q = exponential_(gen, np.empty(rows.shape, rows.dtype), 1.0)
        q = rows / q
        if n_sample == 1:
            out = np.argmax(q, axis=-1)[:, None]
        else:   # topk: the largest first
            out = np.argsort(-q, axis=-1, kind="stable")[:, :n_sample]
    else:
        out = np.stack([_with_replacement(gen, row, n_sample) for row in rows])
    return out.astype(np.int64).reshape(probs.shape[:-1] + (n_sample,))


def _with_replacement(gen: Generator, row: np.ndarray, n_sample: int) -> np.ndarray:
    """multinomial_with_replacement_apply for one row: its running sums in the row's dtype,
    divided by the total, the last set to 1, and for each sample the first bucket that is not
    below a 53-bit uniform."""
    total = row.dtype.type(0)
    cum = np.empty_like(row)
    for j, value in enumerate(row):
        if not value >= 0:
            raise RuntimeError("invalid multinomial distribution (encountering probability "
                               "entry < 0)")
        if not math.isfinite(value):
            raise RuntimeError("invalid multinomial distribution (encountering probability "
                               "entry = infinity or NaN)")
        total = total + value
        cum[j] = total
    if not total > 0:
        raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    cum = cum / total
    cum[-1] = 1
    u = gen._uniform(n_sample, np.dtype(np.float64))
    return np.searchsorted(cum.astype(np.float64), u, side="left")


def bernoulli(gen: Generator, p: np.ndarray) -> np.ndarray:
    """bernoulli_tensor_cpu_kernel into a new array of p's dtype: a 24-bit uniform per element
    for float32 p (bernoulli_distribution<float>), a 53-bit one for float64, 1 where below p."""
    if not ((p >= 0) & (p <= 1)).all():   # checked before anything is drawn
        raise RuntimeError("Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could "
                           "this error message be improved?  If so, please report an "
                           "enhancement request to PyTorch.)")
    u = gen._uniform(p.size, p.dtype).reshape(p.shape)
    return (u < p).astype(p.dtype)
