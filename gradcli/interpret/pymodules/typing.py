"""Python's typing module for a program: the names its annotations and aliases use (List,
Optional, Callable...), printing and comparing as Python's, held in a `Form` so that a program
can subscript and print them and reach nothing inside (a forward reference must be a name: any
other string would be compiled as Python)."""
from __future__ import annotations

import re
import typing

from .. import builtins as B
from .. import classes

FORWARD_REFERENCE = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


class Form:
    """A typing object as a value of the language."""

    __slots__ = ("_form",)
    __module__ = "typing"

    def __init__(self, form) -> None:
        self._form = form

    def __repr__(self) -> str:
        return repr(self._form)

    def __eq__(self, other) -> bool:
        return self._form == _unwrap(other)

    def __hash__(self) -> int:
        return hash(self._form)

    def __getitem__(self, params):
        return Form(self._form[_unwrap(params)])

    def __or__(self, other):
        return Form(self._form | _unwrap(other))

    def __ror__(self, other):
        return Form(_unwrap(other) | self._form)

    def __call__(self, *args, **kwargs):
        # List[int]() makes a list, Dict[str, int](pairs) a dict: their keys are checked
        origin = getattr(self._form, "__origin__", None)
        return self._form(*B.checked_keys(origin, list(args)), **kwargs)


def _unwrap(value):
    """A program's value as typing takes it: Forms opened, forward references only names."""
    if isinstance(value, Form):
        return value._form
    if isinstance(value, str):
        if not FORWARD_REFERENCE.fullmatch(value):
            raise TypeError(f"gradcli's typing takes forward references that are names, not "
                            f"{value!r}")
        return value
    if type(value) in (tuple, list):
        if type(value) is tuple:
            B.key(value)
        return type(value)(_unwrap(v) for v in value)
    return B.key(value)


classes.name_class(Form, "typing._GenericAlias")


def cast(typ, val):
    return val


def TypeVar(name, *constraints, bound=None, covariant=False, contravariant=False):
    return Form(typing.TypeVar(name, *map(_unwrap, constraints), bound=_unwrap(bound),
                               covariant=covariant, contravariant=contravariant))


ENTRIES = {name: Form(getattr(typing, name)) for name in (
    "Any", "List", "Tuple", "Dict", "Set", "FrozenSet", "Optional", "Union", "Callable",
    "Iterable", "Iterator", "Sequence", "MutableSequence", "Mapping", "MutableMapping",
    "Generator", "Type", "NoReturn", "Deque", "DefaultDict", "OrderedDict", "Counter",
    "Collection", "Container", "Hashable", "Sized", "Reversible", "AbstractSet")}
ENTRIES.update(TYPE_CHECKING=False, cast=cast, TypeVar=TypeVar)
