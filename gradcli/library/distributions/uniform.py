"""torch.distributions.uniform.Uniform: the uniform distribution on [low, high)."""
from __future__ import annotations

import math

from ...engine.ops import FUNCTIONS
from ...engine.tensor import Size
from . import constraints
from .distribution import Distribution
from .utils import NUMBERS, broadcast_all


class Uniform(Distribution):
    has_rsample = True

    @property
    def arg_constraints(self) -> dict:
        return {"low": constraints.less_than(self.high),
                "high": constraints.greater_than(self.low)}

    def __init__(self, low, high, validate_args=None) -> None:
        self.low, self.high = broadcast_all(low, high)
        if isinstance(low, NUMBERS) and isinstance(high, NUMBERS):
            batch_shape = Size()
        else:
            batch_shape = self.low.size()
        super().__init__(batch_shape, validate_args=validate_args)

    @property
    def mean(self):
        return (self.high + self.low) / 2

    @property
    def mode(self):
        return math.nan * self.high

    @property
    def stddev(self):
        return (self.high - self.low) / 12 ** 0.5

    @property
    def variance(self):
        return (self.high - self.low).pow(2) / 12

    @property
    def support(self):
        return constraints.interval(self.low, self.high)

    def rsample(self, sample_shape=Size()):
        shape = self._extended_shape(sample_shape)
        rand = FUNCTIONS["rand"](shape, dtype=self.low.dtype)
        return self.low + rand * (self.high - self.low)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        lb = self.low.le(value).type_as(self.low)
        ub = self.high.gt(value).type_as(self.low)
        return FUNCTIONS["log"](lb.mul(ub)) - FUNCTIONS["log"](self.high - self.low)

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        result = (value - self.low) / (self.high - self.low)
        return result.clamp(min=0, max=1)

    def icdf(self, value):
        return value * (self.high - self.low) + self.low

    def entropy(self):
        return FUNCTIONS["log"](self.high - self.low)


Uniform.__module__ = "torch.distributions.uniform"
__all__ = ["Uniform"]
