"""Conv2d: a learnt 2-d cross-correlation, with PyTorch's default initialisation; LazyConv2d."""
from __future__ import annotations

from ...engine import factories
from ...engine.ops import FUNCTIONAL
from . import init
from .lazy import LazyModuleMixin
from .module import Module
from .parameter import Parameter, UninitializedParameter

_MODULE = "torch.nn.modules.conv"
_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")


def pair(value) -> tuple:
    """torch.nn.modules.utils._pair: an iterable as a tuple, anything else twice."""
    if isinstance(value, (tuple, list)):
        return tuple(value)
    return (value, value)


class Conv2d(Module):
    __module__ = _MODULE

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0,
                 dilation=1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros",
                 device=None, dtype=None) -> None:
        super().__init__()
        kernel_size, stride, dilation = pair(kernel_size), pair(stride), pair(dilation)
        padding = padding if isinstance(padding, str) else pair(padding)
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError(f"Invalid padding string {padding!r}, should be one of "
                                 "{'valid', 'same'}")
            if padding == "same" and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in _PADDING_MODES:
            raise ValueError("padding_mode must be one of {'zeros', 'reflect', 'replicate', "
                             f"'circular'}}, but got padding_mode='{padding_mode}'")
        if padding_mode != "zeros":
            raise NotImplementedError(f"gradcli's Conv2d pads with zeros only, not "
                                      f"padding_mode='{padding_mode}'")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = False
        self.output_padding = (0, 0)
        self.groups = groups
        self.padding_mode = padding_mode
        self.weight = Parameter(factories.empty(
            (out_channels, in_channels // groups) + kernel_size, dtype=dtype, device=device))
        if bias:
            self.bias = Parameter(factories.empty(out_channels, dtype=dtype, device=device))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        init.default_reset(self.weight, self.bias)

    def _conv_forward(self, input, weight, bias):
        return FUNCTIONAL["conv2d"](input, weight, bias, self.stride, self.padding,
                                    self.dilation, self.groups)

    def forward(self, input):
        return self._conv_forward(input, self.weight, self.bias)

    def extra_repr(self) -> str:
        text = (f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
                f"stride={self.stride}")
        if self.padding != (0,) * len(self.padding):
            text += f", padding={self.padding}"
        if self.dilation != (1,) * len(self.dilation):
            text += f", dilation={self.dilation}"
        if self.groups != 1:
            text += f", groups={self.groups}"
        if self.bias is None:
            text += ", bias=False"
        return text


class LazyConv2d(LazyModuleMixin, Conv2d):
    """A Conv2d whose in_channels is its first input's channel dimension."""

    __module__ = _MODULE
    cls_to_become = Conv2d
    _inferred = "in_channels"

    def __init__(self, out_channels: int, kernel_size, stride=1, padding=0, dilation=1,
                 groups: int = 1, bias: bool = True, padding_mode: str = "zeros", device=None,
                 dtype=None) -> None:
        super().__init__(0, 0, kernel_size, stride, padding, dilation, groups, False,
                         padding_mode, device=device, dtype=dtype)
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.out_channels = out_channels
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)

    def initialize_parameters(self, input, *args, **kwargs) -> None:
        if self.has_uninitialized_params():
            if input.dim() not in (3, 4):
                raise RuntimeError("Expected 3D (unbatched) or 4D (batched) input to "
                                   f"{type(self).__name__}, but got input of size: "
                                   f"{input.shape}")
            self.in_channels = input.shape[1] if input.dim() == 4 else input.shape[0]
            if self.in_channels % self.groups != 0:
                raise ValueError("in_channels must be divisible by groups")
            self.weight.materialize((self.out_channels, self.in_channels // self.groups,
                                     *self.kernel_size))
            if self.bias is not None:
                self.bias.materialize((self.out_channels,))
            self.reset_parameters()
