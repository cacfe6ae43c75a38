"""What stops the corpus of programs: each one run through gradcli, counted by its first blocker.

usage: .venv/bin/python tests/conformance/programs/status.py [-v] [--timeout S] [PATH...]

Every recorded NAME.grad under PATH (default: the folder of this script) runs through
`gradcli run` in this process, as the conformance test runs it, and is compared with what
PyTorch 2.13 printed (NAME.out, NAME.err). A program passes when stdout is the same and it
stops with PyTorch's error, if PyTorch stopped. Otherwise its first blocker is named:
  - the first error gradcli reports that PyTorch did not (SyntaxError/IndentationError as the
    construct on the reported line, everything else as its `Type: message` line);
  - `wrong output ...` when gradcli printed something PyTorch did not print before that;
  - `no error where PyTorch raised ...` when gradcli ran on past PyTorch's error.
The table counts programs per blocker, most first; -v lists every program of each row.
"""
from __future__ import annotations

import argparse
import io
import re
import signal
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from gradcli import engine  # noqa: E402  (after the path is set, to run from a checkout)
from gradcli.cli import Env, main  # noqa: E402

ADDR = re.compile(r"0x[0-9a-fA-F]+")
ERROR_LINE = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception|Exit|Interrupt"
                        r"|Iteration|Warning)(?::.*)?$")
LOCATION = re.compile(r'^\s*File ".*", line \d+')
# a parse error names the construct it met, not its misleading message ("unexpected 'MLP'")
PARSE_ERRORS = ("SyntaxError", "IndentationError")


def run(case: Path, timeout: float) -> tuple[int, str, str]:
    """`gradcli run case` in this process from a fresh engine: (status, stdout, stderr)."""
    engine.reset()
    out, err = io.StringIO(), io.StringIO()
    env = Env(stdin=io.StringIO(""), stdout=out, stderr=err,
              environ={"NO_COLOR": "1", "TERM": "dumb"})

    def interrupt(*_):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        status = main(["run", str(case)], env)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return status, ADDR.sub("0xADDR", out.getvalue()), err.getvalue()


def error_line(stderr: str) -> str:
    lines = [ln.rstrip() for ln in stderr.splitlines() if ERROR_LINE.match(ln.strip())]
    if lines:
        return lines[-1].strip()
    rest = [ln for ln in stderr.splitlines() if ln.strip()]
    return rest[-1].strip() if rest else ""


def reported_source(stderr: str) -> str:
    """The source line gradcli printed under its `File ..., line N` (the line it refused)."""
    lines = stderr.splitlines()
    for i, ln in enumerate(lines[:-1]):
        if LOCATION.match(ln):
            return lines[i + 1].strip()
    return ""


def construct(source: str) -> str:
    """What a refused line is, in a word or two: `class`, `import numpy`, `yield`, ..."""
    words = re.findall(r"[A-Za-z_][\w.]*|\*\*|\S", source)
    if not words:
        return "?"
    if words[0] in ("import", "from") and len(words) > 1:
        return f"{words[0]} {words[1]}"
    if words[0] in STATEMENTS:
        return words[0]
    for pattern, name in INNER:
        if re.search(pattern, source):
            return name
    return source if len(source) <= 50 else source[:47] + "..."


STATEMENTS = {"class", "try", "except", "finally", "raise", "assert", "del", "global",
              "nonlocal", "yield", "async", "await", "lambda", "with", "def", "if", "for",
              "while"}
INNER = ((r"\byield\b", "yield"), (r"\blambda\b", "lambda"),
         (r"[(,]\s*\*\*\w", "** unpacking"), (r"[(,]\s*\*\w", "* unpacking"),
         (r"[(\[{].*\bfor\b.*\bin\b", "comprehension or generator expression"))


def blocker(case: Path, timeout: float) -> str | None:
    """None when gradcli prints what PyTorch printed; else what stops the program."""
    want_out = case.with_suffix(".out").read_text()
    want_err = case.with_suffix(".err").read_text().strip()
    status, out, err = run(case, timeout)
    if status == 130:
        return f"timeout (over {timeout:g} s)"
    got_err = error_line(err) if status != 0 else ""
    same_error = bool(want_err) and status != 0 and \
        " ".join(want_err.split()) in " ".join(err.split())
    if out == want_out and (same_error or not (want_err or status)):
        return None
    if status == 3:
        return f"internal error: {got_err}"
    if got_err and not same_error:
        if not want_out.startswith(out):
            return "wrong output before gradcli stopped"
        kind = got_err.split(":", 1)[0]
        if kind in PARSE_ERRORS:
            return f"{kind} at `{construct(reported_source(err))}`"
        return got_err if len(got_err) <= 110 else got_err[:107] + "..."
    if want_err and status == 0:
        if not out.startswith(want_out):
            return "wrong output"
        return f"no error where PyTorch raised {want_err.split(':', 1)[0]}"
    return "wrong output"


def recorded(paths: list[Path]) -> list[Path]:
    found = []
    for p in paths:
        found += sorted(p.rglob("*.grad")) if p.is_dir() else [p]
    return [c for c in found if c.with_suffix(".out").exists()]


def main_status(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", "--verbose", action="store_true", help="list the programs of each row")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per program")
    ap.add_argument("--failing", action="store_true",
                    help="print only the ids of the failing programs, as known_failures.txt has "
                         "them")
    ap.add_argument("paths", nargs="*", type=Path, default=[HERE])
    a = ap.parse_args(argv)
    cases = recorded(a.paths)
    rows: dict[str, list[str]] = defaultdict(list)
    passed = 0
    for case in cases:
        name = str(case.relative_to(HERE).with_suffix("")) if HERE in case.parents else str(case)
        why = blocker(case, a.timeout)
        if why is None:
            passed += 1
        else:
            rows[why].append(name)
    if a.failing:
        ids = sorted(f"{HERE.name}/{n}" for names in rows.values() for n in names)
        print("\n".join(ids))
        return 0
    print("| first blocker | programs |")
    print("|---|---|")
    for why, names in sorted(rows.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        shown = why.replace("|", "\\|")
        print(f"| {shown} | {len(names)} |")
        if a.verbose:
            for n in names:
                print(f"|   {n} | |")
    print(f"\n{passed} of {len(cases)} programs print what PyTorch prints")
    return 0


if __name__ == "__main__":
    sys.exit(main_status())
