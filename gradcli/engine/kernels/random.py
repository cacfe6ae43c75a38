"""Bit-exact NumPy port of PyTorch's CPU random number generator and its sampling kernels.

It reproduces torch (x86-64 build, AVX2 kernels) bit for bit: the MT19937 engine
(aten/src/ATen/core/MT19937RNGEngine.h), its state bytes (aten/src/ATen/CPUGeneratorImpl.cpp),
the transforms of aten/src/ATen/core/TransformationHelper.h and DistributionsHelper.h, and the
kernels of aten/src/ATen/native/cpu/DistributionTemplates.h (avx_mathfun.h for float32 randn).
Where the compiled C++ uses fused multiply-adds (read off the disassembly of libtorch_cpu.so),
they are emulated exactly in float64.
"""
from __future__ import annotations

import math
import os
from typing import Callable

import numpy as np
from numpy.typing import DTypeLike

from .fma import fma32, fma64

# c10::detail::default_rng_seed_val (c10/core/GeneratorImpl.h): the seed of a new
# torch.Generator().  torch's default generator is instead seeded from /dev/urandom at start-up
# (getDefaultCPUGenerator in ATen/CPUGeneratorImpl.cpp), so torch.initial_seed() differs in every
# fresh process; `default_generator` at the end of this module does the same.
DEFAULT_SEED = 67280421310721

_MT_N = 624  # MERSENNE_STATE_N

# CPUGeneratorImplState (ATen/CPUGeneratorImpl.cpp) as x86-64 compilers lay it out: the legacy
# POD (initial seed, left, seeded, next, the 624 state words widened to uint64, the double normal
# cache) followed by the float normal cache.  Padding is zero, as in torch's value-initialised
# struct.
_STATE_DTYPE = np.dtype({
    "names": ["seed", "left", "seeded", "next", "state", "normal_x", "normal_y", "normal_rho",
              "normal_is_valid", "float_normal", "float_normal_is_valid"],
    "formats": ["<u8", "<i4", "<i4", "<u8", ("<u8", _MT_N), "<f8", "<f8", "<f8", "<i4", "<f4",
                "u1"],
    "offsets": [0, 8, 12, 16, 24, 5016, 5024, 5032, 5040, 5048, 5052],
    "itemsize": 5056,
})

_TWO_PI = 2.0 * math.pi  # 2 * c10::pi<double>, folded by the compiler

# Constants of avx_mathfun.h, rounded to float32 as its _PS256_CONST macros do.
_F32 = np.float32
_ONE = _F32(1.0)
_HALF = _F32(0.5)
_MINUS_TWO = _F32(-2.0)
_TWO_PI_F32 = _F32(_TWO_PI)
_SQRTHF = _F32(0.707106781186547524)
_LOG_P = [_F32(c) for c in (7.0376836292e-2, -1.1514610310e-1, 1.1676998740e-1,
                            -1.2420140846e-1, 1.4249322787e-1, -1.6668057665e-1,
                            2.0000714765e-1, -2.4999993993e-1, 3.3333331174e-1)]
_LOG_Q1 = _F32(-2.12194440e-4)
_LOG_Q2 = _F32(0.693359375)
_MINUS_DP1 = _F32(-0.78515625)
_MINUS_DP2 = _F32(-2.4187564849853515625e-4)
_MINUS_DP3 = _F32(-3.77489497744594108e-8)
_SINCOF = [_F32(c) for c in (-1.9515295891e-4, 8.3321608736e-3, -1.6666654611e-1)]
_COSCOF = [_F32(c) for c in (2.443315711809948e-005, -1.388731625493765e-003,
                             4.166664568298827e-002)]
_FOPI = _F32(1.27323954473516)  # 4 / pi

# Lanes per pass of the emulated float32 kernels: small enough for the float64 temporaries to
# stay in cache, which makes them about three times faster than one pass over a large tensor.
_CHUNK_LANES = 16384


def _muladd(x: np.ndarray, std: float, mean: float) -> np.ndarray:
    """fma(x, std, mean) in x's precision; with std == 1 that is exactly x + mean."""
    if std == 1:
        return x + mean
    return fma32(x, std, mean) if x.dtype == np.float32 else fma64(x, std, mean)


def _in_chunks(func: Callable[..., np.ndarray], x: np.ndarray, rows: int, *args) -> np.ndarray:
    """func(x[i:i + rows], *args) for successive row ranges of x, stitched back together."""
    out = np.empty_like(x)
    for i in range(0, len(x), rows):
        out[i:i + rows] = func(x[i:i + rows], *args)
    return out


def _libm(func: Callable[[float], float], x: np.ndarray) -> np.ndarray:
    """Apply a C-library double function elementwise.

    torch calls the platform libm (log, log1p, sincos); Python's math module calls the same
    library, whereas NumPy's own float64 log and log1p differ from it in the last bit at times.
    """
    values = np.fromiter(map(func, x.ravel().tolist()), dtype=np.float64, count=x.size)
    return values.reshape(x.shape)


# -------------------------------------------------------- avx_mathfun.h, as compiled into torch

def _log256_ps(x: np.ndarray) -> np.ndarray:
    """log256_ps for x in [2**-24, 1], the only inputs Box-Muller gives it.

    The clamp to the smallest normal and the NaN mask for x <= 0 are no-ops on that domain and
    are left out.  Fused as in libtorch_cpu.so: the polynomial steps, y * z + e * q1 and
    e * q2 + (x + y).
    """
    bits = x.view(np.int32)
    e = ((bits >> 23) - 0x7F).astype(np.float32) + _ONE
    x = ((bits & ~0x7F800000) | 0x3F000000).view(np.float32)  # mantissa scaled into [0.5, 1)
    small = x < _SQRTHF
    e = e - np.where(small, _ONE, _F32(0))
    x = (x - _ONE) + np.where(small, x, _F32(0))
    z = x * x
    y = fma32(x, _LOG_P[0], _LOG_P[1])
    for p in _LOG_P[2:]:
        y = fma32(y, x, p)
    y = y * x
    y = fma32(y, z, e * _LOG_Q1)
    y = y - z * _HALF  # compiled as fnmadd, but z * 0.5 is exact so fusing changes nothing
    return fma32(e, _LOG_Q2, x + y)


def _sincos256_ps(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """sincos256_ps for x >= 0 (theta = 2*pi*u), returning (sin, cos).

    Fused as in libtorch_cpu.so: the three-step Cody-Waite reduction, both polynomials, the
    cosine's final y * z - z/2 and the sine's final y2 * x + x.
    """
    j = ((x * _FOPI).astype(np.int32) + 1) & ~1  # cvttps2dq, then j = (j + 1) & ~1
    y = j.astype(np.float32)
    sign_sin = (j & 4) << 29
    sign_cos = (~(j - 2) & 4) << 29
    poly_mask = (j & 2) == 0
    x = fma32(y, _MINUS_DP1, x)
    x = fma32(y, _MINUS_DP2, x)
    x = fma32(y, _MINUS_DP3, x)
    z = x * x
    # cosine polynomial on [0, pi/4]
    c = fma32(z, _COSCOF[0], _COSCOF[1])
    c = fma32(c, z, _COSCOF[2])
    c = fma32(z * c, z, -(z * _HALF)) + _ONE
    # sine polynomial
    s = fma32(z, _SINCOF[0], _SINCOF[1])
    s = fma32(s, z, _SINCOF[2])
    s = fma32(z * s, x, x)
    # Select with the C code's and/andnot/sub/add sequence, so zeros keep their signs.
    sin_part2 = np.where(poly_mask, s, _F32(0))
    sin_part1 = np.where(poly_mask, _F32(0), c)
    sin = ((sin_part1 + sin_part2).view(np.int32) ^ sign_sin).view(np.float32)
    cos = (((c - sin_part1) + (s - sin_part2)).view(np.int32) ^ sign_cos).view(np.float32)
    return sin, cos


def _normal_fill_16(blocks: np.ndarray, mean: float, std: float) -> np.ndarray:
    """NormalFill16<double> on each row of 16 float64 uniforms (libm log and sincos)."""
    radius = np.sqrt(-2 * _libm(math.log, 1 - blocks[:, :8]))
    theta = _TWO_PI * blocks[:, 8:]
    return np.concatenate([_muladd(radius * _libm(math.cos, theta), std, mean),
                           _muladd(radius * _libm(math.sin, theta), std, mean)], axis=1)


def _normal_fill_16_avx2(blocks: np.ndarray, mean: np.float32, std: np.float32) -> np.ndarray:
    """NormalFill16<float, true>, the AVX2 kernel, on each row of 16 float32 uniforms."""
    radius = np.sqrt(_log256_ps(_ONE - blocks[:, :8]) * _MINUS_TWO)
    sin, cos = _sincos256_ps(_TWO_PI_F32 * blocks[:, 8:])
    return np.concatenate([_muladd(radius * cos, std, mean),
                           _muladd(radius * sin, std, mean)], axis=1)


# ------------------------------------------------------------------------------ the generator

_TORCH_NAMES = {np.dtype(np.float32): "float", np.dtype(np.float64): "double",
                np.dtype(np.float16): "c10::Half"}
_LIMIT_NAMES = {"float32": "Float", "float64": "Double", "float16": "Half"}
# the scalar-type names of AT_DISPATCH's "not implemented for" errors
_SCALAR_NAMES = {"bool": "Bool", "uint8": "Byte", "int8": "Char", "int16": "Short",
                 "int32": "Int", "int64": "Long"}


def _float_dtype(out: np.ndarray, kernel: str) -> np.dtype:
    """The array's floating dtype, or the NotImplementedError of the kernel's dispatch."""
    if out.dtype not in _TORCH_NAMES:
        raise NotImplementedError(f'"{kernel}" not implemented for '
                                  f"'{_SCALAR_NAMES[out.dtype.name]}'")
    return out.dtype


def _store(out: np.ndarray, values: np.ndarray) -> None:
    """Write values into out in the order TensorIterator visits it: memory order, dimensions
    sorted by decreasing stride (cpu_serial_kernel after TensorIterator's reorder_dimensions)."""
    order = sorted(range(out.ndim), key=lambda d: -abs(out.strides[d]))
    view = out.transpose(order)
    view[...] = values.reshape(view.shape)


class Generator:
    """A torch CPU generator: MT19937 (NumPy's legacy RandomState runs the identical engine)
    plus the cached second Box-Muller sample of the scalar normal path."""

    __module__ = "torch._C"   # the class prints as <class 'torch._C.Generator'>, as type(g) does

    def __repr__(self) -> str:
        return f"<torch._C.Generator object at {hex(id(self))}>"

    def __init__(self, seed: int = DEFAULT_SEED) -> None:
        self._mt = np.random.RandomState()
        self.manual_seed(seed)

    # ---- seeding and state

    def manual_seed(self, seed: int) -> Generator:
        """Reseed like torch.Generator.manual_seed: any int in [-2**63, 2**64), negatives wrap."""
        seed = int(seed)
        if not -2 ** 63 <= seed < 2 ** 64:
            raise ValueError("Overflow when unpacking long long")
        self._seed = seed % 2 ** 64
        # mt19937(seed) keeps the whole seed for initial_seed(); init_genrand uses its low 32 bits.
        self._mt.seed(self._seed & 0xFFFFFFFF)
        # The engine's `next_` field while a twist is pending (NumPy position 624): torch leaves
        # it at 0 after seeding.  None once a word is drawn, as it then equals NumPy's position.
        self._pending_next: int | None = 0
        self._next_normal: float | None = None  # next_double_normal_sample_
        # next_float_normal_sample_: no CPU kernel reads it, it only travels through the state.
        self._next_float_normal: float | None = None
        return self

    def initial_seed(self) -> int:
        """The seed last given to manual_seed/seed (or restored by set_state), as a uint64."""
        return self._seed

    def seed(self) -> int:
        """Reseed from the OS entropy pool, as c10::detail::getNonDeterministicRandom does, and
        return the new seed."""
        seed = int.from_bytes(os.urandom(8), "little")
        self.manual_seed(seed)
        return seed

    def get_state(self) -> np.ndarray:
        """torch.Generator.get_state(): the 5056 bytes of CPUGeneratorImplState."""
        _, key, pos, _, _ = self._mt.get_state(legacy=True)
        state = np.zeros(1, _STATE_DTYPE)
        state["seed"] = self._seed
        state["left"] = _MT_N + 1 - pos
        state["seeded"] = 1
        state["next"] = pos if self._pending_next is None else self._pending_next
        state["state"] = key
        if self._next_normal is not None:
            state["normal_y"] = self._next_normal
            state["normal_is_valid"] = 1
        if self._next_float_normal is not None:
            state["float_normal"] = self._next_float_normal
            state["float_normal_is_valid"] = 1
        return state.view(np.uint8)

    def set_state(self, state: np.ndarray) -> None:
        """torch.Generator.set_state(): accepts any state that get_state (or torch) produced."""
        state = np.asarray(state)
        if state.dtype != np.uint8:
            raise TypeError("RNG state must be a torch.ByteTensor")
        if state.size != _STATE_DTYPE.itemsize:
            raise RuntimeError(f"Expected a CPUGeneratorImplState of size {_STATE_DTYPE.itemsize}"
                               f" but found the input RNG state size to be {state.size}")
        fields = np.ascontiguousarray(state).reshape(-1).view(_STATE_DTYPE)[0]
        left = int(fields["left"])
        next_ = int(fields["next"]) & 0xFFFFFFFF  # static_cast<uint32_t>
        if not (fields["seeded"] and 0 < left <= _MT_N and next_ <= _MT_N):
            raise RuntimeError("Invalid mt19937 state")
        # The engine reads word `next_` and twists when `left` runs out; NumPy keeps a single
        # position for both, so they must agree unless a twist is pending (left == 1), which
        # resets next_ anyway.
        if left != 1 and next_ != _MT_N + 1 - left:
            raise ValueError(f"unsupported mt19937 state: next={next_} does not match left={left}")
        key = (fields["state"] & 0xFFFFFFFF).astype(np.uint32)
        self._mt.set_state(("MT19937", key, _MT_N + 1 - left, 0, 0.0))
        self._seed = int(fields["seed"])
        self._pending_next = next_ if left == 1 else None
        self._next_normal = float(fields["normal_y"]) if fields["normal_is_valid"] else None
        self._next_float_normal = (float(fields["float_normal"])
                                   if fields["float_normal_is_valid"] else None)

    # ---- raw draws

    def _words(self, n: int) -> np.ndarray:
        """The next n outputs of mt19937::operator() (CPUGeneratorImpl::random)."""
        if n:
            self._pending_next = None
        return self._mt.randint(0, 2 ** 32, size=n, dtype=np.uint32)

    def _words64(self, n: int) -> np.ndarray:
        """The next n CPUGeneratorImpl::random64() values: first word high, second word low."""
        w = self._words(2 * n).astype(np.uint64)
        return (w[0::2] << np.uint64(32)) | w[1::2]

    def _uniform(self, n: int, dtype: np.dtype) -> np.ndarray:
        """n draws of uniform_real_distribution(0, 1) (TransformationHelper.h uniform_real): the
        low 24 bits of a word times 2**-24 for float32, the low 53 bits of random64() times 2**-53
        for float64.  Both are exact, so its `* (to - from) + from` for [0, 1) is left out."""
        if dtype == np.float32:
            return (self._words(n) & 0xFFFFFF).astype(np.float32) * np.float32(2.0 ** -24)
        return (self._words64(n) & (2 ** 53 - 1)).astype(np.float64) * 2.0 ** -53

    # ---- distributions

    def rand(self, shape: tuple[int, ...], dtype: DTypeLike = np.float32) -> np.ndarray:
        """torch.rand: a new array filled by uniform_(0, 1)."""
        return self.uniform_(np.empty(shape, dtype))

    def randn(self, shape: tuple[int, ...], dtype: DTypeLike = np.float32) -> np.ndarray:
        """torch.randn: a new array filled by normal_(0, 1)."""
        return self.normal_(np.empty(shape, dtype))

    def uniform_(self, out: np.ndarray, a: float = 0.0, b: float = 1.0) -> np.ndarray:
        """Tensor.uniform_(a, b): uniform_impl_ (native/DistributionTemplates.h), then the cpu
        uniform_kernel, which computes fma(u, to - from, from) in the tensor's precision."""
        dtype = _float_dtype(out, "check_uniform_bounds")
        limit = float(np.finfo(dtype).max)  # torch compares in double
        for name, bound in (("from", a), ("to", b)):
            if not -limit <= bound <= limit:
                raise RuntimeError(f"{name} is out of bounds for {_TORCH_NAMES[dtype]}")
        if not a <= b:
            raise RuntimeError("uniform_ expects to return a [from, to) range, but found "
                               f"from={a:g} > to={b:g}")
        if b - a > limit:
            raise RuntimeError("uniform_ expects to-from <= std::numeric_limits<"
                               f"{_LIMIT_NAMES[dtype.name]}>::max(), but found to={b:g} and "
                               f"from={a:g} which result in to-from to exceed the limit")
        # half: the float draw and arithmetic (uniform_real_distribution's accumulate type),
        # rounded once to half on the store
        x = self._uniform(out.size, np.dtype(np.float32) if dtype == np.float16 else dtype)
        if (a, b) != (0.0, 1.0):
            lo, hi = x.dtype.type(dtype.type(a)), x.dtype.type(dtype.type(b))
            x = _in_chunks(_muladd, x, _CHUNK_LANES, hi - lo, lo)
            # uniform_kernel maps a result rounded up to `to` back to `from`.
            x[x == hi] = lo
        _store(out, x)
        return out

    def normal_(self, out: np.ndarray, mean: float = 0.0, std: float = 1.0) -> np.ndarray:
        """Tensor.normal_(mean, std), the cpu normal_kernel: contiguous tensors of 16 or more
        elements use Box-Muller on blocks of 16 (normal_fill), anything else the scalar
        normal_distribution<double>."""
        dtype = _float_dtype(out, "normal_kernel_cpu")
        if not std >= 0.0:
            raise RuntimeError(f"normal expects std >= 0.0, but found std {std:g}")
        n = out.size
        if n >= 16 and out.flags.c_contiguous and dtype == np.float16:
            raise NotImplementedError("gradcli does not draw normal values of 16 or more "
                                      "float16 elements yet (PyTorch's normal_fill<Half>)")
        if n >= 16 and out.flags.c_contiguous:
            _store(out, self._normal_fill(n, dtype, mean, std))
        else:
            values = self._normal_scalar(n, mean, std)
            if dtype == np.float16:   # c10::Half is made from a float: double -> float -> half
                values = values.astype(np.float32)
            _store(out, values.astype(dtype))
        return out

    def _normal_fill(self, n: int, dtype: np.dtype, mean: float, std: float) -> np.ndarray:
        """normal_fill: n uniforms, Box-Muller on each full block of 16, then, if n % 16 != 0,
        16 fresh uniforms transformed into the last 16 slots (overwriting part of the last full
        block)."""
        data = self._uniform(n, dtype)
        full = n - n % 16
        blocks = data[:full].reshape(-1, 16)
        if full != n:
            blocks = np.concatenate([blocks, self._uniform(16, dtype).reshape(1, 16)])
        if dtype == np.float32:
            blocks = _in_chunks(_normal_fill_16_avx2, blocks, _CHUNK_LANES // 8,
                                _F32(mean), _F32(std))
        else:
            blocks = _normal_fill_16(blocks, mean, std)
        data[:full] = blocks[:full // 16].reshape(-1)
        if full != n:
            data[n - 16:] = blocks[-1]
        return data

    def _normal_scalar(self, n: int, mean: float, std: float) -> np.ndarray:
        """n draws of normal_distribution<double> (DistributionsHelper.h): Box-Muller on two
        53-bit uniforms gives r*cos(theta) and caches r*sin(theta) for the next draw."""
        values = np.empty(n)
        start = 0
        if n and self._next_normal is not None:
            values[0], self._next_normal, start = self._next_normal, None, 1
        pairs = (n - start + 1) // 2
        u = self._uniform(2 * pairs, np.dtype(np.float64)).reshape(pairs, 2)
        r = np.sqrt(-2.0 * _libm(math.log1p, -u[:, 1]))
        theta = _TWO_PI * u[:, 0]
        both = np.stack([r * _libm(math.cos, theta), r * _libm(math.sin, theta)], axis=1)
        values[start:] = both.reshape(-1)[:n - start]
        if (n - start) % 2:
            self._next_normal = float(both[-1, 1])
        return _muladd(values, std, mean)

    def bernoulli_(self, out: np.ndarray, p: float) -> np.ndarray:
        """Tensor.bernoulli_(p) for a float p: bernoulli_scalar_kernel_default, one 53-bit
        uniform (random64) per element in order, 1 where it is below p.  torch's MKL kernel
        (VSL_BRNG_MCG31) runs instead on Intel CPUs only; this is the one AMD CPUs run, as the
        recording machine's."""
        u = (self._words64(out.size) & (2 ** 53 - 1)).astype(np.float64) * 2.0 ** -53
        _store(out, (u < p).astype(out.dtype))
        return out

    def randint(self, low: int, high: int, shape: tuple[int, ...]) -> np.ndarray:
        """torch.randint(low, high, shape) as int64 (uniform_int_from_to_distribution): a word
        modulo the range, or random64() modulo the range from 2**28 on (the non-FBCODE branch
        of DistributionsHelper.h, which tolerates about 5 % modulo skew below that)."""
        low, high = int(low), int(high)
        for bound in (low, high):
            if not -2 ** 63 <= bound < 2 ** 63:
                raise ValueError("Overflow when unpacking long long")
        if low >= high:
            raise RuntimeError("random_ expects 'from' to be less than 'to', but got "
                               f"from={low} >= to={high}")
        span = high - low
        n = math.prod(shape)
        words = self._words64(n) if span >= 2 ** 28 else self._words(n).astype(np.uint64)
        # (val % range) + base in wrapping uint64 arithmetic, then reinterpreted as int64.
        values = words % np.uint64(span) + np.uint64(low % 2 ** 64)
        return values.view(np.int64).reshape(shape)

    def random_int64(self, n: int) -> np.ndarray:
        """n draws of Tensor.random_() on an int64 tensor (uniform_int_distribution's full
        range): random64() modulo 2**63."""
        return (self._words64(n) % np.uint64(2 ** 63)).astype(np.int64)

    def randperm(self, n: int) -> np.ndarray:
        """torch.randperm(n) (randperm_cpu in native/TensorFactories.cpp): swap position i with
        i + word % (n - i) for i = 0 .. n-2."""
        n = int(n)
        if n < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {n}: [{n}]")
        if n >= 0xFFFFFFFF // 20:
            # torch switches to a random64() inside-out shuffle there, hopeless at Python speed.
            raise NotImplementedError("randperm is only supported for n < 214748364")
        offsets = self._words(max(n - 1, 0)) % np.arange(n, 1, -1, dtype=np.uint32)
        perm = np.arange(n, dtype=np.int64)
        targets = np.arange(n - 1, dtype=np.int64) + offsets
        mark = np.empty(n, np.int64)
        start = 0
        while start < n - 1:
            # a block of steps whose targets seldom meet (targets spread over the n - start
            # positions left): about sqrt of them
            end = min(n - 1, start + max(16, math.isqrt(n - start) // 4))
            _swaps(perm, targets[start:end], start, end, mark)
            start = end
        return perm


def _swaps(perm: np.ndarray, targets: np.ndarray, start: int, end: int, mark: np.ndarray) -> None:
    """Steps start..end-1 of randperm's shuffle, step i swapping positions i and targets[i -
    start]: at once when no step's target is another step's position or target (then the
    order of the swaps cannot matter), else each half in turn; 16 steps or fewer one by one."""
    steps = np.arange(start, end)
    if end - start > 16:
        mark[targets] = steps   # a target two steps share keeps only one step's mark
        if ((targets >= end) | (targets == steps)).all() and (mark[targets] == steps).all():
            moved = perm[targets]
            perm[targets] = perm[start:end]
            perm[start:end] = moved
            return
        mid = (start + end) // 2
        _swaps(perm, targets[:mid - start], start, mid, mark)
        _swaps(perm, targets[mid - start:], mid, end, mark)
        return
    for i, j in zip(range(start, end), targets.tolist()):
        perm[i], perm[j] = perm[j], perm[i]


default_generator = Generator()
default_generator.seed()
