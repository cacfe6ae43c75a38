"""Python's functools module: reduce, partial, lru_cache/cache, wraps and cmp_to_key, with the
function they are given called as the program's calls are (dict and set check their keys) and
the arguments a cache hashes checked first."""
from __future__ import annotations

import functools

from .. import attributes, classes
from .. import builtins as B
from ..functions import Builtin, Function


def reduce(function, iterable, *initial):
    return functools.reduce(B.keyed_callable(function), iterable, *initial)


class partial(functools.partial):
    """functools.partial, its calls made as the program's calls are."""

    __slots__ = ()
    __module__ = "functools"

    def __call__(self, /, *args, **keywords):
        return B.call(self.func, [*self.args, *args], {**self.keywords, **keywords})

    def __repr__(self) -> str:
        return f"functools.{super().__repr__()}"   # Python's partial names its module


class _lru_cache_wrapper:
    """A function with a cache of its results by arguments (the arguments are checked as dict
    keys are, then hashed)."""

    __slots__ = ("_cached", "__name__")
    __module__ = "functools"

    def __init__(self, function, maxsize, typed) -> None:
        self._cached = functools.lru_cache(maxsize, typed)(
            lambda *args, **kwargs: B.call(function, list(args), kwargs))
        self.__name__ = getattr(function, "__name__", "function")

    def __call__(self, *args, **kwargs):
        for value in (*args, *kwargs.values()):
            B.key(value)
        return self._cached(*args, **kwargs)

    def cache_info(self):
        return self._cached.cache_info()

    def cache_clear(self) -> None:
        self._cached.cache_clear()


def lru_cache(maxsize=128, typed=False):
    if callable(maxsize) and isinstance(typed, bool):   # @lru_cache without arguments
        return _lru_cache_wrapper(maxsize, 128, typed)
    if maxsize is not None and not isinstance(maxsize, int):
        raise TypeError("Expected first argument to be an integer, a callable, or None")
    return lambda function: _lru_cache_wrapper(function, maxsize, typed)


def cache(function, /):
    return _lru_cache_wrapper(function, None, False)


WRAPPER_ASSIGNMENTS, WRAPPER_UPDATES = functools.WRAPPER_ASSIGNMENTS, functools.WRAPPER_UPDATES


def update_wrapper(wrapper, wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    """The program's function `wrapper` takes the name and doc of `wrapped`: what a program can
    see of Python's copying (a function of the program has no __dict__ nor __wrapped__)."""
    if not isinstance(wrapper, Function):
        raise attributes.read_only(wrapper, "__module__")
    for name in ("__name__", "__qualname__"):
        if name in assigned:
            try:
                value = attributes.get_attribute(wrapped, name)
            except AttributeError:
                continue
            if not isinstance(value, str):
                raise TypeError(f"{name} must be set to a string object")
            setattr(wrapper, name, value)
    if "__doc__" in assigned and isinstance(wrapped, Function):
        wrapper.doc = wrapped.doc
    return wrapper


def wraps(wrapped, assigned=WRAPPER_ASSIGNMENTS, updated=WRAPPER_UPDATES):
    return partial(update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


attributes.register(partial, attributes.Listed(("func", "args", "keywords")))
classes.hand_out(partial)
classes.name_class(_lru_cache_wrapper, "functools._lru_cache_wrapper")
attributes.register(_lru_cache_wrapper, attributes.Listed(("cache_info", "cache_clear")))
attributes.register(type(functools.lru_cache()(len).cache_info()), attributes.Listed(
    ("hits", "misses", "maxsize", "currsize")))

ENTRIES = {"reduce": Builtin("reduce", reduce), "partial": partial, "lru_cache": lru_cache,
           "cache": cache, "cmp_to_key": Builtin("cmp_to_key", functools.cmp_to_key),
           "wraps": wraps, "update_wrapper": update_wrapper,
           "WRAPPER_ASSIGNMENTS": WRAPPER_ASSIGNMENTS, "WRAPPER_UPDATES": WRAPPER_UPDATES}
