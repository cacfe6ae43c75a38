"""Dropout: zeroes elements with probability p in training mode (PyTorch's random mask),
scaling the rest by 1/(1-p); the identity in eval mode."""
from __future__ import annotations

from ...engine.ops import FUNCTIONAL
from .module import Module

_MODULE = "torch.nn.modules.dropout"


class Dropout(Module):
    __module__ = _MODULE

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    def forward(self, input):
        return FUNCTIONAL["dropout"](input, self.p, self.training, self.inplace)

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"
