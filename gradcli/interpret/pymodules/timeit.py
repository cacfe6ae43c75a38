"""Python's timeit module for a program: its default timer, and timeit/repeat of a function (a
string of code cannot run: gradcli runs only the program's own language)."""
from __future__ import annotations

import gc
import time

default_timer = time.perf_counter


def _callable(value, what: str):
    if value == "pass":
        return None
    if isinstance(value, str) or not callable(value):
        raise TypeError(f"gradcli's timeit takes a function as {what}, not "
                        f"{type(value).__name__}")
    return value


def timeit(stmt="pass", setup="pass", timer=default_timer, number=1000000, globals=None):
    """Seconds taken by `number` calls of stmt, after one call of setup, with the garbage
    collector paused, as Python's Timer.timeit."""
    stmt, setup = _callable(stmt, "stmt"), _callable(setup, "setup")
    if setup is not None:
        setup()
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = timer()
        for _ in range(number):
            if stmt is not None:
                stmt()
        return timer() - start
    finally:
        if enabled:
            gc.enable()


def repeat(stmt="pass", setup="pass", timer=default_timer, repeat=5, number=1000000,
           globals=None):
    return [timeit(stmt, setup, timer, number) for _ in range(repeat)]


ENTRIES = {"default_timer": default_timer, "timeit": timeit, "repeat": repeat}
