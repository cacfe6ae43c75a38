"""Op rows, element by element: arithmetic, powers, and the unary math functions."""
from __future__ import annotations

import math

import numpy as np

from .. import dtypes as _dt
from ..dispatch import D, Op, apply
from ..tensor import Tensor
from .compare import eq, ge, logical_and, where
from .registry import export, row

NUMBER = (int, float, bool)


def broadcast_error(a, b) -> RuntimeError:
    sa, sb = np.shape(getattr(a, "_data", a)), np.shape(getattr(b, "_data", b))
    n = max(len(sa), len(sb))
    for i in range(n - 1, -1, -1):
        x = sa[i - n + len(sa)] if i - n + len(sa) >= 0 else 1
        y = sb[i - n + len(sb)] if i - n + len(sb) >= 0 else 1
        if x != y and x != 1 and y != 1:
            return RuntimeError(f"The size of tensor a ({x}) must match the size of tensor b "
                                f"({y}) at non-singleton dimension {i}")
    return RuntimeError(f"shapes {list(sa)} and {list(sb)} cannot be broadcast")


def _checked(op: Op, a, b, dtype=None):
    """Apply a broadcasting binary row, with PyTorch's message for incompatible shapes."""
    if isinstance(a, Tensor) and isinstance(b, Tensor) and a._data.shape != b._data.shape:
        try:
            np.broadcast_shapes(a._data.shape, b._data.shape)
        except ValueError:
            raise broadcast_error(a, b) from None
    return apply(op, (a, b), dtype=dtype)


# ---- arithmetic --------------------------------------------------------------------------
ADD = row(Op("add", np.add, "AddBackward0", ("self", "other"), (
    D(lambda c, g: g, (), "∂(a + b)/∂a = 1"),
    D(lambda c, g: g, (), "∂(a + b)/∂b = 1"))))
SUB = row(Op("sub", np.subtract, "SubBackward0", ("self", "other"), (
    D(lambda c, g: g, (), "∂(a - b)/∂a = 1"),
    D(lambda c, g: -g, (), "∂(a - b)/∂b = -1"))))
RSUB = row(Op("rsub", lambda a, other: np.subtract(other, a, dtype=a.dtype), "RsubBackward1",
              ("self",), (D(lambda c, g: -g, (), "∂(c - a)/∂a = -1"),)))
MUL = row(Op("mul", np.multiply, "MulBackward0", ("self", "other"), (
    D(lambda c, g: g * c.other, ("other",), "∂(a * b)/∂a = b"),
    D(lambda c, g: g * c.self, ("self",), "∂(a * b)/∂b = a"))))
DIV = row(Op("div", np.true_divide, "DivBackward0", ("self", "other"), (
    D(lambda c, g: g / c.other, ("other",), "∂(a / b)/∂a = 1 / b"),
    D(lambda c, g: -g * c.self / (c.other * c.other), ("self", "other"),
      "∂(a / b)/∂b = -a / b²")), dtypes="float"))
NEG = row(Op("neg", np.negative, "NegBackward0", ("self",), (
    D(lambda c, g: -g, (), "∂(-a)/∂a = -1"),), dtypes="keep"))


def _pow_scalar_grad(c, g):
    # d/dx x^e = e * x^(e-1); PyTorch returns zeros for e == 0
    if c.exponent == 0:
        return g * 0
    return g * (c.self ** (c.exponent - 1) * c.exponent)


def _pow_base_grad(c, g):
    # d/de x^e = x^e * ln x, taken as 0 where x == 0 and e >= 0 (PyTorch's pow_backward_exponent)
    x, e, r = c.self, c.exponent, c.result
    return g * where(logical_and(eq(x, 0), ge(e, 0)), 0.0, r * log(x))


POW = row(Op("pow", lambda a, exponent: np.power(a, exponent), "PowBackward0", ("self",), (
    D(_pow_scalar_grad, ("self",), "∂(xⁿ)/∂x = n·xⁿ⁻¹"),)))
POW_TENSOR = row(Op("pow", np.power, "PowBackward1", ("self", "exponent"), (
    D(lambda c, g: g * c.exponent * c.self ** (c.exponent - 1), ("self", "exponent"),
      "∂(xʸ)/∂x = y·xʸ⁻¹"),
    D(_pow_base_grad, ("self", "exponent", "result"), "∂(xʸ)/∂y = xʸ·ln x"))))
POW_BASE = row(Op("pow", lambda e, base: np.power(np.asarray(base, e.dtype), e),
                  "PowBackward2", ("exponent",), (
    D(lambda c, g: g * c.result * math.log(c.base) if c.base > 0 else g * 0, ("result",),
      "∂(bˣ)/∂x = bˣ·ln b"),)))


@export(dunders=("__add__", "__radd__"))
def add(input, other, *, alpha=1):
    if alpha != 1:
        other = other * alpha
    return _checked(ADD, input, other)


@export(dunders=("__sub__",))
def sub(input, other, *, alpha=1):
    if alpha != 1:
        other = other * alpha
    return _checked(SUB, input, other)


subtract = export("subtract")(sub)


@export(dunders=("__rsub__",))
def rsub(input, other, *, alpha=1):
    if isinstance(other, Tensor):
        return sub(other, input, alpha=alpha)
    if alpha != 1:
        input = input * alpha
    return apply(RSUB, (input,), {"other": other}, dtype=_dt.result_type(input, other))


@export(dunders=("__mul__", "__rmul__"))
def mul(input, other):
    return _checked(MUL, input, other)


multiply = export("multiply")(mul)


@export(dunders=("__truediv__",))
def div(input, other, *, rounding_mode=None):
    if rounding_mode == "floor":
        return floor_divide(input, other)
    if rounding_mode == "trunc":
        return trunc(div(input, other))
    return _checked(DIV, input, other)


divide = export("divide", "true_divide")(div)


@export(torch=False, method=False, dunders=("__rtruediv__",))
def _rtruediv(input, other):
    return mul(reciprocal(input), other)


def _no_derivative(name: str):
    def fn(c, g):
        raise RuntimeError(f"the derivative for '{name}' is not implemented.")
    return fn


FLOOR_DIVIDE = row(Op("floor_divide", np.floor_divide, "NotImplemented", ("self", "other"), (
    D(_no_derivative("floor_divide"), (), "floor_divide has no derivative in PyTorch"),
    D(_no_derivative("floor_divide"), (), "floor_divide has no derivative in PyTorch"))))
REMAINDER = row(Op("remainder", np.remainder, "RemainderBackward0", ("self", "other"), (
    D(lambda c, g: g, (), "∂(a mod b)/∂a = 1"),
    D(lambda c, g: -g * floor_divide(c.self, c.other), ("self", "other"),
      "∂(a mod b)/∂b = -⌊a/b⌋"))))


@export(dunders=("__floordiv__",))
def floor_divide(input, other):
    return _checked(FLOOR_DIVIDE, input, other)


@export(torch=False, method=False, dunders=("__rfloordiv__",))
def _rfloordiv(input, other):
    return _checked(FLOOR_DIVIDE, other, input)


@export(dunders=("__mod__",))
def remainder(input, other):
    return _checked(REMAINDER, input, other)


@export(torch=False, method=False, dunders=("__rmod__",))
def _rmod(input, other):
    return _checked(REMAINDER, other, input)


@export(dunders=("__neg__",))
def neg(input):
    return apply(NEG, (input,))


negative = export("negative")(neg)


@export(dunders=("__pos__",))
def positive(input):
    return input


@export(dunders=("__pow__",))
def pow(input, exponent):
    if not isinstance(input, Tensor):
        return _rpow(exponent, input)
    if isinstance(exponent, Tensor):
        return _checked(POW_TENSOR, input, exponent)
    return apply(POW, (input,), {"exponent": exponent}, dtype=_dt.result_type(input, exponent))


@export(torch=False, method=False, dunders=("__rpow__",))
def _rpow(input, other):
    return apply(POW_BASE, (input,), {"base": other}, dtype=_dt.result_type(input, other))


@export()
def square(input):
    return pow(input, 2)


# ---- unary math ----------------------------------------------------------------------------
def unary(name: str, forward, grad_fn: str, derivative, uses: tuple, formula: str,
          dtypes: str = "float"):
    """Define an elementwise op: its row, torch.<name>, Tensor.<name> and Tensor.<name>_."""
    op = row(Op(name, forward, grad_fn, ("self",), (D(derivative, uses, formula),), dtypes))

    def function(input):
        return apply(op, (input,))
    function.__name__ = name
    function.op = op
    return export(name)(function)


LN2, LN10 = math.log(2.0), math.log(10.0)
# name       NumPy      grad_fn          derivative (c: node, g: incoming gradient)      saved
exp = unary("exp", np.exp, "ExpBackward0", lambda c, g: g * c.result, ("result",), "∂eˣ/∂x = eˣ")
unary("exp2", np.exp2, "Exp2Backward0", lambda c, g: g * c.result * LN2, ("result",),
      "∂2ˣ/∂x = 2ˣ·ln 2")
unary("expm1", np.expm1, "Expm1Backward0", lambda c, g: g * (c.result + 1), ("result",),
      "∂(eˣ-1)/∂x = eˣ")
log = unary("log", np.log, "LogBackward0", lambda c, g: g / c.self, ("self",),
            "∂ln x/∂x = 1/x")
unary("log2", np.log2, "Log2Backward0", lambda c, g: g / (c.self * LN2), ("self",),
      "∂log₂x/∂x = 1/(x·ln 2)")
unary("log10", np.log10, "Log10Backward0", lambda c, g: g / (c.self * LN10), ("self",),
      "∂log₁₀x/∂x = 1/(x·ln 10)")
unary("log1p", np.log1p, "Log1PBackward0", lambda c, g: g / (c.self + 1), ("self",),
      "∂ln(1+x)/∂x = 1/(1+x)")
unary("sqrt", np.sqrt, "SqrtBackward0", lambda c, g: g / (2 * c.result), ("result",),
      "∂√x/∂x = 1/(2√x)")
rsqrt = unary("rsqrt", lambda a: 1 / np.sqrt(a), "RsqrtBackward0",
      lambda c, g: -0.5 * g * c.result ** 3, ("result",), "∂x^(-½)/∂x = -½·x^(-3/2)")
reciprocal = unary("reciprocal", lambda a: np.divide(1, a, dtype=a.dtype), "ReciprocalBackward0",
                   lambda c, g: -g * c.result * c.result, ("result",), "∂(1/x)/∂x = -1/x²")
sin = unary("sin", np.sin, "SinBackward0", lambda c, g: g * cos(c.self), ("self",), "∂sin x/∂x = cos x")
cos = unary("cos", np.cos, "CosBackward0", lambda c, g: -g * sin(c.self), ("self",),
      "∂cos x/∂x = -sin x")
unary("tan", np.tan, "TanBackward0", lambda c, g: g * (1 + c.result * c.result), ("result",),
      "∂tan x/∂x = 1 + tan²x")
unary("asin", np.arcsin, "AsinBackward0", lambda c, g: g * rsqrt(1 - c.self * c.self),
      ("self",), "∂asin x/∂x = 1/√(1-x²)")
unary("acos", np.arccos, "AcosBackward0", lambda c, g: -g * rsqrt(1 - c.self * c.self),
      ("self",), "∂acos x/∂x = -1/√(1-x²)")
unary("atan", np.arctan, "AtanBackward0", lambda c, g: g / (1 + c.self * c.self), ("self",),
      "∂atan x/∂x = 1/(1+x²)")
sinh = unary("sinh", np.sinh, "SinhBackward0", lambda c, g: g * cosh(c.self), ("self",),
      "∂sinh x/∂x = cosh x")
cosh = unary("cosh", np.cosh, "CoshBackward0", lambda c, g: g * sinh(c.self), ("self",),
      "∂cosh x/∂x = sinh x")
unary("tanh", np.tanh, "TanhBackward0", lambda c, g: g * (1 - c.result * c.result), ("result",),
      "∂tanh x/∂x = 1 - tanh²x")
unary("sigmoid", lambda a: _sigmoid(a), "SigmoidBackward0",
      lambda c, g: g * c.result * (1 - c.result), ("result",), "∂σ(x)/∂x = σ(x)(1 - σ(x))")
unary("erf", lambda a: _erf(a), "ErfBackward0",
      lambda c, g: g * (2 / math.sqrt(math.pi)) * exp(-(c.self * c.self)), ("self",),
      "∂erf x/∂x = 2/√π·e^(-x²)")
unary("relu", lambda a: np.maximum(a, 0).astype(a.dtype, copy=False), "ReluBackward0",
      lambda c, g: g * (c.result > 0), ("result",), "∂relu(x)/∂x = 1 if x > 0 else 0",
      dtypes="keep")
unary("abs", np.abs, "AbsBackward0", lambda c, g: g * sign(c.self), ("self",),
      "∂|x|/∂x = sign(x)", dtypes="keep")
sign = unary("sign", np.sign, "SignBackward0", lambda c, g: g * 0, (), "∂sign(x)/∂x = 0",
      dtypes="keep")
trunc = unary("trunc", np.trunc, "TruncBackward0", lambda c, g: g * 0, (), "∂trunc(x)/∂x = 0",
      dtypes="keep")
unary("floor", np.floor, "FloorBackward0", lambda c, g: g * 0, (), "∂⌊x⌋/∂x = 0", dtypes="keep")
unary("ceil", np.ceil, "CeilBackward0", lambda c, g: g * 0, (), "∂⌈x⌉/∂x = 0", dtypes="keep")
unary("round", np.round, "RoundBackward0", lambda c, g: g * 0, (), "∂round(x)/∂x = 0",
      dtypes="keep")


def _sigmoid(a: np.ndarray) -> np.ndarray:
    # the stable form: never exp of a large positive number
    e = np.exp(-np.abs(a))
    return np.where(a >= 0, 1 / (1 + e), e / (1 + e)).astype(a.dtype, copy=False)


def _erf(a: np.ndarray) -> np.ndarray:
    return np.vectorize(math.erf, otypes=[a.dtype])(a) if a.size else a.copy()
