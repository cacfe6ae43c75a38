"""The generators the library hands out (Module.parameters() and the like): iterators that print
as Python's do, and hold no frame a program could reach."""
from __future__ import annotations

from typing import Iterator


class LibraryGenerator:
    """A generator as a program sees it: it iterates, and prints as
    `<generator object Module.parameters at 0x...>`; nothing else of it is reachable."""

    __slots__ = ("_it", "_qualname")

    def __init__(self, it: Iterator, qualname: str) -> None:
        self._it = it
        self._qualname = qualname

    def __iter__(self) -> "LibraryGenerator":
        return self

    def __next__(self):
        return next(self._it)

    def __repr__(self) -> str:
        return f"<generator object {self._qualname} at {hex(id(self))}>"
