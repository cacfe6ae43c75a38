"""out=: a torch function's result written into a tensor the program gives, as ATen's out=
variants write it (cast to the out tensor's dtype, which it is resized to fit)."""
from __future__ import annotations

import warnings
from typing import Callable

import numpy as np

from . import dtypes as _dt
from . import grad_mode
from .tensor import Tensor

RESIZED = ("An output with one or more elements was resized since it had shape {was}, which "
           "does not match the required output shape {now}. This behavior is deprecated, and in "
           "a future PyTorch release outputs will not be resized unless they have zero elements. "
           "You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements "
           "with t.resize_(0). (Triggered internally at "
           "/__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)")
NO_AUTOGRAD = ("{}(): functions with out=... arguments don't support automatic differentiation, "
               "but one of the arguments requires grad.")


def _can_cast(src: _dt.DType, dst: _dt.DType) -> bool:
    """c10::canCast: no float into an integer, nothing but bool into bool."""
    if src.category == _dt.FLOAT and dst.category != _dt.FLOAT:
        return False
    return not (src.category != _dt.BOOL and dst.category == _dt.BOOL)


def _requires_grad(values) -> bool:
    for v in values:
        if isinstance(v, Tensor) and v._requires_grad:
            return True
        if isinstance(v, (list, tuple)) and _requires_grad(v):
            return True
    return False


def call_with_out(fn: Callable, name: str, args, kwargs: dict, out, factory: bool = False):
    """fn(*args, **kwargs) written into `out`, which is returned. A factory makes its result
    in out's dtype and fills it, resized, without a word; any other function's result is cast
    into it, and resizing an out tensor that held elements is warned of."""
    if not isinstance(out, Tensor):
        raise TypeError(f"{name}(): argument 'out' must be Tensor, not {type(out).__name__}")
    if factory:
        dtype = kwargs.get("dtype")
        if dtype is not None and dtype is not out.dtype:
            raise RuntimeError(f"dtype {_dt.type_name(dtype)} does not match dtype of out "
                               f"parameter ({_dt.type_name(out.dtype)})")
        kwargs = {**kwargs, "dtype": out.dtype}
    elif grad_mode.state.enabled and (out._requires_grad or _requires_grad(args)
                                      or _requires_grad(kwargs.values())):
        raise RuntimeError(NO_AUTOGRAD.format(name))
    result = fn(*args, **kwargs)
    if not isinstance(result, Tensor):
        raise TypeError(f"{name}() got an unexpected keyword argument 'out'")
    if not _can_cast(result.dtype, out.dtype):
        raise RuntimeError(f"result type {_dt.type_name(result.dtype)} can't be cast to the "
                           f"desired output type {_dt.type_name(out.dtype)}")
    if out._data.shape != result._data.shape:
        if out._data.size and not factory:
            warnings.warn(RESIZED.format(was=list(out._data.shape), now=list(result._data.shape)),
                          UserWarning, stacklevel=3)
        out._data = np.empty(result._data.shape, out._data.dtype)
    np.copyto(out._data, result._data, casting="unsafe")
    out._version_counter.value += 1
    return out
