"""The sampling rows (ops/random.py): PyTorch defines their derivatives as zero (derivatives.yaml:
`mean: at::zeros(...)`), not as the derivative of the sample, so they are checked against zeros,
not finite differences. The zeros reach every input, broadcast or not."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine import Tensor, grad
from gradcli.engine.ops import FUNCTIONS

from .opinfo import ANY, POS

normal, bernoulli = FUNCTIONS["normal"], FUNCTIONS["bernoulli"]
ZERO_CASES = [
    ("NormalBackward3", lambda m, s: normal(m, s),    [(2, 3), (3,)], POS),
    ("NormalBackward1", lambda m: normal(m, 0.5),     [(4,)],         ANY),
    ("NormalBackward2", lambda s: normal(1.5, s),     [(2, 2)],       POS),
    ("BernoulliBackward0", lambda p: bernoulli(p),    [(2, 3)],       (0.0, 1.0)),
    ("BernoulliBackward1", lambda x, p: (x * 1).bernoulli_(p), [(2, 3), (3,)], (0.0, 1.0)),
    ("BernoulliBackward2", lambda x: (x * 1).bernoulli_(0.3), [(4,)],   ANY),
]


@pytest.mark.parametrize("name, f, shapes, domain", ZERO_CASES, ids=[c[0] for c in ZERO_CASES])
def test_sampling_has_zero_derivatives(name, f, shapes, domain):
    rng = np.random.default_rng(0)
    inputs = [Tensor(rng.uniform(*domain, size=s), requires_grad=True) for s in shapes]
    out = f(*inputs)
    assert out.grad_fn.name() == name
    grads = grad(out, inputs, Tensor(np.ones(out.shape)))
    for g, x in zip(grads, inputs):
        assert g.shape == x.shape and not g._data.any()
