"""Resource bounds a program cannot pass: the number of elements in one tensor."""
from __future__ import annotations

import math

DEFAULT_MAX_ELEMENTS = 100_000_000  # 400 MB of float32: generous for learning, safe on 24 GiB


class Limits:
    __slots__ = ("max_elements",)

    def __init__(self) -> None:
        self.max_elements = DEFAULT_MAX_ELEMENTS


limits = Limits()


# what one tensor costs in memory whatever its elements (its objects, its array header), in
# elements: an op that makes many tensors (unbind of a (0, 10**9) tensor, tensor_split) pays it
TENSOR_COST = 64


def check_outputs(n: int) -> None:
    """Refuse, before making them, more tensors from one call than the element limit pays for
    (an empty tensor passes check_shape whatever its other sizes)."""
    if n * TENSOR_COST > limits.max_elements:
        raise RuntimeError(f"{n} tensors from one call are more than gradcli's limit of "
                           f"{limits.max_elements // TENSOR_COST} (--max-elements or "
                           f"GRADCLI_MAX_ELEMENTS change it)")


def check_shape(shape) -> None:
    """Refuse, before allocating, a tensor with more elements than the limit."""
    if any(s < 0 for s in shape):
        bad = next(s for s in shape if s < 0)
        raise RuntimeError(f"Trying to create tensor with negative dimension {bad}: "
                           f"[{', '.join(map(str, shape))}]")
    n = math.prod(shape)
    if n > limits.max_elements:
        raise RuntimeError(f"a tensor of shape [{', '.join(map(str, shape))}] would have {n} "
                           f"elements, more than gradcli's limit of {limits.max_elements} "
                           f"(--max-elements or GRADCLI_MAX_ELEMENTS change it)")
