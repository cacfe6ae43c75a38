"""trace(): a dry run of the engine's backward, recorded node by node, that changes nothing."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine import AccumulateGrad, Tensor
from gradcli.engine.factories import ones, tensor
from gradcli.engine.trace import trace


def tutorial():
    x = ones(2, 2, requires_grad=True)
    y = x + 2
    z = y * y * 3
    return x, y, z, z.mean()


def test_steps_follow_the_engine_order():
    x, y, z, out = tutorial()
    steps = trace(out)
    assert [s.node.name() for s in steps] == [
        "MeanBackward0", "MulBackward0", "MulBackward0", "AddBackward0",
        "torch::autograd::AccumulateGrad"]
    assert steps[0].node is out.grad_fn and steps[3].node is y.grad_fn
    assert steps[4].node.variable is x


def test_fan_in_terms_are_kept_before_they_are_summed():
    x, y, z, out = tutorial()
    add = trace(out)[3]
    (terms,) = add.received
    square = z.grad_fn.next_functions[0][0]         # the node of y*y: both its inputs are y
    assert [(t.source, t.slot) for t in terms] == [(square, 0), (square, 1)]
    assert [t.grad.tolist() for t in terms] == [[[2.25, 2.25], [2.25, 2.25]]] * 2
    assert add.grads[0].tolist() == [[4.5, 4.5], [4.5, 4.5]]
    assert add.sent[0].tolist() == [[4.5, 4.5], [4.5, 4.5]] and add.sent[1] is None


def test_the_start_and_what_lands_in_the_leaf():
    x, y, z, out = tutorial()
    steps = trace(out)
    (start,) = steps[0].received[0]
    assert start.source is None and start.grad.tolist() == 1.0
    assert steps[-1].sent == () and steps[-1].lands.tolist() == [[4.5, 4.5], [4.5, 4.5]]
    assert all(s.lands is None for s in steps[:-1])


def test_nothing_changes_and_nothing_is_freed():
    x, y, z, out = tutorial()
    y.retain_grad()
    trace(out)
    trace(out)
    assert x.grad is None and y.grad is None
    assert not any(node.released for node in (z.grad_fn, z.grad_fn.next_functions[0][0]))
    out.backward()
    assert x.grad.tolist() == [[4.5, 4.5], [4.5, 4.5]]
    assert y.grad.tolist() == [[4.5, 4.5], [4.5, 4.5]]


PROGRAMS = {
    "diamond": lambda a, b: ((a * b).exp() + a.sin() * b).sum(),
    "reuse": lambda a, b: (a * a * a + b / a).mean(),
    "broadcast": lambda a, b: (a.reshape(2, 1) * b.reshape(1, 2)).sum(),
}


@pytest.mark.parametrize("name", PROGRAMS)
def test_lands_what_backward_accumulates(name):
    a = tensor([0.5, 1.5], requires_grad=True)
    b = tensor([2.0, -1.0], requires_grad=True)
    a.grad = tensor([1.0, 1.0])     # accumulation adds to what is there
    out = PROGRAMS[name](a, b)
    landed = {s.node.variable: s.lands for s in trace(out) if isinstance(s.node, AccumulateGrad)}
    out.backward()
    assert np.array_equal(landed[a]._data, a.grad._data)
    assert np.array_equal(landed[b]._data, b.grad._data)


def test_a_given_gradient_starts_the_pass():
    a = tensor([1.0, 2.0], requires_grad=True)
    steps = trace(a * a, tensor([1.0, -1.0]))
    assert steps[0].received[0][0].grad.tolist() == [1.0, -1.0]
    assert steps[-1].lands.tolist() == [2.0, -4.0]


@pytest.mark.parametrize("make, message", [
    (lambda: ones(2, requires_grad=True) * 2, "grad can be implicitly created only for scalar"),
    (lambda: ones(2).sum(), "element 0 of tensors does not require grad"),
])
def test_trace_refuses_what_backward_refuses(make, message):
    with pytest.raises(RuntimeError, match=message):
        trace(make())


def test_after_backward_the_freed_graph_says_so():
    x, y, z, out = tutorial()
    out.backward()
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
        trace(out)


def test_a_leaf_traces_to_its_own_accumulator():
    x = Tensor(np.array(3.0), requires_grad=True)
    (step,) = trace(x)
    assert step.node.variable is x and step.lands.tolist() == 1.0


def _row_cases():
    from .opinfo import cases
    return [c[:4] for c in cases("CASES", "ZERO_CASES")]


@pytest.mark.parametrize("name, f, shapes, domain", _row_cases(),
                         ids=[c[0] for c in _row_cases()])
def test_every_row_lands_what_backward_accumulates(name, f, shapes, domain):
    rng = np.random.default_rng(0)
    inputs = [Tensor(rng.uniform(*domain, size=s), requires_grad=True) for s in shapes]
    out = f(*inputs)
    v = Tensor(rng.uniform(-1, 1, size=out.shape))
    landed = {s.node.variable: s.lands for s in trace(out, v) if isinstance(s.node, AccumulateGrad)}
    assert all(t.grad is None for t in inputs)
    out.backward(v)
    for t in inputs:
        if t.grad is not None:
            assert np.array_equal(landed[t]._data, t.grad._data)
