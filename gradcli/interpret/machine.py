"""The machine as torch 2.13.0+cpu describes it to a program: its version, no CUDA, no other
accelerator (torch.cuda, torch.accelerator, torch.backends), the CPU as the one device. The
answers and errors are the CPU-only build's, measured."""
from __future__ import annotations

import re

from ..engine import settings
from ..engine.device import (NO_ACCELERATOR, Device, get_default_device,
                             set_default_device)
from . import attributes
from .functions import Builtin
from .modules import Namespace

VERSION = "2.13.0+cpu"
NO_CUDA = "Torch not compiled with CUDA enabled"


class TorchVersion(str):
    """torch.__version__: the version string, compared as a version with strings and tuples of
    numbers ('2.13.0+cpu' >= '2.0', >= (2, 0)): trailing zeros do not count, and a local label
    (+cpu) sorts after the same release without one."""

    __slots__ = ()

    @staticmethod
    def _key(version) -> tuple:
        if isinstance(version, tuple):
            version = ".".join(map(str, version))
        public, _, local = str(version).partition("+")
        release = [int(n) for n in re.findall(r"\d+", public)]
        while release and release[-1] == 0:
            release.pop()
        return tuple(release), bool(local)

    def _compare(self, other, test):
        if not isinstance(other, (str, tuple)):
            return NotImplemented
        return test(self._key(self), self._key(other))

    def __lt__(self, other):
        return self._compare(other, lambda a, b: a < b)

    def __le__(self, other):
        return self._compare(other, lambda a, b: a <= b)

    def __gt__(self, other):
        return self._compare(other, lambda a, b: a > b)

    def __ge__(self, other):
        return self._compare(other, lambda a, b: a >= b)

    def __eq__(self, other):
        return self._compare(other, lambda a, b: a == b)

    def __ne__(self, other):
        return self._compare(other, lambda a, b: a != b)

    __hash__ = str.__hash__


def _no_cuda(*args, **kwargs):
    raise AssertionError(NO_CUDA)


def _no_accelerator(*args, **kwargs):
    raise RuntimeError(NO_ACCELERATOR)


def _nothing(*args, **kwargs) -> None:
    return None


def _named(name: str, fn):
    """`fn` under its PyTorch name (as a program prints it, or reads it in an error)."""
    def function(*args, **kwargs):
        return fn(*args, **kwargs)
    function.__name__ = function.__qualname__ = name
    return function


CUDA = {
    "is_available": lambda: False, "device_count": lambda: 0, "is_initialized": lambda: False,
    "is_bf16_supported": lambda: False, "memory_allocated": lambda device=None: 0,
    "max_memory_allocated": lambda device=None: 0, "memory_reserved": lambda device=None: 0,
    "manual_seed": _nothing, "manual_seed_all": _nothing, "empty_cache": _nothing,
    "current_device": _no_cuda, "get_device_name": _no_cuda, "get_device_properties": _no_cuda,
    "get_device_capability": _no_cuda, "synchronize": _no_cuda, "set_device": _no_cuda,
}
class CudaDevice:
    """torch.cuda.device(d): the context manager that selects a CUDA device. It can be made on
    PyTorch's CPU build (d2l makes them to show what they are); entering it fails."""

    __slots__ = ("idx", "prev_idx")
    __module__ = "torch.cuda"   # type() shows <class 'torch.cuda.device'>

    def __init__(self, device) -> None:
        if isinstance(device, str):
            device = Device(device)
        if isinstance(device, Device):
            if device.type != "cuda":
                raise ValueError(f"Expected a cuda device, but got: {device}")
            device = device.index
        # anything but an index is the current device, and without CUDA there is none
        self.idx, self.prev_idx = device if isinstance(device, int) else None, -1

    def __enter__(self):
        raise RuntimeError("PyTorch was compiled without CUDA support")

    def __exit__(self, *exc) -> bool:
        return False

    def __repr__(self) -> str:
        return f"<torch.cuda.device object at {hex(id(self))}>"


CudaDevice.__name__ = CudaDevice.__qualname__ = "device"
attributes.register(CudaDevice, attributes.Listed(("idx", "prev_idx")))
ACCELERATOR = {
    "is_available": lambda: False, "device_count": lambda: 0,
    "current_accelerator": lambda check_available=False: None,
    "current_device_index": _no_accelerator, "set_device_index": _no_accelerator,
    "synchronize": _no_accelerator,
}


class Cudnn:
    """torch.backends.cudnn: absent on this build, but its switches can be set (programs set
    deterministic and benchmark for reproducibility)."""

    __slots__ = ("enabled", "deterministic", "benchmark")

    def __init__(self) -> None:
        self.enabled, self.deterministic, self.benchmark = True, False, False

    def is_available(self) -> bool:
        return False

    def version(self) -> None:
        return None

    def __repr__(self) -> str:
        return "<module 'torch.backends.cudnn' (gradcli)>"


CUDNN_SWITCHES = ("enabled", "deterministic", "benchmark")
attributes.register(Cudnn, attributes.Listed(CUDNN_SWITCHES + ("is_available", "version"),
                                             CUDNN_SWITCHES))


def namespaces() -> list[Namespace]:
    """torch.cuda, torch.accelerator, torch.backends (and its parts), torch.version."""
    both = {"is_available": lambda: False, "is_built": lambda: False}
    return [
        Namespace("torch.cuda", {**{n: _named(n, f) for n, f in CUDA.items()},
                                 "device": CudaDevice}),
        Namespace("torch.accelerator", {n: _named(n, f) for n, f in ACCELERATOR.items()}),
        Namespace("torch.backends", {"cudnn": Cudnn()}),
        Namespace("torch.backends.mps", {n: _named(n, f) for n, f in both.items()}),
        Namespace("torch.backends.cuda", {"is_built": _named("is_built", lambda: False)}),
        Namespace("torch.version", {"__version__": TorchVersion(VERSION), "cuda": None,
                                    "hip": None, "debug": False}),
    ]


ENTRIES = {"__version__": TorchVersion(VERSION), "device": Device,
           "get_default_device": get_default_device, "set_default_device": set_default_device,
           "use_deterministic_algorithms": settings.use_deterministic_algorithms,
           # torch's C functions, printed as built-in
           **{name: Builtin(name, getattr(settings, name)) for name in (
               "are_deterministic_algorithms_enabled",
               "is_deterministic_algorithms_warn_only_enabled", "get_num_threads",
               "set_num_threads")}}
