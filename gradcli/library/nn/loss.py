"""The loss layers: a reduction (or the deprecated size_average/reduce pair) and a functional."""
from __future__ import annotations

from ...engine.ops import FUNCTIONAL
from ...engine.ops.nn import legacy_reduction
from .module import Module

_MODULE = "torch.nn.modules.loss"


class _Loss(Module):
    __module__ = _MODULE

    def __init__(self, size_average=None, reduce=None, reduction: str = "mean") -> None:
        super().__init__()
        self.reduction = legacy_reduction(size_average, reduce, reduction)


class _WeightedLoss(_Loss):
    __module__ = _MODULE

    def __init__(self, weight=None, size_average=None, reduce=None,
                 reduction: str = "mean") -> None:
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)


class L1Loss(_Loss):
    __module__ = _MODULE

    def forward(self, input, target):
        return FUNCTIONAL["l1_loss"](input, target, reduction=self.reduction)


class MSELoss(_Loss):
    __module__ = _MODULE

    def forward(self, input, target):
        return FUNCTIONAL["mse_loss"](input, target, reduction=self.reduction)


class NLLLoss(_WeightedLoss):
    __module__ = _MODULE

    def __init__(self, weight=None, size_average=None, ignore_index: int = -100, reduce=None,
                 reduction: str = "mean") -> None:
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return FUNCTIONAL["nll_loss"](input, target, weight=self.weight,
                                      ignore_index=self.ignore_index, reduction=self.reduction)


class CrossEntropyLoss(_WeightedLoss):
    __module__ = _MODULE

    def __init__(self, weight=None, size_average=None, ignore_index: int = -100, reduce=None,
                 reduction: str = "mean", label_smoothing: float = 0.0) -> None:
        super().__init__(weight, size_average, reduce, reduction)
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input, target):
        return FUNCTIONAL["cross_entropy"](input, target, weight=self.weight,
                                           ignore_index=self.ignore_index,
                                           reduction=self.reduction,
                                           label_smoothing=self.label_smoothing)


class BCELoss(_WeightedLoss):
    __module__ = _MODULE

    def forward(self, input, target):
        return FUNCTIONAL["binary_cross_entropy"](input, target, weight=self.weight,
                                                  reduction=self.reduction)


class BCEWithLogitsLoss(_Loss):
    __module__ = _MODULE

    def __init__(self, weight=None, size_average=None, reduce=None, reduction: str = "mean",
                 pos_weight=None) -> None:
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        self.register_buffer("pos_weight", pos_weight)

    def forward(self, input, target):
        return FUNCTIONAL["binary_cross_entropy_with_logits"](
            input, target, self.weight, pos_weight=self.pos_weight, reduction=self.reduction)


class SmoothL1Loss(_Loss):
    __module__ = _MODULE

    def __init__(self, size_average=None, reduce=None, reduction: str = "mean",
                 beta: float = 1.0) -> None:
        super().__init__(size_average, reduce, reduction)
        self.beta = beta

    def forward(self, input, target):
        return FUNCTIONAL["smooth_l1_loss"](input, target, reduction=self.reduction,
                                            beta=self.beta)


class HuberLoss(_Loss):
    __module__ = _MODULE

    def __init__(self, reduction: str = "mean", delta: float = 1.0) -> None:
        if not isinstance(delta, (float, int)):
            raise TypeError(f"delta must be a float or int, got: {type(delta)}")
        super().__init__(reduction=reduction)
        self.delta = delta

    def forward(self, input, target):
        return FUNCTIONAL["huber_loss"](input, target, reduction=self.reduction,
                                        delta=self.delta)
