"""Python's itertools module: the real iterators, except that the endless ones (count, cycle,
repeat without times) hand out their items from Python, so that Ctrl-C stops whatever consumes
them (list(count()) would otherwise run in C until memory ran out)."""
from __future__ import annotations

import itertools

from .. import attributes, classes
from .. import builtins as B
from ..compiler import MAX_SEQUENCE


class _Endless:
    """An endless iterator of itertools, its items passed on one by one."""

    __slots__ = ("_items",)
    __module__ = "itertools"

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._items)

    def __repr__(self) -> str:
        return repr(self._items)


class count(_Endless):
    __slots__ = ()
    __module__ = "itertools"

    def __init__(self, start=0, step=1) -> None:
        self._items = itertools.count(start, step)


class cycle(_Endless):
    __slots__ = ()
    __module__ = "itertools"

    def __init__(self, iterable, /) -> None:
        self._items = itertools.cycle(iterable)


class repeat(_Endless):
    __slots__ = ()
    __module__ = "itertools"

    def __new__(cls, object, times=None):
        if times is not None:   # it ends: the real one
            return itertools.repeat(object, times)
        return super().__new__(cls)

    def __init__(self, object, times=None) -> None:
        self._items = itertools.repeat(object)


def product(*iterables, repeat=1):
    if isinstance(repeat, int) and repeat * len(iterables) > MAX_SEQUENCE:
        raise MemoryError(f"a product of {repeat * len(iterables)} iterables is more than "
                          f"gradcli's limit of {MAX_SEQUENCE}")
    return itertools.product(*iterables, repeat=repeat)


def _calling(real):
    """An itertools function that calls a function it is given: dict and set checked as keyed
    types (see builtins.keyed_callable)."""
    def call(*args, **kwargs):
        return real(*map(B.keyed_callable, args),
                    **{k: B.keyed_callable(v) for k, v in kwargs.items()})
    call.__name__ = call.__qualname__ = real.__name__
    return call


attributes.register_class_attributes(itertools.chain, ("from_iterable",))
# type() of an iterator shows Python's name; the class itself is not handed out (making one
# anew would skip the checks above)
for _cls in (count, cycle, repeat, *(getattr(itertools, n) for n in dir(itertools)
                                     if isinstance(getattr(itertools, n), type))):
    classes.name_class(_cls, f"itertools.{_cls.__name__}")

ENTRIES = {name: getattr(itertools, name) for name in (
    "islice", "chain", "permutations", "combinations", "combinations_with_replacement",
    "zip_longest", "compress", "pairwise", "tee")}
ENTRIES.update({name: _calling(getattr(itertools, name)) for name in (
    "accumulate", "starmap", "filterfalse", "takewhile", "dropwhile", "groupby")})
ENTRIES.update(count=count, cycle=cycle, repeat=repeat, product=product)
