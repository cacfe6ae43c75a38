"""Bit-for-bit checks of engine/kernels/random.py against torch streams in random_reference.json.

The reference file is produced by record_random.py with a real torch; these tests need only NumPy.
"""
from __future__ import annotations

import base64
import hashlib
import json
import math
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradcli.engine.kernels import random as grandom
from gradcli.engine.kernels.fma import fma

REFERENCE = json.loads(Path(__file__).with_name("random_reference.json").read_text())
ROOT = Path(__file__).resolve().parents[3]

# Views of a zero-filled base array that normal_/uniform_ write through (as in record_random.py).
VIEWS = {
    "none": lambda a: a,
    "T": lambda a: a.T,
    "cols2": lambda a: a[:, ::2],
    "perm201": lambda a: a.transpose(2, 0, 1),
}


def run(g: grandom.Generator, call: dict) -> np.ndarray | bytes:
    """Execute one call of record_random.py's vocabulary on g."""
    op = call["op"]
    if op in ("rand", "randn"):
        return getattr(g, op)(tuple(call["shape"]), np.dtype(call["dtype"]))
    if op in ("normal_", "uniform_"):
        base = np.zeros(call["shape"], call["dtype"])
        view = VIEWS[call["view"]](base)
        if op == "normal_":
            g.normal_(view, call["mean"], call["std"])
        else:
            g.uniform_(view, call["a"], call["b"])
        return base
    if op == "randint":
        return g.randint(call["low"], call["high"], tuple(call["shape"]))
    if op == "randperm":
        return g.randperm(call["n"])
    if op == "get_state":
        return g.get_state().tobytes()
    if op == "set_state":
        g.set_state(np.frombuffer(base64.b64decode(call["state"]), np.uint8))
        return b""
    raise ValueError(op)


def assert_matches(result: np.ndarray | bytes, expected: dict, call: dict) -> None:
    if isinstance(result, bytes):
        assert hashlib.sha256(result).hexdigest() == expected["sha256"], call
        return
    assert result.dtype == np.dtype(expected["dtype"]), call
    assert list(result.shape) == expected["shape"], call
    raw = result.astype(result.dtype.newbyteorder("<")).tobytes()
    if "sha256" in expected:
        assert hashlib.sha256(raw).hexdigest() == expected["sha256"], call
    elif "b64" in expected:
        want = np.frombuffer(base64.b64decode(expected["b64"]), result.dtype.newbyteorder("<"))
        got = result.reshape(-1)
        bad = np.flatnonzero(got.view(f"u{got.itemsize}") != want.view(f"u{want.itemsize}"))
        assert bad.size == 0, (f"{call}: {bad.size} of {got.size} values differ, first at "
                               f"{bad[0]}: {got[bad[0]].item().hex()} != "
                               f"{want[bad[0]].item().hex()}")
    else:
        want = np.array(expected["values"], dtype=np.int64).reshape(-1)
        assert np.array_equal(result.reshape(-1), want), call


def case_id(case: dict) -> str:
    if "name" in case:
        return case["name"]
    call = case["calls"][0]
    args = ",".join(f"{k}={v}" for k, v in call.items() if k != "op")
    return f"{call['op']}({args})@{case['seed']}"


@pytest.mark.parametrize("case", REFERENCE["cases"], ids=case_id)
def test_stream_matches_torch(case: dict) -> None:
    g = grandom.Generator() if case["seed"] is None else grandom.Generator(case["seed"])
    for call, expected in zip(case["calls"], case["results"], strict=True):
        assert_matches(run(g, call), expected, call)


def test_default_generator_is_a_reseedable_generator() -> None:
    case = next(c for c in REFERENCE["cases"] if c.get("name") == "interleave-doc")
    assert grandom.default_generator.manual_seed(case["seed"]) is grandom.default_generator
    for call, expected in zip(case["calls"], case["results"], strict=True):
        assert_matches(run(grandom.default_generator, call), expected, call)


# ----------------------------------------------------------------------------- seeds and state

def test_default_seed_is_that_of_a_new_torch_generator() -> None:
    assert grandom.DEFAULT_SEED == REFERENCE["new_generator_initial_seed"]
    assert grandom.Generator().initial_seed() == grandom.DEFAULT_SEED


def test_fresh_process_seed_is_nondeterministic_like_torch() -> None:
    torch_seeds = REFERENCE["fresh_process_initial_seeds"]
    assert torch_seeds[0] != torch_seeds[1]
    code = "from gradcli.engine.kernels.random import default_generator as g; print(g.initial_seed())"
    ours = [int(subprocess.check_output([sys.executable, "-c", code], cwd=ROOT, text=True))
            for _ in range(2)]
    assert ours[0] != ours[1]
    assert all(0 <= s < 2 ** 64 and s != grandom.DEFAULT_SEED for s in ours)


def test_seed_reseeds_with_a_fresh_64_bit_value() -> None:
    g = grandom.Generator(0)
    first, second = g.seed(), g.seed()
    assert first != second and 0 <= second < 2 ** 64
    assert g.initial_seed() == second
    assert np.array_equal(g.rand((5,)), grandom.Generator(second).rand((5,)))


@pytest.mark.parametrize(("seed", "initial", "same_stream_as"), [
    (2 ** 32 + 5, 2 ** 32 + 5, 5), (-1, 2 ** 64 - 1, 2 ** 32 - 1), (-2 ** 63, 2 ** 63, 0)])
def test_manual_seed_keeps_64_bits_but_uses_32(seed: int, initial: int,
                                                same_stream_as: int) -> None:
    g = grandom.Generator(seed)
    assert g.initial_seed() == initial
    assert np.array_equal(g.randn((20,)), grandom.Generator(same_stream_as).randn((20,)))


@pytest.mark.parametrize("seed", [2 ** 64, -2 ** 63 - 1])
def test_manual_seed_rejects_out_of_range(seed: int) -> None:
    with pytest.raises(ValueError, match="Overflow"):
        grandom.Generator().manual_seed(seed)


@pytest.mark.parametrize("draws", [0, 3, 624, 1000])
def test_state_round_trip(draws: int) -> None:
    g = grandom.Generator(99)
    g.rand((draws,))
    g.randn((3,))  # leaves a cached normal in the state
    state = g.get_state()
    assert state.dtype == np.uint8 and state.shape == (5056,)
    expected = g.randn((1,)), g.randn((40,), np.float64), g.get_state()
    h = grandom.Generator(1)
    h.set_state(state)
    assert np.array_equal(h.get_state(), state)
    got = h.randn((1,)), h.randn((40,), np.float64), h.get_state()
    for a, b in zip(expected, got, strict=True):
        assert np.array_equal(a, b)


def test_set_state_rejects_bad_states() -> None:
    g = grandom.Generator()
    with pytest.raises(RuntimeError, match="size 5056"):
        g.set_state(np.zeros(10, np.uint8))
    with pytest.raises(RuntimeError, match="Invalid mt19937 state"):
        g.set_state(np.zeros(5056, np.uint8))
    with pytest.raises(TypeError):
        g.set_state(np.zeros(5056, np.float32))


# ------------------------------------------------------------------------------------ arguments

def test_argument_errors_match_torch() -> None:
    g = grandom.Generator()
    with pytest.raises(RuntimeError, match="from=5 >= to=5"):
        g.randint(5, 5, (3,))
    with pytest.raises(RuntimeError, match=r"\[from, to\) range, but found from=2 > to=1"):
        g.uniform_(np.empty(3, np.float32), 2, 1)
    with pytest.raises(RuntimeError, match="to is out of bounds for float"):
        g.uniform_(np.empty(3, np.float32), 0, 1e39)
    with pytest.raises(RuntimeError, match="to-from to exceed the limit"):
        g.uniform_(np.empty(3, np.float32), -3e38, 3e38)
    with pytest.raises(RuntimeError, match="std >= 0.0, but found std -1"):
        g.normal_(np.empty(3), 0, -1)
    with pytest.raises(RuntimeError, match="negative dimension"):
        g.randperm(-1)


def test_fills_in_place_and_returns_out() -> None:
    g = grandom.Generator(0)
    out = np.empty((4, 5), np.float64)
    assert g.normal_(out) is out and g.uniform_(out, -1, 1) is out
    for array in (g.rand((2, 3)), g.randn((2, 3), np.float64), g.randint(0, 3, (2, 3)),
                  g.randperm(6)):
        assert array.flags.c_contiguous


# ------------------------------------------------------------------------ exact fused multiply-add

def round_to_float(q: Fraction, precision: int, min_exponent: int) -> float:
    """q rounded to nearest-even with `precision` significand bits (gradual underflow below
    2**min_exponent), computed exactly."""
    if q == 0:
        return 0.0
    exponent = max(q.numerator.bit_length() - q.denominator.bit_length(), min_exponent)
    while abs(q) >= Fraction(2) ** (exponent + 1):
        exponent += 1
    while exponent > min_exponent and abs(q) < Fraction(2) ** exponent:
        exponent -= 1
    ulp = Fraction(2) ** (exponent - precision + 1)
    return float(round(q / ulp) * ulp)


# Integer significands with bounded exponents: products may reach float32's subnormal range
# (handled by fma32) but stay far from float64 underflow and overflow (outside fma64's contract).
floats32 = st.builds(lambda m, e: float(np.float32(math.ldexp(m, e))),
                     st.integers(-2 ** 24 + 1, 2 ** 24 - 1), st.integers(-90, 40))
floats64 = st.builds(math.ldexp, st.integers(-2 ** 53 + 1, 2 ** 53 - 1), st.integers(-350, 250))


@settings(max_examples=300, deadline=None)
@given(floats32, floats32, floats32)
def test_fma32_is_correctly_rounded(a: float, b: float, c: float) -> None:
    # c as drawn, and c cancelling the rounded product (the hard case: only its tail remains)
    for addend in (c, -float(np.float32(a * b))):
        got = grandom.fma32(np.array([a], np.float32), np.float32(b), np.float32(addend))[0]
        exact = Fraction(a) * Fraction(b) + Fraction(addend)
        if exact != 0:  # the sign of an exact zero is covered by IEEE addition itself
            assert got == np.float32(round_to_float(exact, 24, -126))


@settings(max_examples=300, deadline=None)
@given(floats64, floats64, floats64)
def test_fma64_is_correctly_rounded(a: float, b: float, c: float) -> None:
    for addend in (c, -(a * b)):
        got = grandom.fma64(np.array([a]), b, addend)[0]
        few = fma(np.array([a]), b, addend)[0]   # a few elements: fma64_one
        exact = Fraction(a) * Fraction(b) + Fraction(addend)
        if exact != 0:
            assert got == few == round_to_float(exact, 53, -1022)


@pytest.mark.parametrize("a, b, c, want", [
    (0.0, 3.0, 0.0, 0.0), (-0.0, 3.0, -0.0, -0.0), (-0.0, 3.0, 0.0, 0.0),
    (0.0, -3.0, -0.0, -0.0), (1.5, 2.0, -3.0, 0.0), (-1.5, 2.0, 3.0, 0.0)])
def test_fma32_gives_an_exact_zero_its_ieee_sign(a, b, c, want) -> None:
    got = grandom.fma32(np.array([a, 1.0], np.float32), np.float32(b), np.float32(c))[0]
    assert (got, math.copysign(1, got)) == (want, math.copysign(1, want))


def test_fma32_handles_double_rounding_ties() -> None:
    # a*b + c = 1 + 2**-23 + 2**-24 - 2**-64: float64 rounds it onto the float32 midpoint, from
    # which a second rounding would go up; the fused result rounds down.
    a = np.float32(1 + 2 ** -20)
    b = np.float32(2 ** -24 * (1 - 2 ** -20))
    c = np.float32(1 + 2 ** -23)
    assert grandom.fma32(np.array([a]), b, c)[0] == np.float32(1 + 2 ** -23)
    assert np.float32(np.float64(a) * np.float64(b) + np.float64(c)) != np.float32(1 + 2 ** -23)


@pytest.mark.parametrize("n", [0, 1, 2, 3, 17, 18, 100, 4099, 70_000])
def test_randperm_swaps_as_the_step_by_step_shuffle(n):
    # randperm_cpu's loop, one swap at a time, on the same words: the vectorised blocks agree
    g = grandom.Generator().manual_seed(n)
    words = grandom.Generator().manual_seed(n)._words(max(n - 1, 0))
    perm = list(range(n))
    for i, word in enumerate(words.tolist()):
        j = i + word % (n - i)
        perm[i], perm[j] = perm[j], perm[i]
    assert g.randperm(n).tolist() == perm
