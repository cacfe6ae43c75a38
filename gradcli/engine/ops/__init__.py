"""THE op table: one row per op, grouped by kind; importing it installs Tensor's methods.

A row is an `Op`: torch's name, the forward on NumPy arrays (a bit-exact port of a PyTorch
kernel lives in engine/kernels/ and is called from here), the grad_fn name, the names of the
tensor inputs, and one derivative `Rule` per input: `fn(node, g)`, the saved values it reads,
and the formula `explain()` shows. A rule is written once, against `xp` (ops/xp.py), Python's
operators and apply(ROW, ...): it runs on NumPy arrays in a backward that records no graph and
on tensors under create_graph, with the same bits (tests/engine/test_rules.py checks every row).
`node.name` reads a parameter, a field such as `node.shapes`, or a saved value:

    MUL = row(Op("mul", np.multiply, "MulBackward0", ("self", "other"), (
        Rule(lambda node, g: g * node.other, ("other",), "∂(a * b)/∂a = b"),
        Rule(lambda node, g: g * node.self, ("self",), "∂(a * b)/∂b = a"))))
    SIN:  Rule(lambda node, g: g * xp.cos(node.self), ("self",), "∂sin x/∂x = cos x")

The function that checks a call's arguments and applies the row (its calling convention) sits
under the row and is exported as torch.<name>, Tensor.<name> or F.<name> (registry.export).
"""
from __future__ import annotations

import numpy as np

from ..tensor import Tensor
from . import (compare, convert, counting, decomposition, einsum, indexing, inplace,  # noqa: F401
               join, layers, linalg, nn, pointwise, random, reduction, shape, sorting)
from .registry import FUNCTIONAL, FUNCTIONS, LINALG, METHODS, ROWS

# Tensor attributes that are not methods of the table
PROPERTIES = {
    "T": shape.transposed_all,
    "mT": shape.matrix_transposed,
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
    its own TypeError ("unsupported operand type(s) for +: ..."), or, for a NumPy array, NumPy
    computes `tensor + array` on the tensor's array and wraps the result back (as it does with
    PyTorch's tensors). A NumPy number counts as the Python number it holds, as PyTorch's
    argument parser counts it."""
    numbers = int in operands

    def dunder(self, other):
        if type(other) is Tensor or isinstance(other, operands) and not isinstance(other,
                                                                                  np.generic):
            return fn(self, other)
        if numbers and isinstance(other, np.generic) and other.dtype.kind in "biuf":
            return fn(self, other.item())
        return NotImplemented
    dunder.__name__ = fn.__name__
    return dunder


# the two dunders through which PyTorch takes a NumPy array other than by NumPy's own operators
# (measured: tensor == array is an elementwise eq, array / tensor is 1 / tensor * array)
ARRAY_OPERANDS = {
    "__eq__": lambda self, array: self.eq(factories.from_numpy(array)),
    "__rtruediv__": lambda self, array: self.reciprocal() * array,
}


def _with_arrays(name: str, dunder):
    by_array = ARRAY_OPERANDS[name]

    def method(self, other):
        if isinstance(other, np.ndarray):
            return by_array(self, other)
        return dunder(self, other)
    method.__name__ = name
    return method


def _install() -> None:
    for name, fn in METHODS.items():
        if name in BINARY_DUNDERS:
            fn = _operator(fn, (Tensor,) if name in TENSORS_ONLY else (Tensor, int, float))
            if name in ARRAY_OPERANDS:
                fn = _with_arrays(name, fn)
        setattr(Tensor, name, fn)
    for dunder, name in ALIASES.items():
        if name in METHODS:
            setattr(Tensor, dunder, METHODS[name])
    for name, fn in PROPERTIES.items():
        setattr(Tensor, name, property(fn))


# modules outside the table that register methods: uniform_, normal_; backward; type
from .. import backward, factories, tensor_types  # noqa: E402,F401

_install()

__all__ = ["FUNCTIONAL", "FUNCTIONS", "LINALG", "METHODS", "PROPERTIES", "ROWS"]
