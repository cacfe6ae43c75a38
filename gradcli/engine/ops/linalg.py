"""Op rows for products of matrices and vectors: matmul (@), mm, mv, dot, outer, addmv,
baddbmm, kron; and the indices of a matrix's triangles."""
from __future__ import annotations

import numpy as np

from .. import dtypes as _dt
from ..dispatch import Rule, Op, apply, edges_first
from ..kernels import linalg as _k
from . import xp
from .pointwise import C_TYPE_NAMES as _C_NAMES, broadcast_error, scale
from ..limits import check_shape
from ..tensor import Tensor
from .registry import export, row
from .shape import SQUEEZE_INPLACE, UNSAFE_VIEW


def column_major(t) -> bool:
    """PyTorch's test for a matrix laid out by columns (strides (1, rows))."""
    a = t._data
    if a.size == 0:   # an empty array's strides are ATen's, not NumPy's zeros
        return t.stride() == (1, a.shape[0])
    return a.strides[0] == a.itemsize and a.strides[1] == a.shape[0] * a.itemsize


# mm_mat1_backward / mm_mat2_backward (torch/csrc/autograd/FunctionsManual.cpp): the gradient of
# an operand laid out by columns is computed transposed, which is another product for MKL
def mat1_grad(g, mat2, column_major: bool):
    return xp.t(xp.mm(mat2, xp.t(g))) if column_major else xp.mm(g, xp.t(mat2))


def mat2_grad(g, mat1, column_major: bool):
    return xp.t(xp.mm(xp.t(g), mat1)) if column_major else xp.mm(xp.t(mat1), g)


def _mm(a: np.ndarray, b: np.ndarray, layouts=None) -> np.ndarray:
    return _k.mm(a, b)


MM = row(Op("mm", _mm, "MmBackward0", ("self", "mat2"), (
    Rule(lambda node, g: mat1_grad(g, node.mat2, node.layouts[0]), ("mat2",),
         "∂(A·B)/∂A = g·Bᵀ"),
    Rule(lambda node, g: mat2_grad(g, node.self, node.layouts[1]), ("self",),
         "∂(A·B)/∂B = Aᵀ·g")),
    dtypes="keep"))
MV = row(Op("mv", _k.mv, "MvBackward0", ("self", "vec"), (
    # derivatives.yaml: grad.ger(vec), and ger is outer: a reshape to a column times vec
    Rule(lambda node, g: xp.reshape(g, (g.shape[0], 1)) * node.vec, ("vec",),
         "∂(A·v)/∂A = g·vᵀ"),
    Rule(lambda node, g: xp.mv(xp.t(node.self), g), ("self",), "∂(A·v)/∂v = Aᵀ·g")),
    dtypes="keep"))
DOT = row(Op("dot", _k.dot, "DotBackward0", ("self", "tensor"), (
    Rule(lambda node, g: g * node.tensor, ("tensor",), "∂(a·b)/∂a = b"),
    Rule(lambda node, g: g * node.self, ("self",), "∂(a·b)/∂b = a")), dtypes="keep"))
def _bmm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    # the result is made with batch2's dtype (ATen's bmm meta): an empty product of two dtypes
    # has the second's
    return _k.bmm(a, b).astype(b.dtype, copy=False)


BMM = row(Op("bmm", _bmm, "BmmBackward0", ("self", "mat2"), (
    Rule(lambda node, g: xp.bmm(g, xp.transpose(node.mat2, 1, 2)), ("mat2",),
         "∂(A·B)/∂A = g·Bᵀ"),
    Rule(lambda node, g: xp.bmm(xp.transpose(node.self, 1, 2), g), ("self",),
         "∂(A·B)/∂B = Aᵀ·g")),
    dtypes="keep"))


def _check_dtypes(a, b) -> None:
    if a.dtype is not b.dtype:
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: "
                           f"{_C_NAMES[a.dtype.name]} != {_C_NAMES[b.dtype.name]}")


def _x(shape) -> str:
    return "x".join(map(str, shape))


@export()
def mm(input, mat2):
    edges_first(MM, (input, mat2))   # the autograd kernel's, before mm's own checks
    if input.ndim != 2:
        raise RuntimeError("self must be a matrix")
    if mat2.ndim != 2:
        raise RuntimeError("mat2 must be a matrix")
    if input._data.shape[1] != mat2._data.shape[0]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied "
                           f"({_x(input._data.shape)} and {_x(mat2._data.shape)})")
    _check_dtypes(input, mat2)
    return apply(MM, (input, mat2), {"layouts": (column_major(input), column_major(mat2))})


@export()
def mv(input, vec):
    edges_first(MV, (input, vec))   # the autograd kernel's, before mv's own checks
    input.size(0)   # ATen sizes the result first: a 0-d matrix is that IndexError
    if input.ndim != 2 or vec.ndim != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {input.ndim}, {vec.ndim}")
    if input._data.shape[1] != vec._data.shape[0]:
        raise RuntimeError(f"size mismatch, got input ({input._data.shape[0]}), mat "
                           f"({_x(input._data.shape)}), vec ({vec._data.shape[0]})")
    if input.dtype is not vec.dtype:  # mv runs as addmv into a result of vec's dtype
        v, m = _dt.type_name(vec.dtype), _dt.type_name(input.dtype)
        raise RuntimeError(f"addmv input tensors must have the same dtype, but got {v}, {m}, "
                           f"and {v}")
    return apply(MV, (input, vec))


@export()
def dot(input, tensor):
    edges_first(DOT, (input, tensor))   # the autograd kernel's, before dot's own checks
    if input.ndim != 1 or tensor.ndim != 1:
        raise RuntimeError(f"1D tensors expected, but got {input.ndim}D and {tensor.ndim}D "
                           f"tensors")
    # ATen's dot_check: the dtypes before the sizes
    if input.dtype is not tensor.dtype:
        raise RuntimeError(f"dot : expected both vectors to have same dtype, but found "
                           f"{_dt.type_name(input.dtype)} and {_dt.type_name(tensor.dtype)}")
    n, m = input._data.shape[0], tensor._data.shape[0]
    if n != m:
        raise RuntimeError(f"inconsistent tensor size, expected tensor [{n}] and src [{m}] to "
                           f"have the same number of elements, but got {n} and {m} elements "
                           f"respectively")
    return apply(DOT, (input, tensor))


@export()
def bmm(input, mat2):
    if input.ndim != 3 or mat2.ndim != 3:
        raise RuntimeError("batch1 must be a 3D tensor" if input.ndim != 3 else
                           "batch2 must be a 3D tensor")
    a, b = input._data.shape, mat2._data.shape
    if a[0] != b[0] or a[2] != b[1]:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{a[0]}, {a[2]}] but got: [{b[0]}, {b[1]}].")
    # ATen returns before its kernel checks the dtypes when there is nothing to multiply
    if input.dtype is not mat2.dtype and a[0] * a[1] * b[2] and a[2]:
        raise RuntimeError(f"expected scalar type {_dt.type_name(input.dtype)} but found "
                           f"{_dt.type_name(mat2.dtype)}")
    return apply(BMM, (input, mat2))


@export(dunders=("__matmul__",), linalg=("matmul",))
def matmul(input, other):
    """PyTorch's _matmul_impl: dot, mv, mm, a folded mm or a broadcast bmm, with its graph."""
    da, db = input.ndim, other.ndim
    if da == 0 or db == 0:
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are "
                           f"{da}D and {db}D")
    if da == 1 and db == 1:
        return dot(input, other)
    if da == 2 and db == 1:
        return mv(input, other)
    if da == 1 and db == 2:
        if input._data.shape[0] != other._data.shape[0]:
            raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied "
                               f"(1x{input._data.shape[0]} and {_x(other._data.shape)})")
        # PyTorch squeezes mm's result in place: not a view, at version 1
        out = apply(SQUEEZE_INPLACE, (mm(input.unsqueeze(0), other),), {"dims": (0,)})
        out._version_counter.value += 1
        return out
    if da == 2 and db == 2:
        return mm(input, other)
    if _should_fold(input, other):
        return _folded(input, other)
    if da == 3 and db == 3 and input._data.shape[0] != other._data.shape[0]:
        # a batch of one that requires grad is squeezed, and the product folded
        if input._data.shape[0] == 1 and input.requires_grad:
            return matmul(input.squeeze(0), other)
        if other._data.shape[0] == 1 and other.requires_grad:
            return matmul(input, other.squeeze(0))
    return _batched(input, other)


def _should_fold(a, b) -> bool:
    """Whether PyTorch folds the batch of the larger operand into an mm (should_fold)."""
    larger = a.ndim >= b.ndim
    big = a._data if larger else np.swapaxes(b._data, -1, -2)
    if not (big.ndim >= 3 and (b if larger else a).ndim <= 2):
        return False
    if (b if larger else a).requires_grad:  # folding spares the backward a large tensor
        return True
    if a.ndim == 2:  # the product would come out transposed and need a copy
        return False
    if big.size == 0:
        return True
    strides = [s // big.itemsize for s in big.strides]
    return all(strides[i] == strides[i + 1] * big.shape[i + 1] for i in range(big.ndim - 2))


def _folded(a, b):
    """The batch of the larger operand folded into the rows of one mm (or mv)."""
    transpose = b.ndim > a.ndim
    t1 = b.mT if transpose else a
    t2 = (a.t() if a.ndim == 2 else a) if transpose else b
    lead = t1._data.shape[:-1]
    shape = (*lead, t2._data.shape[1]) if t2.ndim == 2 else lead
    rows = t1.reshape(int(np.prod(lead)), t1._data.shape[-1])
    if t2.ndim == 1:
        return apply(UNSAFE_VIEW, (mv(rows, t2),), {"shape": shape})
    out = apply(UNSAFE_VIEW, (mm(rows, t2),), {"shape": shape})
    return out.mT.contiguous() if transpose else out


def _batched(a, b):
    """The batches broadcast, flattened into one bmm, and the result viewed back."""
    sa, sb = a._data.shape, b._data.shape
    n, m1 = (sa[-2] if a.ndim > 1 else 1), sa[-1]
    m2, p = (sb[-2], sb[-1]) if b.ndim > 1 else (sb[0], 1)
    batch_a, batch_b = sa[:max(a.ndim - 2, 0)], sb[:max(b.ndim - 2, 0)]
    try:
        batch = tuple(np.broadcast_shapes(batch_a, batch_b))
    except ValueError:
        raise broadcast_error(np.empty(batch_a), np.empty(batch_b)) from None
    count = int(np.prod(batch))
    ea = a.expand(*batch, n, m1).reshape(count, n, m1)
    shape = batch + ((n,) if a.ndim > 1 else ()) + ((p,) if b.ndim > 1 else ())
    if b.ndim == 1:
        # a vector is made a batch of columns, and the product's last dim squeezed away
        eb = b.expand(*batch, m2).reshape(count, m2).unsqueeze(2)
        return apply(UNSAFE_VIEW, (bmm(ea, eb).squeeze(-1),), {"shape": shape})
    eb = b.expand(*batch, m2, p).reshape(count, m2, p)
    return apply(UNSAFE_VIEW, (bmm(ea, eb),), {"shape": shape})


@export()
def outer(input, vec2):
    for name, t in (("self", input), ("vec2", vec2)):
        if t.ndim != 1:
            raise RuntimeError(f"outer: Expected 1-D argument {name}, but got {t.ndim}-D")
    # ATen's outer: self.reshape({size, 1}) * vec2 (a view, or an alias of a strided vector)
    return input.reshape(input.shape[0], 1) * vec2


ger = export("ger")(outer)


# ---- addmv, baddbmm: a product added to a tensor, each scaled -------------------------------
def _times(x, factor):
    # maybe_multiply: a MulBackward1 when recorded, nothing when the factor is 1
    if factor == 1:
        return x
    return scale(x, factor) if type(x) is Tensor else x * np.asarray(factor, x.dtype)


def _addmv(c, mat, vec, beta=1, alpha=1):
    # gemv's y = beta*y + alpha*(A x); with one column MKL scales x first (probed)
    if alpha != 1 and mat.shape[1] == 1:
        product = _k.mv(mat, vec * vec.dtype.type(alpha))
    else:
        product = _times(_k.mv(mat, vec), alpha)
    return (c if beta == 1 else _times(c, beta)) + product if beta != 0 else product + 0 * c


def _baddbmm(c, b1, b2, beta=1, alpha=1):
    count, rows, k = b1.shape
    if k * rows * b2.shape[2] >= 400 and b1.dtype == b2.dtype and b1.dtype.kind == "f":
        # ?gemm_batch: each matrix is torch.addmm's gemm, beta and alpha included (probed)
        cs = np.broadcast_to(c, (count, rows, b2.shape[2]))
        return np.stack([_k.addmm(cs[i], b1[i], b2[i], beta, alpha) for i in range(count)])
    # below, ATen's own loop: the products summed, scaled, added to the scaled input
    product = _times(_bmm(b1, b2), alpha)
    return (c if beta == 1 else _times(c, beta)) + product if beta != 0 else product + 0 * c


ADDMV = row(Op("addmv", _addmv, "AddmvBackward0", ("self", "mat", "vec"), (
    Rule(lambda node, g: _times(g, node.params.get("beta", 1)), (), "∂(β·c + α·A·v)/∂c = β"),
    Rule(lambda node, g: _times(xp.reshape(g, (g.shape[0], 1)) * node.vec,
                                node.params.get("alpha", 1)), ("vec",),
         "∂(β·c + α·A·v)/∂A = α·g·vᵀ"),
    Rule(lambda node, g: _times(xp.mv(xp.t(node.mat), g), node.params.get("alpha", 1)),
         ("mat",), "∂(β·c + α·A·v)/∂v = α·Aᵀ·g")), dtypes="keep"))
BADDBMM = row(Op("baddbmm", _baddbmm, "BaddbmmBackward0", ("self", "batch1", "batch2"), (
    Rule(lambda node, g: _times(g, node.params.get("beta", 1)), (), "∂(β·C + α·A·B)/∂C = β"),
    Rule(lambda node, g: _times(xp.bmm(g, xp.transpose(node.batch2, 1, 2)),
                                node.params.get("alpha", 1)), ("batch2",),
         "∂(β·C + α·A·B)/∂A = α·g·Bᵀ"),
    Rule(lambda node, g: _times(xp.bmm(xp.transpose(node.batch1, 1, 2), g),
                                node.params.get("alpha", 1)), ("batch1",),
         "∂(β·C + α·A·B)/∂B = α·Aᵀ·g")), dtypes="keep"))


def _scales(beta, alpha) -> dict:
    return {} if beta == 1 and alpha == 1 else {"beta": beta, "alpha": alpha}


@export()
def addmv(input, mat, vec, *, beta=1, alpha=1):
    """beta * input + alpha * (mat @ vec) in one node."""
    shape = tuple(mv(mat.detach(), vec.detach()).shape)   # mv's checks and result size
    if input.ndim > 1 or input._data.size not in (1, shape[0]):
        size = "x".join(map(str, input._data.shape))
        raise RuntimeError(f"size mismatch, got input ({size}), mat ({_x(mat._data.shape)}), "
                           f"vec ({vec._data.shape[0]})")
    if input.dtype is not mat.dtype:
        raise RuntimeError(f"Expected object of scalar type {_dt.type_name(mat.dtype)} but "
                           f"got scalar type {_dt.type_name(input.dtype)} for argument 'self'")
    return apply(ADDMV, (input, mat, vec), _scales(beta, alpha))


@export()
def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """beta * input + alpha * (batch1 @ batch2), batch by batch, in one node."""
    shape = tuple(bmm(batch1.detach(), batch2.detach()).shape)   # bmm's checks and size
    if np.broadcast_shapes(input._data.shape, shape) != shape:
        input.expand(*shape)
    return apply(BADDBMM, (input, batch1, batch2), _scales(beta, alpha))


# ---- kron, tril_indices, triu_indices ----------------------------------------------------------
@export()
def kron(input, other):
    """ATen's kron: both viewed with interleaved dims of size 1 (_unsafe_view), multiplied,
    the product viewed as the result (UnsafeViewBackward0 over MulBackward0)."""
    ndim = max(input.ndim, other.ndim)
    a_shape = (1,) * (ndim - input.ndim) + tuple(input.shape)
    b_shape = (1,) * (ndim - other.ndim) + tuple(other.shape)
    a = apply(UNSAFE_VIEW, (input,), {"shape": tuple(x for n in a_shape for x in (n, 1))})
    b = apply(UNSAFE_VIEW, (other,), {"shape": tuple(x for n in b_shape for x in (1, n))})
    return apply(UNSAFE_VIEW, (a * b,), {"shape": tuple(m * n for m, n in zip(a_shape,
                                                                                b_shape))})


def _triangle_indices(row, col, offset, lower: bool, dtype) -> Tensor:
    """The (row, column) indices of the lower (upper) triangle from diagonal `offset`, row by
    row, as a 2 x N tensor."""
    for what, n in (("row", row), ("col", col)):
        if n < 0:
            raise RuntimeError(f"{what} must be non-negative, got{n}")
    check_shape((row, col))
    picked = (np.tril if lower else np.triu)(np.ones((row, col), bool), offset)
    indices = np.stack(np.nonzero(picked)).reshape(2, -1)
    return Tensor._make(indices.astype(np.int64 if dtype is None else dtype.np))


@export(method=False)
def tril_indices(row, col, offset=0, *, dtype=None, layout=None, device=None, pin_memory=False,
                 requires_grad=False):
    return _triangle_indices(row, col, offset, True, dtype)


@export(method=False)
def triu_indices(row, col, offset=0, *, dtype=None, layout=None, device=None, pin_memory=False,
                 requires_grad=False):
    return _triangle_indices(row, col, offset, False, dtype)


# ---- trace -------------------------------------------------------------------------------
def _trace(a: np.ndarray) -> np.ndarray:
    # ATen's trace_cpu adds the diagonal in order, in double for floats (its accumulate type),
    # to a sum that starts at +0. (so a diagonal of -0.s sums to 0., as 0. + -0. is)
    acc = np.float64 if a.dtype.kind == "f" else np.int64
    total = np.cumsum(np.diagonal(a).astype(acc))
    return np.asarray(total[-1] + acc(0) if total.size else 0, acc).astype(
        a.dtype if a.dtype.kind == "f" else np.int64)


def _diagonal_mask(shape) -> np.ndarray:
    return np.eye(*shape, dtype=bool)


TRACE = row(Op("trace", _trace, "TraceBackward0", ("self",), (
    # trace_backward: g on the diagonal of a zero matrix, viewed in the input's shape
    Rule(lambda node, g: xp.reshape(xp.where(_diagonal_mask(node.shapes[0]), g, 0.0),
                                    node.shapes[0]), (), "∂trace(A)/∂A = I"),),
    dtypes="keep"))


@export()
def trace(input):
    if input.ndim != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {input.ndim}")
    if input.dtype is _dt.bool_:
        raise NotImplementedError("\"trace\" not implemented for 'Bool'")
    return apply(TRACE, (input,))
