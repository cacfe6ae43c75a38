"""Long NumPy calls, run on a worker thread so that Ctrl-C reaches the program at once.

NumPy releases the GIL inside its loops (BLAS products, its own integer matmul, sorting,
LAPACK), but the thread that called it stays in C until the call returns, and Python handles a
signal only between instructions: a Ctrl-C would wait for the whole call (65 s for an int64
matmul of 3000 x 3000, which has no BLAS path). So a call with much work to do runs on a worker
while the main thread waits on an event, a wait that a signal interrupts. When it is
interrupted, the call is abandoned: its result, a new array, is dropped when the worker ends;
it writes to nothing the program can see, so the program's state is as the statement found it.
"""
from __future__ import annotations

import contextvars
import threading
from typing import Callable

# elementary steps (multiply-adds, comparisons) that end within a blink: run where called
LONG = 20_000_000


def run(steps: int, fn: Callable, *args, **kwargs):
    """fn(*args, **kwargs), on a worker when it takes `steps` of LONG or more."""
    if steps < LONG:
        return fn(*args, **kwargs)
    outcome: list = []
    done = threading.Event()
    context = contextvars.copy_context()   # NumPy's errstate lives in a context variable

    def work() -> None:
        try:
            outcome.append((True, context.run(fn, *args, **kwargs)))
        except BaseException as e:   # handed to the waiting thread, which raises it
            outcome.append((False, e))
        finally:
            done.set()

    threading.Thread(target=work, name="gradcli-numpy", daemon=True).start()
    done.wait()
    ok, value = outcome[0]
    if ok:
        return value
    raise value
