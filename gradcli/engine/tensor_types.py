"""PyTorch's legacy tensor types: torch.Tensor(...) and torch.FloatTensor(...) as constructors
(sizes or data), FloatTensor and its kin as dtypes that isinstance can test, x.type(),
torch.autograd.Variable and set_default_tensor_type. torch.Tensor itself is the Tensor class;
calling it, a program reaches `legacy_new` (interpret/builtins.TYPE_CALLS)."""
from __future__ import annotations

import warnings

import numpy as np

from . import dtypes as _dt
from .device import Device
from .factories import FACTORY_INT_GRAD, _finish, _from_data, from_numpy
from .limits import check_shape
from .ops.convert import _cast
from .ops.registry import export
from .tensor import Size, Tensor

# the C++ names PyTorch's TensorOptions message gives each dtype
CPP_NAMES = {"bool": "bool", "uint8": "unsigned char", "int8": "signed char", "int16": "short int",
             "int32": "int", "int64": "long int", "float16": "c10::Half", "float32": "float",
             "float64": "double"}
SIGNATURES = (" * (*, torch.device device = None)\n{keywords} * (torch.Storage storage)\n"
              " * (Tensor other)\n * (tuple of ints size, *, torch.device device = None)\n"
              " * (object data, *, torch.device device = None)\n")
VOLATILE = "volatile was removed and now has no effect. Use `with torch.no_grad():` instead."
DEFAULT_TYPE = ("torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
                "torch.set_default_dtype() and torch.set_default_device() as alternatives. "
                "(Triggered internally at /__w/pytorch/pytorch/torch/csrc/tensor/"
                "python_tensor.cpp:434.)")


def _argument_type(value) -> str:
    """A value's type as PyTorch's argument parser names it in its messages."""
    if isinstance(value, Tensor):
        return "Tensor"
    if isinstance(value, _dt.DType):
        return "torch.dtype"
    if isinstance(value, Device):
        return "torch.device"
    return _dt.tp_name(value)


def _options(dtype: _dt.DType) -> str:
    return (f"TensorOptions(dtype={CPP_NAMES[dtype.name]}, device=cpu, layout=Strided, "
            f"requires_grad=false (default), pinned_memory=false (default), "
            f"memory_format=(nullopt))")


def legacy_new(dtype: _dt.DType | None, /, *args, **kwargs) -> Tensor:
    """torch.Tensor(...) (dtype None: the default dtype) and torch.FloatTensor(...): empty, of
    the sizes given, or holding the data given (an array of its very dtype is shared)."""
    unknown = [k for k in kwargs if k != "device"]
    if unknown:
        got = ", ".join([_argument_type(a) for a in args]
                        + [f"{k}={_argument_type(v)}" for k, v in kwargs.items()])
        raise TypeError(
            f"new() received an invalid combination of arguments - got ({got}), but expected one "
            f"of:\n" + SIGNATURES.format(keywords="      didn't match because some of the "
                                                  f"keywords were incorrect: "
                                                  f"{', '.join(unknown)}\n"))
    device = kwargs.get("device")
    if device is not None:
        kind = device.type if isinstance(device, Device) else Device(device).type
        if kind != "cpu":
            raise RuntimeError(f"legacy constructor expects device type: cpu but device type: "
                               f"{kind} was passed")
    typed = dtype is not None
    dtype = dtype or _dt.default_float
    if len(args) == 1 and not _is_int(args[0]):
        data = args[0]
        if isinstance(data, Tensor):
            if typed and data.dtype is not dtype:
                raise TypeError(f"expected {_options(dtype)} (got {_options(data.dtype)})")
            alias = Tensor._make(data._data)
            alias._version_counter = data._version_counter
            return alias
        if isinstance(data, Size):
            return _sized(dtype, tuple(data))
        if isinstance(data, np.ndarray) and _dt.of_array(data) is dtype \
                and all(step >= 0 for step in data.strides):
            return from_numpy(data)
        if not isinstance(data, (list, tuple, range, np.ndarray)):
            raise TypeError(f"new(): data must be a sequence (got {_dt.tp_name(data)})")
        return _finish(_from_data(data, dtype), False)
    if not args:
        return _sized(dtype, (0,))
    for i, size in enumerate(args):
        if not _is_int(size):
            raise TypeError(f"new(): argument 'size' failed to unpack the object at pos {i + 1} "
                            f"with error \"type must be tuple of ints,but got "
                            f"{_dt.tp_name(size)}\"")
    return _sized(dtype, tuple(int(s) for s in args))


def _is_int(value) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _sized(dtype: _dt.DType, shape: tuple) -> Tensor:
    check_shape(shape)
    return Tensor._make(np.zeros(shape, dtype.np))   # "uninitialized": zeros, to be repeatable


class TensorType:
    """torch.FloatTensor and its kin: called, the legacy constructor of its dtype; given to
    isinstance, true for a tensor of that dtype."""

    __slots__ = ("dtype", "__name__", "__qualname__", "_module")

    def __init__(self, dtype: _dt.DType | None, name: str, module: str = "torch") -> None:
        self.dtype = dtype
        self.__name__ = self.__qualname__ = name
        self._module = module

    def __call__(self, *args, **kwargs) -> Tensor:
        return legacy_new(self.dtype, *args, **kwargs)

    def __instancecheck__(self, obj) -> bool:
        return isinstance(obj, Tensor) and (self.dtype is None or obj.dtype is self.dtype)

    def __repr__(self) -> str:
        return f"<class '{self._module}.{self.__name__}'>"


TYPES = {d.legacy: TensorType(d, d.legacy) for d in _dt.ALL}
BY_NAME = {f"torch.{name}": t for name, t in TYPES.items()}


class VariableType(TensorType):
    """torch.autograd.Variable, the old wrapper: a new tensor over the same data, a leaf,
    requiring grad if asked; every tensor is an instance."""

    __slots__ = ()

    def __call__(self, data=None, requires_grad=False, volatile=False) -> Tensor:
        if volatile:
            warnings.warn(VOLATILE, UserWarning, stacklevel=2)
        if data is None:
            return Tensor._make(np.zeros((0,), _dt.default_float.np))
        if not isinstance(data, Tensor):
            raise TypeError(f"Variable data has to be a tensor, but got {_dt.tp_name(data)}")
        out = Tensor._make(data._data)
        out._version_counter = data._version_counter
        if requires_grad and not out.is_floating_point():
            raise RuntimeError(FACTORY_INT_GRAD)
        out._requires_grad = bool(requires_grad)
        return out


Variable = VariableType(None, "Variable", "torch.autograd.variable")


@export(torch=False)
def new(input, *args, **kwargs) -> Tensor:
    """x.new(2, 3), x.new([1, 2]): the legacy constructor of x's dtype."""
    return legacy_new(input.dtype, *args, **kwargs)


NO_CUDA_LIBRARY = (
    "Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend into two "
    "shared libraries: a CPU library and a CUDA library; this error has occurred because you are "
    "trying to use some CUDA functionality, but the CUDA library has not been loaded by the "
    "dynamic linker for some reason.  The CUDA library MUST be loaded, EVEN IF you don't directly "
    "use any symbols from the CUDA library! One common culprit is a lack of -Wl,--no-as-needed in "
    "your link arguments; many dynamic linkers will delete dynamic library dependencies if you "
    "don't depend on any of their symbols.  You can check if this has occurred by using ldd on "
    "your binary to see if there is a dependency on *_cuda.so library.")


@export("type", torch=False)
def type_(input, dtype=None, non_blocking=False):
    """x.type(): 'torch.FloatTensor'; x.type(torch.float64), x.type('torch.DoubleTensor') or
    x.type(torch.DoubleTensor): x cast to that dtype."""
    if dtype is None:
        return f"torch.{input.dtype.legacy}"
    if isinstance(dtype, str):
        if dtype.replace(".cuda.", ".", 1) in BY_NAME and dtype.startswith("torch.cuda."):
            raise RuntimeError(NO_CUDA_LIBRARY)
        if dtype not in BY_NAME:
            raise ValueError(f"invalid type: '{dtype}'")
        dtype = BY_NAME[dtype].dtype
    elif isinstance(dtype, TensorType) and dtype.dtype is not None:
        dtype = dtype.dtype
    elif not isinstance(dtype, _dt.DType):
        raise TypeError("dtype must be a type, str, or dtype object")
    return _cast(input, dtype)


def set_default_tensor_type(t) -> None:
    """The old way to set the default dtype: torch.DoubleTensor or 'torch.DoubleTensor'."""
    warnings.warn(DEFAULT_TYPE, UserWarning, stacklevel=2)
    t = BY_NAME.get(t, t) if isinstance(t, str) else t
    _dt.set_default_dtype(t.dtype if isinstance(t, TensorType) else None)
