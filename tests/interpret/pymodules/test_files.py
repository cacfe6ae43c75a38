"""open(): the run's in-memory files, as Python's text files behave (rows checked against
CPython in an empty directory)."""
from __future__ import annotations

import pytest

from gradcli.interpret.pymodules import files


@pytest.mark.parametrize("source, out", [
    ("with open('t.csv', 'w') as f:\n    print(f.write('a,b\\n'), f.closed)\n    f.write('1,2\\n')\n"
     "print(f.closed, open('t.csv').read().splitlines())", "4 False\nTrue ['a,b', '1,2']"),
    ("f = open('t.txt', 'w')\nf.writelines(['x\\n', 'y\\n'])\nf.close()\n"
     "print([line for line in open('t.txt')], open('t.txt').readlines())",
     "['x\\n', 'y\\n'] ['x\\n', 'y\\n']"),
    ("open('t.txt', 'w').close()\nf = open('t.txt', 'a')\nf.write('1')\nf.close()\n"
     "f = open('t.txt', 'a+')\nf.write('2')\nf.seek(0)\nprint(f.read(), f.tell())\nf.close()",
     "12 2"),
    ("f = open('t.txt', 'w')\nprint('a', 1, sep='-', file=f)\nf.close()\nf = open('t.txt')\n"
     "print(repr(f.readline()), repr(f.readline()), f.name, f.mode, f.encoding)",
     "'a-1\\n' '' t.txt r UTF-8"),
    ("f = open('t.txt', 'w')\nf.write('ab')\nprint(repr(open('t.txt').read()))\nf.flush()\n"
     "print(repr(open('t.txt').read()))", "''\n'ab'"),
    ("f = open('t.txt', 'w')\nf.write('a\\r\\nb\\rc')\nf.close()\n"
     "print(repr(open('t.txt').read()), repr(open('t.txt', newline='').read()))",
     "'a\\nb\\nc' 'a\\r\\nb\\rc'"),
    ("f = open('t.txt', 'w')\nprint(repr(f))", "<_io.TextIOWrapper name='t.txt' mode='w' "
                                               "encoding='UTF-8'>"),
])
def test_as_python(run, source, out):
    r = run(source)
    assert (r.status, r.out, r.err) == (0, out + "\n", "")


@pytest.mark.parametrize("stmt, line", [
    ("open('x.csv')", "FileNotFoundError: [Errno 2] No such file or directory: 'x.csv'"),
    ("open('../data/x.csv', 'w')",
     "FileNotFoundError: [Errno 2] No such file or directory: '../data/x.csv'"),
    ("open('.')", "IsADirectoryError: [Errno 21] Is a directory: '.'"),
    ("open('t.txt', 'w').close()\nopen('t.txt', 'x')",
     "FileExistsError: [Errno 17] File exists: 't.txt'"),
    ("open('')", "FileNotFoundError: [Errno 2] No such file or directory: ''"),
    ("open('t', 'rw')", "ValueError: must have exactly one of create/read/write/append mode"),
    ("open('t', 'rr')", "ValueError: invalid mode: 'rr'"),
    ("open('t', 'rbt')", "ValueError: can't have text and binary mode at once"),
    ("open('t', 't')", "ValueError: Must have exactly one of create/read/write/append mode and "
                       "at most one plus"),
    ("open('t', 1)", "TypeError: open() argument 'mode' must be str, not int"),
    ("open(1.5)", "TypeError: expected str, bytes or os.PathLike object, not float"),
    ("open('t', 'w').read()", "io.UnsupportedOperation: not readable"),
    ("open('t', 'w').write(3)", "TypeError: write() argument must be str, not int"),
    ("f = open('t', 'w')\nf.close()\nf.write('x')", "ValueError: I/O operation on closed file."),
    ("open('t', 'rb')", "ValueError: gradcli's open() reads and writes text only, not mode 'rb'"),
    ("open(0)", "TypeError: gradcli's open() takes a path, not a file descriptor"),
])
def test_errors(run, stmt, line):
    r = run(stmt)
    assert (r.status, r.err.splitlines()[-1]) == (1, line)


def test_files_are_bounded(run, monkeypatch):
    monkeypatch.setattr(files, "MAX_CHARS", 10)
    r = run("f = open('t', 'w')\nf.write('x' * 8)\nf.write('x' * 8)")
    assert r.error_line == "OSError: [Errno 28] No space left on device"
    monkeypatch.setattr(files, "MAX_FILES", 2)
    r = run("for i in range(3):\n    open(str(i), 'w')")
    assert r.error_line == "OSError: [Errno 28] No space left on device"


def test_each_run_starts_with_no_files(run):
    run("open('t.txt', 'w').close()")
    assert run("open('t.txt')").error_line == \
        "FileNotFoundError: [Errno 2] No such file or directory: 't.txt'"
