"""Identity, Linear (y = x Aᵀ + b), with PyTorch's default initialisation, and LazyLinear."""
from __future__ import annotations

from ...engine import factories, grad_mode
from ...engine.ops import FUNCTIONAL
from . import init
from .lazy import LazyModuleMixin
from .module import Module
from .parameter import Parameter, UninitializedParameter

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


class LazyLinear(LazyModuleMixin, Linear):
    """A Linear whose in_features is its first input's last dimension."""

    __module__ = _MODULE
    cls_to_become = Linear
    _inferred = "in_features"

    def __init__(self, out_features: int, bias: bool = True, device=None, dtype=None) -> None:
        super().__init__(0, 0, False)
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.out_features = out_features
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)

    def initialize_parameters(self, input) -> None:
        if self.has_uninitialized_params():
            with grad_mode.no_grad():
                self.in_features = input.shape[-1]
                self.weight.materialize((self.out_features, self.in_features))
                if self.bias is not None:
                    self.bias.materialize((self.out_features,))
                self.reset_parameters()
        if self.in_features == 0:
            if input.shape[-1] != self.weight.shape[-1]:
                raise AssertionError(f"The in_features inferred from input: {input.shape[-1]} "
                                     "is not equal to in_features from self.weight: "
                                     f"{self.weight.shape[-1]}")
            self.in_features = input.shape[-1]
