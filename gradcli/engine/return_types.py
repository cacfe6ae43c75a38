"""torch.return_types: the named tuples that selections along a dim (max, min, sort, topk,
median, mode, kthvalue...), aminmax, std_mean and the SVDs return."""
from __future__ import annotations

from operator import itemgetter


class ReturnType(tuple):
    """A tuple that unpacks, indexes and names its fields as PyTorch's structseq does."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    kind = ""

    def __new__(cls, *values):
        return tuple.__new__(cls, values)

    def __repr__(self) -> str:
        fields = ",\n".join(f"{name}={value!r}" for name, value in zip(self._fields, self))
        return f"torch.return_types.{self.kind}(\n{fields})"

    __str__ = __repr__


def _fields(*names: str) -> type:
    """The base of the return types with these fields, each readable by its name."""
    namespace = {name: property(itemgetter(i)) for i, name in enumerate(names)}
    return type(ReturnType)("".join(n.capitalize() for n in names), (ReturnType,),
                            {"__slots__": (), "_fields": names, **namespace})


ValuesIndices = _fields("values", "indices")
USV = _fields("U", "S", "V")
USVh = _fields("U", "S", "Vh")


def _return_type(kind: str, base: type) -> type:
    # Python names a type by __name__ in its messages ("'torch.return_types.max' object has no
    # attribute 'x'"), and PyTorch's structseq types carry the dotted name there.
    return type(f"torch.return_types.{kind}", (base,), {"__slots__": (), "kind": kind})


max = _return_type("max", ValuesIndices)
min = _return_type("min", ValuesIndices)
sort = _return_type("sort", ValuesIndices)
topk = _return_type("topk", ValuesIndices)
median = _return_type("median", ValuesIndices)
nanmedian = _return_type("nanmedian", ValuesIndices)
mode = _return_type("mode", ValuesIndices)
kthvalue = _return_type("kthvalue", ValuesIndices)
aminmax = _return_type("aminmax", _fields("min", "max"))
svd = _return_type("svd", USV)
linalg_svd = _return_type("linalg_svd", USVh)
