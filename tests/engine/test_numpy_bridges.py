"""Tensors and NumPy: numpy(), from_numpy, as_tensor, tensor(array), NumPy numbers as Python
numbers, and NumPy's operators meeting tensors as they meet PyTorch's (torch 2.13's answers)."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine.factories import as_tensor, from_numpy, tensor

A = np.array([1.0, 3.0])


def test_numpy_shares_memory_both_ways():
    t = tensor([1.0, 2.0])
    n = t.numpy()
    t.add_(1)
    n[0] = 7
    assert n.tolist() == [7.0, 3.0] and t.tolist() == [7.0, 3.0]
    n.shape = (2, 1)   # its own array object: the tensor keeps its shape
    assert tuple(t.shape) == (2,)


def test_numpy_of_a_tensor_that_requires_grad():
    t = tensor([1.0], requires_grad=True)
    with pytest.raises(RuntimeError, match=r"Can't call numpy\(\) on Tensor that requires grad"):
        t.numpy()
    assert t.numpy(force=True).tolist() == [1.0]


def test_from_numpy_shares_memory():
    a = np.ones(3)
    t = from_numpy(a)
    t.mul_(2)
    a[0] = 5
    assert (a.tolist(), t.tolist(), repr(t.dtype)) == ([5.0, 2.0, 2.0], [5.0, 2.0, 2.0],
                                                       "torch.float64")


@pytest.mark.parametrize("value, kind, message", [
    ([1, 2], TypeError, r"expected np.ndarray \(got list\)"),
    (np.float64(2), TypeError, r"expected np.ndarray \(got numpy.float64\)"),
    (np.arange(3.)[::-1], ValueError, "At least one stride in the given numpy array is negative"),
    (np.array(["a"]), TypeError, "can't convert np.ndarray of type numpy.str_. The only supported"),
    (np.array([1], np.uint16), TypeError, "gradcli has no uint16 tensors"),
])
def test_from_numpy_refuses(value, kind, message):
    with pytest.raises(kind, match=message):
        from_numpy(value)


def test_a_read_only_array_is_copied_with_pytorchs_warning():
    with pytest.warns(UserWarning, match="The given NumPy array is not writable"):
        t = from_numpy(np.broadcast_to(A, (2, 2)))
    t.add_(1)
    assert t.tolist() == [[2.0, 4.0], [2.0, 4.0]]


# data -> repr of torch.tensor(data), as torch 2.13 infers the dtype
TENSORS = [
    (A, "tensor([1., 3.], dtype=torch.float64)"), (A.astype(np.float32), "tensor([1., 3.])"),
    (np.array([1, 2], np.int32), "tensor([1, 2], dtype=torch.int32)"),
    (np.array([True]), "tensor([True])"), (np.float64(1.5), "tensor(1.5000, dtype=torch.float64)"),
    (np.float32(1.5), "tensor(1.5000)"), (np.int64(3), "tensor(3)"),
    ([np.float64(1.5), 2.0], "tensor([1.5000, 2.0000], dtype=torch.float64)"),
    ([np.float32(1.5), 2.0], "tensor([1.5000, 2.0000])"), ([np.int32(1), 2], "tensor([1, 2])"),
    ([A, A], "tensor([[1., 3.],\n        [1., 3.]], dtype=torch.float64)"),
    (range(3), "tensor([0, 1, 2])"),
]


@pytest.mark.parametrize("data, text", TENSORS, ids=[t[1][:30] for t in TENSORS])
def test_tensor_of_numpy_data(data, text):
    assert repr(tensor(data)) == text


def test_tensor_copies_and_as_tensor_shares():
    a = A.copy()
    copied, shared, converted = tensor(a), as_tensor(a), as_tensor(a, dtype=tensor(1.0).dtype)
    a[0] = 9
    assert (copied.tolist(), shared.tolist(), converted.tolist()) == ([1, 3], [9, 3], [1, 3])
    t = tensor([1.0])
    assert as_tensor(t) is t


# expression -> repr of its value, or the start of its error (measured with torch 2.13)
t, ti = tensor([1.0, 2.0]), tensor([1, 2])
OPERATORS = [
    (lambda: t + A, "tensor([2., 5.], dtype=torch.float64)"),
    (lambda: t * A.astype(np.float32), "tensor([1., 6.])"),
    (lambda: t + np.array([1, 3]), "tensor([2., 5.], dtype=torch.float64)"),
    (lambda: A / t, "tensor([1.0000, 1.5000], dtype=torch.float64)"),
    (lambda: t == A, "tensor([ True, False])"), (lambda: A == t, "tensor([ True, False])"),
    (lambda: t != A, "True"), (lambda: t + np.array(2.0), "tensor([3., 4.], dtype=torch.float64)"),
    (lambda: t * np.float32(2), "tensor([2., 4.])"), (lambda: np.float32(2) * t, "tensor([2., 4.])"),
    (lambda: ti * np.float64(2), "tensor([2., 4.])"), (lambda: np.int64(3) - ti, "tensor([2, 1])"),
    (lambda: np.exp(t), "tensor([2.7183, 7.3891])"),
    (lambda: np.greater(t, 1), "tensor([0, 1], dtype=torch.uint8)"),
    (lambda: np.array(t), "array([1., 2.], dtype=float32)"),
    (lambda: t[np.array([1, 0])], "tensor([2., 1.])"), (lambda: t[np.int64(1)], "tensor(2.)"),
    (lambda: A + t, "TypeError: Concatenation operation is not implemented for NumPy arrays"),
    (lambda: A * t, "TypeError: unsupported operand type(s) for *: 'numpy.ndarray' and 'Tensor'"),
    (lambda: t < A, "TypeError: '<' not supported between instances of 'Tensor' and 'numpy.ndarray'"),
    (lambda: tensor([1.0], requires_grad=True) + A, "RuntimeError: Can't call numpy() on Tensor"),
]


@pytest.mark.parametrize("expression, text", OPERATORS, ids=[o[1][:40] for o in OPERATORS])
def test_operators_between_tensors_and_numpy(expression, text):
    try:
        got = repr(expression())
    except (TypeError, RuntimeError) as e:
        got = f"{type(e).__name__}: {e}"
    assert got.startswith(text)
