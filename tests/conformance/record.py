#!/usr/bin/env python3
"""Record conformance cases with real PyTorch (torch==2.13.0, CPU).

usage: python record.py [--check] [--jobs N] [--timeout S] [DIR_OR_CASE...]

Run this with a python that has torch 2.13.0 installed, e.g.
    $TORCH_PYTHON tests/conformance/record.py

For every NAME.grad (directories are searched recursively; default: cases/ next to this
file) the program is run with the same python that runs this script, as a script, in a
fresh temporary directory, with PYTHONHASHSEED=0 and a timeout. Then
  NAME.out  = its stdout, every '0x<hex>' replaced by '0xADDR';
  NAME.err  = when it exited non-zero: the last stderr line that looks like
              'SomeError: message' (the traceback's final line) plus a newline;
              empty when it exited 0.
Recordings are never edited by hand: change the .grad file and re-record.

--check     re-record into memory and report every case whose .out/.err would change
            (or is missing); writes nothing. Exit status 1 when anything differs.
Every case is also linted against the language gradcli aims at (warnings only).
"""
import argparse
import ast
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_DIR = HERE / "cases"
ADDR = re.compile(r"0x[0-9a-fA-F]+")
# final traceback line: 'RuntimeError: message', 'torch.OutOfMemoryError: ...', 'KeyError'
ERROR_LINE = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt|Iteration)(?::.*)?$")


def find_cases(paths):
    found = []
    for p in map(Path, paths):
        if p.is_dir():
            found.extend(sorted(p.rglob("*.grad")))
        elif p.suffix == ".grad" and p.exists():
            found.append(p)
        else:
            raise SystemExit(f"record.py: not a .grad case or directory: {p}")
    return found


def run_case(case: Path, timeout: float):
    """Run one case under real PyTorch; return (out_text, err_text, notes)."""
    env = dict(os.environ)
    for var in ("PYTHONPATH", "PYTHONSTARTUP", "PYTHONWARNINGS", "PYTHONINSPECT"):
        env.pop(var, None)
    env.update(PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8", PYTHONDONTWRITEBYTECODE="1",
               OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", LC_ALL="C.UTF-8",
               NO_COLOR="1", TERM="dumb", COLUMNS="80")
    notes = []
    with tempfile.TemporaryDirectory(prefix="gradcli-record-") as tmp:
        try:
            p = subprocess.run([sys.executable, str(case.resolve())], cwd=tmp, env=env,
                               stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, None, [f"timed out after {timeout:.0f} s"]
    out = ADDR.sub("0xADDR", p.stdout.decode("utf-8"))
    err = ""
    if p.returncode != 0:
        text = p.stderr.decode("utf-8", "replace")
        last = [ln for ln in text.split("\n") if ln.strip()][-1:]
        err = error_line(text)
        if not ERROR_LINE.match(err):
            notes.append(f"exit {p.returncode} without an 'Error: message' line; "
                         f"recorded the last stderr line")
        elif last and last[0].rstrip("\r") != err:
            notes.append("exception message spans several lines; recorded its first line")
        err = (err or f"exit status {p.returncode}") + "\n"
    return out, err, notes


def error_line(stderr: str) -> str:
    """What NAME.err records of a failed run's stderr: the line a traceback ends with,
    `SomeError: message` (the first line of a message of several), else the last line
    (sys.exit("text")); "" when there is none."""
    lines = [ln.rstrip("\r") for ln in stderr.split("\n")]
    hits = [ln for ln in lines if ERROR_LINE.match(ln)]
    nonblank = [ln for ln in lines if ln.strip()]
    return hits[-1] if hits else nonblank[-1] if nonblank else ""


# ---------------------------------------------------------------- subset lint (warnings only)
# The language of issue 12: everyday Python (classes, try, generators, comprehensions, *args)
# over the facades gradcli offers. What lies outside it is reported, never refused.
OUTSIDE_NODES = {"AsyncFunctionDef", "AsyncFor", "AsyncWith", "Await", "Match", "TypeAlias",
                 "TryStar", "NamedExpr"}
OFFERED_MODULES = {"torch", "torch.nn", "torch.nn.functional", "torch.nn.init", "torch.nn.utils",
                   "torch.optim", "torch.optim.lr_scheduler", "torch.utils", "torch.utils.data",
                   "torch.autograd", "torch.autograd.functional", "torch.distributions",
                   *(f"torch.distributions.{name}" for name in (
                       "bernoulli", "categorical", "constraints", "distribution", "multinomial",
                       "normal", "uniform")), "numpy", "math", "random",
                   "time", "collections", "sys", "__future__", "warnings", "itertools",
                   "functools", "copy", "typing", "string", "operator", "statistics", "numbers",
                   "os", "os.path", "timeit"}
# modules the recording environment lacks: a program importing one stops with
# ModuleNotFoundError in PyTorch's run, and gradcli must stop the same way
ABSENT_MODULES = {"d2l", "d2lzh_pytorch", "torchvision", "matplotlib", "pandas", "IPython",
                  "mpl_toolkits", "requests", "matplotlib_inline", "sklearn", "tqdm"}
# PyTorch's modules that import one of those (torch.utils.tensorboard needs tensorboard)
NEEDS_ABSENT = ("torch.utils.tensorboard",)
PRIVATE_ATTRS = ("__dict__", "__globals__", "__code__", "__subclasses__",
                 "__builtins__", "__mro__", "__bases__")


def _module_ok(name: str) -> bool:
    return name in OFFERED_MODULES or name.split(".")[0] in ABSENT_MODULES or \
        name.startswith(NEEDS_ABSENT)


def lint(case: Path):
    src = case.read_text()
    try:
        tree = ast.parse(src, str(case))
    except SyntaxError as e:
        return [f"syntax error: {e}"]
    problems = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", "?")
        if type(node).__name__ in OUTSIDE_NODES:
            problems.append(f"line {line}: {type(node).__name__} is outside the gradcli language")
        elif isinstance(node, ast.Import):
            problems += [f"line {line}: import {a.name}" for a in node.names
                         if not _module_ok(a.name)]
        elif isinstance(node, ast.ImportFrom) and not _module_ok(node.module or ""):
            problems.append(f"line {line}: from {node.module} import ...")
        elif isinstance(node, ast.Attribute) and node.attr in PRIVATE_ATTRS:
            problems.append(f"line {line}: attribute {node.attr}")
    return problems


# ---------------------------------------------------------------- main
def main():
    ap = argparse.ArgumentParser(usage=__doc__)
    ap.add_argument("--check", action="store_true",
                    help="re-record into memory and report cases whose recording changed")
    ap.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("paths", nargs="*")
    a = ap.parse_args()

    try:
        import torch  # noqa: F401  (only to say which torch recorded)
        version = torch.__version__
    except ImportError:
        raise SystemExit("record.py: run me with a python that has torch==2.13.0 installed")
    if not version.startswith("2.13.0"):
        print(f"record.py: warning: torch {version}, the corpus is recorded with 2.13.0",
              file=sys.stderr)

    cases = find_cases(a.paths or [DEFAULT_DIR])
    if not cases:
        raise SystemExit("record.py: no .grad cases found")
    names = {}
    for c in cases:
        if c.name in names:
            print(f"warning: case name {c.name} is used twice ({names[c.name]} and {c})")
        names[c.name] = c
    for p in map(Path, a.paths or [DEFAULT_DIR]):
        if p.is_dir():
            for f in sorted(p.rglob("*.out")) + sorted(p.rglob("*.err")):
                if not f.with_suffix(".grad").exists():
                    print(f"warning: {os.path.relpath(f)} has no .grad beside it")

    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        results = list(pool.map(lambda c: run_case(c, a.timeout), cases))

    changed = failed = errors = 0
    for case, (out, err, notes) in zip(cases, results):
        rel = os.path.relpath(case)
        for problem in lint(case):
            print(f"lint {rel}: {problem}")
        for note in notes:
            print(f"note {rel}: {note}")
        if out is None:
            failed += 1
            continue
        errors += bool(err)
        out_p, err_p = case.with_suffix(".out"), case.with_suffix(".err")
        old = [p.read_bytes() if p.exists() else None for p in (out_p, err_p)]
        new = [out.encode("utf-8"), err.encode("utf-8")]
        if old != new:
            changed += 1
            if a.check:
                what = [p.suffix for p, o, n in zip((out_p, err_p), old, new) if o != n]
                print(f"CHANGED {rel}: {' '.join(what)}")
            else:
                out_p.write_bytes(new[0])
                err_p.write_bytes(new[1])
    verb = "would change" if a.check else "re-recorded"
    print(f"{len(cases)} cases ({errors} end in an error), {changed} {verb}, {failed} failed to run")
    sys.exit(1 if failed or (a.check and changed) else 0)


if __name__ == "__main__":
    main()
