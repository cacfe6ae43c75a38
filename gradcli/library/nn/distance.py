"""The distance layers: PairwiseDistance and CosineSimilarity (torch.nn.modules.distance)."""
from __future__ import annotations

from ...engine.ops import FUNCTIONAL
from .module import Module

_MODULE = "torch.nn.modules.distance"


class PairwiseDistance(Module):
    __module__ = _MODULE

    def __init__(self, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False) -> None:
        super().__init__()
        self.norm = p
        self.eps = eps
        self.keepdim = keepdim

    def forward(self, x1, x2):
        return FUNCTIONAL["pairwise_distance"](x1, x2, self.norm, self.eps, self.keepdim)


class CosineSimilarity(Module):
    __module__ = _MODULE

    def __init__(self, dim: int = 1, eps: float = 1e-8) -> None:
        super().__init__()
        self.dim = dim
        self.eps = eps

    def forward(self, x1, x2):
        return FUNCTIONAL["cosine_similarity"](x1, x2, self.dim, self.eps)
