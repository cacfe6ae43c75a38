"""Whose error an exception is: the program's (PyTorch's or Python's error, as PyTorch and Python
would raise it) or gradcli's own (a bug, to be reported as one).

The engine raises PyTorch's errors on purpose, with `raise` statements, as ATen raises them with
its checks, and so does the library (torch.nn, optim, data... in Python, as PyTorch's own are):
an exception that left either from any other instruction (but in the library's code marked as
failing as PyTorch's own Python code fails, library.PYTHONS_ERRORS) (a KeyError of a mistyped
name, NumPy's own ValueError, a TypeError of Python's about a value they passed on) is a bug. The facades of
Python's modules hand the program's values to Python's own functions: what those raise (from C,
at the call, or from Python's library code) is Python's error, as are the facades' own raise
statements; any other instruction of theirs that fails is a bug. The interpreter lets Python's
exceptions about the program's values through, as Python does. Running out of memory or stack,
and Ctrl-C, are nobody's bug; a StopIteration is the end of an iteration, wherever it comes from.
"""
from __future__ import annotations

import dis
import os
import types

from ..engine import interruptible
from ..engine.ops.inplace import FORWARDERS
from ..engine.out import call_with_out
from ..library import PYTHONS_ERRORS

_RAISES = frozenset(dis.opmap[name] for name in ("RAISE_VARARGS", "RERAISE") if name in dis.opmap)
# a hot call site's specialized PRECALL makes the call itself (CPython 3.11)
_CALLS = frozenset(dis.opmap[name] for name in ("PRECALL", "CALL", "CALL_FUNCTION_EX")
                   if name in dis.opmap)
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_ENGINE, _LIBRARY = (os.path.join(_PACKAGE, name) for name in ("engine", "library"))
_FACADES = os.path.join(_PACKAGE, "interpret", "pymodules")
_NOBODYS = (MemoryError, RecursionError, KeyboardInterrupt, SystemExit, StopIteration)


def _in(folder: str, filename: str) -> bool:
    return filename.startswith(folder + os.sep)


def _strict(filename: str) -> bool:
    """Is this code whose only deliberate errors are its raise statements?"""
    return _in(_ENGINE, filename) or _in(_LIBRARY, filename)


# the worker a long NumPy call runs on (engine/interruptible.py) stands in for the call: its
# frames are passed over, so that an error is blamed as if the call had run where it was made
_WORKER = frozenset({interruptible.run.__code__, *(
    c for c in interruptible.run.__code__.co_consts if isinstance(c, types.CodeType))})


def _frames(error: BaseException) -> list:
    frames, tb = [], error.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code not in _WORKER:
            frames.append((tb.tb_frame.f_code, tb.tb_lasti))
        tb = tb.tb_next
    return frames


# engine code that calls the function a program named with the program's arguments: failing
# at that call (the innermost frame, at a call instruction) is the call not binding
_CALLERS = frozenset({call_with_out.__code__})


def outside_engine(error: BaseException) -> bool:
    """Was `error` raised before any of the engine's code but its forwarders ran (a call that
    did not bind)?"""
    frames = _frames(error)
    ran = [(code, lasti) for code, lasti in frames
           if _in(_ENGINE, code.co_filename) and code not in FORWARDERS]
    if ran == frames[-1:] and ran and ran[0][0] in _CALLERS:
        code, lasti = ran[0]
        return 0 <= lasti < len(code.co_code) and code.co_code[lasti] in _CALLS
    return not ran


def is_bug(error: BaseException) -> bool:
    """Did gradcli, not the program, cause `error`?"""
    if getattr(error, "_gradcli_raised", False) or isinstance(error, _NOBODYS):
        return False
    frames = _frames(error)
    if not frames:
        return False
    code, lasti = frames[-1]
    opcode = code.co_code[lasti] if 0 <= lasti < len(code.co_code) else None
    if code in PYTHONS_ERRORS:   # the library's code that fails as PyTorch's does
        return False
    if _strict(code.co_filename):
        # an engine __getattr__'s AttributeError is Python's protocol for a name it lacks: a
        # rule reading a value nobody saved
        return opcode not in _RAISES or \
            code.co_name == "__getattr__" and _in(_ENGINE, code.co_filename)
    if _in(_FACADES, code.co_filename):
        return opcode not in _RAISES | _CALLS
    if _in(_PACKAGE, code.co_filename):
        return False
    # raised outside gradcli (NumPy's Python code, Python's library): blame the gradcli frame
    # that called it
    for code, _ in reversed(frames):
        if _in(_PACKAGE, code.co_filename):
            return _strict(code.co_filename)
    return False
