"""A program's classes: made as Python classes (so that `class Net(nn.Module)` is a module like
the library's), from the bases and the protocol methods the language allows; and `type()`."""
from __future__ import annotations

import builtins as _py

from ..engine import arguments
from ..engine.graph import AccumulateGrad, Node
from ..library import OPAQUE_TO_NUMPY, LibraryClass
from . import attributes

# the exceptions a program can name, raise, catch and subclass
EXCEPTIONS = {name: getattr(_py, name) for name in (
    "BaseException", "Exception", "ArithmeticError", "AssertionError", "AttributeError",
    "EOFError", "FloatingPointError", "GeneratorExit", "ImportError", "IndexError", "KeyError",
    "KeyboardInterrupt", "LookupError", "MemoryError", "ModuleNotFoundError", "NameError",
    "NotImplementedError", "OSError", "FileNotFoundError", "OverflowError", "RecursionError",
    "RuntimeError", "StopIteration", "SystemExit", "TypeError", "UnboundLocalError",
    "UnicodeError", "ValueError", "ZeroDivisionError", "Warning", "UserWarning",
    "DeprecationWarning", "RuntimeWarning", "FutureWarning")}
EXCEPTIONS["IOError"] = OSError

# the double-underscore names a class of the program may define: the protocol methods
# (attributes.PROTOCOL), and what Python itself puts in a class body
DEFINABLE = (attributes.PROTOCOL - {"__class__", "__name__"}) | {
    "__module__", "__qualname__", "__doc__", "__hash__", "__reversed__", "__missing__"}


def _user_class(cls) -> bool:
    return cls in attributes._USER_CLASSES


def check_base(base) -> None:
    """A class of the program may build on object, its own classes, the library's (nn.Module,
    Dataset, autograd.Function...) and Python's exceptions."""
    if not isinstance(base, type):
        raise TypeError("bases must be types" if base is not None else
                        "NoneType takes no arguments")
    if base is object or _user_class(base) or issubclass(base, LibraryClass) or \
            base in EXCEPTIONS.values():
        return
    raise TypeError(f"gradcli cannot make a class based on '{base.__name__}'")


def make_class(name: str, bases: tuple, namespace: dict) -> type:
    """The class a `class` statement makes, registered as the program's own."""
    for base in bases:
        check_base(base)
    for key in namespace:
        if key[:2] == "__" and key[-2:] == "__" and key not in DEFINABLE:
            raise TypeError(f"gradcli does not let a class define {key}")
    cls = type(name, bases, {**namespace, **OPAQUE_TO_NUMPY})
    attributes.register_user_class(cls)
    return cls


class TypeView:
    """What type(x) gives for a value whose class the language does not hand out (a program's
    function, a builtin method): it prints and compares as that class, and does nothing else."""

    __slots__ = ("_cls", "_name")

    def __init__(self, cls: type, name: str | None = None) -> None:
        self._cls = cls
        self._name = name   # a class PyTorch makes per instance: each grad_fn's node class

    @property
    def __name__(self) -> str:
        return self._name or _CLASS_NAMES.get(self._cls, self._cls.__name__).rsplit(".", 1)[-1]

    def __call__(self, *args, **kwargs):
        raise TypeError(f"gradcli does not let a program make a {self.__name__!r} object")

    def __eq__(self, other) -> bool:
        return isinstance(other, TypeView) and (other._cls, other._name) == (self._cls, self._name)

    def __hash__(self) -> int:
        return hash((self._cls, self._name))

    def __repr__(self) -> str:
        return f"<class '{self._name or shown_name(self._cls)}'>"


def shown_name(cls: type) -> str:
    """The name `<class '...'>` shows: its module-qualified name, as Python prints a class
    (bare for builtins and for gradcli's own classes that stand for no torch class)."""
    if cls in _CLASS_NAMES:
        return _CLASS_NAMES[cls]
    module = cls.__module__
    if module == "builtins" or module.startswith("gradcli"):
        return cls.__name__
    return f"{module}.{cls.__qualname__}"


_CLASS_NAMES: dict = {}   # internal classes shown by Python's name: the program's functions


def name_class(cls: type, name: str) -> None:
    """Show an internal class by Python's name for it, in type() and in PyTorch's messages."""
    _CLASS_NAMES[cls] = name
    arguments.name_type(cls, name)


VALUE_TYPES = frozenset((int, float, complex, str, bool, list, tuple, dict, set, frozenset,
                         type(None), range, slice, type(...), *EXCEPTIONS.values()))


def type_of(obj, *rest):
    """type(x): the class of x when the language hands it out, else a TypeView of it."""
    if len(rest) != 0:
        if len(rest) == 2:
            raise TypeError("gradcli's type() takes one argument: a class is made with `class`")
        raise TypeError("type() takes 1 or 3 arguments")
    cls = type(obj)
    if isinstance(obj, (Node, AccumulateGrad)):   # repr: <MulBackward0 object at 0x...>
        return TypeView(cls, repr(obj)[1:].split(" ", 1)[0])
    if cls in VALUE_TYPES or attributes.kind_of(cls) is attributes.OPEN or cls in _HANDED_OUT:
        return cls
    return TypeView(cls)


_HANDED_OUT: set = set()


def hand_out(cls: type) -> None:
    """Let type() return `cls` itself (a class the language offers anyway: torch.Tensor...)."""
    _HANDED_OUT.add(cls)
