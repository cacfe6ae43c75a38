"""copy: Python's copy and deepcopy over the language's values, tensors as PyTorch copies them
(the rules themselves are recorded from PyTorch in cases/python_modules/copy_*.grad)."""
from __future__ import annotations

import pytest

from gradcli.engine.factories import ones
from gradcli.interpret import attributes
from gradcli.interpret import modules as M
from gradcli.interpret.pymodules import files
from gradcli.library import LibraryClass


class Layer(LibraryClass):
    """A stand-in for a library class (nn.Module and the like)."""

    def __init__(self) -> None:
        self.weight = ones(2, requires_grad=True)
        self.shared = self.weight
        self.sizes = [1, 2]


class Remembers(Layer):
    def __setstate__(self, state) -> None:
        self.__dict__.update(state)
        self.restored = True


class Own(Layer):
    def __deepcopy__(self, memo):
        return "own"


def deepcopy(x, memo=None):
    return M.find("copy").entries["deepcopy"](x, memo)


def copy(x):
    return M.find("copy").entries["copy"](x)


def test_a_library_object_is_copied_through_its_state():
    layer = Layer()
    twin = deepcopy(layer)
    assert type(twin) is Layer and twin.sizes == [1, 2] and twin.sizes is not layer.sizes
    assert twin.weight is not layer.weight and twin.shared is twin.weight
    assert twin.weight.requires_grad
    shallow = copy(layer)
    assert shallow.weight is layer.weight and shallow.__dict__ is not layer.__dict__


def test_setstate_and_deepcopy_of_the_class_are_used():
    assert deepcopy(Remembers()).restored is True
    assert deepcopy(Own()) == "own"


@pytest.mark.parametrize("value, name", [
    (iter([]), "list_iterator"), (map(str, []), "map"),
    ((ones(1, requires_grad=True) * 2).grad_fn, "MulBackward0"),
    (files.File("f", "w", "/f", "", False, True, False, "UTF-8"), "_io.TextIOWrapper"),
])
def test_values_of_closed_kinds_cannot_be_copied(value, name):
    for copier in (deepcopy, copy):
        with pytest.raises(TypeError) as e:
            copier(value)
        assert str(e.value) == f"cannot pickle '{name}' object"


def test_memo_is_kept_and_shared():
    memo = {}
    x = ones(2)
    first = deepcopy([x], memo)
    assert deepcopy(x, memo) is first[0]
    with pytest.raises(TypeError, match="'int' object has no attribute 'get'"):
        deepcopy(x, 1)


def test_functions_and_modules_are_not_copied(run):
    r = run("import copy, math\ndef f():\n    return 1\n"
            "print(copy.deepcopy(f) is f, copy.copy(math) is math, copy.deepcopy(print) is print)")
    assert r.out == "True True True\n"


def test_a_program_class_is_open_to_copy():
    class Program(Layer):
        pass
    attributes.register_user_class(Program)
    twin = deepcopy(Program())
    assert type(twin) is Program and twin.weight is not None
