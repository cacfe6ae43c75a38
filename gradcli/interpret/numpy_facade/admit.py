"""What may pass between a program and NumPy: numbers, strings, arrays of numbers or text, NumPy
types and tensors (which NumPy meets as PyTorch's), and lists or tuples of them, going in; arrays
and values of the same kinds coming out. Nothing else enters NumPy, so no array ever holds the
program's own objects (NumPy would call into them from its C code, and hand them around)."""
from __future__ import annotations

import math

import numpy as np

from ...engine.dtypes import DType, tp_name
from ...engine.limits import limits
from ...engine.tensor import Size, Tensor

MAX_DIMS = 64   # NumPy's own limit on dimensions
TOO_DEEP = ("setting an array element with a sequence. The requested array would exceed the "
            "maximum number of dimension of 64.")
PLAIN = frozenset((bool, int, float, complex, str, type(None), type(Ellipsis), range))
SEQUENCES = frozenset((list, tuple, Size))
# the Python types NumPy reads as dtypes (dtype=int, astype(float)): any other type means object
TYPES = frozenset((bool, int, float, complex, str))


def refused(value) -> TypeError:
    return TypeError(f"gradcli's numpy takes numbers, strings, arrays, tensors and lists or "
                     f"tuples of them, not {tp_name(value)}")


def no_objects(kind: str) -> TypeError:
    return TypeError(f"gradcli's numpy makes no {kind} of Python objects (dtype=object)")


def admit(value, depth: int = 0) -> None:
    """Raise TypeError unless `value` may be handed to NumPy."""
    kind = type(value)
    if kind in PLAIN:
        return
    if kind in SEQUENCES:
        if depth >= MAX_DIMS:
            raise ValueError(TOO_DEEP)
        for item in value:
            if type(item) not in PLAIN:
                admit(item, depth + 1)
        return
    if kind is np.ndarray:
        if value.dtype.hasobject:
            raise no_objects("arrays")
        return
    if isinstance(value, np.dtype):
        if value.hasobject:
            raise no_objects("dtypes")
        return
    if isinstance(value, (np.generic, Tensor)) or kind is DType:
        return
    if kind is slice:
        admit((value.start, value.stop, value.step), depth)
        return
    if kind is type and (value in TYPES or issubclass(value, np.generic) and value is not np.object_):
        return
    raise refused(value)


def admit_call(args: tuple, kwargs: dict) -> None:
    for a in args:
        if type(a) not in PLAIN:
            admit(a)
    for a in kwargs.values():
        if type(a) not in PLAIN:
            admit(a)


def result(value):
    """A value NumPy gave back, checked: no arrays of objects, none over the element limit."""
    kind = type(value)
    if kind is np.ndarray:
        if value.dtype.hasobject:
            raise no_objects("arrays")
        if value.size > limits.max_elements:
            raise too_many(value.shape)
    elif kind is tuple or kind is list:
        for item in value:
            result(item)
    elif isinstance(value, np.dtype) and value.hasobject:
        raise no_objects("dtypes")
    return value


def too_many(shape) -> MemoryError:
    n = math.prod(shape)
    return MemoryError(f"an array of shape {tuple(shape)} would have {n} elements, more than "
                       f"gradcli's limit of {limits.max_elements} (--max-elements or "
                       f"GRADCLI_MAX_ELEMENTS change it)")


def check_size(size) -> None:
    """Refuse, before NumPy allocates, a `size`/`shape` argument over the element limit."""
    if size is None:
        return
    dims = (size,) if isinstance(size, (int, np.integer)) else size
    try:
        n = math.prod(int(d) for d in dims)
    except (TypeError, ValueError):
        return   # not a shape: NumPy's own error follows
    if n > limits.max_elements and all(int(d) >= 0 for d in dims):
        raise too_many(tuple(int(d) for d in dims))
