"""Op rows that sample: torch.normal's overloads, torch.multinomial and torch.bernoulli. Each
draws as PyTorch's CPU kernels draw (the generator of kernels/random.py), and its derivatives are
zero, as PyTorch's are (bernoulli with a float p has none: PyTorch's NotImplemented node)."""
from __future__ import annotations

import operator

import numpy as np

from .. import dtypes as _dt
from ..device import place
from ..dispatch import Op, Rule, apply
from ..factories import _finish, _gen, shape_of
from ..kernels import sampling
from ..tensor import Tensor
from .inplace import check_inplace, commit
from .pointwise import NOT_IMPLEMENTED, _no_derivative, broadcast_error
from .shape import expand
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


# ---- bernoulli: 1 with probability p, else 0 ---------------------------------------------------
def _draw_like(a: np.ndarray, p: float, generator) -> np.ndarray:
    """bernoulli_scalar_kernel into a new array of a's shape and dtype."""
    return _gen(generator).bernoulli_(np.empty_like(a), p)


def _draw_at(a: np.ndarray, p: np.ndarray, generator) -> np.ndarray:
    """bernoulli_tensor_cpu_kernel: p (expanded to a's shape) drawn, in a's dtype."""
    return sampling.bernoulli(_gen(generator), np.broadcast_to(p, a.shape)).astype(a.dtype)


BERNOULLI = row(Op("bernoulli", lambda a, generator: sampling.bernoulli(_gen(generator), a),
                   "BernoulliBackward0", ("self",), (ZERO,), dtypes="keep"))
BERNOULLI_P = row(Op("bernoulli", _draw_like, NOT_IMPLEMENTED, ("self",), (
    Rule(_no_derivative("bernoulli"), (), "bernoulli(x, p) has no derivative"),), dtypes="keep"))
# in place, the node of the tensor written to: derivatives zero, and its own names
BERNOULLI_TENSOR_ = row(Op("bernoulli_", _draw_at, "BernoulliBackward1", ("self", "p"),
                           (ZERO, ZERO), dtypes="keep"))
BERNOULLI_FLOAT_ = row(Op("bernoulli_", _draw_like, "BernoulliBackward2", ("self",), (ZERO,),
                          dtypes="keep"))


def _probability(p) -> float:
    p = _dt.number(p, "float")
    if not 0 <= p <= 1:
        raise RuntimeError(f"bernoulli_ expects p to be in [0, 1], but got p={p:g}")
    return p


@export()
def bernoulli(input, p=None, *, generator=None):
    """torch.bernoulli: 1 where a uniform draw falls below input's probability (or below p for
    every element), else 0."""
    if p is not None:
        return apply(BERNOULLI_P, (input,), {"p": _probability(p), "generator": generator})
    if input.dtype.category != _dt.FLOAT:
        raise NotImplementedError(f'"bernoulli_tensor_cpu_p_" not implemented for '
                                  f"'{_dt.type_name(input.dtype)}'")
    return apply(BERNOULLI, (input,), {"generator": generator})


@export(torch=False)
def bernoulli_(input, p=0.5, *, generator=None):
    """Tensor.bernoulli_: each element becomes 1 with probability p (a number, or a tensor
    that expands to input's shape), else 0."""
    if isinstance(p, Tensor):
        expand(p, *input.shape)   # ATen expands p first, with expand's error
        if p.dtype.category != _dt.FLOAT:
            raise NotImplementedError(f'"bernoulli_tensor_cpu_p_" not implemented for '
                                      f"'{_dt.type_name(p.dtype)}'")
        check_inplace(input, p)
        return commit(input, apply(BERNOULLI_TENSOR_, (input, p), {"generator": generator}))
    p = _probability(p)
    check_inplace(input)
    return commit(input, apply(BERNOULLI_FLOAT_, (input,), {"p": p, "generator": generator}))
