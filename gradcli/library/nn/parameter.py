"""nn.Parameter: a leaf tensor that a Module registers when it is assigned as an attribute."""
from __future__ import annotations

import numpy as np

from ...engine import dtypes as _dt
from ...engine.ops import FUNCTIONS
from ...engine.tensor import Tensor


class Parameter(Tensor):
    """Parameter(data=None, requires_grad=True): shares data's values and version counter."""

    __module__ = "torch.nn.parameter"

    def __init__(self, data=None, requires_grad=True) -> None:
        if data is None:
            data = Tensor._make(np.empty(0, _dt.default_float.np))
        if not isinstance(data, Tensor):
            # PyTorch detaches whatever it is given
            raise AttributeError(f"'{type(data).__name__}' object has no attribute 'detach'")
        if requires_grad and data._data.dtype.kind != "f":
            raise RuntimeError("Only Tensors of floating point and complex dtype can require "
                               "gradients")
        self._data = data._data
        self._requires_grad = bool(requires_grad)
        self._grad = None
        self.grad_fn = None
        self._version_counter = data._version_counter

    def __repr__(self) -> str:
        return "Parameter containing:\n" + Tensor.__repr__(self)

    __str__ = __repr__

    def __format__(self, spec: str) -> str:
        if spec:   # object.__format__: a Parameter is not the 0-d Tensor that formats its item
            raise TypeError("unsupported format string passed to Parameter.__format__")
        return repr(self)


def type_string(t: Tensor) -> str:
    """Tensor.type(): 'torch.FloatTensor'."""
    return f"torch.{_dt.type_name(t.dtype)}Tensor"


def typename(obj) -> str:
    """torch.typename: a tensor's type string, else the module-qualified name of obj's class."""
    if isinstance(obj, Tensor):
        return type_string(obj)
    module = getattr(obj, "__module__", "") or ""
    if module.startswith("gradcli.engine"):   # torch.relu and the like, which are C functions
        module = "torch._VariableFunctionsClass" if obj in FUNCTIONS.values() \
            else "torch.nn.functional"
    if hasattr(obj, "__qualname__"):
        qualname = obj.__qualname__
    elif hasattr(obj, "__name__"):
        qualname = obj.__name__
    else:
        module = type(obj).__module__ or ""
        qualname = type(obj).__qualname__
    return qualname if module in ("", "builtins") else f"{module}.{qualname}"


# ---- uninitialised parameters and buffers (the lazy modules') ---------------------------------
_TENSOR_BASE = "of 'torch._C.TensorBase' objects>"
# the methods an uninitialised tensor still answers (UninitializedTensorMixin._allowed_methods)
_ALLOWED = frozenset({"size", "copy_", "is_complex", "is_floating_point", "half", "float",
                      "double", "char", "short", "int", "long", "cuda", "cpu", "to",
                      "get_device"})
# how PyTorch names what a program used, where it is not `<method 'NAME' of ...>`: the methods
# torch.Tensor defines in Python, the aliases, and the operators by the method they call
_USED = {
    "norm": "<function Tensor.norm at 0x{:x}>", "split": "<function Tensor.split at 0x{:x}>",
    "unique": "<function Tensor.unique at 0x{:x}>", "backward":
    "<function Tensor.backward at 0x{:x}>", "register_hook":
    "<function Tensor.register_hook at 0x{:x}>", "nelement": "<method 'numel' " + _TENSOR_BASE,
    "__len__": "<function Tensor.__len__ at 0x{:x}>",
    "__format__": "<function Tensor.__format__ at 0x{:x}>",
    "__rsub__": "<function Tensor.__rsub__ at 0x{:x}>",
    "__rtruediv__": "<function Tensor.__rdiv__ at 0x{:x}>",
    "__pow__": "<function TensorBase.pow at 0x{:x}>",
    "__rpow__": "<function Tensor.__rpow__ at 0x{:x}>",
    "__getitem__": "<slot wrapper '__getitem__' " + _TENSOR_BASE,
    "__setitem__": "<slot wrapper '__setitem__' " + _TENSOR_BASE,
    "__iter__": "<method 'dim' " + _TENSOR_BASE,
}
_OPERATORS = {"__add__": "add", "__radd__": "add", "__sub__": "sub", "__mul__": "mul",
              "__rmul__": "mul", "__truediv__": "div", "__matmul__": "matmul", "__neg__": "neg",
              "__abs__": "abs", "__lt__": "lt", "__le__": "le", "__gt__": "gt", "__ge__": "ge",
              "__ne__": "ne", "__eq__": "__eq__", "__float__": "__float__",
              "__int__": "__int__", "__bool__": "__bool__"}


def _used(cls: type, name: str) -> ValueError:
    return uninitialized_use(
        cls, _USED.get(name) or f"<method '{_OPERATORS.get(name, name)}' {_TENSOR_BASE}")


def uninitialized_use(cls: type, what: str) -> ValueError:
    """PyTorch's error for an uninitialised `cls` handed to `what` (a function's repr)."""
    return ValueError(
        f"Attempted to use an uninitialized parameter in {what.format(id(cls))}. This error "
        "happens when you are using a `LazyModule` or explicitly manipulating "
        f"`torch.nn.parameter.{cls.__name__}` objects. When using LazyModules Call `forward` "
        "with a dummy batch to initialize the parameters before calling torch functions")


def _refused(name: str):
    def refuse(self, *args, **kwargs):
        raise _used(type(self), name)
    refuse.__name__ = name
    return refuse


class UninitializedTensorMixin:
    """A parameter or buffer whose shape a lazy module learns from its first input: until
    materialize() it answers only the methods PyTorch allows it, and it prints its class."""

    __slots__ = ()
    cls_to_become: type = Tensor

    def materialize(self, shape, device=None, dtype=None) -> None:
        """Become a cls_to_become of this shape (uninitialised values, as torch.empty's)."""
        np_dtype = self._data.dtype if dtype is None else dtype.np
        self._data = np.empty(tuple(shape), np_dtype)
        self.__class__ = self.cls_to_become

    def __getattribute__(self, name: str):
        value = object.__getattribute__(self, name)
        if name[0] != "_" and name not in _ALLOWED and callable(value) \
                and callable(getattr(Tensor, name, None)):
            return _refused(name).__get__(self)
        return value

    @property
    def shape(self):
        raise RuntimeError(
            "Can't access the shape of an uninitialized parameter or buffer. This error usually "
            "happens in `load_state_dict` when trying to load an uninitialized parameter into an "
            "initialized one. Call `forward` to initialize the parameters before accessing their "
            "attributes.")

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"

    __str__ = __repr__


for _name in (*_OPERATORS, *(n for n in _USED if n.startswith("__"))):
    setattr(UninitializedTensorMixin, _name, _refused(_name))


def is_lazy(value) -> bool:
    """Whether `value` is an UninitializedParameter or UninitializedBuffer."""
    return isinstance(value, UninitializedTensorMixin)


class UninitializedParameter(UninitializedTensorMixin, Parameter):
    """A Parameter whose shape is not known yet: it becomes a Parameter when materialised."""

    __module__ = "torch.nn.parameter"
    cls_to_become = Parameter

    def __init__(self, requires_grad: bool = True, device=None, dtype=None) -> None:
        super().__init__(Tensor._make(np.empty(0, (dtype or _dt.default_float).np)),
                         requires_grad)


class UninitializedBuffer(UninitializedTensorMixin, Tensor):
    """A buffer whose shape is not known yet: it becomes a Tensor when materialised."""

    __module__ = "torch.nn.parameter"

    def __init__(self, requires_grad: bool = False, device=None, dtype=None) -> None:
        super().__init__(np.empty(0, (dtype or _dt.default_float).np), requires_grad)
