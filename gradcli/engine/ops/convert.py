"""Op rows that change dtype (to, float, double, long, int, bool, type_as), and the dtype
promotion rules (result_type, promote_types)."""
from __future__ import annotations

from .. import dtypes as _dt
from ..device import Device, place
from ..dispatch import Rule, Op, apply
from ..tensor import Device, Tensor
from .pointwise import preserved
from .registry import export, row

TO_COPY = row(Op("_to_copy", lambda a, dtype: preserved(a, dtype.np), "ToCopyBackward0", ("self",), (
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
    if device == "cpu" or (isinstance(device, Device) and device.type == "cpu"):
        raise RuntimeError("Invalid device, must be cuda device")
    place(Device("cuda") if device is None else device)


@export(torch=False)
def get_device(input) -> int:
    return -1   # PyTorch's answer for a tensor on the CPU



@export(method=False)
def result_type(tensor, other):
    """The dtype an operation on the two would compute in (tensors before 0-d tensors before
    numbers)."""
    return _dt.result_type(tensor, other)


@export(method=False)
def promote_types(type1, type2):
    return _dt.promote_types(type1, type2)
