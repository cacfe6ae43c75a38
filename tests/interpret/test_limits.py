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
