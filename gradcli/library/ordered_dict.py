"""collections.OrderedDict as Python 3.11 prints it, on any Python (3.12 changed its repr)."""
from __future__ import annotations

import collections
import reprlib


class OrderedDict(collections.OrderedDict):
    """An OrderedDict whose repr is the list of pairs: OrderedDict([('a', 1)])."""

    __module__ = "collections"   # type(d) prints <class 'collections.OrderedDict'>

    @reprlib.recursive_repr()
    def __repr__(self) -> str:
        if not self:
            return f"{type(self).__name__}()"
        return f"{type(self).__name__}({list(self.items())!r})"
