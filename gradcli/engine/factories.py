"""Tensor factories: tensor, ones, zeros, full, empty, arange, linspace, eye and *_like."""
from __future__ import annotations

import math
import warnings

import numpy as np

from . import dtypes as _dt
from .kernels import factories as _kf
from .ops.inplace import check_inplace
from .limits import check_shape
from .ops.registry import export
from .ops.shape import sizes as _sizes
from .tensor import Tensor

FACTORY_INT_GRAD = "Only Tensors of floating point and complex dtype can require gradients"
COPY_CONSTRUCT = (
    "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
    "sourceTensor.detach().clone().requires_grad_(True), rather than torch.tensor(sourceTensor).")


def sizes(args) -> tuple[int, ...]:
    """The requested shape, checked against the element limit before anything is allocated."""
    shape = _sizes(args)
    check_shape(shape)
    return shape


def _finish(data: np.ndarray, requires_grad: bool) -> Tensor:
    t = Tensor._make(data)
    if requires_grad:
        if data.dtype.kind != "f":
            raise RuntimeError(FACTORY_INT_GRAD)
        t._requires_grad = True
    return t


def _infer(data, dim: int, shape: list, kinds: set):
    """Walk nested sequences: check they are rectangular and collect the element kinds."""
    if isinstance(data, Tensor):
        if data.ndim == 0:
            kinds.add(data.dtype.category)
            return
        data = list(data)  # a multi-element tensor inside a list is a nested sequence
    if isinstance(data, (list, tuple)):
        if len(shape) <= dim:
            shape.append(len(data))
        elif shape[dim] != len(data):
            raise ValueError(f"expected sequence of length {shape[dim]} at dim {dim} "
                             f"(got {len(data)})")
        for item in data:
            _infer(item, dim + 1, shape, kinds)
        return
    if len(shape) > dim:
        raise TypeError("not a sequence")
    if isinstance(data, bool):
        kinds.add(_dt.BOOL)
    elif isinstance(data, int):
        kinds.add(_dt.INT)
    elif isinstance(data, float):
        kinds.add(_dt.FLOAT)
    else:
        raise TypeError(f"new(): invalid data type '{type(data).__name__}'")


def _plain(data):
    if isinstance(data, Tensor):
        return data._data.tolist()
    if isinstance(data, (list, tuple)):
        return [_plain(x) for x in data]
    return data


@export(method=False)
def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    if isinstance(data, Tensor):
        warnings.warn(COPY_CONSTRUCT, UserWarning, stacklevel=2)
        arr = data._data.astype((dtype or data.dtype).np, copy=True)
        return _finish(arr, requires_grad)
    shape: list = []
    kinds: set = set()
    _infer(data, 0, shape, kinds)
    if dtype is None:
        top = max(kinds) if kinds else _dt.FLOAT
        dtype = {_dt.BOOL: _dt.bool_, _dt.INT: _dt.int64, _dt.FLOAT: _dt.default_float}[top]
    arr = np.array(_plain(data), dtype=dtype.np)
    if not kinds:
        arr = arr.reshape(shape)
    return _finish(arr, requires_grad)


def _sized(name: str, fill):
    def factory(*size, dtype=None, device=None, requires_grad=False, out=None, layout=None):
        dt = dtype or _dt.default_float
        return _finish(fill(sizes(size), dt.np), requires_grad)
    factory.__name__ = name
    return export(name, method=False)(factory)


ones = _sized("ones", np.ones)
zeros = _sized("zeros", np.zeros)
empty = _sized("empty", np.zeros)


@export(method=False)
def full(size, fill_value, *, dtype=None, device=None, requires_grad=False):
    fill_value = fill_value.item() if isinstance(fill_value, Tensor) else _dt.number(fill_value)
    dt = dtype or (_dt.scalar_dtype(fill_value))
    return _finish(np.full(sizes((size,)) if isinstance(size, int) else sizes(size), fill_value,
                           dtype=dt.np), requires_grad)


def _like(name: str, fill):
    def factory(input, *, dtype=None, device=None, requires_grad=False, memory_format=None):
        dt = dtype or input.dtype
        return _finish(fill(input._data.shape, dt.np), requires_grad)
    factory.__name__ = name
    return export(name, method=False)(factory)


ones_like = _like("ones_like", np.ones)
zeros_like = _like("zeros_like", np.zeros)
empty_like = _like("empty_like", np.zeros)


@export(method=False)
def full_like(input, fill_value, *, dtype=None, device=None, requires_grad=False):
    dt = dtype or input.dtype
    return _finish(np.full(input._data.shape, _dt.number(fill_value), dtype=dt.np),
                   requires_grad)


def _number(x):
    return x.item() if isinstance(x, Tensor) else x


@export(method=False)
def arange(start, end=None, step=1, *, dtype=None, device=None, requires_grad=False):
    start, end, step = _number(start), _number(end), _number(step)
    if end is None:
        start, end = 0, start
    if step == 0:
        raise RuntimeError("step must be nonzero")
    if (end - start) / step < 0:
        raise RuntimeError("upper bound and larger bound inconsistent with step sign")
    if dtype is None:
        anyfloat = any(isinstance(v, float) for v in (start, end, step))
        dtype = _dt.default_float if anyfloat else _dt.int64
    n = math.ceil((end - start) / step)
    check_shape((n,))
    if dtype.is_floating_point:
        return _finish(_kf.arange(start, step, n, dtype.np), requires_grad)
    values = start + np.arange(n, dtype=np.int64) * step
    return _finish(values.astype(dtype.np), requires_grad)


@export(method=False)
def linspace(start, end, steps, *, dtype=None, device=None, requires_grad=False):
    dt = dtype or _dt.default_float
    if steps < 0:
        raise RuntimeError("linspace(): number of steps must be non-negative")
    check_shape((steps,))
    if steps == 0:
        return _finish(np.zeros(0, dt.np), requires_grad)
    return _finish(_kf.linspace(_number(start), _number(end), steps, dt.np), requires_grad)


@export(method=False)
def eye(n, m=None, *, dtype=None, device=None, requires_grad=False):
    dt = dtype or _dt.default_float
    check_shape((n, n if m is None else m))
    return _finish(np.eye(n, n if m is None else m, dtype=dt.np), requires_grad)


# ---- random --------------------------------------------------------------------------------
def _gen(generator):
    if generator is not None:
        return generator
    from .kernels.random import default_generator  # NumPy's random module is costly to import
    return default_generator


@export(method=False)
def rand(*size, generator=None, dtype=None, device=None, requires_grad=False, out=None):
    dt = dtype or _dt.default_float
    return _finish(_gen(generator).rand(sizes(size), dt.np), requires_grad)


@export(method=False)
def randn(*size, generator=None, dtype=None, device=None, requires_grad=False, out=None):
    dt = dtype or _dt.default_float
    return _finish(_gen(generator).randn(sizes(size), dt.np), requires_grad)


@export(method=False)
def randint(*args, size=None, generator=None, dtype=None, device=None, requires_grad=False):
    if size is None:
        *bounds, size = args
    else:
        bounds = list(args)
    low, high = (0, bounds[0]) if len(bounds) == 1 else bounds
    if low >= high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= "
                           f"to={high}")
    data = _gen(generator).randint(int(low), int(high), sizes((size,)) if isinstance(size, int)
                                   else sizes(size))
    return _finish(data.astype((dtype or _dt.int64).np, copy=False), requires_grad)


@export(method=False)
def randperm(n, *, generator=None, dtype=None, device=None, requires_grad=False):
    data = _gen(generator).randperm(int(n))
    return _finish(data.astype((dtype or _dt.int64).np, copy=False), requires_grad)


@export(method=False)
def rand_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None):
    return rand(input.shape, dtype=dtype or input.dtype, requires_grad=requires_grad)


@export(method=False)
def randn_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None):
    return randn(input.shape, dtype=dtype or input.dtype, requires_grad=requires_grad)


@export(method=False)
def randint_like(input, low=0, high=None, *, dtype=None, device=None, requires_grad=False):
    if high is None:
        low, high = 0, low
    return randint(low, high, input.shape, dtype=dtype or input.dtype)


def _fill(input, sample) -> Tensor:
    """Fill a tensor in place with random values (an in-place op: checked, version bumped)."""
    check_inplace(input)
    sample(input._data)
    input._version_counter.value += 1
    return input


@export(torch=False)
def uniform_(input, a=0.0, b=1.0, *, generator=None):
    a, b = _dt.number(a, "float"), _dt.number(b, "float")
    return _fill(input, lambda out: _gen(generator).uniform_(out, a, b))


@export(torch=False)
def normal_(input, mean=0.0, std=1.0, *, generator=None):
    mean, std = _dt.number(mean, "float"), _dt.number(std, "float")
    return _fill(input, lambda out: _gen(generator).normal_(out, mean, std))
