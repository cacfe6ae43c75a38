"""sys: the program's argv and path, Python's version and limits, exit(), and its streams."""
from __future__ import annotations

import sys

import pytest

from gradcli.errors import exit_status

from ...conftest import run_cli


def test_version_and_limits_are_pythons(run):
    r = run("import sys\nprint(sys.version_info[:2], sys.version_info.major, sys.maxsize, "
            "sys.float_info.epsilon, sys.platform, sys.version == sys.version)")
    assert r.out == f"{sys.version_info[:2]} {sys.version_info.major} {sys.maxsize} " \
                    f"{sys.float_info.epsilon} {sys.platform} True\n"


@pytest.mark.parametrize("argv, expected", [
    (["-e", "import sys; sys.argv, sys.path"], "(['-c'], [''])"),
    (["run", "-"], "['-'] ['']"),
])
def test_argv_and_path_as_python_gives_them(argv, expected):
    stdin = "import sys\nprint(sys.argv, sys.path)\n"
    assert run_cli(argv, stdin=stdin).out == expected + "\n"


def test_a_script_sees_its_name_and_directory(run, tmp_path):
    r = run("import sys\nprint(sys.argv, sys.path)")
    assert r.out == f"[{str(tmp_path / 'prog.grad')!r}] [{str(tmp_path)!r}]\n"


def test_changing_path_changes_nothing_else(run):
    r = run("import sys\nsys.path.append('..')\nsys.argv.append('x')\n"
            "import d2lzh_pytorch as d2l")
    assert r.error_line == "ModuleNotFoundError: No module named 'd2lzh_pytorch'"
    assert run("import sys\nprint(sys.path[1:], sys.argv[1:])").out == "[] []\n"


@pytest.mark.parametrize("code, status, message", [
    (None, 0, None), (3, 3, None), (256, 0, None), (-1, 255, None), (True, 1, None),
    ("bye", 1, "bye"), ([1], 1, "[1]"),
])
def test_exit_status_as_python(code, status, message):
    assert exit_status(SystemExit(code)) == (status, message)


@pytest.mark.parametrize("source, status, out, err", [
    ("print(1)\nsys.exit()\nprint(2)", 0, "1\n", ""),
    ("def f():\n    sys.exit(4)\nf()", 4, "", ""),
    ("sys.exit('bye')", 1, "", "bye\n"),
    ("sys.stdout.write('a\\n')\nsys.stderr.write('b\\n')\nprint('c', file=sys.stderr, end='!')\n"
     "print(sys.stdout.write('xy'), sys.stdin.read() == '', sys.stdin.readline() == '')", 0,
     "a\nxy2 True True\n", "b\nc!"),
])
def test_exit_and_streams(run, source, status, out, err):
    r = run("import sys\n" + source)
    assert (r.status, r.out, r.err) == (status, out, err)


@pytest.mark.parametrize("source, line", [
    ("sys.setrecursionlimit(0)", "ValueError: recursion limit must be greater or equal than 1"),
    ("sys.setrecursionlimit(1.5)", "TypeError: 'float' object cannot be interpreted as an integer"),
    ("sys.stdout.write(1)", "TypeError: write() argument must be str, not int"),
    ("sys.exit(1, 2)", "TypeError: exit expected at most 1 argument, got 2"),
    ("sys.modules", "AttributeError: gradcli's 'sys' module does not offer 'modules' (programs "
                    "run without files, processes or Python internals)"),
    ("sys._getframe", "AttributeError: gradcli's 'sys' module does not offer '_getframe' "
                      "(programs run without files, processes or Python internals)"),
    ("sys.stdout.buffer", "AttributeError: '_io.TextIOWrapper' object has no attribute 'buffer'"),
])
def test_refused(run, source, line):
    assert run("import sys\n" + source).error_line == line


def test_recursion_limit_is_kept_but_gradclis_depth_holds(run):
    r = run("import sys\nsys.setrecursionlimit(100000)\nprint(sys.getrecursionlimit())\n"
            "def f(n):\n    return f(n + 1)\nf(0)")
    assert (r.out, r.error_line) == ("100000\n", "RecursionError: maximum recursion depth "
                                                 "exceeded")
    assert run("import sys\nprint(sys.getrecursionlimit())").out == "1000\n"
