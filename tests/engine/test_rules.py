"""Every derivative rule, written once, gives the same bits on arrays as on tensors.

A backward that records no graph runs the rules on NumPy arrays; one that records (create_graph)
runs them on tensors (engine/ops/xp.py). For every gradient case of tests/engine/opinfo.py,
in float64 and float32, each node's rules run both ways on the gradient the node received, and
must agree in dtype, shape and bits; each rule reads only the saved values it declares, and
reads each of them in some case. Every differentiable row of the table is walked.
"""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine import Tensor, grad
from gradcli.engine import graph as graph_module
from gradcli.engine.backward import BackwardPass
from gradcli.engine.graph import AccumulateGrad
from gradcli.engine.grad_mode import _Mode
from gradcli.engine.ops import ROWS
from gradcli.engine.ops import xp
from gradcli.engine.ops.xp import ARRAY_VIEW, CURRENT

from . import opinfo


CASES = [c[:4] for c in opinfo.cases("CASES", "BRANCHES", "ZERO_CASES")]
DTYPES = [np.float64, np.float32]


def _received(out: Tensor) -> list:
    """(node, incoming gradients as arrays) for every node a backward from `out` runs."""
    seen = []

    def observe(node, grads_in, grads_out):
        if type(node) is not AccumulateGrad:
            seen.append((node, [None if g is None else g._data for g in grads_in]))
    g = Tensor._make(np.random.default_rng(7).uniform(-1, 1, out._data.shape)
                     .astype(out._data.dtype))
    BackwardPass([(out._edge(), g)], keep_graph=True, create_graph=False, observe=observe,
                 dry=True).run()
    return seen


class Reads:
    """The saved values the watched node gives out (CopySlices reads another node's too)."""

    def __init__(self, monkeypatch):
        self.node = None
        self.names: set = set()
        monkeypatch.setattr(graph_module.Node, "read", self._watch(graph_module.Node.read))
        monkeypatch.setattr(xp._ArrayView, "__getattribute__", self._watch_view(
            xp._ArrayView.__getattribute__))

    def _watch(self, original):
        def watched(node, name):
            if node is self.node:
                self.names.add(name)
            return original(node, name)
        return watched

    def _watch_view(self, original):
        # a rule on arrays reads the node in CURRENT through ARRAY_VIEW: its saved values are
        # the names that are neither a parameter nor a field of the node
        def watched(view, name):
            node = CURRENT[0]
            if node is self.node and name not in node.params and name not in xp._NODE_FIELDS:
                self.names.add(name)
            return original(view, name)
        return watched


def _on_arrays(node, i, grads) -> bool:
    """Whether a pass without a graph runs rule i on arrays (BackwardPass._call_arrays)."""
    dtype = next(g for g in grads if g is not None).dtype
    return all(g is None or g.dtype == dtype for g in grads) and all(
        node.dtypes[k] is None or node.dtypes[k].np == dtype for k in node.op.reads[i])


def _both_ways(node, i, grads):
    """Rule i of `node` on arrays (as a pass without a graph runs it) and on tensors."""
    fn = node.op.derivs[i].fn
    g = grads[0] if node.n_outputs == 1 else grads
    CURRENT[0] = node
    on_arrays = fn(ARRAY_VIEW, g)
    tensors = [None if x is None else Tensor._make(x) for x in grads]
    with _Mode(True):
        on_tensors = fn(node, tensors[0] if node.n_outputs == 1 else tensors)
    return on_arrays, on_tensors


READS: dict = {}      # (grad_fn, input) -> the saved values a rule was seen reading
WALKED: set = set()   # grad_fn names whose rules ran both ways


@pytest.mark.parametrize("dtype", DTYPES, ids=["float64", "float32"])
@pytest.mark.parametrize("name, f, shapes, domain", CASES, ids=[c[0] for c in CASES])
def test_rule_gives_the_same_bits_on_arrays_and_on_tensors(name, f, shapes, domain, dtype,
                                                           monkeypatch):
    rng = np.random.default_rng(0)
    inputs = [Tensor(rng.uniform(*domain, size=s).astype(dtype), requires_grad=True)
              for s in shapes]
    reads = Reads(monkeypatch)
    for node, grads in _received(f(*inputs)):
        if all(g is None for g in grads) or node.op.grad_fn.endswith("NotImplemented"):
            continue
        for i, (nxt, _) in enumerate(node.next_functions):
            if nxt is None or not _on_arrays(node, i, grads):
                continue
            reads.node, reads.names = node, set()
            on_arrays, on_tensors = _both_ways(node, i, grads)
            # index tensors the row keeps beside its save plan (indexing's _keep) may be read too
            kept = set(node.saved_names()) - node.op.saved_names
            assert reads.names <= set(node.op.derivs[i].uses) | kept, (node.name(), i, reads.names)
            READS.setdefault((node.name(), i), set()).update(reads.names)
            WALKED.add(node.name())
            if on_tensors is None:
                assert on_arrays is None
                continue
            # the pass on arrays computes on arrays: no rule falls back to tensors there
            assert isinstance(on_arrays, (np.ndarray, np.generic)), (node.name(), i)
            got, want = np.asarray(on_arrays), on_tensors._data
            assert (got.dtype, got.shape) == (want.dtype, want.shape), (node.name(), i)
            assert got.tobytes() == want.tobytes(), (node.name(), i)


def test_every_row_was_walked_and_every_declared_value_read():
    # runs after the cases above (pytest keeps a module's order: -p no:randomly, as CI)
    if not WALKED:
        pytest.skip("run with the cases above")
    rows = {n for n in ROWS if not n.endswith("NotImplemented")}
    assert sorted(rows - WALKED) == []
    declared = {key: set(ROWS[key[0]].derivs[key[1]].uses) for key in READS if key[0] in ROWS}
    assert sorted((key, uses - READS[key]) for key, uses in declared.items()
                  if uses - READS[key]) == []


@pytest.mark.parametrize("name, f, shapes, domain", CASES, ids=[c[0] for c in CASES])
def test_backward_with_and_without_a_graph_agree(name, f, shapes, domain):
    # the whole pass: arrays when no graph is recorded, tensors under create_graph
    rng = np.random.default_rng(1)
    inputs = [Tensor(rng.uniform(*domain, size=s).astype(np.float32), requires_grad=True)
              for s in shapes]
    out = f(*inputs)
    v = Tensor._make(rng.uniform(-1, 1, out._data.shape).astype(out._data.dtype))
    plain = grad(out, inputs, v, retain_graph=True, allow_unused=True)
    graphed = grad(out, inputs, v, create_graph=True, allow_unused=True)
    for a, b in zip(plain, graphed):
        assert (a is None) == (b is None)
        if a is not None:
            assert a._data.dtype == b._data.dtype
            assert a._data.tobytes() == b._data.tobytes()
