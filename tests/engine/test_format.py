"""PyTorch's tensor text: the rules of torch/_tensor_str.py, checked on PyTorch's own output."""
from __future__ import annotations

import math

import numpy as np
import pytest

from gradcli.engine import Tensor
from gradcli.engine import dtypes as D

nan, inf = math.nan, math.inf


def t(values, dtype=D.float32, requires_grad=False):
    return Tensor(np.array(values, dtype=dtype.np), requires_grad=requires_grad)


# (values, dtype) -> what torch 2.13 printed (reference/pytorch-semantics.md §1.2)
CASES = [
    ([4.5, 4.5], D.float32, "tensor([4.5000, 4.5000])"),
    (27., D.float32, "tensor(27.)"),
    ([1.0, -2.0], D.float32, "tensor([ 1., -2.])"),
    ([0.1, 100.0], D.float32, "tensor([  0.1000, 100.0000])"),
    (0., D.float32, "tensor(0.)"),
    ([1., 1000.], D.float32, "tensor([   1., 1000.])"),
    ([1., 1001.], D.float32, "tensor([1.0000e+00, 1.0010e+03])"),
    ([0.5, 500.5], D.float32, "tensor([5.0000e-01, 5.0050e+02])"),
    ([1e8], D.float32, "tensor([100000000.])"),
    (123456789., D.float32, "tensor(1.2346e+08)"),
    ([0.00012345], D.float32, "tensor([0.0001])"),
    ([1e-4, 1.0], D.float32, "tensor([1.0000e-04, 1.0000e+00])"),
    ([9e-5, 1e-4], D.float32, "tensor([9.0000e-05, 1.0000e-04])"),
    ([-1e-5, 1.0], D.float32, "tensor([-1.0000e-05,  1.0000e+00])"),
    ([1e100, 1.], D.float64, "tensor([1.0000e+100,  1.0000e+00], dtype=torch.float64)"),
    ([12345.678], D.float32, "tensor([12345.6777])"),
    ([0.03125], D.float32, "tensor([0.0312])"),
    (2.00005, D.float32, "tensor(2.0001)"),
    ([-0.0, 1.0], D.float32, "tensor([-0., 1.])"),
    ([-0.0, 1.5], D.float32, "tensor([-0.0000, 1.5000])"),
    ([nan, 1.0], D.float32, "tensor([nan, 1.])"),
    ([nan, 10.], D.float32, "tensor([nan, 10.])"),
    ([nan, 1.5], D.float32, "tensor([   nan, 1.5000])"),
    ([inf, -inf, 1.0], D.float32, "tensor([inf, -inf, 1.])"),
    ([inf, 1e-5], D.float32, "tensor([       inf, 1.0000e-05])"),
    (nan, D.float32, "tensor(nan)"),
    ([0., 0.5], D.float32, "tensor([0.0000, 0.5000])"),
    ([1, -20, 300], D.int64, "tensor([  1, -20, 300])"),
    (5, D.int64, "tensor(5)"),
    ([True, False], D.bool_, "tensor([ True, False])"),
    ([1, 2], D.int32, "tensor([1, 2], dtype=torch.int32)"),
    ([1., 2.], D.float64, "tensor([1., 2.], dtype=torch.float64)"),
    ([], D.float32, "tensor([])"),
    (np.zeros((0, 3)), D.float32, "tensor([], size=(0, 3))"),
    ([], D.int64, "tensor([], dtype=torch.int64)"),
    ([], D.bool_, "tensor([], dtype=torch.bool)"),
    (np.zeros((0, 2)), D.int64, "tensor([], size=(0, 2), dtype=torch.int64)"),
    ([[1.5, -2.0], [3.0, 4.25]], D.float32,
     "tensor([[ 1.5000, -2.0000],\n        [ 3.0000,  4.2500]])"),
    (np.arange(2000), D.int64, "tensor([   0,    1,    2,  ..., 1997, 1998, 1999])"),
    (np.arange(1001.), D.float32, "tensor([   0.,    1.,    2.,  ...,  998.,  999., 1000.])"),
    (np.arange(1002.), D.float32,
     "tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 9.9900e+02, 1.0000e+03,\n"
     "        1.0010e+03])"),
    (np.ones((40, 30)), D.float32,
     "tensor([[1., 1., 1.,  ..., 1., 1., 1.],\n" + "        [1., 1., 1.,  ..., 1., 1., 1.],\n" * 2
     + "        ...,\n" + "        [1., 1., 1.,  ..., 1., 1., 1.],\n" * 2
     + "        [1., 1., 1.,  ..., 1., 1., 1.]])"),
    (np.arange(30), D.int64,
     "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
     "        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])"),
    (np.arange(16).reshape(2, 2, 2, 2), D.int64,
     "tensor([[[[ 0,  1],\n          [ 2,  3]],\n\n         [[ 4,  5],\n          [ 6,  7]]],\n\n\n"
     "        [[[ 8,  9],\n          [10, 11]],\n\n         [[12, 13],\n          [14, 15]]]])"),
]


@pytest.mark.parametrize("values, dtype, text", CASES, ids=[c[2][:40] for c in CASES])
def test_repr(values, dtype, text):
    assert repr(t(values, dtype)) == text


def test_arange_divided_wraps_at_80_columns():
    x = t(np.arange(30.)) / 7
    assert repr(x).splitlines()[0] == ("tensor([0.0000, 0.1429, 0.2857, 0.4286, 0.5714, 0.7143, "
                                       "0.8571, 1.0000, 1.1429,")


# suffixes and their wrapping (§1.4)
def test_suffix_on_the_same_line_when_it_fits():
    a = (t(np.arange(6.)) / 3).requires_grad_()
    assert repr(a) == ("tensor([0.0000, 0.3333, 0.6667, 1.0000, 1.3333, 1.6667], "
                       "requires_grad=True)")


def test_suffix_wraps_past_80_columns():
    a = (t(np.arange(6.)) / 3).requires_grad_()
    assert repr(a / 1) == ("tensor([0.0000, 0.3333, 0.6667, 1.0000, 1.3333, 1.6667],\n"
                           "       grad_fn=<DivBackward0>)")


def test_dtype_fits_and_grad_fn_wraps():
    b = (t(np.arange(5.)) / 3).double().requires_grad_()
    assert repr(b * 2) == ("tensor([0.0000, 0.6667, 1.3333, 2.0000, 2.6667], dtype=torch.float64,\n"
                           "       grad_fn=<MulBackward0>)")


def test_exp_in_scientific_mode_with_wrapped_suffix():
    x = t(np.arange(10.)).requires_grad_().exp()
    assert repr(x) == (
        "tensor([1.0000e+00, 2.7183e+00, 7.3891e+00, 2.0086e+01, 5.4598e+01, 1.4841e+02,\n"
        "        4.0343e+02, 1.0966e+03, 2.9810e+03, 8.1031e+03],\n"
        "       grad_fn=<ExpBackward0>)")


def test_format_of_0d_tensor_formats_its_item():
    assert f"{t(2.5)}" == "2.5" and f"{t(1 / 3):.2f}" == "0.33"
    with pytest.raises(TypeError, match="unsupported format string passed to Tensor.__format__"):
        format(t([2.5]), ".2f")


# torch.set_printoptions: (options, values, dtype) -> what torch 2.13 printed under them
OPTION_CASES = [
    (dict(precision=2), [[-0.8567, 1.1006], [0.1227, -0.5663]], D.float32,
     "tensor([[-0.86,  1.10],\n        [ 0.12, -0.57]])"),
    (dict(precision=2), [1e-5, 1.], D.float32, "tensor([1.00e-05, 1.00e+00])"),
    (dict(precision=2, sci_mode=False), [1e-5, 1., 1e9], D.float32,
     "tensor([         0.00,          1.00, 1000000000.00])"),
    (dict(precision=2, sci_mode=True), [-0.8567, 1.1006], D.float32,
     "tensor([-8.57e-01,  1.10e+00])"),
    (dict(sci_mode=True), [1., 2.], D.float32, "tensor([1.0000e+00, 2.0000e+00])"),
    (dict(sci_mode=True), [1, 2], D.int64, "tensor([1, 2])"),
    (dict(threshold=5), np.arange(10.), D.float32, "tensor([0., 1., 2.,  ..., 7., 8., 9.])"),
    (dict(threshold=5, edgeitems=1), np.arange(10.), D.float32, "tensor([0.,  ..., 9.])"),
    (dict(threshold=5, edgeitems=1), np.arange(20.).reshape(4, 5), D.float32,
     "tensor([[ 0.,  ...,  4.],\n        ...,\n        [15.,  ..., 19.]])"),
    (dict(threshold=5, edgeitems=0), np.arange(10.), D.float32, "tensor([...], size=(10,))"),
    (dict(threshold=5, edgeitems=0), np.arange(20.).reshape(4, 5), D.float32,
     "tensor([...], size=(4, 5))"),
    (dict(linewidth=30), np.arange(20.), D.float32,
     "tensor([ 0.,  1.,  2.,  3.,\n         4.,  5.,  6.,  7.,\n         8.,  9., 10., 11.,\n"
     "        12., 13., 14., 15.,\n        16., 17., 18., 19.])"),
    (dict(profile="full"), np.arange(1200.)[-3:], D.float32, "tensor([1197., 1198., 1199.])"),
    (dict(profile="short"), np.arange(1200.), D.float32,
     "tensor([0.00e+00, 1.00e+00,  ..., 1.20e+03, 1.20e+03])"),
    (dict(precision=6), 3.14159265, D.float32, "tensor(3.141593)"),
    (dict(precision=10), [0.1], D.float64, "tensor([0.1000000000], dtype=torch.float64)"),
    (dict(precision=0), [[-0.8567, 1.1006], [0.1227, -0.5663]], D.float32,
     "tensor([[-1,  1],\n        [ 0, -1]])"),
]


@pytest.fixture
def printoptions():
    from gradcli.engine.format import reset_printoptions, set_printoptions
    yield set_printoptions
    reset_printoptions()


@pytest.mark.parametrize("options, values, dtype, text", OPTION_CASES,
                         ids=[f"{c[0]}-{c[3][:30]}" for c in OPTION_CASES])
def test_repr_under_printoptions(printoptions, options, values, dtype, text):
    printoptions(**options)
    assert repr(t(values, dtype)) == text


def test_printoptions_accumulate_and_the_profile_comes_first(printoptions):
    from gradcli.engine.format import OPTIONS
    printoptions(precision=2)
    printoptions(edgeitems=1)
    assert (OPTIONS.precision, OPTIONS.edgeitems, OPTIONS.sci_mode) == (2, 1, None)
    printoptions(profile="default", precision=3)
    assert (OPTIONS.precision, OPTIONS.edgeitems) == (3, 3)


def test_default_dtype_prints_without_dtype(printoptions):
    D.set_default_dtype(D.float64)
    try:
        assert (repr(t([1.5], D.float64)), repr(t([1.5], D.float32))) == (
            "tensor([1.5000])", "tensor([1.5000], dtype=torch.float32)")
    finally:
        D.set_default_dtype(D.float32)
