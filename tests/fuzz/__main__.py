"""`python -m tests.fuzz --minutes N`: fuzz gradcli for N minutes, then print one summary line.

Each round draws fresh programs from a new seed; a failing round is shrunk by hypothesis to its
smallest program, printed, and the run goes on. Exit status 1 if anything failed.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from .check import Checker
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
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
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


if __name__ == "__main__":
    sys.exit(main())
