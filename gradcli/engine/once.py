"""PyTorch's TORCH_WARN_ONCE: a warning a process gives the first time it meets it, never again."""
from __future__ import annotations

import warnings

_given: set[str] = set()   # the keys of the warnings this program has been given


def warn_once(key: str, message: str) -> None:
    """Warn `message` (a UserWarning, shown at the program's line) unless the warning `key` was
    given before."""
    if key not in _given:
        _given.add(key)
        warnings.warn(message, UserWarning)


def reset() -> None:
    """A fresh process: every warning is given again."""
    _given.clear()
