"""A 100,000-node graph: backward walks it to the end, without Python's recursion limit (a
hundred times over it; bench/run.py's 1M row runs a million-node chain whole)."""
from __future__ import annotations

import gc

from gradcli.engine import Tensor
from gradcli.engine.factories import tensor

NODES = 100_000
# float32 rounds 1.0000001 to 1 + 2**-23, and below 1.5 each product by it rounds to exactly
# one more unit in the last place: after n factors the value is 1 + n * 2**-23, exactly. So the
# gradient counts the nodes backward passed through (one lost or repeated would show).
FACTOR = 1.0000001
ULP = 2.0 ** -23


def test_backward_through_a_long_chain():
    was_enabled = gc.isenabled()
    # the graph holds no reference cycles: the cyclic collector would only rescan it, and
    # its rescans are most of the time this test would otherwise take
    gc.disable()
    try:
        x = tensor(1.0, requires_grad=True)
        y = x
        for _ in range(NODES):
            y = y * FACTOR
        assert isinstance(y, Tensor) and y.grad_fn.name() == "MulBackward0"
        y.backward()
        assert y.item() == 1.0 + NODES * ULP
        assert x.grad.item() == 1.0 + NODES * ULP
        del y
    finally:
        if was_enabled:
            gc.enable()
