"""Bit-for-bit checks of the fused pointwise kernels (add with alpha, addcmul, addcdiv, lerp),
of glibc's sinhf and coshf, of MKL's sqrt, sin, cos, log and atan and of SLEEF's log1pf
against torch's results recorded in pointwise_reference.json."""
from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from gradcli.engine.kernels import pointwise, vml

from .record_pointwise import (BITS, SIN_BITS, UNPORTED, bits_input64, digest, inputs,
                               sin_bits_input, sin_bits_input64, sqrt_bits_input)

SINH, COSH = (pointwise.sleef_head_libm_tail(f, g, h) for f, g, h in (
    (np.sinh, math.sinh, pointwise.sinhf_one), (np.cosh, math.cosh, pointwise.coshf_one)))
REFERENCE = json.loads(Path(__file__).with_name("pointwise_reference.json").read_text())
KERNELS = {
    "add_scaled": lambda a, b, c, s: pointwise.add_scaled(a, b, s),
    "addcmul": lambda a, b, c, s: pointwise.addcmul(a, b, c, s),
    "addcmul_square": lambda a, b, c, s: pointwise.addcmul(a, b, b, 1),
    "addcdiv": lambda a, b, c, s: pointwise.addcdiv(a, b, c, s),
    "lerp": lambda a, b, c, s: pointwise.lerp(a, b, s),
    "lerp_one": lambda a, b, c, s: pointwise.lerp(c, c * -0.0, 1.0),
    "lerp_one_tensor": lambda a, b, c, s: pointwise.lerp(c, c * -0.0, c * 0 + 1),
    "sinh_short": lambda a, b, c, s: SINH(a[:a.size % 16] * 3),
    "cosh_short": lambda a, b, c, s: COSH(a[:a.size % 16] * 3),
    "sqrt": lambda a, b, c, s: vml.sqrt(c),
    "sin": lambda a, b, c, s: vml.sin(a * 4),
    "cos": lambda a, b, c, s: vml.cos(a * 4),
    "log": lambda a, b, c, s: vml.log(c),
    "atan": lambda a, b, c, s: vml.atan(a * 4),
    "log1p": lambda a, b, c, s: pointwise.log1p(a * 4),
}
BIT_KERNELS = {"log": vml.log, "atan": vml.atan, "log1p": pointwise.log1p}
CASES = [c for c in REFERENCE["cases"] if (c["call"], c["dtype"]) not in UNPORTED]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['call']}-{c['dtype']}-{c['size']}")
def test_kernel_gives_torchs_bits(case: dict) -> None:
    a, b, c = inputs(case["size"], case["dtype"], case["seed"])
    got = KERNELS[case["call"]](a, b, c, case["scalar"])
    assert got.dtype == np.dtype(case["dtype"])
    assert digest(got) == case["sha256"]


def test_sqrt_of_every_kind_of_float32() -> None:
    # random bit patterns: normal, subnormal, zero, negative, infinite and nan inputs
    assert digest(vml.sqrt(sqrt_bits_input())) == REFERENCE["sqrt_bits"]


def test_sqrt_keeps_shape_and_strides_do_not_matter() -> None:
    x = np.arange(1, 13, dtype=np.float32).reshape(3, 4)
    assert np.array_equal(vml.sqrt(x.T), vml.sqrt(x).T)
    assert vml.sqrt(np.array(np.float32(6.25))).shape == ()


@pytest.mark.parametrize("name", ["sin", "cos"])
def test_sin_cos_of_every_kind_of_float32(name: str) -> None:
    # random bit patterns: normal, subnormal, zero, negative and huge inputs, then inf and nan
    assert digest(getattr(vml, name)(sin_bits_input())) == REFERENCE[f"{name}_bits"]


@pytest.mark.parametrize("name", ["sin", "cos"])
def test_sin_cos_of_every_kind_of_float64_up_to_65536(name: str) -> None:
    # beyond, MKL's double kernels take a path that is not ported (glibc's results there)
    assert digest(getattr(vml, name)(sin_bits_input64())) == REFERENCE[f"{name}64_bits"]


@pytest.mark.parametrize("name", ["sin", "cos"])
def test_sin_cos_keep_shape_and_strides_do_not_matter(name: str) -> None:
    kernel = getattr(vml, name)
    for dtype in (np.float32, np.float64):
        x = np.linspace(-7, 7, 12, dtype=dtype).reshape(3, 4)
        assert np.array_equal(kernel(x.T), kernel(x).T)
        assert kernel(np.array(dtype(0.5))).shape == ()
        assert kernel(np.array(dtype(1e5))).shape == ()   # MKL's large-argument path


@pytest.mark.parametrize("name", ["sin", "cos"])
def test_sin_cos_of_a_few_float32_at_a_time(name: str) -> None:
    # up to vml.FEW elements go one Python float at a time: the bits of the whole-array port
    # (checked against torch above), on its usual inputs; a few with an unusual one go whole
    usual = sin_bits_input()[SIN_BITS // 2:]
    x = np.concatenate([usual, np.array([10000.5, -np.inf, np.nan, 1.0], np.float32)])
    kernel = getattr(vml, name)
    with np.errstate(all="ignore"):
        whole = kernel(x)
        few = np.concatenate([kernel(x[i:i + vml.FEW]) for i in range(0, x.size, vml.FEW)])
    assert few.view(np.uint32).tolist() == whole.view(np.uint32).tolist()


@pytest.mark.parametrize("op, dtype, make", [(op, dtype, make) for op, made in BITS.items()
                                             for dtype, make in made.items()])
def test_vml_of_every_kind_of_float(op: str, dtype: str, make) -> None:
    # random bit patterns: normal, subnormal, zero, negative, huge, infinite and nan inputs
    key = f"{op}{'' if dtype == 'float32' else '64'}_bits"
    with np.errstate(all="ignore"):
        assert digest(BIT_KERNELS[op](make())) == REFERENCE[key]


@pytest.mark.parametrize("op", list(BIT_KERNELS))
def test_vml_of_a_few_float32_at_a_time(op: str) -> None:
    # the one-Python-float path gives the whole-array port's bits (checked against torch above)
    # on its usual inputs, normal ones (positive for the logs); a few with an unusual one go whole
    x = sqrt_bits_input()
    x = x[(np.abs(x) >= np.finfo(np.float32).tiny) & (np.abs(x) < 2.0 ** 100)]
    x = np.concatenate([x if op == "atan" else np.abs(x),
                        np.array([1.0, 0.0, -np.inf, np.nan, 1e-45], np.float32)])
    kernel = BIT_KERNELS[op]
    with np.errstate(all="ignore"):
        whole = kernel(x)
        few = np.concatenate([kernel(x[i:i + vml.FEW]) for i in range(0, x.size, vml.FEW)])
    assert few.view(np.uint32).tolist() == whole.view(np.uint32).tolist()


@pytest.mark.parametrize("op", ["log", "atan"])
def test_vml_of_a_few_float64_at_a_time(op: str) -> None:
    x = bits_input64()
    x = x[(np.abs(x) >= np.finfo(np.float64).tiny) & (np.abs(x) < np.inf)]
    x = np.concatenate([np.abs(x) if op == "log" else x, [1.0, 0.0, -0.0, np.nan, np.inf]])
    kernel = BIT_KERNELS[op]
    with np.errstate(all="ignore"):
        whole = kernel(x)
        few = np.concatenate([kernel(x[i:i + vml.FEW]) for i in range(0, x.size, vml.FEW)])
    assert few.view(np.uint64).tolist() == whole.view(np.uint64).tolist()


@pytest.mark.parametrize("op", list(BIT_KERNELS))
def test_vml_keeps_shape_and_strides_do_not_matter(op: str) -> None:
    kernel = BIT_KERNELS[op]
    for dtype in (np.float32, np.float64):
        for n in (2, 5, 9):   # one float at a time, and whole arrays
            x = np.linspace(0.1, 7, n * n, dtype=dtype).reshape(n, n)
            assert np.array_equal(kernel(x.T), kernel(x).T)
            assert np.array_equal(kernel(x).ravel(), kernel(x.ravel()))
        assert kernel(np.array(dtype(0.5))).shape == ()
