"""backward() and grad(): one pass over the graph, nodes in decreasing sequence number."""
from __future__ import annotations

import heapq
import re
import warnings
from typing import Callable, Sequence

import numpy as np

from . import grad_mode, zeros
from .arguments import type_name
from .dispatch import apply
from .graph import AccumulateGrad
from .hooks import apply_hooks, run_post_hooks, run_pre_hooks
from .ops import xp
from .ops.xp import ARRAY_VIEW, CURRENT
from .ops.inplace import COPY, dense
from .ops.pointwise import relaid, shapes_error
from .ops.registry import export
from .tensor import Size, Tensor

CREATE_GRAPH_WARNING = (
    "Using backward() with create_graph=True will create a reference cycle between the parameter "
    "and its gradient which can cause a memory leak. We recommend using autograd.grad when "
    "creating the graph to avoid this. If you have to use this function, make sure to reset the "
    ".grad fields of your parameters to None after use to break the cycle and avoid the leak. "
    "(Triggered internally at /__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1307.)")


def _as_tuple(x) -> tuple:
    if isinstance(x, Tensor):
        return (x,)
    if x is None:
        return ()
    try:
        return tuple(x)
    except TypeError as e:   # inputs=0: Python's refusal, as torch.autograd's tuple(inputs)
        raise TypeError(str(e)) from None


def _root_grads(outputs: tuple, grads) -> list:
    """Check or create each output's starting gradient, as torch.autograd._make_grads does."""
    if grads is None:
        grads = (None,) * len(outputs)
    elif isinstance(grads, Tensor):
        grads = (grads,)
    elif not isinstance(grads, (tuple, list)):
        try:
            iter(grads)
        except TypeError:
            raise TypeError(f"'{type_name(grads)}' object is not iterable") from None
        grads = tuple(grads)
    if len(grads) != len(outputs):
        raise RuntimeError(f"grad requires one gradient per output: got {len(grads)} gradients "
                           f"for {len(outputs)} outputs")
    out = []
    for i, (t, g) in enumerate(zip(outputs, grads)):
        if not isinstance(t, Tensor):
            raise TypeError(f"expected a Tensor, got {type(t).__name__}")
        if g is None:
            if t.requires_grad and t._data.size != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
            if t.requires_grad:
                g = Tensor._make(np.ones_like(t._data))
        elif not isinstance(g, Tensor):
            raise TypeError(f"gradients can be either Tensors or None, but got "
                            f"{type_name(g)}")
        else:
            if g._data.shape != t._data.shape:
                raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of "
                                   f"{Size(g._data.shape)!r} and output[{i}] has a shape of "
                                   f"{Size(t._data.shape)!r}.")
            if g.dtype is not t.dtype:
                g = g.to(t.dtype)
        out.append(g)
    for i, t in enumerate(outputs):
        if not t.requires_grad:
            raise RuntimeError(f"element {i} of tensors does not require grad and does not "
                               f"have a grad_fn")
    return out


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph: bool = False,
             inputs=None) -> None:
    outputs = _as_tuple(tensors)
    grads = _root_grads(outputs, grad_tensors)
    if create_graph:
        warnings.warn(CREATE_GRAPH_WARNING, UserWarning, stacklevel=2)
    keep = create_graph if retain_graph is None else retain_graph
    roots = [(t._edge(), g) for t, g in zip(outputs, grads)]
    only = None if inputs is None else [t._edge() for t in _checked_inputs(inputs)]
    BackwardPass(roots, keep, create_graph, capture=only, accumulate=True).run()


def _checked_inputs(inputs) -> tuple:
    """backward()'s `inputs`, checked as torch.autograd.backward checks them."""
    inputs = _as_tuple(inputs)
    if not inputs:
        raise RuntimeError("`inputs` argument to `backward()` cannot be empty.")
    for t in inputs:
        if not isinstance(t, Tensor):
            raise RuntimeError(f"all inputs have to be Tensors or GradientEdges, but got "
                               f"{type(t).__name__}")
    return inputs


@export("backward", torch=False)
def tensor_backward(self, gradient=None, retain_graph=None, create_graph: bool = False,
                    inputs=None) -> None:
    """Tensor.backward: backward() from one tensor."""
    backward((self,), gradient, retain_graph, create_graph, inputs=inputs)


ONLY_INPUTS = ("only_inputs argument is deprecated and is ignored now (defaults to True). To "
               "accumulate gradient for other parts of the graph, please use "
               "torch.autograd.backward.")


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph: bool = False,
         only_inputs: bool = True, allow_unused=None, is_grads_batched: bool = False,
         materialize_grads: bool = False):
    if not only_inputs:
        warnings.warn(ONLY_INPUTS, FutureWarning, stacklevel=2)
    outputs = _as_tuple(outputs)
    inputs_t = _as_tuple(inputs)
    for t in inputs_t:
        if not isinstance(t, Tensor):
            raise TypeError(f"expected a Tensor as input, got {type(t).__name__}")
    grads = _root_grads(outputs, grad_outputs)
    # the engine checks the outputs' graph (in _root_grads), then the inputs
    if not all(t.requires_grad for t in inputs_t):
        raise RuntimeError("One of the differentiated Tensors does not require grad")
    keep = create_graph if retain_graph is None else retain_graph
    roots = [(t._edge(), g) for t, g in zip(outputs, grads)]
    edges = [t._edge() for t in inputs_t]
    found = BackwardPass(roots, keep, create_graph, capture=edges, accumulate=False).run()
    result = []
    for i, (t, e) in enumerate(zip(inputs_t, edges)):
        g = found.get(e)
        if g is None:
            if materialize_grads:
                g = Tensor._make(np.zeros_like(t._data))
            elif not allow_unused:
                raise RuntimeError(f"The differentiated Tensor at index {i} appears to not have "
                                   f"been used in the graph. Set allow_unused=True if this is the "
                                   f"desired behavior.")
        result.append(g)
    return tuple(result)


class BackwardPass:
    """One backward pass over the graph reachable from `roots`.

    Nodes run in decreasing sequence number, as PyTorch's engine orders its ready nodes. A node
    is made after every node it takes input from, so its number is higher than theirs: when a
    node runs, every node that can send it a gradient has run already, and no dependency count
    over the graph is needed. A node is scheduled when the first edge into it is followed.
    `capture` lists edges whose gradients are returned instead of accumulated (autograd.grad);
    then only nodes leading to them compute gradients. `observe`, when given, is told each
    node's gradients in and out (explain's narration); `dry` runs change no `.grad` and free
    nothing.

    A pass that records no graph (create_graph off) carries gradients as NumPy arrays and runs
    the rows' derivatives on them; a tensor is made only for what leaves the pass (`.grad`,
    captured gradients, what `observe` is told). One that records a graph runs the same
    derivatives on tensors.
    """

    def __init__(self, roots, keep_graph: bool, create_graph: bool, capture=None,
                 accumulate: bool = True, observe: Callable | None = None, dry: bool = False):
        self.roots = roots
        self.keep = keep_graph or dry
        self.create = create_graph
        self.capture = capture
        self.accumulate = accumulate and not dry
        self.observe = observe
        self.dry = dry

    def run(self) -> dict:
        with grad_mode._Mode(self.create):
            return self._run()

    def _run(self) -> dict:
        targets = needed = None
        if self.capture is not None:
            targets = {e for e in self.capture if e[0] is not None}
            needed = _needed(_dependencies(self.roots), {n for n, _ in targets})
        arrays = not self.create
        out = _tensors if arrays else _same
        # a node's buffer (one slot per output) exists from when it is scheduled; sequence
        # numbers are unique, so the heap never compares two nodes
        buffers: dict = {}
        ready: list = []
        heappop, heappush, take = heapq.heappop, heapq.heappush, buffers.pop
        for (node, nr), g in self.roots:
            if node is not None:
                if node not in buffers:
                    heappush(ready, (-node._seq, node))
                _add(buffers, node, nr, g._data if arrays else g)
        found: dict = {}
        call = self._call_arrays if arrays else self._call
        observe, keep, dry = self.observe, self.keep, self.dry
        made, before = zeros.MADE, zeros.MADE[0]
        stolen: dict = {}   # the 0-d gradients leaves took as they came (_first_grad)
        while ready:
            node = heappop(ready)[1]
            grads = take(node)
            efficient = made[0] != before and zeros.among(grads)   # sgn's, see engine/zeros
            if efficient:
                given, grads = grads, zeros.plain(grads)
            hooks = node._hooks if not dry else None
            if hooks:   # the tensors' hooks see the gradient first: what they return goes on
                grads = apply_hooks(hooks, grads, arrays)
            if targets is not None:
                for nr, g in enumerate(grads):
                    if (node, nr) in targets and g is not None:
                        found[(node, nr)] = out([g])[0]
            if type(node) is AccumulateGrad:
                if self.accumulate and grads[0] is not None:
                    _accumulate(node.variable, grads[0], self.create, stolen)
                if observe:
                    observe(node, out(grads), ())
                continue
            if node._retained and not dry:
                _retain(node, out(grads))
            if node._pre_hooks and not dry:
                grads = run_pre_hooks(node._pre_hooks, grads, arrays)
            try:
                outs = call(node, grads, needed)
                if efficient:
                    outs = zeros.passed(node, given, outs)
            except ValueError as e:
                raise _swapped_data_error(node, e) from None
            if node._post_hooks and not dry:
                outs = run_post_hooks(node._post_hooks, outs, grads, arrays)
            if observe:
                observe(node, out(grads), out(outs))
            if not keep and node._saved:
                node._saved = None   # the saved values are freed as the pass goes
            for (nxt, nr), g in zip(node.next_functions, outs):
                if nxt is not None:
                    slot = buffers.get(nxt)
                    if slot is None:   # _add, inline: this loop is the pass's hot path
                        slot = buffers[nxt] = [None] * nxt.n_outputs
                        heappush(ready, (-nxt._seq, nxt))
                    if g is not None:
                        have = slot[nr]
                        if have is None:
                            slot[nr] = g
                        elif made[0] == before:
                            total = have + g
                            if type(total) is np.ndarray and total.ndim > 1 \
                                    and not have.flags.c_contiguous:
                                total = _laid_out_as_summed(total, have, g)
                            slot[nr] = total
                        else:   # an efficient zero may be one of them
                            slot[nr] = zeros.accumulate(have, g, self.create)
        return found

    def _call(self, node, grads: list, needed) -> list:
        """The gradient for each input of `node`: the op row's derivative, unbroadcast and cast."""
        outs = [None] * len(node.next_functions)
        if all(g is None for g in grads):
            return outs
        if node.custom:
            return node.run_backward(grads)
        node.check_versions()
        g = grads[0] if node.n_outputs == 1 else list(grads)
        derivs = node.op.derivs
        for i in _derivative_order(node.op, len(node.next_functions)):
            nxt = node.next_functions[i][0]
            if nxt is None or (needed is not None and nxt not in needed):
                continue
            gi = _derivative(node, i, derivs[i].fn(node, g))
            if gi is None:
                continue
            shape = node.shapes[i]
            if gi._data.shape != shape:
                gi = gi.sum_to_size(shape)
            dt = node.dtypes[i]
            if dt is not None and gi.dtype is not dt:
                gi = gi.to(dt)
            outs[i] = gi
        return outs

    def _call_arrays(self, node, grads: list, needed) -> list:
        """_call on NumPy arrays: the node is read through `ARRAY_VIEW`, its saved values as
        arrays. A rule that reads an input of another dtype than the gradient's runs on tensors
        (recording nothing), since NumPy promotes mixed dtypes otherwise than PyTorch does."""
        outs = [None] * len(node.next_functions)
        if node.custom:   # a Python backward, given tensors
            if all(g is None for g in grads):
                return outs
            return [None if g is None else g._data for g in node.run_backward(_tensors(grads))]
        if node.n_outputs == 1:
            g = grads[0]
            if g is None:
                return outs
            dtype = g.dtype
            plain = True
        else:
            if all(g is None for g in grads):
                return outs
            g = grads
            dtype = next(x for x in grads if x is not None).dtype
            plain = all(x is None or x.dtype == dtype for x in grads)
        node.check_versions()
        op = node.op
        derivs, reads, dtypes = op.derivs, op.reads, node.dtypes
        CURRENT[0] = node
        for i, (nxt, _) in enumerate(node.next_functions):
            if nxt is None or (needed is not None and nxt not in needed):
                continue
            fn = derivs[i].fn
            arrays = plain
            for k in reads[i]:
                dt = dtypes[k]
                if dt is not None and dt.np is not dtype and dt.np != dtype:
                    arrays = False
            if arrays:
                gi = fn(ARRAY_VIEW, g)
                if gi is None:
                    continue
                if type(gi) is not np.ndarray:
                    gi = _array(node, i, gi)
            else:
                gt = _tensors([g])[0] if node.n_outputs == 1 else _tensors(g)
                gi = _derivative(node, i, fn(node, gt))
                if gi is None:
                    continue
                gi = gi._data
            shape = node.shapes[i]
            if gi.shape != shape:
                gi = xp.sum_to_size(gi, shape)
            dt = dtypes[i]
            if dt is not None and gi.dtype is not dt.np and gi.dtype != dt.np:
                gi = gi.astype(dt.np)
            outs[i] = gi
        return outs


_NOT_BROADCAST = re.compile(r"operands could not be broadcast together with shapes "
                            r"\(([\d, ]*)\) \(([\d, ]*)\)")


def _swapped_data_error(node, error: ValueError) -> Exception:
    """A rule's NumPy broadcasting error, when a value it saved had its `.data` replaced by one
    of another shape since: PyTorch's kernel meets the same shapes and says so in its words (the
    gradient is operand a, the saved value b). Anything else stays the bug it is."""
    found = _NOT_BROADCAST.match(str(error))
    saved = [v for v, _, _ in (node._saved or {}).values() if isinstance(v, Tensor)]
    if found is None or all(v._data.shape in node.shapes for v in saved):
        return error
    a, b = (tuple(int(n) for n in group.replace(",", " ").split()) for group in found.groups())
    return shapes_error(a, b)


def _array(node, i: int, gi) -> np.ndarray:
    """A rule's result on arrays: 0-d arithmetic gives NumPy scalars, which become arrays."""
    if type(gi) is zeros.Zeros:
        return gi
    if not isinstance(gi, np.generic):
        raise TypeError(f"the derivative of {node.name()} for input {i} is not an array")
    return np.asarray(gi)


_ORDERS: dict = {}


def _derivative_order(op, inputs: int):
    """The order in which PyTorch's generated backward computes an op's input gradients: by the
    inputs' names (load_derivatives sorts derivatives.yaml's keys: `other` before `self`). A
    backward that records a graph makes its nodes in that order, and their sequence numbers
    order the next backward, and so the sums of its gradients (x / (x * 1)'s second
    derivative). An op of a list of inputs keeps their order."""
    key = (op, inputs)
    order = _ORDERS.get(key)
    if order is None:
        names = op.args if len(op.args) == inputs else ("",) * inputs
        order = _ORDERS[key] = sorted(range(inputs), key=names.__getitem__)
    return order


def _derivative(node, i: int, gi):
    if gi is not None and not isinstance(gi, Tensor):
        raise TypeError(f"the derivative of {node.name()} for input {i} is not a tensor")
    return gi


def _tensors(grads) -> list:
    """Gradients carried as arrays (or NumPy scalars, which 0-d arithmetic gives), as tensors."""
    return [None if g is None else Tensor._make(g if type(g) is np.ndarray else np.asarray(g))
            for g in grads]


def _same(grads):
    return grads


def _laid_out_as_summed(total: np.ndarray, old: np.ndarray, new: np.ndarray) -> np.ndarray:
    """old + new in the layout InputBuffer::accumulate gives it when no graph is recorded:
    old.add_(new) when old is dense, else new.add_(old) when new is (an expanded gradient
    takes the other's layout), else TensorIterator's for old + new (NumPy's add takes C order
    where the two disagree)."""
    if not dense(old) and dense(new):
        return relaid(total, new, old)
    return relaid(total, old, new)


def _add(buffers: dict, node, nr: int, g) -> None:
    """Sum the gradients arriving at one output of `node` (fan-in); never in place, since a
    gradient may be another's very object (the derivative of a + b passes g on twice)."""
    slot = buffers.get(node)
    if slot is None:
        slot = buffers[node] = [None] * node.n_outputs
    have = slot[nr]
    slot[nr] = g if have is None else have + g


def _dependencies(roots) -> dict:
    """How many edges lead into each node reachable from the roots (the roots: 0 more)."""
    deps: dict = {}
    stack = []
    for (node, _), _g in roots:
        if node is not None and node not in deps:
            deps[node] = 0
            stack.append(node)
    push, pop, get = stack.append, stack.pop, deps.get
    while stack:
        for nxt, _ in pop().next_functions:
            if nxt is not None:
                n = get(nxt)
                if n is None:
                    deps[nxt] = 1
                    push(nxt)
                else:
                    deps[nxt] = n + 1
    return deps


def _needed(deps: dict, targets: set) -> set:
    """The nodes on some path to a target: only they run for autograd.grad."""
    remaining = dict(deps)
    topo = []
    ready = [n for n, count in deps.items() if count == 0]
    while ready:
        n = ready.pop()
        topo.append(n)
        for nxt, _ in n.next_functions:
            if nxt is not None:
                remaining[nxt] -= 1
                if remaining[nxt] == 0:
                    ready.append(nxt)
    needed = set()
    for n in reversed(topo):
        if n in targets or any(nxt in needed for nxt, _ in n.next_functions if nxt is not None):
            needed.add(n)
    return needed


def _accumulate(leaf: Tensor, g, create_graph: bool, stolen: dict) -> None:
    """Add a gradient into a leaf's .grad: a tensor when the pass records a graph, else an
    array."""
    have = leaf._grad
    if create_graph:
        if have is None:
            # clone_obey_contract: new_empty_strided(...).copy_(g), an in-place write (version 1)
            leaf._grad = apply(COPY, (Tensor._make(np.zeros_like(leaf._data)), g))
            leaf._grad._version_counter.value += 1
        else:
            leaf._grad = have + g
        return
    if have is None:
        leaf._grad = _first_grad(leaf, g, stolen)
    elif not have._data.flags.writeable:
        leaf._grad = (have + _tensors([g])[0]).detach()
    else:
        # AccumulateGrad's `variable_grad += new_grad` with grad mode off: the same tensor,
        # even one a create_graph pass left with a history (which it keeps)
        np.add(have._data, g, out=have._data, casting="unsafe")
        have._version_counter.value += 1


def _first_grad(leaf: Tensor, g, stolen: dict) -> Tensor:
    """A leaf's first .grad. AccumulateGrad keeps the incoming gradient itself when nothing else
    holds it and it obeys the layout contract, as any 0-d one does: 0-d gradients that are
    views of one element (unbind of an expanded gradient: stack's backward under sum's) make
    .grads that share it, so a later backward adds into it once per leaf (stack([a, b]).sum()
    backwarded twice gives both leaves 3). One gradient handed to several leaves (add's) is
    kept by one of them and copied by the others (PyTorch: the last in edge order keeps it;
    here the first whose AccumulateGrad runs, the same one for `a + b`)."""
    if leaf._data.ndim or type(g) is not np.ndarray or g.base is None \
            or g.dtype != leaf._data.dtype:
        return Tensor._make(np.array(g, dtype=leaf._data.dtype, copy=True))
    key = g.__array_interface__["data"][0]
    seen = stolen.get(key)
    if seen is None:
        grad = Tensor._make(np.array(g))
        stolen[key] = ([g], grad)   # g kept: its memory is not reused while the pass runs
        return grad
    taken, held = seen
    if any(x is g for x in taken):
        return Tensor._make(np.array(g))
    taken.append(g)
    grad = Tensor._make(held._data)
    grad._version_counter = held._version_counter
    return grad


def _retain(node, grads: list) -> None:
    for ref, nr in node._retained:
        t = ref()
        g = grads[nr]
        if t is None or g is None:
            continue
        t._grad = g.detach().clone() if t._grad is None else (t._grad + g).detach()


__all__: Sequence[str] = ("backward", "grad", "BackwardPass")
