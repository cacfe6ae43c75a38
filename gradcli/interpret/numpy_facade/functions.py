"""The NumPy functions a program can call, by module, each the real one behind the checks of
admit.py: what goes in and what comes out."""
from __future__ import annotations

import inspect
import math

import numpy as np

from ...engine import interruptible
from .type_names import TYPES
from .admit import admit_call, check_size, result
from .files import READERS, WRITERS


# the methods that write into the array (or ufunc operand) they belong to: they run where they
# are called, as a random state's draws do, since an abandoned worker would go on writing after
# Ctrl-C, under the feet of the program (the REPL's session goes on)
WRITES = frozenset(("sort", "partition", "fill", "put", "at"))


class NumpyFunction:
    """A NumPy function (or bound method) as a program holds it: the arguments are admitted,
    a shape argument is measured before NumPy allocates, the result is checked, and a long call
    runs where Ctrl-C reaches it (engine/interruptible.py). It prints as the function it
    wraps."""

    __slots__ = ("_fn", "_shape", "_writes", "__name__")

    def __init__(self, fn, shape=None, writes: bool = False) -> None:
        self._fn = fn
        self._shape = shape   # (args, kwargs) -> the shape NumPy is asked for, or None
        self.__name__ = getattr(fn, "__name__", "function")
        self._writes = writes or (self.__name__ in WRITES and
                                  isinstance(getattr(fn, "__self__", None), (np.ndarray, np.ufunc)))

    def __call__(self, *args, **kwargs):
        admit_call(args, kwargs)
        if self._shape is not None:
            check_size(self._shape(args, kwargs))
        if self._writes or "out" in kwargs:
            return result(self._fn(*args, **kwargs))
        return result(interruptible.run(_steps(self._fn, args, kwargs), self._fn, *args,
                                        **kwargs))

    def __repr__(self) -> str:
        return repr(self._fn)

    @property
    def __signature__(self) -> inspect.Signature:
        """What help() shows: NumPy's own parameters, not this wrapper's (*args, **kwargs)."""
        return inspect.signature(self._fn)


def _steps(fn, args: tuple, kwargs: dict) -> int:
    """A call's work as n log n of the items it is given (a method's array among them): enough
    to tell a blink from a call worth a worker (a sort of 10**8 floats, a product of int64
    matrices, which has no BLAS path)."""
    n = 0
    for value in (getattr(fn, "__self__", None), *args, *kwargs.values()):
        kind = type(value)
        if kind is np.ndarray:
            n += value.size
        elif kind is list or kind is tuple:
            n += len(value)
    return n * n.bit_length()


class IndexGrid:
    """np.mgrid and np.ogrid as a program holds them: indexed by slices (a complex step, 31j,
    means that many points), each slice admitted and the grid measured before NumPy makes it."""

    __slots__ = ("_grid",)

    def __init__(self, grid) -> None:
        self._grid = grid

    def __getitem__(self, key):
        slices = key if isinstance(key, tuple) else (key,)
        admit_call(slices, {})
        check_size((len(slices), *(_points(s) for s in slices)))   # mgrid's; ogrid's is less
        return result(self._grid[key])

    def __repr__(self) -> str:
        return repr(self._grid)


def _points(part) -> int:
    """How many coordinates one part of a grid's index asks for (0 if NumPy will refuse it)."""
    try:
        if not isinstance(part, slice):
            return max(0, math.ceil(part))
        start = 0 if part.start is None else part.start
        step = 1 if part.step is None else part.step
        if isinstance(step, complex):
            return int(abs(step))
        return max(0, math.ceil((part.stop - start) / step))
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return 0


def argument(position: int, keyword: str):
    """The shape a function is given as one argument, by position or keyword."""
    def shape(args, kwargs):
        return args[position] if len(args) > position else kwargs.get(keyword)
    return shape


def _dims(args, kwargs):
    """rand(2, 3), randn(2, 3): the shape is every positional argument."""
    return args


def _square(args, kwargs):
    n = args[0] if args else kwargs.get("N", kwargs.get("n"))
    m = args[1] if len(args) > 1 else kwargs.get("M")
    return (n, n if m is None else m)


def _count(position: int, keyword: str):
    def shape(args, kwargs):
        n = args[position] if len(args) > position else kwargs.get(keyword, 50)
        return (n,)
    return shape


def _arange(args, kwargs):
    numbers = [a for a in args[:3] if isinstance(a, (int, float, np.number))]
    if len(numbers) != len(args[:3]) or not numbers:
        return None
    start, stop, step = (0, numbers[0], 1) if len(numbers) == 1 else \
        (*numbers, 1) if len(numbers) == 2 else numbers
    if not step or not all(map(math.isfinite, (start, stop, step))):
        return None
    return (max(0, math.ceil((stop - start) / step)),)


SHAPE = argument(0, "shape")
SIZE = {position: argument(position, "size") for position in range(4)}

# ---- numpy -------------------------------------------------------------------------------------
CREATION = {
    "array": None, "asarray": None, "ascontiguousarray": None, "copy": None, "zeros": SHAPE,
    "ones": SHAPE, "empty": SHAPE, "full": SHAPE, "zeros_like": None, "ones_like": None,
    "empty_like": None, "full_like": None, "arange": _arange, "linspace": _count(2, "num"),
    "logspace": _count(2, "num"), "geomspace": _count(2, "num"), "eye": _square,
    "identity": _square, "diag": None, "diagflat": None, "tri": _square, "tril": None,
    "triu": None, "meshgrid": None, "indices": None,
}
JOINING = ("concatenate", "stack", "vstack", "hstack", "dstack", "column_stack", "block", "append",
           "insert", "delete", "split", "array_split", "hsplit", "vsplit", "dsplit", "tile",
           "repeat", "pad")
SHAPES = ("reshape", "ravel", "transpose", "swapaxes", "moveaxis", "rollaxis", "expand_dims",
          "squeeze", "atleast_1d", "atleast_2d", "atleast_3d", "broadcast_to", "broadcast_arrays",
          "broadcast_shapes", "flip", "fliplr", "flipud", "roll", "rot90", "shape", "size", "ndim",
          "resize")
MATH = (
    "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power",
    "float_power", "mod", "remainder", "fmod", "divmod", "negative", "positive", "absolute",
    "abs", "fabs", "sign", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sqrt",
    "square", "cbrt", "reciprocal", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "arctan2",
    "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh", "deg2rad", "rad2deg", "degrees",
    "radians", "hypot", "floor", "ceil", "trunc", "rint", "fix", "round", "around", "maximum",
    "minimum", "fmax", "fmin", "clip", "isnan", "isinf", "isfinite", "isclose", "allclose",
    "equal", "not_equal", "less", "less_equal", "greater", "greater_equal", "logical_and",
    "logical_or", "logical_not", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor",
    "invert", "left_shift", "right_shift", "heaviside", "copysign", "signbit", "logaddexp",
    "logaddexp2", "sinc", "conj", "conjugate", "real", "imag", "angle", "gcd", "lcm",
    "nan_to_num", "interp", "convolve", "correlate", "diff", "ediff1d", "gradient", "cross",
    "trapezoid", "cumsum", "cumprod", "nancumsum", "nancumprod")
REDUCTIONS = ("sum", "prod", "mean", "std", "var", "max", "min", "amax", "amin", "argmax",
              "argmin", "ptp", "median", "average", "percentile", "quantile", "nansum", "nanprod",
              "nanmean", "nanstd", "nanvar", "nanmax", "nanmin", "nanargmax", "nanargmin",
              "nanmedian", "nanpercentile", "nanquantile", "all", "any", "count_nonzero")
PRODUCTS = ("dot", "vdot", "inner", "outer", "matmul", "tensordot", "einsum", "kron", "trace")
SEARCHING = ("sort", "argsort", "lexsort", "where", "nonzero", "argwhere", "flatnonzero",
             "unique", "searchsorted", "extract", "select", "partition", "argpartition", "isin",
             "intersect1d", "union1d", "setdiff1d", "setxor1d", "digitize", "bincount",
             "histogram", "histogram_bin_edges", "histogram2d", "cov", "corrcoef", "array_equal",
             "array_equiv", "isscalar", "iscomplexobj", "isrealobj", "iscomplex", "isreal",
             "unravel_index", "ravel_multi_index", "shares_memory", "may_share_memory")
TYPE_FUNCTIONS = ("issubdtype", "result_type", "promote_types", "can_cast", "finfo", "iinfo")
PRINTING = ("set_printoptions", "get_printoptions", "array2string", "array_str", "array_repr",
            "format_float_positional", "format_float_scientific")
CONSTANTS = {"pi": np.pi, "e": np.e, "inf": np.inf, "nan": np.nan, "newaxis": None,
             "euler_gamma": np.euler_gamma, "__version__": np.__version__}

# what NumPy has that a program cannot reach, and why (AttributeError says so)
REFUSED = {
    **dict.fromkeys(("lib", "ctypeslib", "f2py", "distutils", "testing", "core", "_core",
                     "frombuffer", "from_dlpack", "DataSource", "show_config", "info", "seterr",
                     "geterr", "seterrcall", "errstate", "setbufsize"),
                    "it reaches outside the program"),
    **dict.fromkeys(("vectorize", "frompyfunc", "apply_along_axis", "apply_over_axes",
                     "fromfunction", "piecewise", "fromiter", "nditer", "ndenumerate", "ndindex"),
                    "it calls the program's functions from inside NumPy"),
    **dict.fromkeys(("object_", "char", "rec", "recarray", "ma", "asanyarray"),
                    "gradcli's numpy has no arrays of Python objects"),
}


def refusal(module: str, name: str) -> str | None:
    """Why `module.name` is not there, when NumPy has it."""
    reason = REFUSED.get(name) if module == "numpy" else None
    return None if reason is None else \
        f"gradcli's numpy leaves out '{name}': {reason}"


def numpy_entries() -> dict:
    entries = {name: NumpyFunction(getattr(np, name), shape) for name, shape in CREATION.items()}
    for group in (JOINING, SHAPES, MATH, REDUCTIONS, PRODUCTS, SEARCHING, TYPE_FUNCTIONS,
                  PRINTING):
        entries.update((name, NumpyFunction(getattr(np, name))) for name in group)
    entries.update((name, getattr(np, name)) for name in TYPES)
    entries.update(CONSTANTS)
    entries.update(mgrid=IndexGrid(np.mgrid), ogrid=IndexGrid(np.ogrid))
    entries.update((name, NumpyFunction(fn)) for name, fn in {**READERS, **WRITERS}.items())
    return entries


# ---- numpy.random ------------------------------------------------------------------------------
# the sampling methods of RandomState (legacy) and Generator, each with where its size goes
SAMPLERS = {
    "normal": 2, "uniform": 2, "binomial": 2, "poisson": 1, "exponential": 1, "beta": 2,
    "gamma": 2, "multinomial": 2, "multivariate_normal": 2, "laplace": 2, "logistic": 2,
    "lognormal": 2, "geometric": 1, "dirichlet": 1, "standard_t": 1, "chisquare": 1,
    "standard_normal": 0, "choice": 1,
}
LEGACY = {**SAMPLERS, "random": 0, "random_sample": 0, "randint": 2, "rand": _dims,
          "randn": _dims, "seed": None, "shuffle": None, "permutation": None,
          "get_state": None, "set_state": None}
GENERATOR = {**SAMPLERS, "random": 0, "integers": 2, "shuffle": None, "permutation": None,
             "permuted": None}


def sampler(method, where) -> NumpyFunction:
    """A random method, its size measured (`where`: the size argument's position, or a
    function of the arguments)."""
    return NumpyFunction(method, SIZE[where] if isinstance(where, int) else where, writes=True)


def random_entries() -> dict:
    entries = {name: sampler(getattr(np.random, name), where) for name, where in LEGACY.items()}
    entries.update({"default_rng": NumpyFunction(np.random.default_rng),
                    "RandomState": np.random.RandomState, "Generator": np.random.Generator})
    return entries


# ---- numpy.linalg ------------------------------------------------------------------------------
LINALG = ("norm", "inv", "solve", "det", "eig", "eigh", "eigvals", "eigvalsh", "svd", "qr",
          "pinv", "matrix_rank", "lstsq", "cholesky", "matrix_power", "slogdet", "cond",
          "multi_dot", "vector_norm", "matrix_norm")


def linalg_entries() -> dict:
    entries = {name: NumpyFunction(getattr(np.linalg, name)) for name in LINALG}
    entries["LinAlgError"] = np.linalg.LinAlgError
    return entries
