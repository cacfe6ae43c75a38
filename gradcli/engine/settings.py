"""The process-wide switches a program sets on torch (threads, deterministic algorithms).

gradcli computes as one thread does (the corpus is recorded with OMP_NUM_THREADS=1) and every
kernel of it is deterministic, so they change what the program reads back, nothing else."""
from __future__ import annotations

from .arguments import type_name


class Settings:
    __slots__ = ("threads", "deterministic", "warn_only")

    def __init__(self) -> None:
        self.threads, self.deterministic, self.warn_only = 1, False, False


SETTINGS = Settings()


def use_deterministic_algorithms(mode, *, warn_only=False) -> None:
    for name, value, where in (("mode", mode, " (position 1)"), ("warn_only", warn_only, "")):
        if type(value) is not bool:
            raise TypeError(f"_set_deterministic_algorithms(): argument '{name}'{where} must be "
                            f"bool, not {type_name(value)}")
    SETTINGS.deterministic, SETTINGS.warn_only = mode, warn_only


def set_num_threads(n) -> None:
    if type(n) is not int:
        raise RuntimeError(f"set_num_threads expects an int, but got {type_name(n)}")
    if n <= 0:
        raise RuntimeError("set_num_threads expects a positive integer")
    SETTINGS.threads = n


def get_num_threads() -> int:
    return SETTINGS.threads


def are_deterministic_algorithms_enabled() -> bool:
    return SETTINGS.deterministic


def is_deterministic_algorithms_warn_only_enabled() -> bool:
    return SETTINGS.warn_only


def reset() -> None:
    """A fresh process: one thread, nothing asked of the algorithms."""
    SETTINGS.__init__()
