"""Running one op row: dtype promotion, the NumPy forward, and recording its graph node."""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable

import numpy as np

from . import dtypes as _dt
from . import grad_mode
from .graph import InvalidView, Node, PendingView, RegeneratedView, SavedResult
from .limits import check_shape, limits
from .tensor import Tensor


@dataclass(frozen=True, slots=True)
class Rule:
    """A derivative rule: the gradient of an op's input, grad_input = fn(node, grad).

    `fn` is written once, against engine/ops/xp.py and Python's operators, and runs on what it
    is given: NumPy arrays when the backward records no graph, tensors when it does."""
    fn: Callable
    # the saved values fn reads ('self', 'other', 'result'; 'result1'... an op's later outputs)
    uses: tuple[str, ...] = ()
    formula: str = ""            # shown by explain(): '∂(a*b)/∂a = b'


@dataclass(frozen=True, slots=True)
class Op:
    """One row of the op table."""
    name: str                         # torch's name: 'mul'
    forward: Callable                 # NumPy arrays (and params) -> NumPy array
    grad_fn: str | None               # 'MulBackward0'; None: not differentiable
    args: tuple[str, ...]             # names of the tensor inputs, in order
    derivs: tuple[Rule | None, ...]   # one derivative rule per input
    dtypes: str = "promote"           # promote | float | compare | keep | int64 | bool
    view: bool = False                # the result shares storage and version with input 0
    # tensor parameters a derivative reads (where's condition): saved and freed as inputs are,
    # so that a second backward without retain_graph fails as PyTorch's does
    saved_params: tuple[str, ...] = ()
    saved_names: frozenset = field(init=False)
    # per derivative, the inputs it reads: a pass on arrays runs it on arrays when these have
    # the gradient's dtype (NumPy promotes mixed dtypes otherwise than PyTorch does)
    reads: tuple = field(init=False)
    # what to save, worked out once: (name, index of the input or -1 for the result, and the
    # input whose derivative alone reads it, or None: saved whatever derivatives will run)
    save_plan: tuple = field(init=False)

    def __post_init__(self):
        # a row's shape, checked when it is made: one derivative per input, each reading only
        # inputs or the result (what a rule reads is checked when it runs: tests/engine)
        if len(self.derivs) != len(self.args):
            raise ValueError(f"{self.name}: {len(self.derivs)} derivatives for "
                             f"{len(self.args)} inputs")
        if (self.grad_fn is None) != all(d is None for d in self.derivs):
            raise ValueError(f"{self.name}: a grad_fn name goes with derivatives")
        for d in self.derivs:
            for name in d.uses if d is not None else ():
                if _output_nr(name) is None and name not in self.args:
                    raise ValueError(f"{self.name}: a derivative reads {name!r}, which is "
                                     f"neither an input nor the result")
        users: dict[str, list[int]] = {}
        for i, d in enumerate(self.derivs):
            if d is not None:
                for name in d.uses:
                    users.setdefault(name, []).append(i)
        object.__setattr__(self, "saved_names", frozenset(users))
        object.__setattr__(self, "reads", tuple(
            () if d is None else tuple(self.args.index(n) for n in d.uses
                                       if _output_nr(n) is None)
            for d in self.derivs))
        # in PyTorch's order: a node unpacks its saved inputs, then its saved outputs, each by
        # name, and the first one modified in place is the one its error names. PyTorch's
        # generated code skips saving an input only when a single derivative of several reads
        # it and that derivative will not run (gen_variable_type.py, guard_for); otherwise the
        # input is saved, so a second backward fails even where no derivative reads it
        several = sum(d is not None for d in self.derivs) > 1
        object.__setattr__(self, "save_plan", tuple(
            (name, self.args.index(name) if _output_nr(name) is None else -1 - _output_nr(name),
             who[0] if several and len(who) == 1 and _output_nr(name) is None else None)
            for name, who in sorted(
                users.items(), key=lambda item: (_output_nr(item[0]) is not None, item[0]))))


def _output_nr(name: str) -> int | None:
    """The output a saved name stands for ('result' 0, 'result2' 2), None for an input's."""
    if name == "result":
        return 0
    if name.startswith("result") and name[6:].isdigit():
        return int(name[6:])
    return None


class Context:
    """What the interpreter lets the engine know: the statement being run (opaque)."""
    __slots__ = ("span",)

    def __init__(self) -> None:
        self.span = None


context = Context()


_BY_NP = {d.np: d for d in _dt.ALL}
# the ops whose first operand PyTorch's argument parser lets be a Python number
# (torch.add(1, t) works, torch.abs(1) does not); measured with torch 2.13
_NUMBER_FIRST = frozenset(("add", "sub", "mul", "div", "floor_divide", "remainder", "pow",
                           "where"))
_NO_EDGE = (None, 0)
_NO_PARAMS = MappingProxyType({})   # one shared, read-only, for the many ops with no parameters
_KEEPS_DTYPE = frozenset(("keep", "int64", "bool", "compare"))


def _result_dtype(op: Op, inputs) -> _dt.DType:
    rule = op.dtypes
    first = inputs[0]
    dt = None
    if type(first) is Tensor or isinstance(first, Tensor):   # nn.Parameter is a Tensor too
        d = first._data.dtype
        if rule == "keep":
            return _BY_NP[d]
        # the common cases without the general promotion: one tensor, two of one dtype, or a
        # tensor with a Python number of its own kind
        if len(inputs) == 1:
            dt = _BY_NP[d]
        elif len(inputs) == 2:
            other = inputs[1]
            t = type(other)
            if (t is Tensor and other._data.dtype == d) or (t is float and d.kind == "f") \
                    or (t is int and d.kind in "fiu"):
                dt = _BY_NP[d]
    elif op.name not in _NUMBER_FIRST:
        raise _dt.OperandTypeError(first)
    if dt is None:
        dt = _dt.result_type(*inputs)   # raises OperandTypeError for an operand of another kind
    if rule == "float" and dt.category != _dt.FLOAT:
        return _dt.default_float
    return dt


def apply(op: Op, inputs: tuple, params: dict | None = None, dtype: _dt.DType | None = None):
    """Run `op` on `inputs` (tensors, or Python numbers wrapped as PyTorch wraps them).

    Inputs that are NumPy arrays, all of one dtype, give the forward's array and record nothing:
    that is how a derivative rule runs a row in a backward that records no graph."""
    if type(inputs[0]) is not Tensor and isinstance(inputs[0], _ARRAYS):
        return _on_arrays(op, inputs, params)
    if dtype is None:
        dtype = _result_dtype(op, inputs)
    npdt = dtype.np
    rule = op.dtypes
    keep = rule == "keep"
    # each input as an array of the op's dtype ("keep": as it is), and the shape and dtype
    # its gradient is given back in
    arrays, shapes, dtypes = [], [], []
    for x in inputs:
        if type(x) is Tensor or isinstance(x, Tensor):
            a = x._data
            d = a.dtype
            shapes.append(a.shape)
            if d is npdt:
                dtypes.append(dtype)
            else:
                dtypes.append(_BY_NP[d])
                if not keep and d != npdt:
                    a = a.astype(npdt)
            arrays.append(a)
        else:
            if type(x) is int and not _dt.INT_MIN <= x < _dt.INT_END:
                _dt.check_int(x)
            arrays.append(x if keep else np.asarray(x, dtype=npdt))
            shapes.append(())
            dtypes.append(None)
    out = op.forward(*arrays, **params) if params else op.forward(*arrays)
    if type(out) is tuple:
        # several outputs (split, unbind): one node, each output with its own output_nr
        return _wrap(op, inputs, params or _NO_PARAMS, out)
    if type(out) is not np.ndarray:
        out = np.asarray(out)
    if out.size > limits.max_elements:
        check_shape(out.shape)
    if out.dtype is not npdt and out.dtype != npdt and rule not in _KEEPS_DTYPE:
        out = out.astype(npdt)
    if op.view:
        return _wrap(op, inputs, params or _NO_PARAMS, (out,))[0]
    if op.grad_fn is None or out.dtype.kind != "f":
        return Tensor._make(out)
    if not grad_mode.state.enabled:
        return _unrecorded(out, inputs)
    # the hot path: one output, maybe recorded
    edges, needs = [], []
    recorded = False
    for x in inputs:
        if type(x) is Tensor or isinstance(x, Tensor):
            if x._requires_grad:
                recorded = True
                needs.append(True)
                fn = x.grad_fn   # x._edge(), inline
                if fn is None:
                    edges.append((x._accumulator(), 0))
                else:
                    if fn.__class__ is not Node:   # a pending, regenerated or invalid view's
                        _settled(fn)
                    edges.append((fn, x._output_nr))
                continue
        needs.append(False)
        edges.append(_NO_EDGE)
    if not recorded:
        return Tensor._make(out)
    needs = tuple(needs)
    node = Node(op, tuple(edges), needs, params or _NO_PARAMS, tuple(shapes), tuple(dtypes),
                None, 1, context.span)
    result = Tensor._make(out, node, True)
    if op.save_plan or op.saved_params:
        node._saved = _save(op, inputs, needs, (result,), params)
        if op.saved_params:  # read from the saved values from now on, as PyTorch does
            node.params = {k: v for k, v in params.items() if k not in op.saved_params}
    return result


def _settled(fn) -> None:
    """A grad_fn other than a plain Node, made ready to be an edge: a pending or regenerated
    view's node is made now, an invalid view's refuses (a custom Function's node is ready as it
    is)."""
    if fn.__class__ is InvalidView:
        fn.fail()
    elif fn.__class__ is PendingView or fn.__class__ is RegeneratedView:
        fn.settle()


def edges_first(op: Op, inputs) -> None:
    """PyTorch collects the graph edges of a recorded op's inputs before its kernel runs: an
    input whose grad_fn cannot be regenerated fails before the kernel's own checks do."""
    if op.grad_fn is not None and grad_mode.state.enabled:
        for x in inputs:
            if isinstance(x, Tensor) and x._requires_grad and x.grad_fn.__class__ is InvalidView:
                x.grad_fn.fail()


def _unrecorded(out, inputs) -> Tensor:
    """A result grad mode kept off the graph. When an input required grad (or was itself made
    so) it says so (`_made_without_grad`), for the hint a later backward() of it gets."""
    result = Tensor._make(out)
    for x in inputs:
        if type(x) is Tensor and (x._requires_grad or "_made_without_grad" in x.__dict__):
            result._made_without_grad = True
            break
    return result


_ARRAYS = (np.ndarray, np.generic)


def _on_arrays(op: Op, inputs: tuple, params):
    """apply() on arrays of one dtype: Python numbers become arrays of it, as apply wraps them."""
    npdt = inputs[0].dtype
    if op.dtypes != "keep":
        for x in inputs:
            if not isinstance(x, _ARRAYS):
                inputs = tuple(x if isinstance(x, _ARRAYS) else np.asarray(x, npdt)
                               for x in inputs)
                break
    out = op.forward(*inputs, **params) if params else op.forward(*inputs)
    if type(out) is tuple:
        return out
    if out.dtype != npdt and op.dtypes not in _KEEPS_DTYPE:
        return out.astype(npdt)
    return out


def _wrap(op: Op, inputs, params, outs: tuple) -> tuple:
    """The general path: several outputs, views, or nothing to record."""
    record = (op.grad_fn is not None and grad_mode.state.enabled and bool(outs)
              and outs[0].dtype.kind == "f")
    needs = None
    if record:
        needs = tuple(isinstance(x, Tensor) and x._requires_grad for x in inputs)
        record = any(needs)
    if not record:
        results = tuple(Tensor._make(out) for out in outs)
        if op.view:
            base = inputs[0]
            creation = _creation(op, base)
            for result in results:
                result._version_counter = base._version_counter
                result._base = _viewed(base, result)
                if creation is not None:
                    result._creation = creation
                if base._requires_grad and not grad_mode.state.enabled:
                    # a view taken under no_grad of a tensor that requires grad stays a leaf
                    # that requires grad
                    result._requires_grad = True
        return results
    node = Node(op, tuple(x._edge() if isinstance(x, Tensor) else _NO_EDGE for x in inputs),
                needs, params, tuple(np.shape(x._data if isinstance(x, Tensor) else x)
                                     for x in inputs),
                tuple(x.dtype if isinstance(x, Tensor) else None for x in inputs), None,
                n_outputs=len(outs))
    node.span = context.span
    results = tuple(Tensor._make(out, node, True) for out in outs)
    creation = _creation(op, inputs[0]) if op.view else None
    for nr, result in enumerate(results):
        result._output_nr = nr
        if op.view:
            base = inputs[0]
            result._version_counter = base._version_counter
            result._base = _viewed(base, result)
            if creation is not None:
                result._creation = creation
    if op.saved_names or op.saved_params:
        node._saved = _save(op, inputs, needs, results, params)
        if op.saved_params:
            node.params = {k: v for k, v in params.items() if k not in op.saved_params}
    return results


def _save(op: Op, inputs, needs, results: tuple, params) -> dict:
    saved = {name: (params[name], params[name]._version_counter,
                    params[name]._version_counter.value)
             for name in op.saved_params} if op.saved_params else {}
    for name, index, reader in op.save_plan:
        if reader is not None and not needs[reader]:
            continue   # the one derivative that reads this input will not run
        if index < 0:
            result = results[-1 - index]
            counter = result._version_counter
            saved[name] = (SavedResult(result), counter, counter.value)
        else:
            value = inputs[index]
            if isinstance(value, Tensor):
                counter = value._version_counter
                saved[name] = (value, counter, counter.value)
            else:
                saved[name] = (value, None, None)
    return saved


# the ops that return several views of one tensor (join.py), by their rows' names
MULTI_VIEW_OPS = frozenset(("split", "split_with_sizes", "unbind"))


def _creation(op: Op, base: Tensor) -> str | None:
    """PyTorch's CreationMeta of a view `op` makes of `base`: "no_grad" under no_grad, "multi"
    for an output of split/unbind, else what `base` (a view itself) had."""
    if not grad_mode.state.enabled:
        return "no_grad"
    if op.name in MULTI_VIEW_OPS:
        return "multi"
    return base._creation


def _viewed(base: Tensor, view: Tensor) -> Tensor:
    """The tensor whose storage `view` shares (its base's base for a view of a view). The
    version counter, which the base, its views and detach() share, keeps a weak reference to
    each view, for an in-place write to regenerate their grad_fns (ops/inplace.py)."""
    root = base._base if base._base is not None else base
    counter = base._version_counter
    views = counter.__dict__.get("views")
    if views is None:
        views = counter.views = []
    views.append(weakref.ref(view))
    return root
