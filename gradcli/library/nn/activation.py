"""The activation layers: each holds its arguments and calls its torch.nn.functional form."""
from __future__ import annotations

import warnings

from ...engine import factories
from ...engine.ops import FUNCTIONAL, FUNCTIONS
from . import init
from .module import Module
from .parameter import Parameter

_MODULE = "torch.nn.modules.activation"


def _inplace_only(inplace: bool) -> str:
    return "inplace=True" if inplace else ""


def _inplace_after(inplace: bool) -> str:
    return ", inplace=True" if inplace else ""


class ReLU(Module):
    __module__ = _MODULE

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return FUNCTIONAL["relu"](input, inplace=self.inplace)

    def extra_repr(self) -> str:
        return _inplace_only(self.inplace)


class Hardtanh(Module):
    __module__ = _MODULE

    def __init__(self, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False,
                 min_value: float | None = None, max_value: float | None = None) -> None:
        super().__init__()
        if min_value is not None:
            warnings.warn("keyword argument `min_value` is deprecated and renamed to `min_val`",
                          FutureWarning, stacklevel=2)
            min_val = min_value
        if max_value is not None:
            warnings.warn("keyword argument `max_value` is deprecated and renamed to `max_val`",
                          FutureWarning, stacklevel=2)
            max_val = max_value
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace
        if self.max_val <= self.min_val:
            raise AssertionError(f"max_val ({self.max_val}) must be greater than min_val "
                                 f"({self.min_val})")

    def forward(self, input):
        return FUNCTIONAL["hardtanh"](input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self) -> str:
        return f"min_val={self.min_val}, max_val={self.max_val}{_inplace_after(self.inplace)}"


class ReLU6(Hardtanh):
    __module__ = _MODULE

    def __init__(self, inplace: bool = False) -> None:
        super().__init__(0.0, 6.0, inplace)

    def extra_repr(self) -> str:
        return _inplace_only(self.inplace)


class Sigmoid(Module):
    __module__ = _MODULE

    def forward(self, input):
        return FUNCTIONS["sigmoid"](input)


class Tanh(Module):
    __module__ = _MODULE

    def forward(self, input):
        return FUNCTIONS["tanh"](input)


class SiLU(Module):
    __module__ = _MODULE

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace

    def forward(self, input):
        return FUNCTIONAL["silu"](input, inplace=self.inplace)

    def extra_repr(self) -> str:
        return _inplace_only(self.inplace)


class ELU(Module):
    __module__ = _MODULE

    def __init__(self, alpha: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return FUNCTIONAL["elu"](input, self.alpha, self.inplace)

    def extra_repr(self) -> str:
        return f"alpha={self.alpha}{_inplace_after(self.inplace)}"


class GELU(Module):
    __module__ = _MODULE

    def __init__(self, approximate: str = "none") -> None:
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return FUNCTIONAL["gelu"](input, approximate=self.approximate)

    def extra_repr(self) -> str:
        return f"approximate={self.approximate!r}"


class LeakyReLU(Module):
    __module__ = _MODULE

    def __init__(self, negative_slope: float = 0.01, inplace: bool = False) -> None:
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        return FUNCTIONAL["leaky_relu"](input, self.negative_slope, self.inplace)

    def extra_repr(self) -> str:
        return f"negative_slope={self.negative_slope}{_inplace_after(self.inplace)}"


class LogSigmoid(Module):
    __module__ = _MODULE

    def forward(self, input):
        return FUNCTIONAL["logsigmoid"](input)


class Softplus(Module):
    __module__ = _MODULE

    def __init__(self, beta: float = 1.0, threshold: float = 20.0) -> None:
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input):
        return FUNCTIONAL["softplus"](input, self.beta, self.threshold)

    def extra_repr(self) -> str:
        return f"beta={self.beta}, threshold={self.threshold}"


class PReLU(Module):
    """max(0, x) + a·min(0, x), with a learnt slope per channel (or one for all)."""

    __module__ = _MODULE

    def __init__(self, num_parameters: int = 1, init: float = 0.25, device=None,
                 dtype=None) -> None:
        self.num_parameters = num_parameters
        super().__init__()
        self.init = init
        self.weight = Parameter(factories.empty(num_parameters, dtype=dtype, device=device))
        self.reset_parameters()

    def reset_parameters(self) -> None:
        init.constant_(self.weight, self.init)

    def forward(self, input):
        return FUNCTIONAL["prelu"](input, self.weight)

    def extra_repr(self) -> str:
        return f"num_parameters={self.num_parameters}"


class _SoftmaxLike(Module):
    """Softmax and LogSoftmax: one dim, or PyTorch's implicit choice (with its warning)."""

    __module__ = _MODULE
    _function = ""

    def __init__(self, dim: int | None = None) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return FUNCTIONAL[self._function](input, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class Softmax(_SoftmaxLike):
    __module__ = _MODULE
    _function = "softmax"


class LogSoftmax(_SoftmaxLike):
    __module__ = _MODULE
    _function = "log_softmax"
