"""Graph nodes whose backward is a Python callable (torch.autograd.Function's): one node for a
call's outputs, the tensors the call saved, and the checks PyTorch makes of the gradients the
callable returns."""
from __future__ import annotations

import functools
from types import MappingProxyType

import numpy as np

from .dispatch import Op, Rule, context
from .graph import Node
from .tensor import Size, Tensor

LEAF_DIRTY = "a leaf Variable that requires grad has been used in an in-place operation."
_NO_PARAMS = MappingProxyType({})


def _not_a_rule(node, g):
    raise RuntimeError(f"{node.name()} runs its Python backward as a whole")


@functools.lru_cache(maxsize=256)
def _description(name: str, n_inputs: int) -> Op:
    """The row a custom node shows explain() and the graph: one input per tensor argument."""
    args = tuple(f"input{i}" for i in range(n_inputs))
    return Op(name, _not_a_rule, name, args,
              tuple(Rule(_not_a_rule, (), f"∂/∂{a}: given by {name[:-8]}.backward")
                    for a in args))


class FunctionNode(Node):
    """The grad_fn of a custom function's outputs. A subclass defines `backward_fn(*grads)`:
    given one gradient per output of the call (tensors), it returns one per argument of the
    call (None for what needs none). Attributes a program sets on it (through the `ctx` of
    forward and backward) live in its __dict__; the engine's own are ENGINE_FIELDS."""

    custom = True
    materialize_grads = True     # a missing output gradient is given to backward as zeros
    # what a program may read of it: these, and what it set itself (its __dict__ but for the
    # engine's own entries there)
    PUBLIC = frozenset(("name", "next_functions", "metadata", "saved_tensors",
                        "materialize_grads", "register_hook", "register_prehook"))
    ENGINE_FIELDS = frozenset(Node.__slots__) | frozenset((
        "_tensor_inputs", "_outputs", "n_outputs", "_retained", "_metadata", "_hooks",
        "_pre_hooks", "_post_hooks"))

    def __init__(self, inputs: tuple) -> None:
        tensors = [x for x in inputs if isinstance(x, Tensor)]
        super().__init__(_description(type(self).__name__, len(tensors)),
                         tuple(t._edge() for t in tensors),
                         tuple(t._requires_grad for t in tensors), _NO_PARAMS,
                         tuple(t._data.shape for t in tensors),
                         tuple(t.dtype for t in tensors), None, 1, context.span)
        self._saved = {}
        self._tensor_inputs = tuple(isinstance(x, Tensor) for x in inputs)
        self._outputs = ()

    def __getattr__(self, name: str):
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    __repr__ = object.__repr__

    @property
    def short_name(self) -> str:
        return self.name()

    def backward_fn(self, *grads):
        raise NotImplementedError

    # ---- the forward call ------------------------------------------------------------------
    def attach(self, outputs: tuple, inputs: tuple, dirty: tuple, non_differentiable: tuple):
        """The call's outputs, made outputs of this node: a tensor it modified in place
        (`dirty`) takes this node as its history; an input returned unchanged comes back as a
        new tensor sharing its storage; float outputs not marked non-differentiable require
        grad."""
        results, kept = [], []
        for nr, out in enumerate(outputs):
            if not isinstance(out, Tensor):
                results.append(out)
                kept.append(None)
                continue
            kept.append((out._data.shape, out._data.dtype))
            if any(out is d for d in dirty):
                if out.grad_fn is None and out._requires_grad:
                    raise RuntimeError(LEAF_DIRTY)
                # PyTorch counts the marking as a write of its own
                out._version_counter.value += 1
            elif any(out is d for d in non_differentiable) or out._data.dtype.kind != "f":
                results.append(out)
                continue
            elif any(out is x for x in inputs):
                alias = Tensor._make(out._data)
                alias._version_counter = out._version_counter
                alias._base = out._base if out._base is not None else out
                out = alias
            out.grad_fn = self
            out._requires_grad = True
            out._output_nr = nr
            results.append(out)
        self._outputs = tuple(kept)
        if len(outputs) != 1:
            self.n_outputs = len(outputs)
        return tuple(results)

    def save(self, tensors: tuple) -> None:
        """What backward will read as saved_tensors, with the versions they have now."""
        for i, t in enumerate(tensors):
            if t is not None and not isinstance(t, Tensor):
                raise TypeError(f"save_for_backward can only save variables, but argument {i} "
                                f"is of type {type(t).__name__}")
        self._saved = {i: None if t is None else
                       (t, t._version_counter, t._version_counter.value)
                       for i, t in enumerate(tensors)}

    @property
    def saved_tensors(self) -> tuple:
        saved = self._saved
        if saved is None:
            self.saved(0)   # PyTorch's error: freed by a backward without retain_graph
        return tuple(None if saved[i] is None else self.saved(i) for i in range(len(saved)))

    # ---- the backward pass -----------------------------------------------------------------
    def run_backward(self, grads: list) -> list:
        """The gradient for each tensor input, from the Python backward, checked as PyTorch's
        engine checks it (count, kind, shape) and cast to the input's dtype."""
        if self.materialize_grads:
            grads = [Tensor._make(np.zeros(*meta)) if g is None and meta is not None else g
                     for g, meta in zip(grads, self._outputs)]
        result = self.backward_fn(*grads)
        return self._validate_outputs(result if isinstance(result, tuple) else (result,))

    def _validate_outputs(self, result: tuple) -> list:
        """The gradients checked as PyTorch's engine validate_outputs checks them."""
        name, expected = self.name(), len(self._tensor_inputs)
        if len(result) > expected and all(g is None for g in result[expected:]):
            result = result[:expected]
        if len(result) != expected:
            raise RuntimeError(f"function {name} returned an incorrect number of gradients "
                               f"(expected {expected}, got {len(result)})")
        grads = []
        for position, (is_tensor, g) in enumerate(zip(self._tensor_inputs, result), 1):
            if not is_tensor:
                if g is not None:
                    raise RuntimeError(f"function {name} returned a gradient different than None "
                                       f"at position {position}, but the corresponding forward "
                                       f"input was not a Variable")
                continue
            if g is not None and not isinstance(g, Tensor):
                raise RuntimeError(f"expected Variable or None (got {type(g).__name__})")
            grads.append(g)
        for i, ((nxt, _), g) in enumerate(zip(self.next_functions, grads)):
            if nxt is None or g is None:   # (unchecked: a node's post hooks still see it)
                continue
            shape = self.shapes[i]
            if g._data.shape != shape:
                if not _expands_to(shape, g._data.shape):
                    raise RuntimeError(f"Function {name} returned an invalid gradient at index "
                                       f"{i} - got {list(g._data.shape)} but expected shape "
                                       f"compatible with {list(shape)}")
                g = g.sum_to_size(Size(shape))
            if g.dtype is not self.dtypes[i]:
                g = g.to(self.dtypes[i])
            grads[i] = g
        return grads


def _expands_to(shape: tuple, target: tuple) -> bool:
    """Can a tensor of `shape` be broadcast to `target` (its gradient then summed back)?"""
    try:
        return np.broadcast_shapes(shape, target) == tuple(target)
    except ValueError:
        return False


__all__ = ["FunctionNode"]
