"""torch.autograd.Function in gradcli.library, with Function subclasses written in Python: the
node its apply records, ctx, and the checks of what backward returns."""
from __future__ import annotations

import pytest

from gradcli.engine import factories, no_grad
from gradcli.library.function import Function


class Cube(Function):
    @staticmethod
    def forward(ctx, x, scale=1.0):
        ctx.save_for_backward(x)
        ctx.scale = scale
        return x ** 3 * scale

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 3 * x ** 2 * g * ctx.scale, None


def leaf(*values):
    return factories.tensor(list(values), requires_grad=True)


def test_apply_records_one_node_named_after_the_class():
    x = leaf(1.0, 2.0)
    y = Cube.apply(x, 2.0)
    node = y.grad_fn
    assert node.name() == "CubeBackward"
    assert repr(y) == "tensor([ 2., 16.], grad_fn=<CubeBackward>)"
    assert repr(node).startswith("<torch.autograd.function.CubeBackward object at 0x")
    assert node.next_functions[0][0].variable is x and len(node.next_functions) == 1
    assert node.needs_input_grad == (True, False) and node.scale == 2.0
    y.sum().backward()
    assert x.grad.tolist() == [6.0, 24.0]


def test_forward_runs_without_grad_mode_and_outputs_need_an_input_that_requires_grad():
    seen = []

    class Probe(Function):
        @staticmethod
        def forward(ctx, x):
            seen.append(x.requires_grad and (x * 1).requires_grad)
            return x * 1
    assert Probe.apply(leaf(1.0)).requires_grad and seen == [False]
    assert Probe.apply(factories.ones(1)).grad_fn is None
    with no_grad():
        assert Probe.apply(leaf(1.0)).grad_fn is None


def test_saved_tensors_are_freed_by_backward():
    y = Cube.apply(leaf(2.0))
    assert [t.tolist() for t in y.grad_fn.saved_tensors] == [[2.0]]
    y.backward()
    with pytest.raises(RuntimeError, match="Trying to backward through the graph a second time"):
        y.grad_fn.saved_tensors


class Returns(Function):
    """backward returns whatever the test put in `result` (a function of the gradient)."""
    result = staticmethod(lambda g: g)

    @staticmethod
    def forward(ctx, x, k=1):
        return x * k

    @staticmethod
    def backward(ctx, g):
        return Returns.result(g)


RETURNED = [
    (lambda g: (g, g, g), "function ReturnsBackward returned an incorrect number of gradients "
                          "(expected 2, got 3)"),
    (lambda g: (g, g), "function ReturnsBackward returned a gradient different than None at "
                       "position 2, but the corresponding forward input was not a Variable"),
    (lambda g: ("no", None), "expected Variable or None (got str)"),
    (lambda g: (factories.ones(5), None), "Function ReturnsBackward returned an invalid "
                                          "gradient at index 0 - got [5] but expected shape "
                                          "compatible with [2]"),
]


@pytest.mark.parametrize("result, text", RETURNED)
def test_what_backward_returns_is_checked(result, text):
    Returns.result = staticmethod(result)
    with pytest.raises(RuntimeError) as caught:
        Returns.apply(leaf(1.0, 2.0), 3).sum().backward()
    assert str(caught.value) == text


@pytest.mark.parametrize("result, grad", [
    (lambda g: (g, None, None, None), [1.0, 1.0]),            # extra Nones are dropped
    (lambda g: (factories.ones(4, 2), None), [4.0, 4.0]),     # a broadcast gradient is summed
    (lambda g: (g.double() * 3, None), [3.0, 3.0]),           # and cast to the input's dtype
])
def test_gradients_pytorch_accepts(result, grad):
    Returns.result = staticmethod(result)
    x = leaf(1.0, 2.0)
    Returns.apply(x, 3).sum().backward()
    assert x.grad.tolist() == grad and x.grad.dtype is x.dtype


def test_two_outputs_share_a_node_and_a_missing_gradient_is_zeros():
    got = []

    class Both(Function):
        @staticmethod
        def forward(ctx, x):
            return x * 2, x * 3

        @staticmethod
        def backward(ctx, a, b):
            got.append(b.tolist())
            return a + b
    x = leaf(1.0)
    a, b = Both.apply(x)
    assert a.grad_fn is b.grad_fn and a.grad_fn.n_outputs == 2
    a.sum().backward()
    assert got == [[0.0]] and x.grad.tolist() == [1.0]


def test_ctx_exposes_only_its_own_attributes():
    from gradcli.interpret import attributes, builtins  # noqa: F401  (registers the table)
    y = Cube.apply(leaf(1.0), 2.0)
    node = y.grad_fn
    assert attributes.get_attribute(node, "scale") == 2.0
    for name in ("op", "_saved", "params", "shapes", "read", "__dict__"):
        with pytest.raises(AttributeError):
            attributes.get_attribute(node, name)
    with pytest.raises(AttributeError):
        attributes.set_attribute(node, "_saved", {})


def test_instances_are_refused_as_pytorch_refuses_them():
    with pytest.warns(DeprecationWarning, match="should not be instantiated"):
        legacy = Cube()
    with pytest.raises(RuntimeError, match="Legacy autograd function with non-static forward"):
        legacy(leaf(1.0))
