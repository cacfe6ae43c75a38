"""os: the program's own environment, and its in-memory files with Python's answers and errors
(each row checked against CPython in an empty directory; /etc is there only for Python)."""
from __future__ import annotations

import os

import pytest

from gradcli.interpret import modules as M
from gradcli.interpret import pymodules

from ...conftest import run_cli

SETUP = "import os\nos.makedirs('a')\nopen('a/f.txt', 'w').close()\n"


@pytest.mark.parametrize("expr, out", [
    ("os.path.exists('a'), os.path.isdir('a'), os.path.isfile('a/f.txt'), os.path.exists('b')",
     "(True, True, True, False)"),
    ("os.makedirs('a', exist_ok=True), os.listdir('a'), os.listdir()", "(None, ['f.txt'], ['a'])"),
    ("os.rename('a/f.txt', 'a/g.txt'), os.listdir('a'), os.path.getsize('a/g.txt')",
     "(None, ['g.txt'], 0)"),
    ("os.remove('a/f.txt'), os.rmdir('a'), os.path.exists('a')", "(None, None, False)"),
    ("os.makedirs('./x/../y'), os.path.isdir('x'), os.path.isdir('y')", "(None, True, True)"),
    ("os.path.exists(''), os.path.isdir('.'), os.path.exists('/'), os.path.exists('/etc')",
     "(False, True, True, False)"),
    ("os.path.join('..', 'data', 'x.csv'), os.path.splitext('x/y.tar.gz'), "
     "os.path.basename('/a/b.csv'), os.path.dirname('a/b/c')",
     "('../data/x.csv', ('x/y.tar', '.gz'), 'b.csv', 'a/b')"),
    ("os.path.abspath('x') == os.path.join(os.getcwd(), 'x'), os.path.relpath('a/b', 'a'), "
     "os.sep, os.name", "(True, 'b', '/', 'posix')"),
])
def test_answers(run, expr, out):
    r = run(SETUP + f"print(({expr}))")
    assert (r.status, r.out) == (0, out + "\n"), r.err


@pytest.mark.parametrize("stmt, line", [
    ("os.makedirs('a')", "FileExistsError: [Errno 17] File exists: 'a'"),
    ("os.makedirs('a/f.txt', exist_ok=True)", "FileExistsError: [Errno 17] File exists: 'a/f.txt'"),
    ("os.makedirs('a/f.txt/g')", "NotADirectoryError: [Errno 20] Not a directory: 'a/f.txt/g'"),
    ("os.mkdir('b/c')", "FileNotFoundError: [Errno 2] No such file or directory: 'b/c'"),
    ("os.listdir('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"),
    ("os.listdir('a/f.txt')", "NotADirectoryError: [Errno 20] Not a directory: 'a/f.txt'"),
    ("os.remove('a')", "IsADirectoryError: [Errno 21] Is a directory: 'a'"),
    ("os.rmdir('a')", "OSError: [Errno 39] Directory not empty: 'a'"),
    ("os.rename('nope', 'x')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope' "
                               "-> 'x'"),
    ("os.makedirs('')", "FileNotFoundError: [Errno 2] No such file or directory: ''"),
    ("os.path.getsize('nope')", "FileNotFoundError: [Errno 2] No such file or directory: 'nope'"),
    ("os.path.join('a', 1)", "TypeError: join() argument must be str, bytes, or os.PathLike "
                             "object, not 'int'"),
    ("os.system('ls')", "AttributeError: gradcli's 'os' module does not offer 'system' (programs "
                        "run without files, processes or Python internals)"),
    ("os.nope", "AttributeError: module 'os' has no attribute 'nope'"),
])
def test_errors(run, stmt, line):
    assert run(SETUP + stmt).error_line == line


@pytest.mark.parametrize("stmt, line", [
    ("os.environ['X'] = 1", "TypeError: str expected, not int"),
    ("os.environ['NOPE_X']", "KeyError: 'NOPE_X'"),
    ("os.getenv(1)", "TypeError: str expected, not int"),
    ("os.environ._data", "AttributeError: 'Environ' object has no attribute '_data'"),
])
def test_environ_errors(run, stmt, line):
    assert run("import os\n" + stmt).error_line == line


def test_environ_is_the_programs_copy():
    source = ("import os\nos.environ['KMP_DUPLICATE_LIB_OK'] = 'True'\n"
              "print(os.environ, os.getenv('NOPE', 'd'))")
    out = run_cli(["-e", source]).out   # run_cli's environment: NO_COLOR and TERM
    assert out == "environ({'NO_COLOR': '1', 'TERM': 'dumb', 'KMP_DUPLICATE_LIB_OK': 'True'}) d\n"
    assert "KMP_DUPLICATE_LIB_OK" not in os.environ


def test_environ_starts_from_the_environment_gradcli_is_given():
    pymodules.start(pymodules.Host(environ={"A": "1"}))
    environ = M.find("os").entries["environ"]
    environ["B"] = "2"
    assert repr(environ) == "environ({'A': '1', 'B': '2'})"
    pymodules.start(pymodules.Host(environ={"A": "1"}))
    assert dict(environ) == {"A": "1"} and os.environ.get("B") != "2"
