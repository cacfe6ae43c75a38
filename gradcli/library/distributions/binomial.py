"""torch.distributions.binomial.Binomial, as far as Multinomial builds one: its parameters and
their checks (sampling and scoring are not offered)."""
from __future__ import annotations

from . import constraints
from .distribution import Distribution
from .utils import broadcast_all, lazy_property, probs_to_logits


class Binomial(Distribution):
    arg_constraints = {"total_count": constraints.nonnegative_integer,
                       "probs": constraints.unit_interval, "logits": constraints.real}
    has_enumerate_support = True

    def __init__(self, total_count=1, probs=None, validate_args=None) -> None:
        self.total_count, self.probs = broadcast_all(total_count, probs)
        self.total_count = self.total_count.type_as(self.probs)
        self._param = self.probs
        super().__init__(self._param.size(), validate_args=validate_args)

    @lazy_property
    def logits(self):
        return probs_to_logits(self.probs, is_binary=True)

    @property
    def support(self):
        return constraints.integer_interval(0, self.total_count)

    @property
    def mean(self):
        return self.total_count * self.probs

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)


Binomial.__module__ = "torch.distributions.binomial"
__all__ = ["Binomial"]
