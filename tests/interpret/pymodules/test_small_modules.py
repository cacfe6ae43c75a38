"""string, operator, statistics and numbers: Python's, with operator's calls going through the
language's guards and attribute table."""
from __future__ import annotations

import pytest

from . import python_prints


@pytest.mark.parametrize("source", [
    "import string\nprint(string.ascii_letters, string.digits, string.capwords('a b'))",
    "import operator\nprint(operator.add(1, 2), operator.mul([1], 2), operator.pow(2, 10), "
    "operator.itemgetter(1, 0)('ab'), operator.itemgetter(1), operator.contains([1], 1))",
    "import operator\nprint(sorted([(1, 'b'), (0, 'a')], key=operator.itemgetter(1)), "
    "operator.methodcaller('upper')('a'), operator.methodcaller('split', ',', 1), "
    "operator.attrgetter('real', 'imag')(3))",
    "import operator\nd = {}\noperator.setitem(d, 'a', 1)\nprint(operator.getitem(d, 'a'), "
    "operator.lshift(1, 10), operator.truth([]), operator.neg(2))",
    "import statistics\nprint(statistics.mean([1, 2, 3, 4]), statistics.stdev([1.0, 2.0, 4.0]), "
    "statistics.median([3, 1, 2]), statistics.mode('aab'), statistics.multimode('aabb'), "
    "statistics.pvariance([1, 2]))",
    "import numbers\nprint(isinstance(3, numbers.Number), isinstance(1.5, numbers.Integral), "
    "numbers.Real)",
])
def test_as_python(run, source):
    r = run(source)
    assert (r.status, r.out, r.err) == (0, python_prints(source), "")


@pytest.mark.parametrize("source, line", [
    ("import operator\noperator.attrgetter('__class__')(1)",
     "AttributeError: 'int' object has no attribute '__class__'"),
    ("import operator\noperator.methodcaller('__reduce__')(1)",
     "AttributeError: 'int' object has no attribute '__reduce__'"),
    ("import operator\noperator.mul([0], 10**9)",
     "MemoryError: a list of 1000000000 items is more than gradcli's limit of 100000000"),
    ("import operator\noperator.pow(3, 10**9)",
     "OverflowError: integer power too large for gradcli (over a million bits)"),
    ("import operator\noperator.lshift(1, 10**9)",
     "OverflowError: integer shift too large for gradcli (over a million bits)"),
    ("import operator\nk = ()\nfor i in range(1001):\n    k = (k,)\noperator.getitem({}, k)",
     "RecursionError: maximum recursion depth exceeded while hashing a tuple"),
    ("import statistics\nk = ()\nfor i in range(1001):\n    k = (k,)\nstatistics.mode([k])",
     "RecursionError: maximum recursion depth exceeded while hashing a tuple"),
    ("import statistics\nstatistics.mean([])",
     "statistics.StatisticsError: mean requires at least one data point"),
])
def test_refused(run, source, line):
    r = run(source)   # (after an AttributeError, Python may suggest a name: not compared)
    assert r.status == 1 and r.err.splitlines()[-1].startswith(line)
