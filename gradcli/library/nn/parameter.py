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
