"""A dry run of backward: what each node receives, sends on, and would leave in a leaf's .grad."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .backward import BackwardPass, _as_tuple, _root_grads
from .graph import AccumulateGrad
from .tensor import Tensor


@dataclass(frozen=True, slots=True)
class Term:
    """One gradient arriving at a node's output, sent by input `slot` of `source`.

    `source` is None (and `slot` 0) for the gradient the pass starts with.
    """
    source: object
    slot: int
    grad: Tensor


@dataclass(frozen=True, slots=True)
class Step:
    """One node as the engine runs it.

    `received[nr]` lists the terms that arrived at output `nr`, in arrival order, before the
    engine summed them into `grads[nr]`; `sent[i]` is the gradient passed to
    `node.next_functions[i]` (None: a constant, or nothing to send); `lands` is what an
    AccumulateGrad would leave in its leaf's `.grad` (None for other nodes).
    """
    node: object
    received: tuple[tuple[Term, ...], ...]
    grads: tuple
    sent: tuple
    lands: Tensor | None


def trace(tensors, grad_tensors=None) -> list[Step]:
    """The backward pass of `tensors` (as `backward(tensors, grad_tensors)`), changing nothing.

    Built on the engine's own BackwardPass in dry mode: no `.grad` is written, no saved value is
    freed, so the steps are the very computations a real backward would do, in its order.
    """
    outputs = _as_tuple(tensors)
    grads = _root_grads(outputs, grad_tensors)
    roots = [(t._edge(), g) for t, g in zip(outputs, grads)]
    arrived: dict = {}
    for (node, nr), g in roots:
        _arrive(arrived, node, nr, Term(None, 0, g))
    steps: list[Step] = []

    def observe(node, grads_in, outs) -> None:
        terms = arrived.pop(node, {})
        received = tuple(tuple(terms.get(nr, ())) for nr in range(len(grads_in)))
        lands = _landing(node.variable, grads_in[0]) if isinstance(node, AccumulateGrad) else None
        steps.append(Step(node, received, tuple(grads_in), tuple(outs), lands))
        for slot, ((nxt, nr), g) in enumerate(zip(node.next_functions, outs)):
            if nxt is not None and g is not None:
                _arrive(arrived, nxt, nr, Term(node, slot, g))

    BackwardPass(roots, keep_graph=True, create_graph=False, observe=observe, dry=True).run()
    return steps


def _arrive(arrived: dict, node, nr: int, term: Term) -> None:
    if node is not None:
        arrived.setdefault(node, {}).setdefault(nr, []).append(term)


def _landing(leaf: Tensor, g: Tensor | None) -> Tensor | None:
    """What `.grad` would hold after accumulating `g`, computed as the engine accumulates."""
    have = leaf._grad
    if g is None:
        return have
    if have is None:
        return Tensor._make(np.array(g._data, dtype=leaf._data.dtype, copy=True))
    return Tensor._make(np.add(have._data, g._data).astype(have._data.dtype, copy=False))
