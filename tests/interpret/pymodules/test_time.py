"""time: the clocks and formatting as Python's; sleep bounded, and stopped by Ctrl-C."""
from __future__ import annotations

import time

import pytest

from gradcli.interpret import modules as M


def entries():
    return M.find("time").entries


@pytest.mark.parametrize("call, expected", [
    (lambda t: t["strftime"]("%Y-%m-%d %H:%M", t["gmtime"](0)), "1970-01-01 00:00"),
    (lambda t: t["gmtime"](86400).tm_mday, 2),
    (lambda t: t["asctime"](t["gmtime"](0)), "Thu Jan  1 00:00:00 1970"),
    (lambda t: repr(t["gmtime"](0)), repr(time.gmtime(0))),
    (lambda t: type(t["time"]()), float),
    (lambda t: t["sleep"](0), None),
])
def test_as_python(call, expected):
    assert call(entries()) == expected


@pytest.mark.parametrize("secs, kind, message", [
    (61, ValueError, "gradcli's time.sleep() waits at most 60 seconds, not 61"),
    (-1, ValueError, "sleep length must be non-negative"),
    ("a", TypeError, "'str' object cannot be interpreted as an integer"),
])
def test_sleep_refuses(secs, kind, message):
    with pytest.raises(kind) as e:
        entries()["sleep"](secs)
    assert str(e.value) == message


def test_sleep_is_stopped_by_an_interrupt(monkeypatch):
    def interrupted(secs):
        raise KeyboardInterrupt
    monkeypatch.setattr(time, "sleep", interrupted)
    with pytest.raises(KeyboardInterrupt):
        entries()["sleep"](10)


def test_timeit_times_functions_only():
    timeit = M.find("timeit").entries
    calls = []
    assert timeit["timeit"](lambda: calls.append(1), number=3) >= 0 and calls == [1, 1, 1]
    assert timeit["default_timer"] is time.perf_counter
    with pytest.raises(TypeError, match="gradcli's timeit takes a function as stmt, not str"):
        timeit["timeit"]("import os")
