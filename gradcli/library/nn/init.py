"""torch.nn.init: filling parameters in place, under no_grad, from the engine's random streams
(the same draws, in the same order, as PyTorch's)."""
from __future__ import annotations

import math
import warnings
from typing import Callable

from ...engine import factories, grad_mode
from ...engine.ops import FUNCTIONS
from ...engine.tensor import Tensor
from .parameter import is_lazy, uninitialized_use

_LINEAR = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
           "conv_transpose3d")


def calculate_gain(nonlinearity: str, param=None):
    """The recommended gain for a nonlinearity (1 is an int, as PyTorch returns it)."""
    if nonlinearity in _LINEAR or nonlinearity == "sigmoid":
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            negative_slope = 0.01
        elif (not isinstance(param, bool) and isinstance(param, int)) or \
                isinstance(param, float):
            negative_slope = param
        else:
            raise ValueError(f"negative_slope {param} not a valid number")
        return math.sqrt(2.0 / (1 + negative_slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def _refuse_uninitialized(tensor, fn: Callable) -> None:
    """The functions that PyTorch lets __torch_function__ take (uniform_, normal_, constant_,
    kaiming_uniform_) refuse an uninitialised parameter by their own name."""
    if is_lazy(tensor):
        raise uninitialized_use(type(tensor), f"<function {fn.__name__} at 0x{id(fn):x}>")


def uniform_(tensor: Tensor, a: float = 0.0, b: float = 1.0, generator=None) -> Tensor:
    _refuse_uninitialized(tensor, uniform_)
    with grad_mode.no_grad():
        return tensor.uniform_(a, b, generator=generator)


def normal_(tensor: Tensor, mean: float = 0.0, std: float = 1.0, generator=None) -> Tensor:
    _refuse_uninitialized(tensor, normal_)
    with grad_mode.no_grad():
        return tensor.normal_(mean, std, generator=generator)


def trunc_normal_(tensor: Tensor, mean: float = 0.0, std: float = 1.0, a: float = -2.0,
                  b: float = 2.0, generator=None) -> Tensor:
    """Normal values redrawn until they fall in [a, b] when that holds most of the mass, else
    PyTorch's rejection sampling from uniform candidates."""
    def cdf(x: float) -> float:
        return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0

    if mean < a - 2 * std or mean > b + 2 * std:
        warnings.warn("mean is more than 2 std from [a, b] in nn.init.trunc_normal_. The "
                      "distribution of values may be incorrect.", stacklevel=2)
    where = FUNCTIONS["where"]
    with grad_mode.no_grad():
        if cdf((b - mean) / std) - cdf((a - mean) / std) > 0.3:
            lo, hi = (float(tensor._data.dtype.type(v)) for v in (a, b))   # in its dtype
            result = tensor.normal_(mean, std, generator=generator)
            while True:
                outside = (result < lo) | (result > hi)
                if not outside.any():
                    break
                redraw = factories.empty_like(result).normal_(mean, std, generator=generator)
                result = where(outside, redraw, result)
            if tensor is not result:
                tensor.copy_(result)
            return tensor
        mode = max(a, min(mean, b))
        log_peak = -0.5 * ((mode - mean) / std) ** 2

        def log_ratio(candidates: Tensor) -> Tensor:
            return candidates.sub_(mean).div_(std).pow_(2).mul_(-0.5).sub_(log_peak)

        accept = factories.empty_like(tensor)
        tensor.uniform_(a, b, generator=generator)
        candidates = log_ratio(tensor.clone())
        pending = accept.uniform_(generator=generator).log_().gt(candidates)
        result = tensor
        while pending.any():
            candidates = factories.empty_like(tensor).uniform_(a, b, generator=generator)
            result = where(pending, candidates, result)
            log_ratio(candidates)
            pending = where(pending, accept.uniform_(generator=generator).log_().gt(candidates),
                            pending)
        if result is not tensor:
            tensor.copy_(result)
        return tensor


def constant_(tensor: Tensor, val: float) -> Tensor:
    _refuse_uninitialized(tensor, constant_)
    with grad_mode.no_grad():
        return tensor.fill_(val)


def ones_(tensor: Tensor) -> Tensor:
    return constant_(tensor, 1.0)


def zeros_(tensor: Tensor) -> Tensor:
    with grad_mode.no_grad():
        return tensor.zero_()


def eye_(tensor: Tensor) -> Tensor:
    if tensor.ndim != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    with grad_mode.no_grad():
        tensor.copy_(factories.eye(*tensor.shape, dtype=tensor.dtype))
    return tensor


def dirac_(tensor: Tensor, groups: int = 1) -> Tensor:
    if tensor.ndim not in (3, 4, 5):
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    sizes = tensor.shape
    if sizes[0] % groups != 0:
        raise ValueError("dim 0 must be divisible by groups")
    per_group = sizes[0] // groups
    centre = tuple(s // 2 for s in sizes[2:])
    with grad_mode.no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min(per_group, sizes[1])):
                tensor[(g * per_group + d, d) + centre] = 1
    return tensor


def _calculate_fan_in_and_fan_out(tensor: Tensor) -> tuple[int, int]:
    if tensor.dim() < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 "
                         "dimensions")
    receptive_field = math.prod(tensor.shape[2:])
    return tensor.size(1) * receptive_field, tensor.size(0) * receptive_field


def _calculate_correct_fan(tensor: Tensor, mode: str) -> int:
    mode = mode.lower()
    valid_modes = ["fan_in", "fan_out"]
    if mode not in valid_modes:
        raise ValueError(f"Mode {mode} not supported, please use one of {valid_modes}")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def xavier_uniform_(tensor: Tensor, gain: float = 1.0, generator=None) -> Tensor:
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    a = math.sqrt(3.0) * std
    return uniform_(tensor, -a, a, generator)


def xavier_normal_(tensor: Tensor, gain: float = 1.0, generator=None) -> Tensor:
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    return normal_(tensor, 0.0, std, generator)


def _kaiming_std(tensor: Tensor, a, mode: str, nonlinearity: str) -> float | None:
    """gain / √fan, or None for a tensor with no elements (PyTorch warns and leaves it)."""
    if 0 in tensor.shape:
        warnings.warn("Initializing zero-element tensors is a no-op", stacklevel=3)
        return None
    fan = _calculate_correct_fan(tensor, mode)
    return calculate_gain(nonlinearity, a) / math.sqrt(fan)


def kaiming_uniform_(tensor: Tensor, a: float = 0, mode: str = "fan_in",
                     nonlinearity: str = "leaky_relu", generator=None) -> Tensor:
    _refuse_uninitialized(tensor, kaiming_uniform_)
    std = _kaiming_std(tensor, a, mode, nonlinearity)
    if std is None:
        return tensor
    bound = math.sqrt(3.0) * std
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(tensor: Tensor, a: float = 0, mode: str = "fan_in",
                    nonlinearity: str = "leaky_relu", generator=None) -> Tensor:
    std = _kaiming_std(tensor, a, mode, nonlinearity)
    if std is None:
        return tensor
    return normal_(tensor, 0, std, generator)


def default_reset(weight: Tensor, bias: Tensor | None) -> None:
    """Linear's and Conv2d's reset_parameters: kaiming_uniform_ with a = √5 (bound 1/√fan_in),
    then the bias uniform in ±1/√fan_in."""
    with grad_mode.no_grad():
        kaiming_uniform_(weight, a=math.sqrt(5))
        if bias is not None:
            fan_in, _ = _calculate_fan_in_and_fan_out(weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            uniform_(bias, -bound, bound)


def _deprecated(method: Callable) -> Callable:
    """The old name without the trailing underscore: warns, then does the same."""
    new_name = method.__name__
    old_name = new_name[:-1]

    def deprecated_init(*args, **kwargs):
        warnings.warn(f"`nn.init.{old_name}` is now deprecated in favor of "
                      f"`nn.init.{new_name}`.", FutureWarning, stacklevel=2)
        return method(*args, **kwargs)
    deprecated_init.__name__ = deprecated_init.__qualname__ = old_name
    return deprecated_init


PUBLIC = (calculate_gain, uniform_, normal_, trunc_normal_, constant_, ones_, zeros_, eye_,
          dirac_, xavier_uniform_, xavier_normal_, kaiming_uniform_, kaiming_normal_,
          _calculate_fan_in_and_fan_out)
DEPRECATED = (uniform_, normal_, constant_, eye_, dirac_, xavier_uniform_, xavier_normal_,
              kaiming_uniform_, kaiming_normal_)


def entries() -> dict:
    """The names of torch.nn.init."""
    table = {fn.__name__: fn for fn in PUBLIC}
    table.update({fn.__name__[:-1]: _deprecated(fn) for fn in DEPRECATED})
    for fn in table.values():
        fn.__module__ = "torch.nn.init"
    return table
