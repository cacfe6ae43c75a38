"""Tensor factories: tensor, ones, zeros, full, empty, arange, linspace, eye and *_like."""
from __future__ import annotations

import math
import warnings

import numpy as np

from . import dtypes as _dt
from .device import make_on, place
from .kernels import factories as _kf
from .ops.inplace import check_inplace
from .limits import check_shape
from .ops.registry import export
from .ops.shape import sizes as _sizes
from .tensor import Tensor

FACTORY_INT_GRAD = "Only Tensors of floating point and complex dtype can require gradients"
COPY_CONSTRUCT = (
    "To copy construct from a tensor, it is recommended to use sourceTensor.detach().clone() or "
    "sourceTensor.detach().clone().requires_grad_(True), rather than {}(sourceTensor).")
NEGATIVE_STRIDES = (
    "At least one stride in the given numpy array is negative, and tensors with negative strides "
    "are not currently supported. (You can probably work around this by making a copy of your "
    "array  with array.copy().) ")
NOT_WRITABLE = (
    "The given NumPy array is not writable, and PyTorch does not support non-writable tensors. "
    "This means writing to this tensor will result in undefined behavior. You may want to copy "
    "the array to protect its data or make it writable before converting it to a tensor. This "
    "type of warning will be suppressed for the rest of this program. (Triggered internally at "
    "/__w/pytorch/pytorch/torch/csrc/utils/tensor_numpy.cpp:213.)")


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


# ---- torch.tensor(data): tensor_new.cpp's order: the shape from the first items, the dtype from
# all of them, then every item stored (rectangular, scalars where scalars belong)
MAX_DIMS = 64


class _Ragged(Exception):
    """The walk met more items than the shape holds: the data is not rectangular."""


def _rows(data):
    """The items of a sequence the data can be made of, or None for a scalar (a tensor or an
    array inside a list is a nested sequence of its rows)."""
    if isinstance(data, (list, tuple, range)):
        return data
    if isinstance(data, (Tensor, np.ndarray)) and data.ndim:
        return list(data)
    return None


def _shape_of(data) -> list[int]:
    """compute_sizes: each sequence's length, following first items (a str nests forever)."""
    shape, seq = [], data
    while isinstance(seq, str) or _rows(seq) is not None:
        if isinstance(seq, (Tensor, np.ndarray)):
            return shape + list(seq.shape)
        shape.append(len(seq))
        if len(shape) > MAX_DIMS:
            raise ValueError(f"too many dimensions '{type(seq).__name__}'")
        if not len(seq):
            break
        seq = seq[0]
    return shape


def _scalar_type(item) -> _dt.DType:
    """infer_scalar_type for one scalar: a Python number its kind's dtype, a NumPy number or a
    0-d tensor its own (np.float64 is a float too: its own first)."""
    if isinstance(item, np.generic) and item.dtype.kind in "biuf":
        return _dt.of_array(np.asarray(item))
    if isinstance(item, bool):
        return _dt.bool_
    if isinstance(item, int):
        return _dt.int64
    if isinstance(item, float):
        return _dt.default_float
    if isinstance(item, Tensor):
        return item.dtype
    if isinstance(item, str):
        raise TypeError(f"new(): invalid data type '{_dt.tp_name(item)}'")
    if isinstance(item, complex):
        raise NotImplementedError("gradcli has no complex tensors")
    raise RuntimeError(f"Could not infer dtype of {_dt.tp_name(item)}")


def _scalar_types(data, budget: int) -> set:
    """The dtypes of all the scalars (a tensor's or an array's own), visiting at most `budget`
    items."""
    found, stack = set(), [data]
    while stack:
        item = stack.pop()
        budget -= 1
        if budget < 0:
            raise _Ragged()
        if isinstance(item, Tensor) and item.ndim or isinstance(item, np.ndarray):
            found.add(item.dtype if isinstance(item, Tensor) else _dt.of_array(item))
            continue
        rows = _rows(item)
        if rows is None:
            found.add(_scalar_type(item))
        else:
            stack.extend(reversed(rows))
    return found


def _check_store(data, shape: list, dim: int = 0, dtype: _dt.DType | None = None) -> None:
    """recursive_store's checks: a sequence of the shape's length at each dim, a scalar below
    (into a `dtype` the caller gave, as that dtype unpacks it: nothing was inferred)."""
    if dim == len(shape):
        if dtype is not None:
            _check_stored(data, dtype)
        elif _rows(data) is not None and not isinstance(data, Tensor):
            raise TypeError(f"'{type(data).__name__}' object cannot be interpreted as an integer")
        return
    rows = _rows(data)
    if rows is None:
        raise TypeError("not a sequence")
    if len(rows) != shape[dim]:
        raise ValueError(f"expected sequence of length {shape[dim]} at dim {dim} "
                         f"(got {len(rows)})")
    if isinstance(data, (Tensor, np.ndarray)):
        return   # rectangular by construction
    for row in rows:
        _check_store(row, shape, dim + 1, dtype)


def _check_stored(item, dtype: _dt.DType) -> None:
    """store_scalar: THPUtils_unpackDouble for a floating dtype, THPUtils_unpackLong else."""
    if isinstance(item, (bool, int, float, Tensor, np.generic)):
        return
    if dtype.is_floating_point:
        raise TypeError(f"must be real number, not {_dt.tp_name(item)}")
    raise TypeError(f"'{_dt.tp_name(item)}' object cannot be interpreted as an integer")


def _plain(data):
    """Nested data as NumPy takes it: tensors as their values, arrays as they are."""
    if isinstance(data, Tensor):
        return data._data
    if isinstance(data, (list, tuple, range)):
        return [_plain(x) for x in data]
    return data


def _from_data(data, dtype: _dt.DType | None, who: str = "torch.tensor") -> np.ndarray:
    """A new array holding `data` (a tensor, an array, a number or nested sequences of them),
    of `dtype` or of the dtype PyTorch infers."""
    if isinstance(data, Tensor):
        warnings.warn(COPY_CONSTRUCT.format(who), UserWarning, stacklevel=3)
        return data._data.astype((dtype or data.dtype).np, copy=True)
    if isinstance(data, np.ndarray):
        return np.array(data, dtype=(dtype or _dt.of_array(data)).np)
    if isinstance(data, str):
        raise TypeError(f"new(): invalid data type '{_dt.tp_name(data)}'")
    shape = _shape_of(data)
    check_shape(tuple(shape))   # before walking items: nested shared lists hold 10**9 cheaply
    # a rectangular nest has one node per item and per sequence above it
    budget = sum(math.prod(shape[:d]) for d in range(len(shape) + 1))
    given = dtype
    try:   # the dtype is inferred only when none is given
        found = _scalar_types(data, budget) if given is None else set()
    except _Ragged:
        found = set()
    _check_store(data, shape, dtype=given)
    if dtype is None:
        dtype = _dt.default_float
        if found:
            dtype = found.pop()
            for other in found:
                dtype = _dt.promote_types(dtype, other)
    arr = np.array(_plain(data), dtype=dtype.np)
    if arr.shape != tuple(shape):
        arr = arr.reshape(shape)
    return arr


@export(method=False)
def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    make_on(device)
    return _finish(_from_data(data, dtype), requires_grad)


@export(method=False)
def from_numpy(ndarray) -> Tensor:
    """A tensor sharing the array's memory: a write through either shows in the other."""
    if not isinstance(ndarray, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {_dt.tp_name(ndarray)})")
    _dt.of_array(ndarray)
    if any(step < 0 for step in ndarray.strides):
        raise ValueError(NEGATIVE_STRIDES)
    if not ndarray.flags.writeable:
        # nothing can write to the array: a copy is indistinguishable, and the tensor writable
        warnings.warn(NOT_WRITABLE, UserWarning, stacklevel=2)
        return Tensor._make(ndarray.copy())
    return Tensor._make(ndarray.view())   # its own array object: reshaping one leaves the other


@export(method=False)
def as_tensor(data, dtype=None, device=None):
    """The data itself when it is a tensor or an array of the dtype asked for (memory shared),
    else a new tensor."""
    make_on(device)
    if isinstance(data, Tensor):
        return data if dtype is None or dtype is data.dtype else data.to(dtype)
    if isinstance(data, np.ndarray) and (dtype is None or dtype is _dt.of_array(data)) \
            and all(step >= 0 for step in data.strides):
        return from_numpy(data)
    return tensor(data, dtype=dtype)


def shape_of(name: str, positional: tuple, size) -> tuple[int, ...]:
    """The shape a factory is asked for: as separate ints, one sequence, or size=. None of
    them is PyTorch's TypeError (`torch.zeros()`; a 0-d tensor is `torch.zeros(())`), worded
    by the caller from the declared signatures as PyTorch's argument parser words it."""
    if size is not None:
        if positional:
            raise TypeError(f"{name}() got multiple values for argument 'size'")
        return sizes((size,))
    if not positional:
        raise TypeError(f'{name}() missing 1 required positional arguments: "size"')
    return sizes(positional)


def _sized(name: str, fill):
    def factory(*size_, size=None, dtype=None, device=None, requires_grad=False, out=None,
                layout=None, pin_memory=False):
        make_on(device)
        dt = dtype or _dt.default_float
        return _finish(fill(shape_of(name, size_, size), dt.np), requires_grad)
    factory.__name__ = name
    return export(name, method=False)(factory)


ones = _sized("ones", np.ones)
zeros = _sized("zeros", np.zeros)
empty = _sized("empty", np.zeros)


@export(method=False)
def full(size, fill_value, *, dtype=None, device=None, requires_grad=False):
    make_on(device)
    fill_value = fill_value.item() if isinstance(fill_value, Tensor) else _dt.number(fill_value)
    dt = dtype or (_dt.scalar_dtype(fill_value))
    return _finish(np.full(sizes((size,)) if isinstance(size, int) else sizes(size), fill_value,
                           dtype=dt.np), requires_grad)


def _like(name: str, fill):
    def factory(input, *, dtype=None, device=None, requires_grad=False, memory_format=None):
        place(device)
        dt = dtype or input.dtype
        return _finish(fill(input._data.shape, dt.np), requires_grad)
    factory.__name__ = name
    return export(name, method=False)(factory)


ones_like = _like("ones_like", np.ones)
zeros_like = _like("zeros_like", np.zeros)
empty_like = _like("empty_like", np.zeros)


@export(method=False)
def full_like(input, fill_value, *, dtype=None, device=None, requires_grad=False):
    place(device)
    dt = dtype or input.dtype
    return _finish(np.full(input._data.shape, _dt.number(fill_value), dtype=dt.np),
                   requires_grad)


def _new(name: str, made):
    """x.new_ones(...): torch.ones(...) of x's dtype and device unless told otherwise."""
    def factory(input, *size_, size=None, dtype=None, device=None, requires_grad=False,
                layout=None, pin_memory=False):
        if not size_ and size is None:
            raise TypeError(f'{name}() missing 1 required positional arguments: "size"')
        return made(*size_, size=size, dtype=dtype or input.dtype,
                    device=input.device if device is None else device,
                    requires_grad=requires_grad)
    factory.__name__ = name
    return export(name, torch=False)(factory)


new_ones = _new("new_ones", ones)
new_zeros = _new("new_zeros", zeros)
new_empty = _new("new_empty", empty)


@export(torch=False)
def new_full(input, size, fill_value, *, dtype=None, device=None, requires_grad=False,
             layout=None, pin_memory=False):
    place(device)
    fill_value = fill_value.item() if isinstance(fill_value, Tensor) else _dt.number(fill_value)
    return _finish(np.full(sizes((size,)), fill_value, dtype=(dtype or input.dtype).np),
                   requires_grad)


@export(torch=False)
def new_tensor(input, data, *, dtype=None, device=None, requires_grad=False, layout=None,
               pin_memory=False):
    place(device)
    return _finish(_from_data(data, dtype or input.dtype, "tensor.new_tensor"), requires_grad)


def _number(x):
    return x.item() if isinstance(x, Tensor) else _dt.python_scalar(x)


@export(method=False)
def arange(start, end=None, step=1, *, dtype=None, device=None, requires_grad=False):
    make_on(device)
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
    make_on(device)
    ends = [f"{name} with {t.ndim} dimension(s)" for name, t in (("start", start), ("end", end))
            if isinstance(t, Tensor) and t.ndim]
    if ends:
        raise RuntimeError(f"linspace only supports 0-dimensional start and end tensors, but got "
                           f"{' and '.join(ends)}.")
    dt = dtype or _dt.default_float
    if steps < 0:
        raise RuntimeError("linspace(): number of steps must be non-negative")
    check_shape((steps,))
    if steps == 0:
        return _finish(np.zeros(0, dt.np), requires_grad)
    return _finish(_kf.linspace(_number(start), _number(end), steps, dt.np), requires_grad)


@export(method=False)
def eye(n, m=None, *, dtype=None, device=None, requires_grad=False):
    make_on(device)
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
def rand(*size_, size=None, generator=None, dtype=None, device=None, requires_grad=False,
         out=None):
    make_on(device)
    dt = dtype or _dt.default_float
    return _finish(_gen(generator).rand(shape_of("rand", size_, size), dt.np), requires_grad)


@export(method=False)
def randn(*size_, size=None, generator=None, dtype=None, device=None, requires_grad=False,
          out=None):
    make_on(device)
    dt = dtype or _dt.default_float
    return _finish(_gen(generator).randn(shape_of("randn", size_, size), dt.np), requires_grad)


@export(method=False)
def randint(*args, size=None, generator=None, dtype=None, device=None, requires_grad=False):
    make_on(device)
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
    make_on(device)
    check_shape((int(n),))
    data = _gen(generator).randperm(int(n))
    return _finish(data.astype((dtype or _dt.int64).np, copy=False), requires_grad)


@export(method=False)
def rand_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None):
    return rand(input.shape, dtype=dtype or input.dtype, device=device,
                requires_grad=requires_grad)


@export(method=False)
def randn_like(input, *, dtype=None, device=None, requires_grad=False, memory_format=None):
    return randn(input.shape, dtype=dtype or input.dtype, device=device,
                 requires_grad=requires_grad)


@export(method=False)
def randint_like(input, low=0, high=None, *, dtype=None, device=None, requires_grad=False):
    if high is None:
        low, high = 0, low
    return randint(low, high, input.shape, dtype=dtype or input.dtype, device=device)


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
def exponential_(input, lambd=1.0, *, generator=None):
    from .kernels.sampling import exponential_ as sample   # as _gen: loaded when first used
    lambd = _dt.number(lambd, "float")

    def draw(out) -> None:   # after _fill's in-place checks, as PyTorch checks
        if not lambd > 0.0:
            raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={lambd:g}")
        if input.dtype.category != _dt.FLOAT:
            raise RuntimeError(f"Exponential distribution is a continuous probability "
                               f"distribution. dtype must be a floating point but you specified "
                               f"{_dt.type_name(input.dtype)}")
        sample(_gen(generator), out, lambd)
    return _fill(input, draw)


@export(torch=False)
def normal_(input, mean=0.0, std=1.0, *, generator=None):
    mean, std = _dt.number(mean, "float"), _dt.number(std, "float")
    return _fill(input, lambda out: _gen(generator).normal_(out, mean, std))
