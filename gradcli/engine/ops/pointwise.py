"""Op rows, element by element: arithmetic, powers, and the unary math functions."""
from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from .. import dtypes as _dt
from .. import zeros
from ..kernels import pointwise as kernels
from ..kernels import vml
from ..kernels.pointwise import libm
from ..kernels.reduction import iteration_order
from ..dispatch import Rule, Op, apply, edges_first
from ..limits import check_shape
from ..tensor import Tensor
from . import xp
from .registry import export, row

NUMBER = (int, float, bool)


def broadcast_error(a, b) -> RuntimeError:
    return shapes_error(np.shape(getattr(a, "_data", a)), np.shape(getattr(b, "_data", b)))


# the shapes two tensors broadcast to, kept for the shapes a program uses again and again
_broadcast_shapes = lru_cache(maxsize=1024)(np.broadcast_shapes)


def broadcast_shape(*tensors) -> tuple:
    """The shape tensors broadcast to, checked two at a time as TensorIterator does (PyTorch's
    message names the first pair that disagrees), and against the element limit."""
    shape = tensors[0]._data.shape
    for t in tensors[1:]:
        try:
            shape = _broadcast_shapes(shape, t._data.shape)
        except ValueError:
            raise shapes_error(shape, t._data.shape) from None
    check_shape(shape)
    return shape


def shapes_error(sa: tuple, sb: tuple) -> RuntimeError:
    n = max(len(sa), len(sb))
    for i in range(n - 1, -1, -1):
        x = sa[i - n + len(sa)] if i - n + len(sa) >= 0 else 1
        y = sb[i - n + len(sb)] if i - n + len(sb) >= 0 else 1
        if x != y and x != 1 and y != 1:
            return RuntimeError(f"The size of tensor a ({x}) must match the size of tensor b "
                                f"({y}) at non-singleton dimension {i}")
    return RuntimeError(f"shapes {list(sa)} and {list(sb)} cannot be broadcast")


def broadcast_apply(op: Op, a, b, dtype=None, params=None):
    """Apply a broadcasting binary row, with PyTorch's message for incompatible shapes."""
    if isinstance(a, Tensor) and isinstance(b, Tensor) and a._data.shape != b._data.shape:
        try:
            shape = _broadcast_shapes(a._data.shape, b._data.shape)
        except ValueError:
            edges_first(op, (a, b))
            raise broadcast_error(a, b) from None
        check_shape(shape)  # before NumPy allocates the broadcast result
    return apply(op, (a, b), params, dtype=dtype)


def upper(a, b):
    """max(a, b) as ATen's kernels take it: `a` unless a < b, so that a zero keeps its sign
    against the other zero (-0. stays -0.); nan in either propagates."""
    out = np.where((a < b) | np.isnan(b), b, a)
    return out.astype(a.dtype, copy=False) if isinstance(a, np.ndarray) else out


def lower(a, b):
    """min(a, b) as ATen's kernels take it: `a` unless a > b; nan in either propagates."""
    out = np.where((a > b) | np.isnan(b), b, a)
    return out.astype(a.dtype, copy=False) if isinstance(a, np.ndarray) else out


# ---- the layout of a result -------------------------------------------------------------
def iterated(ufunc):
    """A two-operand ufunc whose result is laid out as TensorIterator lays it out: NumPy keeps C
    order when its operands disagree, ATen follows the first operand with a definite order."""
    return lambda a, b: laid_out(ufunc(a, b), a, b)


def laid_out(out: np.ndarray, first: np.ndarray, *rest) -> np.ndarray:
    """`out` in TensorIterator's layout for these operands: as it is when the first is
    C-contiguous (the usual case, one flag read), else relaid."""
    if out.ndim > 1 and not first.flags.c_contiguous:
        return relaid(out, first, *rest)
    return out


def c_ordered(out: np.ndarray) -> np.ndarray:
    """`out` as ATen allocates a contiguous result (np.ascontiguousarray makes a 0-d array 1-d)."""
    return out if out.flags.c_contiguous else out.copy()


def in_layout(kernel):
    """A forward whose kernel writes its result in C order (the ports of ATen's vectorised
    kernels flatten their operands), with the result laid out as TensorIterator lays it out
    for these operands (laid_out): a reshape of it then views or copies as PyTorch's does."""
    def forward(first, *rest, **params):
        out = kernel(first, *rest, **params)
        if out.ndim > 1 and not first.flags.c_contiguous:   # laid_out, inline: a hot path
            return relaid(out, first, *rest)
        return out
    forward.__name__, forward.__doc__ = getattr(kernel, "__name__", "forward"), kernel.__doc__
    return forward


def preserved(a: np.ndarray, dtype=None, order: str = "K") -> np.ndarray:
    """A copy of `a` (in `dtype`) laid out as empty_like's preserve_format lays it (order "C":
    contiguous): a dense input's strides kept (NumPy's order "K"), an expanded one's by
    infer_dense_strides, whose stride-0 dims stay where they are (NumPy's "K" moves them)."""
    if order == "K" and 0 in a.strides and a.size > 1:
        return relaid(a.astype(dtype or a.dtype, order="C"), a)
    return a.astype(dtype or a.dtype, order=order)


def relaid(out: np.ndarray, *operands) -> np.ndarray:
    """`out` copied into TensorIterator's layout for these operands (reorder_dimensions: dims
    sorted fastest first by the first operand whose strides differ, a broadcast one skipped)."""
    shape = out.shape
    # a broadcast dim's stride is 0; a dim of size 1 in the result too keeps its own
    strides = []
    for x in map(np.asarray, operands):
        lead = out.ndim - x.ndim
        strides.append((0,) * lead + tuple(0 if n == 1 and size != 1 else step for n, size, step
                                           in zip(x.shape, shape[lead:], x.strides)))
    order = iteration_order(shape, strides)[::-1]   # slowest first
    if order == sorted(order):
        return c_ordered(out)   # a kernel that kept an expanded input's order gave another
    laid = np.empty([shape[d] for d in order], out.dtype).transpose(np.argsort(order))
    laid[...] = out
    return laid


# ---- arithmetic --------------------------------------------------------------------------
ADD = row(Op("add", iterated(np.add), "AddBackward0", ("self", "other"), (
    Rule(lambda node, g: g, (), "∂(a + b)/∂a = 1"),
    Rule(lambda node, g: g, (), "∂(a + b)/∂b = 1"))))
SUB = row(Op("sub", iterated(np.subtract), "SubBackward0", ("self", "other"), (
    Rule(lambda node, g: g, (), "∂(a - b)/∂a = 1"),
    Rule(lambda node, g: -g, (), "∂(a - b)/∂b = -1"))))
RSUB = row(Op("rsub", lambda a, other: np.subtract(other, a, dtype=a.dtype), "RsubBackward1",
              ("self",), (Rule(lambda node, g: -g, (), "∂(c - a)/∂a = -1"),)))
# a + alpha * b, and a - alpha * b, which PyTorch computes as a + (-alpha) * b
ADD_SCALED = row(Op("add", kernels.add_scaled, "AddBackward0", ("self", "other"), (
    Rule(lambda node, g: g, (), "∂(a + α·b)/∂a = 1"),
    Rule(lambda node, g: g * node.alpha, (), "∂(a + α·b)/∂b = α"))))
SUB_SCALED = row(Op("sub", lambda a, b, alpha: kernels.add_scaled(a, b, -alpha), "SubBackward0",
                    ("self", "other"), (
    Rule(lambda node, g: g, (), "∂(a - α·b)/∂a = 1"),
    Rule(lambda node, g: -g * node.alpha, (), "∂(a - α·b)/∂b = -α"))))
MUL = row(Op("mul", iterated(np.multiply), "MulBackward0", ("self", "other"), (
    Rule(lambda node, g: g * node.other, ("other",), "∂(a * b)/∂a = b"),
    Rule(lambda node, g: g * node.self, ("self",), "∂(a * b)/∂b = a"))))
DIV = row(Op("div", iterated(np.true_divide), "DivBackward0", ("self", "other"), (
    Rule(lambda node, g: g / node.other, ("other",), "∂(a / b)/∂a = 1 / b"),
    # div_tensor_other_backward: -grad * ((self / other) / other), whose top node is a Mul
    Rule(lambda node, g: -g * ((node.self / node.other) / node.other), ("self", "other"),
         "∂(a / b)/∂b = -a / b²")), dtypes="float"))
def _trunc_divide(a, b):
    if a.dtype.kind == "f":
        return np.trunc(a / b)
    q = np.floor_divide(a, b)
    return np.where((q * b != a) & ((a < 0) != (b < 0)), q + 1, q)


ROUNDED = {"trunc": _trunc_divide, "floor": np.floor_divide}


def _rounded_self_grad(node, g):
    # derivatives.yaml's div_tensor_self_backward(grad, other, ...) unpacks the saved divisor
    # before it returns zeros for a rounded quotient: a second backward finds it freed
    node.other
    return xp.zeros_like(g)


def _rounded_other_grad(node, g):
    node.self, node.other   # div_tensor_other_backward(grad, self, other, ...): as above
    return xp.zeros_like(g)


DIV_ROUNDED = row(Op("div", lambda a, b, rounding_mode: ROUNDED[rounding_mode](a, b),
                     "DivBackward2", ("self", "other"), (
    Rule(_rounded_self_grad, ("other",), "a rounded quotient has a zero derivative"),
    Rule(_rounded_other_grad, ("self", "other"), "a rounded quotient has a zero derivative"))))
NEG = row(Op("neg", lambda a: _negative(a), "NegBackward0", ("self",), (
    Rule(lambda node, g: -g, (), "∂(-a)/∂a = -1"),), dtypes="keep"))
NEG_BOOL = ("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to "
            "invert a mask, use the `~` or `logical_not()` operator instead.")


def _negative(a: np.ndarray) -> np.ndarray:
    if a.dtype == np.bool_:
        raise RuntimeError(NEG_BOOL)
    return np.negative(a)


def _pow_scalar_grad(node, g):
    # d/dx x^e = e * x^(e-1); PyTorch returns zeros for e == 0
    if node.exponent == 0:
        return xp.zeros_like(g)
    return g * scale(xp.pow(node.self, node.exponent - 1), node.exponent)


def _pow_base_grad(node, g):
    # d/de x^e = x^e * ln x, taken as 0 where x == 0 and e >= 0 (PyTorch's pow_backward_exponent)
    x, e, r = node.self, node.exponent, node.result
    return g * xp.where((x == 0) & (e >= 0), 0.0, r * xp.log(x))


POW = row(Op("pow", kernels.pow_scalar, "PowBackward0", ("self",), (
    Rule(_pow_scalar_grad, ("self",), "∂(xⁿ)/∂x = n·xⁿ⁻¹"),)))
POW_TENSOR = row(Op("pow", in_layout(kernels.pow_tensor), "PowBackward1", ("self", "exponent"), (
    # pow_backward_self: zeros where y == 0 (so 0⁰'s gradient is 0, not 0·0⁻¹ = nan)
    Rule(lambda node, g: xp.where(node.exponent == 0, 0.0, g * (
        node.exponent * xp.pow(node.self, node.exponent - 1))),
         ("self", "exponent"), "∂(xʸ)/∂x = y·xʸ⁻¹"),
    Rule(_pow_base_grad, ("self", "exponent", "result"), "∂(xʸ)/∂y = xʸ·ln x"))))
POW_BASE = row(Op("pow", lambda e, base: kernels.pow_tensor(np.asarray(base, e.dtype), e),
                  "PowBackward2", ("exponent",), (
    Rule(lambda node, g: _pow_scalar_base_grad(node, g), ("exponent", "result"),
         "∂(bˣ)/∂x = bˣ·ln b"),)))


def _pow_scalar_base_grad(node, g):
    """pow_backward_exponent with a Scalar base: grad * (result * log(base)), where a zero base
    gives 0 for the exponents >= 0 (and -inf·grad below) and a negative one nan; the node saves
    the exponent as PyTorch's does, for that test."""
    base, exponent = node.base, node.exponent   # unpacked whatever the base, as PyTorch's is
    if base > 0:
        return g * scale(node.result, math.log(base))
    if base < 0:
        return g * scale(node.result, math.nan)
    return g * xp.where(exponent >= 0, xp.zeros_like(node.result), scale(node.result, -math.inf))


@export(dunders=("__add__", "__radd__"))
def add(input, other, *, alpha=1):
    if alpha != 1:
        alpha = _alpha(input, other, alpha)
        return broadcast_apply(ADD_SCALED, input, other, params={"alpha": alpha})
    return broadcast_apply(ADD, input, other)


def _alpha(input, other, alpha):
    """alpha as a Python number (a one-element tensor gives its value, as a Scalar argument of
    PyTorch's takes it), refused where PyTorch refuses it."""
    if isinstance(alpha, Tensor):
        alpha = alpha.item()
    if isinstance(alpha, float) and _dt.result_type(input, other).category != _dt.FLOAT:
        raise RuntimeError("For integral input tensors, argument alpha must not be a floating "
                           "point number.")
    return alpha


def _is_bool(x) -> bool:
    return x is True or x is False or (isinstance(x, Tensor) and x._data.dtype == np.bool_)


def _check_sub(input, other) -> None:
    """PyTorch's sub_check: no subtraction with a bool operand (a Python bool counts as one)."""
    if _is_bool(input) or _is_bool(other):
        if _is_bool(input) and _is_bool(other):
            raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not "
                               "supported. Use the `^` or `logical_xor()` operator instead.")
        raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. "
                           "If you are trying to invert a mask, use the `~` or `logical_not()` "
                           "operator instead.")


@export(dunders=("__sub__",))
def sub(input, other, *, alpha=1):
    _check_sub(input, other)
    if alpha != 1:
        alpha = _alpha(input, other, alpha)
        return broadcast_apply(SUB_SCALED, input, other, params={"alpha": alpha})
    return broadcast_apply(SUB, input, other)


subtract = export("subtract")(sub)


@export(method=False, dunders=("__rsub__",))   # torch.rsub; Tensor has only __rsub__
def rsub(input, other, *, alpha=1):
    if isinstance(other, Tensor):
        return sub(other, input, alpha=alpha)
    _check_sub(input, other)
    if alpha != 1:
        input = input * alpha
    return apply(RSUB, (input,), {"other": other}, dtype=_dt.result_type(input, other))


@export(dunders=("__mul__", "__rmul__"))
def mul(input, other):
    return broadcast_apply(MUL, input, other)


multiply = export("multiply")(mul)


@export(dunders=("__truediv__",))
def div(input, other, *, rounding_mode=None):
    if rounding_mode is None:
        return broadcast_apply(DIV, input, other)
    if rounding_mode not in ROUNDED:
        raise RuntimeError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' "
                           f"but found '{rounding_mode}'")
    dt = _dt.result_type(input, other)
    if dt.category != _dt.FLOAT and np.any(getattr(other, "_data", other) == 0):
        raise RuntimeError("ZeroDivisionError")
    return broadcast_apply(DIV_ROUNDED, input, other, dtype=dt,
                           params={"rounding_mode": rounding_mode})


divide = export("divide", "true_divide")(div)


@export(torch=False, method=False, dunders=("__rtruediv__",))
def _rtruediv(input, other):
    return mul(reciprocal(input), other)


def _no_derivative(name: str):
    def fn(node, g):
        raise RuntimeError(f"derivative for aten::{name} is not implemented")
    return fn


def _by_number(name: str, forward, grad_fn: str, derivative: Rule) -> Op:
    """The row of a binary op with a Python number on one side: one input edge, as in PyTorch."""
    return row(Op(name, forward, grad_fn, ("self",), (derivative,)))


def _remainder(a, b):
    # PyTorch's kernel: C's fmod, moved into the divisor's sign; a zero keeps fmod's sign
    mod = np.fmod(a, b)
    return np.where((mod != 0) & ((b < 0) != (mod < 0)), mod + b, mod)


# PyTorch's placeholder node for ops without a derivative: named, but fails in backward
NOT_IMPLEMENTED = "torch::autograd::NotImplemented"
NO_FLOOR_DIVIDE = Rule(_no_derivative("floor_divide"), (), "floor_divide has no derivative")
FLOOR_DIVIDE = row(Op("floor_divide", np.floor_divide, NOT_IMPLEMENTED, ("self", "other"),
                      (NO_FLOOR_DIVIDE, NO_FLOOR_DIVIDE)))
FLOOR_DIVIDE_BY = _by_number("floor_divide", lambda a, other: np.floor_divide(a, other),
                             NOT_IMPLEMENTED, NO_FLOOR_DIVIDE)
FLOOR_DIVIDE_OF = _by_number("floor_divide", lambda a, other: np.floor_divide(other, a),
                             NOT_IMPLEMENTED, NO_FLOOR_DIVIDE)
REMAINDER = row(Op("remainder", _remainder, "RemainderBackward1", ("self", "other"), (
    Rule(lambda node, g: g, (), "∂(a mod b)/∂a = 1"),
    # derivatives.yaml: -grad * self.div(other, rounding_mode="floor"), a DivBackward2 in a graph
    Rule(lambda node, g: -g * apply(DIV_ROUNDED, (node.self, node.other),
                                    {"rounding_mode": "floor"}), ("self", "other"),
         "∂(a mod b)/∂b = -⌊a/b⌋"))))
REMAINDER_BY = _by_number("remainder", lambda a, other: _remainder(a, np.asarray(other, a.dtype)),
                          "RemainderBackward0",
                          Rule(lambda node, g: g, (), "∂(a mod s)/∂a = 1"))
REMAINDER_OF = _by_number("remainder", lambda a, other: _remainder(np.asarray(other, a.dtype), a),
                          NOT_IMPLEMENTED,
                          Rule(_no_derivative("remainder"), (), "s mod a has no derivative"))


def _integer_division(input, other, op_pair: tuple[Op, Op]):
    """Run a division-like row (by a tensor, or by or of a number); an integer division by zero
    raises as in PyTorch."""
    tensor_op, number_op = op_pair
    dt = _dt.result_type(input, other)
    if dt.category != _dt.FLOAT and np.any(getattr(other, "_data", other) == 0):
        raise RuntimeError("ZeroDivisionError")
    if isinstance(other, Tensor) and isinstance(input, Tensor):
        return broadcast_apply(tensor_op, input, other, dtype=dt)
    tensor, number = (input, other) if isinstance(input, Tensor) else (other, input)
    return apply(number_op, (tensor,), {"other": number}, dtype=dt)


@export(dunders=("__floordiv__",))
def floor_divide(input, other):
    return _integer_division(input, other, (FLOOR_DIVIDE, FLOOR_DIVIDE_BY))


@export(torch=False, method=False, dunders=("__rfloordiv__",))
def _rfloordiv(input, other):
    return _integer_division(other, input, (FLOOR_DIVIDE, FLOOR_DIVIDE_OF))


@export(dunders=("__mod__",))
def remainder(input, other):
    return _integer_division(input, other, (REMAINDER, REMAINDER_BY))


@export(torch=False, method=False, dunders=("__rmod__",))
def _rmod(input, other):
    return _integer_division(other, input, (REMAINDER, REMAINDER_OF))


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
        return broadcast_apply(POW_TENSOR, input, exponent)
    if type(exponent) is int and exponent < 0 and input.dtype.category != _dt.FLOAT:
        raise RuntimeError("Integers to negative integer powers are not allowed.")
    return apply(POW, (input,), {"exponent": exponent}, dtype=_dt.result_type(input, exponent))


@export(torch=False, method=False, dunders=("__rpow__",))
def _rpow(input, other):
    return apply(POW_BASE, (input,), {"base": other}, dtype=_dt.result_type(input, other))


@export()
def square(input):
    return pow(input, 2)


# ---- unary math --------------------------------------------------------------------------
def unary(name: str, forward, grad_fn: str, derivative, uses: tuple, formula: str,
          dtypes: str = "float"):
    """Define an elementwise op: its row, torch.<name>, Tensor.<name> and Tensor.<name>_."""
    op = row(Op(name, in_layout(forward), grad_fn, ("self",), (Rule(derivative, uses, formula),),
                dtypes))

    def function(input):
        return apply(op, (input,))
    function.__name__ = name
    function.op = op
    return export(name)(function)


LN2, LN10 = math.log(2.0), math.log(10.0)
# tanh_backward as ATen has it (one fused multiply-add for 1 - y·y), with its own derivatives
# (derivatives.yaml), so that a recorded second backward goes through TanhBackwardBackward0
TANH_BACKWARD = row(Op("tanh_backward", in_layout(kernels.tanh_backward), "TanhBackwardBackward0",
                       ("grad_output", "output"), (
    Rule(lambda node, g: apply(TANH_BACKWARD, (g, node.output)), ("output",),
         "∂tanh_backward(g, y)/∂g = 1 - y²"),
    Rule(lambda node, g: g * (scale(node.output, -2.0) * node.grad_output),
         ("output", "grad_output"), "∂tanh_backward(g, y)/∂y = -2·y·g")), dtypes="keep"))

# sigmoid_backward and threshold_backward (relu's) as rows of their own, with derivatives.yaml's
# derivatives: a recorded second backward goes through SigmoidBackwardBackward0 and
# ThresholdBackwardBackward0 as PyTorch's does
SIGMOID_BACKWARD = row(Op("sigmoid_backward", in_layout(lambda g, y: g * (1 - y) * y),
                          "SigmoidBackwardBackward0", ("grad_output", "output"), (
    Rule(lambda node, g: apply(SIGMOID_BACKWARD, (g, node.output)), ("output",),
         "∂sigmoid_backward(g, y)/∂g = y(1 - y)"),
    Rule(lambda node, g: g * node.grad_output * shift(scale(node.output, -2), 1),
         ("output", "grad_output"), "∂sigmoid_backward(g, y)/∂y = g(1 - 2y)")), dtypes="keep"))
# a zero where x <= threshold, never the -0. that g * mask would give
# (ATen's iterator takes self before grad there: the result is laid out after self)
THRESHOLD_BACKWARD = row(Op("threshold_backward", lambda g, x, threshold: laid_out(
                            np.where(x <= threshold, g.dtype.type(0), g), x, g),
                            "ThresholdBackwardBackward0", ("grad_output", "self"), (
    Rule(lambda node, g: apply(THRESHOLD_BACKWARD, (g, node.self), {"threshold": node.threshold}),
         ("self",), "∂threshold_backward(g, x)/∂g = 1 if x > t else 0"),
    Rule(lambda node, g: xp.zeros_like(g), (), "∂threshold_backward(g, x)/∂x = 0")),
    dtypes="keep"))

TWO_OVER_SQRT_PI = 2 / math.sqrt(math.pi)
# name      forward  grad_fn  derivative (node: the grad_fn, g: the incoming gradient)  saved
exp = unary("exp", vml.exp, "ExpBackward0",
            lambda node, g: g * node.result, ("result",), "∂eˣ/∂x = eˣ")
# grad * result * M_LN2: C++ scales by a number, so the top node of its graph is MulBackward1
unary("exp2", kernels.exp2_kernel, "Exp2Backward0",
      lambda node, g: scale(g * node.result, LN2), ("result",), "∂2ˣ/∂x = 2ˣ·ln 2")
unary("expm1", libm(np.expm1), "Expm1Backward0",
      lambda node, g: g * shift(node.result, 1), ("result",), "∂(eˣ-1)/∂x = eˣ")
log = unary("log", vml.log, "LogBackward0",
            lambda node, g: g / node.self, ("self",), "∂ln x/∂x = 1/x")
unary("log2", libm(np.log2), "Log2Backward0",
      lambda node, g: g / scale(node.self, LN2), ("self",), "∂log₂x/∂x = 1/(x·ln 2)")
unary("log10", libm(np.log10), "Log10Backward0",
      lambda node, g: g / scale(node.self, LN10), ("self",), "∂log₁₀x/∂x = 1/(x·ln 10)")
unary("log1p", kernels.log1p, "Log1PBackward0",
      lambda node, g: g / shift(node.self, 1), ("self",), "∂ln(1+x)/∂x = 1/(1+x)")
unary("sqrt", vml.sqrt, "SqrtBackward0",
      lambda node, g: g / scale(node.result, 2), ("result",), "∂√x/∂x = 1/(2√x)")
rsqrt = unary("rsqrt", lambda a: 1 / np.sqrt(a), "RsqrtBackward0",
              lambda node, g: scale(g, -0.5) * xp.pow(node.result, 3), ("result",),
              "∂x^(-½)/∂x = -½·x^(-3/2)")
reciprocal = unary("reciprocal", lambda a: np.divide(1, a, dtype=a.dtype),
                   "ReciprocalBackward0",
                   lambda node, g: -g * (node.result * node.result), ("result",),
                   "∂(1/x)/∂x = -1/x²")
sin = unary("sin", vml.sin, "SinBackward0",
            lambda node, g: g * xp.cos(node.self), ("self",), "∂sin x/∂x = cos x")
cos = unary("cos", vml.cos, "CosBackward0",
            lambda node, g: g * -xp.sin(node.self), ("self",), "∂cos x/∂x = -sin x")
unary("tan", libm(np.tan), "TanBackward0",
      lambda node, g: g * shift(xp.pow(node.result, 2), 1), ("result",),
      "∂tan x/∂x = 1 + tan²x")
unary("asin", libm(np.arcsin), "AsinBackward0",
      lambda node, g: g * xp.rsqrt(shift(-node.self * node.self, 1)), ("self",),
      "∂asin x/∂x = 1/√(1-x²)")
unary("acos", libm(np.arccos), "AcosBackward0",
      lambda node, g: g * -xp.rsqrt(shift(-node.self * node.self, 1)), ("self",),
      "∂acos x/∂x = -1/√(1-x²)")
unary("atan", vml.atan, "AtanBackward0",
      lambda node, g: g / shift(node.self * node.self, 1), ("self",), "∂atan x/∂x = 1/(1+x²)")
# rad2deg/deg2rad: at::mul by M_180_PI (M_PI_180), a wrapped scalar computed in the tensor's
# dtype; their backwards multiply the gradient by the same number
M_180_PI, M_PI_180 = 180 / math.pi, math.pi / 180
rad2deg = unary("rad2deg", lambda a: a * a.dtype.type(M_180_PI), "Rad2DegBackward0",
                lambda node, g: scale(g, M_180_PI), (), "∂(180/π·x)/∂x = 180/π")
deg2rad = unary("deg2rad", lambda a: a * a.dtype.type(M_PI_180), "Deg2RadBackward0",
                lambda node, g: scale(g, M_PI_180), (), "∂(π/180·x)/∂x = π/180")
sinh = unary("sinh", kernels.sleef_head_libm_tail(np.sinh, math.sinh, kernels.sinhf_one),
             "SinhBackward0",
             lambda node, g: g * xp.cosh(node.self), ("self",), "∂sinh x/∂x = cosh x")
cosh = unary("cosh", kernels.sleef_head_libm_tail(np.cosh, math.cosh, kernels.coshf_one),
             "CoshBackward0",
             lambda node, g: g * xp.sinh(node.self), ("self",), "∂cosh x/∂x = sinh x")
unary("tanh", vml.tanh, "TanhBackward0",
      lambda node, g: apply(TANH_BACKWARD, (g, node.result)), ("result",),
      "∂tanh x/∂x = 1 - tanh²x")
sigmoid = unary("sigmoid", kernels.sigmoid, "SigmoidBackward0",
                lambda node, g: apply(SIGMOID_BACKWARD, (g, node.result)), ("result",),
                "∂σ(x)/∂x = σ(x)(1 - σ(x))")
unary("erf", kernels.erf, "ErfBackward0",
      # derivatives.yaml: 2.0 / sqrt(M_PI) * exp(-(self.pow(2))) * grad, in that order
      lambda node, g: scale(xp.exp(-xp.pow(node.self, 2)), TWO_OVER_SQRT_PI) * g, ("self",),
      "∂erf x/∂x = 2/√π·e^(-x²)")
unary("relu", lambda a: upper(a, 0), "ReluBackward0",
      lambda node, g: apply(THRESHOLD_BACKWARD, (g, node.result), {"threshold": 0}),
      ("result",),
      "∂relu(x)/∂x = 1 if x > 0 else 0", dtypes="keep")
# derivatives.yaml: grad * self.sgn(); sgn's own derivative is an efficient zero (engine/zeros)
unary("abs", lambda a: _abs(a), "AbsBackward0",
      lambda node, g: g * xp.sgn(node.self), ("self",), "∂|x|/∂x = sign(x)", dtypes="keep")
sign = unary("sign", lambda a: _sign(a), "SignBackward0",
             lambda node, g: xp.zeros_like(g), (), "∂sign(x)/∂x = 0", dtypes="keep")
# sgn of a real tensor is its sign, but sgn_backward gives an efficient zero, which mul and div
# hand on as zeros (so 0 · inf is 0 there), where sign's derivative is zeros_like(grad)
SGN = row(Op("sgn", lambda a: _sign(a), "SgnBackward0", ("self",), (
    Rule(lambda node, g: zeros.like(g), (), "∂sgn(x)/∂x = 0 (an efficient zero)"),),
    dtypes="keep"))
trunc = unary("trunc", np.trunc, "TruncBackward0",
              lambda node, g: xp.zeros_like(g), (), "∂trunc(x)/∂x = 0", dtypes="keep")
FRAC = row(Op("frac", lambda a: a - np.trunc(a), "FracBackward0", ("self",), (
    Rule(lambda node, g: g, (), "∂frac(x)/∂x = 1"),), dtypes="keep"))


@export()
def frac(input):
    if input.dtype.category != _dt.FLOAT:
        raise NotImplementedError(f"\"frac_cpu\" not implemented for "
                                  f"'{_dt.type_name(input.dtype)}'")
    return apply(FRAC, (input,))


unary("floor", np.floor, "FloorBackward0",
      lambda node, g: xp.zeros_like(g), (), "∂⌊x⌋/∂x = 0", dtypes="keep")
unary("ceil", np.ceil, "CeilBackward0",
      lambda node, g: xp.zeros_like(g), (), "∂⌈x⌉/∂x = 0", dtypes="keep")
ROUND = row(Op("round", np.round, "RoundBackward0", ("self",), (
    Rule(lambda node, g: xp.zeros_like(g), (), "∂round(x)/∂x = 0"),), dtypes="keep"))


def _round_decimals(a: np.ndarray, decimals: int) -> np.ndarray:
    # ATen's round_decimals_kernel: nearbyint(x·10ⁿ)/10ⁿ in the input's precision (for n < 0,
    # nearbyint(x/10⁻ⁿ)·10⁻ⁿ)
    scale = a.dtype.type(10.0 ** abs(decimals))
    if decimals < 0:
        return np.rint(a / scale) * scale
    return np.rint(a * scale) / scale


ROUND_DECIMALS = row(Op("round", _round_decimals, "RoundBackward1", ("self",), (
    Rule(lambda node, g: xp.zeros_like(g), (), "∂round(x, n)/∂x = 0"),), dtypes="keep"))


@export()
def round(input, *, decimals=0):
    if decimals == 0:
        return apply(ROUND, (input,))
    if input.dtype.category != _dt.FLOAT:
        raise NotImplementedError(f"\"round_cpu\" not implemented for "
                                  f"'{_dt.type_name(input.dtype)}'")
    return apply(ROUND_DECIMALS, (input,), {"decimals": decimals})


def _abs(a: np.ndarray) -> np.ndarray:
    if a.dtype == np.bool_:
        raise NotImplementedError('"abs_cpu" not implemented for \'Bool\'')
    return np.abs(a)


def _sign(a: np.ndarray) -> np.ndarray:
    # PyTorch's (0 < x) - (x < 0): sign(nan) and sign(-0.) are 0, a bool stays itself
    if a.dtype == np.bool_:
        return a.copy()
    return (0 < a).astype(a.dtype) - (a < 0).astype(a.dtype)


# ---- bounds: maximum, minimum, clamp -----------------------------------------------------
def _split_tie(node, g, loses):
    # PyTorch: where(a == b, grad / 2, grad).masked_fill_(loses, 0): a tie shares the gradient
    return xp.masked_fill(xp.where(node.self == node.other, g / 2, g), loses, 0)


MAXIMUM = row(Op("maximum", lambda a, b: laid_out(kernels.extremum(upper, a, b), a, b),
                 "MaximumBackward0", ("self", "other"), (
    Rule(lambda node, g: _split_tie(node, g, node.self < node.other), ("self", "other"),
         "∂max(a, b)/∂a = 1 if a > b, ½ if a = b, else 0"),
    Rule(lambda node, g: _split_tie(node, g, node.self > node.other), ("self", "other"),
         "∂max(a, b)/∂b = 1 if b > a, ½ if a = b, else 0"))))
MINIMUM = row(Op("minimum", lambda a, b: laid_out(kernels.extremum(lower, a, b), a, b),
                 "MinimumBackward0", ("self", "other"), (
    Rule(lambda node, g: _split_tie(node, g, node.self > node.other), ("self", "other"),
         "∂min(a, b)/∂a = 1 if a < b, ½ if a = b, else 0"),
    Rule(lambda node, g: _split_tie(node, g, node.self < node.other), ("self", "other"),
         "∂min(a, b)/∂b = 1 if b < a, ½ if a = b, else 0"))))


def _tensors_only(name: str, input, other) -> None:
    for position, (arg, value) in enumerate((("input", input), ("other", other)), 1):
        if not isinstance(value, Tensor):
            raise TypeError(f"{name}(): argument '{arg}' (position {position}) must be Tensor, "
                            f"not {type(value).__name__}")


@export()
def maximum(input, other):
    _tensors_only("maximum", input, other)
    return broadcast_apply(MAXIMUM, input, other)


@export()
def minimum(input, other):
    _tensors_only("minimum", input, other)
    return broadcast_apply(MINIMUM, input, other)


def clamp_array(a: np.ndarray, min, max) -> np.ndarray:
    # min(max(x, lo), hi), as PyTorch's kernel: nan in x or in a bound propagates
    if min is not None:
        a = upper(a, min)
    if max is not None:
        a = lower(a, max)
    return a


def _inside(x, lo, hi):
    """Where lo <= x <= hi (None: no bound), the elements clamp lets through."""
    if lo is None:
        return x <= hi
    if hi is None:
        return x >= lo
    return (x >= lo) & (x <= hi)


def _pass_inside(node, g):
    return xp.where(_inside(node.self, node.min, node.max), g, 0.0)


def _clamp_min_grad(node, g):
    # the lower bound is what comes out where x is below it, unless the bounds cross (max wins)
    below = node.self < node.min
    return xp.where(below if node.max is None else below & (node.min < node.max), g, 0.0)


def _clamp_max_grad(node, g):
    above = node.self > node.max
    return xp.where(above if node.min is None else above | (node.max < node.min), g, 0.0)


def _clamp_as(a, min, max, dtype):
    return clamp_array(a.astype(dtype, copy=False), None if min is None else min.astype(dtype),
                       None if max is None else max.astype(dtype))


CLAMP = row(Op("clamp", clamp_array, "ClampBackward1", ("self",), (
    Rule(_pass_inside, ("self",), "∂clamp(x, lo, hi)/∂x = 1 if lo ≤ x ≤ hi else 0"),)))
# bounds that are tensors: an absent one is a None input (its edge is (None, 0), as in PyTorch)
CLAMP_TENSOR = row(Op("clamp", _clamp_as, "ClampBackward0", ("self", "min", "max"), (
    Rule(_pass_inside, ("self", "min", "max"),
         "∂clamp(x, lo, hi)/∂x = 1 if lo ≤ x ≤ hi else 0"),
    Rule(_clamp_min_grad, ("self", "min", "max"), "∂clamp(x, lo, hi)/∂lo = 1 if x < lo < hi"),
    Rule(_clamp_max_grad, ("self", "min", "max"),
         "∂clamp(x, lo, hi)/∂hi = 1 if x > hi or hi < lo")), dtypes="keep"))
CLAMP_MIN = row(Op("clamp_min", lambda a, min: upper(a, min), "ClampMinBackward0",
                   ("self",), (
    Rule(lambda node, g: xp.where(node.self >= node.min, g, 0.0), ("self",),
         "∂max(x, lo)/∂x = 1 if x ≥ lo"),)))
CLAMP_MIN_TENSOR = row(Op("clamp_min", upper, "ClampMinBackward1", ("self", "min"), (
    Rule(lambda node, g: xp.where(node.self >= node.min, g, 0.0), ("self", "min"),
         "∂max(x, lo)/∂x = 1 if x ≥ lo"),
    Rule(lambda node, g: xp.where(node.self < node.min, g, 0.0), ("self", "min"),
         "∂max(x, lo)/∂lo = 1 if x < lo"))))
CLAMP_MAX = row(Op("clamp_max", lambda a, max: lower(a, max), "ClampMaxBackward0",
                   ("self",), (
    Rule(lambda node, g: xp.where(node.self <= node.max, g, 0.0), ("self",),
         "∂min(x, hi)/∂x = 1 if x ≤ hi"),)))
CLAMP_MAX_TENSOR = row(Op("clamp_max", lower, "ClampMaxBackward1", ("self", "max"), (
    Rule(lambda node, g: xp.where(node.self <= node.max, g, 0.0), ("self", "max"),
         "∂min(x, hi)/∂x = 1 if x ≤ hi"),
    Rule(lambda node, g: xp.where(node.self > node.max, g, 0.0), ("self", "max"),
         "∂min(x, hi)/∂hi = 1 if x > hi"))))

CLAMP_SIGNATURES = {
    "clamp": (" * (Tensor input, Tensor min = None, Tensor max = None, *, Tensor out = None)\n"
              " * (Tensor input, Number min = None, Number max = None, *, Tensor out = None)\n"),
    "clamp_min": (" * (Tensor input, Tensor min, *, Tensor out = None)\n"
                  " * (Tensor input, Number min, *, Tensor out = None)\n"),
    "clamp_max": (" * (Tensor input, Tensor max, *, Tensor out = None)\n"
                  " * (Tensor input, Number max, *, Tensor out = None)\n"),
}


def invalid_arguments(name: str, args, signatures: str) -> TypeError:
    """PyTorch's message for a call that matches none of a function's signatures."""
    got = ", ".join("Tensor" if isinstance(a, Tensor) else type(a).__name__ for a in args)
    return TypeError(f"{name}() received an invalid combination of arguments - got ({got}), but "
                     f"expected one of:\n{signatures}")


def _bad_bounds(name: str, args) -> TypeError:
    return invalid_arguments(name, args, CLAMP_SIGNATURES[name])


def _bound_dtype(input, *bounds) -> _dt.DType:
    return _dt.result_type(input, *(b for b in bounds if b is not None))


def _clamp(input, min, max, method: bool):
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    given = [b for b in (min, max) if b is not None]
    if any(isinstance(b, Tensor) for b in given):
        if not all(isinstance(b, Tensor) for b in given):
            if method:
                raise invalid_arguments("clamp", given, _clamp_method_signatures(given))
            raise _bad_bounds("clamp", (input, *given))
        for b in given:
            if b._data.shape != input._data.shape:
                _broadcastable(input, b)
        dt = _bound_dtype(input, min, max)
        return apply(CLAMP_TENSOR, (input, min, max), {"dtype": dt.np})
    if not all(isinstance(b, NUMBER) for b in given):
        # matches neither signature; PyTorch lists the arguments as written, None included
        written = (min,) if max is None else (min, max)
        if method:
            raise invalid_arguments("clamp", written, "".join(
                f" * ({kind} min = None, {kind} max = None)\n" for kind in ("Tensor", "Number")))
        raise _bad_bounds("clamp", (input, *written))
    return apply(CLAMP, (input,), {"min": min, "max": max}, dtype=_bound_dtype(input, min, max))


def _clamp_method_signatures(given) -> str:
    # the method form lists its signatures without `input`, each with every argument marked
    marked = ", ".join(f"!{'Tensor' if isinstance(b, Tensor) else type(b).__name__}!"
                       for b in given)
    return "".join(f" * ({kind} min = None, {kind} max = None)\n      didn't match because some "
                   f"of the arguments have invalid types: ({marked})\n"
                   for kind in ("Tensor", "Number"))


@export("clamp", "clip", method=False)
def clamp(input, min=None, max=None):
    return _clamp(input, min, max, method=False)


@export("clamp", "clip", torch=False)
def _clamp_method(input, min=None, max=None):
    return _clamp(input, min, max, method=True)


@export()
def clamp_min(input, min=None):
    if isinstance(min, Tensor):
        return broadcast_apply(CLAMP_MIN_TENSOR, input, min)
    if not isinstance(min, NUMBER):
        raise _bad_bounds("clamp_min", (input,) if min is None else (input, min))
    return apply(CLAMP_MIN, (input,), {"min": min}, dtype=_bound_dtype(input, min))


@export()
def clamp_max(input, max=None):
    if isinstance(max, Tensor):
        return broadcast_apply(CLAMP_MAX_TENSOR, input, max)
    if not isinstance(max, NUMBER):
        raise _bad_bounds("clamp_max", (input,) if max is None else (input, max))
    return apply(CLAMP_MAX, (input,), {"max": max}, dtype=_bound_dtype(input, max))


def _broadcastable(a: Tensor, b: Tensor) -> None:
    try:
        np.broadcast_shapes(a._data.shape, b._data.shape)
    except ValueError:
        raise broadcast_error(a, b) from None


# ---- more arithmetic: fmod, lerp, hypot, and products with a number ----------------------
FMOD = row(Op("fmod", lambda a, other: np.fmod(a, other), "FmodBackward0", ("self",), (
    Rule(lambda node, g: g, (), "∂fmod(a, s)/∂a = 1"),)))
FMOD_TENSOR = row(Op("fmod", np.fmod, "FmodBackward1", ("self", "other"), (
    Rule(lambda node, g: g, (), "∂fmod(a, b)/∂a = 1"),
    Rule(lambda node, g: -g * apply(DIV_ROUNDED, (node.self, node.other),
                                    {"rounding_mode": "trunc"}), ("self", "other"),
         "∂fmod(a, b)/∂b = -trunc(a/b)"))))


@export()
def fmod(input, other):
    if not isinstance(input, Tensor) or not isinstance(other, (Tensor, *NUMBER)):
        raise invalid_arguments("fmod", (input, other),
                                " * (Tensor input, Tensor other, *, Tensor out = None)\n"
                                " * (Tensor input, Number other, *, Tensor out = None)\n")
    return _integer_division(input, other, (FMOD_TENSOR, FMOD))


# derivatives.yaml's lerp.Scalar: grad * (1 - weight.toDouble()) and grad * weight, C++ scaling
# by a number (MulBackward1 in a recorded graph)
LERP = row(Op("lerp", in_layout(kernels.lerp), "LerpBackward0", ("self", "end"), (
    Rule(lambda node, g: scale(g, 1 - node.weight), (), "∂lerp(a, b, w)/∂a = 1 - w"),
    Rule(lambda node, g: scale(g, node.weight), (), "∂lerp(a, b, w)/∂b = w"))))
LERP_TENSOR = row(Op("lerp", in_layout(kernels.lerp), "LerpBackward1", ("self", "end", "weight"), (
    Rule(lambda node, g: g * (1 - node.weight), ("weight",), "∂lerp(a, b, w)/∂a = 1 - w"),
    Rule(lambda node, g: g * node.weight, ("weight",), "∂lerp(a, b, w)/∂b = w"),
    Rule(lambda node, g: g * (node.end - node.self), ("self", "end"),
         "∂lerp(a, b, w)/∂w = b - a"))))


@export()
def lerp(input, end, weight):
    if not isinstance(end, Tensor) or not isinstance(weight, (Tensor, *NUMBER)):
        raise invalid_arguments(
            "lerp", (input, end, weight),
            " * (Tensor input, Tensor end, Tensor weight, *, Tensor out = None)\n"
            " * (Tensor input, Tensor end, Number weight, *, Tensor out = None)\n")
    kind = "tensor" if isinstance(weight, Tensor) else "scalar"
    edges_first(LERP, (input, end, weight))   # the autograd kernel's, before lerp's own checks
    tensors = (("end", end), ("weight", weight)) if kind == "tensor" else (("end", end),)
    for name, t in tensors:
        if t.dtype is not input.dtype:
            raise RuntimeError(f"expected dtype {C_TYPE_NAMES[input.dtype.name]} for `{name}` "
                               f"but got dtype {C_TYPE_NAMES[t.dtype.name]}")
    if input.dtype.category != _dt.FLOAT:
        raise NotImplementedError(f'"lerp_kernel_{kind}" not implemented for '
                                  f"'{_dt.type_name(input.dtype)}'")
    broadcast_shape(*(t for t in (input, end, weight) if isinstance(t, Tensor)))
    if kind == "tensor":
        return apply(LERP_TENSOR, (input, end, weight))
    return apply(LERP, (input, end), {"weight": weight})


ADDCMUL = row(Op("addcmul", in_layout(kernels.addcmul), "AddcmulBackward0",
                  ("self", "tensor1", "tensor2"), (
    Rule(lambda node, g: g, (), "∂(a + v·b·c)/∂a = 1"),
    Rule(lambda node, g: g * (node.tensor2 * node.value), ("tensor2",), "∂(a + v·b·c)/∂b = v·c"),
    Rule(lambda node, g: g * (node.tensor1 * node.value), ("tensor1",),
         "∂(a + v·b·c)/∂c = v·b"))))
ADDCDIV = row(Op("addcdiv", in_layout(kernels.addcdiv), "AddcdivBackward0",
                  ("self", "tensor1", "tensor2"), (
    Rule(lambda node, g: g, (), "∂(a + v·b/c)/∂a = 1"),
    # derivatives.yaml: grad * (value / tensor2), C++'s Scalar / Tensor a tensor filled with
    # value divided by tensor2 (a DivBackward0 under the Mul); value * tensor1 a MulBackward1
    Rule(lambda node, g: g * (_filled(node.tensor2, node.value) / node.tensor2), ("tensor2",),
         "∂(a + v·b/c)/∂b = v/c"),
    Rule(lambda node, g: -g * (scale(node.tensor1, node.value) / (node.tensor2 * node.tensor2)),
         ("tensor1", "tensor2"), "∂(a + v·b/c)/∂c = -v·b/c²"))))


def _filled(like, value):
    """A constant of like's shape and dtype filled with value (at::empty_like(t).fill_(value))."""
    data = like._data if type(like) is Tensor else like
    return xp.constant(np.full(data.shape, value, data.dtype), like)


def _ternary(op: Op, input, tensor1, tensor2, value) -> Tensor:
    """addcmul and addcdiv: three broadcast tensors and a number."""
    for position, (name, t) in enumerate((("input", input), ("tensor1", tensor1),
                                          ("tensor2", tensor2)), 1):
        if not isinstance(t, Tensor):
            raise TypeError(f"{op.name}(): argument '{name}' (position {position}) must be "
                            f"Tensor, not {type(t).__name__}")
    if not isinstance(value, NUMBER):
        raise TypeError(f"{op.name}(): argument 'value' must be Number, not "
                        f"{type(value).__name__}")
    broadcast_shape(input, tensor1, tensor2)   # TensorIterator's operands, in order
    return apply(op, (input, tensor1, tensor2), {"value": value})


@export()
def addcmul(input, tensor1, tensor2, *, value=1):
    return _ternary(ADDCMUL, input, tensor1, tensor2, value)


@export()
def addcdiv(input, tensor1, tensor2, *, value=1):
    if _dt.result_type(tensor1, tensor2).category != _dt.FLOAT:
        raise RuntimeError(ADDCDIV_INTEGERS)
    return _ternary(ADDCDIV, input, tensor1, tensor2, value)


ADDCDIV_INTEGERS = (
    "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will "
    "perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
    "implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer "
    "inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv "
    "behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all "
    "dtypes.")


HYPOT = row(Op("hypot", np.hypot, "HypotBackward0", ("self", "other"), (
    Rule(lambda node, g: g * node.self / node.result, ("self", "result"),
         "∂√(a²+b²)/∂a = a/√(a²+b²)"),
    Rule(lambda node, g: g * node.other / node.result, ("other", "result"),
         "∂√(a²+b²)/∂b = b/√(a²+b²)"))))


@export()
def hypot(input, other):
    _tensors_only("hypot", input, other)
    dt = _dt.result_type(input, other)
    if dt.category != _dt.FLOAT:
        raise NotImplementedError(f"\"hypot_cpu\" not implemented for '{_dt.type_name(dt)}'")
    return broadcast_apply(HYPOT, input, other)


def _atan2_recip(node):
    # atan2_backward: recip = (self * self + other * other).reciprocal(), 0 where it is inf
    # (PyTorch's gradient at (0, 0) is a zero, signed by the other factor)
    recip = 1 / (node.self * node.self + node.other * node.other)
    return xp.masked_fill(recip, xp.isinf(recip), 0)


ATAN2 = row(Op("atan2", kernels.atan2, "Atan2Backward0", ("self", "other"), (
    Rule(lambda node, g: g * node.other * _atan2_recip(node), ("self", "other"),
         "∂atan2(a, b)/∂a = b/(a²+b²)"),
    Rule(lambda node, g: g * -node.self * _atan2_recip(node), ("self", "other"),
         "∂atan2(a, b)/∂b = -a/(a²+b²)")), dtypes="float"))


@export("atan2", "arctan2")
def atan2(input, other):
    _tensors_only("atan2", input, other)
    return broadcast_apply(ATAN2, input, other)


# what C++ code inside PyTorch produces when it scales a tensor by a number (at::mul(t, Scalar))
MUL_SCALAR = row(Op("mul", lambda a, other: np.multiply(a, np.asarray(other, a.dtype)),
                    "MulBackward1", ("self",), (
    # mul_tensor_backward: grad times the Scalar, a MulBackward1 when recorded
    Rule(lambda node, g: scale(g, node.other), (), "∂(a·s)/∂a = s"),)))
DIV_SCALAR = row(Op("div", lambda a, other: np.true_divide(a, np.asarray(other, a.dtype)),
                    "DivBackward1", ("self",), (
    # div_tensor_self_backward: grad over the Scalar, a DivBackward1 when recorded
    Rule(lambda node, g: divide_by(g, node.other), (), "∂(a/s)/∂a = 1/s"),), dtypes="float"))


ADD_SCALAR = row(Op("add", lambda a, other: np.add(a, np.asarray(other, a.dtype)), "AddBackward1",
                    ("self",), (Rule(lambda node, g: g, (), "∂(a + s)/∂a = 1"),)))


def _by_scalar(op: Op, input, number):
    # an array (a rule on a pass without a graph) keeps its dtype: apply() does not promote it
    dtype = _dt.result_type(input, number) if type(input) is Tensor else None
    return apply(op, (input,), {"other": number}, dtype=dtype)


def scale(input: Tensor, factor) -> Tensor:
    """input * factor as PyTorch's own C++ code computes it: a MulBackward1 node."""
    return _by_scalar(MUL_SCALAR, input, factor)


def shift(input: Tensor, number) -> Tensor:
    """input + number as PyTorch's own C++ code computes it: an AddBackward1 node."""
    return _by_scalar(ADD_SCALAR, input, number)


def divide_by(input: Tensor, divisor) -> Tensor:
    """input / divisor as PyTorch's own C++ code computes it: a DivBackward1 node."""
    return _by_scalar(DIV_SCALAR, input, divisor)


# C++ type names, as PyTorch's messages spell a dtype in some checks
C_TYPE_NAMES = {"bool": "bool", "uint8": "unsigned char", "int8": "signed char",
                "int16": "short int", "int32": "int", "int64": "long int", "float16": "c10::Half",
                "float32": "float", "float64": "double"}
