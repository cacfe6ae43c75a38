"""Op rows for comparisons, logic and selection by a condition (where, masked_fill)."""
from __future__ import annotations

import numpy as np

from .. import dtypes as _dt
from ..dispatch import Rule, Op, apply, edges_first
from ..limits import check_shape
from ..tensor import Tensor
from . import xp
from .pointwise import (broadcast_apply, broadcast_error, broadcast_shape, c_ordered, iterated,
                        relaid)
from .registry import export, row

NUMBER = (int, float, bool)


def _check_operand(name: str, other) -> None:
    # operators never get here with a foreign operand (ops/__init__ returns NotImplemented)
    if not isinstance(other, (Tensor, *NUMBER)):
        raise TypeError(f"{name}(): argument 'other' (position 2) must be Tensor or Number, "
                        f"not {type(other).__name__}")


def _compare(name: str, forward, dunder: str):
    op = Op(name, iterated(forward), None, ("self", "other"), (None, None), dtypes="compare")

    def function(input, other):
        _check_operand(name, other)
        dt = _dt.result_type(input, other)
        return broadcast_apply(op, input, other, dtype=dt)
    function.__name__ = name
    return export(name, dunders=(dunder,))(function)


eq = _compare("eq", np.equal, "__eq__")
ne = _compare("ne", np.not_equal, "__ne__")
lt = _compare("lt", np.less, "__lt__")
le = _compare("le", np.less_equal, "__le__")
gt = _compare("gt", np.greater, "__gt__")
ge = _compare("ge", np.greater_equal, "__ge__")
for _alias, _fn in (("greater", gt), ("less", lt), ("greater_equal", ge), ("less_equal", le),
                    ("not_equal", ne)):
    export(_alias)(_fn)


def _logical(name: str, forward):
    op = Op(name, forward, None, ("self", "other"), (None, None), dtypes="compare")

    def function(input, other):
        return broadcast_apply(op, input, other, dtype=_dt.bool_)
    function.__name__ = name
    return export(name)(function)


logical_and = _logical("logical_and", np.logical_and)
logical_or = _logical("logical_or", np.logical_or)
logical_xor = _logical("logical_xor", np.logical_xor)
_NOT = Op("logical_not", np.logical_not, None, ("self",), (None,), dtypes="compare")


@export()
def logical_not(input):
    return apply(_NOT, (input,), dtype=_dt.bool_)


def _bitwise(name: str, forward, dunders: tuple[str, ...]):
    op = Op(name, forward, None, ("self", "other"), (None, None))

    def function(input, other):
        _check_operand(name, other)
        if _dt.result_type(input, other).category == _dt.FLOAT:
            raise NotImplementedError(f'"{name}_cpu" not implemented for \'Float\'')
        return broadcast_apply(op, input, other)
    function.__name__ = name
    return export(name, dunders=dunders)(function)


bitwise_and = _bitwise("bitwise_and", np.bitwise_and, ("__and__", "__rand__"))
bitwise_or = _bitwise("bitwise_or", np.bitwise_or, ("__or__", "__ror__"))
bitwise_xor = _bitwise("bitwise_xor", np.bitwise_xor, ("__xor__", "__rxor__"))
_INVERT = Op("bitwise_not", np.invert, None, ("self",), (None,), dtypes="keep")


@export(dunders=("__invert__",))
def bitwise_not(input):
    if input.is_floating_point():
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type "
                        "tensors")
    return apply(_INVERT, (input,))


_ISNAN = Op("isnan", np.isnan, None, ("self",), (None,), dtypes="keep")
_ISINF = Op("isinf", np.isinf, None, ("self",), (None,), dtypes="keep")
_ISFINITE = Op("isfinite", np.isfinite, None, ("self",), (None,), dtypes="keep")


@export()
def isnan(input):
    return apply(_ISNAN, (input,))


@export()
def isinf(input):
    return apply(_ISINF, (input,))


@export()
def isfinite(input):
    return apply(_ISFINITE, (input,))


# ---- selection ---------------------------------------------------------------------------
def _where(x, y, condition: Tensor) -> np.ndarray:
    # laid out after the condition, ATen's first operand, then self and other
    mask = condition._data
    out = np.where(mask, x, y)
    if out.ndim > 1 and not all(np.asarray(a).flags.c_contiguous for a in (mask, x, y)):
        return relaid(out, mask, x, y)
    return out


WHERE = row(Op("where", _where, "WhereBackward0",
               ("self", "other"), (
    # PyTorch selects (where(m, g, 0)): a masked-out gradient is 0., never -0.
    Rule(lambda node, g: xp.where(node.condition, g, 0.0), (),
         "∂where(m, a, b)/∂a = m"),
    Rule(lambda node, g: xp.where(node.condition, 0.0, g), (),
         "∂where(m, a, b)/∂b = not m")), saved_params=("condition",)))


@export(method=False)
def where(condition, input=None, other=None):
    if input is None and other is None:
        # a 0-d condition counts as one element, as PyTorch's nonzero has it
        return tuple(Tensor._make(np.asarray(i, dtype=np.int64)) for i in
                     np.nonzero(np.atleast_1d(condition._data)))
    if not isinstance(condition, Tensor):
        raise _dt.OperandTypeError(condition)
    cond = condition
    edges_first(WHERE, (input, other))   # the autograd kernel's, before where's own checks
    if cond._data.dtype != np.bool_:
        raise RuntimeError(f"where expected condition to be a boolean tensor, but got a tensor "
                           f"with dtype {_dt.type_name(cond.dtype)}")
    _broadcast_in_turn(cond, input, other)
    return apply(WHERE, (input, other), {"condition": cond})


def _broadcast_in_turn(*operands) -> None:
    """PyTorch's message when the condition, input and other do not broadcast together: the
    first pair that fails, in that order."""
    shape = ()
    for x in operands:
        other = np.shape(getattr(x, "_data", x))
        try:
            shape = np.broadcast_shapes(shape, other)
        except ValueError:
            raise broadcast_error(*(np.broadcast_to(False, s) for s in (shape, other))) from None


@export()
def nonzero(input, *, as_tuple=False):
    """The indices of the non-zero elements: one row per element (a 0-d tensor counts as one
    element with no index), or with as_tuple one index tensor per dim, as where(condition)."""
    if not isinstance(input, Tensor):
        raise _dt.OperandTypeError(input)
    if as_tuple:
        return where(input)
    check_shape((int(np.count_nonzero(input._data)), input.ndim))   # before NumPy builds it
    return Tensor._make(np.argwhere(input._data).astype(np.int64))


@export("where", torch=False)
def _where_method(input, condition, other):
    return where(condition, input, other)


# ATen's masked_fill fills a contiguous clone of self (and masked_fill_ writes in place)
MASKED_FILL = row(Op("masked_fill", lambda a, mask, value: c_ordered(
    np.where(mask._data, value, a)), "MaskedFillBackward0", ("self",), (
    Rule(lambda node, g: xp.masked_fill(g, node.mask, 0.0), (),
         "∂masked_fill(a, m, v)/∂a = not m"),),
    dtypes="keep", saved_params=("mask",)))


def _masked_sum(g, mask):
    """masked_fill_backward: g.masked_select(mask).sum(), on tensors or on arrays."""
    if type(g) is Tensor:
        return g.masked_select(mask).sum()
    return xp.sum(g[np.broadcast_to(mask._data if type(mask) is Tensor else mask, g.shape)])


# masked_fill with a 0-d tensor as the value (masked_fill.Tensor): the value gets a gradient too
MASKED_FILL_TENSOR = row(Op("masked_fill", lambda a, value, mask: c_ordered(np.where(
    mask._data, value.astype(a.dtype), a)), "MaskedFillBackward1", ("self", "value"), (
    Rule(lambda node, g: xp.masked_fill(g, node.mask, 0.0), (),
         "∂masked_fill(a, m, v)/∂a = not m"),
    Rule(lambda node, g: _masked_sum(g, node.mask), (),
         "∂masked_fill(a, m, v)/∂v = the sum of g where m")),
    dtypes="keep", saved_params=("mask",)))


@export()
def masked_fill(input, mask, value):
    edges_first(MASKED_FILL, (input,))   # the autograd kernel's, before masked_fill's checks
    if isinstance(value, Tensor) and value.ndim == 0 and input.dtype.category == _dt.FLOAT:
        if isinstance(mask, Tensor):
            broadcast_shape(mask, input)
        return apply(MASKED_FILL_TENSOR, (input, value), {"mask": mask}, dtype=input.dtype)
    value = value.item() if isinstance(value, Tensor) else _dt.number(value)
    if isinstance(mask, Tensor):   # ATen broadcasts the mask first
        broadcast_shape(mask, input)
    return apply(MASKED_FILL, (input,), {"mask": mask, "value": value})


@export()
def equal(input, other):
    """True when both have the same size and equal elements (compared after type promotion)."""
    if not isinstance(other, Tensor):
        raise TypeError(f"equal(): argument 'other' (position 2) must be Tensor, not "
                        f"{type(other).__name__}")
    return input._data.shape == other._data.shape and bool(np.all(input._data == other._data))


# ---- closeness ---------------------------------------------------------------------------
def _must_be_tensor(fn: str, value, name: str, position: int) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(f"{fn}(): argument '{name}' (position {position}) must be Tensor, not "
                        f"{type(value).__name__}")


def _tolerances(fn: str, input, other, rtol, atol, equal_nan) -> tuple[float, float]:
    """isclose's and allclose's arguments as PyTorch's parser takes them (a tolerance is a
    number or a one-element tensor; equal_nan a bool), then checked in ATen's order."""
    _must_be_tensor(fn, input, "input", 1)
    _must_be_tensor(fn, other, "other", 2)
    tolerances = []
    for name, position, value in (("rtol", 3, rtol), ("atol", 4, atol)):
        if isinstance(value, Tensor) and value._data.ndim == 0:
            value = value._data.item()
        if not isinstance(value, (int, float)):
            raise TypeError(f"{fn}(): argument '{name}' (position {position}) must be float, not "
                            f"{type(value).__name__}")
        tolerances.append(float(value))
    if not isinstance(equal_nan, bool):
        raise TypeError(f"{fn}(): argument 'equal_nan' (position 5) must be bool, not "
                        f"{type(equal_nan).__name__}")
    if input.dtype is not other.dtype:
        raise RuntimeError(f"{_dt.type_name(input.dtype)} did not match "
                           f"{_dt.type_name(other.dtype)}")
    rtol, atol = tolerances
    if rtol < 0:   # C++ prints the double with six significant digits
        raise RuntimeError(f"rtol must be greater than or equal to zero, but got {rtol:g}")
    if atol < 0:
        raise RuntimeError(f"atol must be greater than or equal to zero, but got {atol:g}")
    return rtol, atol


def _close(input, other, rtol: float, atol: float, equal_nan) -> np.ndarray:
    """|input - other| <= atol + rtol * |other|, elementwise, as ATen's isclose computes it: in
    the inputs' dtype (integers in the default float dtype), infinities equal to themselves."""
    close = eq(input, other)._data   # broadcasts, with PyTorch's error for sizes that do not
    a, b = input._data, other._data
    if a.dtype.kind == "f" and equal_nan:
        close = close | (np.isnan(a) & np.isnan(b))
    if rtol or atol:
        if a.dtype.kind != "f":
            a, b = a.astype(_dt.default_float.np), b.astype(_dt.default_float.np)
        with np.errstate(invalid="ignore", over="ignore"):
            allowed = atol + np.abs(rtol * b)
            actual = np.abs(a - b)
            close = close | (np.isfinite(actual) & (actual <= allowed))
    return np.asarray(close)


@export()
def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    rtol, atol = _tolerances("isclose", input, other, rtol, atol, equal_nan)
    return Tensor._make(_close(input, other, rtol, atol, equal_nan))


@export()
def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False) -> bool:
    rtol, atol = _tolerances("allclose", input, other, rtol, atol, equal_nan)
    return bool(_close(input, other, rtol, atol, equal_nan).all())
