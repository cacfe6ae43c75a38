"""Record torch's CPU random streams into random_reference.json, the reference of test_random.py.

Run with the interpreter that has torch installed (the project itself never imports torch):

    $TORCH_PYTHON tests/engine/kernels/record_random.py

Each case reseeds (or sets a recorded state), replays a list of calls and stores every result
exactly: float arrays as base64 of their little-endian bytes, integer arrays as JSON integers;
large outputs and generator states as the SHA-256 of their bytes.
"""
from __future__ import annotations

import base64
import hashlib
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import torch

OUT = Path(__file__).with_name("random_reference.json")

SEEDS = [0, 1, 42, 2 ** 32 + 5, -1, 123456789]
SIZES = [1, 3, 5, 15, 16, 17, 31, 32, 33, 100, 1000]
FULL_SIZE_1000_SEED = 0  # other seeds store size-1000 results as digests, to keep the file small
DTYPES = {"float32": torch.float32, "float64": torch.float64}
F32, F64 = "float32", "float64"
# Views of a zero-filled base tensor that normal_/uniform_ write through.
VIEWS = {
    "none": lambda t: t,
    "T": lambda t: t.t(),
    "cols2": lambda t: t[:, ::2],
    "perm201": lambda t: t.permute(2, 0, 1),
}


# Constructors of the call vocabulary shared with test_random.py.
def rand(shape: list[int], dtype: str) -> dict:
    return {"op": "rand", "shape": shape, "dtype": dtype}


def randn(shape: list[int], dtype: str) -> dict:
    return {"op": "randn", "shape": shape, "dtype": dtype}


def normal(shape: list[int], dtype: str, mean: float, std: float, view: str = "none") -> dict:
    return {"op": "normal_", "shape": shape, "dtype": dtype, "mean": mean, "std": std,
            "view": view}


def uniform(shape: list[int], dtype: str, a: float, b: float, view: str = "none") -> dict:
    return {"op": "uniform_", "shape": shape, "dtype": dtype, "a": a, "b": b, "view": view}


def randint(low: int, high: int, shape: list[int]) -> dict:
    return {"op": "randint", "low": low, "high": high, "shape": shape}


def randperm(n: int) -> dict:
    return {"op": "randperm", "n": n}


GET_STATE = {"op": "get_state"}


def set_state(state: bytes) -> dict:
    return {"op": "set_state", "state": base64.b64encode(state).decode()}


def run(call: dict) -> torch.Tensor | bytes:
    """Execute one call on torch's default generator."""
    op = call["op"]
    if op in ("rand", "randn"):
        return getattr(torch, op)(tuple(call["shape"]), dtype=DTYPES[call["dtype"]])
    if op in ("normal_", "uniform_"):
        base = torch.zeros(call["shape"], dtype=DTYPES[call["dtype"]])
        view = VIEWS[call["view"]](base)
        if op == "normal_":
            view.normal_(call["mean"], call["std"])
        else:
            view.uniform_(call["a"], call["b"])
        return base
    if op == "randint":
        return torch.randint(call["low"], call["high"], tuple(call["shape"]))
    if op == "randperm":
        return torch.randperm(call["n"])
    if op == "get_state":
        return torch.get_rng_state().numpy().tobytes()
    if op == "set_state":
        state = np.frombuffer(base64.b64decode(call["state"]), np.uint8).copy()
        torch.set_rng_state(torch.from_numpy(state))
        return b""
    raise ValueError(op)


def encode(result: torch.Tensor | bytes, digest: bool) -> dict:
    if isinstance(result, bytes):
        return {"sha256": hashlib.sha256(result).hexdigest()}
    array = result.numpy()
    raw = array.astype(array.dtype.newbyteorder("<")).tobytes()
    entry = {"dtype": str(array.dtype), "shape": list(array.shape)}
    if digest:
        entry["sha256"] = hashlib.sha256(raw).hexdigest()
    elif array.dtype.kind == "f":
        entry["b64"] = base64.b64encode(raw).decode()
    else:
        entry["values"] = array.tolist()
    return entry


def case(name: str | None, seed: int | None, calls: list[dict], digest: bool = False) -> dict:
    """Replay calls after manual_seed(seed) (seed None: the first call is a set_state).
    Unnamed cases are named by test_random.py from their seed and call."""
    if seed is not None:
        torch.manual_seed(seed)
    results = [encode(run(call), digest) for call in calls]
    entry = {"seed": seed, "calls": calls, "results": results}
    if name is not None:
        entry["name"] = name
    return entry


def per_size_cases() -> list[dict]:
    cases = []
    for seed in SEEDS:
        for n in SIZES:
            calls = []
            for dtype in DTYPES:
                calls += [rand([n], dtype), randn([n], dtype), normal([n], dtype, 0.5, 2.0),
                          uniform([n], dtype, -1.5, 0.7)]
            calls += [randint(-3, 1000, [n]), randint(-2 ** 40, 2 ** 40, [n]), randperm(n)]
            digest = n == 1000 and seed != FULL_SIZE_1000_SEED
            cases += [case(None, seed, [call], digest) for call in calls]
    return cases


def stream_cases() -> list[dict]:
    streams = {
        # the reference document's example
        "interleave-doc": (0, [randn([2, 2], F32), rand([17], F32), randn([3], F32),
                               randn([1], F32)]),
        # the cached normal is neither used nor cleared by the block path, nor tied to a dtype
        "cache-survives-block-path": (7, [randn([3], F32), randn([20], F32), randn([20], F64),
                                          randn([1], F64), randn([1], F32)]),
        "cache-with-mean-std": (9, [normal([5], F64, -2.0, 0.25), normal([1], F32, 3.0, 7.0),
                                    normal([3], F32, 0.0, 1e-3)]),
        "mixed": (1234, [randint(0, 10, [5]), randn([15], F32), randperm(7), rand([3, 4], F64),
                         randn([4, 4], F32), randn([1], F32), uniform([33], F32, 2.0, 2.5),
                         randn([2, 3, 5], F64)]),
        "shapes": (3, [randn([], F32), rand([], F64), randn([2, 0, 3], F32), rand([0], F32),
                       randint(0, 5, [0]), randperm(0), randn([4, 1, 4], F32),
                       randn([7, 9], F64)]),
        # 64-bit draws from a range of 2**28 on
        "randint-ranges": (5, [randint(0, 2 ** 28 - 1, [6]), randint(0, 2 ** 28, [6]),
                               randint(-5, 2 ** 32 - 5, [6]), randint(0, 2 ** 32 + 1, [2, 3]),
                               randint(-2 ** 63, 2 ** 63 - 1, [6]),
                               randint(2 ** 62, 2 ** 63 - 1, [6]),
                               randint(-2 ** 63, -2 ** 63 + 3, [6]), randint(7, 8, [3])]),
    }
    cases = [case(name, seed, calls) for name, (seed, calls) in streams.items()]
    # Non-contiguous outputs take the scalar path and are filled in memory order.
    for dtype in DTYPES:
        for view, shape in (("T", [5, 7]), ("cols2", [6, 8]), ("perm201", [4, 5, 6]),
                            ("T", [2, 3])):
            calls = [normal(shape, dtype, 0.5, 2.0, view), uniform(shape, dtype, -2.0, 3.0, view),
                     randn([3], dtype)]
            cases.append(case(f"noncontiguous-{view}-{shape}-{dtype}", 21, calls))
    return cases


def state_cases() -> list[dict]:
    cases = []
    for seed in (0, 2 ** 32 + 5, -1):
        calls = [GET_STATE, rand([3], F32), GET_STATE,
                 randn([3], F32), GET_STATE,   # leaves a cached normal
                 rand([700], F32), GET_STATE]  # crosses a twist
        cases.append(case(f"get_state seed={seed}", seed, calls))
    # Restoring torch's bytes (with a cached normal) and continuing the stream.
    torch.manual_seed(77)
    torch.randn(5)
    saved = torch.get_rng_state().numpy().tobytes()
    cases.append(case("set_state then draw", None, [set_state(saved), randn([1], F64),
                                                    randn([40], F32), GET_STATE]))
    # Words with all mantissa bits set give u = 1 - 2**-24 (float32) or 1 - 2**-53 (float64);
    # u * (2 - 1) + 1 then rounds to `to`, which uniform_ maps back to `from`.
    cases.append(case("uniform_ clamps to from", None, [
        set_state(crafted_state([0xFFFFFFFF] * 6)), uniform([2], F32, 1.0, 2.0),
        uniform([2], F64, 1.0, 2.0)]))
    return cases


def crafted_state(words: list[int]) -> bytes:
    """A valid state whose next outputs are `words`: they are written untempered at the end of
    the state array, with `next` pointing at them, so they are read before the next twist."""
    torch.manual_seed(0)
    torch.rand(1)
    raw = torch.get_rng_state().numpy().copy()
    state = raw[24:24 + 624 * 8].view(np.uint64)
    for i, word in enumerate(words):
        state[624 - len(words) + i] = untemper(word)
    raw[8:12] = np.frombuffer(np.int32(len(words) + 1).tobytes(), np.uint8)     # left
    raw[16:24] = np.frombuffer(np.uint64(624 - len(words)).tobytes(), np.uint8)  # next
    return raw.tobytes()


def untemper(y: int) -> int:
    """Inverse of MT19937's output tempering."""
    y ^= y >> 18
    y ^= (y << 15) & 0xEFC60000
    x = y
    for _ in range(5):
        x = y ^ ((x << 7) & 0x9D2C5680)
    y = x & 0xFFFFFFFF
    x = y
    for _ in range(3):
        x = y ^ (x >> 11)
    return x & 0xFFFFFFFF


def digest_cases() -> list[dict]:
    """Outputs too large to store, checked through a SHA-256 of their bytes."""
    big = {f"randn(2**20, float32) seed={seed}": (seed, randn([2 ** 20], F32))
           for seed in range(4)}
    big.update({
        "randperm(5000)": (11, randperm(5000)),
        "randperm(100000)": (13, randperm(100000)),
        "normal_(512x512 float32, -1, 0.3)": (8, normal([512, 512], F32, -1.0, 0.3)),
        "randn(100003, float64)": (9, randn([100003], F64)),
        "uniform_(10**6 float32, 0.1, 0.7)": (10, uniform([10 ** 6], F32, 0.1, 0.7)),
        "uniform_(10**5 float64, -3.3, 1e5)": (12, uniform([10 ** 5], F64, -3.3, 1e5)),
    })
    return [case(f"digest {name}", seed, [call], digest=True)
            for name, (seed, call) in big.items()]


def fresh_process_seeds() -> list[int]:
    code = "import torch; print(torch.initial_seed())"
    return [int(subprocess.check_output([sys.executable, "-c", code], text=True))
            for _ in range(2)]


def main() -> None:
    reference = {
        "torch_version": torch.__version__,
        "cpu_capability": torch.backends.cpu.get_cpu_capability(),
        "new_generator_initial_seed": torch.Generator().initial_seed(),
        "fresh_process_initial_seeds": fresh_process_seeds(),
        "cases": per_size_cases() + stream_cases() + state_cases() + digest_cases(),
    }
    OUT.write_text(json.dumps(reference, separators=(",", ":")))
    print(f"wrote {len(reference['cases'])} cases, {OUT.stat().st_size} bytes to {OUT}")


if __name__ == "__main__":
    main()
