"""itertools: Python's iterators; the endless ones yield from Python so that Ctrl-C stops them."""
from __future__ import annotations

import itertools

import pytest

from . import python_prints

from gradcli.interpret import modules as M
from gradcli.interpret.pymodules import itertools as facade


@pytest.mark.parametrize("source", [
    'list(itertools.islice(itertools.count(5, 2), 3))',
    "list(itertools.islice(itertools.cycle('ab'), 5))",
    'list(itertools.repeat(1, 3)), list(itertools.islice(itertools.repeat(2), 2))',
    "itertools.count(3), itertools.repeat('a'), itertools.repeat('a', 2), itertools.count",
    'list(itertools.chain.from_iterable([[1], [2, 3]]))',
    "list(itertools.product('ab', repeat=2))",
    'list(itertools.permutations([1, 2, 3], 2))[:3], len(list(itertools.combinations(range(5), 2)))',
    "list(itertools.zip_longest([1, 2], 'a', fillvalue=0))",
    'list(itertools.accumulate([1, 2, 3], lambda a, b: a * b, initial=2))',
    "[(k, list(g)) for k, g in itertools.groupby('aab')]",
])
def test_as_python(run, source):
    source = f"import itertools\nprint({source})"
    r = run(source)
    assert (r.status, r.out, r.err) == (0, python_prints(source), "")


def test_endless_iterators_yield_from_python():
    # a C loop draining them (list(), sum(), `in`) calls back into Python for each item, so a
    # pending Ctrl-C is raised there
    for endless in (facade.count(), facade.cycle([1]), facade.repeat(0)):
        assert type(endless).__next__ is facade._Endless.__next__
    assert type(facade.repeat(0, 2)) is itertools.repeat


@pytest.mark.parametrize("call, kind, message", [
    (lambda i: i["product"]([1], repeat=10**9), MemoryError,
     "a product of 1000000000 iterables is more than gradcli's limit of 100000000"),
])
def test_bounded(call, kind, message):
    with pytest.raises(kind) as e:
        call(M.find("itertools").entries)
    assert str(e.value) == message


def test_functions_given_to_itertools_check_keys(run):
    r = run("import itertools\nk = ()\nfor i in range(1001):\n    k = (k,)\n"
            "list(itertools.starmap(set, [[[k]]]))")
    assert r.error_line == "RecursionError: maximum recursion depth exceeded while hashing a tuple"
