"""The rows of indexing.py and join.py, and the rows their backwards use, by finite differences."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine import Tensor
from gradcli.engine.ops import FUNCTIONS

from .opinfo import first_derivative as _d, ANY

IDX = Tensor(np.array([[2, 0], [1, 1]]))
UNIQUE = Tensor(np.array([[2, 0], [1, 0]]))   # no place written twice: scatter's src gradient
ROWS = Tensor(np.array([2, 0, 2]))
MASK = Tensor(np.array([True, False, True]))
TAKE = Tensor(np.array([[0, 5], [5, -2]]))


def _assign(a, index, value):
    out = a * 1
    out[index] = value
    return out


def _mul_view(a, b):
    out = a * 1
    part = out[1:]
    part.mul_(b)
    return part


CASES = [
    ("SelectBackward0",        lambda a: a[1, -1],                    [(2, 3)],         ANY),
    ("SliceBackward0",         lambda a: a[:, 1::2],                  [(2, 4)],         ANY),
    ("AliasBackward0",         lambda a: a[...],                      [(2, 3)],         ANY),
    ("SelectBackwardBackward0", _d(lambda a: a[1]),                   [(2, 3)],         ANY),
    ("SliceBackwardBackward0", _d(lambda a: a[:, 1:]),                [(2, 3)],         ANY),
    ("IndexBackward0",         lambda a: a[[1, 0, 1], None, 1:],      [(2, 3)],         ANY),
    ("IndexPutImplBackward0",  _d(lambda a: a[:, [2, 2, 0]]),         [(2, 3)],         ANY),
    ("IndexPutBackward0",      lambda a, b: _assign(a, [0, 2], b),    [(3, 2), (2,)],   ANY),
    ("FillBackward3",          lambda a, b: _assign(a, ..., b),       [(3,), ()],       ANY),
    ("torch::autograd::CopySlices", lambda a, b: _assign(a, (slice(None), 1), b),
     [(2, 3), (2,)], ANY),
    ("AsStridedBackward0",     _mul_view,                             [(3,), (2,)],     ANY),
    ("GatherBackward0",        lambda a: a.gather(1, IDX),            [(2, 3)],         ANY),
    ("ScatterBackward0",       _d(lambda a: (a * a).max(1).values),   [(2, 3)],         ANY),
    ("ScatterBackward0",       lambda a, b: a.scatter(1, UNIQUE, b),  [(2, 3), (2, 2)], ANY),
    ("ScatterBackward1",       lambda a: a.scatter(1, IDX, 0.5),      [(2, 3)],         ANY),
    ("ScatterAddBackward0",    _d(lambda a: a.gather(1, IDX)),        [(2, 3)],         ANY),
    ("IndexSelectBackward0",   lambda a: a.index_select(1, ROWS),     [(2, 3)],         ANY),
    ("IndexAddBackward0",      _d(lambda a: a.index_select(1, ROWS)), [(2, 3)],         ANY),
    ("MaskedSelectBackward0",  lambda a: a.masked_select(MASK),       [(2, 3)],         ANY),
    ("MaskedScatterBackward0", _d(lambda a: a.masked_select(MASK)),   [(2, 3)],         ANY),
    ("TakeBackward0",          lambda a: a.take(TAKE),                [(2, 3)],         ANY),
    ("PutBackward0",           _d(lambda a: a.take(TAKE)),            [(2, 3)],         ANY),
    ("DiagonalBackward0",      lambda a: a.diagonal(1),               [(3, 4)],         ANY),
    ("DiagonalBackwardBackward0", _d(lambda a: a.diagonal(0, 1, 2)), [(2, 3, 3)],      ANY),
    ("DiagonalBackward0_copy", lambda a: a.diag(-1),                  [(3, 3)],         ANY),
    ("DiagEmbedBackward0",     lambda a: a.diag(1),                   [(3,)],           ANY),
    ("TrilBackward0",          lambda a: a.tril(),                    [(3, 3)],         ANY),
    ("TriuBackward0",          lambda a: a.triu(1),                   [(2, 3, 3)],      ANY),
    ("CatBackward0",           lambda a, b: FUNCTIONS["cat"]([a, b], 1), [(2, 1), (2, 3)], ANY),
    ("StackBackward0",         lambda a, b: FUNCTIONS["stack"]([a, b], 1), [(3,), (3,)], ANY),
    ("SplitBackward0",         lambda a: a.split(2)[1],               [(5,)],           ANY),
    ("SplitWithSizesBackward0", lambda a: a.split([1, 3], 1)[1] * 2,  [(2, 4)],         ANY),
    ("UnbindBackward0",        lambda a: a.unbind(1)[2] * a.unbind(1)[0], [(2, 3)],     ANY),
    ("RepeatBackward0",        lambda a: a.repeat(2, 1, 3),           [(2, 2)],         ANY),
    ("FlipBackward0",          lambda a: a.flip(0, 1),                [(2, 3)],         ANY),
    ("RollBackward0",          lambda a: a.roll((1, -1), (0, 1)) * a.roll(2), [(2, 3)], ANY),
]



def test_copy_slices_zeroes_the_overwritten_part_of_the_base():
    a = Tensor(np.arange(4.0), requires_grad=True)
    v = Tensor(np.array(5.0), requires_grad=True)
    b = a * 1
    b[1:3] = v * 2
    (b * Tensor(np.array([1.0, 2.0, 3.0, 4.0]))).sum().backward()
    assert a.grad.tolist() == [1.0, 0.0, 0.0, 4.0]
    assert v.grad.item() == 10.0


def test_second_backward_through_copy_slices_fails():
    b = Tensor(np.ones(3), requires_grad=True) * 1
    b[0] = 2.0
    b.sum().backward()
    with pytest.raises(RuntimeError, match="backward through the graph a second time"):
        b.sum().backward()


def test_split_outputs_share_one_node_with_their_own_output_nr():
    pieces = (Tensor(np.arange(5.0), requires_grad=True) * 1).split(2)
    assert len({id(p.grad_fn) for p in pieces}) == 1
    assert [p._output_nr for p in pieces] == [0, 1, 2]
