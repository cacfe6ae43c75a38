"""Python's operator module for a program: each operator as the language applies it (the
same guards on big results and dict keys), and itemgetter, attrgetter and methodcaller going
through the attribute table as the program's own `.name` does."""
from __future__ import annotations

import operator

from .. import builtins as B
from ..compiler import BINARY
from ..functions import Builtin

MAX_BITS = 1_000_000


def lshift(a, b, /):
    # 1 << 10**10 would build a billion-bit integer
    if type(a) is int and type(b) is int and a and b > 0 and a.bit_length() + b > MAX_BITS:
        raise OverflowError("integer shift too large for gradcli (over a million bits)")
    return operator.lshift(a, b)


def getitem(a, b, /):
    if isinstance(a, dict):
        B.key(b)
    return a[b]


def setitem(a, b, c, /):
    if isinstance(a, dict):
        B.key(b)
    a[b] = c


def delitem(a, b, /):
    if isinstance(a, dict):
        B.key(b)
    del a[b]


def contains(a, b, /):
    return B.contains(b, a)


class itemgetter:
    """obj[item] (or a tuple of several), keys checked as the program's subscripts are."""

    __slots__ = ("_items",)
    __module__ = "operator"

    def __init__(self, item, /, *items) -> None:
        self._items = (item, *items)

    def __call__(self, obj, /):
        if len(self._items) == 1:
            return getitem(obj, self._items[0])
        return tuple(getitem(obj, i) for i in self._items)

    def __repr__(self) -> str:
        return f"operator.itemgetter({', '.join(map(repr, self._items))})"


class attrgetter:
    """obj.name (dotted names followed), through the attribute table."""

    __slots__ = ("_names",)
    __module__ = "operator"

    def __init__(self, attr, /, *attrs) -> None:
        for name in (attr, *attrs):
            if not isinstance(name, str):
                raise TypeError("attribute name must be a string")
        self._names = (attr, *attrs)

    @staticmethod
    def _get(obj, dotted: str):
        for name in dotted.split("."):
            obj = B.get_attribute(obj, name)
        return obj

    def __call__(self, obj, /):
        if len(self._names) == 1:
            return self._get(obj, self._names[0])
        return tuple(self._get(obj, n) for n in self._names)

    def __repr__(self) -> str:
        return f"operator.attrgetter({', '.join(map(repr, self._names))})"


class methodcaller:
    """obj.name(*args, **kwargs), the method found through the attribute table."""

    __slots__ = ("_name", "_args", "_kwargs")
    __module__ = "operator"

    def __init__(self, name, /, *args, **kwargs) -> None:
        if not isinstance(name, str):
            raise TypeError("method name must be a string")
        self._name, self._args, self._kwargs = name, args, kwargs

    def __call__(self, obj, /):
        return B.get_attribute(obj, self._name)(*self._args, **self._kwargs)

    def __repr__(self) -> str:
        args = [repr(self._name), *map(repr, self._args),
                *(f"{k}={v!r}" for k, v in self._kwargs.items())]
        return f"operator.methodcaller({', '.join(args)})"


ENTRIES = {name: getattr(operator, name) for name in (
    "add", "sub", "truediv", "floordiv", "mod", "matmul", "neg", "pos", "abs", "invert", "inv",
    "not_", "truth", "and_", "or_", "xor", "rshift", "eq", "ne", "lt", "le", "gt", "ge", "is_",
    "is_not", "index", "concat")}
ENTRIES.update({
    "mul": Builtin("mul", BINARY["*"]), "pow": Builtin("pow", B.safe_pow),
    **{fn.__name__: Builtin(fn.__name__, fn) for fn in (
        lshift, getitem, setitem, delitem, contains)},
    "itemgetter": itemgetter, "attrgetter": attrgetter, "methodcaller": methodcaller})
