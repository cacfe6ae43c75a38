"""The pooling layers: MaxPool2d, AvgPool2d, AdaptiveAvgPool2d and AdaptiveMaxPool2d."""
from __future__ import annotations

from ...engine.ops import FUNCTIONAL
from .module import Module

_MODULE = "torch.nn.modules.pooling"


class MaxPool2d(Module):
    __module__ = _MODULE

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1,
                 return_indices: bool = False, ceil_mode: bool = False) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def forward(self, input):
        return FUNCTIONAL["max_pool2d"](input, self.kernel_size, self.stride, self.padding,
                                        self.dilation, ceil_mode=self.ceil_mode,
                                        return_indices=self.return_indices)

    def extra_repr(self) -> str:
        return (f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, ceil_mode={self.ceil_mode}")


class AvgPool2d(Module):
    __module__ = _MODULE

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
                 count_include_pad: bool = True, divisor_override=None) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input):
        return FUNCTIONAL["avg_pool2d"](input, self.kernel_size, self.stride, self.padding,
                                        self.ceil_mode, self.count_include_pad,
                                        self.divisor_override)

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AdaptiveAvgPool2d(Module):
    __module__ = _MODULE

    def __init__(self, output_size) -> None:
        super().__init__()
        self.output_size = output_size

    def forward(self, input):
        return FUNCTIONAL["adaptive_avg_pool2d"](input, self.output_size)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveMaxPool2d(Module):
    __module__ = _MODULE

    def __init__(self, output_size, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def forward(self, input):
        return FUNCTIONAL["adaptive_max_pool2d"](input, self.output_size, self.return_indices)

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"
