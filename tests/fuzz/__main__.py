"""`python -m tests.fuzz --minutes N`: fuzz gradcli for N minutes, then print one summary line.

Each round draws fresh programs from a new seed; a failing round is shrunk by hypothesis to its
smallest program, printed, and the run goes on. Exit status 1 if anything failed.

`python -m tests.fuzz --against-torch --minutes N`: the differential fuzzer instead
(tests/fuzz/differential.py): random autograd programs run by PyTorch and by gradcli; prints a
table of the distinct classes of mismatch and writes the first of each class, minimised, as a
recorded conformance case (tests/conformance/cases/fuzz_diff/, or --cases DIR). Mismatches in the
last bits only ("bits") are counted apart; exit status 1 if any other mismatch was found.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from pathlib import Path

from .check import Checker
from .differential import BITS, CASES, Differ, Report, table, torch_python
from .rounds import fuzz_round


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=1.0, help="how long to run (default 1)")
    ap.add_argument("--seed", type=int, default=None, help="the first round's seed (default: "
                                                           "random); rounds after it count up")
    ap.add_argument("--round", type=int, default=100, metavar="N",
                    help="programs per round (default 100)")
    ap.add_argument("--leaks", action="store_true",
                    help="also fail on an AttributeError about an attribute the program never "
                         "wrote (an engine function that did not check its argument's type)")
    ap.add_argument("--against-torch", action="store_true",
                    help="compare with PyTorch instead (the differential fuzzer)")
    ap.add_argument("--cases", default=str(CASES), metavar="DIR",
                    help="with --against-torch: where to write the recorded cases "
                         "('' writes none)")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    if args.against_torch:
        return against_torch(args.minutes, seed, Path(args.cases) if args.cases else None)
    checker = Checker(leaks=args.leaks)
    start = time.monotonic()
    failures: dict[str, str] = {}
    rounds = 0
    try:
        while time.monotonic() - start < args.minutes * 60:
            try:
                fuzz_round(checker, args.round, seed + rounds)()
            except Exception as e:  # a failing round: hypothesis raises its smallest example
                key = str(e).split("\n")[1:2] or [type(e).__name__]
                if key[0] not in failures:
                    failures[key[0]] = f"seed {seed + rounds}: {e}"
                    print(f"--- failure {len(failures)} (seed {seed + rounds})\n{e}\n",
                          flush=True)
            rounds += 1
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    finally:
        checker.close()
    minutes = (time.monotonic() - start) / 60
    print(f"fuzz: {checker.runs} programs in {rounds} rounds, {minutes:.1f} min, seeds {seed}.."
          f"{seed + max(rounds - 1, 0)}: {len(failures)} distinct failure(s)")
    return 1 if failures else 0


def against_torch(minutes: float, seed: int, cases: Path | None) -> int:
    python = torch_python()
    if python is None:
        print("no python with torch: set GRADCLI_TORCH_PYTHON", file=sys.stderr)
        return 2
    differ = Differ(python)
    report = Report()
    start = time.monotonic()
    try:
        differ.fuzz(minutes * 60, seed, report, cases)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    minutes = (time.monotonic() - start) / 60
    print(f"seeds from {seed}")
    print(table(report, minutes))
    print(differ.record(report), flush=True)
    differ.close()
    return 1 if set(report.counts) - {BITS} else 0


if __name__ == "__main__":
    sys.exit(main())
