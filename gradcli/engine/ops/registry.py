"""The names an op row is reachable by: torch.<name>, Tensor.<name>, torch.nn.functional.<name>,
torch.linalg.<name>."""
from __future__ import annotations

from typing import Callable

FUNCTIONS: dict[str, Callable] = {}    # torch.<name>
METHODS: dict[str, Callable] = {}      # Tensor.<name> (self first), dunders included
FUNCTIONAL: dict[str, Callable] = {}   # torch.nn.functional.<name>
LINALG: dict[str, Callable] = {}       # torch.linalg.<name>
ROWS: dict[str, object] = {}           # grad_fn name -> Op row, for explain and tests


def export(*names: str, torch: bool = True, method: bool = True, functional: bool = False,
           dunders: tuple[str, ...] = (), linalg: tuple[str, ...] = ()):
    """Register a function under its own name (or `names`) in the chosen namespaces, and as
    torch.linalg.<name> for each of `linalg`."""
    def register(fn: Callable) -> Callable:
        public = names or (fn.__name__,)
        # Python names the function in argument errors: 'ones() got an unexpected keyword...'
        fn.__qualname__ = fn.__name__ = public[0].lstrip("_") or fn.__name__
        for name in public:
            if torch:
                FUNCTIONS[name] = fn
            if method:
                METHODS[name] = fn
            if functional:
                FUNCTIONAL[name] = fn
        for d in dunders:
            METHODS[d] = fn
        for name in linalg:
            LINALG[name] = fn
        return fn
    return register


def row(op):
    """Record an op row by its grad_fn name; returns the row."""
    if op.grad_fn is not None:
        ROWS.setdefault(op.grad_fn, op)
    return op
