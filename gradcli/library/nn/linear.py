"""Identity and Linear (y = x Aᵀ + b), with PyTorch's default initialisation."""
from __future__ import annotations

from ...engine import factories
from ...engine.ops import FUNCTIONAL
from . import init
from .module import Module
from .parameter import Parameter

_MODULE = "torch.nn.modules.linear"


class Identity(Module):
    """Returns its input; takes (and ignores) any arguments."""

    __module__ = _MODULE

    def __init__(self, *args, **kwargs) -> None:
        super().__init__()

    def forward(self, input):
        return input


class Linear(Module):
    """y = x Aᵀ + b; A and b uniform in ±1/√in_features (kaiming_uniform_ with a = √5)."""

    __module__ = _MODULE

    def __init__(self, in_features: int, out_features: int, bias: bool = True, device=None,
                 dtype=None) -> None:
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(factories.empty((out_features, in_features), dtype=dtype,
                                                device=device))
        if bias:
            self.bias = Parameter(factories.empty(out_features, dtype=dtype, device=device))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        init.default_reset(self.weight, self.bias)

    def forward(self, input):
        return FUNCTIONAL["linear"](input, self.weight, self.bias)

    def extra_repr(self) -> str:
        return (f"in_features={self.in_features}, out_features={self.out_features}, "
                f"bias={self.bias is not None}")
