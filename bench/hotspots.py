"""Profile one bench program run in-process by gradcli (cProfile): the hotspots as file:line."""
from __future__ import annotations

import argparse
import cProfile
import gc
import io
import pstats
import sys


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("program", help="a .grad file, e.g. bench/programs/chain.grad")
    ap.add_argument("--sort", default="tottime", choices=("tottime", "cumulative", "ncalls"))
    ap.add_argument("--limit", type=int, default=25, help="rows to print (default 25)")
    ap.add_argument("--callers", metavar="REGEX",
                    help="also print who calls the functions matching REGEX")
    ap.add_argument("--no-gc", action="store_true",
                    help="disable the cyclic garbage collector: the code's own cost, apart "
                         "from the collections its allocations trigger")
    args = ap.parse_args(argv)
    if args.no_gc:
        gc.disable()

    # imported under the profiler too: start-up imports are part of what is measured
    profile = cProfile.Profile()
    sink = io.StringIO()
    profile.enable()
    from gradcli.cli import Env, main as gradcli_main
    status = gradcli_main(["run", args.program], Env(stdout=sink, stderr=sink))
    profile.disable()
    if status:
        sys.stderr.write(sink.getvalue())
        return status
    stats = pstats.Stats(profile, stream=sys.stdout)
    stats.sort_stats(args.sort).print_stats(args.limit)
    if args.callers:
        stats.print_callers(args.callers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
