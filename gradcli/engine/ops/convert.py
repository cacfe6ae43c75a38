"""Op rows that change dtype: to, float, double, long, int, bool, type_as."""
from __future__ import annotations

from .. import dtypes as _dt
from ..device import Device, place
from ..dispatch import Rule, Op, apply
from ..tensor import Device, Tensor
from .registry import export, row

TO_COPY = row(Op("_to_copy", lambda a, dtype: a.astype(dtype.np), "ToCopyBackward0", ("self",), (
    Rule(lambda node, g: g, (), "∂x.to(dtype)/∂x = 1 (cast back)"),), dtypes="keep"))


def _cast(input, dtype: _dt.DType):
    if input.dtype is dtype:
        return input
    return apply(TO_COPY, (input,), {"dtype": dtype})


@export(torch=False)
def to(input, *args, dtype=None, device=None, non_blocking=False, copy=False,
       memory_format=None):
    # to(dtype, non_blocking, copy), to(tensor, non_blocking, copy) or
    # to(device, dtype, non_blocking, copy): the call fits one (engine/signatures.py says how)
    if args and isinstance(args[0], (_dt.DType, Tensor)):
        dtype = args[0] if isinstance(args[0], _dt.DType) else args[0].dtype
        copy = args[2] if len(args) > 2 else copy
    elif args:
        device = args[0]
        dtype = args[1] if len(args) > 1 else dtype
        copy = args[3] if len(args) > 3 else copy
    place(device)
    out = input if dtype is None else _cast(input, dtype)
    return out.clone() if copy and out is input else out


def _converter(name: str, dtype: _dt.DType):
    def convert(input):
        return _cast(input, dtype)
    convert.__name__ = name
    return export(name, torch=False)(convert)


float_ = _converter("float", _dt.float32)
double = _converter("double", _dt.float64)
half = _converter("half", _dt.float16)
long = _converter("long", _dt.int64)
int_ = _converter("int", _dt.int32)
short = _converter("short", _dt.int16)
bool_ = _converter("bool", _dt.bool_)
byte = _converter("byte", _dt.uint8)


@export(torch=False)
def type_as(input, other):
    return _cast(input, other.dtype)


@export(torch=False)
def cpu(input, memory_format=None):
    return input


@export(torch=False)
def cuda(input, device=None, non_blocking=False, memory_format=None):
    place(Device("cuda") if device is None else device)


@export(torch=False)
def get_device(input) -> int:
    return -1   # PyTorch's answer for a tensor on the CPU


# ---- legacy tensor types -----------------------------------------------------------------
LEGACY = {f"torch.{d.legacy}": d for d in _dt.ALL}
NO_CUDA_LIBRARY = (
    "Cannot initialize CUDA without ATen_cuda library. PyTorch splits its backend into two "
    "shared libraries: a CPU library and a CUDA library; this error has occurred because you are "
    "trying to use some CUDA functionality, but the CUDA library has not been loaded by the "
    "dynamic linker for some reason.  The CUDA library MUST be loaded, EVEN IF you don't directly "
    "use any symbols from the CUDA library! One common culprit is a lack of -Wl,--no-as-needed in "
    "your link arguments; many dynamic linkers will delete dynamic library dependencies if you "
    "don't depend on any of their symbols.  You can check if this has occurred by using ldd on "
    "your binary to see if there is a dependency on *_cuda.so library.")


def _legacy_dtype(dtype) -> _dt.DType:
    """The dtype of a `type()` argument: a dtype, a name such as 'torch.LongTensor', or a legacy
    tensor type (torch.LongTensor, which has a dtype)."""
    if isinstance(dtype, _dt.DType):
        return dtype
    if isinstance(dtype, str):
        if dtype in LEGACY:
            return LEGACY[dtype]
        if dtype.startswith("torch.cuda.") and dtype.replace(".cuda", "") in LEGACY:
            raise RuntimeError(NO_CUDA_LIBRARY)
        raise ValueError(f"invalid type: '{dtype}'")
    found = getattr(dtype, "dtype", None)
    if isinstance(found, _dt.DType) and not isinstance(dtype, Tensor):
        return found
    raise TypeError("dtype must be a type, str, or dtype object")


@export("type", torch=False)
def type_(input, dtype=None, non_blocking=False):
    """With no dtype, the legacy name of the tensor's type ('torch.FloatTensor'); else the
    tensor cast to that dtype (itself when it has it already)."""
    if dtype is None:
        return f"torch.{input.dtype.legacy}"
    return _cast(input, _legacy_dtype(dtype))
