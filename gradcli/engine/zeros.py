"""PyTorch's efficient zero tensor (at::_efficientzerotensor) as a backward pass meets it.

sgn's derivative of a real input (FunctionsManual's sgn_backward) is a zero tensor that holds no
data: mul and div take it for zeros without reading their other operand, so the rows whose
derivatives multiply or divide the gradient hand zeros on where 0 · inf would be nan (the second
derivative of |log x| at x = 0 is finite). Any other row, a hook, a captured gradient and a leaf's
.grad see ordinary zeros (ATen's ZeroTensor fallback materialises them). Where a pass adds one
to another gradient of the same input, the sum is InputBuffer's (accumulate, below).
"""
from __future__ import annotations

import math

import numpy as np

from .tensor import Tensor

# The inputs (by position) to which a row hands an efficient zero on: derivatives.yaml's formula
# for them is the gradient itself, a view of it, or it times or over something (ATen keeps a
# zero tensor through mul, div and views; neg, sum, clone-by-copy, where, index and the backward
# kernels make it ordinary zeros, so -grad gives -0.)
_ALL = range(64)   # every input
PASSING = {
    "AbsBackward0": _ALL, "AcosBackward0": _ALL, "AddBackward0": _ALL, "AsinBackward0": _ALL,
    "AtanBackward0": _ALL, "CatBackward0": _ALL, "CloneBackward0": _ALL,
    "CosBackward0": _ALL, "CoshBackward0": _ALL, "DivBackward0": (0,), "DivBackward1": _ALL,
    "DotBackward0": _ALL, "MvBackward0": (0,),   # grad * other; mv's self: grad.ger(vec), a mul
    "ErfBackward0": _ALL, "Exp2Backward0": _ALL, "ExpBackward0": _ALL, "Expm1Backward0": _ALL,
    "Log10Backward0": _ALL, "Log1PBackward0": _ALL, "Log2Backward0": _ALL, "LogBackward0": _ALL,
    "MeanBackward0": _ALL, "MeanBackward1": _ALL, "MulBackward0": _ALL, "MulBackward1": _ALL,
    "PermuteBackward0": _ALL, "PowBackward0": _ALL, "PowBackward1": (1,), "PowBackward2": _ALL,
    "ReshapeAliasBackward0": _ALL, "RsqrtBackward0": _ALL, "SinBackward0": _ALL,
    "SinhBackward0": _ALL, "SqrtBackward0": _ALL, "SqueezeBackward4": _ALL,
    "SubBackward0": (0,), "SumBackward0": _ALL, "SumBackward1": _ALL, "TBackward0": _ALL,
    "TanBackward0": _ALL, "TransposeBackward0": _ALL, "UnsafeViewBackward0": _ALL,
    "UnsqueezeBackward0": _ALL, "ViewBackward0": _ALL,
}
RESHAPES = frozenset({"ReshapeAliasBackward0", "UnsafeViewBackward0", "ViewBackward0"})


def _cumsum_trivial(node) -> bool:
    """cumsum_backward hands the gradient on when it has at most one element or the dim one
    term; else flip(cumsum(flip(g))), whose cumsum makes ordinary zeros."""
    shape, dim = node.shapes[0], node.dim   # dim as saved: -1 is 2**64 - 1
    axis = (dim - 2 ** 64 if dim >= 2 ** 63 else dim) % max(len(shape), 1)
    return math.prod(shape) <= 1 or shape[axis] == 1


# rows that hand an efficient zero on (to every input) only when their formula is the identity
WHEN = {"CumsumBackward0": _cumsum_trivial}
MADE = [0]   # how many have been made: a pass looks for them only once one was


class Zeros(np.ndarray):
    """An efficient zero: zeros that a pass recognises. NumPy arithmetic on them is plain, but
    for the sum of two (a pass adding up what two sgn nodes gave), which stays one."""

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if ufunc is np.add and method == "__call__" and all(type(x) is Zeros for x in inputs):
            return _zeros(np.broadcast_shapes(*(x.shape for x in inputs)), inputs[0].dtype)
        inputs = tuple(np.asarray(x) if type(x) is Zeros else x for x in inputs)
        return getattr(ufunc, method)(*inputs, **kwargs)


def _zeros(shape: tuple, dtype) -> Zeros:
    MADE[0] += 1
    return np.zeros(shape, dtype).view(Zeros)


def like(g):
    """An efficient zero of g's shape and dtype, contiguous as sgn_backward's is (g an array, or a
    tensor when a pass records)."""
    if type(g) is Tensor:
        return Tensor._make(_zeros(g._data.shape, g._data.dtype))
    return _zeros(np.shape(g), g.dtype)


def _laid_out_as(z):
    """An efficient zero in z's layout: a rule's transposed result cannot be reshaped without the
    copy that makes it ordinary zeros."""
    MADE[0] += 1
    if type(z) is Tensor:
        return Tensor._make(np.zeros_like(z._data).view(Zeros))
    return np.zeros_like(z).view(Zeros)


def _data(g) -> np.ndarray:
    return g._data if type(g) is Tensor else g


def _is(g) -> bool:
    return type(g) is Zeros or (type(g) is Tensor and type(g._data) is Zeros)


def accumulate(old, new, create: bool):
    """old + new as InputBuffer::accumulate sums two gradients of one input: without a graph to
    record, in place into `old` when it can be written (an efficient zero cannot), else `new +
    old`; with one, `old + new`. A functional sum with an efficient zero is the other operand
    as it is (add_zerotensor: -0. stays -0.); the in-place one adds ordinary zeros (-0. + 0.)."""
    if _is(old) == _is(new) or not (create or _is(old)):
        return old + new
    kept = new if _is(old) else old
    if not create:
        return kept
    total = old + new   # recorded as PyTorch records it (AddBackward0), with the kept value
    total._data = np.array(kept._data)
    return total


def among(grads) -> bool:
    return any(_is(g) for g in grads)


def plain(grads: list) -> list:
    """The gradients with every efficient zero made ordinary zeros of its own."""
    return [(Tensor._make(np.asarray(g._data)) if type(g) is Tensor else np.asarray(g))
            if _is(g) else g for g in grads]


def passed(node, grads: list, outs: list) -> list:
    """What `node` gives its inputs when every gradient it got is an efficient zero: `outs` (its
    derivatives run on ordinary zeros), with an efficient zero for each input its row hands one
    on to."""
    name = node.name()
    passing = _ALL if name in WHEN and WHEN[name](node) else PASSING.get(name, ())
    if not passing or not all(_is(g) for g in grads if g is not None):
        return outs
    if name in RESHAPES and not all(_data(g).flags.c_contiguous for g in grads if g is not None):
        return outs   # reshape copies a zero tensor it cannot view: ordinary zeros
    return [_laid_out_as(z) if i in passing and z is not None else z
            for i, z in enumerate(outs)]
