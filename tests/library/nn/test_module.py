"""nn.Module: registration, attribute errors, calling and hooks, traversal, state, repr."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine import Tensor
from gradcli.engine import dtypes as _dt
from gradcli.engine.ops import FUNCTIONS
from gradcli.library.nn import container, linear, module, parameter
from gradcli.library.nn.module import Module
from gradcli.library.nn.parameter import Parameter


def ones(*shape) -> Tensor:
    return Tensor(np.ones(shape, np.float32))


class Net(Module):
    """A program's own module, as a program's class statement makes one."""

    def __init__(self):
        super().__init__()
        self.hidden = linear.Linear(3, 4)
        self.out = linear.Linear(4, 1)
        self.scale = Parameter(ones(1))
        self.register_buffer("steps", ones(1))

    def forward(self, x):
        return self.out(self.hidden(x).relu()) * self.scale


class Unready(Module):
    def __init__(self):
        self.layer = linear.Linear(1, 1)


def test_a_subclass_registers_what_it_assigns():
    net = Net()
    assert list(net._modules) == ["hidden", "out"]
    assert [n for n, _ in net.named_parameters()] == [
        "scale", "hidden.weight", "hidden.bias", "out.weight", "out.bias"]
    assert [n for n, _ in net.named_buffers()] == ["steps"]
    assert net(ones(2, 3)).shape == (2, 1)
    assert repr(net) == ("Net(\n  (hidden): Linear(in_features=3, out_features=4, bias=True)\n"
                         "  (out): Linear(in_features=4, out_features=1, bias=True)\n)")


@pytest.mark.parametrize("action, error, text", [
    (lambda: Unready(), AttributeError, "cannot assign module before Module.__init__() call"),
    (lambda: Module(1), TypeError, "Module.__init__() takes 1 positional argument but 2 were "
                                   "given"),
    (lambda: Module(a=1), TypeError, "Module.__init__() got an unexpected keyword argument 'a'"),
    (lambda: Module()(ones(1)), NotImplementedError,
     'Module [Module] is missing the required "forward" function'),
    (lambda: Net().nothing, AttributeError, "'Net' object has no attribute 'nothing'"),
    (lambda: setattr(Net(), "scale", ones(1)), TypeError,
     "cannot assign 'torch.FloatTensor' as parameter 'scale' (torch.nn.Parameter or None "
     "expected)"),
    (lambda: setattr(Net(), "hidden", 3), TypeError,
     "cannot assign 'int' as child module 'hidden' (torch.nn.Module or None expected)"),
    (lambda: setattr(Net(), "steps", [1]), TypeError,
     "cannot assign 'list' as buffer 'steps' (torch.nn.Buffer, torch.Tensor or None expected)"),
    (lambda: Net().register_parameter("w", ones(1)), TypeError,
     "cannot assign 'torch.FloatTensor' object to parameter 'w' (torch.nn.Parameter or None "
     "required)"),
    (lambda: Net().register_parameter("a.b", None), KeyError, 'parameter name can\'t contain "."'),
    (lambda: Net().register_buffer("", None), KeyError, 'buffer name can\'t be empty string ""'),
    (lambda: Net().register_buffer("out", None), KeyError, "attribute 'out' already exists"),
    (lambda: Net().register_buffer(1, None), TypeError, "buffer name should be a string. Got int"),
    (lambda: Net().add_module("x", 3), TypeError, "int is not a Module subclass"),
    (lambda: Net().add_module("a.b", Module()), KeyError, 'module name can\'t contain ".", got: '
                                                          'a.b'),
    (lambda: Net().register_parameter("p", Parameter(ones(1)) * 2), TypeError,
     "cannot assign 'torch.FloatTensor' object to parameter 'p' (torch.nn.Parameter or None "
     "required)"),
    (lambda: Net().train(1), ValueError, "training mode is expected to be boolean"),
    (lambda: Net().get_submodule("hidden.weight"), AttributeError, "`weight` is not an nn.Module"),
    (lambda: Net().get_submodule("nope"), AttributeError, "Net has no attribute `nope`"),
    (lambda: Net().to(_dt.int64), TypeError, "nn.Module.to only accepts floating point or "
                                            "complex dtypes, but got desired dtype=torch.int64"),
    (lambda: Net().load_state_dict(3), TypeError,
     "Expected state_dict to be dict-like, got <class 'int'>."),
])
def test_errors_carry_pytorch_text(action, error, text):
    with pytest.raises(error) as raised:
        action()
    assert (raised.value.args[0] if error is KeyError else str(raised.value)) == text


def test_assigning_none_or_deleting_unregisters():
    net = Net()
    net.scale = None
    net.out = None
    del net.steps
    assert [n for n, _ in net.named_parameters()] == ["hidden.weight", "hidden.bias"]
    assert [n for n, _ in net.named_buffers()] == [] and net.out is None
    net.note = 1
    del net.note
    with pytest.raises(AttributeError):
        del net.note


def test_a_value_moves_between_kinds():
    net = Net()
    net.hidden = Parameter(ones(2))           # a module name becomes a parameter
    assert "hidden" not in net._modules and net._parameters["hidden"] is net.hidden


def test_traversal_visits_each_module_and_member_once():
    shared = linear.Linear(2, 2)
    seq = container.Sequential(shared, container.Sequential(shared), linear.Linear(2, 1))
    assert len(list(seq.parameters())) == 4
    assert len(list(seq.named_parameters(remove_duplicate=False))) == 6
    assert [n for n, _ in seq.named_modules()] == ["", "0", "1", "2"]
    assert [n for n, _ in seq.named_modules(remove_duplicate=False)] == ["", "0", "1", "1.0", "2"]
    assert [n for n, _ in seq.named_children()] == ["0", "1", "2"]
    assert [n for n, _ in seq.named_parameters("m", recurse=False)] == []
    assert repr(seq.children()).startswith("<generator object Module.children at 0x")


def test_hooks_run_in_order_and_can_replace_values():
    lin = linear.Linear(1, 1, bias=False)
    lin.weight.data = Tensor(np.array([[2.0]], np.float32))
    calls = []
    lin.register_forward_pre_hook(lambda m, args: (args[0] + 1,))
    lin.register_forward_hook(lambda m, args, out: calls.append("second"))
    first = lin.register_forward_hook(lambda m, args, out: calls.append("first"), prepend=True)
    lin.register_forward_hook(lambda m, args, kwargs, out: out * 10, with_kwargs=True)
    assert lin(ones(1, 1)).item() == 40.0 and calls == ["first", "second"]
    first.remove()
    lin(ones(1, 1))
    assert calls == ["first", "second", "second"]


def test_an_always_call_hook_runs_when_forward_fails():
    lin = linear.Linear(2, 1)
    seen = []
    lin.register_forward_hook(lambda m, a, out: seen.append(out), always_call=True)
    with pytest.raises(RuntimeError, match="mat1 and mat2 shapes cannot be multiplied"):
        lin(ones(1, 3))
    assert seen == [None]


def test_state_dict_round_trip_and_incompatible_keys():
    net, other = Net(), Net()
    state = net.state_dict()
    assert list(state) == ["scale", "steps", "hidden.weight", "hidden.bias", "out.weight",
                           "out.bias"]
    assert not state["scale"].requires_grad and state._metadata[""] == {"version": 1}
    assert repr(other.load_state_dict(state)) == "<All keys matched successfully>"
    assert np.array_equal(other.out.weight._data, net.out.weight._data)
    state.pop("steps")
    state["extra"] = ones(1)
    result = other.load_state_dict(state, strict=False)
    assert (result.missing_keys, result.unexpected_keys) == (["steps"], ["extra"])
    assert repr(result) == "_IncompatibleKeys(missing_keys=['steps'], unexpected_keys=['extra'])"
    with pytest.raises(RuntimeError) as raised:
        other.load_state_dict(state)
    assert str(raised.value) == ('Error(s) in loading state_dict for Net:\n\tMissing key(s) in '
                                 'state_dict: "steps". \n\tUnexpected key(s) in state_dict: '
                                 '"extra". ')


def test_conversions_keep_the_parameter_objects():
    net = Net()
    weight = net.hidden.weight
    net(ones(1, 3)).sum().backward()
    net.double()
    assert net.hidden.weight is weight and weight.dtype is _dt.float64
    assert weight.grad.dtype is _dt.float64 and net.steps.dtype is _dt.float64
    net.type("torch.FloatTensor")
    assert weight.dtype is _dt.float32


def test_zero_grad_and_requires_grad_():
    net = Net()
    net(ones(1, 3)).sum().backward()
    net.zero_grad(set_to_none=False)
    assert net.out.bias.grad.tolist() == [0.0]
    net.zero_grad()
    assert net.out.bias.grad is None
    net.requires_grad_(False)
    assert not any(p.requires_grad for p in net.parameters())


@pytest.mark.parametrize("value, name", [
    (ones(1), "torch.FloatTensor"), (Tensor(np.ones(1, np.int64)), "torch.LongTensor"),
    (3, "int"), ([1], "list"), (linear.Linear(1, 1), "torch.nn.modules.linear.Linear"),
    (FUNCTIONS["add"], "torch._VariableFunctionsClass.add"),
])
def test_typename(value, name):
    assert parameter.typename(value) == name


def test_addindent_leaves_blank_lines_empty():
    assert module.addindent("a\nb\n\nc", 2) == "a\n  b\n\n  c"
    assert module.addindent("one line", 4) == "one line"
