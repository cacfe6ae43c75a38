"""Hooks: the functions a backward pass calls on a tensor's gradient (Tensor.register_hook)
and around a node's backward (Node.register_prehook, register_hook)."""
from __future__ import annotations

from typing import Callable

import numpy as np

from .graph import Hooks, RemovableHandle
from .ops.registry import export
from .tensor import Tensor

@export(torch=False)
def register_hook(self: Tensor, hook: Callable) -> RemovableHandle:
    """A leaf's hooks stay with the tensor (its AccumulateGrad runs them); a non-leaf's go to
    its grad_fn, for the output the tensor is, as PyTorch keeps them."""
    if not self._requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")
    if self.grad_fn is None:
        owner, nr = self, None
    else:
        owner, nr = self.grad_fn, self._output_nr
    table = owner.__dict__.get("_hooks")
    if table is None:
        table = owner._hooks = {}
    hooks = table.get(nr)
    if hooks is None:
        hooks = table[nr] = Hooks()
    handle = RemovableHandle(hooks)
    hooks[handle.id] = hook
    return handle


def run(hooks: dict, grad: Tensor) -> Tensor:
    """`grad` through each hook in turn: a hook's tensor replaces it, None keeps it."""
    for hook in list(hooks.values()):
        got = hook(grad)
        if got is None:
            continue
        name = getattr(hook, "__name__", type(hook).__name__)
        if not isinstance(got, Tensor):
            raise TypeError(f"expected Variable, but hook returned '{type(got).__name__}'")
        if got._data.shape != grad._data.shape:
            raise RuntimeError(f"hook '{name}' has changed the size of value")
        if got.dtype is not grad.dtype:
            raise RuntimeError(f"hook '{name}' has changed the type of value (was "
                               f"torch.{grad.dtype.legacy} got torch.{got.dtype.legacy})")
        grad = got
    return grad


def apply_hooks(table: dict, grads: list, arrays: bool) -> list:
    """A node's incoming gradients (arrays or tensors) after its tensors' hooks."""
    grads = list(grads)
    for nr, hooks in table.items():
        i = nr or 0
        g = grads[i]
        if g is None or not hooks:
            continue
        t = Tensor._make(g if type(g) is np.ndarray else np.asarray(g)) if arrays else g
        out = run(hooks, t)
        grads[i] = out._data if arrays else out
    return grads


def _checked(hook, got, expected: int) -> tuple | None:
    """What a node's hook returned: None, or a tuple of as many gradients as it was given."""
    if got is None:
        return None
    if type(got) is not tuple:
        raise TypeError(f"expected tuple, but hook returned '{type(got).__name__}'")
    if len(got) != expected:
        name = getattr(hook, "__name__", type(hook).__name__)
        raise RuntimeError(f"hook '{name}' has returned an incorrect number of values (got "
                           f"{len(got)}, but expected {expected})")
    for g in got:
        if g is not None and not isinstance(g, Tensor):
            raise TypeError(f"expected Variable, but hook returned '{type(g).__name__}'")
    return got


def _as_tensors(grads, arrays: bool) -> tuple:
    if not arrays:
        return tuple(grads)
    return tuple(None if g is None else Tensor._make(np.asarray(g)) for g in grads)


def _as_given(grads: tuple, arrays: bool) -> list:
    """Gradients back as the pass carries them (arrays when it records no graph)."""
    if not arrays:
        return list(grads)
    return [None if g is None else g._data for g in grads]


def run_pre_hooks(hooks: dict, grads: list, arrays: bool) -> list:
    """A node's incoming gradients through its register_prehook hooks, in turn."""
    given = _as_tensors(grads, arrays)
    for hook in list(hooks.values()):
        got = _checked(hook, hook(given), len(given))
        if got is not None:
            given = got
    return _as_given(given, arrays)


def run_post_hooks(hooks: dict, outs: list, grads: list, arrays: bool) -> list:
    """A node's outgoing gradients through its register_hook hooks, which also see what came
    in."""
    given, came = _as_tensors(outs, arrays), _as_tensors(grads, arrays)
    for hook in list(hooks.values()):
        got = _checked(hook, hook(given, came), len(given))
        if got is not None:
            given = got
    return _as_given(given, arrays)


__all__ = ["RemovableHandle", "apply_hooks", "register_hook", "run_post_hooks", "run_pre_hooks"]
