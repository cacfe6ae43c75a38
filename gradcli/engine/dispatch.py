"""Running one op row: dtype promotion, the NumPy forward, and recording its graph node."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from . import dtypes as _dt
from . import grad_mode
from .graph import Node, SavedResult
from .tensor import Tensor


@dataclass(frozen=True, slots=True)
class D:
    """The derivative of an op with respect to one input: grad_input = fn(node, grad)."""
    fn: Callable
    uses: tuple[str, ...] = ()   # the saved values fn reads ('self', 'other', 'result')
    formula: str = ""            # shown by explain(): '∂(a*b)/∂a = b'


@dataclass(frozen=True, slots=True)
class Op:
    """One row of the op table."""
    name: str                         # torch's name: 'mul'
    forward: Callable                 # NumPy arrays (and params) -> NumPy array
    grad_fn: str | None               # 'MulBackward0'; None: not differentiable
    args: tuple[str, ...]             # names of the tensor inputs, in order
    derivs: tuple[D | None, ...]      # one per input
    dtypes: str = "promote"           # promote | float | compare | keep | int64 | bool
    view: bool = False                # the result shares storage and version with input 0
    saved_names: frozenset = field(init=False)

    def __post_init__(self):
        names = set()
        for d in self.derivs:
            if d is not None:
                names.update(d.uses)
        object.__setattr__(self, "saved_names", frozenset(names))


class Context:
    """What the interpreter lets the engine know: the statement being run (opaque)."""
    __slots__ = ("span",)

    def __init__(self) -> None:
        self.span = None


context = Context()


def _result_dtype(op: Op, inputs) -> _dt.DType:
    rule = op.dtypes
    if rule == "keep":
        return inputs[0].dtype
    dt = _dt.result_type(*inputs)
    if rule == "float" and dt.category != _dt.FLOAT:
        return _dt.default_float
    return dt


def as_array(x, np_dtype: np.dtype) -> np.ndarray:
    if isinstance(x, Tensor):
        a = x._data
        return a if a.dtype == np_dtype else a.astype(np_dtype)
    return np.asarray(x, dtype=np_dtype)


def apply(op: Op, inputs: tuple, params: dict | None = None, dtype: _dt.DType | None = None):
    """Run `op` on `inputs` (tensors, or Python numbers wrapped as PyTorch wraps them)."""
    params = params or {}
    dt = dtype or _result_dtype(op, inputs)
    npdt = dt.np
    if op.dtypes == "keep":
        arrays = [x._data if isinstance(x, Tensor) else x for x in inputs]
    else:
        arrays = [as_array(x, npdt) for x in inputs]
    out = op.forward(*arrays, **params)
    if type(out) is tuple:
        # several outputs (split, unbind): one node, each output with its own output_nr
        return _wrap(op, inputs, params, out)
    if type(out) is not np.ndarray:
        out = np.asarray(out)
    if op.dtypes == "compare":
        pass
    elif out.dtype != npdt and op.dtypes not in ("keep", "int64", "bool"):
        out = out.astype(npdt)
    return _wrap(op, inputs, params, (out,))[0]


def _wrap(op: Op, inputs, params, outs: tuple) -> tuple:
    record = (op.grad_fn is not None and grad_mode.state.enabled and bool(outs)
              and outs[0].dtype.kind == "f")
    needs = None
    if record:
        needs = tuple(isinstance(x, Tensor) and x._rg for x in inputs)
        record = any(needs)
    if not record:
        results = tuple(Tensor._make(out) for out in outs)
        if op.view:
            base = inputs[0]
            for result in results:
                result._vc = base._vc
                result._base = base._base if base._base is not None else base
                if base._rg and not grad_mode.state.enabled:
                    # a view taken under no_grad of a tensor that requires grad stays a leaf
                    # that requires grad, and may not be modified in-place outside no_grad
                    result._rg = True
                    result._no_grad_view = True
        return results
    node = Node(op, tuple(x._edge() if isinstance(x, Tensor) else (None, 0) for x in inputs),
                needs, params, tuple(np.shape(x._data if isinstance(x, Tensor) else x)
                                     for x in inputs),
                tuple(x.dtype if isinstance(x, Tensor) else None for x in inputs), None,
                n_outputs=len(outs))
    node.span = context.span
    results = tuple(Tensor._make(out, node, True) for out in outs)
    for nr, result in enumerate(results):
        result._output_nr = nr
        if op.view:
            base = inputs[0]
            result._vc = base._vc
            result._base = base._base if base._base is not None else base
    if op.saved_names:
        node._saved = _save(op, inputs, needs, results[0])
    return results


def _save(op: Op, inputs, needs, result) -> dict:
    saved = {}
    for i, d in enumerate(op.derivs):
        if d is None or not needs[i]:
            continue
        for name in d.uses:
            if name in saved:
                continue
            if name == "result":
                saved[name] = (SavedResult(result), result._vc, result._vc.value)
                continue
            value = inputs[op.args.index(name)]
            if isinstance(value, Tensor):
                saved[name] = (value, value._vc, value._vc.value)
            else:
                saved[name] = (value, None, None)
    return saved
