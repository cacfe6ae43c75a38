"""Python's statistics module for a program; mode and multimode, which count values in a dict,
check them as dict keys first."""
from __future__ import annotations

import statistics

from .. import builtins as B


def mode(data):
    return statistics.mode(B.keys(data))


def multimode(data):
    return statistics.multimode(B.keys(data))


ENTRIES = {name: getattr(statistics, name) for name in (
    "mean", "fmean", "geometric_mean", "harmonic_mean", "median", "median_low", "median_high",
    "median_grouped", "pstdev", "pvariance", "stdev", "variance", "quantiles",
    "StatisticsError")}
ENTRIES.update(mode=mode, multimode=multimode)
