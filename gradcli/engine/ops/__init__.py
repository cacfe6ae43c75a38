"""THE op table: one row per op, grouped by kind; importing it installs Tensor's methods."""
from __future__ import annotations

from ..tensor import Tensor
from . import (compare, convert, indexing, inplace, join, linalg, nn,  # noqa: F401
               pointwise, reduction, shape, sorting)
from .registry import FUNCTIONAL, FUNCTIONS, METHODS, ROWS

# Tensor attributes that are not methods of the table
PROPERTIES = {
    "T": shape.transposed_all,
    "mT": lambda t: t.transpose(-2, -1),
}
# Python's builtins reach a tensor through these: abs(t), round(t)
ALIASES = {"__abs__": "abs", "__round__": "round"}
BINARY_DUNDERS = frozenset(
    f"__{p}{op}__" for op in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul",
                              "and", "or", "xor") for p in ("", "r", "i")
) | {"__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"}


# matrix products take no numbers: `t @ 2` is Python's "unsupported operand type(s) for @"
TENSORS_ONLY = frozenset(("__matmul__", "__rmatmul__", "__imatmul__"))


def _operator(fn, operands: tuple):
    """A binary dunder: NotImplemented for an operand not of `operands`, so that Python raises
    its own TypeError ("unsupported operand type(s) for +: ...")."""
    def dunder(self, other):
        if isinstance(other, operands):
            return fn(self, other)
        return NotImplemented
    dunder.__name__ = fn.__name__
    return dunder


def _install() -> None:
    for name, fn in METHODS.items():
        if name in BINARY_DUNDERS:
            fn = _operator(fn, (Tensor,) if name in TENSORS_ONLY else (Tensor, int, float))
        setattr(Tensor, name, fn)
    for dunder, name in ALIASES.items():
        if name in METHODS:
            setattr(Tensor, dunder, METHODS[name])
    for name, fn in PROPERTIES.items():
        setattr(Tensor, name, property(fn))


from .. import factories  # noqa: E402,F401  (registers its methods: uniform_, normal_)

_install()

__all__ = ["FUNCTIONAL", "FUNCTIONS", "METHODS", "PROPERTIES", "ROWS"]
