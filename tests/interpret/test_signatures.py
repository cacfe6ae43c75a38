"""The declared signatures (engine/signatures.py) cover every public function and parse."""
from __future__ import annotations

from gradcli.engine import arguments
from gradcli.engine.ops import METHODS
from gradcli.engine.signatures import SHEETS
from gradcli.engine.tensor import Tensor
from gradcli.interpret import builtins as B
from gradcli.library import LibraryClass


# torch.Size is a tuple: its arguments are checked as tuple() checks them. The rest check their
# arguments in another order than PyTorch's (the argument table finds which): F's adaptive
# pooling looks at the input's rank first; unique's Python bodies are boolean dispatches;
# normal's four overloads are told apart by the engine. Not declared yet: einsum (*args), the
# legacy constructors (torch.Tensor, torch.FloatTensor, ..., Tensor.new), torch.device,
# torch.save (a module as a default) and autograd.Variable
UNDECLARED = {("torch", "Size"), ("torch", "einsum"), ("torch.nn.functional", "adaptive_avg_pool2d"),
              ("torch", "unique"), ("torch", "unique_consecutive"), ("Tensor", "unique"),
              ("Tensor", "unique_consecutive"), ("torch", "normal"), ("torch", "device"),
              ("torch", "save"), ("torch.autograd", "Variable"), ("Tensor", "new")} | {
    ("torch", name) for name in (
        "Tensor", "BoolTensor", "ByteTensor", "CharTensor", "ShortTensor", "IntTensor",
        "LongTensor", "HalfTensor", "FloatTensor", "DoubleTensor")}


def _public() -> list[tuple[str, str]]:
    found = [(space.name, name) for space in (B.torch, B.functional, B.autograd)
             for name, value in space.entries.items()
             if callable(value) and not isinstance(value, B.Namespace)
             # the library's classes (autograd.Function) are Python code, checking as Python does
             and not (isinstance(value, type) and issubclass(value, LibraryClass))]
    methods = set(METHODS) | {name for name in B.TENSOR_ATTRIBUTES
                              if callable(getattr(Tensor, name, None))}
    return [where for where in found + [("Tensor", name) for name in sorted(methods)
                                        if not name.startswith("__")]
            if where not in UNDECLARED]


def test_every_public_function_is_declared():
    assert [where for where in _public() if not arguments.declared(*where)] == []


def test_every_declared_function_is_public():
    public = set(_public())
    stale = [(space, name) for space, sheet in SHEETS.items() if space != "native"
             for name in arguments._read(sheet) if (space, name) not in public]
    assert stale == []


def test_every_declaration_parses():
    for where in _public():
        assert arguments.parser_for(*where) is not None, where
    for name in arguments._read(SHEETS["native"]):
        assert arguments.parser_for("native", name) is not None, name
