"""Tensor: data, dtype, requires_grad, grad, grad_fn, is_leaf, version counter and views."""
from __future__ import annotations

import math
import warnings
import weakref

import numpy as np

from . import dtypes as _dt
from . import grad_mode, once
from .device import CPU, Device
from .graph import AccumulateGrad, InvalidView, PendingView, RegeneratedView

# python_variable_methods.cpp's warning for float(t) of a tensor that requires grad (once a
# process: TORCH_WARN_ONCE)
SCALAR_OF_REQUIRES_GRAD = (
    "Converting a tensor with requires_grad=True to a scalar may lead to unexpected behavior.\n"
    "Consider using tensor.detach() first. (Triggered internally at /__w/pytorch/pytorch/torch/"
    "csrc/autograd/generated/python_variable_methods.cpp:822.)")

NONLEAF_GRAD = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad field "
    "to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If you "
    "access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. See "
    "github.com/pytorch/pytorch/pull/30531 for more information. (Triggered internally at "
    "/__w/pytorch/pytorch/build/aten/src/ATen/core/TensorBody.h:493.)")
# requires_grad_leaf_error: the advice only when the flag would be turned off (any value but
# Python's True, as THPVariable_set_requires_grad compares the object)
LEAF_FLAG = "you can only change requires_grad flags of leaf variables."
NOT_LEAF_FLAG = (
    f"{LEAF_FLAG} If you want to use a computed variable in a subgraph that doesn't require "
    "differentiation use var_no_grad = var.detach().")
INT_GRAD = "only Tensors of floating point and complex dtype can require gradients"
NUMPY_GRAD = ("Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() "
              "instead.")


class VersionCounter:
    """Shared by a tensor, its views and detach(); bumped by every in-place op.

    Every tensor makes one, so it has no __init__ to run: the count starts as the class's 0 and
    is stored in the instance only once an in-place op bumps it."""

    value = 0


class Size(tuple):
    """torch.Size: a tuple that prints as `torch.Size([2, 2])`."""

    __slots__ = ()
    __module__ = "torch"  # the class itself prints as <class 'torch.Size'>

    def __repr__(self) -> str:
        return f"torch.Size([{', '.join(map(str, self))}])"

    __str__ = __repr__

    # a slice of a Size, and a Size joined or repeated, is a Size (as in PyTorch)
    def __getitem__(self, index):
        try:
            got = tuple.__getitem__(self, index)
        except (IndexError, TypeError) as e:   # Python's own: tuple index out of range
            raise type(e)(*e.args) from None
        return Size(got) if isinstance(index, slice) else got

    def __add__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return Size(tuple.__add__(self, other))

    def __radd__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        return Size(tuple.__add__(other, self))

    def __mul__(self, n):
        if not isinstance(n, int):
            return NotImplemented
        return Size(tuple.__mul__(self, n))

    __rmul__ = __mul__

    def numel(self) -> int:
        n = 1
        for s in self:
            n *= s
        return n





def _allocation(a: np.ndarray) -> np.ndarray:
    """The array that owns the memory `a` lies in."""
    while isinstance(a.base, np.ndarray):
        a = a.base
    return a

class Tensor:
    __module__ = "torch"  # the class prints as <class 'torch.Tensor'>, as type(x) shows it
    # Every tensor sets its slots; the attributes below them are the rare ones (views, outputs
    # of multi-output ops, leaves in a graph, retain_grad()): they default at the class and are
    # set, in the instance's __dict__, only where they differ. Making a tensor is every op's
    # cost, and five stores fewer is a tenth of it.
    __slots__ = ("_data", "_requires_grad", "_grad", "grad_fn", "_version_counter", "__dict__",
                 "__weakref__")
    _base = None             # the tensor whose storage a view shares
    _output_nr = 0           # which output of its grad_fn
    _acc = None              # weak reference to a leaf's AccumulateGrad
    _retains_grad = False
    _creation = None         # a view's CreationMeta: None (default), "no_grad" or "multi"
    _inference = False       # made inside inference_mode()
    _own = None              # the attributes a program gave the tensor (x.tag = 1), by name

    def __init__(self, data, requires_grad: bool = False) -> None:
        self._data = data if isinstance(data, np.ndarray) else np.asarray(data)
        self._requires_grad = False
        self._grad = None
        self.grad_fn = None
        self._version_counter = VersionCounter()
        if grad_mode.state.inference:
            self._inference = True
        if requires_grad:
            self.requires_grad = True

    @classmethod
    def _make(cls, data: np.ndarray, grad_fn=None, requires_grad: bool = False) -> "Tensor":
        t = cls.__new__(cls)
        t._data = data
        t._requires_grad = requires_grad
        t._grad = None
        t.grad_fn = grad_fn
        t._version_counter = VersionCounter()
        return t

    @classmethod
    def _make_inference(cls, data: np.ndarray, grad_fn=None,
                        requires_grad: bool = False) -> "Tensor":
        """_make while inference mode is on (it stands in for _make meanwhile: the tensors of
        every other moment pay nothing for the mark)."""
        t = _make_plain.__func__(cls, data, grad_fn, requires_grad)
        t._inference = True
        return t

    def is_inference(self) -> bool:
        return self._inference

    # ---- metadata -------------------------------------------------------------------------
    @property
    def dtype(self) -> _dt.DType:
        return _dt.from_numpy(self._data.dtype)

    @property
    def shape(self) -> Size:
        return Size(self._data.shape)

    def size(self, dim: int | None = None):
        if dim is None:
            return Size(self._data.shape)
        if not self._data.ndim:   # c10's maybe_wrap_dim for a size() of nothing
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        return self._data.shape[self._dim(dim)]

    @property
    def ndim(self) -> int:
        return self._data.ndim

    def dim(self) -> int:
        return self._data.ndim

    ndimension = dim

    def numel(self) -> int:
        return self._data.size

    nelement = numel

    def element_size(self) -> int:
        return self._data.itemsize

    @property
    def itemsize(self) -> int:
        return self._data.itemsize

    @property
    def nbytes(self) -> int:
        return self._data.nbytes

    def storage_offset(self) -> int:
        """Where the first element lies in the memory the tensor shares with its base (in
        elements)."""
        root = _allocation(self._data)
        if root is self._data or not root.nbytes:
            return 0
        return (self._data.__array_interface__["data"][0]
                - root.__array_interface__["data"][0]) // self._data.itemsize

    def data_ptr(self) -> int:
        """The address of the first element: tensors that share memory from the same element on
        have the same one (0 when the memory holds nothing, as ATen's empty storage)."""
        return self._data.__array_interface__["data"][0] if _allocation(self._data).nbytes else 0

    @property
    def device(self) -> Device:
        return CPU

    @property
    def is_cuda(self) -> bool:
        return False

    def is_floating_point(self) -> bool:
        return self._data.dtype.kind == "f"

    def is_contiguous(self) -> bool:
        return self._data.flags.c_contiguous

    def stride(self, dim: int | None = None):
        """Steps in elements between neighbours along each dim (the layout is NumPy's, which
        keeps its operands' order as PyTorch's TensorIterator does)."""
        a = self._data
        if a.size == 0:   # NumPy zeroes an empty array's strides; ATen keeps contiguous ones
            steps = tuple(math.prod(max(n, 1) for n in a.shape[k + 1:]) for k in range(a.ndim))
        else:
            steps = tuple(s // a.itemsize for s in a.strides)
        if dim is None:
            return steps
        return steps[self._dim(dim)]

    def _dim(self, dim: int, ndim: int | None = None) -> int:
        """Wrap a possibly negative dim, with PyTorch's IndexError when out of range."""
        n = self._data.ndim if ndim is None else ndim
        lo, hi = (-n, n - 1) if n else (-1, 0)
        if not lo <= dim <= hi:
            raise IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], "
                             f"but got {dim})")
        return dim % n if n else 0

    # ---- autograd state -------------------------------------------------------------------
    @property
    def is_leaf(self) -> bool:
        return self._read_grad_fn() is None

    def _read_grad_fn(self):
        """grad_fn as PyTorch's reading of it leaves it: an invalid view's fails, a pending
        or regenerated view's is made (graph.PendingView, graph.RegeneratedView)."""
        fn = self.grad_fn
        if fn.__class__ is InvalidView:
            fn.fail()
        elif fn.__class__ is PendingView or fn.__class__ is RegeneratedView:
            fn.settle()
        return fn

    @property
    def requires_grad(self) -> bool:
        return self._requires_grad

    @requires_grad.setter
    def requires_grad(self, value: bool) -> None:
        if self.grad_fn is not None:
            if type(value) is not bool:
                raise RuntimeError("requires_grad must be a bool")
            raise RuntimeError(LEAF_FLAG if value else NOT_LEAF_FLAG)
        if value and self._data.dtype.kind != "f":
            raise RuntimeError(INT_GRAD)
        self._requires_grad = bool(value)

    def requires_grad_(self, requires_grad: bool = True) -> "Tensor":
        if self.grad_fn is not None and not requires_grad:
            raise RuntimeError(NOT_LEAF_FLAG)
        if requires_grad and self._data.dtype.kind != "f":
            raise RuntimeError("only Tensors of floating point dtype can require gradients")
        if self.grad_fn is None:
            self._requires_grad = bool(requires_grad)
        return self

    @property
    def grad(self):
        if self.grad_fn is not None and not self._retains_grad:
            warnings.warn(NONLEAF_GRAD, UserWarning, stacklevel=2)
        return self._grad

    @grad.setter
    def grad(self, value) -> None:
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of "
                                f"type {type(value).__name__}")
            if value.dtype is not self.dtype:
                raise RuntimeError("attempting to assign a gradient with dtype "
                                   f"'{_dt.type_name(value.dtype)}' to a tensor with dtype "
                                   f"'{_dt.type_name(self.dtype)}'. Please ensure that the "
                                   "gradient and the tensor have the same dtype")
            if value.shape != self.shape:
                raise RuntimeError("attempting to assign a gradient of size "
                                   f"'[{', '.join(map(str, value.shape))}]' to a tensor of size "
                                   f"'[{', '.join(map(str, self.shape))}]'. Please ensure that "
                                   "the gradient and the tensor are the same size")
        self._grad = value

    @property
    def retains_grad(self) -> bool:
        return self._retains_grad

    def retain_grad(self) -> None:
        if self.grad_fn is None:
            if not self._requires_grad:
                raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
            return
        self._read_grad_fn()
        if not self._retains_grad:
            self._retains_grad = True
            node = self.grad_fn
            if node._retained is None:
                node._retained = []
            node._retained.append((weakref.ref(self), self._output_nr))

    @property
    def _version(self) -> int:
        return self._version_counter.value

    def _accumulator(self) -> AccumulateGrad:
        """The one AccumulateGrad of this leaf (held weakly: the graph keeps it alive)."""
        acc = self._acc() if self._acc is not None else None
        if acc is None:
            acc = AccumulateGrad(self)
            self._acc = weakref.ref(acc)
        return acc

    def _edge(self):
        """This tensor as a graph input: (grad_fn, output_nr), its AccumulateGrad, or None."""
        if self.grad_fn is not None:
            return (self._read_grad_fn(), self._output_nr)
        if self._requires_grad:
            return (self._accumulator(), 0)
        return (None, 0)

    @property
    def data(self) -> "Tensor":
        t = Tensor._make(self._data)
        return t

    @data.setter
    def data(self, value: "Tensor") -> None:
        if not isinstance(value, Tensor):
            raise TypeError(f"data must be a Tensor, not {type(value).__name__}")
        self._data = value._data

    def detach(self) -> "Tensor":
        t = Tensor._make(self._data)
        t._version_counter = self._version_counter
        return t

    def detach_(self) -> "Tensor":
        if self._base is not None and self._base.requires_grad:
            raise RuntimeError("Can't detach views in-place. Use detach() instead. If you are "
                               "using DistributedDataParallel (DDP) for training, and "
                               "gradient_as_bucket_view is set as True, gradients are views of "
                               "DDP buckets, and hence detach_() cannot be called on these "
                               "gradients. To fix this error, please refer to the "
                               "Optimizer.zero_grad() function in torch/optim/optimizer.py as "
                               "the solution.")
        self.grad_fn = None
        self._requires_grad = False
        return self

    # ---- Python values --------------------------------------------------------------------
    def item(self):
        if self._data.size != 1:
            raise RuntimeError(f"a Tensor with {self._data.size} elements cannot be converted "
                               "to Scalar")
        return self._data.reshape(()).item()

    def tolist(self):
        return self._data.tolist()

    def numpy(self, *, force: bool = False) -> np.ndarray:
        """The tensor's values as a NumPy array sharing its memory, as PyTorch's does."""
        if self._requires_grad and not force:
            raise RuntimeError(NUMPY_GRAD)
        return self._data.view()   # its own array object: reshaping it leaves the tensor alone

    def __len__(self) -> int:
        if not self._data.ndim:
            raise TypeError("len() of a 0-d tensor")
        return self._data.shape[0]

    def __bool__(self) -> bool:
        if self._data.size == 1:
            return bool(self._data.reshape(()).item())
        if self._data.size == 0:
            raise RuntimeError("Boolean value of Tensor with no values is ambiguous")
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")

    def __float__(self) -> float:
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        if self._requires_grad and grad_mode.state.enabled:   # (not under no_grad)
            once.warn_once("scalar of requires_grad", SCALAR_OF_REQUIRES_GRAD)
        return float(self._data.reshape(()).item())

    def __int__(self) -> int:
        if self._data.size != 1:
            raise ValueError("only one element tensors can be converted to Python scalars")
        return int(self._data.reshape(()).item())

    def __index__(self) -> int:
        if self._data.size != 1 or self._data.dtype.kind not in "iub":
            raise TypeError("only integer tensors of a single element can be converted to an "
                            "index")
        return int(self._data.reshape(()).item())

    def __format__(self, spec: str) -> str:
        if self._data.ndim == 0:
            try:
                return format(self.item(), spec)
            except ValueError as e:   # Python's own, about the spec (Invalid format specifier)
                raise ValueError(*e.args) from None
        if spec:
            raise TypeError("unsupported format string passed to Tensor.__format__")
        return repr(self)

    def __repr__(self) -> str:
        from .format import tensor_repr
        return tensor_repr(self)

    __str__ = __repr__
    __hash__ = object.__hash__

    # NumPy meets a tensor as it meets PyTorch's: as the array numpy() gives (so np.exp(t) works),
    # with results wrapped back into tensors, and with NumPy's binary operators deferring to the
    # tensor's own (array + tensor is tensor.__radd__)
    __array_priority__ = 1000

    def __array__(self, dtype=None, copy=None) -> np.ndarray:
        array = self.numpy()
        if dtype is not None:
            array = array.astype(dtype, copy=False)
        return array.copy() if copy else array

    def __array_wrap__(self, array, context=None, return_scalar=False) -> "Tensor":
        """A NumPy function's result (a new array) as the tensor torch.from_numpy makes of it."""
        if array.dtype == np.bool_:
            array = array.astype(np.uint8)   # as PyTorch's __array_wrap__ does
        _dt.of_array(array)
        return Tensor._make(array)


_make_plain = Tensor.__dict__["_make"]


def _switch_inference(on: bool) -> None:
    Tensor._make = Tensor.__dict__["_make_inference"] if on else _make_plain


grad_mode.INFERENCE_SWITCHES.append(_switch_inference)


def is_grad_recording(*tensors) -> bool:
    """Would an op over these inputs be recorded in the graph?"""
    if not grad_mode.state.enabled:
        return False
    for t in tensors:
        if isinstance(t, Tensor) and (t._requires_grad or t.grad_fn is not None):
            return True
    return False
