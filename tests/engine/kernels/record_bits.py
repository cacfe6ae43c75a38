"""Record torch's bits for the matrix products, pow, range factories, softmax's kernels and
logsumexp into bits_reference.json, the reference of test_linalg.py, test_pointwise.py,
test_factories.py, test_nn.py and test_reduction.py.

Run with the interpreter that has torch installed (the project itself never imports torch):

    $TORCH_PYTHON tests/engine/kernels/record_bits.py

Inputs come from `values()` below (integer arithmetic only, so the tests rebuild them exactly);
every result is stored as base64 of its little-endian bytes, or as its SHA-256 when large.
torch runs on one thread, as the conformance recorder runs it.
"""
from __future__ import annotations

import base64
import hashlib
import json
import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bits_cases import (CASES, DIGEST_OVER, backward_inputs, bias, operand,  # noqa: E402
                        pow_operands, values)

OUT = Path(__file__).with_name("bits_reference.json")


def _tensor(spec: dict, name: str) -> torch.Tensor:
    """The torch operand of `spec` with the layout the case names (see bits_cases.operand)."""
    _, stored_as, view = operand(spec, name)
    return view(torch.from_numpy(stored_as.copy()))


def run(case: dict) -> np.ndarray:
    op = case["op"]
    if op in ("mm", "addmm", "mv", "dot", "bmm"):
        a, b = _tensor(case, "a"), _tensor(case, "b")
        if op == "addmm":
            return torch.addmm(torch.from_numpy(bias(case)), a, b).numpy()
        return getattr(torch, op)(a, b).numpy()
    if op == "pow":
        x = torch.from_numpy(values(case["shape"], case["seed"], case["dtype"], case["scale"]))
        return (x.abs() if case.get("abs") else x).pow(case["exponent"]).numpy()
    if op == "pow_tensor":
        x, y = (torch.from_numpy(v) for v in pow_operands(case))
        return torch.pow(x, y).numpy()
    if op in ("tanh_backward", "softmax_backward", "log_softmax_backward"):
        grad, out = (torch.from_numpy(v) for v in backward_inputs(case))
        if op == "tanh_backward":
            return torch.ops.aten.tanh_backward(grad, out).numpy()
        backward = getattr(torch.ops.aten, f"_{op}_data")
        return backward(grad, out, case.get("dim", -1), out.dtype).numpy()
    if op in ("softmax", "log_softmax", "logsumexp"):
        x = torch.from_numpy(values(case["shape"], case["seed"], case["dtype"]))
        if op == "logsumexp":
            return torch.logsumexp(x, case["dim"], keepdim=True).numpy()
        return getattr(torch, op)(x, case["dim"]).numpy()
    if op == "linspace":
        return torch.linspace(*case["args"], dtype=getattr(torch, case["dtype"])).numpy()
    if op == "arange":
        return torch.arange(*case["args"], dtype=getattr(torch, case["dtype"])).numpy()
    raise ValueError(op)


def stored(result: np.ndarray) -> dict:
    data = np.ascontiguousarray(result).tobytes()
    entry = {"dtype": str(result.dtype), "shape": list(result.shape)}
    if result.size > DIGEST_OVER:
        entry["sha256"] = hashlib.sha256(data).hexdigest()
    else:
        entry["b64"] = base64.b64encode(data).decode()
    return entry


def main() -> None:
    torch.set_num_threads(1)
    reference = {"torch_version": torch.__version__,
                 "cpu_capability": torch.backends.cpu.get_cpu_capability(),
                 "results": [stored(run(case)) for case in CASES]}
    OUT.write_text(json.dumps(reference, separators=(",", ":")) + "\n")
    print(f"wrote {len(CASES)} cases to {OUT}")


if __name__ == "__main__":
    main()
