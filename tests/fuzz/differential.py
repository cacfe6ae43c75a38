"""The differential fuzzer: the same random autograd programs run by PyTorch and by gradcli.

PyTorch runs in one long-lived process (tests/fuzz/torch_server.py, under the python that
`torch_python()` finds); gradcli runs in this process, as `gradcli run` would. Stdout and the
final error line are compared; a mismatch gets a class (what kind of difference, and where), is
shrunk by dropping statements while its class stays, and the first of each class is written as a
conformance case and recorded with PyTorch by tests/conformance/record.py.

Which PyTorch: $GRADCLI_TORCH_PYTHON if set, else /work/torchenv/bin/python if it exists, else
this python when it can import torch (pip install -e '.[torch-check]'). None found: the
differential test is skipped.
"""
from __future__ import annotations

import importlib.util
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from ..conftest import ROOT, fold_addresses, run_cli
from .autograd_programs import PRELUDE, program, source

SERVER = Path(__file__).with_name("torch_server.py")
RECORDER = ROOT / "tests" / "conformance" / "record.py"
CASES = ROOT / "tests" / "conformance" / "cases" / "fuzz_diff"
TORCHENV = Path("/work/torchenv/bin/python")
SECONDS = 60          # a fuzzed program takes milliseconds; past this the process is stuck
STARTUP = 180         # importing torch takes seconds, a minute on a machine busy with suites
MINIMISED_PER_CLASS = 3
# a difference in the last bits only: a kernel PyTorch runs that gradcli does not reproduce (the
# README's Bits section names them), told apart from semantic and printing mismatches
BITS = "bits"
PRECISE = "torch.set_printoptions(precision=10)"
BITS_TOLERANCE = 1e-5   # relative, on numbers printed with 11 significant digits
# a number that comes of a cancellation keeps a residue of rounding as large as the rounding of
# the terms that cancelled (of the order of 1 in these programs), whatever its digits: two
# numbers of a tensor that differ by less than 8 units in the last place of 1.0 in its dtype
# agree (x / x through softmax: 1.5e-08 in one, 0. in the other; gelu's gradient near its
# minimum: 1.76956e-04 and 1.76951e-04)
RESIDUE = {False: 2.0 ** -20, True: 2.0 ** -49}   # float32, float64 (printed dtype=torch.float64)
NUMBER = re.compile(r"-?(?:\d+\.?\d*(?:e[+-]?\d+)?|inf|nan)")
GRAD_FN = re.compile(r"<(\w+(?:::\w+)*) object|grad_fn=<(\w+)>")
# names in a program that say which ops it uses (for naming a class of wrong values)
CALL = re.compile(r"(?:\.|F\.|torch\.)(\w+)\(|\b(\w+)_\(|(\*\*|@|(?<![=!<>])[-+*/](?!=))")
NOT_OPS = {"tensor", "print", "backward", "grad", "item", "zeros", "autograd", "retain_grad",
           "no_grad", "shape", "requires_grad", "is_leaf"}


def torch_python() -> str | None:
    """The python that runs PyTorch for the comparison (see the module's docstring)."""
    given = os.environ.get("GRADCLI_TORCH_PYTHON")
    if given:
        return given
    if TORCHENV.exists():
        return str(TORCHENV)
    if importlib.util.find_spec("torch") is not None:
        return sys.executable
    return None


@dataclass(frozen=True)
class Run:
    out: str
    error: str      # the final `Kind: message` line; "" when the program ended cleanly


class Torch:
    """One PyTorch process answering many programs. A program is asked for first and its answer
    read later, so that gradcli's run of the same program goes on beside PyTorch's."""

    def __init__(self, python: str) -> None:
        self.python = python
        self.proc: subprocess.Popen | None = _EARLY.pop(python, None)
        self.wait = STARTUP   # until the first answer: importing torch on a busy machine

    def _start(self) -> subprocess.Popen:
        env = dict(os.environ, PYTHONHASHSEED="0", OMP_NUM_THREADS="1", MKL_NUM_THREADS="1",
                   PYTHONIOENCODING="utf-8", LC_ALL="C.UTF-8")
        env.pop("PYTHONPATH", None)
        return subprocess.Popen([self.python, str(SERVER)], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                env=env, cwd=tempfile.gettempdir())

    def ask(self, text: str) -> None:
        """Send `text` to PyTorch (restarted first if it died)."""
        if self.proc is None or self.proc.poll() is not None:
            self.proc, self.wait = self._start(), STARTUP
        self.proc.stdin.write(json.dumps({"source": text}) + "\n")
        self.proc.stdin.flush()

    def answer(self) -> Run | None:
        """PyTorch's run of the program asked last; None when it hung or died (it is closed,
        and the next ask starts another)."""
        ready, _, _ = select.select([self.proc.stdout], [], [], self.wait)
        line = self.proc.stdout.readline() if ready else ""
        if not line:
            self.close()
            return None
        self.wait = SECONDS
        answer = json.loads(line)
        return Run(fold_addresses(answer["out"]), answer["error"])

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


# PyTorch processes started ahead of their Torch (start_early), by python
_EARLY: dict[str, subprocess.Popen] = {}


def start_early(python: str) -> None:
    """Start a PyTorch process now for the next Torch of `python` to take: its import (a second
    and a half of CPU, up to a minute on a machine busy with suites) then runs beside whatever
    this process does first, instead of in front of the first program."""
    if python not in _EARLY:
        _EARLY[python] = Torch(python)._start()


def close_early() -> None:
    """Stop the processes started early that no Torch took."""
    while _EARLY:
        _, proc = _EARLY.popitem()
        proc.kill()
        proc.wait()


class Hang(BaseException):
    """Raised by the alarm; a BaseException so that gradcli's handlers let it through."""


def _alarm(signum, frame):
    raise Hang()


class Gradcli:
    """gradcli's runs, in this process, of programs written to one private file."""

    def __init__(self) -> None:
        # in memory where the system offers it: a file written per program is a cost on a disk
        memory = "/dev/shm" if os.path.isdir("/dev/shm") else None
        self.folder = tempfile.TemporaryDirectory(prefix="gradcli-difffuzz-", dir=memory)
        self.path = os.path.join(self.folder.name, "program.py")

    def run(self, text: str) -> Run:
        with open(self.path, "w") as fh:
            fh.write(text)
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, SECONDS)
        try:
            result = run_cli(["run", self.path])
        except Hang:
            return Run("", "gradcli: no answer")
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        lines = [ln for ln in result.err.splitlines() if ln.strip()]
        return Run(fold_addresses(result.out), lines[-1] if result.status and lines else "")

    def close(self) -> None:
        self.folder.cleanup()


# ---- classes of mismatch ---------------------------------------------------------------------
def _shorten(line: str) -> str:
    """An error line with its particulars (numbers, shapes, names of sizes) folded."""
    line = re.sub(r"\[[^\]]*\]|\([\d, ]*\)", "[..]", line)
    return re.sub(r"\d+", "N", line)[:90]


def _close(a: float, b: float) -> bool:
    return a == b or abs(a - b) <= 1e-12 + 2e-6 * max(abs(a), abs(b)) or (a != a and b != b)


def _numbers(line: str) -> list[float]:
    return [float(x) for x in NUMBER.findall(line)]


def _line_class(want: str, got: str) -> str:
    """What kind of difference two printed lines show."""
    names = [a or b for a, b in GRAD_FN.findall(want)], [a or b for a, b in GRAD_FN.findall(got)]
    if names[0] != names[1]:
        pairs = [(a, b) for a, b in zip(*names) if a != b] or [(names[0], names[1])]
        return f"grad_fn {pairs[0][0]} where gradcli has {pairs[0][1]}"
    a, b = _numbers(want), _numbers(got)
    same_text = NUMBER.sub("#", want) == NUMBER.sub("#", got)
    if len(a) == len(b) and a != b or same_text:
        pairs = [(x, y) for x, y in zip(a, b) if not _close(x, y)]
        if not pairs:
            zeros = [(x, y) for x, y in zip(NUMBER.findall(want), NUMBER.findall(got))
                     if x != y and float(x) == 0 == float(y)]
            if zeros and len(zeros) == sum(x != y for x, y in zip(NUMBER.findall(want),
                                                                 NUMBER.findall(got))):
                return "sign of zero"
            return BITS
        return "value"
    return "text"


def classify(want: Run, got: Run) -> str | None:
    """The class of the difference between PyTorch's run and gradcli's, None when they agree."""
    if want.out != got.out:
        # one stopped early: its error is the difference, whatever the other did later
        if want.out.startswith(got.out) and got.error:
            return f"gradcli raises {_shorten(got.error)}"
        if got.out.startswith(want.out) and want.error:
            return f"no error where PyTorch raises {_shorten(want.error)}"
        w, g = want.out.split("\n"), got.out.split("\n")
        for a, b in zip(w, g):
            if a != b:
                return _line_class(a, b)
        if len(w) > len(g):
            if got.error:
                return f"gradcli raises {_shorten(got.error)}"
            return "gradcli prints less"
        return f"no error where PyTorch raises {_shorten(want.error)}" if want.error \
            else "gradcli prints more"
    if " ".join(want.error.split()) == " ".join(got.error.split()):
        return None
    if want.error and got.error:
        i = len(os.path.commonprefix([want.error, got.error]))
        i = want.error.rfind(" ", 0, i) + 1
        head = _shorten(want.error[:i])[:40]
        fold = _shorten if _shorten(want.error) != _shorten(got.error) else str
        return (f"error text: {head}... PyTorch '{fold(want.error[i:])[:50]}' where "
                f"gradcli '{fold(got.error[i:])[:50]}'")
    if got.error:
        return f"gradcli raises {_shorten(got.error)}"
    return f"no error where PyTorch raises {_shorten(want.error)}"


def _residues(text: str) -> list[float]:
    """Per number of `text`: the difference that is a residue of rounding (RESIDUE of its
    tensor's dtype); 0 for a number printed outside a tensor, compared by BITS_TOLERANCE only."""
    spans = []
    for start in (m.start() for m in re.finditer(r"tensor\(", text)):
        depth, end = 0, len(text)
        for i in range(start + len("tensor"), len(text)):
            depth += {"(": 1, ")": -1}.get(text[i], 0)
            if depth == 0:
                end = i
                break
        spans.append((start, end, RESIDUE["dtype=torch.float64" in text[start:end]]))
    return [next((floor for start, end, floor in spans if start <= m.start() < end), 0.0)
            for m in NUMBER.finditer(text)]


def only_bits(want: Run, got: Run) -> bool:
    """Do two runs printed with PRECISE differ only in numbers that agree to BITS_TOLERANCE, or
    by less than a residue of rounding?"""
    # the same text but for the numbers and the padding their widths make
    if want.error != got.error or "".join(NUMBER.sub("#", want.out).split()) != "".join(
            NUMBER.sub("#", got.out).split()):
        return False
    return all(a == b or a != a and b != b   # nan is nan
               or abs(a - b) <= BITS_TOLERANCE * max(abs(a), abs(b))
               or abs(a - b) < floor
               for a, b, floor in zip(_numbers(want.out), _numbers(got.out),
                                      _residues(want.out)))


def refine(kind: str, lines: list[str]) -> str:
    """A value class named by the ops of its (minimised) program."""
    if kind not in ("value", BITS, "sign of zero", "text"):
        return kind
    ops = set()
    for line in lines[len(PRELUDE):]:
        if line.startswith("print("):
            continue
        for match in CALL.finditer(line.split("=", 1)[-1] if " = " in line else line):
            ops.update(m for m in match.groups() if m and m not in NOT_OPS)
    return f"{kind}: {' '.join(sorted(ops))}"


# ---- the comparison --------------------------------------------------------------------------
@dataclass
class Finding:
    kind: str            # the refined class
    lines: list[str]     # the minimised program
    seed: int
    case: Path | None = None


@dataclass
class Report:
    programs: int = 0
    skipped: int = 0     # PyTorch hung or died
    mismatches: int = 0
    counts: Counter = field(default_factory=Counter)        # coarse class -> programs
    findings: dict[str, Finding] = field(default_factory=dict)   # refined class -> first one
    grad_fns: Counter = field(default_factory=Counter)      # grad_fn names PyTorch printed


class Differ:
    def __init__(self, python: str) -> None:
        self.torch = Torch(python)
        self.gradcli = Gradcli()
        self.python = python

    def close(self) -> None:
        self.torch.close()
        self.gradcli.close()

    def judge(self, lines: list[str]) -> tuple[str | None, Run | None]:
        text = source(lines)
        self.torch.ask(text)
        got = self.gradcli.run(text)   # while PyTorch runs it in its process
        want = self.torch.answer()
        if want is None:
            return None, None
        kind = classify(want, got)
        if kind in ("value", "text"):
            # printed with every digit, do the numbers differ in their last bits only?
            precise = source(lines[:len(PRELUDE)] + [PRECISE] + lines[len(PRELUDE):])
            self.torch.ask(precise)
            got = self.gradcli.run(precise)
            again = self.torch.answer()
            if again is not None and only_bits(again, got):
                kind = BITS
        return kind, want

    def minimise(self, lines: list[str], kind: str) -> list[str]:
        """Drop statements (last first) while the program still shows a mismatch of `kind`."""
        changed = True
        while changed:
            changed = False
            for i in range(len(lines) - 1, len(PRELUDE) - 1, -1):
                trial = lines[:i] + lines[i + 1:]
                if self.judge(trial)[0] == kind:
                    lines, changed = trial, True
        return lines

    def fuzz(self, seconds: float, seed: int, report: Report, cases: Path | None = None,
             limit: int | None = None, shrink: bool = True) -> Report:
        """Run programs from `seed` on for `seconds` (or `limit` programs) into `report`;
        with `shrink`, minimise the first few of each class (and write them to `cases`)."""
        start = time.monotonic()
        n = 0
        while time.monotonic() - start < seconds and (limit is None or n < limit):
            lines = program(seed + n)
            n += 1
            kind, want = self.judge(lines)
            if want is None:
                report.skipped += 1
                continue
            report.programs += 1
            report.grad_fns.update(a or b for a, b in GRAD_FN.findall(want.out))
            if kind is None:
                continue
            report.mismatches += 1
            report.counts[kind] += 1
            if not shrink or report.counts[kind] > MINIMISED_PER_CLASS:
                continue
            small = self.minimise(lines, kind)
            refined = refine(kind, small)
            if refined not in report.findings:
                finding = Finding(refined, small, seed + n - 1)
                if cases is not None:
                    finding.case = self.write_case(finding, cases)
                report.findings[refined] = finding
        return report

    def write_case(self, finding: Finding, folder: Path) -> Path:
        """The minimised program as a conformance case (recorded by `record` at the end)."""
        folder.mkdir(parents=True, exist_ok=True)
        slug = re.sub(r"[^a-z0-9]+", "_", finding.kind.lower()).strip("_")[:48]
        path = folder / f"diff_{slug}_{finding.seed}.grad"
        path.write_text(source(finding.lines))
        return path

    def record(self, report: Report) -> str:
        """Record every case the run wrote with PyTorch, in one run of record.py (one import of
        torch); what it said, or why it could not."""
        paths = [str(f.case) for f in report.findings.values() if f.case is not None]
        if not paths:
            return ""
        try:
            done = subprocess.run([self.python, str(RECORDER), *paths], capture_output=True,
                                  text=True, cwd=ROOT, timeout=600)
        except subprocess.TimeoutExpired:
            return "record.py timed out: record the cases with tests/conformance/record.py"
        return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr


def table(report: Report, minutes: float) -> str:
    """The summary: figures, then one row per class with the programs that showed it."""
    bits = report.counts[BITS]
    rows = [f"differential fuzz: {report.programs} programs in {minutes:.1f} min, "
            f"{report.mismatches} differ: {report.mismatches - bits} semantic or printing "
            f"({len(report.counts) - (BITS in report.counts)} coarse classes), {bits} bits; "
            f"{len(report.findings)} distinct classes"
            + (f", {report.skipped} skipped (PyTorch hung)" if report.skipped else "")]
    rows.append(f"{'programs':>8}  class")
    for kind, count in report.counts.most_common():
        rows.append(f"{count:>8}  {kind}")
        for refined, finding in report.findings.items():
            if refined.startswith(kind) and refined != kind:
                rows.append(f"{'':>8}    {refined}")
    rows.append("cases:")
    rows += [f"  {os.path.relpath(f.case, ROOT) if f.case else f'seed {f.seed}'}"
             for f in report.findings.values()]
    return "\n".join(rows)
