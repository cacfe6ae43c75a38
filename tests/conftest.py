"""Shared helpers: run a program in-process, as `gradcli run` would, from a fresh state."""
from __future__ import annotations

import io
import os
import re
import signal
import sys
from pathlib import Path

import pytest

# Bytecode beside the sources (__pycache__, which git ignores), even where the environment sets
# PYTHONDONTWRITEBYTECODE (this one does): else every process of a run compiles gradcli anew and
# pytest rewrites every test module anew, 2 s of CPU in each xdist worker and 0.8 s in the first
# gradcli process each worker starts. Now this process compiles gradcli for the workers and the
# processes tests start, and a second run compiles nothing.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from gradcli import engine  # noqa: E402  (compiled as set above)
from gradcli.cli import Env, main  # noqa: E402
from gradcli.interpret import Interpreter  # noqa: E402
from gradcli.tools import program_tools  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ADDR = re.compile(r"0x[0-9a-fA-F]+")
# the recorded corpus: thousands of data files and no test module, which collection need not walk
collect_ignore = ["conformance"]


class Result:
    def __init__(self, status: int, out: str, err: str) -> None:
        self.status, self.out, self.err = status, out, err

    @property
    def error_line(self) -> str:
        """The last `SomeError: message` line of stderr."""
        lines = [ln for ln in self.err.splitlines() if re.match(r"^\w+: ", ln)]
        return lines[-1] if lines else ""


def run_cli(argv: list[str], stdin: str = "") -> Result:
    """The CLI in this process, from a fresh engine state (as a new process would start)."""
    engine.reset()
    out, err = io.StringIO(), io.StringIO()
    env = Env(stdin=io.StringIO(stdin), stdout=out, stderr=err,
              environ={"NO_COLOR": "1", "TERM": "dumb"})
    status = main(argv, env)
    return Result(status, out.getvalue(), err.getvalue())


def interpreter(out, **options) -> Interpreter:
    """An interpreter writing text to `out`, given graph, explain and gradcheck as the command
    line gives them."""
    made = Interpreter(out, tools=program_tools(out, lambda: made.globals), **options)
    return made


def run_source(source: str, tmp_path: Path, name: str = "prog.grad") -> Result:
    path = tmp_path / name
    path.unlink(missing_ok=True)   # not truncated: ext4 would flush it to the disk when closed
    path.write_text(source)
    return run_cli(["run", str(path)])


def fold_addresses(text: str) -> str:
    return ADDR.sub("0xADDR", text)


@pytest.fixture
def run(tmp_path):
    return lambda source: run_source(source, tmp_path)


def pytest_configure(config) -> None:
    """A whole run (no tests named) spreads its files over the machine's cores when
    pytest-xdist is there (the test extra installs it): the suite is CPU-bound, and two workers
    halve it on two cores. Each file runs whole in one worker and in its own order (test_rules
    checks, after its cases, that they walked every row). Tests named on the command line, -n,
    --pdb or -p no:xdist run in this process."""
    plugins = config.pluginmanager
    if not plugins.hasplugin("xdist.plugin") or plugins.is_blocked("xdist") \
            or hasattr(config, "workerinput") \
            or config.args_source is not pytest.Config.ArgsSource.TESTPATHS \
            or config.option.numprocesses is not None or config.option.collectonly \
            or config.option.usepdb or (os.cpu_count() or 1) < 2:
        return
    config.option.numprocesses = os.cpu_count()
    config.option.dist = "loadfile"
    config.option.loadscopereorder = False   # the workers order the files: see below
    config.option.tx = ["popen"] * config.option.numprocesses


# The files that take longest, longest first (from ~28 s of CPU down to ~1 s, at b0b5bc3).
# xdist hands out whole files in the order the workers collected them, by default the files with
# the most tests first: test_tables (3 tests, 7 s), test_differential and test_pty came last, and
# one worker ran them while the other had nothing left. Handed out longest first, the many short
# files fill the gap (the two workers now finish within a second of each other).
LONGEST = ("test_conformance.py", "security/test_hostile.py", "syntax/test_tables.py",
           "repl/test_commands_after_errors.py", "security/test_reachable.py", "repl/test_pty.py",
           "engine/kernels/test_random.py", "fuzz/test_fuzz.py", "security/test_nesting.py",
           "security/test_sandbox.py", "fuzz/test_differential.py", "cli/test_cli.py",
           "repl/test_pty_layout.py", "syntax/test_parser.py", "engine/test_rules.py",
           "engine/test_gradients.py", "fuzz/test_arguments.py", "engine/test_deep_graph.py",
           "engine/kernels/test_reduction.py")


def pytest_collection_modifyitems(config, items) -> None:
    """In an xdist worker: the files in LONGEST first, in its order, then the others, most tests
    first (xdist's own order); each file's tests stay in theirs."""
    if not hasattr(config, "workerinput"):
        return
    rank = {name: i for i, name in enumerate(LONGEST)}
    files: dict[str, list] = {}
    for item in items:
        files.setdefault(item.nodeid.split("::")[0], []).append(item)
    order = sorted(files, key=lambda f: (rank.get(f.removeprefix("tests/"), len(rank)),
                                         -len(files[f])))
    items[:] = [item for f in order for item in files[f]]


def gradcli_command() -> list[str]:
    """How to start gradcli as a process: the installed script beside this Python, else -m."""
    script = Path(sys.executable).with_name("gradcli")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "gradcli"]


def as_foreground() -> None:
    """In a child before it starts gradcli: SIGINT at its default disposition, as a shell starts
    a foreground job. A suite started with SIGINT ignored (a background job of a shell without
    job control, or nohup) hands that on through exec, and a Python started so keeps ignoring
    it: Ctrl-C would never become KeyboardInterrupt, which the tests that press it wait for."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def subprocess_env() -> dict:
    return dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="80")
