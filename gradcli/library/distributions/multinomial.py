"""torch.distributions.multinomial.Multinomial: counts of total_count draws among K categories;
a sample counts the categories a Categorical draws, as PyTorch's scatter_add counts them."""
from __future__ import annotations

import numpy as np

from ...engine.tensor import Size, Tensor
from .. import pythons_errors
from . import constraints
from .binomial import Binomial
from .categorical import Categorical
from .distribution import Distribution


# both are sums of torch.lgamma, which gradcli lacks: glibc's lgammaf is not reproduced
LGAMMA = "gradcli does not implement Multinomial.{}() (it needs torch.lgamma)"


class Multinomial(Distribution):
    arg_constraints = {"probs": constraints.simplex, "logits": constraints.real_vector}

    def __init__(self, total_count=1, probs=None, logits=None, validate_args=None) -> None:
        if not isinstance(total_count, int):
            raise NotImplementedError("inhomogeneous total_count is not supported")
        self.total_count = total_count
        self._categorical = Categorical(probs=probs, logits=logits)
        self._binomial = Binomial(total_count=total_count, probs=self.probs)
        batch_shape = self._categorical.batch_shape
        event_shape = self._categorical.param_shape[-1:]
        super().__init__(batch_shape, event_shape, validate_args=validate_args)

    @property
    def mean(self):
        return self.probs * self.total_count

    @property
    def variance(self):
        return self.total_count * self.probs * (1 - self.probs)

    @property
    def support(self):
        return constraints.multinomial(self.total_count)

    @property
    def logits(self):
        return self._categorical.logits

    @property
    def probs(self):
        return self._categorical.probs

    @property
    def param_shape(self):
        return self._categorical.param_shape

    @pythons_errors   # Size(sample_shape), as PyTorch's same line fails
    def sample(self, sample_shape=Size()):
        sample_shape = Size(sample_shape)
        samples = self._categorical.sample(Size((self.total_count,)) + sample_shape)
        order = list(range(samples.dim()))
        order.append(order.pop(0))
        samples = samples.permute(*order)._data
        # counts.scatter_add_(-1, samples, ones): whole numbers, exact in any order
        counts = np.zeros(tuple(self._extended_shape(sample_shape)), np.int64)
        rows = counts.reshape(-1, counts.shape[-1])
        for row, drawn in zip(rows, samples.reshape(rows.shape[0], -1)):
            np.add.at(row, drawn, 1)
        return Tensor._make(counts).type_as(self.probs)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        raise NotImplementedError(LGAMMA.format("log_prob"))

    def entropy(self):
        raise NotImplementedError(LGAMMA.format("entropy"))


Multinomial.__module__ = "torch.distributions.multinomial"
__all__ = ["Multinomial"]
