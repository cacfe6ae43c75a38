"""The :vars table: a session's variables, with what autograd knows of each tensor."""
from __future__ import annotations

from rich import box
from rich.table import Table

from ..engine.tensor import Tensor

COLUMNS = ("name", "shape", "dtype", "requires_grad", "is_leaf", "grad_fn")


def _tensor_row(t: Tensor) -> tuple[str, ...]:
    grad_fn = t.grad_fn.name().rsplit("::", 1)[-1] if t.grad_fn is not None else ""
    return (str(list(t.shape)), repr(t.dtype), str(t.requires_grad), str(t.is_leaf), grad_fn)


def variables_table(variables: dict) -> Table:
    """One row per variable in definition order; a value that is not a tensor shows its type."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column(COLUMNS[0], style="vars.name")
    for column in COLUMNS[1:]:
        table.add_column(column)
    for name, value in variables.items():
        if isinstance(value, Tensor):
            table.add_row(name, *_tensor_row(value))
        else:
            table.add_row(name, "", type(value).__name__.lower(), "", "", "", style="repl.note")
    return table
