"""Python's time module for a program: the clocks, sleep (at most a minute, and Ctrl-C stops it
as it stops Python's) and the conversions and formatting of times."""
from __future__ import annotations

import time

from .. import attributes
from ..functions import Builtin

MAX_SLEEP = 60.0


def sleep(secs, /):
    if isinstance(secs, (int, float)) and secs > MAX_SLEEP:
        raise ValueError(f"gradcli's time.sleep() waits at most {MAX_SLEEP:g} seconds, "
                         f"not {secs}")
    time.sleep(secs)


attributes.register(time.struct_time, attributes.Listed(
    n for n in dir(time.localtime(0)) if not n.startswith("_")))

ENTRIES = {name: getattr(time, name) for name in (
    "time", "time_ns", "perf_counter", "perf_counter_ns", "process_time", "process_time_ns",
    "monotonic", "monotonic_ns", "strftime", "strptime", "localtime", "gmtime", "mktime",
    "asctime", "ctime", "struct_time", "timezone", "altzone", "daylight", "tzname")}
ENTRIES["sleep"] = Builtin("sleep", sleep)
