"""Time gradcli, a plain-NumPy floor and PyTorch on the bench programs; print issue 6's table.

Whole processes are timed (wall clock, median of several runs, min and max shown) and their
peak memory read from the kernel (ru_maxrss of each child, via os.wait4). Standard library
only: gradcli is the one installed in the Python running this script, PyTorch the one
importable from --torch-python.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Callable

import gen_script

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, "programs")
FLOOR = os.path.join(HERE, "floor")
SYSTEMS = ("gradcli", "floor", "torch")
# a Python with torch==2.13.0: $TORCH_PYTHON when set, else whatever `python` is
TORCH_CANDIDATES = tuple(p for p in (os.environ.get("TORCH_PYTHON"), "python") if p)


@dataclass(frozen=True)
class Work:
    """One row: a program run by gradcli and PyTorch, and its NumPy floor."""
    key: str
    title: str
    program: str                      # a .grad file in programs/ ('' for the generated one)
    floor: tuple[str, ...]            # the floor's arguments after `python`
    heavy: bool = False               # repeated --heavy-runs times instead of --runs


WORKS = (
    Work("numpy", "python -c 'import numpy' (reference)", "", ("-c", "import numpy")),
    Work("seed", "seed tutorial (start-up)", "seed.grad", ("seed.py",)),
    Work("steps", "50k small-tensor steps + backward", "steps.grad", ("steps.py",), heavy=True),
    Work("mlp", "512x512 tanh MLP fwd+bwd x10", "mlp.grad", ("mlp.py",), heavy=True),
    Work("train", "nn MLP 784-256-10, SGD x20", "train.grad", ("train.py",), heavy=True),
    Work("chain", "200k-node scalar chain + backward", "chain.grad", ("chain.py",), heavy=True),
    Work("chain_1m", "1M-node scalar chain + backward", "chain_1m.grad", ("chain.py", "1000000")),
    Work("parse", "10,000-line script: parse + compile", "", ("parse.py",), heavy=True),
)


@dataclass
class Sample:
    wall: float       # seconds
    cpu: float        # user + system seconds
    rss: float        # peak resident set, MB
    status: int
    out: str
    err: str


@dataclass
class Results:
    samples: dict = field(default_factory=dict)     # (work, system) -> [Sample]
    parse_compile: list = field(default_factory=list)  # parse_compile.py's phases, per run

    def of(self, work: str, system: str) -> list:
        return self.samples.get((work, system), [])

    def median(self, work: str, system: str, what: str = "wall") -> float | None:
        runs = [getattr(s, what) for s in self.of(work, system) if s.status == 0]
        return statistics.median(runs) if runs else None


def measure(cmd: list[str], env: dict | None = None) -> Sample:
    """Run one process to its end: wall time, CPU time and peak memory from its rusage."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Sample(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
                      proc.returncode, out.read().decode(errors="replace"),
                      err.read().decode(errors="replace"))


def gradcli_env(bytecode: bool) -> dict:
    """gradcli's environment: with its bytecode cached, as an installed package has it.

    An editable install under PYTHONDONTWRITEBYTECODE=1 would compile all of gradcli's
    source at every start; the cache lives outside the checkout (PYTHONPYCACHEPREFIX).
    """
    env = dict(os.environ)
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        env["PYTHONPYCACHEPREFIX"] = os.path.join(cache, "gradcli-bench", "pycache")
    return env


def gradcli_command() -> list[str]:
    script = os.path.join(os.path.dirname(sys.executable), "gradcli")
    return [script] if os.path.isfile(script) else [sys.executable, "-m", "gradcli"]


def find_torch(given: str | None) -> str | None:
    """The first candidate Python that can import torch."""
    for candidate in (given,) if given else TORCH_CANDIDATES:
        path = shutil.which(candidate)
        if path and subprocess.run([path, "-c", "import torch"],
                                   capture_output=True).returncode == 0:
            return path
    return None


def commands(work: Work, script: str, torch: str | None) -> dict:
    """The command line of each system for one work ('' program: the generated script)."""
    program = script if not work.program else os.path.join(PROGRAMS, work.program)
    floor = list(work.floor)
    if floor[0].endswith(".py"):
        floor[0] = os.path.join(FLOOR, floor[0])
    if work.key == "parse":
        floor.append(program)
    cmds = {"floor": [sys.executable, *floor]}
    if work.key != "numpy":
        cmds["gradcli"] = gradcli_command() + ["run", program]
        if torch:
            cmds["torch"] = [torch, program]
    return cmds


def run_all(args, torch: str | None, script: str, log: Callable[[str], None]) -> Results:
    results = Results()
    works = [w for w in WORKS if w.key in args.rows]
    envs = {"gradcli": gradcli_env(not args.no_bytecode_cache)}
    # warm the page cache and gradcli's bytecode cache; these runs are not counted
    seed = next(w for w in WORKS if w.key == "seed")
    for system, cmd in commands(seed, script, torch).items():
        measure(cmd, envs.get(system))
    for work in works:
        repeats = args.heavy_runs if work.heavy else args.runs
        if work.key == "chain_1m":
            repeats = args.runs_1m
        cmds = commands(work, script, torch)
        if work.key == "chain_1m" and not args.torch_1m:
            cmds.pop("torch", None)
        log(f"{work.title}: {repeats} run(s) of {', '.join(cmds)}")
        for _ in range(repeats):
            # interleaved, so that the load of a shared machine falls on every system alike
            for system, cmd in cmds.items():
                results.samples.setdefault((work.key, system), []).append(
                    measure(cmd, envs.get(system)))
        if work.key == "parse":
            for _ in range(repeats):
                s = measure([sys.executable, os.path.join(HERE, "parse_compile.py"), script],
                            envs["gradcli"])
                if s.status == 0:
                    results.parse_compile.append(json.loads(s.out))
    return results


# ---- the bars of issue 6 ---------------------------------------------------------------------
def _ratio(r: Results, work: str, system: str, against_work: str, against: str,
           what: str = "wall") -> float | None:
    a, b = r.median(work, system, what), r.median(against_work, against, what)
    return a / b if a is not None and b else None


def _parse_compile(r: Results) -> float | None:
    runs = [p["parse"] + p["compile"] for p in r.parse_compile]
    return statistics.median(runs) if runs else None


def _completes(r: Results) -> float | None:
    """1 when every gradcli run of the 1M chain ended well with the floor's gradient, else 0."""
    runs, floor = r.of("chain_1m", "gradcli"), r.of("chain_1m", "floor")
    if not runs or not floor:
        return None
    want = float(floor[0].out.split()[-1])
    ok = all(s.status == 0 and abs(_tensor_value(s.out.splitlines()[-1]) - want) < 1e-3
             for s in runs)
    return 1.0 if ok else 0.0


def _tensor_value(line: str) -> float:
    """The number in 'tensor(1.1192)'."""
    return float(line.strip().removeprefix("tensor(").rstrip(")").split(",")[0])


@dataclass(frozen=True)
class Bar:
    work: str
    what: str                          # 'wall' | 'rss', or 'check' for a special value
    text: str
    limit: float
    against: tuple[str, str] = ("", "torch")   # (work, system) of the denominator; '' same work
    check: Callable[[Results], float | None] | None = None
    unit: str = ""                     # '' for a ratio

    def value(self, r: Results, what: str | None = None) -> float | None:
        if self.check is not None:
            return self.check(r)
        work, system = self.against
        return _ratio(r, self.work, "gradcli", work or self.work, system, what or self.what)


BARS = (
    Bar("seed", "wall", "time / import numpy <= 1.6", 1.6, against=("numpy", "floor")),
    Bar("seed", "wall", "time / PyTorch <= 0.15", 0.15),
    Bar("seed", "rss", "memory / PyTorch <= 0.30", 0.30),
    Bar("steps", "wall", "time / PyTorch <= 0.6", 0.6),
    Bar("mlp", "wall", "time / PyTorch <= 1.0", 1.0),
    Bar("train", "wall", "time / PyTorch <= 1.2", 1.2),
    Bar("chain", "wall", "time / PyTorch <= 0.6", 0.6),
    Bar("chain", "rss", "memory / PyTorch <= 0.5", 0.5),
    Bar("chain_1m", "check", "backward completes, right gradient", 1.0, check=_completes,
        unit="ok"),
    Bar("parse", "check", "parse + compile in-process <= 1 s", 1.0, check=_parse_compile,
        unit="s"),
)


def _verdict(bar: Bar, value: float | None, text: str | None = None) -> str:
    text = text or bar.text
    if value is None:
        return f"{text}: n/a"
    if bar.unit == "ok":
        return f"{text}: {'PASS' if value >= bar.limit else 'MISS'}"
    shown = f"{value:.2f}{' ' + bar.unit if bar.unit else ''}"
    return f"{text}: {shown} {'PASS' if value <= bar.limit else 'MISS'}"


def _bars(r: Results, work: str, metric: str) -> str:
    """The verdicts shown on one line of the table; CPU time repeats the time bars, as a hint."""
    out = []
    for bar in BARS:
        if bar.work != work:
            continue
        if metric == "time" and bar.what in ("wall", "check"):
            out.append(_verdict(bar, bar.value(r)))
        elif metric == "memory" and bar.what == "rss":
            out.append(_verdict(bar, bar.value(r)))
        elif metric == "cpu" and bar.what == "wall":
            out.append(_verdict(bar, bar.value(r, "cpu"), "(same on CPU time)"))
    return "; ".join(out)


# ---- the table -------------------------------------------------------------------------------
def _time_cell(samples: list) -> str:
    ok = [s.wall for s in samples if s.status == 0]
    if not samples:
        return "-"
    if not ok:
        return f"failed ({samples[0].status})"
    if len(ok) == 1:
        return f"{ok[0]:.3f} s"
    return f"{statistics.median(ok):.3f} s [{min(ok):.3f}-{max(ok):.3f}]"


def _memory_cell(samples: list) -> str:
    ok = [s.rss for s in samples if s.status == 0]
    return f"{statistics.median(ok):.0f} MB" if ok else "-"


def _cpu_cell(samples: list) -> str:
    ok = [s.cpu for s in samples if s.status == 0]
    return f"{statistics.median(ok):.3f} s" if ok else "-"


def _ratio_cell(a: float | None, b: float | None) -> str:
    return f"{a / b:.2f}" if a is not None and b else "-"


def table(r: Results, keys: list[str]) -> list[list[str]]:
    rows = [["work", "metric", "gradcli", "NumPy floor", "PyTorch", "gradcli/floor",
             "gradcli/PyTorch", "bar (issue 6)"]]
    metrics = (("time", _time_cell, "wall"), ("memory", _memory_cell, "rss"),
               ("cpu", _cpu_cell, "cpu"))
    for work in WORKS:
        if work.key not in keys:
            continue
        for metric, cell, what in metrics:
            cells = [cell(r.of(work.key, s)) for s in SYSTEMS]
            g = r.median(work.key, "gradcli", what)
            ratios = [_ratio_cell(g, r.median(work.key, s, what)) for s in ("floor", "torch")]
            rows.append([work.title if metric == "time" else "", metric, *cells, *ratios,
                         _bars(r, work.key, metric)])
    return rows


def render(rows: list[list[str]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        lines.append("| " + " | ".join(c.ljust(w) for c, w in zip(row, widths)) + " |")
        if n == 0:
            lines.append("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def notes(r: Results) -> list[str]:
    out = []
    for work in WORKS:
        g, t = r.of(work.key, "gradcli"), r.of(work.key, "torch")
        for system, samples in (("gradcli", g), ("floor", r.of(work.key, "floor")), ("PyTorch", t)):
            bad = [s for s in samples if s.status != 0]
            if bad:
                last = (bad[0].err.strip().splitlines() or [""])[-1]
                out.append(f"{work.key}: {system} failed with status {bad[0].status}: {last}")
        if g and t and g[0].status == 0 and t[0].status == 0:
            same = g[0].out == t[0].out
            out.append(f"{work.key}: gradcli's output {'equals' if same else 'DIFFERS from'} "
                       f"PyTorch's")
    if r.parse_compile:
        med = {k: statistics.median(p[k] for p in r.parse_compile) for k in r.parse_compile[0]}
        phases = [k for k in med if not k.endswith("_cpu")]
        out.append("parse: in-process, median wall (CPU) seconds: " +
                   ", ".join(f"{k} {med[k]:.3f} ({med[k + '_cpu']:.3f})" for k in phases) +
                   " (bench/parse_compile.py)")
    return out


def machine(torch: str | None) -> list[str]:
    model = "?"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            model = next((ln.split(":", 1)[1].strip() for ln in fh
                          if ln.startswith("model name")), "?")
    except OSError:
        pass
    numpy = subprocess.run([sys.executable, "-c", "import numpy; print(numpy.__version__)"],
                           capture_output=True, text=True).stdout.strip()
    lines = [f"machine: {os.cpu_count()} CPUs ({model}), {platform.system()} "
             f"{platform.release()}",
             f"gradcli: {' '.join(gradcli_command())} (Python {platform.python_version()}, "
             f"NumPy {numpy})"]
    if torch:
        version = subprocess.run([torch, "-c", "import torch, platform; print(torch.__version__, "
                                  "'on Python', platform.python_version())"],
                                 capture_output=True, text=True).stdout.strip()
        lines.append(f"PyTorch: {version} ({torch})")
    else:
        lines.append("PyTorch: not found (its columns and bars are n/a)")
    return lines


def _log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--torch-python", metavar="PATH",
                    help="the Python that has torch (default: $TORCH_PYTHON, "
                         "then python)")
    ap.add_argument("--runs", type=int, default=5, help="runs of the light rows (default 5)")
    ap.add_argument("--heavy-runs", type=int, default=3,
                    help="runs of the heavy rows (default 3)")
    ap.add_argument("--runs-1m", type=int, default=1,
                    help="runs of the 1,000,000-node chain (default 1; 0 skips it)")
    ap.add_argument("--torch-1m", action="store_true",
                    help="also run the 1,000,000-node chain with PyTorch")
    ap.add_argument("--no-bytecode-cache", action="store_true",
                    help="run gradcli in the environment as it is (PYTHONDONTWRITEBYTECODE=1 "
                         "then means compiling gradcli's source at every start)")
    ap.add_argument("--rows", default=",".join(w.key for w in WORKS),
                    help="comma-separated rows to run (default: all): "
                         + ", ".join(w.key for w in WORKS))
    args = ap.parse_args(argv)
    args.rows = [k for k in args.rows.split(",") if k]
    unknown = set(args.rows) - {w.key for w in WORKS}
    if unknown:
        ap.error(f"unknown rows: {', '.join(sorted(unknown))}")
    if args.runs_1m == 0 and "chain_1m" in args.rows:
        args.rows.remove("chain_1m")

    torch = find_torch(args.torch_python)
    started, load = time.perf_counter(), os.getloadavg()
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "parse_10k.grad")
        with open(script, "w", encoding="utf-8") as fh:
            fh.write(gen_script.script(10000))
        results = run_all(args, torch, script, _log)
    print("\n".join(machine(torch)))
    print(f"load average {load[0]:.2f} before, {os.getloadavg()[0]:.2f} after; "
          f"{time.perf_counter() - started:.0f} s in all")
    print()
    print(render(table(results, args.rows)))
    print()
    print("\n".join(notes(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
