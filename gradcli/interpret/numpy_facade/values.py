"""What NumPy's values offer a program: arrays, NumPy numbers, dtypes, random states, finfo and
iinfo, linalg's named results. Data attributes are handed out as they are; methods behind the
checks of admit.py. Nothing reaches an array's memory, its buffer, its base object or its
ctypes; nothing writes a file."""
from __future__ import annotations

import numpy as np
from numpy.linalg import _linalg

from .. import attributes
from ..files import writer
from .functions import GENERATOR, LEGACY, IndexGrid, NumpyFunction, sampler

ARRAY_DATA = frozenset(("shape", "dtype", "ndim", "size", "itemsize", "nbytes", "T", "mT",
                        "real", "imag", "strides"))
ARRAY_METHODS = frozenset((
    "all", "any", "argmax", "argmin", "argsort", "astype", "clip", "conj", "conjugate", "copy",
    "cumprod", "cumsum", "diagonal", "dot", "fill", "flatten", "item", "max", "mean", "min",
    "nonzero", "prod", "ravel", "repeat", "reshape", "round", "searchsorted", "sort", "squeeze",
    "std", "sum", "swapaxes", "take", "tolist", "trace", "transpose", "var", "put", "partition",
    "argpartition"))
SCALAR_DATA = frozenset(("shape", "dtype", "ndim", "size", "itemsize", "nbytes", "T", "real",
                         "imag"))
SCALAR_METHODS = frozenset((
    "all", "any", "argmax", "argmin", "astype", "clip", "conj", "conjugate", "copy", "item",
    "max", "mean", "min", "prod", "ravel", "reshape", "round", "squeeze", "std", "sum", "tolist",
    "var", "is_integer", "as_integer_ratio"))
DTYPE_DATA = frozenset(("name", "kind", "char", "itemsize", "type", "str", "byteorder"))
FINFO_DATA = frozenset(("bits", "eps", "epsneg", "max", "min", "tiny", "smallest_normal",
                        "smallest_subnormal", "resolution", "precision", "dtype", "maxexp",
                        "minexp"))
IINFO_DATA = frozenset(("bits", "min", "max", "dtype", "kind"))
UFUNC_METHODS = frozenset(("reduce", "accumulate", "outer", "reduceat", "at"))


def _methods(data: frozenset, methods: frozenset, others: dict | None = None):
    """An entry offering `data` as it is and `methods` admitted, plus `others` (name -> the
    function of the value to hand out)."""
    others = others or {}
    names = sorted(data | methods | set(others))

    def get(obj, name):
        if name in data:
            return getattr(obj, name)
        if name in methods and hasattr(obj, name):
            return NumpyFunction(getattr(obj, name))
        if name in others:
            return others[name](obj)
        raise attributes.no_attribute(obj, name)
    return attributes.Custom(get, lambda obj: names)


def _samplers(table: dict):
    """A random state's methods, each with its size measured."""
    names = sorted(table)

    def get(obj, name):
        if name in table:
            return sampler(getattr(obj, name), table[name])
        raise attributes.no_attribute(obj, name)
    return attributes.Custom(get, lambda obj: names)


def _fields(cls: type):
    return attributes.Listed(cls._fields + ("count", "index"))


def _function_entry():
    names = sorted(UFUNC_METHODS | {"__name__"})

    def get(obj, name):
        if name == "__name__":
            return obj.__name__
        if name in UFUNC_METHODS and isinstance(obj._fn, np.ufunc):
            return NumpyFunction(getattr(obj._fn, name))
        raise attributes.no_attribute(obj, name)
    return attributes.Custom(get, lambda obj: names)


ENTRIES = {
    np.ndarray: _methods(ARRAY_DATA, ARRAY_METHODS, {
        "tofile": lambda a: writer("tofile"), "dump": lambda a: writer("dump")}),
    np.generic: _methods(SCALAR_DATA, SCALAR_METHODS),
    np.dtype: attributes.Listed(DTYPE_DATA),
    np.finfo: attributes.Listed(FINFO_DATA),
    np.iinfo: attributes.Listed(IINFO_DATA),
    np.random.RandomState: _samplers(LEGACY),
    np.random.Generator: _samplers(GENERATOR),
    NumpyFunction: _function_entry(),
    IndexGrid: attributes.Listed(()),
    **{cls: _fields(cls) for cls in (_linalg.SVDResult, _linalg.EigResult, _linalg.EighResult,
                                     _linalg.QRResult, _linalg.SlogdetResult)},
}
