"""The legacy tensor types: constructors, isinstance, x.type(), Variable (torch 2.13's answers)."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine import dtypes as D
from gradcli.engine.factories import tensor
from gradcli.engine.tensor import Size, Tensor
from gradcli.engine.tensor_types import TYPES, Variable, legacy_new

# (dtype name or None for torch.Tensor, arguments) -> repr or shape of the result
MADE = [
    (None, (2, 3), (2, 3)), (None, (), "tensor([])"), (None, ([1, 2],), "tensor([1., 2.])"),
    (None, ((2, 3),), "tensor([2., 3.])"), (None, (Size([2, 3]),), (2, 3)),
    (None, (3,), (3,)), (None, (np.int64(2),), (2,)), (None, ([True, False],), "tensor([1., 0.])"),
    (None, (range(3),), "tensor([0., 1., 2.])"), (None, ([[]],), "tensor([], size=(1, 0))"),
    (None, (np.array([1.5, 2.0]),), "tensor([1.5000, 2.0000])"),
    ("LongTensor", ([1.5, 2],), "tensor([1, 2])"), ("LongTensor", (2, 2), (2, 2)),
    ("DoubleTensor", ([1, 2],), "tensor([1., 2.], dtype=torch.float64)"),
    ("IntTensor", ([1, 2],), "tensor([1, 2], dtype=torch.int32)"),
    ("BoolTensor", ([1, 0],), "tensor([ True, False])"),
    ("HalfTensor", ([1, 0],), "tensor([1., 0.], dtype=torch.float16)"),
]
# (dtype name or None, arguments, keywords) -> error type, message start
REFUSED = [
    (None, (2.5,), {}, TypeError, "new(): data must be a sequence (got float)"),
    (None, (np.float64(2.0),), {}, TypeError, "new(): data must be a sequence (got numpy.float64)"),
    (None, (2, [1]), {}, TypeError, "new(): argument 'size' failed to unpack the object at pos 2 "
                                    "with error \"type must be tuple of ints,but got list\""),
    (None, (-1,), {}, RuntimeError, "Trying to create tensor with negative dimension -1: [-1]"),
    (None, ([1.0],), {"requires_grad": True}, TypeError,
     "new() received an invalid combination of arguments - got (list, requires_grad=bool), but "
     "expected one of:\n * (*, torch.device device = None)\n      didn't match because some of the "
     "keywords were incorrect: requires_grad\n"),
    (None, ([1.0],), {"dtype": D.float64}, TypeError,
     "new() received an invalid combination of arguments - got (list, dtype=torch.dtype)"),
    ("FloatTensor", (2,), {"device": "cuda"}, RuntimeError,
     "legacy constructor expects device type: cpu but device type: cuda was passed"),
    ("FloatTensor", (tensor([1, 2]),), {}, TypeError,
     "expected TensorOptions(dtype=float, device=cpu, layout=Strided, requires_grad=false "
     "(default), pinned_memory=false (default), memory_format=(nullopt)) (got TensorOptions("
     "dtype=long int,"),
]


def _make(name, args, kwargs=None):
    return legacy_new(None if name is None else TYPES[name].dtype, *args, **(kwargs or {}))


@pytest.mark.parametrize("name, args, expected", MADE, ids=[f"{m[0]}{m[1]!r}" for m in MADE])
def test_legacy_constructor(name, args, expected):
    out = _make(name, args)
    assert (tuple(out.shape) if isinstance(expected, tuple) else repr(out)) == expected


@pytest.mark.parametrize("name, args, kwargs, kind, message", REFUSED,
                         ids=[f"{r[0]}{r[1]!r}{r[2]}" for r in REFUSED])
def test_legacy_constructor_refuses(name, args, kwargs, kind, message):
    with pytest.raises(kind) as info:
        _make(name, args, kwargs)
    assert str(info.value).startswith(message)


def test_an_array_of_the_very_dtype_is_shared():
    shared, copied = np.array([1.0, 2.0], np.float32), np.array([1.0, 2.0])
    _make(None, (shared,)).add_(1)
    _make(None, (copied,)).add_(1)
    assert shared.tolist() == [2.0, 3.0] and copied.tolist() == [1.0, 2.0]


def test_types_check_the_dtype_of_tensors():
    x = tensor([1.0])
    assert isinstance(x, TYPES["FloatTensor"]) and not isinstance(x, TYPES["LongTensor"])
    assert isinstance(x.long(), (TYPES["LongTensor"], int)) and not isinstance(1, TYPES["FloatTensor"])
    assert repr(TYPES["FloatTensor"]) == "<class 'torch.FloatTensor'>" and repr(Tensor) == \
        "<class 'torch.Tensor'>"


@pytest.mark.parametrize("target, expected", [
    (None, "torch.FloatTensor"), (D.float64, "tensor([1.], dtype=torch.float64)"),
    ("torch.IntTensor", "tensor([1], dtype=torch.int32)"), (TYPES["LongTensor"], "tensor([1])"),
])
def test_type(target, expected):
    out = tensor([1.0]).type(target)
    assert (out if isinstance(out, str) else repr(out)) == expected


@pytest.mark.parametrize("target, kind, message", [
    ("float", ValueError, "invalid type: 'float'"),
    (5, TypeError, "dtype must be a type, str, or dtype object"),
])
def test_type_refuses(target, kind, message):
    with pytest.raises(kind, match=message):
        tensor([1.0]).type(target)


def test_variable_is_a_new_leaf_over_the_same_data():
    x = tensor([1.0, 2.0]) * 2
    v = Variable(x, requires_grad=True)
    assert v is not x and v.is_leaf and v.requires_grad and isinstance(x, Variable)
    v.detach().add_(1)
    assert x.tolist() == [3.0, 5.0] and repr(Variable()) == "tensor([])"
    with pytest.raises(TypeError, match="Variable data has to be a tensor, but got list"):
        Variable([1.0])
    with pytest.raises(RuntimeError, match="Only Tensors of floating point and complex dtype"):
        Variable(tensor([1]), requires_grad=True)
