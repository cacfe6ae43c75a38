"""torch.return_types: the (values, indices) named tuples that max and min by a dim return."""
from __future__ import annotations


class ValuesIndices(tuple):
    """A pair that unpacks, indexes and names its fields as PyTorch's structseq does."""

    __slots__ = ()
    _fields = ("values", "indices")
    kind = ""

    def __new__(cls, values, indices):
        return tuple.__new__(cls, (values, indices))

    @property
    def values(self):
        return self[0]

    @property
    def indices(self):
        return self[1]

    def __repr__(self) -> str:
        return f"torch.return_types.{self.kind}(\nvalues={self[0]!r},\nindices={self[1]!r})"

    __str__ = __repr__


def _return_type(kind: str) -> type:
    # Python names a type by __name__ in its messages ("'torch.return_types.max' object has no
    # attribute 'x'"), and PyTorch's structseq types carry the dotted name there.
    return type(f"torch.return_types.{kind}", (ValuesIndices,), {"__slots__": (), "kind": kind})


max = _return_type("max")
min = _return_type("min")
sort = _return_type("sort")
