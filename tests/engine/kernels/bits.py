"""The recorded torch results of bits_reference.json, matched against a kernel's output."""
from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path

import numpy as np

from .bits_cases import CASES

REFERENCE = json.loads(Path(__file__).with_name("bits_reference.json").read_text())


def cases(*ops: str) -> list:
    """(case, recorded result) pairs for the given ops, with readable ids."""
    return [(case, result) for case, result in zip(CASES, REFERENCE["results"])
            if case["op"] in ops]


def case_id(pair) -> str:
    case = pair[0]
    shapes = [case.get(k) for k in ("shape_a", "shape_b", "layout_a", "layout_b", "shape",
                                    "dtype", "dim", "exponent", "args") if k in case]
    return f"{case['op']}-{'-'.join(map(str, shapes))}".replace(" ", "")


def same_bits(result: np.ndarray, recorded: dict) -> bool:
    result = np.asarray(result)
    if str(result.dtype) != recorded["dtype"] or list(result.shape) != recorded["shape"]:
        return False
    data = np.ascontiguousarray(result).tobytes()
    if "sha256" in recorded:
        return hashlib.sha256(data).hexdigest() == recorded["sha256"]
    return data == base64.b64decode(recorded["b64"])
