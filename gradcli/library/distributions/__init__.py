"""torch.distributions: Multinomial, Categorical, Normal, Uniform and Bernoulli over the engine,
written as PyTorch's distributions compute (the same tensor operations, so the same bits and
grad_fns) and sampling from the same random streams (kernels/sampling.py)."""
from .bernoulli import Bernoulli
from .categorical import Categorical
from .distribution import Distribution
from .multinomial import Multinomial
from .normal import Normal
from .uniform import Uniform

__all__ = ["Bernoulli", "Categorical", "Distribution", "Multinomial", "Normal", "Uniform"]
