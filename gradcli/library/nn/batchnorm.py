"""BatchNorm1d and BatchNorm2d: normalise by the batch's statistics while training (updating
running estimates), by the running estimates in eval mode; and their lazy forms."""
from __future__ import annotations

from ...engine import dtypes as _dt
from ...engine import factories
from ...engine.ops import FUNCTIONAL
from . import init
from .lazy import LazyModuleMixin
from .module import Module
from .parameter import Parameter, UninitializedBuffer, UninitializedParameter

_MODULE = "torch.nn.modules.batchnorm"


class _BatchNorm(Module):
    __module__ = _MODULE
    _version = 2

    def __init__(self, num_features: int, eps: float = 1e-05, momentum: float | None = 0.1,
                 affine: bool = True, track_running_stats: bool = True, device=None,
                 dtype=None, *, bias: bool = True) -> None:
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = Parameter(factories.empty(num_features, dtype=dtype, device=device))
            if bias:
                self.bias = Parameter(factories.empty(num_features, dtype=dtype, device=device))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)
        if track_running_stats:
            self.register_buffer("running_mean", factories.zeros(num_features, dtype=dtype))
            self.register_buffer("running_var", factories.ones(num_features, dtype=dtype))
            self.register_buffer("num_batches_tracked", factories.tensor(0, dtype=_dt.int64))
        else:
            for name in ("running_mean", "running_var", "num_batches_tracked"):
                self.register_buffer(name, None)
        self.reset_parameters()

    def reset_running_stats(self) -> None:
        if self.track_running_stats:
            self.running_mean.zero_()
            self.running_var.fill_(1)
            self.num_batches_tracked.zero_()

    def reset_parameters(self) -> None:
        self.reset_running_stats()
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def _check_input_dim(self, input) -> None:
        raise NotImplementedError

    def forward(self, input):
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            self.num_batches_tracked.add_(1)
            factor = 1.0 / float(self.num_batches_tracked) if self.momentum is None \
                else self.momentum
        use_batch = self.training or (self.running_mean is None and self.running_var is None)
        track = not self.training or self.track_running_stats
        return FUNCTIONAL["batch_norm"](
            input, self.running_mean if track else None, self.running_var if track else None,
            self.weight, self.bias, use_batch, factor, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"affine={self.affine}, bias={self.bias is not None}, "
                f"track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    __module__ = _MODULE

    def _check_input_dim(self, input) -> None:
        if input.dim() not in (2, 3):
            raise ValueError(f"expected 2D or 3D input (got {input.dim()}D input)")


class BatchNorm2d(_BatchNorm):
    __module__ = _MODULE

    def _check_input_dim(self, input) -> None:
        if input.dim() != 4:
            raise ValueError(f"expected 4D input (got {input.dim()}D input)")


class _LazyNormBase(LazyModuleMixin, _BatchNorm):
    """A batch norm whose num_features is its first input's channel dimension."""

    __module__ = _MODULE
    _inferred = "num_features"

    def __init__(self, eps: float = 1e-05, momentum: float | None = 0.1, affine: bool = True,
                 track_running_stats: bool = True, device=None, dtype=None, *,
                 bias: bool = True) -> None:
        super().__init__(0, eps, momentum, False, False, device=device, dtype=dtype,
                         bias=False)
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = UninitializedParameter(device=device, dtype=dtype)
            if bias:
                self.bias = UninitializedParameter(device=device, dtype=dtype)
        if track_running_stats:
            self.running_mean = UninitializedBuffer(device=device, dtype=dtype)
            self.running_var = UninitializedBuffer(device=device, dtype=dtype)
            self.num_batches_tracked = factories.tensor(0, dtype=_dt.int64)

    def initialize_parameters(self, input) -> None:
        if self.has_uninitialized_params():
            self.num_features = input.shape[1]
            if self.affine:
                self.weight.materialize((self.num_features,))
                if self.bias is not None:
                    self.bias.materialize((self.num_features,))
            if self.track_running_stats:
                self.running_mean.materialize((self.num_features,))
                self.running_var.materialize((self.num_features,))
            self.reset_parameters()


class LazyBatchNorm1d(_LazyNormBase, BatchNorm1d):
    __module__ = _MODULE
    cls_to_become = BatchNorm1d


class LazyBatchNorm2d(_LazyNormBase, BatchNorm2d):
    __module__ = _MODULE
    cls_to_become = BatchNorm2d
