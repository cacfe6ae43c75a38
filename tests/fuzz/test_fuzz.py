"""The fuzzer's fast share: the same 200 programs every run, so that CI stays deterministic.

Longer runs, with fresh programs each time, are `python -m tests.fuzz --minutes N`.
"""
from __future__ import annotations

from .check import Checker
from .rounds import fuzz_round

EXAMPLES = 200


def test_fuzzed_programs_end_cleanly():
    checker = Checker()
    try:
        fuzz_round(checker, EXAMPLES)()
    finally:
        checker.close()
    assert checker.runs >= EXAMPLES
