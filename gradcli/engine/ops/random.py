"""Op rows that sample: torch.normal's overloads, and torch.multinomial. Each draws as PyTorch's
CPU kernels draw (the generator of kernels/random.py), and its derivatives are zero, as
PyTorch's are."""
from __future__ import annotations

import operator

import numpy as np

from .. import dtypes as _dt
from ..device import place
from ..dispatch import Op, Rule, apply
from ..factories import _finish, _gen, shape_of
from ..kernels import sampling
from ..tensor import Tensor
from .pointwise import broadcast_error
from . import xp
from .registry import export, row

SIGNATURES = (
    "normal() received an invalid combination of arguments - got ({got}), but expected one of:\n"
    " * (Tensor mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)\n"
    " * (Tensor mean, float std = 1, *, torch.Generator generator = None, Tensor out = None)\n"
    " * (float mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)\n"
    " * (float mean, float std, tuple of ints size, *, torch.Generator generator = None, Tensor "
    "out = None, torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
    "bool pin_memory = False, bool requires_grad = False)\n")
NEGATIVE_STDS = "normal expects all elements of std >= 0.0"


ZERO = Rule(lambda node, g: xp.zeros_like(g), (), "PyTorch's derivative of a sample: 0")


def _sample(shape: tuple, dtype: np.dtype, generator, std: float = 1.0) -> np.ndarray:
    """normal_(0, std) on a new array of that shape: a fresh output is contiguous, so 16 or
    more elements take the vectorised Box-Muller path, as in PyTorch."""
    if dtype.kind != "f":
        raise NotImplementedError(f'"normal_kernel_cpu" not implemented for '
                                  f"'{_dt.type_name(_dt.from_numpy(dtype))}'")
    return _gen(generator).normal_(np.empty(shape, dtype), 0.0, std)


def _check_stds(std: np.ndarray) -> None:
    if std.size and not std.min() >= 0:
        raise RuntimeError(NEGATIVE_STDS)


def _tensor_tensor(mean, std, generator):
    # normal_out: output.normal_(0, 1), then output.mul_(std).add_(mean), in mean's dtype
    try:
        shape = np.broadcast_shapes(mean.shape, std.shape)
    except ValueError:
        raise broadcast_error(mean, std) from None
    _check_stds(std)
    out = _sample(shape, mean.dtype, generator)
    np.multiply(out, std, out=out, casting="unsafe")
    np.add(out, mean, out=out, casting="unsafe")
    return out


def _tensor_float(mean, generator, std):
    # output.normal_(0, std), then output.add_(mean)
    out = _sample(mean.shape, mean.dtype, generator, std)
    np.add(out, mean, out=out, casting="unsafe")
    return out


def _float_tensor(std, generator, mean):
    # output.normal_(0, 1), then output.mul_(std).add_(mean), in std's dtype
    _check_stds(std)
    out = _sample(std.shape, std.dtype, generator)
    np.multiply(out, std, out=out, casting="unsafe")
    np.add(out, out.dtype.type(mean), out=out, casting="unsafe")
    return out


NORMAL_TENSOR_TENSOR = row(Op("normal", _tensor_tensor, "NormalBackward3", ("mean", "std"),
                              (ZERO, ZERO), dtypes="keep"))
NORMAL_TENSOR_FLOAT = row(Op("normal", _tensor_float, "NormalBackward1", ("mean",), (ZERO,),
                             dtypes="keep"))
NORMAL_FLOAT_TENSOR = row(Op("normal", _float_tensor, "NormalBackward2", ("std",), (ZERO,),
                             dtypes="keep"))


def _argument(value) -> str:
    if isinstance(value, Tensor):
        return "Tensor"
    return _dt.tp_name(value)


@export(method=False)
def normal(mean=None, std=None, size=None, *, generator=None, out=None, dtype=None, layout=None,
           device=None, pin_memory=False, requires_grad=False):
    """torch.normal: a tensor mean, std or both (the output takes their broadcast shape and the
    dtype of the first tensor), or two numbers and a size."""
    given = [a for a in (mean, std, size) if a is not None]
    mean_t, std_t = isinstance(mean, Tensor), isinstance(std, Tensor)
    try:
        if mean_t and std_t and size is None:
            return apply(NORMAL_TENSOR_TENSOR, (mean, std), {"generator": generator})
        if mean_t and size is None:
            std = 1.0 if std is None else _dt.number(std, "float")
            if not std >= 0.0:
                raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")
            return apply(NORMAL_TENSOR_FLOAT, (mean,), {"generator": generator, "std": std})
        if std_t and mean is not None and size is None:
            return apply(NORMAL_FLOAT_TENSOR, (std,), {"generator": generator,
                                                       "mean": _dt.number(mean, "float")})
        if not (mean_t or std_t) and mean is not None and std is not None \
                and isinstance(size, (tuple, list)):
            mean, std = _dt.number(mean, "float"), _dt.number(std, "float")
            place(device)
            shape = shape_of("normal", (), size)
            dt = dtype or _dt.default_float
            return _finish(_gen(generator).normal_(np.empty(shape, dt.np), mean, std),
                           requires_grad)
    except _dt.OperandTypeError:
        pass
    raise TypeError(SIGNATURES.format(got=", ".join(_argument(a) for a in given)))


@export()
def multinomial(input, num_samples, replacement=False, *, generator=None):
    """torch.multinomial, with Distributions.cpp's checks in its order; drawn by kernels/sampling
    (the Gumbel-max trick without replacement or for one sample, else the cumulative search)."""
    try:   # before anything is drawn: PyTorch's parser refuses a num_samples that is no int
        num_samples = operator.index(num_samples)
    except TypeError:
        raise _dt.OperandTypeError(num_samples, "int") from None
    if not 0 < input.ndim <= 2:
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if input.dtype.category != _dt.FLOAT:
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: "
                           f"{_dt.type_name(input.dtype)}")
    if num_samples <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    data = input._data
    if not replacement and num_samples > data.shape[-1]:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without "
                           "replacement")
    if data.shape[-1] > 2 ** 24:
        raise RuntimeError("number of categories cannot exceed 2^24")
    if data.size and (not replacement or num_samples == 1):
        if not (data.max() < np.inf and data.min() >= 0):
            raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
        if (data.reshape(-1, data.shape[-1]).sum(-1) == 0).any():
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    if not data.size:
        return Tensor._make(np.empty(data.shape[:-1] + (num_samples,), np.int64))
    return Tensor._make(sampling.multinomial(_gen(generator), data, num_samples, replacement))
