"""torch.device and placement, against what torch 2.13.0+cpu answered (conformance has the rest)."""
from __future__ import annotations

import pytest

from gradcli.engine.device import CPU, Device, place

# constructor arguments -> repr, str
DEVICES = [
    (("cpu",), "device(type='cpu')", "cpu"),
    (("cuda",), "device(type='cuda')", "cuda"),
    (("cuda:0",), "device(type='cuda', index=0)", "cuda:0"),
    (("cuda", 1), "device(type='cuda', index=1)", "cuda:1"),
    (("cpu:1",), "device(type='cpu', index=1)", "cpu:1"),
    (("meta",), "device(type='meta')", "meta"),
    ((CPU,), "device(type='cpu')", "cpu"),
]
TYPES = ("cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, "
         "vulkan, mps, meta, hpu, mtia, privateuseone")
# constructor arguments -> error type, message
BAD = [
    (("gpu",), RuntimeError, f"Expected one of {TYPES} device type at start of device string: gpu"),
    (("CUDA",), RuntimeError, f"Expected one of {TYPES} device type at start of device string: CUDA"),
    (("cuda:x",), RuntimeError, "Invalid device string: 'cuda:x'"),
    (("cuda:-1",), RuntimeError, "Invalid device string: 'cuda:-1'"),
    (("cuda:01",), RuntimeError, "Invalid device string: 'cuda:01'"),
    (("cpu ",), RuntimeError, "Invalid device string: 'cpu '"),
    (("",), RuntimeError, "Device string must not be empty"),
    ((0,), RuntimeError, "Cannot access accelerator device when none is available."),
    (("cuda", -1), RuntimeError, "Device index must not be negative"),
    (("cuda:0", 1), RuntimeError, "type (string) must not include an index because index was "
                                  "passed explicitly: cuda:0"),
    ((1.5,), TypeError, "device() received an invalid combination of arguments - got (float), "
                        "but expected one of:"),
]
# where a tensor is asked to go -> error type, message (None: it stays on the CPU)
PLACES = [
    (None, None, None), ("cpu", None, None), ("cpu:0", None, None), (CPU, None, None),
    ("cuda", AssertionError, "Torch not compiled with CUDA enabled"),
    (Device("cuda", 0), AssertionError, "Torch not compiled with CUDA enabled"),
    ("xpu", AssertionError, "Torch not compiled with XPU enabled"),
    ("mps", RuntimeError, "PyTorch is not linked with support for mps devices"),
    (0, RuntimeError, "Cannot access accelerator device when none is available."),
]


@pytest.mark.parametrize("args, text, short", DEVICES, ids=[d[2] for d in DEVICES])
def test_device(args, text, short):
    d = Device(*args)
    assert (repr(d), str(d), f"{d}") == (text, short, short)


@pytest.mark.parametrize("args, kind, message", BAD, ids=[repr(b[0]) for b in BAD])
def test_bad_device(args, kind, message):
    with pytest.raises(kind) as info:
        Device(*args)
    assert str(info.value).startswith(message)


def test_devices_compare_by_type_and_index():
    assert Device("cpu") == CPU and hash(Device("cpu")) == hash(CPU)
    assert Device("cpu:0") != CPU and Device("cpu") != "cpu"
    with pytest.raises(AttributeError):
        CPU.type = "cuda"


@pytest.mark.parametrize("device, kind, message", PLACES, ids=[str(p[0]) for p in PLACES])
def test_place(device, kind, message):
    if kind is None:
        place(device)
        return
    with pytest.raises(kind, match=message):
        place(device)
