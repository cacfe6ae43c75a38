"""The layers' arguments and errors, the modes that change what they compute, and nn.init."""
from __future__ import annotations

import math

import numpy as np
import pytest

from gradcli.engine import Tensor
from gradcli.engine.kernels.random import default_generator
from gradcli.library.nn import activation, batchnorm, conv, dropout, init, linear, loss, pooling


def ones(*shape) -> Tensor:
    return Tensor(np.ones(shape, np.float32))


@pytest.mark.parametrize("make, error, text", [
    (lambda: conv.Conv2d(3, 4, 3, padding="full"), ValueError,
     "Invalid padding string 'full', should be one of {'valid', 'same'}"),
    (lambda: conv.Conv2d(3, 4, 3, groups=0), ValueError, "groups must be a positive integer"),
    (lambda: conv.Conv2d(4, 3, 3, groups=2), ValueError, "out_channels must be divisible by "
                                                       "groups"),
    (lambda: conv.Conv2d(3, 4, 3, padding_mode="mirror"), ValueError,
     "padding_mode must be one of {'zeros', 'reflect', 'replicate', 'circular'}, but got "
     "padding_mode='mirror'"),
    (lambda: dropout.Dropout(-0.1), ValueError,
     "dropout probability has to be between 0 and 1, but got -0.1"),
    (lambda: activation.Hardtanh(1, 1), AssertionError, "max_val (1) must be greater than "
                                                        "min_val (1)"),
    (lambda: loss.HuberLoss(delta="1"), TypeError, "delta must be a float or int, got: <class "
                                                   "'str'>"),
    (lambda: batchnorm.BatchNorm2d(3)(ones(2, 3)), ValueError, "expected 4D input (got 2D "
                                                               "input)"),
    (lambda: init.dirac_(ones(3, 2)), ValueError, "Only tensors with 3, 4, or 5 dimensions are "
                                                  "supported"),
    (lambda: init.kaiming_uniform_(ones(2, 2), nonlinearity="swish"), ValueError,
     "Unsupported nonlinearity swish"),
])
def test_errors_carry_pytorch_text(make, error, text):
    with pytest.raises(error) as raised:
        make()
    assert str(raised.value) == text


def test_linear_default_init_is_a_uniform_bound_of_one_over_root_fan_in():
    default_generator.manual_seed(0)
    lin = linear.Linear(9, 5)
    bound = 1 / math.sqrt(9)
    assert np.abs(lin.weight._data).max() <= bound and np.abs(lin.bias._data).max() <= bound


def test_dropout_modes():
    x = ones(1000)
    drop = dropout.Dropout(0.25)
    kept = drop(x)._data
    assert set(np.unique(kept)) == {0.0, np.float32(1) / np.float32(0.75)}
    drop.eval()
    assert drop(x) is x


def test_batch_norm_momentum_none_is_a_cumulative_average():
    bn = batchnorm.BatchNorm1d(1, momentum=None)
    for value in (1.0, 3.0):
        bn(Tensor(np.array([[value], [value]], np.float32)))
    assert bn.running_mean.tolist() == [2.0] and bn.num_batches_tracked.item() == 2


def test_pooling_reprs_keep_the_arguments_as_given():
    assert repr(pooling.MaxPool2d((2, 3), stride=(2, 3), padding=(0, 1))) == (
        "MaxPool2d(kernel_size=(2, 3), stride=(2, 3), padding=(0, 1), dilation=1, "
        "ceil_mode=False)")
    assert repr(pooling.AvgPool2d(2)) == "AvgPool2d(kernel_size=2, stride=2, padding=0)"


def test_init_entries_are_torch_nn_init_functions():
    table = init.entries()
    assert table["normal_"].__module__ == "torch.nn.init"
    assert table["normal"].__name__ == "normal" and "orthogonal_" not in table
    with pytest.warns(FutureWarning, match=r"`nn.init.constant` is now deprecated in favor of "
                                           r"`nn.init.constant_`."):
        assert table["constant"](ones(2), 3.0).tolist() == [3.0, 3.0]
