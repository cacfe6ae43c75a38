"""In-place ops: each is its out-of-place row, written back into the tensor's storage."""
from __future__ import annotations

import numbers

import numpy as np

from .. import dtypes as _dt
from .. import grad_mode
from ..dispatch import Rule, Op, apply
from ..graph import InvalidView, PendingView, RegeneratedView, SavedResult
from ..tensor import Tensor
from . import pointwise, xp
from .registry import FUNCTIONS, METHODS, export, row

LEAF = "a leaf Variable that requires grad is being used in an in-place operation."
VIEW_OF_LEAF = "a view of a leaf Variable that requires grad is being used in an in-place operation."
OVERLAP = ("unsupported operation: more than one element of the written-to tensor refers to a "
           "single memory location. Please clone() the tensor before performing the operation.")
PARTIAL_OVERLAP = ("unsupported operation: some elements of the input tensor and the written-to "
                   "tensor refer to a single memory location. Please clone() the tensor before "
                   "performing the operation.")
# variable.cpp's handle_view_on_rebase: a view PyTorch did not make in the default way (its
# CreationMeta, Tensor._creation) may not be written in place with grad mode on, nor be used
# once its base or another view of it was written
WRITTEN, BASE_WRITTEN = "is being", "its base or another view of its base has been"
REBASE_REASONS = {
    "multi": "This view is the output of a function that returns multiple views. Such functions "
             "do not allow the output views to be modified inplace. You should replace the "
             "inplace operation by an out-of-place one.",
    "no_grad": "Given that this use case is ambiguous and error-prone, it is forbidden. You can "
               "clarify your code by moving both the view and the inplace either both inside the "
               "no_grad block (if you don't want the inplace to be tracked) or both outside (if "
               "you want the inplace to be tracked).",
}


def rebase_refusal(t: Tensor, indirect: bool) -> str | None:
    """PyTorch's refusal to rebase the history of `t` (a view) on a write to it (indirect:
    to its base or another view of it), None when it has none."""
    creation = t._creation
    if creation is None:
        return None
    what = BASE_WRITTEN if indirect else WRITTEN
    node = t.grad_fn
    nr, name = ((node.output_nr, node.short_name) if type(node) is InvalidView else
                (t._output_nr, None if node is None else node.short_name))
    if creation == "no_grad" or name is None:
        prefix = ("A view was created in" if name is None else
                  f"Output {nr} of {name} is a view of a view which was created in")
        text = f"{prefix} no_grad mode and {what} modified inplace with grad mode enabled."
    else:
        text = f"Output {nr} of {name} is a view and {what} modified inplace."
    return f"{text} {REBASE_REASONS[creation]}"


def check_inplace(t: Tensor, *inputs) -> None:
    """PyTorch's refusals before an in-place op with these other inputs changes `t`, made only
    when the op records (check_inplace in VariableTypeUtils.h)."""
    if not grad_mode.state.enabled or not (t._requires_grad or any(
            isinstance(x, Tensor) and x._requires_grad for x in inputs)):
        return
    base = t._base
    if base is not None:
        refusal = rebase_refusal(t, indirect=False)
        if refusal is not None:
            raise RuntimeError(refusal)
        if t._requires_grad and base.grad_fn is None:
            raise RuntimeError(VIEW_OF_LEAF)
    if t._requires_grad and (t.grad_fn is None or t.grad_fn.__class__ is PendingView):
        raise RuntimeError(LEAF)


def dense(a: np.ndarray) -> bool:
    """c10's is_non_overlapping_and_dense: the elements, taken by increasing stride over the
    dims of size 2 or more, fill a block without gaps."""
    need = a.itemsize
    for step, n in sorted((step, n) for n, step in zip(a.shape, a.strides) if n > 1):
        if step != need:
            return False
        need *= n
    return True


def check_overlap(t: Tensor, *inputs) -> None:
    """TensorIterator's assert_no_partial_overlap between the written-to tensor and each tensor
    input (ATen's get_overlap_status): the same memory with another layout, or memory shared in
    part, is refused; layouts it cannot judge (not dense) pass."""
    a = t._data
    if not a.size or not dense(a):
        return
    begin = a.__array_interface__["data"][0]
    end = begin + a.nbytes
    for other in inputs:
        if not isinstance(other, Tensor) or other is t:
            continue
        b = other._data
        if not b.size or not dense(b):
            continue
        b_begin = b.__array_interface__["data"][0]
        b_end = b_begin + b.nbytes
        if (begin, end) == (b_begin, b_end):
            if a.strides == b.strides:
                continue
        elif not (begin < b_end and b_begin < end):
            continue
        raise RuntimeError(PARTIAL_OVERLAP)


def _check_output_shape(shape: tuple, got: tuple) -> None:
    """An in-place result must keep its tensor's shape (the other operand may not widen it)."""
    if got != shape:
        raise RuntimeError(f"output with shape [{', '.join(map(str, shape))}] doesn't match the "
                           f"broadcast shape [{', '.join(map(str, np.broadcast_shapes(shape, got)))}]")


def commit(t: Tensor, out: Tensor, overlap_ok: bool = False) -> Tensor:
    """Write `out` (computed out of place from `t`) into `t`, and make `t` its result."""
    shape = t._data.shape
    _check_output_shape(shape, out._data.shape)
    if out.dtype.category > t.dtype.category:
        raise RuntimeError(f"result type {_dt.type_name(out.dtype)} can't be cast to the desired "
                           f"output type {_dt.type_name(t.dtype)}")
    if not overlap_ok and t._data.size and any(
            step == 0 and n > 1 for n, step in zip(shape, t._data.strides)):
        raise RuntimeError(OVERLAP)
    node = out.grad_fn
    if node is not None and node._saved:
        _unalias_saved(node, t)
    np.copyto(t._data, out._data, casting="unsafe")
    t._version_counter.value += 1
    if node is not None:
        if t._base is not None:
            # even a base that did not require grad takes the write's history (CopySlices)
            from .indexing import copy_slices
            copy_slices(t, out)
        else:
            t.grad_fn = node
            t._requires_grad = True
            t._output_nr = 0
            if node._saved and "result" in node._saved:
                counter = t._version_counter
                node._saved["result"] = (SavedResult(t), counter, counter.value)
    counter = t._version_counter
    if "views" in counter.__dict__:
        _regenerate_views(counter, None if node is None else t)
    return t


def _regenerate_views(counter, written) -> None:
    """The views sharing this version counter (PyTorch does it when a view's grad_fn is next
    read, its version having moved, whichever alias the write went through, detach()'s too):
    each becomes an AsStridedBackward0 over its base's history, which now has the write in it.
    `written`: the view the write went through (regenerated by copy_slices already)."""
    from .indexing import as_strided_of
    live = []
    for ref in counter.views:
        view = ref()
        if view is None:
            continue
        live.append(ref)
        root = view._base
        if view is written or (view.grad_fn is None and not root._requires_grad):
            continue
        refusal = rebase_refusal(view, indirect=True)
        if refusal is not None:
            # PyTorch will not regenerate it: every later use of it in a graph fails
            if type(view.grad_fn) is not InvalidView:
                node = view.grad_fn
                view.grad_fn = InvalidView(refusal, view._output_nr,
                                           None if node is None else node.short_name)
                view._requires_grad = True
        else:
            fn = view.grad_fn
            pending = fn is None or fn.__class__ is PendingView
            # PyTorch regenerates it when its grad_fn is next read: till then the node it had
            # when last read lives on (a version message may name it, SavedResult.shown)
            superseded = None if pending else \
                fn.superseded if fn.__class__ is RegeneratedView else fn
            as_strided_of(root, view, pending=pending, superseded=superseded)
    counter.views = live


def _unalias_saved(node, t: Tensor) -> None:
    """The op read `t` before it is overwritten: keep that old value for the backward. Only as
    `self`: PyTorch clones the original self it saves, but `t` passed as another input too
    (a.mul_(a)) is saved as it is, so the write makes its backward fail as PyTorch's does."""
    for name, (value, counter, version) in list(node._saved.items()):
        if value is t and name == "self":
            old = t.clone()   # recorded (CloneBackward0), as the clone ATen saves is
            node._saved[name] = (old, old._version_counter, 0)


def inplace(fn, name: str):
    """Tensor.<name>_: check, compute out of place, write back."""
    def method(self, *args, **kwargs):
        check_inplace(self, *args, *kwargs.values())
        check_overlap(self, *args, *kwargs.values())
        return commit(self, fn(self, *args, **kwargs))
    method.__name__ = name
    return method


# the code that only hands its arguments on: a call of it that does not bind is the caller's
FORWARDERS = frozenset({inplace(None, "").__code__})


for _name in ("add", "sub", "mul", "div", "pow", "neg", "exp", "log", "sqrt", "sin", "cos",
              "tanh", "sigmoid", "relu", "abs", "reciprocal", "square", "exp2", "expm1", "log2",
              "log10", "log1p", "rsqrt", "tan", "asin", "acos", "atan", "sinh", "cosh", "sign",
              "floor", "ceil", "trunc", "round", "frac", "erf", "masked_fill", "addcmul",
              "addcdiv", "rad2deg", "deg2rad", "atan2", "arctan2"):
    if _name in METHODS:
        METHODS[_name + "_"] = inplace(METHODS[_name], _name + "_")
# torch.<name>_(x), the in-place method as a function, where PyTorch offers one (torch.sin_)
for _name in ("neg", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt", "rsqrt",
              "reciprocal", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
              "sigmoid", "erf", "abs", "trunc", "floor", "ceil", "round", "frac", "square"):
    FUNCTIONS[_name + "_"] = METHODS[_name + "_"]
METHODS["subtract_"], METHODS["multiply_"] = METHODS["sub_"], METHODS["mul_"]
METHODS["divide_"], METHODS["negative_"] = METHODS["div_"], METHODS["neg_"]
for _dunder, _name in (("__iadd__", "add_"), ("__isub__", "sub_"), ("__imul__", "mul_"),
                       ("__itruediv__", "div_"), ("__ipow__", "pow_")):
    METHODS[_dunder] = METHODS[_name]

# zeros_like(grad) (derivatives.yaml): a constant, so what flows back through them has no graph
ZERO = row(Op("zero", np.zeros_like, "ZeroBackward0", ("self",), (
    Rule(lambda node, g: xp.zeros_like(g), (), "∂zero_(x)/∂x = 0"),), dtypes="keep"))
FILL = row(Op("fill", lambda a, value: np.full_like(a, value), "FillBackward2", ("self",), (
    Rule(lambda node, g: xp.zeros_like(g), (), "∂fill_(x, v)/∂x = 0"),), dtypes="keep"))
COPY = row(Op("copy", lambda a, src: np.broadcast_to(src, a.shape).astype(a.dtype),
              "torch::autograd::CopyBackwards", ("self", "src"), (
    Rule(lambda node, g: xp.zeros_like(g), (), "∂copy_(x, s)/∂x = 0"),
    Rule(lambda node, g: g, (), "∂copy_(x, s)/∂s = 1")), dtypes="keep"))


@export(torch=False)
def zero_(input):
    check_inplace(input)
    return commit(input, apply(ZERO, (input,)), overlap_ok=True)


@export(torch=False)
def fill_(input, value):
    check_inplace(input, value)
    if isinstance(value, Tensor):
        # filling with a tensor keeps the value's gradient (FillBackward3)
        from .indexing import FILL as FILL_TENSOR
        return commit(input, apply(FILL_TENSOR, (input, value)), overlap_ok=True)
    return commit(input, apply(FILL, (input,), {"value": _dt.number(value)}), overlap_ok=True)


@export(torch=False)
def copy_(input, src, non_blocking=False):
    check_inplace(input, src)
    if not isinstance(src, Tensor):
        raise TypeError(f"copy_(): argument 'src' (position 1) must be Tensor, not "
                        f"{type(src).__name__}")
    try:
        shape = np.broadcast_shapes(src._data.shape, input._data.shape)
    except ValueError:
        raise pointwise.broadcast_error(input, src) from None
    check_overlap(input, src)
    _check_output_shape(input._data.shape, shape)
    return commit(input, apply(COPY, (input, src)))



APPLY_WITH_GRAD = ("Can't call apply_() on Variable that requires grad. Use var.detach().apply_() "
                   "instead.")


@export(torch=False)
def apply_(input, callable_):
    """Tensor.apply_: the function on each element (a Python number) in index order, its result
    written back in the tensor's dtype. PyTorch records nothing and keeps the version, so it
    refuses a tensor that requires grad."""
    if input._requires_grad:
        raise RuntimeError(APPLY_WITH_GRAD)
    if not callable(callable_):
        raise TypeError(f"'{type(callable_).__name__}' object is not callable")
    a = input._data
    for at in np.ndindex(a.shape):
        value = callable_(a[at].item())
        if not isinstance(value, numbers.Real):
            raise TypeError(f"must be real number, not {type(value).__name__}")
        a[at] = value
    return input
