"""Hostile and broken input through the real command line: a clean end, in 20 s and 4 GiB.

Every case runs `gradcli run FILE` in a process of its own with 4 GiB of address space, from an
empty working directory that must stay empty. A program error exits 1 with one
`XxxError: message` line and no traceback; exit 3 (an internal error) is always a bug.

The process is a fork of this one that runs the command line's main() as the `gradcli` script
would (gradcli is already imported: no half-second start-up per case); it crashes, runs out of
memory and misses its deadline alone. The cases that depend on how Python starts (the encoding
of the standard streams, the signal handlers) start the installed `gradcli`.
"""
from __future__ import annotations

import gc
import io
import os
import random
import resource
import signal
import subprocess
import sys
import time

import pytest

from gradcli import cli, engine
from gradcli.engine import grad_mode

from ..conftest import as_foreground, gradcli_command, run_cli, subprocess_env
from .outcome import Outcome, describe, problems

ADDRESS_SPACE = 4 << 30
DEADLINE = 20
# seconds from a program's line out to its Ctrl-C, which must find the long call under way: the
# call starts right after the line, but a long call's first steps (checks, copies, its thread)
# do not take a signal, and at 0.1 s `f @ f` stopped 1.6 s after Ctrl-C at load 16
RUNNING = 0.3


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def _at_a_terminal() -> None:
    """Started as a learner starts it from a shell: 4 GiB, and Ctrl-C not ignored."""
    _limit_memory()
    as_foreground()


def run_process(args: list[str], cwd, stdin: bytes = b"", deadline: float = DEADLINE,
                env: dict | None = None) -> Outcome:
    """The installed `gradcli` with these arguments, as a new process."""
    try:
        p = subprocess.run(gradcli_command() + args, input=stdin, capture_output=True,
                           timeout=deadline, preexec_fn=_limit_memory, cwd=cwd,
                           env=env or subprocess_env())
    except subprocess.TimeoutExpired:
        pytest.fail(f"gradcli {' '.join(args)[:80]} gave no answer within {deadline} s")
    return Outcome(p.returncode, p.stdout.decode("utf-8", "replace"),
                   p.stderr.decode("utf-8", "replace"))


def _child(args: list[str], cwd, out: str, err: str) -> None:
    """In the forked process: what cli.entry() does with these arguments, from a fresh engine
    state; a BaseException that escapes main() ends it with exit 3, as an internal error."""
    status = 3
    try:
        _limit_memory()
        os.chdir(cwd)
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 1)
        os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 2)
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
        sys.stdout, sys.stderr = (
            io.TextIOWrapper(io.FileIO(fd, "w", closefd=False), encoding="utf-8",
                             errors="backslashreplace") for fd in (1, 2))
        signal.signal(signal.SIGINT, signal.default_int_handler)
        engine.reset()
        status = cli.main(args, cli.Env(environ=subprocess_env()))
    finally:
        for stream in (sys.stdout, sys.stderr):
            cli._flush(stream)
        os._exit(status)


def fork_process(args: list[str], cwd, folder, deadline: float = DEADLINE) -> Outcome:
    """`gradcli ARGS` in a forked process of its own: its exit status (a signal's number negated,
    as subprocess gives it), standard output and error."""
    out, err = folder / "stdout", folder / "stderr"
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    # the child's collections leave this process's objects alone: walking them would copy their
    # pages (the fork shares them until written), 15 ms a case
    gc.freeze()
    pid = os.fork()
    if pid == 0:
        _child(args, cwd, str(out), str(err))
    gc.unfreeze()
    end = time.monotonic() + deadline
    while (ended := os.waitpid(pid, os.WNOHANG))[0] == 0:
        if time.monotonic() > end:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail(f"gradcli {' '.join(args)[:80]} gave no answer within {deadline} s")
        time.sleep(0.002)
    return Outcome(os.waitstatus_to_exitcode(ended[1]), out.read_text("utf-8", "replace"),
                   err.read_text("utf-8", "replace"))


@pytest.fixture(scope="module", autouse=True)
def _warm() -> None:
    """One program in this process first: the forks inherit what a first run loads (the parse
    tables, the torch namespace), a tenth of a second each would otherwise pay."""
    run_cli(["-e", "import math\ntorch.ones(2).sum()"])


@pytest.fixture
def run_file(tmp_path):
    """`gradcli run FILE` on these bytes, from an empty directory that must stay empty."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()

    def run(data: bytes | str, deadline: float = DEADLINE) -> Outcome:
        path = tmp_path / "prog.grad"
        path.write_bytes(data.encode("utf-8", "surrogatepass") if isinstance(data, str)
                         else data)
        outcome = fork_process(["run", str(path)], cwd, tmp_path, deadline=deadline)
        assert os.listdir(cwd) == [], f"the program wrote {os.listdir(cwd)}"
        return outcome
    return run


def fails_cleanly(outcome: Outcome, line: int | None = None) -> None:
    assert outcome.status == 1, describe(outcome)
    assert problems(outcome) == [], describe(outcome)
    if line is not None:
        assert f"line {line}" in outcome.err, describe(outcome)


# ---- enormous allocations ------------------------------------------------------------------------

@pytest.mark.parametrize("source", [
    "torch.ones(10**6, 10**6)", "torch.zeros(2**40)", "torch.empty(2**62)", "torch.ones(2**64)",
    "torch.randn(10**9)", "torch.rand(2**16, 2**16)", "torch.full((10**5, 10**5), 1.0)",
    "torch.arange(10**12)", "torch.linspace(0, 1, 10**12)", "torch.eye(10**6)",
    "torch.randperm(10**10)", "torch.ones(10**4, 10**4, 10**4)", "torch.tensor([0.0] * 10**10)",
    "torch.ones(10**5).outer(torch.ones(10**5))", "torch.ones(10**5, 1) @ torch.ones(1, 10**5)",
    "torch.ones(10**5, 1) + torch.ones(1, 10**5)", "torch.zeros(2**31, 0).sum(1)",
    "torch.ones(1).expand(10**6, 10**6).clone()", "torch.ones(2, 2).repeat(10**5, 10**5)",
    "torch.ones(1).expand(10**12).sum()",
    "x = torch.ones(1, requires_grad=True)\nx.expand(10**12).sum().backward()",
    "torch.ones(20000).outer(torch.ones(20000))",
    "x = torch.ones(10**4, dtype=torch.float64, requires_grad=True)\n"
    "gradcheck(lambda t: t * 2, (x,))",
    "x = torch.ones(10**6, dtype=torch.float64, requires_grad=True)\n"
    "torch.autograd.gradcheck(lambda t: t.sum(), (x,))",
    "[0] * 10**10", "'a' * 10**12", "[[0] * 10**5] * 10**10", "'ab'.center(10**10)",
    "'{:10000000000}'.format(1)", "f'{1:10000000000}'", "list(range(10**10))",
    "2 ** 10 ** 10", "10 ** 10 ** 10 % 7", "(-3) ** 10 ** 9",
    "pow(2, 10**10)", "x = 2\nx **= 10**10", "import math\nmath.factorial(10**8)",
    "import math\nmath.comb(10**9, 10**8)", "import math\nmath.prod(range(1, 10**6))",
    "round(10**400, -10**10)",
])
def test_enormous_allocation_is_refused(run_file, source):
    fails_cleanly(run_file(source))


def test_at_the_element_cap_answers_in_time(run_file):
    outcome = run_file("print(torch.ones(10**8).sum())")
    assert problems(outcome) == [], describe(outcome)


# ---- deep nesting --------------------------------------------------------------------------------
NESTED = {
    "parentheses": "x = " + "(" * 10_000 + "1" + ")" * 10_000,
    "minus": "x = " + "-" * 100_000 + "1",
    "not": "x = " + "not " * 20_000 + "1",
    "invert": "x = " + "~" * 10_000 + "1",
    "lists": "x = " + "[" * 10_000 + "]" * 10_000,
    "tuples": "x = " + "(1, " * 10_000 + ")" * 10_000,
    "dicts": "x = " + "{1: " * 10_000 + "1" + "}" * 10_000,
    "calls": "x = " + "abs(" * 10_000 + "1" + ")" * 10_000,
    "subscripts": "x = [1]" + "[0]" * 10_000,
    "attributes": "x = torch" + ".nn" * 10_000,
    "power": "x = " + "1 ** " * 10_000 + "1",
    "conditionals": "x = " + "1 if 1 else " * 10_000 + "1",
    "lambdas": "x = " + "lambda: " * 10_000 + "1",
    "f_strings": "x = " + "f'{" * 1_000 + "1" + "}'" * 1_000,
    "blocks": "".join(" " * i + "if 1:\n" for i in range(1_000)) + " " * 1_000 + "pass",
    "loops": "".join(" " * i + "for i in []:\n" for i in range(1_000)) + " " * 1_000 + "pass",
    "defs": "".join(" " * i + f"def f{i}():\n" for i in range(1_000)) + " " * 1_000 + "pass",
}


@pytest.mark.parametrize("source", [
    pytest.param(src, id=name) for name, src in NESTED.items()])
def test_deep_nesting_is_refused(run_file, source):
    fails_cleanly(run_file(source), line=1 if "\n" not in source else None)


@pytest.mark.parametrize("source", [
    pytest.param("x = 1" + " + 1" * 20_000, id="sum_chain"),
    pytest.param("x = [1]\nfor i in range(100_000):\n    x = [x]\nprint(x)", id="nested_data"),
    pytest.param("x = [1]\nfor i in range(100_000):\n    x = [x]\ntorch.tensor(x)",
                 id="nested_data_to_tensor"),
    pytest.param("x = []\nx.append(x)\nprint(x, x == x)", id="self_containing_list"),
])
def test_deep_but_valid_data_ends_cleanly(run_file, source):
    outcome = run_file(source)
    assert problems(outcome) == [], describe(outcome)


# (a tuple hashed, an iterator consumed or freed, nested a million deep: test_nesting.py)


# ---- long lines and files ------------------------------------------------------------------------
MEGABYTE = 1 << 20


@pytest.mark.parametrize("source", [
    pytest.param("x = '" + "a" * MEGABYTE + "'", id="string"),
    pytest.param("x = 1  # " + "a" * MEGABYTE, id="comment"),
    pytest.param("a" * MEGABYTE + " = 1", id="name"),
    pytest.param("x = 1;" * (MEGABYTE // 6), id="statements"),
    pytest.param("x = [" + "1," * (MEGABYTE // 2) + "]", id="list"),
    pytest.param("print(" + "1," * (MEGABYTE // 2) + ")", id="arguments"),
    pytest.param("x = " + "9" * MEGABYTE, id="number"),
])
def test_megabyte_line_is_refused(run_file, source):
    fails_cleanly(run_file(source), line=1)


# long enough that work quadratic in the lines would miss the deadline many times over
LINES = 25_000


@pytest.mark.parametrize("source", [
    pytest.param("x = 1\n" * LINES, id="statements"),
    pytest.param("x = [\n" + "1,\n" * LINES + "]\n", id="list_items"),
    pytest.param("print(\n" + "1,\n" * LINES + ")\n", id="arguments"),
    pytest.param("# a comment line\n" * LINES + "print(1)\n", id="comments"),
    pytest.param("\n" * 2 * LINES + "print(1)\n", id="blank_lines"),
])
def test_long_file_ends_cleanly_in_time(run_file, source):
    outcome = run_file(source)
    assert problems(outcome) == [], describe(outcome)


# ---- runaway recursion ---------------------------------------------------------------------------
@pytest.mark.parametrize("source", [
    "def f(x): return f(x)\nf(1)",
    "def f(x): return f(x + 1)\nf(torch.ones(2, requires_grad=True))",
    "def f(): return g()\ndef g(): return f()\nf()",
    "f = lambda x: f([x])\nf(1)",
    "def f(x): return sorted([x], key=f)\nf(1)",
    "def f(x): return [f(y) for y in [x, x]]\nf(1)",
    "def f(n):\n    with torch.no_grad():\n        return f(n + 1)\nf(0)",
])
def test_runaway_recursion_is_refused(run_file, source):
    outcome = run_file(source)
    fails_cleanly(outcome)
    assert outcome.last_line.startswith("RecursionError: "), describe(outcome)


# ---- bad bytes -----------------------------------------------------------------------------------
@pytest.mark.parametrize("data, line", [
    pytest.param(b"x = 1\ny = 2\nz = '\xff'\n", 3, id="invalid_utf8"),
    pytest.param(b"x = 1\n\xc3\x28\n", 2, id="truncated_sequence"),
    pytest.param(b"x = '\xc0\xaf'\n", 1, id="overlong_encoding"),
    pytest.param(b"x = 1\n# \xed\xa0\x80\n", 2, id="encoded_surrogate"),
    pytest.param(b"x = 1\ny = 2\x00\n", 2, id="nul_byte"),
    pytest.param(b"\xff\xfe" + "x = 1\n".encode("utf-16-le"), 1, id="utf16"),
    pytest.param(b"\x7fELF\x02\x01\x01\x00" + bytes(64), 1, id="elf_header"),
    pytest.param(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", 1, id="png_header"),
    pytest.param("x = '\\N{no such name}'", 1, id="unknown_escape_name"),
    pytest.param("x = '\\x4'", 1, id="truncated_escape"),
    pytest.param("x = 1\ny = '\\u12'", 2, id="truncated_unicode_escape"),
    pytest.param("x = '\\N'", 1, id="malformed_N_escape"),
    pytest.param("x = 1_0" * 3000, 1, id="long_underscored_number"),
])
def test_bad_bytes_name_the_line(run_file, data, line):
    fails_cleanly(run_file(data), line=line)


@pytest.mark.parametrize("seed", range(4))
def test_random_bytes_fail_cleanly(run_file, seed):
    rng = random.Random(seed)
    fails_cleanly(run_file(bytes(rng.randrange(256) for _ in range(4096))))


@pytest.mark.parametrize("data", [
    pytest.param(b"\xef\xbb\xbfprint(1)\n", id="bom"),
    pytest.param(b"print(1)\r\nprint(1)\r\n", id="crlf"),
    pytest.param(b"print(1)\rprint(1)\r", id="cr"),
    pytest.param(b"\x0cprint(1)\n", id="form_feed"),
    pytest.param("é = 1\nprint(é)\n".encode(), id="unicode_name"),
])
def test_unusual_but_valid_text_runs(run_file, data):
    outcome = run_file(data)
    assert (outcome.status, set(outcome.out.split())) == (0, {"1"}), describe(outcome)


@pytest.mark.parametrize("separator", ["\u2028", "\x1c", "\x85", "\x0b"])
def test_unicode_line_separator_in_a_string_keeps_line_numbers(run_file, separator):
    outcome = run_file(f"a = '{separator}'\nb = missing\n")
    fails_cleanly(outcome, line=2)
    assert "    b = missing\n" in outcome.err, describe(outcome)


@pytest.mark.parametrize("args", [pytest.param([], id="echo"),
                                  pytest.param(["run", "-"], id="run_stdin")])
def test_invalid_utf8_on_stdin_names_the_line(tmp_path, args):
    env = dict(subprocess_env(), PYTHONIOENCODING="utf-8")
    outcome = run_process(args, tmp_path, stdin=b"x = 1\ny = '\xff'\n", env=env)
    fails_cleanly(outcome, line=2)
    assert "UTF-8" in outcome.last_line or "utf-8" in outcome.last_line, describe(outcome)


def test_surrogate_in_eval_code_fails_cleanly(tmp_path):
    outcome = run_process(["-e", "x = '\udcff'"], tmp_path,
                          env=dict(subprocess_env(), PYTHONIOENCODING="utf-8:surrogateescape"))
    fails_cleanly(outcome, line=1)


# ---- indentation ---------------------------------------------------------------------------------
TAB_ERROR = "TabError: inconsistent use of tabs and spaces in indentation"


@pytest.mark.parametrize("source, line", [
    ("if 1:\n\tx = 1\n        y = 2\n", 3),
    ("if 1:\n        x = 1\n\ty = 2\n", 3),
    ("if 1:\n \tx = 1\n\t y = 2\n", 3),
    ("if 1:\n    if 1:\n\tx = 1\n", 3),
    ("x = 0\nif 1:\n  x = 1\n\ty = 2\n", 4),
])
def test_mixed_tabs_and_spaces_are_a_tab_error(run_file, source, line):
    outcome = run_file(source)
    fails_cleanly(outcome, line=line)
    assert outcome.last_line == TAB_ERROR, describe(outcome)


@pytest.mark.parametrize("source", [
    "if 1:\n\tx = 1\n\tprint(x)\n",
    "if 1:\n\tif 1:\n\t    print(1)\n",
])
def test_consistent_tabs_are_fine(run_file, source):
    outcome = run_file(source)
    assert (outcome.status, outcome.out) == (0, "1\n"), describe(outcome)


@pytest.mark.parametrize("source, line", [
    ("  x = 1\n", 1), ("if 1:\nprint(1)\n", 2), ("if 1:\n    x = 1\n  y = 2\n", 3),
    ("x = 1\n    y = 2\n", 2), ("def f():\n", 1),
])
def test_bad_indentation_names_the_line(run_file, source, line):
    outcome = run_file(source)
    fails_cleanly(outcome, line=line)
    assert outcome.last_line.split(":")[0] in ("IndentationError", "SyntaxError"), \
        describe(outcome)


# ---- odd files -----------------------------------------------------------------------------------
def test_directory_is_refused_in_one_line(tmp_path):
    outcome = fork_process(["run", str(tmp_path)], tmp_path, tmp_path)
    assert outcome.status not in (0, 3), describe(outcome)
    assert problems(outcome, allowed=(1, 2)) == [], describe(outcome)
    assert len(outcome.err.strip().splitlines()) == 1, describe(outcome)


@pytest.mark.parametrize("data", [b"", b"\n\n\n", b"   \n\t\n", b"# only a comment",
                                  b"\xef\xbb\xbf"])
def test_empty_program_succeeds_silently(run_file, data):
    outcome = run_file(data)
    assert (outcome.status, outcome.out, outcome.err) == (0, "", ""), describe(outcome)


# ---- interrupts ----------------------------------------------------------------------------------
@pytest.mark.parametrize("loop", [
    "while True:\n    pass\n",
    "with torch.no_grad():\n    while True:\n        x = torch.ones(2) * 2\n",
    "def f():\n    while True:\n        pass\nf()\n",
])
def test_interrupt_exits_130_without_traceback(tmp_path, loop):
    path = tmp_path / "loop.grad"
    path.write_text("print('ready')\n" + loop)
    env = dict(subprocess_env(), PYTHONUNBUFFERED="1")
    p = subprocess.Popen(gradcli_command() + ["run", str(path)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env, preexec_fn=_at_a_terminal)
    try:
        assert p.stdout.readline() == b"ready\n"
        time.sleep(RUNNING)
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=DEADLINE)
    finally:
        p.kill()
        p.wait()
    outcome = Outcome(p.returncode, out.decode(), err.decode())
    assert outcome.status == 130, describe(outcome)
    assert outcome.last_line == "KeyboardInterrupt", describe(outcome)
    assert problems(outcome, allowed=(130,)) == [], describe(outcome)


# Long single calls that loop in C: Python takes a signal only between its instructions. One per
# kind: the builtins' C loops over an iterable (stepwise), a sum whose items cost more and more,
# and NumPy's long loops (an int64 product, which has no BLAS path; a BLAS product; a sort),
# which run on a worker thread, in the NumPy facade (an int64 product of 1000 x 1000 arrays,
# 2 s, first: a stopped call's worker runs on in the background) and in the engine (the sort
# last: its stopped worker would run on for 5 s of CPU, which the program's end cuts short)
LONG_CALLS = [
    "ni @ ni", "sum(range(10**18))", "max(range(10**18))", "all(range(1, 10**18))",
    "-1 in map(abs, range(10**18))", "sum([[0] * 100] * 100000, [])",
    "i @ i", "f @ f", "r.sort()",
]
LONG_SETUP = ("i = torch.ones(2000, 2000, dtype=torch.int64)\nr = torch.rand(2 * 10**7)\n"
              "f = torch.ones(5000, 5000)\nni = i.numpy()[:1000, :1000].copy()\n")


def _line(p: subprocess.Popen, timeout: float) -> bytes:
    """The process's next line of output; b"" if none comes within `timeout` seconds."""
    import select
    ready, _, _ = select.select([p.stdout], [], [], timeout)
    return p.stdout.readline() if ready else b""


def test_interrupt_stops_each_long_call_at_once(tmp_path):
    """Each call but the last catches its KeyboardInterrupt and says so; the last ends the
    program with exit 130. Each must end within about a second of Ctrl-C."""
    program = LONG_SETUP + "".join(
        f"try:\n    print('go', flush=True)\n    {call}\nexcept KeyboardInterrupt:\n"
        f"    print('stopped', flush=True)\n" for call in LONG_CALLS[:-1])
    path = tmp_path / "long.grad"
    path.write_text(program + f"print('go', flush=True)\n{LONG_CALLS[-1]}\n")
    # unbuffered: a line read must not take the next one into a buffer select() cannot see
    p = subprocess.Popen(gradcli_command() + ["run", str(path)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=subprocess_env(), preexec_fn=_at_a_terminal,
                         bufsize=0)
    late = []
    try:
        for call in LONG_CALLS:
            assert _line(p, DEADLINE) == b"go\n", call
            time.sleep(RUNNING)
            p.send_signal(signal.SIGINT)
            signalled = time.monotonic()
            if call is not LONG_CALLS[-1]:
                assert _line(p, DEADLINE) == b"stopped\n", call
            else:
                p.wait(timeout=DEADLINE)
            if time.monotonic() - signalled > 1.5:
                late.append((call, round(time.monotonic() - signalled, 1)))
        out, err = p.communicate(timeout=DEADLINE)
    finally:
        p.kill()
        p.wait()
    assert (p.returncode, err.decode(), late) == (130, "KeyboardInterrupt\n", [])


# ---- nothing lost: grad mode after an error (in-process, where the state would linger) ----------
@pytest.mark.parametrize("source", [
    "with torch.no_grad():\n    1 / 0\n",
    "with torch.no_grad():\n    with torch.enable_grad():\n        with torch.no_grad():\n"
    "            torch.ones(2).nope\n",
    "def f(n):\n    with torch.no_grad():\n        return f(n + 1)\nf(0)\n",
    "with torch.set_grad_enabled(False):\n    sorted([1, 2], key=lambda v: v.nope)\n",
])
def test_error_inside_no_grad_restores_grad_mode(tmp_path, source):
    path = tmp_path / "prog.grad"
    path.write_text(source)
    result = run_cli(["run", str(path)])
    assert result.status == 1, result.err
    assert grad_mode.is_grad_enabled()
