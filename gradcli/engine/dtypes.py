"""torch dtypes: their names, NumPy counterparts and PyTorch's type-promotion rules."""
from __future__ import annotations

import numpy as np


class DType:
    __slots__ = ("name", "np", "category", "rank", "legacy")

    def __init__(self, name: str, np_type: type, category: int, rank: int, legacy: str):
        self.name = name
        self.np = np.dtype(np_type)
        self.category = category  # 0 bool, 1 integer, 2 floating
        self.rank = rank          # order inside a category, for promotion
        self.legacy = legacy      # 'FloatTensor', as PyTorch names tensor types in messages

    @property
    def is_floating_point(self) -> bool:
        return self.category == FLOAT

    @property
    def is_signed(self) -> bool:
        return self.name not in ("bool", "uint8")

    @property
    def itemsize(self) -> int:
        return self.np.itemsize

    def __repr__(self) -> str:
        return f"torch.{self.name}"

    def __reduce__(self):
        return (by_name, (self.name,))


BOOL, INT, FLOAT = 0, 1, 2
# attributes only a dtype has: an AttributeError for one of them means a value stood where a
# dtype belongs (dtype=x given something else)
DTYPE_FIELDS = frozenset(("np", "category", "rank", "legacy"))

bool_ = DType("bool", np.bool_, BOOL, 0, "BoolTensor")
uint8 = DType("uint8", np.uint8, INT, 1, "ByteTensor")
int8 = DType("int8", np.int8, INT, 1, "CharTensor")
int16 = DType("int16", np.int16, INT, 2, "ShortTensor")
int32 = DType("int32", np.int32, INT, 3, "IntTensor")
int64 = DType("int64", np.int64, INT, 4, "LongTensor")
float16 = DType("float16", np.float16, FLOAT, 1, "HalfTensor")
float32 = DType("float32", np.float32, FLOAT, 2, "FloatTensor")
float64 = DType("float64", np.float64, FLOAT, 3, "DoubleTensor")

ALL = (bool_, uint8, int8, int16, int32, int64, float16, float32, float64)
# the names the torch namespace exposes, aliases included
NAMES = {d.name: d for d in ALL} | {
    "float": float32, "double": float64, "half": float16, "long": int64, "int": int32,
    "short": int16,
}
_BY_NP = {d.np: d for d in ALL}

default_float = float32   # torch.get_default_dtype(): what Python floats and factories make
DEFAULT_ONLY_FLOAT = "only floating-point types are supported as the default type"


def set_default_dtype(dtype: DType) -> None:
    global default_float
    if not isinstance(dtype, DType):
        raise TypeError(f"invalid dtype object: {DEFAULT_ONLY_FLOAT}")
    if not dtype.is_floating_point:
        raise TypeError(DEFAULT_ONLY_FLOAT)
    default_float = dtype


def get_default_dtype() -> DType:
    return default_float


def by_name(name: str) -> DType:
    return NAMES[name]


def from_numpy(dt: np.dtype) -> DType:
    return _BY_NP[dt]


# the dtypes torch.from_numpy takes, as its message lists them; gradcli's tensors have all but
# the complex and the wide unsigned ones
NUMPY_TYPES = ("float64, float32, float16, complex64, complex128, int64, int32, int16, int8, "
               "uint64, uint32, uint16, uint8, and bool")
_TORCH_ONLY = frozenset(np.dtype(t) for t in (np.complex64, np.complex128, np.uint16, np.uint32,
                                               np.uint64))


def of_array(array: np.ndarray) -> DType:
    """The dtype of the tensor PyTorch makes from a NumPy array, with its TypeError for arrays
    it cannot hold."""
    dt = _BY_NP.get(array.dtype)
    if dt is not None:
        return dt
    if array.dtype in _TORCH_ONLY:
        raise TypeError(f"gradcli has no {array.dtype.name} tensors: convert the array first "
                        f"(.astype(...)) to one of float64, float32, float16, int64, int32, "
                        f"int16, int8, uint8 or bool")
    if array.dtype.newbyteorder("=") in _BY_NP and not array.dtype.isnative:
        raise ValueError("given numpy array has byte order different from the native byte order. "
                         "Conversion between byte orders is currently not supported.")
    raise TypeError(f"can't convert np.ndarray of type numpy.{array.dtype.type.__name__}. The "
                    f"only supported types are: {NUMPY_TYPES}.")


def tp_name(value) -> str:
    """The name of a value's type as PyTorch's C++ messages print it (CPython's tp_name): NumPy's
    types with their module (numpy.ndarray), everything else by its bare name."""
    kind = type(value)
    if kind.__module__ == "numpy":
        return f"numpy.{kind.__name__}"
    return kind.__name__


def python_scalar(value):
    """A NumPy number (np.float32(2), np.int64(3)) as the Python number PyTorch's argument parser
    reads it as; anything else unchanged."""
    if isinstance(value, np.generic) and value.dtype.kind in "biuf":
        return value.item()
    return value


def promote_types(a: DType, b: DType) -> DType:
    if a is b:
        return a
    if a.category != b.category:
        return a if a.category > b.category else b
    if a.category == INT and {a.name, b.name} == {"uint8", "int8"}:
        return int16
    return a if a.rank >= b.rank else b


class OperandTypeError(TypeError):
    """A value that is neither a tensor nor a number where an op wants one. The engine does not
    know the argument's name or position: the interpreter's call site replaces this with
    PyTorch's own TypeError, from the function's declared signatures (engine/arguments.py)."""

    def __init__(self, value, expected: str = "Tensor") -> None:
        super().__init__(f"expected {expected}, not {type(value).__name__}")


def number(value, expected: str = "Number"):
    """A Python number argument (bool, int or float) as it is, a NumPy number as its Python
    number; anything else is refused."""
    if isinstance(value, (bool, int, float)) and not isinstance(value, np.generic):
        if type(value) is int:
            check_int(value)
        return value
    if isinstance(value, np.generic) and value.dtype.kind in "biuf":
        return value.item()
    raise OperandTypeError(value, expected)


INT_MIN, INT_END = -2 ** 63, 2 ** 64   # the ints PyTorch's Scalar takes: int64 and uint64


def check_int(value: int) -> None:
    """PyTorch's OverflowError for a Python int that fits no 64-bit Scalar."""
    if not INT_MIN <= value < INT_END:
        raise OverflowError("int too big to convert" if value > 0 else
                            "can't convert negative int to unsigned")


def scalar_dtype(value) -> DType:
    """The dtype a Python number (or a NumPy number, counted as one) has when it is wrapped into
    an operation."""
    if isinstance(value, np.generic):
        value = python_scalar(value)
    if isinstance(value, bool):
        return bool_
    if isinstance(value, int):
        return int64
    if isinstance(value, float):
        return default_float
    raise OperandTypeError(value)


def _combine_categories(higher: DType | None, lower: DType | None) -> DType | None:
    # c10's combine_categories: a lower-priority operand only matters when it is of a
    # higher category (a 0-d double tensor does not turn a float32 tensor into float64).
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher.category == FLOAT:
        return higher
    if higher is bool_ or lower.category == FLOAT:
        return promote_types(higher, lower)
    return higher


def result_type(*operands) -> DType:
    """PyTorch's result_type: dimensioned tensors > 0-d tensors > Python scalars."""
    dim = zero = wrapped = None
    for v in operands:
        dt = None if isinstance(v, np.generic) else getattr(v, "dtype", None)
        if isinstance(dt, np.dtype):   # an array where a tensor or a number belongs
            raise OperandTypeError(v)
        if dt is None:
            d = scalar_dtype(v)
            wrapped = d if wrapped is None else promote_types(wrapped, d)
        elif v.ndim:
            dim = dt if dim is None else promote_types(dim, dt)
        else:
            zero = dt if zero is None else promote_types(zero, dt)
    return _combine_categories(dim, _combine_categories(zero, wrapped))


def type_name(dtype: DType) -> str:
    """The scalar-type name PyTorch uses in dtype messages: 'Float', 'Long', 'Bool'."""
    return {"bool": "Bool", "uint8": "Byte", "int8": "Char", "int16": "Short", "int32": "Int",
            "int64": "Long", "float16": "Half", "float32": "Float",
            "float64": "Double"}[dtype.name]


# ---- torch.finfo and torch.iinfo: a dtype's limits, as torch/csrc/TypeInfo.cpp gives them ---
class finfo:
    """torch.finfo(dtype): the limits of a floating dtype (one object per dtype)."""

    __module__ = "torch"   # the class prints as <class 'torch.finfo'>
    __slots__ = ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype")

    def __init__(self, dtype: DType) -> None:
        info = np.finfo(dtype.np)
        self.bits = info.bits
        self.eps = float(info.eps)
        self.max = float(info.max)
        self.min = float(info.min)
        self.tiny = self.smallest_normal = float(info.smallest_normal)
        self.resolution = 10.0 ** -info.precision   # std::pow(10, -digits10), in double
        self.dtype = dtype.name

    def __repr__(self) -> str:
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, "
                f"eps={self.eps:g}, smallest_normal={self.smallest_normal:g}, "
                f"tiny={self.tiny:g}, dtype={self.dtype})")


class iinfo:
    """torch.iinfo(dtype): the limits of an integer dtype (one object per dtype)."""

    __module__ = "torch"
    __slots__ = ("bits", "max", "min", "dtype")

    def __init__(self, dtype: DType) -> None:
        info = np.iinfo(dtype.np)
        self.bits, self.max, self.min, self.dtype = info.bits, int(info.max), int(info.min), \
            dtype.name

    def __repr__(self) -> str:
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"


_INFO: dict = {}


def _info(kind: type, dtype: DType):
    if dtype not in _INFO:
        _INFO[dtype] = kind(dtype)
    return _INFO[dtype]


def finfo_of(type: DType | None = None) -> finfo:
    """torch.finfo(type=default dtype)."""
    if type is None:
        type = default_float
    if not isinstance(type, DType):
        raise TypeError(f"finfo(): argument 'type' (position 1) must be torch.dtype, not "
                        f"{tp_name(type)}")
    if type.category != FLOAT:
        raise TypeError("torch.finfo() requires a floating point input type. Use torch.iinfo "
                        "to handle 'torch.finfo'")
    return _info(finfo, type)


def iinfo_of(type: DType) -> iinfo:
    """torch.iinfo(type)."""
    if not isinstance(type, DType):
        raise TypeError(f"iinfo(): argument 'type' (position 1) must be torch.dtype, not "
                        f"{tp_name(type)}")
    if type is bool_:
        raise TypeError("torch.bool is not supported by torch.iinfo")
    if type.category != INT:
        raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to "
                        "handle 'torch.iinfo'")
    return _info(iinfo, type)
