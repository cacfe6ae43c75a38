"""Grad mode: whether new operations are recorded (no_grad, enable_grad, set_grad_enabled)."""
from __future__ import annotations

import functools


class _State:
    __slots__ = ("enabled", "inference")

    def __init__(self) -> None:
        self.enabled = True
        self.inference = False   # inside inference_mode(): new tensors are inference tensors


state = _State()
# told when inference mode turns on or off (tensor.py: new tensors are marked only meanwhile)
INFERENCE_SWITCHES: list = []


def _set_inference(on: bool) -> None:
    if state.inference != on:
        state.inference = on
        for switch in INFERENCE_SWITCHES:
            switch(on)


def is_inference_mode_enabled() -> bool:
    return state.inference


def is_grad_enabled() -> bool:
    return state.enabled


class _Mode:
    """A context manager that sets grad mode on entry and restores it on exit."""

    __slots__ = ("_mode", "_prev")
    _name = "_Mode"

    def __init__(self, mode: bool) -> None:
        self._mode = mode
        self._prev: list[bool] = []

    def __enter__(self):
        self._prev.append(state.enabled)
        state.enabled = self._mode
        return None

    def __exit__(self, *exc) -> bool:
        state.enabled = self._prev.pop()
        return False

    def _again(self) -> "_Mode":
        """A fresh context of this mode, for each call of a function it decorates."""
        return _Mode(self._mode)

    def __call__(self, fn):
        """Used as a decorator: run fn in this mode."""
        again = self._again

        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            with again():
                return fn(*args, **kwargs)
        # printed as the function it decorates (a program's own functions have no qualname)
        wrapped.__qualname__ = getattr(fn, "__qualname__", getattr(fn, "__name__", "wrapped"))
        return wrapped

    def __repr__(self) -> str:
        return f"<torch.autograd.grad_mode.{self._name} object at {hex(id(self))}>"


class no_grad(_Mode):
    __slots__ = ()
    _name = "no_grad"

    def __init__(self) -> None:
        super().__init__(False)


class enable_grad(_Mode):
    __slots__ = ()
    _name = "enable_grad"

    def __init__(self) -> None:
        super().__init__(True)


class inference_mode(_Mode):
    """no_grad, and the tensors made meanwhile are inference tensors; inference_mode(False)
    turns both off, as c10::InferenceMode(false) does."""

    __slots__ = ("_inference",)
    _name = "inference_mode"

    def __init__(self, mode: bool = True) -> None:
        super().__init__(not mode)
        self._inference: list[bool] = []

    def __enter__(self):
        self._inference.append(state.inference)
        _set_inference(not self._mode)
        return super().__enter__()

    def __exit__(self, *exc) -> bool:
        _set_inference(self._inference.pop())
        return super().__exit__(*exc)

    def _again(self) -> "inference_mode":
        return inference_mode(not self._mode)


class set_grad_enabled(_Mode):
    """Takes effect at once (as a call) and, as a context, restores the mode it found."""

    __slots__ = ()
    _name = "set_grad_enabled"

    def __init__(self, mode: bool) -> None:
        super().__init__(bool(mode))
        self._prev.append(state.enabled)
        state.enabled = bool(mode)

    def __enter__(self):
        return None

    def __exit__(self, *exc) -> bool:
        state.enabled = self._prev.pop()
        return False


for _mode in (no_grad, enable_grad, inference_mode, set_grad_enabled):
    _mode.__module__ = "torch.autograd.grad_mode"   # type(torch.no_grad()) shows it, as PyTorch's
