"""Tests of gradcli's facades of Python's modules; CPython itself is the oracle where it can
run the same program in-process (no files, no torch)."""
from __future__ import annotations

import contextlib
import io


def python_prints(source: str) -> str:
    """What CPython prints running `source` (a program without torch or files)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(source, "<python>", "exec"), {"__name__": "__main__"})
    return out.getvalue()
