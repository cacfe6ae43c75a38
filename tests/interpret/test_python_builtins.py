"""Python's builtins a program has beside torch's names: input, open, frozenset, slice, bin...;
each as CPython gives it (the printed forms are checked against CPython itself)."""
from __future__ import annotations

import pytest

from .pymodules import python_prints


@pytest.mark.parametrize("source", [
    "print(bin(5), hex(255), oct(8), ascii('é'), bin(-3))",
    "s = slice(1, 10, 2)\nprint(s, s.start, s.stop, s.step, s.indices(5), [0, 1, 2, 3][slice(2)])",
    "f = frozenset([1, 2])\nprint(f, 1 in f, f.union([3]), f | set([4]), f.issubset([1, 2, 3]))",
    "s = set([1])\ns.add(2)\ns.update([3], (4,))\ns.discard(1)\nprint(s, s.pop(), "
    "s.union([9]), s.intersection([3, 4]), s.difference([3]))",
    "print(max([3, 1], key=lambda v: -v), min([], default=0), max(1, 2, 3), sum([[1], [2]], []), "
    "sum([1, 2], 10), abs(-2), divmod(7, 2), all([]), any([0]))",
    "print(list(map(frozenset, [[1]])), sorted([[2], [1]], key=frozenset))",
])
def test_as_python(run, source):
    r = run(source)
    assert (r.status, r.out, r.err) == (0, python_prints(source), "")


@pytest.mark.parametrize("source, out, line", [
    ("x = input('name? ')", "name? ", "EOFError: EOF when reading a line"),
    ("print(1)\nx = input()", "1\n", "EOFError: EOF when reading a line"),
    ("print('x', file=1)", "", "AttributeError: 'int' object has no attribute 'write'"),
])
def test_input_reads_nothing_and_print_writes_files(run, source, out, line):
    r = run(source)
    assert (r.out, r.error_line) == (out, line)


@pytest.mark.parametrize("use", [
    "frozenset([k])", "set().add(k)", "set([1]).union([k])", "set().update([1], [k])",
    "set([1]).issubset([k])", "list(map(frozenset, [[k]]))", "f = frozenset\nf([k])",
])
def test_keys_nested_too_deep_are_refused(run, use):
    r = run("k = ()\nfor i in range(1001):\n    k = (k,)\n" + use)
    assert r.error_line == "RecursionError: maximum recursion depth exceeded while hashing a tuple"
