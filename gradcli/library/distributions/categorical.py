"""torch.distributions.categorical.Categorical: one of K categories, by probabilities or logits;
samples drawn by torch.multinomial with replacement, as PyTorch draws them."""
from __future__ import annotations

import math

import numpy as np

from ...engine import dtypes as _dt
from ...engine.ops import FUNCTIONS
from ...engine.tensor import Size
from .. import pythons_errors
from . import constraints
from .distribution import Distribution
from .utils import (broadcast_all, enumerated, lazy_property, logits_to_probs,
                    probs_to_logits)


class Categorical(Distribution):
    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None) -> None:
        if (probs is None) == (logits is None):
            raise ValueError("Either `probs` or `logits` must be specified, but not both.")
        if probs is not None:
            if probs.dim() < 1:
                raise ValueError("`probs` parameter must be at least one-dimensional.")
            self.probs = probs / probs.sum(-1, keepdim=True)
        else:
            if logits.dim() < 1:
                raise ValueError("`logits` parameter must be at least one-dimensional.")
            self.logits = logits - logits.logsumexp(dim=-1, keepdim=True)
        self._param = self.probs if probs is not None else self.logits
        self._num_events = self._param.size()[-1]
        batch_shape = self._param.size()[:-1] if self._param.ndim > 1 else Size()
        super().__init__(batch_shape, validate_args=validate_args)

    @property
    def support(self):
        return constraints.integer_interval(0, self._num_events - 1)

    @lazy_property
    def logits(self):
        return probs_to_logits(self.probs)

    @lazy_property
    def probs(self):
        return logits_to_probs(self.logits)

    @property
    def param_shape(self):
        return self._param.size()

    @property
    def mean(self):
        return FUNCTIONS["full"](self._extended_shape(), math.nan, dtype=self.probs.dtype)

    @property
    def mode(self):
        return self.probs.argmax(dim=-1)

    @property
    def variance(self):
        return FUNCTIONS["full"](self._extended_shape(), math.nan, dtype=self.probs.dtype)

    @pythons_errors   # Size(sample_shape), as PyTorch's same line fails
    def sample(self, sample_shape=Size()):
        if not isinstance(sample_shape, Size):
            sample_shape = Size(sample_shape)
        probs_2d = self.probs.reshape(-1, self._num_events)
        samples_2d = FUNCTIONS["multinomial"](probs_2d, sample_shape.numel(), True).t()
        return samples_2d.reshape(self._extended_shape(sample_shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        value, log_pmf = broadcast_all(value.long().unsqueeze(-1), self.logits)
        value = value[..., :1]
        return log_pmf.gather(-1, value).squeeze(-1)

    def entropy(self):
        min_real = float(np.finfo(self.logits.dtype.np).min)
        logits = self.logits.clamp(min=min_real)
        p_log_p = logits * self.probs
        return -p_log_p.sum(-1)

    def enumerate_support(self, expand=True):
        values = FUNCTIONS["arange"](self._num_events, dtype=_dt.int64)
        return enumerated(values, self._batch_shape, expand)


Categorical.__module__ = "torch.distributions.categorical"
__all__ = ["Categorical"]
