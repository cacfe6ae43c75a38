"""Time gradcli's grammar load, parse and compile of one script, in-process (seconds, JSON).

Each phase is given as wall-clock time and, with a `_cpu` suffix, as CPU time of this process
(steadier on a shared machine).
"""
from __future__ import annotations

import gc
import json
import sys
import time


def main(path: str) -> int:
    marks = [(time.perf_counter(), time.process_time())]
    from gradcli.cli import GC_THRESHOLDS
    gc.set_threshold(*GC_THRESHOLDS)   # as `gradcli run` has it
    from gradcli.interpret import Interpreter
    from gradcli.syntax import parse
    from gradcli.syntax.parser import parser
    marks.append((time.perf_counter(), time.process_time()))
    parser()
    marks.append((time.perf_counter(), time.process_time()))
    with open(path, encoding="utf-8") as fh:
        program = parse(fh.read(), path)
    marks.append((time.perf_counter(), time.process_time()))
    # run() compiles every statement, then runs them: `import torch` and an `if False:`
    Interpreter(lambda text: None).run(program)
    marks.append((time.perf_counter(), time.process_time()))
    phases = {}
    for name, (a, b) in zip(("imports", "grammar", "parse", "compile"), zip(marks, marks[1:])):
        phases[name] = b[0] - a[0]
        phases[name + "_cpu"] = b[1] - a[1]
    print(json.dumps(phases))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
