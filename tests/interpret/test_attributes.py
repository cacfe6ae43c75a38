"""The attribute table: one entry per kind of value, found along the class's bases."""
from __future__ import annotations

import pytest

from gradcli.engine.factories import ones
from gradcli.interpret import attributes as T
from gradcli.interpret import builtins as B  # noqa: F401  (registers the language's kinds)
from gradcli.library import LibraryClass


class Layer(LibraryClass):
    """A stand-in for a library class (nn.Module and the like)."""

    def __init__(self) -> None:
        self.weight = 1.0
        self._modules = {}

    def forward(self, x):
        return x


class Net(Layer):
    pass


T.register_user_class(Net)
LIST = [1]


@pytest.mark.parametrize("value, name, expected", [
    (Layer(), "weight", 1.0),
    (Layer(), "_modules", {}),
    (Net(), "weight", 1.0),
    (LIST, "count", LIST.count),
    (Net, "__name__", "Net"),
    (int, "__name__", "int"),
])
def test_readable(value, name, expected):
    assert T.get_attribute(value, name) == expected


@pytest.mark.parametrize("value, name, message", [
    (Layer(), "__dict__", "'Layer' object has no attribute '__dict__'"),
    (Layer(), "__class__.__mro__", "'Layer' object has no attribute '__class__.__mro__'"),
    (Net, "__mro__", "type object 'Net' has no attribute '__mro__'"),
    (Net, "__subclasses__", "type object 'Net' has no attribute '__subclasses__'"),
    (int, "__subclasses__", "type object 'int' has no attribute '__subclasses__'"),
    (int, "from_bytes", "type object 'int' has no attribute 'from_bytes'"),
    (ones(1), "_data", "'Tensor' object has no attribute '_data'"),
    ((1, 2), "__class__", "'tuple' object has no attribute '__class__'"),
    (object(), "x", "'object' object has no attribute 'x'"),
])
def test_refused(value, name, message):
    with pytest.raises(AttributeError) as e:
        T.get_attribute(value, name)
    assert str(e.value) == message


def test_protocol_methods_are_readable_on_open_values():
    net = Net()
    assert T.get_attribute(net, "__init__").__func__ is Layer.__init__
    assert T.get_attribute(Net, "__init__") is Layer.__init__
    assert T.get_attribute(net, "__class__") is Net


@pytest.mark.parametrize("value, name, message", [
    (Layer(), "__dict__", "'Layer' object attribute '__dict__' is read-only"),
    ((1, 2), "count", "'tuple' object attribute 'count' is read-only"),
    ((1, 2), "x", "'tuple' object has no attribute 'x'"),
    (ones(1), "shape", "attribute 'shape' of 'torch._C.TensorBase' objects is not writable"),
    (ones(1), "__x__", "'Tensor' object has no attribute '__x__'"),
    (ones(1), "layout", "attribute 'layout' of 'torch._C.TensorBase' objects is not writable"),
])
def test_assignment_refused(value, name, message):
    with pytest.raises(AttributeError) as e:
        T.set_attribute(value, name, 0)
    assert str(e.value) == message


def test_open_values_take_assignment_and_deletion():
    net = Net()
    T.set_attribute(net, "bias", 2)
    assert T.get_attribute(net, "bias") == 2
    T.delete_attribute(net, "bias")
    with pytest.raises(AttributeError):
        T.get_attribute(net, "bias")


def test_a_tensor_keeps_its_own_attributes_apart_from_the_engines():
    x = ones(1)
    T.set_attribute(x, "_acc", 2)    # an engine field's name: the program's own, not the leaf's
    T.set_attribute(x, "sum", 3)     # a method's name: the instance attribute shadows it
    assert (x._acc, T.get_attribute(x, "_acc"), T.get_attribute(x, "sum")) == (None, 2, 3)
    assert {"_acc", "sum"} <= set(T.attribute_names(x))
    T.delete_attribute(x, "sum")
    assert T.get_attribute(x, "sum")().item() == 1.0


def test_only_the_programs_own_classes_take_class_attributes():
    class Own(Layer):
        pass
    T.register_user_class(Own)
    T.set_attribute(Own, "scale", 3)
    assert Own.scale == 3
    with pytest.raises(TypeError, match="cannot set 'scale' attribute of immutable type 'Layer'"):
        T.set_attribute(Layer, "scale", 3)


def test_completion_offers_the_public_names_along_the_bases():
    assert T.attribute_names(Net()) == ["_modules", "forward", "weight"]
    assert T.attribute_names(Net) == ["forward"]
    assert T.attribute_names(int) == []
