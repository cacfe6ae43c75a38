"""THE op table: one row per op, grouped by kind; importing it installs Tensor's methods."""
from __future__ import annotations

from ..tensor import Tensor
from . import compare, convert, inplace, linalg, pointwise, reduction, shape  # noqa: F401
from .registry import FUNCTIONAL, FUNCTIONS, METHODS, ROWS

# Tensor attributes that are not methods of the table
PROPERTIES = {
    "T": shape.transposed_all,
    "mT": lambda t: t.transpose(-2, -1),
}


def _install() -> None:
    for name, fn in METHODS.items():
        setattr(Tensor, name, fn)
    for name, fn in PROPERTIES.items():
        setattr(Tensor, name, property(fn))


_install()

__all__ = ["FUNCTIONAL", "FUNCTIONS", "METHODS", "PROPERTIES", "ROWS"]
