"""Python's random module: CPython's own Mersenne Twister, so the streams are Python's, drawn
from a private Random per run of a program (seeded from the system, as a new process is), never
the process-wide one; the two calls that could build unbounded results are bounded."""
from __future__ import annotations

import random as _random

from .. import attributes, classes
from ..compiler import MAX_SEQUENCE
from . import Host, on_start

MAX_BITS = 1_000_000   # getrandbits(k): as for **, no integer over a million bits

METHODS = ("seed", "random", "uniform", "randint", "randrange", "choice", "choices", "shuffle",
           "sample", "gauss", "normalvariate", "lognormvariate", "expovariate", "vonmisesvariate",
           "gammavariate", "betavariate", "paretovariate", "weibullvariate", "triangular",
           "getstate", "setstate", "getrandbits")


class Random(_random.Random):
    __module__ = "random"


def _getrandbits(rng: Random):
    def getrandbits(k, /):
        if isinstance(k, int) and k > MAX_BITS:
            raise OverflowError(f"getrandbits() result too large for gradcli (over a million "
                                f"bits)")
        return rng.getrandbits(k)
    return getrandbits


def _choices(rng: Random):
    def choices(population, weights=None, *, cum_weights=None, k=1):
        if isinstance(k, int) and k > MAX_SEQUENCE:
            raise MemoryError(f"a list of {k} items is more than gradcli's limit of "
                              f"{MAX_SEQUENCE}")
        return rng.choices(population, weights, cum_weights=cum_weights, k=k)
    return choices


GUARDED = {"getrandbits": _getrandbits, "choices": _choices}


def _method(rng: Random, name: str):
    guard = GUARDED.get(name)
    return guard(rng) if guard is not None else getattr(rng, name)


def _attribute(rng: Random, name: str):
    if name in METHODS:
        return _method(rng, name)
    raise attributes.no_attribute(rng, name)


attributes.register(Random, attributes.Custom(_attribute, lambda rng: sorted(METHODS)))
classes.hand_out(Random)

_program = Random()
ENTRIES = {name: _method(_program, name) for name in METHODS}
ENTRIES["Random"] = Random


@on_start
def _begin(host: Host) -> None:
    _program.seed()
