"""Tensor.register_hook: functions a backward pass calls on a tensor's gradient, and their
handles."""
from __future__ import annotations

import itertools
import weakref
from typing import Callable

import numpy as np

from .ops.registry import export
from .tensor import Tensor

_ids = itertools.count()


class RemovableHandle:
    """What register_hook returns: remove() takes the hook out (again: nothing happens)."""

    __slots__ = ("_hooks", "id", "__weakref__")

    def __init__(self, hooks: dict) -> None:
        self._hooks = weakref.ref(hooks)
        self.id = next(_ids)

    def remove(self) -> None:
        hooks = self._hooks()
        if hooks is not None:
            hooks.pop(self.id, None)

    def __enter__(self) -> "RemovableHandle":
        return self

    def __exit__(self, *exc) -> None:
        self.remove()


# printed as PyTorch's: <torch.utils.hooks.RemovableHandle object at 0x...>
RemovableHandle.__module__ = "torch.utils.hooks"


class Hooks(dict):
    """One tensor's hooks, by handle id, in the order they were registered (a dict subclass:
    a handle refers to it weakly)."""

    __slots__ = ("__weakref__",)


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


__all__ = ["RemovableHandle", "apply_hooks", "register_hook"]
