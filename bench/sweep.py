"""Time each differentiable op in a 20,000-step chain on a 2x2 tensor, then one backward, in
gradcli and in PyTorch (whole processes); print the ratios and their geometric mean (issue 15).

Each op is one row of OPS: the input and the step `y = STEP`, which keeps the values bounded over
the chain (a few ops carry a cheap companion, such as `* 0.5`, for that; PyTorch pays it too).
The program printed for a row (`--show NAME`) runs as it is in both.
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time

from run import find_torch, gradcli_command, gradcli_env, measure

STEPS = 20000
ANY = "[[0.5, -0.3], [0.2, 0.8]]"
POSITIVE = "[[0.5, 0.3], [0.2, 0.8]]"
# name           input     step (y is the running value)
OPS = [
    ("sin",          ANY,      "torch.sin(y)"),
    ("cos",          ANY,      "torch.cos(y)"),
    ("tanh",         ANY,      "torch.tanh(y)"),
    ("sigmoid",      ANY,      "torch.sigmoid(y)"),
    ("atan",         ANY,      "torch.atan(y)"),
    ("sqrt",         POSITIVE, "torch.sqrt(y)"),
    ("exp(-y)",      ANY,      "torch.exp(-y)"),
    ("log(y + 2)",   POSITIVE, "torch.log(y + 2)"),
    ("abs",          ANY,      "torch.abs(y)"),
    ("relu",         ANY,      "F.relu(y)"),
    ("gelu",         ANY,      "F.gelu(y)"),
    ("silu",         ANY,      "F.silu(y)"),
    ("softplus",     ANY,      "F.softplus(y)"),
    ("leaky_relu",   ANY,      "F.leaky_relu(y, 0.1)"),
    ("elu",          ANY,      "F.elu(y)"),
    ("pow",          ANY,      "y ** 2"),
    ("clamp",        ANY,      "torch.clamp(y, -0.4, 0.6)"),
    ("where",        ANY,      "torch.where(y > 0, y, -y)"),
    ("softmax",      ANY,      "F.softmax(y, dim=1)"),
    ("log_softmax",  ANY,      "F.log_softmax(y, dim=1)"),
    ("sum()",        ANY,      "y - y.sum() * 0.25"),
    ("sum(dim)",     ANY,      "y - y.sum(1, keepdim=True) * 0.5"),
    ("mean(dim)",    ANY,      "y - y.mean(0, keepdim=True)"),
    ("max(dim)",     ANY,      "y - torch.max(y, 1, keepdim=True)[0] * 0.5"),
    ("indexing",     ANY,      "y[[1, 0]]"),
    ("cat",          ANY,      "torch.cat([y[:, 1:], y[:, :1]], 1)"),
    ("matmul",       ANY,      "y @ w"),
    ("linear",       ANY,      "F.linear(y, w, b)"),
    ("mse_loss",     ANY,      "y * 0.5 + F.mse_loss(y, t) * 0.1"),
    ("norm",         ANY,      "y / (y.norm() + 1)"),
]
BARS = {"geometric mean": 0.5, "each op": 0.8}
# PyTorch on one thread, as the conformance cases are recorded: a 2x2 op runs on one thread
# anyway, and its idle OpenMP threads would spin against the load of a shared machine
TORCH_ENV = dict(os.environ, OMP_NUM_THREADS="1")


def program(x: str, step: str, steps: int = STEPS) -> str:
    """The chain as a program that gradcli and PyTorch both run."""
    return (f"import torch\n"
            f"import torch.nn.functional as F\n"
            f"x = torch.tensor({x}, requires_grad=True)\n"
            f"w = torch.tensor([[0.6, -0.5], [0.5, 0.6]])\n"
            f"b = torch.tensor([0.1, -0.1])\n"
            f"t = torch.tensor([[0.3, 0.1], [-0.2, 0.4]])\n"
            f"y = x\n"
            f"for _ in range({steps}):\n"
            f"    y = {step}\n"
            f"y.sum().backward()\n"
            f"print(x.grad)\n")


def run_sweep(ops: list, torch: str, runs: int, log) -> dict:
    """name -> (gradcli samples, PyTorch samples), runs interleaved."""
    env = gradcli_env(True)
    found = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, x, step in ops:
            path = os.path.join(tmp, "chain.grad")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(program(x, step))
            mine, theirs = [], []
            for _ in range(runs):
                mine.append(measure(gradcli_command() + ["run", path], env))
                theirs.append(measure([torch, path], TORCH_ENV))
            found[name] = (mine, theirs)
            log(f"{name}: {statistics.median(s.wall for s in mine):.2f} s / "
                f"{statistics.median(s.wall for s in theirs):.2f} s")
    return found


def _verdict(what: str, ratios: list) -> str:
    mean, worst = math.exp(statistics.mean(math.log(r) for r in ratios)), max(ratios)
    return (f"{what}: geometric mean {mean:.2f} (bar <= {BARS['geometric mean']}: "
            f"{'PASS' if mean <= BARS['geometric mean'] else 'MISS'}); highest {worst:.2f} "
            f"(bar <= {BARS['each op']}: {'PASS' if worst <= BARS['each op'] else 'MISS'})")


def report(found: dict) -> list[str]:
    """The table: wall time (the bars), and CPU time, which a loaded machine disturbs less."""
    lines = ["| op | gradcli | PyTorch | gradcli/PyTorch | cpu: gradcli/PyTorch | same output |",
             "|---|---|---|---|---|---|"]
    walls, cpus = [], []
    for name, (mine, theirs) in found.items():
        a, b = (statistics.median(s.wall for s in runs) for runs in (mine, theirs))
        walls.append(a / b)
        cpus.append(statistics.median(s.cpu for s in mine) /
                    statistics.median(s.cpu for s in theirs))
        ok = all(s.status == 0 for s in mine + theirs)
        same = "yes" if ok and mine[0].out == theirs[0].out else ("FAILED" if not ok else "no")
        lines.append(f"| {name} | {a:.2f} s | {b:.2f} s | {walls[-1]:.2f} | {cpus[-1]:.2f} "
                     f"| {same} |")
    return lines + ["", _verdict("time", walls), _verdict("cpu", cpus)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--torch-python", metavar="PATH",
                    help="the Python that has torch (default: $TORCH_PYTHON, then python)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each op (default 3)")
    ap.add_argument("--ops", help="comma-separated op names (default: all)")
    ap.add_argument("--show", metavar="NAME", help="print the program of one op and stop")
    args = ap.parse_args(argv)
    by_name = {name: (name, x, step) for name, x, step in OPS}
    if args.show:
        _, x, step = by_name[args.show]
        print(program(x, step), end="")
        return 0
    ops = [by_name[n] for n in args.ops.split(",")] if args.ops else OPS
    torch = find_torch(args.torch_python)
    if torch is None:
        print("PyTorch not found: give --torch-python", file=sys.stderr)
        return 2
    started, load = time.perf_counter(), os.getloadavg()
    found = run_sweep(ops, torch, args.runs, lambda text: print(text, file=sys.stderr,
                                                                 flush=True))
    print(f"load average {load[0]:.2f} before, {os.getloadavg()[0]:.2f} after; "
          f"{time.perf_counter() - started:.0f} s in all")
    print("\n".join(report(found)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
