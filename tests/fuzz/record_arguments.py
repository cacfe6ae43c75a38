"""Record what PyTorch prints for the argument table into arguments_reference.json, the
reference of test_arguments.py.

Run from the repository's root with the interpreter that has torch installed (the project
itself never imports torch), after the table changed (a function added to the op table):

    $TORCH_PYTHON -m tests.fuzz.record_arguments

The table's names come from gradcli's op table, so this imports gradcli (and NumPy) too.
"""
from __future__ import annotations

import contextlib
import io
import json
import warnings
from pathlib import Path

from .arguments_table import calls, outcomes, program

OUT = Path(__file__).with_name("arguments_reference.json")


def main() -> None:
    text = program(calls())
    out = io.StringIO()
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(text, "<arguments>", "exec"), {"__name__": "__main__"})
    recorded = outcomes(out.getvalue())
    messages = sorted(set(recorded.values()))
    index = {m: i for i, m in enumerate(messages)}
    OUT.write_text(json.dumps({"messages": messages,
                               "calls": {c: index[m] for c, m in recorded.items()}},
                              indent=0, ensure_ascii=False) + "\n")
    print(f"{len(recorded)} calls, {len(messages)} distinct outcomes -> {OUT}")


if __name__ == "__main__":
    main()
