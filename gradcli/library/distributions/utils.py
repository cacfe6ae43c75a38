"""torch.distributions.utils: what the distributions share: broadcast_all, lazy_property, and
the conversions between probabilities and logits."""
from __future__ import annotations

import numpy as np

from ...engine import dtypes as _dt
from ...engine import grad_mode
from ...engine.ops import FUNCTIONAL, FUNCTIONS
from ...engine.ops.pointwise import broadcast_error
from ...engine.tensor import Tensor
from .. import LibraryClass

NUMBERS = (bool, int, float)


def broadcast_all(*values) -> tuple:
    """Numbers as tensors (of the first tensor's dtype, else the default), all broadcast to one
    shape; a tensor of that shape already is given back itself, as torch.broadcast_tensors does."""
    if not all(isinstance(v, (Tensor,) + NUMBERS) for v in values):
        raise ValueError("Input arguments must all be instances of Number, torch.Tensor or "
                         "objects implementing __torch_function__.")
    dtype = next((v.dtype for v in values if isinstance(v, Tensor)), _dt.default_float)
    values = [v if isinstance(v, Tensor) else FUNCTIONS["tensor"](v, dtype=dtype)
              for v in values]
    shape = ()
    for i, v in enumerate(values):
        try:
            shape = np.broadcast_shapes(shape, tuple(v.shape))
        except ValueError:
            raise broadcast_error(values[i - 1], v) from None
    return tuple(v if tuple(v.shape) == shape else v.expand(shape) for v in values)


class lazy_property(LibraryClass):
    """A value computed (with grad mode on) when first read, then kept as the instance's own
    attribute, which the distribution's repr then shows. (The function it holds is out of a
    program's reach: a dunder attribute.)"""

    __slots__ = ("__wrapped__",)

    def __init__(self, wrapped) -> None:
        self.__wrapped__ = wrapped

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        with grad_mode.enable_grad():
            value = self.__wrapped__(instance)
        setattr(instance, self.__wrapped__.__name__, value)
        return value


def enumerated(values, batch_shape, expand: bool):
    """A discrete distribution's values along dim 0, over its batch (expanded, or of size 1)."""
    values = values.view((-1,) + (1,) * len(batch_shape))
    return values.expand((-1,) + tuple(batch_shape)) if expand else values


def clamp_probs(probs):
    eps = float(np.finfo(probs.dtype.np).eps)
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs, is_binary: bool = False):
    clamped = clamp_probs(probs)
    if is_binary:
        return FUNCTIONS["log"](clamped) - FUNCTIONS["log1p"](-clamped)
    return FUNCTIONS["log"](clamped)


def logits_to_probs(logits, is_binary: bool = False):
    if is_binary:
        return FUNCTIONS["sigmoid"](logits)
    return FUNCTIONAL["softmax"](logits, dim=-1)


__all__ = ["broadcast_all", "clamp_probs", "enumerated", "lazy_property", "logits_to_probs",
           "probs_to_logits"]
