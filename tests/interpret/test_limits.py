"""Resource bounds: each is one clear error from the program, never a crash or a hang."""
from __future__ import annotations

import pytest

from ..conftest import run_cli

LIMITS = [
    ("torch.ones(10**6, 10**6)", "RuntimeError: a tensor of shape [1000000, 1000000] would have "
     "1000000000000 elements, more than gradcli's limit of 100000000"),
    ("torch.arange(10**10)", "RuntimeError: a tensor of shape [10000000000] would have"),
    ("torch.ones(-1)", "RuntimeError: Trying to create tensor with negative dimension -1: [-1]"),
    ("[0] * 10**10", "MemoryError: a list of 10000000000 items is more than gradcli's limit"),
    ("10**12 * 'a'", "MemoryError: a str of 1000000000000 items"),
    ("2 ** 10 ** 10", "OverflowError: integer power too large for gradcli"),
    ("def f(x):\n    return f(x)\nf(1)", "RecursionError: maximum recursion depth exceeded"),
    ("x = " + "-" * 5000 + "1", "SyntaxError: too deeply nested (more than 100 levels)"),
    ("x = " + "[" * 150 + "]" * 150, "SyntaxError: too deeply nested (more than 100 levels)"),
    ("if True:\n\tx = 1\n        y = 2", "TabError: inconsistent use of tabs and spaces in "
     "indentation"),
]


@pytest.mark.parametrize("source, error", LIMITS, ids=[e.split(":")[0] + str(i)
                                                        for i, (_, e) in enumerate(LIMITS)])
def test_limit_is_a_clear_error(source, error):
    r = run_cli(["-e", source])
    assert r.status == 1
    assert r.error_line.startswith(error), r.err
    assert "Traceback" not in r.err


def test_state_survives_a_limit_error_in_nested_compilation():
    # the nesting counter must not leak between programs run by one interpreter
    from gradcli.interpret import Interpreter
    from gradcli.errors import ProgramSyntaxError
    out = []
    it = Interpreter(out.append, echo=True)
    with pytest.raises(ProgramSyntaxError):
        it.run_source("x = " + "-" * 500 + "1")
    it.run_source("y = " + "-" * 90 + "1\ny")
    assert out == ["1\n"]


@pytest.mark.parametrize("argv, environ_value, ok", [
    (["--max-elements", "10"], None, False),
    ([], "10", False),
    (["--max-elements", "1000"], "10", True),
    ([], None, True),
])
def test_the_element_limit_can_be_changed(argv, environ_value, ok, monkeypatch):
    import io
    from gradcli import engine
    from gradcli.cli import Env, main
    engine.reset()
    environ = {"GRADCLI_MAX_ELEMENTS": environ_value} if environ_value else {}
    err = io.StringIO()
    status = main(argv + ["-e", "x = torch.ones(100)"],
                  Env(stdout=io.StringIO(), stderr=err, environ=environ))
    assert (status == 0) == ok, err.getvalue()


def test_a_bare_memory_error_says_what_happened():
    # a failed allocation inside NumPy or Python raises MemoryError with no text at all
    from gradcli.errors import ProgramError
    headline = ProgramError(MemoryError()).headline
    assert headline.startswith("MemoryError: the system refused memory this program needed")
    assert ProgramError(MemoryError("a list of 10 items")).headline == \
        "MemoryError: a list of 10 items"


@pytest.mark.parametrize("levels, refused", [(999, False), (1000, True)])
def test_hashing_refuses_tuples_nested_past_the_limit(levels, refused):
    from gradcli.interpret import builtins as B
    # shared halves: 2**levels paths, one tuple per level; measured once each, at once
    a = (1,)
    for _ in range(levels):
        a = (a, a)
    if refused:
        with pytest.raises(RecursionError, match="while hashing a tuple"):
            B.key(a)
    else:
        assert B.key(a) is a


# ---- sizes one operation builds, refused before they are built ----------------------------
# (each ran, before, until the system refused gigabytes, or built them)
TOO_LONG = "MemoryError: a str of 1000000000 items is more than gradcli's limit of 100000000"
BUILT = [
    ("s = 'a'\ns *= 10**9", TOO_LONG),
    ("s = [0]\ns *= 10**9", "MemoryError: a list of 1000000000 items is more than gradcli's"),
    ("'a'.ljust(10**9)", TOO_LONG),
    ("'a'.rjust(10**9, '*')", TOO_LONG),
    ("'a'.center(10**9)", TOO_LONG),
    ("'1'.zfill(10**9)", TOO_LONG),
    ("'%*d' % (10**9, 1)", TOO_LONG),
    ("'%.*f' % (10**9, 1.0)", TOO_LONG),
    ("'%1000000000s' % 'a'", TOO_LONG),
    ("s = '%(x)1000000000d'\ns %= {'x': 1}", TOO_LONG),
    ("f'{1:>1000000000}'", TOO_LONG),
    ("w = 10**9\nf'{1:{w}}'", TOO_LONG),
    ("f'{1.5:.1000000000f}'", TOO_LONG),
    ("format(1, '1000000000')", TOO_LONG),
    ("'{:1000000000}'.format(1)", TOO_LONG),
    ("list(range(10**9))", "MemoryError: a list of 1000000000 items is more than gradcli's"),
    ("sorted(range(10**9))", "MemoryError: a list of 1000000000 items is more than gradcli's"),
    ("tuple(range(2, 10**9))", "MemoryError: a tuple of 999999998 items is more than gradcli's"),
    ("(7 ** 300000) ** 4096", "OverflowError: integer power too large for gradcli"),
    ("x = 3 ** 400000\nx = x * x", "OverflowError: integer multiplication too large for gradcli"),
    ("x = 3 ** 400000\nx *= x", "OverflowError: integer multiplication too large for gradcli"),
]


@pytest.mark.parametrize("source, error", BUILT)
def test_what_one_operation_builds_is_bounded_first(source, error):
    r = run_cli(["-e", source])
    assert (r.status, r.error_line[:len(error)]) == (1, error), r.err


@pytest.mark.parametrize("source", [
    "'%5d|%-4s|%.2f|%%|%*d|%(a)s' % (1, 'x', 2.5, 3, 4)" if False else
    "print('%5d|%-4s|%.2f|%%|%*d' % (1, 'x', 2.5, 3, 4), '%(a)3s' % {'a': 1})",
    "print(f'{3:>6}|{2.5:08.3f}|{7:,}|{1:{5}}', format(4, '>3'), '{:^5}'.format(1))",
    "print('ab'.ljust(4, '.'), 'ab'.center(6), '7'.zfill(3), 'a'.rjust(2))",
    "s = 'ab'\ns *= 2\nl = [1]\nl *= 3\nprint(s, l, (2 ** 100) * 3, 3 ** 4096 > 0)",
    # long chains are one level of nesting, as in Python: a thousand elifs, terms, operators
    "x = 500\nif x == 0:\n    y = 0\n" + "".join(f"elif x == {i}:\n    y = {i}\n"
                                              for i in range(1, 1000)) + "print(y)",
    "def g(x):\n    if x == 0:\n        yield 0\n" + "".join(
        f"    elif x == {i}:\n        yield {i}\n" for i in range(1, 200)) + "print(list(g(150)))",
    "print(" + " + ".join(["1"] * 1000) + ", " + " - 2 * ".join(["7"] * 1000) + ")",
    "t = 'ab'\nprint(len(t" + " + t" * 1000 + "), 3 " + " ** 1 - 1" * 1000 + ")",
    # the builtins that take their iterable item by item (Ctrl-C): the same results
    "print(sum([[1]] * 3, []), sum(range(5), 2), max(iter([3, 1])), min([], default=7),\n"
    "      2 in map(abs, [-2]), 5 in filter(None, [1]), sorted(map(abs, [-3, 1]), reverse=True),\n"
    "      list(zip('ab', range(9))), tuple(range(3)), set(map(abs, [-1, 1])), all(iter([])),\n"
    "      any(x > 1 for x in [1, 2]), dict(zip('ab', 'cd')), frozenset(range(2)))",
])
def test_sizes_within_the_limits_format_as_python(source):
    import contextlib
    import io
    expected = io.StringIO()
    with contextlib.redirect_stdout(expected):
        exec(source, {})
    r = run_cli(["-e", source])
    assert (r.status, r.out) == (0, expected.getvalue()), r.err


SMALL = ["--max-elements", "1000"]
# source, the result's shape, the rows whose computation must not start ((module, name) of the
# op table; before, each computed its result and the dispatcher refused it afterwards)
PRECHECKED = [
    ("import torch.nn.functional as F\nF.one_hot(torch.arange(100))", "100, 100", ()),
    ("torch.ones(30, 30).nonzero()", "900, 2", ()),
    ("torch.randperm(2000)", "2000", ()),
    ("torch.diag(torch.ones(100))", "100, 100", (("indexing", "DIAG_EMBED"),)),
    ("torch.lerp(torch.ones(100, 1), torch.ones(1, 100), 0.5)", "100, 100",
     (("pointwise", "LERP"),)),
    ("torch.ones(100, 1).lerp(torch.ones(1, 100), torch.ones(1))", "100, 100",
     (("pointwise", "LERP_TENSOR"),)),
]


@pytest.mark.parametrize("source, shape, rows", PRECHECKED)
def test_results_are_measured_before_they_are_computed(source, shape, rows, monkeypatch):
    import dataclasses
    import importlib

    def computed(*args, **kwargs):
        raise AssertionError("computed before the limit was checked")
    for module, name in rows:
        ops = importlib.import_module(f"gradcli.engine.ops.{module}")
        monkeypatch.setattr(ops, name, dataclasses.replace(getattr(ops, name), forward=computed))
    r = run_cli(SMALL + ["-e", source])
    n = eval(shape.replace(", ", "*"))
    assert (r.status, r.error_line) == (
        1, f"RuntimeError: a tensor of shape [{shape}] would have {n} elements, more than "
           f"gradcli's limit of 1000 (--max-elements or GRADCLI_MAX_ELEMENTS change it)"), r.err


@pytest.mark.parametrize("source, n", [
    ("torch.ones(0, 100).unbind(1)", 100), ("list(torch.ones(100, 0))", 100),
    ("torch.ones(0, 100).split(1, 1)", 100), ("torch.ones(0, 100).chunk(100, 1)", 100),
    ("torch.ones(0).chunk(100)", 100),
])
def test_empty_tensors_cannot_make_countless_tensors(source, n):
    r = run_cli(SMALL + ["-e", source])
    assert (r.status, r.error_line) == (
        1, f"RuntimeError: {n} tensors from one call are more than gradcli's limit of 15 "
           f"(--max-elements or GRADCLI_MAX_ELEMENTS change it)"), r.err


def test_an_empty_triangle_allocates_nothing():
    import tracemalloc
    tracemalloc.start()
    try:
        r = run_cli(["-e", "x = torch.ones(0, 10**7)\ny = x.tril()\nz = x.triu(1)"])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert r.status == 0 and peak < 10**6, (r.err, peak)


def test_memory_running_out_while_parsing_is_the_programs_error(monkeypatch):
    # a file too large to parse in the memory there is: Python's MemoryError, as python says
    import gradcli.syntax

    def parse(*args, **kwargs):
        raise MemoryError()
    monkeypatch.setattr(gradcli.syntax, "parse", parse)
    r = run_cli(["-e", "x = 1"])
    assert (r.status, r.error_line) == (
        1, "MemoryError: the system refused memory this program needed (tensors are also "
           "limited to --max-elements elements each)"), r.err


def test_a_long_program_costs_memory_and_time_linear_in_its_length():
    import time
    import tracemalloc

    from gradcli.interpret import Interpreter
    from gradcli.syntax import parse

    def cost(n: int) -> tuple[float, int]:
        """CPU seconds to parse and run n one-line statements, and the most memory the run
        takes on top of the parsed program."""
        source = "x = 1\ny = x + 1\n" * (n // 2)
        start = time.process_time()
        program = parse(source)
        tracemalloc.start()
        Interpreter(lambda text: None).run(program)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return time.process_time() - start, peak

    (small, _), (large, peak) = cost(250), cost(2_000)
    # quadratic work made 8 times the statements cost 64 times the time
    assert large < 20 * max(small, 0.005)
    # each statement's closures live while it runs: kept for the whole program, 2,000 lines
    # took 3.5 MB on top of their AST (a 4 MB file 1.4 GB in all)
    assert peak < 200_000, peak
