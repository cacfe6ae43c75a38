"""`import numpy`: NumPy itself behind an allowlist. Its functions are the real ones (so values
and printing are NumPy's own), with what goes in and out checked (admit.py); its files are
never there (files.py). Registering costs nothing at start-up: the tables are built when a
program first touches numpy, or first holds one of its values (x.numpy())."""
from __future__ import annotations

import numpy as np

from .. import attributes, classes, modules
from ..modules import Namespace
from .type_names import TYPES

# the kinds of value whose attributes values.py lists (numpy.random's are added with it)
KINDS = (np.ndarray, np.generic, np.dtype, np.finfo, np.iinfo)
_type_calls: dict = {}   # the caller's table of class calls, which numpy.random adds to


def register(type_calls: dict) -> None:
    """Make numpy, numpy.random and numpy.linalg importable, NumPy's values' attributes
    listed, and NumPy's classes called through their checks (entries added to `type_calls`)."""
    modules.register(NumpyModule("numpy", load=_load("numpy_entries")))
    modules.register(Namespace("numpy.random", load=_load_random))
    modules.register(Namespace("numpy.linalg", load=_load("linalg_entries")))
    global _type_calls
    for kind in KINDS:
        attributes.register(kind, _Deferred())
    type_calls.update({getattr(np, name): _constructor(getattr(np, name)) for name in TYPES})
    for name in TYPES:   # type(a) is np.ndarray, as the program can already name it
        classes.hand_out(getattr(np, name))
    for cls in (np.finfo, np.iinfo, *_dtype_classes()):   # only named: not module numpy's
        classes.name_class(cls, f"{cls.__module__}.{cls.__qualname__}")
    type_calls.update({np.ndarray: _ndarray, np.linalg.LinAlgError: np.linalg.LinAlgError})
    _type_calls = type_calls


def _dtype_classes() -> list[type]:
    """The classes of NumPy's dtypes (type(a.dtype) is numpy.dtypes.Float64DType)."""
    return [cls for cls in vars(np.dtypes).values()
            if isinstance(cls, type) and issubclass(cls, np.dtype)]


def _load(table: str):
    def load() -> dict:
        from . import functions
        return getattr(functions, table)()
    return load


def _load_random() -> dict:
    """numpy.random, imported only now (NumPy's own import of it costs start-up time): its
    random states get their attributes, and its classes their checked calls."""
    from . import functions
    for kind in (np.random.RandomState, np.random.Generator):
        attributes.register(kind, _Deferred())
        _type_calls[kind] = _constructor(kind)
        classes.hand_out(kind)
    return functions.random_entries()


class NumpyModule(Namespace):
    """Module numpy, which names what it leaves out of NumPy, and why."""

    __slots__ = ()

    def no_attribute(self, name: str) -> AttributeError:
        reason = _refusal(name)
        if reason is None:
            return super().no_attribute(name)
        return AttributeError(reason, name=name, obj=self)

    def cannot_import(self, name: str) -> ImportError:
        reason = _refusal(name)
        return super().cannot_import(name) if reason is None else \
            ImportError(reason, name=self.name)

    def no_submodule(self, name: str) -> ModuleNotFoundError | None:
        reason = _refusal(name)
        return None if reason is None else ModuleNotFoundError(reason, name=f"numpy.{name}")


def _refusal(name: str) -> str | None:
    from .functions import refusal
    return refusal("numpy", name)


class _Deferred:
    """An attribute entry standing in for values.py's until a NumPy value is first touched."""

    __slots__ = ()

    @staticmethod
    def _real(obj):
        from .values import ENTRIES
        for kind, entry in ENTRIES.items():
            attributes.register(kind, entry)
        return attributes.kind_of(type(obj))

    def get(self, obj, name):
        return self._real(obj).get(obj, name)

    def set(self, obj, name, value):
        return self._real(obj).set(obj, name, value)

    def delete(self, obj, name):
        return self._real(obj).delete(obj, name)

    def names(self, obj):
        return self._real(obj).names(obj)


# ---- calling a NumPy class -------------------------------------------------------------------
NDARRAY_ARGUMENTS = ("shape", "dtype", "order")


def _constructor(cls: type):
    """A NumPy class called by a program (np.float32(x), np.dtype('f4'), RandomState(0)): its
    arguments admitted, its result checked."""
    def make(*args, **kwargs):
        from .admit import admit_call, result
        admit_call(args, kwargs)
        return result(cls(*args, **kwargs))
    make.__name__ = make.__qualname__ = cls.__name__
    return make


def _ndarray(*args, **kwargs):
    """np.ndarray(shape, dtype, order): never over another array's memory (buffer=, strides=)."""
    from .admit import admit_call, check_size, result
    if len(args) > len(NDARRAY_ARGUMENTS) or set(kwargs) - set(NDARRAY_ARGUMENTS):
        raise TypeError("gradcli's numpy.ndarray() takes a shape, a dtype and an order only: "
                        "use np.empty, np.zeros or np.asarray")
    admit_call(args, kwargs)
    check_size(args[0] if args else kwargs.get("shape"))
    return result(np.ndarray(*args, **kwargs))
