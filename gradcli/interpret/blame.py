"""Whose error an exception is: the program's (PyTorch's or Python's error, as PyTorch and Python
would raise it) or gradcli's own (a bug, to be reported as one).

The engine raises PyTorch's errors on purpose, with `raise` statements, as ATen raises them with
its checks: an exception that left the engine from any other instruction (a KeyError of a
mistyped name, NumPy's own ValueError, a TypeError of Python's about an argument the engine
passed on) is a bug. The interpreter and the library (torch.nn, optim, ... written in Python,
as PyTorch's own are) let Python's exceptions about the program's values through, as Python
and PyTorch's Python code do. Running out of memory or stack, and Ctrl-C, are nobody's bug.
"""
from __future__ import annotations

import dis
import os

_RAISES = frozenset(dis.opmap[name] for name in ("RAISE_VARARGS", "RERAISE") if name in dis.opmap)
_ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "engine")
_PACKAGE = os.path.dirname(_ENGINE)
_NOBODYS = (MemoryError, RecursionError, KeyboardInterrupt, SystemExit)


def _in(folder: str, filename: str) -> bool:
    return filename.startswith(folder + os.sep)


def _frames(error: BaseException) -> list:
    frames, tb = [], error.__traceback__
    while tb is not None:
        frames.append((tb.tb_frame.f_code, tb.tb_lasti))
        tb = tb.tb_next
    return frames


def outside_engine(error: BaseException) -> bool:
    """Was `error` raised before any of the engine's code ran (a call that did not bind)?"""
    return not any(_in(_ENGINE, code.co_filename) for code, _ in _frames(error))


def is_bug(error: BaseException) -> bool:
    """Did gradcli, not the program, cause `error`?"""
    if getattr(error, "_gradcli_raised", False) or isinstance(error, _NOBODYS):
        return False
    frames = _frames(error)
    if not frames:
        return False
    code, lasti = frames[-1]
    if _in(_ENGINE, code.co_filename):
        # the engine's own raise statements are PyTorch's errors; a __getattr__'s AttributeError
        # is Python's protocol for a name it lacks (a rule reading a value nobody saved)
        opcode = code.co_code[lasti] if 0 <= lasti < len(code.co_code) else None
        return opcode not in _RAISES or code.co_name == "__getattr__"
    if _in(_PACKAGE, code.co_filename):
        return False
    # raised outside gradcli (NumPy's Python code, Python's library): blame the gradcli frame
    # that called it
    for code, _ in reversed(frames):
        if _in(_PACKAGE, code.co_filename):
            return _in(_ENGINE, code.co_filename)
    return False
