"""Builtins that need the running interpreter (they write to its output): print and friends."""
from __future__ import annotations


def bind(interpreter) -> dict:
    """The interpreter-bound builtins, by name."""
    return {"print": interpreter._print}
