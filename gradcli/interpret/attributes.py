"""What each kind of value lets a program touch: one table keyed by type, read by attribute
lookup, assignment, deletion and completion alike.

A kind is found by walking the value's class and its bases (its MRO) to the nearest entry; a
value of a kind with no entry offers nothing. Two sorts of entry:
- `Listed`: a closed kind (tensors, graph nodes, Python's own values): the names it offers are
  listed, and so are the few that can be assigned.
- `OPEN`: the library's classes (nn.Module, optimizers, data sets...) and the program's own
  classes: every name but Python's internals (double-underscore names), except the protocol
  methods a program may call or define itself (`__init__`, `__call__`, `__len__`...). The library
  is written so that nothing it keeps in an attribute reaches past the language.
"""
from __future__ import annotations

import types
from typing import Callable

from ..engine.arguments import type_name as tp_name   # Py_TYPE(obj)->tp_name
from .modules import Namespace

# the double-underscore names a program may read on an open value (or on its class): the
# methods a class of its own may define and call (super().__init__(), nn.Module.__init__(self))
PROTOCOL = frozenset((
    "__init__", "__call__", "__len__", "__getitem__", "__setitem__", "__delitem__",
    "__contains__", "__iter__", "__next__", "__repr__", "__str__", "__bool__", "__hash__",
    "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__enter__", "__exit__",
    "__neg__", "__pos__", "__abs__", "__invert__", "__float__", "__int__", "__index__",
    "__getattr__", "__format__", "__round__",
    *(f"__{p}{op}__" for op in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow",
                                "matmul", "and", "or", "xor", "lshift", "rshift")
      for p in ("", "r", "i")),
    "__class__", "__name__", "__qualname__", "__doc__", "__module__"))


def no_attribute(obj, name: str) -> AttributeError:
    """Python's own refusal: 'X' object has no attribute 'y' (carrying the object and the name,
    as Python's does, for its "Did you mean"; NumPy's types named as Python names them:
    'numpy.ndarray')."""
    if isinstance(obj, type):
        return AttributeError(f"type object '{obj.__name__}' has no attribute '{name}'",
                              name=name, obj=obj)
    return AttributeError(f"'{tp_name(obj)}' object has no attribute '{name}'", name=name,
                          obj=obj)


def read_only(obj, name: str, owner: str | None = None) -> AttributeError:
    """Python's refusal to assign a method of obj (or, given the `owner` type that defines it
    as a data descriptor without a setter, such an attribute: torch.float32.is_signed = 1)."""
    if owner is not None:
        return AttributeError(f"attribute '{name}' of '{owner}' objects is not writable")
    return AttributeError(f"'{tp_name(obj)}' object attribute '{name}' is read-only")


class Listed:
    """A closed kind: `readable` names can be read, `settable` ones assigned; `data` names the
    readable ones that the real type defines as data descriptors (C getters: assigning one is
    "not writable", not "read-only" as for a method), on the class named `owner` (the value's
    own type, unless a base defines them: a tensor's are torch._C.TensorBase's)."""

    __slots__ = ("readable", "settable", "data", "owner")

    def __init__(self, readable, settable=(), data=(), owner: str | None = None) -> None:
        self.readable = frozenset(readable)
        self.settable = frozenset(settable)
        self.data = frozenset(data)
        self.owner = owner

    def get(self, obj, name: str):
        if name in self.readable:
            return getattr(obj, name)
        raise no_attribute(obj, name)

    def set(self, obj, name: str, value) -> None:
        if name in self.settable:
            setattr(obj, name, value)
            return
        raise self.refusal(obj, name)

    def delete(self, obj, name: str) -> None:
        raise self.refusal(obj, name)

    def refusal(self, obj, name: str) -> AttributeError:
        if name in self.data:
            return read_only(obj, name, self.owner or tp_name(obj))
        return read_only(obj, name) if name in self.readable else no_attribute(obj, name)

    def names(self, obj) -> list[str]:
        return sorted(self.readable)


class Open:
    """The library's classes and the program's own: every name but Python's internals."""

    __slots__ = ()

    def get(self, obj, name: str):
        if name[:2] == "__" and name not in PROTOCOL:
            raise no_attribute(obj, name)
        return getattr(obj, name)

    def set(self, obj, name: str, value) -> None:
        if name[:2] == "__":
            raise read_only(obj, name)
        setattr(obj, name, value)

    def delete(self, obj, name: str) -> None:
        if name[:2] == "__":
            raise read_only(obj, name)
        delattr(obj, name)

    def names(self, obj) -> list[str]:
        found: set[str] = set()
        for cls in type(obj).__mro__:
            if cls is object:
                break
            found.update(vars(cls))
        found.update(getattr(obj, "__dict__", ()))
        return sorted(n for n in found if n[:2] != "__")


class Classes:
    """A class as a value (`nn.Module`, `type(x)`): an open class offers what its instances
    would get from it; any other only its name."""

    __slots__ = ()

    def get(self, cls, name: str):
        if name in ("__name__", "__qualname__"):
            return getattr(cls, name)
        # only what the class and its bases define: not what `type` gives every class (mro,
        # __class__, __subclasses__), nor object's methods
        if kind_of(cls) is OPEN and any(name in vars(c) for c in cls.__mro__ if c is not object):
            return OPEN.get(cls, name)
        if name in CLASS_ATTRIBUTES.get(cls, ()):
            return getattr(cls, name)
        raise no_attribute(cls, name)

    def set(self, cls, name: str, value) -> None:
        if kind_of(cls) is OPEN and _own_class(cls):
            OPEN.set(cls, name, value)
            return
        raise TypeError(f"cannot set '{name}' attribute of immutable type '{cls.__name__}'")

    def delete(self, cls, name: str) -> None:
        if kind_of(cls) is OPEN and _own_class(cls):
            OPEN.delete(cls, name)
            return
        raise TypeError(f"cannot set '{name}' attribute of immutable type '{cls.__name__}'")

    def names(self, cls) -> list[str]:
        if kind_of(cls) is OPEN:
            found: set[str] = set()
            for c in cls.__mro__:
                if c is object:
                    break
                found.update(vars(c))
            return sorted(n for n in found if n[:2] != "__")
        return sorted(CLASS_ATTRIBUTES.get(cls, ()))


class Custom:
    """A kind with a lookup of its own (a module's names, a graph node's saved values)."""

    __slots__ = ("get", "set", "delete", "names")

    def __init__(self, get: Callable, names: Callable, set: Callable | None = None) -> None:
        self.get = get
        self.names = names
        self.set = set or (lambda obj, name, value: _refuse(obj, name))
        self.delete = lambda obj, name: _refuse(obj, name)


def _refuse(obj, name):
    raise read_only(obj, name)


NOTHING = Listed(())
OPEN = Open()
CLASSES = Classes()

TABLE: dict[type, object] = {type: CLASSES, types.MethodType: Listed(("__name__", "__qualname__")),
                             types.BuiltinFunctionType: Listed(("__name__", "__qualname__"))}
_USER_CLASSES: set = set()     # classes a program defined: their attributes can be set
# what a closed class offers as a value (itertools.chain.from_iterable, a namedtuple's _make)
CLASS_ATTRIBUTES: dict[type, frozenset] = {}
_cache: dict[type, object] = {}


def register(kind: type, entry) -> None:
    TABLE[kind] = entry
    _cache.clear()


def register_class_attributes(cls: type, names) -> None:
    """Let the class `cls`, itself a value, offer `names` (to read only)."""
    CLASS_ATTRIBUTES[cls] = frozenset(names)


def register_user_class(cls: type) -> None:
    """A class the program defined: open, and its class attributes assignable."""
    _USER_CLASSES.add(cls)
    register(cls, OPEN)


def _own_class(cls: type) -> bool:
    return cls in _USER_CLASSES


def kind_of(kind: type):
    """The table's entry for values of class `kind`: its own, or its nearest base's."""
    try:
        return _cache[kind]
    except KeyError:
        pass
    for cls in kind.__mro__:
        entry = TABLE.get(cls)
        if entry is not None:
            break
    else:
        entry = NOTHING
    _cache[kind] = entry
    return entry


def get_attribute(obj, name: str):
    """obj.name as the language allows it; AttributeError with Python's wording otherwise."""
    return kind_of(type(obj)).get(obj, name)


def set_attribute(obj, name: str, value) -> None:
    kind_of(type(obj)).set(obj, name, value)


def delete_attribute(obj, name: str) -> None:
    kind_of(type(obj)).delete(obj, name)


def attribute_names(obj) -> list[str]:
    """What completion and dir() offer after `obj.`"""
    return kind_of(type(obj)).names(obj)


_PYTHON_VALUES = (int, float, complex, str, bytes, list, tuple, dict, set, frozenset, range)


def suggestion_names(obj) -> list[str] | None:
    """The names Python's "Did you mean" looks through for a missing attribute of `obj`: its
    dir() where the program's value is Python's own (its classes, lists, strings), else what
    the table offers; None where Python would look through too many to suggest."""
    if isinstance(obj, Namespace) and not obj.suggests:
        return None
    kind = kind_of(type(obj))
    if kind is OPEN or type(obj) in _PYTHON_VALUES or (isinstance(obj, type) and
                                                        kind_of(obj) is OPEN):
        return dir(obj)
    return attribute_names(obj)


def dir_names(value) -> list[str]:
    """dir(value): Python's own list where the value is the program's or Python's, else what
    the table offers."""
    if kind_of(type(value)) is OPEN:
        return dir(value)
    return sorted(set(suggestion_names(value) or ()))
