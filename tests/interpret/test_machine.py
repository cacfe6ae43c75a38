"""The machine as torch 2.13.0+cpu describes it: version, CUDA, accelerators, backends."""
from __future__ import annotations

import pytest

from gradcli.interpret import builtins as B
from gradcli.interpret import modules
from gradcli.interpret.machine import VERSION, TorchVersion

V = TorchVersion(VERSION)


@pytest.mark.parametrize("comparison, expected", [
    (lambda: V >= "2.0", True), (lambda: V < "2.14", True), (lambda: V > "2.13", True),
    (lambda: V == "2.13.0+cpu", True), (lambda: V == "2.13.0", False), (lambda: V >= (2, 0), True),
    (lambda: V > "2.13.0", True), (lambda: V < "2.13.1", True), (lambda: V == (2, 13, 0), False),
    (lambda: V > (2, 13), True), (lambda: V < (3,), True), (lambda: V[:4], "2.13"),
    (lambda: str(V), "2.13.0+cpu"),
    (lambda: V.split("."), ["2", "13", "0+cpu"]),
])
def test_version_compares_as_pytorchs_does(comparison, expected):
    assert comparison() == expected


# module, name, arguments -> answer, or error type and message
CALLS = [
    ("torch.cuda", "is_available", (), False), ("torch.cuda", "device_count", (), 0),
    ("torch.cuda", "is_initialized", (), False), ("torch.cuda", "manual_seed", (0,), None),
    ("torch.cuda", "memory_allocated", (), 0),
    ("torch.cuda", "current_device", (), (AssertionError, "Torch not compiled with CUDA enabled")),
    ("torch.cuda", "get_device_name", (0,), (AssertionError, "Torch not compiled with CUDA")),
    ("torch.accelerator", "is_available", (), False),
    ("torch.accelerator", "current_accelerator", (), None),
    ("torch.accelerator", "device_count", (), 0),
    ("torch.accelerator", "current_device_index", (),
     (RuntimeError, "Cannot access accelerator device when none is available.")),
    ("torch.backends.mps", "is_available", (), False), ("torch.backends.mps", "is_built", (), False),
]


@pytest.mark.parametrize("module, name, args, answer", CALLS, ids=[f"{c[0]}.{c[1]}" for c in CALLS])
def test_the_machine_has_no_accelerator(module, name, args, answer):
    fn = B.get_attribute(modules.find(module), name)
    assert fn.__name__ == name
    if isinstance(answer, tuple):
        with pytest.raises(answer[0], match=answer[1]):
            fn(*args)
    else:
        assert fn(*args) == answer


def test_cudnn_switches_can_be_set_and_nothing_else():
    cudnn = B.get_attribute(modules.find("torch.backends"), "cudnn")
    B.set_attribute(cudnn, "deterministic", True)
    try:
        assert cudnn.deterministic is True and cudnn.is_available() is False
        with pytest.raises(AttributeError):
            B.set_attribute(cudnn, "is_available", True)
    finally:
        B.set_attribute(cudnn, "deterministic", False)
