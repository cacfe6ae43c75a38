"""torch.distributions.constraints: the sets a distribution's parameters and samples must lie
in, as PyTorch checks them (each check is tensor arithmetic) and names them in its errors."""
from __future__ import annotations

from .. import LibraryClass


class Constraint(LibraryClass):
    is_discrete = False
    event_dim = 0

    def check(self, value):
        raise NotImplementedError

    def __repr__(self) -> str:
        return type(self).__name__[1:] + "()"


class _Dependent(Constraint):
    """A constraint that depends on other parameters: never checked."""

    def check(self, x):
        raise ValueError("Cannot determine validity of dependent constraint")


class _Boolean(Constraint):
    is_discrete = True

    def check(self, value):
        return (value == 0) | (value == 1)


class _Real(Constraint):
    def check(self, value):
        return value == value   # False for NaNs


class _IndependentConstraint(Constraint):
    """A constraint on the rightmost `reinterpreted_batch_ndims` dims taken together."""

    def __init__(self, base_constraint, reinterpreted_batch_ndims: int) -> None:
        self.base_constraint = base_constraint
        self.reinterpreted_batch_ndims = reinterpreted_batch_ndims

    @property
    def event_dim(self) -> int:
        return self.base_constraint.event_dim + self.reinterpreted_batch_ndims

    def check(self, value):
        result = self.base_constraint.check(value)
        if result.dim() < self.reinterpreted_batch_ndims:
            raise ValueError(f"Expected value.dim() >= {self.event_dim} but got {value.dim()}")
        result = result.reshape(result.shape[:result.dim() - self.reinterpreted_batch_ndims]
                                + (-1,))
        return result.all(-1)

    def __repr__(self) -> str:
        return f"Independent({self.base_constraint!r}, {self.reinterpreted_batch_ndims})"


class _Bounded(Constraint):
    """A constraint with bounds, printed with them: Interval(lower_bound=0.0, upper_bound=1.0)."""

    BOUNDS: tuple[str, ...] = ()

    def __init__(self, *bounds) -> None:
        for name, bound in zip(self.BOUNDS, bounds):
            setattr(self, name, bound)

    def __repr__(self) -> str:
        bounds = ", ".join(f"{name}={getattr(self, name)}" for name in self.BOUNDS)
        return f"{type(self).__name__[1:]}({bounds})"


class _IntegerInterval(_Bounded):
    is_discrete = True
    BOUNDS = ("lower_bound", "upper_bound")

    def check(self, value):
        return (value % 1 == 0) & (self.lower_bound <= value) & (value <= self.upper_bound)


class _IntegerGreaterThan(_Bounded):
    is_discrete = True
    BOUNDS = ("lower_bound",)

    def check(self, value):
        return (value % 1 == 0) & (value >= self.lower_bound)


class _GreaterThan(_Bounded):
    BOUNDS = ("lower_bound",)

    def check(self, value):
        return self.lower_bound < value


class _LessThan(_Bounded):
    BOUNDS = ("upper_bound",)

    def check(self, value):
        return value < self.upper_bound


class _Interval(_Bounded):
    BOUNDS = ("lower_bound", "upper_bound")

    def check(self, value):
        return (self.lower_bound <= value) & (value <= self.upper_bound)


class _Simplex(Constraint):
    event_dim = 1

    def check(self, value):
        return (value >= 0).all(dim=-1) & ((value.sum(-1) - 1).abs() < 1e-6)


class _Multinomial(Constraint):
    is_discrete = True
    event_dim = 1

    def __init__(self, upper_bound) -> None:
        self.upper_bound = upper_bound

    def check(self, x):
        return (x >= 0).all(dim=-1) & (x.sum(dim=-1) <= self.upper_bound)


dependent = _Dependent()
boolean = _Boolean()
real = _Real()
real_vector = _IndependentConstraint(real, 1)
positive = _GreaterThan(0.0)
unit_interval = _Interval(0.0, 1.0)
nonnegative_integer = _IntegerGreaterThan(0)
simplex = _Simplex()
integer_interval = _IntegerInterval
greater_than = _GreaterThan
less_than = _LessThan
interval = _Interval
multinomial = _Multinomial

for _cls in (Constraint, _Dependent, _Boolean, _Real, _IndependentConstraint, _IntegerInterval,
             _IntegerGreaterThan, _GreaterThan, _LessThan, _Interval, _Simplex, _Multinomial):
    _cls.__module__ = "torch.distributions.constraints"

__all__ = ["Constraint", "boolean", "dependent", "greater_than", "integer_interval", "interval",
           "less_than", "multinomial", "nonnegative_integer", "positive", "real", "real_vector",
           "simplex", "unit_interval"]
