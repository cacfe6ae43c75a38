"""Python's copy module over the language's values: copy and deepcopy walk only what a program
can hold (Python's own containers, tensors with PyTorch's rules, the library's objects and the
program's own), never an object's internals.

Tensors follow torch.Tensor.__deepcopy__: only a leaf can be deep-copied; the copy keeps
requires_grad and a deep copy of .grad, and tensors that shared memory share the copied memory
(PyTorch copies each storage once per deepcopy). copy.copy gives a new leaf on the same memory,
as PyTorch's reduction does. Both copies are at version 1: PyTorch makes them with set_().
"""
from __future__ import annotations

import collections
import copyreg
import types

import numpy as np

from ...engine.dtypes import DType
from ...engine.graph import Node
from ...engine.grad_mode import _Mode
from ...engine.tensor import Device, Tensor
from .. import attributes
from ..functions import Builtin, Flag, Function
from ..modules import Namespace
from .files import File

NOT_A_LEAF = (
    "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol "
    "at the moment.  If you were attempting to deepcopy a module, this may be because of a "
    "torch.nn.utils.weight_norm usage, see https://github.com/pytorch/pytorch/pull/103001")

# the values copy and deepcopy give back as they are (as CPython's _deepcopy_atomic)
ATOMIC = (type(None), int, float, bool, complex, str, bytes, type(Ellipsis),
          type(NotImplemented), range, type, types.FunctionType, types.BuiltinFunctionType,
          types.MethodType, property, Function, Builtin, Namespace, DType, Device, Flag,
          _Mode)


# ---- tensors -----------------------------------------------------------------------------------
def _storage(data: np.ndarray) -> np.ndarray:
    """The array that owns the memory `data` looks into (a tensor's storage)."""
    while isinstance(data.base, np.ndarray):
        data = data.base
    return data


def _same_view(data: np.ndarray, storage: np.ndarray, copied: np.ndarray) -> np.ndarray:
    """`data`'s view of `storage`, taken of `copied` (a copy of `storage` in the same layout)."""
    if data is storage:
        return copied
    offset = data.__array_interface__["data"][0] - storage.__array_interface__["data"][0]
    if data.dtype != storage.dtype or offset % data.itemsize:
        return data.copy()   # a reinterpreting view: its own memory
    # over copied's buffer, so that the view's base is `copied`: a copy of the copy finds the
    # same storage (as_strided's base is a stand-in object)
    return np.ndarray(data.shape, data.dtype, buffer=copied, offset=offset, strides=data.strides)


def _made(t: Tensor, data: np.ndarray) -> Tensor:
    """A new leaf over `data`, as PyTorch's set_() makes it: version 1."""
    new = type(t)._make(data, None, t.requires_grad)
    new._version_counter.value = 1
    return new


def deepcopy_tensor(t: Tensor, memo: dict) -> Tensor:
    if not t.is_leaf:
        raise RuntimeError(NOT_A_LEAF)
    data = t._data
    storage = _storage(data)
    held = memo.get(id(storage))
    if held is None:
        held = memo[id(storage)] = (storage, storage.copy(order="K"))
        _keep(storage, memo)
    new = _made(t, _same_view(data, storage, held[1]))
    memo[id(t)] = new
    if t.grad is not None:   # a leaf's: no warning
        new.grad = deepcopy(t.grad, memo)
    if t._own and type(t) is Tensor:   # the program's own attributes: torch deep-copies a
        new._own = deepcopy(t._own, memo)   # tensor's __dict__ (a Parameter's copy drops it)
    return new


def copy_tensor(t: Tensor) -> Tensor:
    new = _made(t, t._data)
    if t._own:   # copy.copy shares the attributes' values, as torch's __reduce_ex__ does
        new._own = dict(t._own)
    return new


# ---- objects: the library's and the program's --------------------------------------------------
def _defines(cls: type, name: str):
    """`name` as a class of the program or of the library defines it (not Python's object)."""
    for c in cls.__mro__:
        if c is object:
            return None
        if name in vars(c):
            return vars(c)[name]
    return None


def _slots(x) -> dict:
    return {n: getattr(x, n) for n in copyreg._slotnames(type(x)) if hasattr(x, n)}


def _restore(y, state: dict | None, slots: dict) -> None:
    """Give a new object its state, as copyreg's reconstruction does (__setstate__ if its class
    has one)."""
    if state is not None:
        setstate = _defines(type(y), "__setstate__")
        if setstate is not None:
            y.__setstate__(state)
        else:
            y.__dict__.update(state)
    for name, value in slots.items():
        setattr(y, name, value)


def _deepcopy_object(x, memo: dict):
    hook = _defines(type(x), "__deepcopy__")
    if hook is not None:
        return x.__deepcopy__(memo)
    cls = type(x)
    y = cls.__new__(cls)
    memo[id(x)] = y
    state = getattr(x, "__dict__", None)
    _restore(y, None if state is None else deepcopy(state, memo),
             {n: deepcopy(v, memo) for n, v in _slots(x).items()})
    return y


def _copy_object(x):
    hook = _defines(type(x), "__copy__")
    if hook is not None:
        return x.__copy__()
    cls = type(x)
    y = cls.__new__(cls)
    state = getattr(x, "__dict__", None)
    _restore(y, None if state is None else dict(state), _slots(x))
    return y


def _cannot(x) -> TypeError:
    """Python's refusal, naming the type as PyTorch and Python name it. (Python can copy its
    own iterators; gradcli does not, as they may hold the program's functions.)"""
    if isinstance(x, Node):
        name = x.name()
    else:
        name = "_io.TextIOWrapper" if isinstance(x, File) else type(x).__name__
    return TypeError(f"cannot pickle '{name}' object")


# ---- deepcopy ----------------------------------------------------------------------------------
def _keep(x, memo: dict) -> None:
    """Keep `x` alive while the copy runs, so that its id is not reused (CPython's memo does)."""
    memo.setdefault(id(memo), []).append(x)


def _deep_list(x, memo):
    y = memo[id(x)] = []
    y.extend(deepcopy(v, memo) for v in x)
    return y


def _deep_tuple(x, memo):
    items = [deepcopy(v, memo) for v in x]
    if id(x) in memo:   # a tuple that holds itself through a list
        return memo[id(x)]
    if all(a is b for a, b in zip(items, x)) and type(x) is tuple:
        return x
    cls = type(x)
    if cls is tuple:
        return tuple(items)
    return cls._make(items) if hasattr(cls, "_make") else cls(items)


_DICTS = (dict, collections.OrderedDict, collections.Counter, collections.defaultdict)


def _deep_dict(x, memo):
    cls = type(x)
    y = memo[id(x)] = cls() if cls in _DICTS else cls.__new__(cls)
    if cls is collections.defaultdict:
        y.default_factory = x.default_factory
    for k, v in x.items():
        y[deepcopy(k, memo)] = deepcopy(v, memo)
    if cls not in _DICTS and hasattr(x, "__dict__"):   # a program's dict with attributes
        _restore(y, deepcopy(x.__dict__, memo), {})
    return y


def _deep_set(x, memo):
    return type(x)(deepcopy(v, memo) for v in x)


def _deep_deque(x, memo):
    y = memo[id(x)] = collections.deque(maxlen=x.maxlen)
    y.extend(deepcopy(v, memo) for v in x)
    return y


_DEEP = {list: _deep_list, tuple: _deep_tuple, dict: _deep_dict, set: _deep_set,
         frozenset: _deep_set, collections.deque: _deep_deque}


def deepcopy(x, memo=None, _nil=[]):
    if memo is None:
        memo = {}
    elif not isinstance(memo, dict):
        raise TypeError(f"'{type(memo).__name__}' object has no attribute 'get'")
    found = memo.get(id(x), _nil)
    if found is not _nil:
        return found
    cls = type(x)
    if isinstance(x, ATOMIC):
        return x
    if isinstance(x, Tensor) and _defines(cls, "__deepcopy__") is None:
        y = deepcopy_tensor(x, memo)
    else:
        for kind in cls.__mro__:
            copier = _DEEP.get(kind)
            if copier is not None:
                y = copier(x, memo)
                break
        else:
            if attributes.kind_of(cls) is not attributes.OPEN and not isinstance(x, Tensor):
                raise _cannot(x)
            y = _deepcopy_object(x, memo)
    if y is not x:
        memo[id(x)] = y
        _keep(x, memo)
    return y


# ---- copy ----------------------------------------------------------------------------------------
def copy(x):
    cls = type(x)
    if isinstance(x, ATOMIC) or cls in (tuple, frozenset):
        return x
    if isinstance(x, Tensor) and _defines(cls, "__copy__") is None:
        return copy_tensor(x)
    if isinstance(x, (list, dict, set, collections.deque)):
        return x.copy()
    if isinstance(x, tuple):   # a named tuple or torch.Size: a new one with the same items
        return cls._make(x) if hasattr(cls, "_make") else cls(x)
    if attributes.kind_of(cls) is not attributes.OPEN and not isinstance(x, Tensor):
        raise _cannot(x)
    return _copy_object(x)


ENTRIES = {"copy": copy, "deepcopy": deepcopy}
