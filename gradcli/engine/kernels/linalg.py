"""MKL's float32 matrix products (and float64's in-order and rank-1 kernels) as torch 2.13
calls them on this machine, bit for bit.

torch.mm/addmm/matmul call sgemm, torch.mv calls sgemv and torch.dot sdot, all from the MKL
2024.2 linked into libtorch_cpu (MKL_VERBOSE=1 names each call). On an AMD EPYC, MKL runs its
non-Intel code path (mkl_serv_cpu_detect() is 0) and chooses, by shape, among the kernels below.
None of them is documented: each was read off by differential probing against torch, with inputs
built so that different summation orders give different bits (see README, "Matrix products").

  sgemm m >= 12, n >= 4    FMA chains over k, k cut in blocks of 192 (K/2 for 192 < K <= 384);
                           each block's chain is added to C (C starts as beta*C).
  sgemm transa = N         products rounded, added in k order; the first 1-3 rows of a column
                           of C that is not 16-byte aligned are summed in 4-groups instead.
  sgemm transa = T, N      4-lane dot products whose split depends on the alignment of B's
                           column; the last m % 4 rows use 8 lanes.
  sgemv t (and sgemm T,T with n = 1): 4-row dot products of the same kind, aligned on A.
  sdot                     4 vectors of 4 lanes, tail added into lane 0.
  ddot                     4 vectors of 2 lanes, the groups left to the first (ported but
                           for an aligned vector with a misaligned one).

dgemm chooses among the same kernels by the same rules (probed with float64 operands of every
layout); its in-order products and its rank-1 kernel (a column of C peels the one double before
its 16-byte boundary) are ported, its FMA, dot and gemv kernels are not (NumPy's product).

Alignment is measured in floats from the start of the tensor's storage, which PyTorch allocates
64-byte aligned; a view's offset into its base stands for its storage offset. beta=1 (addmm's
bias) is added to each kernel's result, as MKL does (to each k-block's chain in the FMA kernel).

Short products outside the FMA kernel add their products in k order: every kernel up to
k = SHORT_K (the lanes and peeled rows need more products than that), some further
(IN_ORDER_UP_TO). They are computed as such in one short loop, without the planning of the
kernels (tests/engine/kernels/test_linalg.py checks them against the kernels on random shapes
and layouts).
"""
from __future__ import annotations

import numpy as np

from .fma import fma32

F32, F64 = np.float32, np.float64
FMA_M, FMA_N = 12, 4        # smallest C (in MKL's m x n) that runs the FMA kernel
K_BLOCK = 192
TILE = 4096                 # output elements per pass of the emulated FMA chain
# Above this many multiply-adds an FMA-kernel product falls back to NumPy's BLAS: emulating the
# chain costs ~4 ns per multiply-add, so the limit keeps one product under ~20 ms.
EXACT_LIMIT = 4_000_000
# multiply-adds per block of a long product (matmul), some 50 ms each: NumPy's own loop (False:
# not floats) does ~4e8 a second, BLAS ~4e10
BLOCK_STEPS = {False: 20_000_000, True: 2_000_000_000}
_HALF_ULP = 0x10000000      # float64 low bits of a float32 tie after a first rounding
_LOW_BITS = 0x1FFFFFFF


# ---- storage geometry ----------------------------------------------------------------------
def offset(x: np.ndarray) -> int:
    """The element offset of `x` in the allocation its data lives in (0 for a fresh array)."""
    root = x
    while isinstance(root.base, np.ndarray):
        root = root.base
    if root is x:
        return 0
    return (x.__array_interface__["data"][0] - root.__array_interface__["data"][0]) // x.itemsize


def _strides(x: np.ndarray) -> tuple:
    return tuple(s // x.itemsize for s in x.strides)


# ---- the kernels, on MKL's column-major operands: A is m x k, B is k x n, C is m x n ---------
def _fma_blocks(a: np.ndarray, b: np.ndarray, c) -> np.ndarray:
    """The FMA kernel: per k-block an exact float32 FMA chain, then C + chain; worked in tiles
    of rows small enough for the float64 temporaries to stay in cache."""
    m, k = a.shape
    n = b.shape[1]
    block = k // 2 if K_BLOCK < k <= 2 * K_BLOCK else K_BLOCK
    out = np.empty((m, n), F32)
    a64, b64 = a.astype(F64), b.astype(F64)
    rows = max(1, TILE // n)
    for top in range(0, m, rows):
        tile = slice(top, min(m, top + rows))
        acc_c = None if c is None else np.array(np.broadcast_to(c, (m, n))[tile], F32)
        for start in range(0, k, block):
            chain = _fma_chain(a[tile, start:start + block], b[start:start + block],
                               a64[tile, start:start + block], b64[start:start + block])
            acc_c = chain if acc_c is None else acc_c + chain
        out[tile] = acc_c
    return out


def _fma_chain(a, b, a64, b64) -> np.ndarray:
    """sum over k of a[:, k] * b[k, :] as one float32 FMA chain from 0, exactly: the float64
    product is exact, so each step rounds once unless the float64 sum is a float32 tie (or a
    subnormal, possible only for tiny inputs), which the exact fma32 redoes."""
    m, n = a.shape[0], b.shape[1]
    acc = np.zeros((m, n), F32)
    s = np.empty((m, n), F64)
    low = np.empty((m, n), np.uint64)
    tiny = _may_underflow(a, b)
    for i in range(a.shape[1]):
        np.multiply(a64[:, i, None], b64[None, i, :], out=s)
        s += acc
        np.bitwise_and(s.view(np.uint64), _LOW_BITS, out=low)
        if (low == _HALF_ULP).any() or tiny and not np.abs(s).min(initial=1.0) >= 2.0 ** -126:
            acc = fma32(a[:, i, None], b[None, i, :], acc)
        else:
            acc[...] = s
    return acc


def _may_underflow(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether a nonzero partial sum of products of `a` and `b` can be subnormal: every such sum
    is a multiple of the smallest product's last bit, 2**-47 of its leading one."""
    smallest = [np.abs(x[x != 0]).min(initial=np.inf) for x in (a, b)]
    return float(smallest[0]) * float(smallest[1]) * 2.0 ** -47 < 2.0 ** -126


# Every kernel below is a loop over k whose body works on all outputs at once: the products of
# one k are made and added in place, so the temporaries stay in cache (np.cumsum over a
# materialised (m, k, n) product array is sequential too, but several times slower).
def _products(rows: np.ndarray, cols: np.ndarray, i) -> np.ndarray:
    """The rounded products rows[:, i] * cols[:, i] for every (row, column) pair."""
    return rows[:, None, i] * cols[None, :, i]


def _in_order(total: np.ndarray, rows: np.ndarray, cols: np.ndarray, ks) -> np.ndarray:
    """`total` plus the products of each k in `ks`, one k after another."""
    for i in ks:
        total = total + _products(rows, cols, i)
    return total


def _peel_rows(rows: np.ndarray, cols: np.ndarray, start: np.ndarray) -> np.ndarray:
    """The rank-1 kernel's peeled rows: per 8 k's, the first 4 added onto the running sum, the
    next 4 summed apart and then added; the last k % 8 added in order."""
    k = rows.shape[1]
    acc = np.array(start, rows.dtype)
    for g in range(0, k - k % 8, 8):
        acc = _in_order(acc, rows, cols, range(g, g + 4))
        acc += _in_order(_products(rows, cols, g + 4), rows, cols, range(g + 5, g + 8))
    return _in_order(acc, rows, cols, range(k - k % 8, k))


def _rank1(a: np.ndarray, b: np.ndarray, c, column_offsets: np.ndarray) -> np.ndarray:
    """The transa = N kernel: C[:, j] plus the rounded products, in k order; the elements of a
    column of C before its first 16-byte boundary (1-3 floats, 1 double) are peeled."""
    m, k = a.shape
    n = b.shape[1]
    lanes = 16 // a.itemsize
    start = np.zeros((m, n), a.dtype) if c is None else \
        np.array(np.broadcast_to(c, (m, n)), a.dtype)
    out = start.copy()
    for i in range(k):
        out += a[:, i, None] * b[None, i, :]
    peel = (-column_offsets) % lanes
    peel[m - peel < lanes] = 0
    if k >= 8:
        for rows in range(1, lanes):
            cols = np.flatnonzero(peel == rows)
            if cols.size:
                out[:rows, cols] = _peel_rows(a[:rows], b[:, cols].T, start[:rows, cols])
    return out


def _lanes(rows: np.ndarray, cols: np.ndarray, head: int, width: int, body: int) -> np.ndarray:
    """Dot products of `rows` with `cols` (both k along axis 1): the first `head` products
    summed in order into lane 0, the next `body` dealt round-robin to `width` lanes each summed
    in order, the lanes folded in halves ((l0+l2)+(l1+l3))."""
    lanes = np.zeros((rows.shape[0], cols.shape[0], width), F32)
    lanes[..., 0] = _in_order(lanes[..., 0], rows, cols, range(head))
    for g in range(head, head + body, width):
        lanes += rows[:, None, g:g + width] * cols[None, :, g:g + width]
    while width > 1:
        width //= 2
        lanes = lanes[..., :width] + lanes[..., width:]
    return lanes[..., 0]


def _dot(rows: np.ndarray, cols: np.ndarray, head: int, group: int, width: int) -> np.ndarray:
    """A dot kernel: `head` products to align, lanes over whole groups of `group` products
    (2 lanes when a group of 4 is all there is), then the rest in order; fewer than one group
    after the head: all in order."""
    k = rows.shape[1]
    rest = k - head
    zero = np.zeros((rows.shape[0], cols.shape[0]), F32)
    if rest < group:
        return _in_order(zero, rows, cols, range(k))
    body = rest - rest % group
    width = 2 if group == 4 and body < 8 else width
    return _in_order(_lanes(rows, cols, head, width, body), rows, cols, range(head + body, k))


def _tn(a: np.ndarray, b: np.ndarray, column_offsets: np.ndarray) -> np.ndarray:
    """The transa = T, transb = N kernel: dot products of A's rows with B's columns, aligned on
    each column of B; rows in groups of 4, the last m % 4 rows apart with 8 lanes."""
    m = a.shape[0]
    main = m - m % 4
    out = np.empty((m, b.shape[1]), F32)
    bt = b.T
    for o in range(4):
        cols = np.flatnonzero(column_offsets % 4 == o)
        if cols.size:
            head = (-o) % 4
            out[:main, cols] = _dot(a[:main], bt[cols], head, 4, 4)
            out[main:, cols] = _dot(a[main:], bt[cols], head, 8, 8)
    return out


def _gemv_t(a: np.ndarray, v: np.ndarray, a_offset: int, v_offset: int) -> np.ndarray:
    """sgemv 't' (y = A v, A's rows contiguous): rows in groups of 4 whose k is cut as
    [head][4-lane body][the a_offset % 4 last products]; the last rows % 4 rows in pairs that
    use 8 and 4 lanes after a head that aligns v."""
    rows, k = a.shape
    col = v[None, :]
    out = np.empty(rows, F32)
    main = rows - rows % 4
    inner = k - a_offset % 4
    if main and inner <= 4:
        out[:main] = _in_order(np.zeros((main, 1), F32), a[:main], col, range(k))[:, 0]
    elif main:
        head = (inner - 1) % 4 + 1
        body = inner - head
        total = _lanes(a[:main], col, head, 2 if body < 8 else 4, body)
        out[:main] = _in_order(total, a[:main], col, range(inner, k))[:, 0]
    head = 4 - v_offset % 4
    for r in range(main, rows):
        out[r] = _dot(a[r:r + 1], col, head, 8, 4 if (r - main) % 2 else 8)[0, 0]
    return out


# how the groups of products left after the last whole step are shared among the accumulators
_DOT_REST = {np.dtype(F32): (0, 1, 0), np.dtype(F64): (0, 0, 0)}


def _xdot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """MKL's sdot and ddot: 4 accumulators of one 16-byte vector (4 floats, 2 doubles) take 4
    vectors of products a step, the products rounded and added unfused; the groups left go to
    the first accumulators (sdot: 0, 1, 0; ddot: all to 0), the last products to lane 0 of the
    first; the accumulators are added in order and their lanes folded in halves. Vectors that
    start off a 16-byte boundary by the same amount are first aligned: the products before it
    seed lane 0."""
    lanes = 16 // a.itemsize
    p = a * b
    head = (-offset(a)) % lanes if offset(a) % lanes == offset(b) % lanes else 0
    if 0 < head < p.shape[0]:
        lead = a.dtype.type(0)
        for x in p[:head]:
            lead += x
        p = p[head:].copy()
        p[0] = lead + p[0]
    k = p.shape[0]
    acc = np.zeros((4, lanes), a.dtype)
    groups = k // lanes
    steps = p[:groups * lanes].reshape(groups, lanes)
    owner = np.arange(groups) % 4
    owner[groups - groups % 4:] = _DOT_REST[a.dtype][:groups % 4]
    for v in range(4):
        mine = steps[owner == v]
        if mine.shape[0]:
            acc[v] = np.cumsum(mine, axis=0)[-1]
    for x in p[groups * lanes:]:
        acc[0, 0] += x
    total = ((acc[0] + acc[1]) + acc[2]) + acc[3]
    while total.shape[0] > 1:
        total = total[:total.shape[0] // 2] + total[total.shape[0] // 2:]
    return total[0]


# ---- short products: every kernel but the FMA one adds fewer than 4 products in k order ----
SHORT_K = 3
# the largest k each kernel adds in order: the rank-1 kernel peels rows from 8 products on,
# sgemv 't' splits k in lanes from 5, T,T never does (kept short: the loop is the same)
IN_ORDER_UP_TO = {"rank1": 7, "gemv_t": 4, "tt": 7, "tn": SHORT_K}


def _short(m1: np.ndarray, m2: np.ndarray, bias, from_bias: bool) -> np.ndarray:
    """bias + m1 @ m2 (or a batch of them) with the products of each k added in k order, to a
    zero (then bias added to the sum) or, `from_bias`, to the bias (the rank-1 kernel's C)."""
    out = np.zeros(m1.shape[:-1] + m2.shape[-1:], m1.dtype)
    if from_bias:
        out[...] = bias
    for i in range(m1.shape[-1]):
        out += m1[..., i, None] * m2[..., i, None, :]
    return out if bias is None or from_bias else bias + out


def _sides(m1: np.ndarray, m2: np.ndarray) -> tuple:
    """How torch's m1 @ m2 reaches MKL: (C transposed?, MKL's A, MKL's B, m, n)."""
    if m2.shape[1] != 1:   # C is row-major: MKL computes C^T = m2^T m1^T
        return True, m2, m1, m2.shape[1], m1.shape[0]
    return False, m1, m2, m1.shape[0], 1


def _ordered_product(m1: np.ndarray, m2: np.ndarray, bias, sides: tuple):
    """bias + m1 @ m2 if the kernel MKL's gemm runs for it adds each k's products in k order
    (see IN_ORDER_UP_TO), else None. dgemm chooses among the same kernels as sgemm (probed with
    float64 operands of every layout against torch), so this serves both."""
    transpose_c, x, y, m, n = sides
    k = m1.shape[1]
    if m >= FMA_M and n >= FMA_N:
        return None
    if k <= SHORT_K and bias is None:   # to a zero in every kernel
        return _short(m1, m2, None, False)
    if k <= max(IN_ORDER_UP_TO.values(), default=-1):
        trans = [transpose_c if layout is None else layout[0] for layout in
                 (_layout(x, not transpose_c, m, k), _layout(y, not transpose_c, k, n))]
        kernel = _kernel(*trans, m, n)
        if k <= IN_ORDER_UP_TO.get(kernel, -1):
            # the bias is where the rank-1 kernel starts and what the others add at the end
            return _short(m1, m2, None if bias is None else np.asarray(bias, m1.dtype),
                          bias is not None and kernel == "rank1")
    return None


# ---- torch's side: addmm_impl_cpu_ (aten/src/ATen/native/LinearAlgebra.cpp) ----------------
def _layout(x: np.ndarray, rows_first: bool, rows: int, k: int):
    """How addmm_impl_cpu_ hands `x` to BLAS where it lies: (transposed?, leading dimension),
    or None if it copies `x` first (the copy is transposed when not `rows_first`)."""
    s = _strides(x)
    inner, outer = (s[0], s[1]) if rows_first else (s[1], s[0])
    if inner == 1 and outer >= max(1, rows):
        return False, outer
    if outer == 1 and inner >= max(1, k):
        return True, inner
    return None


def _as_operand(x: np.ndarray, rows_first: bool, rows: int, k: int) -> tuple:
    """How addmm_impl_cpu_ hands `x` to BLAS: (transposed?, leading dimension, offset, array)."""
    layout = _layout(x, rows_first, rows, k)
    if layout is not None:
        return (*layout, offset(x), x)
    copy = np.ascontiguousarray(x)
    cs = _strides(copy)
    return not rows_first, cs[0] if rows_first else cs[1], 0, copy


def gemm(m1: np.ndarray, m2: np.ndarray, bias=None, c_offset: int = 0):
    """bias + m1 @ m2 (2-d) with the bits of torch.addmm (torch.mm without a bias), or None
    where the kernel is not ported: sgemm's all are, dgemm's in-order and rank-1 kernels (same
    choice and order, the peeled rows those before a 16-byte boundary); `c_offset`: where the
    result starts in its storage (a batch of bmm)."""
    big, k, small = m1.shape[0], m1.shape[1], m2.shape[1]
    transpose_c, x, y, m, n = sides = _sides(m1, m2)
    short = _ordered_product(m1, m2, bias, sides)
    if short is not None:
        return short
    fma = m >= FMA_M and n >= FMA_N
    trans_a, lda, a_off, x = _as_operand(x, not transpose_c, m, k)
    trans_b, ldb, b_off, y = _as_operand(y, not transpose_c, k, n)
    kernel = "fma" if fma else _kernel(trans_a, trans_b, m, n)
    if m1.dtype == F64 and kernel != "rank1":
        return None
    c = None
    if bias is not None:
        c = np.broadcast_to(np.asarray(bias, m1.dtype), (big, small))
        c = c.T if transpose_c else c
    a = x.T if transpose_c else x          # op(A): m x k
    b = y.T if transpose_c else y          # op(B): k x n
    out = _sgemm(kernel, a, b, c, ldb, a_off, b_off, c_offset, small if transpose_c else big)
    return np.ascontiguousarray(out.T if transpose_c else out)   # torch's result is row-major


def _kernel(trans_a: bool, trans_b: bool, m: int, n: int) -> str:
    """The kernel MKL's sgemm runs below the FMA kernel's sizes."""
    if m == n == 1 and not (trans_a or trans_b) or trans_a and n == 1 and not (m == 1 and trans_b):
        return "gemv_t"
    if not trans_a or m == n == 1:
        return "rank1"
    return "tt" if trans_b else "tn"


def _sgemm(kernel, a, b, c, ldb, a_off, b_off, c_off, ldc) -> np.ndarray:
    m, k = a.shape
    n = b.shape[1]
    if kernel == "fma":
        if m * n * k > EXACT_LIMIT:
            out = matmul(a, b)
            return out if c is None else c + out
        return _fma_blocks(a, b, c)
    if kernel == "gemv_t":
        out = _gemv_t(a, b[:, 0], a_off, b_off)[:, None]
    elif kernel == "rank1":
        return _rank1(a, b, c, c_off + np.arange(n) * ldc)
    elif kernel == "tt":  # T,T: plain dot products in k order
        out = _in_order(np.zeros((m, n), F32), a, b.T, range(k))
    else:
        out = _tn(a, b, b_off + np.arange(n) * ldb)
    return out if c is None else c + out


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """np.matmul, a long one cut into blocks of rows: NumPy holds the thread in C for the whole
    of one call, and Ctrl-C is taken between blocks (an int64 product of 3000 x 3000 has no BLAS
    path: a minute in one call)."""
    rows, cols = (a.shape[-2] if a.ndim > 1 else 1), (b.shape[-1] if b.ndim > 1 else 1)
    steps = max(a.size * cols, b.size * rows)   # multiply-adds, whichever side broadcasts
    block = max(1, BLOCK_STEPS[a.dtype.kind == "f"] * rows // max(steps, 1))
    if a.ndim < 2 or b.ndim < 2 or block >= rows:
        return np.matmul(a, b)
    out = np.empty(np.broadcast_shapes(a.shape[:-2], b.shape[:-2]) + (rows, cols),
                   np.result_type(a, b))
    for start in range(0, rows, block):
        np.matmul(a[..., start:start + block, :], b, out=out[..., start:start + block, :])
    return out


def _sgemv(mat: np.ndarray, vec: np.ndarray) -> np.ndarray:
    """torch.mv (float32): addmv_impl_cpu hands a column-major matrix to sgemv 'n' (products
    added column after column, in order) and a row-major one (or a copy) to sgemv 't'."""
    rows, cols = mat.shape
    s = _strides(mat)
    if s[0] == 1 and (cols == 1 or s[1] >= max(1, rows)):
        return _in_order(np.zeros((rows, 1), F32), mat, vec[None, :], range(cols))[:, 0]
    if s[1] == 1 and (rows == 1 or s[0] >= max(1, cols)):
        return _gemv_t(mat, vec, offset(mat), offset(vec))
    return _gemv_t(np.ascontiguousarray(mat), vec, 0, offset(vec))


# ---- the fronts the op rows call: float32 as MKL computes it, other dtypes by NumPy ----------
def mm(a: np.ndarray, b: np.ndarray, bias=None) -> np.ndarray:
    if a.shape[1] == 1 and bias is None:
        # one product per element: gemm writes it as it is (a -0. stays -0.), but a product
        # with one row or one column goes to gemv, which sums from a zero (-0. becomes 0.)
        out = np.multiply(a, b)
        if a.shape[0] == 1 or b.shape[1] == 1:
            out += 0.0
        return out
    out = gemm(a, b, bias) if a.dtype in (F32, F64) else None
    if out is not None:
        return out
    out = matmul(a, b)
    return out if bias is None else bias + out


def addmm(c, m1: np.ndarray, m2: np.ndarray, beta=1, alpha=1) -> np.ndarray:
    """beta * c + alpha * (m1 @ m2) as torch.addmm: MKL's gemm starts C as beta * C and scales
    by alpha the operand it packs, the FMA kernel's A (m2, for a row-major C it computes
    transposed), else m1 (probed against torch.addmm and baddbmm)."""
    if beta != 1 or alpha != 1:
        transpose_c, _, _, m, n = _sides(m1, m2)
        if transpose_c and m >= FMA_M and n >= FMA_N:
            m2 = m2 * m2.dtype.type(alpha)
        else:
            m1 = m1 * m1.dtype.type(alpha)
        c = np.asarray(c) * np.asarray(c).dtype.type(beta)
    return mm(m1, m2, c)


def mv(a: np.ndarray, v: np.ndarray) -> np.ndarray:
    if a.dtype == np.float64 and (a.shape[1] <= 4 or a.strides[0] == a.itemsize):
        # MKL's dgemv adds each column's products in column order, unfused, for a column-major
        # matrix ('n') and for a row-major one of up to 4 columns ('t'; from 5 it splits them)
        out = np.zeros(a.shape[0])
        for i in range(a.shape[1]):
            out += a[:, i] * v[i]
        return out
    if a.dtype != F32:
        return np.matmul(a, v)
    if a.shape[1] <= SHORT_K:   # sgemv 'n' and 't' both add so few products in k order
        return _short(a, v[:, None], None, False)[:, 0]
    return _sgemv(a, v)


def dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if a.dtype == F32 and a.shape[0] <= SHORT_K:   # sdot's lanes take 4 products or more
        return _short(a[None, :], b[:, None], None, False)[0, 0]
    if a.dtype == F32:
        return _xdot(a, b)
    if a.dtype == F64 and (offset(a) % 2 == 1 or offset(b) % 2 == 0):
        return np.asarray(_xdot(a, b))
    # ddot of an aligned vector with a misaligned one: another path, not ported (NumPy's, which
    # like MKL's sums from a zero: a sum of -0. products is 0.)
    return np.asarray(np.dot(a, b) + 0.0 if a.dtype == F64 else np.dot(a, b))


def bmm(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """torch.bmm: below 400 multiply-adds a matrix ATen's own loop (baddbmm_cpu_kernel: each
    element's products added in k order to a zero, in the dtype for floats), else MKL's
    ?gemm_batch, which runs gemm on each matrix where it lies."""
    count, rows, k = a.shape
    cols = b.shape[2]
    if a.dtype in (F32, F64) and k * rows * cols < 400:
        return _short(a, b, None, False)
    first = gemm(a[0], b[0]) if a.dtype in (F32, F64) and count else None
    if first is None:
        return matmul(a, b)
    return np.stack([first] + [gemm(a[i], b[i], c_offset=i * rows * cols)
                               for i in range(1, count)])
