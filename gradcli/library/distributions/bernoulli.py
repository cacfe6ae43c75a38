"""torch.distributions.bernoulli.Bernoulli: 1 with probability probs, else 0."""
from __future__ import annotations

import math

from ...engine import grad_mode
from ...engine.kernels import sampling
from ...engine.ops import FUNCTIONAL, FUNCTIONS
from ...engine.tensor import Size, Tensor
from ...engine.factories import _gen
from . import constraints
from .distribution import Distribution
from .utils import (NUMBERS, broadcast_all, enumerated, lazy_property, logits_to_probs,
                    probs_to_logits)


class Bernoulli(Distribution):
    arg_constraints = {"probs": constraints.unit_interval, "logits": constraints.real}
    support = constraints.boolean
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None) -> None:
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            is_scalar = isinstance(probs, NUMBERS)
            (self.probs,) = broadcast_all(probs)
        else:
            is_scalar = isinstance(logits, NUMBERS)
            (self.logits,) = broadcast_all(logits)
        self._param = self.probs if probs is not None else self.logits
        batch_shape = Size() if is_scalar else self._param.size()
        super().__init__(batch_shape, validate_args=validate_args)

    @property
    def mean(self):
        return self.probs

    @property
    def mode(self):
        mode = (self.probs >= 0.5).to(self.probs)
        mode[self.probs == 0.5] = math.nan
        return mode

    @property
    def variance(self):
        return self.probs * (1 - self.probs)

    @lazy_property
    def logits(self):
        return probs_to_logits(self.probs, is_binary=True)

    @lazy_property
    def probs(self):
        return logits_to_probs(self.logits, is_binary=True)

    @property
    def param_shape(self):
        return self._param.size()

    def sample(self, sample_shape=Size()):
        """torch.bernoulli of probs expanded to the sample's shape (its tensor kernel)."""
        shape = self._extended_shape(sample_shape)
        with grad_mode.no_grad():
            p = self.probs.expand(shape)._data
            return Tensor._make(sampling.bernoulli(_gen(None), p))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        return -FUNCTIONAL["binary_cross_entropy_with_logits"](logits, value, reduction="none")

    def entropy(self):
        return FUNCTIONAL["binary_cross_entropy_with_logits"](self.logits, self.probs,
                                                              reduction="none")

    def enumerate_support(self, expand=True):
        values = FUNCTIONS["arange"](2, dtype=self._param.dtype)
        return enumerated(values, self._batch_shape, expand)


Bernoulli.__module__ = "torch.distributions.bernoulli"
__all__ = ["Bernoulli"]
