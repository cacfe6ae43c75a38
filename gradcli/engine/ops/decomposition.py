"""Op rows of linear algebra beyond products: inverse, determinant, cross product and the
singular value decomposition (torch.linalg.inv, linalg.det, linalg.cross, linalg.svd, svdvals,
torch.svd)."""
from __future__ import annotations

import numpy as np

from .. import dtypes as _dt, grad_mode, interruptible, return_types
from ..dispatch import Rule, Op, apply
from ..kernels import decomposition as kernels
from ..kernels import linalg as _k
from ..kernels import pointwise as _pw
from ..kernels import svd as _svd
from ..tensor import Tensor
from . import xp
from .indexing import DIAG_EMBED
from .join import cat
from .linalg import matmul
from .pointwise import broadcast_shape
from .registry import export, row


class LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError: the matrix is singular (a traceback names its C++ class)."""

    __module__ = "torch._C"
    __qualname__ = "_LinAlgError"


def _mT(x):
    return xp.transpose(x, -2, -1)


def _matmul(a, b):
    """A product of (batches of) matrices, on tensors or, with the same kernels, on arrays."""
    if type(a) is not np.ndarray:
        return matmul(a, b)
    if a.ndim == 2:
        return _k.mm(a, b)
    batch = a.shape[:-2]
    return _k.bmm(a.reshape((-1,) + a.shape[-2:]), b.reshape((-1,) + b.shape[-2:])).reshape(
        batch + (a.shape[-2], b.shape[-1]))


def _square(name: str, input) -> None:
    """The checks linalg's functions make of A before they factor it, in PyTorch's order."""
    if input.ndim < 2:
        raise RuntimeError(f"linalg.{name}: The input tensor A must have at least 2 dimensions.")
    rows, cols = input.shape[-2:]
    if rows != cols:
        raise RuntimeError(f"linalg.{name}: A must be batches of square matrices, but they are "
                           f"{rows} by {cols} matrices")
    if input.dtype.category != _dt.FLOAT:
        raise RuntimeError(f"linalg.{name}: Expected a floating point or complex tensor as input. "
                           f"Got {_dt.type_name(input.dtype)}")


def _inverse(a: np.ndarray) -> np.ndarray:
    # NumPy's LAPACK solve (PyTorch's MKL getrf + getri may round the last bit otherwise); an
    # exactly singular matrix is PyTorch's error, naming the zero pivot as getrf finds it
    try:
        inverse = interruptible.run(a.size * a.shape[-1], np.linalg.inv, a).astype(a.dtype)
        # each matrix column-major, as LAPACK leaves it in PyTorch's result
        return np.swapaxes(np.ascontiguousarray(np.swapaxes(inverse, -1, -2)), -1, -2)
    except np.linalg.LinAlgError:
        pass
    for index in np.ndindex(a.shape[:-2]):
        u = _lu(a[index])
        zero = np.flatnonzero(np.diagonal(u) == 0)
        if zero.size:
            raise LinAlgError(f"linalg.inv: The diagonal element {zero[0] + 1} is zero, the "
                              f"inversion could not be completed because the input matrix is "
                              f"singular.")
    raise LinAlgError("linalg.inv: The input matrix is singular.")


def _lu(a: np.ndarray) -> np.ndarray:
    """U of Doolittle's LU with partial pivoting (getrf's pivoting), for naming a zero pivot."""
    u = a.astype(np.float64).copy()
    n = u.shape[0]
    for k in range(n):
        p = k + int(np.argmax(np.abs(u[k:, k])))
        u[[k, p]] = u[[p, k]]
        if u[k, k] != 0:
            u[k + 1:, k:] -= np.outer(u[k + 1:, k] / u[k, k], u[k, k:])
    return u


INV = row(Op("linalg_inv_ex", _inverse, "LinalgInvExBackward0", ("self",), (
    Rule(lambda node, g: -_matmul(_mT(node.result), _matmul(g, _mT(node.result))), ("result",),
         "∂A⁻¹ = -A⁻ᵀ·g·A⁻ᵀ"),), dtypes="keep"))


@export("inverse", linalg=("inv",))
def inverse(input):
    _square("inv", input)
    return apply(INV, (input,))


def _solve(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    try:
        return interruptible.run(b.size * a.shape[-1], np.linalg.solve, a, b).astype(a.dtype)
    except np.linalg.LinAlgError:
        raise LinAlgError("torch.linalg.solve: The solver failed because the input matrix is "
                          "singular.") from None


# _linalg_solve_ex (X = A⁻¹B, B a batch of matrices): linalg_solve_backward, whose gradients
# solve again with Aᵀ, so that a further backward goes through them as PyTorch's does
SOLVE = row(Op("linalg_solve_ex", _solve, "LinalgSolveExBackward0", ("A", "B"), (
    Rule(lambda node, g: -_matmul(apply(SOLVE, (_mT(node.A), g)), _mT(node.result)),
         ("A", "result"), "∂X/∂A = -A⁻ᵀ·g·Xᵀ"),
    Rule(lambda node, g: apply(SOLVE, (_mT(node.A), g)), ("A",), "∂X/∂B = A⁻ᵀ·g")),
    dtypes="keep"))


def _det(a: np.ndarray) -> np.ndarray:
    return interruptible.run(a.size * a.shape[-1], kernels.det, a)


def _det_grad(node, g):
    """linalg_det_backward: G solves Aᵀ·G = g·det(A)·I. Without a graph, by LU with an exact
    zero pivot replaced by eps; recorded, by linalg_solve where |det A| ≥ 100·eps and through
    the SVD (the adjugate) where A is near singular, the two put together by index_put."""
    a, det, shape = node.self, node.result, node.shapes[0]
    if 0 in shape:
        return xp.zeros_like(g, shape)
    if shape[-1] == 1:   # a 1×1 determinant is its one element
        return xp.expand(xp.unsqueeze(xp.unsqueeze(g, -1), -1), shape)
    d = _mT(apply(DIAG_EMBED, (xp.expand(xp.unsqueeze(g * det, -1), shape[:-1]),),
                  {"offset": 0}))
    if type(g) is not Tensor:
        if np.all(det != 0):
            return _solve(_mT(a), d)
        return interruptible.run(a.size * a.shape[-1], kernels.lu_solve_perturbed, a, d)
    singular = np.abs(det._data) < 100 * np.finfo(det._data.dtype).eps
    if not singular.any():
        return apply(SOLVE, (_mT(a), d))
    if singular.all():
        return _singular_det_grad(a, g)
    mask, rest = Tensor._make(singular), Tensor._make(~singular)
    out = xp.zeros_like(a).index_put((mask,), _singular_det_grad(a[mask], g[mask]))
    return out.index_put((rest,), apply(SOLVE, (_mT(a[rest]), d[rest])))


def _singular_det_grad(a: Tensor, g: Tensor) -> Tensor:
    """The adjugate through the SVD: U·diag(α·Πⱼ≠ᵢ sⱼ)·Vᵀ with α = det U·det Vᵀ·g (the
    exclusive products built by multiplying along, where PyTorch's cumprod records them)."""
    u, s, vh = _svd_factors(a, True)
    alpha = apply(DET, (u,)) * apply(DET, (vh,)) * g
    n = s.shape[-1]
    before, after = [None] * n, [None] * n
    for i in range(1, n):
        part = s[..., i - 1:i]
        before[i] = part if i == 1 else before[i - 1] * part
        back = s[..., n - i:n - i + 1]
        after[n - 1 - i] = back if i == 1 else after[n - i] * back
    ones = xp.constant(np.ones(s.shape[:-1] + (1,), s._data.dtype), s)
    products = [ones if b is None and f is None else b if f is None else f if b is None
                else b * f for b, f in zip(before, after)]
    others = products[0] if n == 1 else cat(products, -1)
    return _matmul(u * xp.unsqueeze(xp.unsqueeze(alpha, -1) * others, -2), vh)


DET = row(Op("linalg_det", _det, "LinalgDetBackward0", ("self",), (
    Rule(_det_grad, ("self", "result"), "∂det A/∂A = det A·A⁻ᵀ"),), dtypes="keep"))


@export("det", linalg=("det",))
def det(input):
    _square("det", input)
    return apply(DET, (input,))


CROSS = row(Op("linalg_cross", _pw.cross, "LinalgCrossBackward0", ("self", "other"), (
    Rule(lambda node, g: apply(CROSS, (node.other, g), {"dim": node.dim}), ("other",),
         "∂(a×b)/∂a = b×g"),
    Rule(lambda node, g: apply(CROSS, (g, node.self), {"dim": node.dim}), ("self",),
         "∂(a×b)/∂b = g×a")), dtypes="promote"))


@export("cross", linalg=("cross",))
def cross(input, other, dim=None):
    """torch.cross (dim: the first of size 3 when not given) and torch.linalg.cross (dim -1)."""
    if input.ndim != other.ndim:
        raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
    if dim is None:
        dim = next((d for d, n in enumerate(input.shape) if n == 3), -1)
    a, b = input.shape[dim:][:1] or (0,), other.shape[dim:][:1] or (0,)
    if a[0] != 3 or b[0] != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. Got "
                           f"{a[0]} and {b[0]}")
    broadcast_shape(input, other)
    return apply(CROSS, (input, other), {"dim": dim})


# ---- the singular value decomposition ----------------------------------------------------------
NO_DRIVER = ("torch.linalg.svd: keyword argument `driver=` is only supported on CUDA inputs with "
             "cuSOLVER backend.")


def _svd_input(input, driver=None) -> None:
    """linalg.svd's and svdvals' checks of A (and of a driver, which only cuSOLVER takes)."""
    if input.ndim < 2:
        raise RuntimeError("linalg.svd: The input tensor A must have at least 2 dimensions.")
    if input.dtype.category != _dt.FLOAT:
        raise RuntimeError(f"linalg.svd: Expected a floating point or complex tensor as input. "
                           f"Got {_dt.type_name(input.dtype)}")
    if driver is not None:
        raise RuntimeError(NO_DRIVER)


def _svd_backward(node, grads):
    """svd_backward (FunctionsManual.cpp) for real A, of the saved U, S, Vh (a full U or Vh, and
    its gradient, narrowed to the first k vectors, as derivatives.yaml narrows them). Distinct
    singular values are assumed."""
    u, s, vh = node.result, node.result1, node.result2
    (m, _), (k,), (_, n) = u.shape[-2:], s.shape[-1:], vh.shape[-2:]
    u, vh = u[..., :k], vh[..., :k, :]
    g_u, g_s, g_vh = grads
    if g_u is None and g_vh is None:
        if m >= n:
            return _matmul(u, xp.unsqueeze(g_s, -1) * vh)
        return _matmul(u * xp.unsqueeze(g_s, -2), vh)
    if g_u is not None:
        g_u = g_u[..., :k]
    if g_vh is not None:
        g_vh = g_vh[..., :k, :]
    s2 = s * s
    eye = xp.constant(np.eye(k, dtype=(s._data if type(s) is Tensor else s).dtype), s)
    e = xp.unsqueeze(s2, -2) - xp.unsqueeze(s2, -1) + eye   # 1 on the diagonal: no 0 / 0
    u_gu = None if g_u is None else _skew(_matmul(_mT(u), g_u))
    vh_gv = None if g_vh is None else _skew(_matmul(vh, _mT(g_vh)))
    if u_gu is not None and vh_gv is not None:
        inner = (u_gu * xp.unsqueeze(s, -2) + xp.unsqueeze(s, -1) * vh_gv) / e
    elif u_gu is not None:
        inner = (u_gu / e) * xp.unsqueeze(s, -2)
    else:
        inner = xp.unsqueeze(s, -1) * (vh_gv / e)
    if g_s is not None:
        inner = inner + xp.unsqueeze(g_s, -1) * eye   # diag_embed(gS)
    if m > n and g_u is not None:   # the part of gU outside U's span: (I - UUᵀ) gU S⁻¹
        g_u_sinv = g_u / xp.unsqueeze(s, -2)
        return _matmul(_matmul(u, inner) + g_u_sinv - _matmul(u, _matmul(_mT(u), g_u_sinv)), vh)
    if m < n and g_vh is not None:   # and of gVh outside Vh's: S⁻¹ gVh (I - VVᵀ)
        sinv_g_vh = g_vh / xp.unsqueeze(s, -1)
        return _matmul(u, _matmul(inner, vh) + sinv_g_vh
                       - _matmul(_matmul(sinv_g_vh, _mT(vh)), vh))
    return _matmul(u, _matmul(inner, vh)) if m >= n else _matmul(_matmul(u, inner), vh)


def _skew(x):
    return x - _mT(x)


def _svd_steps(a: np.ndarray) -> int:
    """About the work of gesdd on a (m·n·min(m, n) per matrix), for interruptible.run."""
    return a.size * min(a.shape[-2:])


def _svd_forward(a: np.ndarray, full_matrices: bool) -> tuple:
    return interruptible.run(_svd_steps(a), _svd.svd, a, full_matrices)


SVD = row(Op("linalg_svd", _svd_forward, "LinalgSvdBackward0", ("self",), (
    Rule(_svd_backward, ("result", "result1", "result2"),
         "∂A = U[(skew(UᵀgU)·S + S·skew(VᵀgV))/(sⱼ² - sᵢ²) + diag(gS)]Vᵀ"),),
    dtypes="keep"))


def _svd_factors(input, full_matrices: bool) -> tuple:
    return apply(SVD, (input,), {"full_matrices": bool(full_matrices)})


def _values(input):
    """S alone: gesdd without vectors, unless a backward will need them (torch's
    _may_require_fw_or_bw_grad), when it is the S of the full decomposition."""
    if input.requires_grad and grad_mode.state.enabled:
        return _svd_factors(input, False)[1]
    a = input._data
    return Tensor._make(interruptible.run(_svd_steps(a), _svd.svdvals, a))


@export("linalg_svd", torch=False, method=False, linalg=("svd",))
def linalg_svd(A, full_matrices=True, *, driver=None):
    _svd_input(A, driver)
    return return_types.linalg_svd(*_svd_factors(A, full_matrices))


@export("linalg_svdvals", torch=False, method=False, linalg=("svdvals",))
def linalg_svdvals(A, *, driver=None):
    _svd_input(A, driver)
    return _values(A)


@export()
def svd(input, some=True, compute_uv=True):
    """torch.svd: linalg.svd's factors with V = Vhᴴ; without compute_uv, zeros for U and V."""
    if input.ndim < 2:
        raise RuntimeError(f"linalg.svd: input should have at least 2 dimensions, but has "
                           f"{input.ndim} dimensions instead")
    _svd_input(input)
    if compute_uv:
        u, s, vh = _svd_factors(input, not some)
    else:
        s = _values(input)
        batch, (m, n) = input.shape[:-2], input.shape[-2:]
        u = Tensor._make(np.zeros(batch + (m, m), input._data.dtype))
        vh = Tensor._make(np.zeros(batch + (n, n), input._data.dtype))
    return return_types.svd(u, s, vh.transpose(-2, -1))
