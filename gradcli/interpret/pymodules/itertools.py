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


# type() of an iterator shows Python's name; the class itself is not handed out (making one
# anew would skip the checks above)
for _cls in (count, cycle, repeat, *(getattr(itertools, n) for n in dir(itertools)
                                     if isinstance(getattr(itertools, n), type))):
    classes.name_class(_cls, f"itertools.{_cls.__name__}")

# the lazy ones take their items from what they wrap in C, as map does: nested a million deep
# they crashed the process (see builtins.nesting_type)
LAZY = {name: B.nesting_type(getattr(itertools, name), "itertools", hand_out=False)
        for name in ("islice", "chain", "zip_longest", "compress", "pairwise", "accumulate",
                     "starmap", "filterfalse", "takewhile", "dropwhile", "groupby")}


class _Flattened(LAZY["chain"]):
    """chain.from_iterable(iterables): the iterables come one by one, each possibly a chain of
    its own, so their items are passed on from Python, whose recursion limit then holds."""

    __slots__ = ("_items",)

    def __new__(cls, iterables):
        made = itertools.chain.__new__(cls)
        made._depth, made._items = 1, itertools.chain.from_iterable(iterables)
        return made

    def __next__(self):
        return next(self._items)


LAZY["chain"].from_iterable = staticmethod(_Flattened)
B.NESTING_TYPES.add(_Flattened)
classes.name_class(_Flattened, "itertools.chain")
attributes.register_class_attributes(LAZY["chain"], ("from_iterable",))

ENTRIES = {name: getattr(itertools, name) for name in (
    "permutations", "combinations", "combinations_with_replacement", "tee")}
ENTRIES.update({name: LAZY[name] for name in (
    "islice", "chain", "zip_longest", "compress", "pairwise")})
ENTRIES.update({name: _calling(LAZY[name]) for name in (
    "accumulate", "starmap", "filterfalse", "takewhile", "dropwhile", "groupby")})
ENTRIES.update(count=count, cycle=cycle, repeat=repeat, product=product)
