"""torch.device, and where a tensor may live: the CPU, with every other device failing as it does
on PyTorch's CPU-only build (torch 2.13.0+cpu, measured)."""
from __future__ import annotations

import re

# the device types PyTorch's parser knows, in the order its message lists them
TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve", "fpga",
         "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone")
_STRING = re.compile(r"([a-zA-Z_]+)(?::(0|[1-9][0-9]*))?")
NO_ACCELERATOR = "Cannot access accelerator device when none is available."
# what moving a tensor to a device of each type raises on the CPU-only build
_UNAVAILABLE = {
    "cuda": (AssertionError, "Torch not compiled with CUDA enabled"),
    "xpu": (AssertionError, "Torch not compiled with XPU enabled"),
    "mps": (RuntimeError, "PyTorch is not linked with support for mps devices"),
}


class Device:
    """torch.device: a type and an optional index; compares and hashes by both."""

    __slots__ = ("type", "index")
    __module__ = "torch"   # the class prints as <class 'torch.device'>

    def __init__(self, type=None, index=None) -> None:
        if isinstance(type, Device) and index is None:
            type, index = type.type, type.index
        elif isinstance(type, str):
            kind, own = _parse(type)
            if index is not None:
                if own is not None:
                    raise RuntimeError(f"type (string) must not include an index because index "
                                       f"was passed explicitly: {type}")
                if not isinstance(index, int) or isinstance(index, bool):
                    raise _bad_arguments((type, index))
                if index < 0:
                    raise RuntimeError("Device index must not be negative")
                own = index
            type, index = kind, own
        elif isinstance(type, int) and not isinstance(type, bool) and index is None:
            raise RuntimeError(NO_ACCELERATOR)   # an index alone means the accelerator's
        else:
            raise _bad_arguments(tuple(a for a in (type, index) if a is not None))
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "index", index)

    def __setattr__(self, name, value):
        raise AttributeError(f"attribute '{name}' of 'torch.device' objects is not writable")

    def __repr__(self) -> str:
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self) -> str:
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Device):
            return NotImplemented
        return (self.type, self.index) == (other.type, other.index)

    def __hash__(self) -> int:
        return hash((self.type, self.index))

    def __reduce__(self):
        return (Device, (str(self),))


Device.__name__ = Device.__qualname__ = "device"


def _parse(text: str) -> tuple[str, int | None]:
    if not text:
        raise RuntimeError("Device string must not be empty")
    # c10::Device reads the whole string's form first, then its type
    match = _STRING.fullmatch(text)
    if match is None:
        raise RuntimeError(f"Invalid device string: '{text}'")
    kind = match.group(1)
    if kind not in TYPES:
        raise RuntimeError(f"Expected one of {', '.join(TYPES)} device type at start of device "
                           f"string: {text}")
    index = match.group(2)
    if index is not None and int(index) >= 2 ** 31:   # std::stoi's range
        raise RuntimeError(f"Could not parse device index '{index}' in device string '{text}'")
    return kind, None if index is None else int(index)


def _bad_arguments(args: tuple) -> TypeError:
    got = ", ".join(type(a).__name__ for a in args)
    return TypeError(f"device() received an invalid combination of arguments - got ({got}), but "
                     f"expected one of:\n * (torch.device device)\n * (str type, int index = -1)\n")


CPU = Device("cpu")
_default = [CPU]   # torch.set_default_device's choice, where factories make their tensors


def set_default_device(device) -> None:
    """torch.set_default_device: the device factories use when given none (None: the CPU). Any
    other than the CPU is refused at the next factory call, as the CPU-only build does."""
    _default[0] = CPU if device is None else Device(device)


def get_default_device() -> Device:
    """torch.get_default_device: the device as set when it has an index; otherwise the one an
    empty tensor would be made on (failing, as PyTorch does, on a device this build lacks)."""
    device = _default[0]
    if device.index is None:
        place(device)
    return device


def reset_default_device() -> None:
    _default[0] = CPU


def make_on(device) -> None:
    """Where a factory makes its tensor: `device`, or the default device when none is given."""
    place(_default[0] if device is None else device)


def place(device) -> None:
    """A tensor asked to live on `device` (a device, its string or an index): nothing on the
    CPU; PyTorch's error of the CPU-only build for any other."""
    if device is None or device is CPU or device == "cpu":
        return
    if not isinstance(device, Device):
        if isinstance(device, int) and not isinstance(device, bool):
            raise RuntimeError(NO_ACCELERATOR)
        if not isinstance(device, str):
            raise TypeError(f"expected a torch.device, str or int, not {type(device).__name__}")
        device = Device(device)
    if device.type == "cpu":
        return
    kind, message = _UNAVAILABLE.get(device.type, (RuntimeError, None))
    raise kind(message or f"gradcli runs on the CPU only; device '{device}' is not available")
