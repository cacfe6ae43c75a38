"""Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict: their list and dict
behaviour, and their errors."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine import Tensor
from gradcli.library.nn import activation, container, linear
from gradcli.library.nn.parameter import Parameter
from gradcli.library.ordered_dict import OrderedDict


def relu():
    return activation.ReLU()


def names(m) -> list:
    return list(m._modules)


def test_sequential_edits_keep_indices_dense():
    seq = container.Sequential(relu(), activation.Tanh(), activation.Sigmoid())
    seq.insert(-1, linear.Identity())
    assert [type(m).__name__ for m in seq] == ["ReLU", "Tanh", "Identity", "Sigmoid"]
    del seq[1:3]
    assert names(seq) == ["0", "1"] and type(seq[1]).__name__ == "Sigmoid"
    seq += container.Sequential(relu())
    seq *= 2
    assert len(seq) == 6 and seq[5] is seq[2]
    assert names(container.Sequential(OrderedDict([("a", relu()), ("b", relu())]))) == ["a", "b"]


@pytest.mark.parametrize("action, error, text", [
    (lambda s: s[3], IndexError, "index 3 is out of range"),
    (lambda s: s["0"], TypeError, "'str' object cannot be interpreted as an integer"),
    (lambda s: s.insert(5, relu()), IndexError, "Index out of range: 5"),
    (lambda s: s * 0, ValueError, "Non-positive multiplication factor 0 for <class "
                                  "'torch.nn.modules.container.Sequential'>"),
    (lambda s: s + 1, ValueError, "add operator supports only objects of Sequential class, but "
                                  "<class 'int'> is given."),
])
def test_sequential_errors(action, error, text):
    with pytest.raises(error) as raised:
        action(container.Sequential(relu(), relu()))
    assert str(raised.value) == text


def test_module_list_and_dict():
    layers = container.ModuleList([relu()]) + [activation.Tanh()]
    layers.insert(0, linear.Identity())
    del layers[0]
    assert names(layers) == ["0", "1"] and type(layers.pop(0)).__name__ == "ReLU"
    with pytest.raises(TypeError, match="ModuleList.extend should be called with an iterable, "
                                        "but got ReLU"):
        layers.extend(relu())
    table = container.ModuleDict([("b", relu()), ("a", relu())])
    assert list(table) == ["b", "a"]
    with pytest.raises(ValueError, match="ModuleDict update sequence element #0 has length 1; "
                                         "2 is required"):
        table.update([("x",)])


def test_parameter_dict_and_list():
    params = container.ParameterDict({"b": Tensor(np.ones(1)), "a": Tensor(np.zeros(1))})
    assert list(params) == ["a", "b"]   # a plain dict's keys are sorted, as PyTorch does
    assert isinstance(params["a"], Parameter)
    assert params.popitem()[0] == "b" and list(params) == ["a"]
    merged = params | container.ParameterDict({"z": None})
    assert list(merged) == ["a", "z"] and merged["z"] is None
    assert list(params.fromkeys(["p", "q"])) == ["p", "q"]
    with pytest.raises(TypeError, match="Index given to ParameterDict cannot be used as a key"):
        params[0]
    plist = container.ParameterList([Tensor(np.ones(2))])
    plist[0] = Tensor(np.zeros(2))
    assert isinstance(plist[0], Parameter) and len(plist[0:1]) == 1
    with pytest.raises(RuntimeError, match="ParameterList should not be called."):
        plist()
