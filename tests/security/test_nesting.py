"""Nesting that C recursion would follow until the process crashes (SIGSEGV): a tuple hashed, an
iterator consumed or freed. Each route is tried in-process just past the limit, where Python
would still cope; a million deep, in a process, proves the crash gone."""
from __future__ import annotations

import pytest

from gradcli.interpret.builtins import MAX_KEY_DEPTH, MAX_NESTING

from ..conftest import run_cli
from .outcome import Outcome, describe, problems
from .test_hostile import fails_cleanly, run_file  # noqa: F401 (a fixture)

DEEP_KEY = "RecursionError: maximum recursion depth exceeded while hashing a tuple"
DEEP_ITERATOR = "RecursionError: maximum recursion depth exceeded while nesting iterators"


def deep_tuple(depth: int) -> str:
    return f"a = (1,)\nfor i in range({depth - 1}):\n    a = (a,)\n"


MAPPING = "class M:\n    def keys(self):\n        return [a]\n    def __getitem__(self, k):\n" \
          "        return 1\n"

# every way a program's value reaches a C hash: the builtins, dict and set methods, dict views
HASHING = [
    "hash(a)", "{a: 1}", "{a}", "d = {}\nd[a] = 1", "{}[a]", "d = {0: 0}\nd[a] += 1",
    "a in {1: 2}", "a in {1}", "a in {1: 2}.keys()", "(a, 1) in {1: 2}.items()", "set([a])",
    "dict([(a, 1)])", "{}.get(a)", "{}.pop(a, 0)", "{}.setdefault(a)", "{}.update([(a, 2)])",
    "list(map(hash, [a]))", "list(map(set, [[a]]))", "sorted([[a]], key=set)",
    "list(map(dict, [[(a, 1)]]))", "{1}.union([a])", "{1}.add(a)", "{x: 1 for x in [a]}",
    # set operators of dict views take any iterable on the other side
    "{1: 2}.keys() & [a]", "[a] & {1: 2}.keys()", "{1: 2}.keys() | [a]", "{1: 2}.keys() - [a]",
    "{1: 2}.keys() ^ [a]", "{1: 2}.items() & [(a, 1)]", "{1: 2}.items() | [(1, a)]",
    "{1: 2}.keys().isdisjoint([a])",
    # a key/value pair given as an iterator, a mapping of the program's
    "dict([reversed([1, a])])", "dict([iter([a, 1])])", "{}.update([reversed([1, a])])",
    "set(reversed([a]))", MAPPING + "dict(M())", MAPPING + "{}.update(M())",
    MAPPING + "{**M()}",
]
ITERATORS = ["map(abs, m)", "filter(None, m)", "zip(m)", "zip([1], m)", "enumerate(m)",
             "map(max, m, [1])"]


@pytest.mark.parametrize("use", HASHING)
def test_hashing_a_tuple_past_the_limit_is_refused(use):
    r = run_cli(["-e", deep_tuple(MAX_KEY_DEPTH + 1) + use])
    assert (r.status, r.error_line) == (1, DEEP_KEY), r.err


@pytest.mark.parametrize("use", ["hash(a)", "{1: 2}.keys() & [a]", "dict([reversed([1, a])])"])
def test_hashing_a_tuple_at_the_limit_works(use):
    r = run_cli(["-e", deep_tuple(MAX_KEY_DEPTH) + f"x = {use}"])
    assert r.status == 0, r.err


@pytest.mark.parametrize("build", ITERATORS)
def test_nesting_iterators_past_the_limit_is_refused(build):
    source = f"m = [1]\nfor i in range({MAX_NESTING + 1}):\n    m = {build}\n"
    r = run_cli(["run", "-"], source)
    assert (r.status, r.error_line) == (1, DEEP_ITERATOR), r.err
    assert "line 3" in r.err


@pytest.mark.parametrize("build", ITERATORS)
def test_iterators_at_the_limit_work(build):
    source = f"m = [1]\nfor i in range({MAX_NESTING - 1}):\n    m = {build}\nprint(len(list(m)))"
    assert run_cli(["run", "-"], source).out == "1\n"


@pytest.mark.parametrize("source", [
    deep_tuple(1_000_000) + "{1: 2}.keys() & [a]",
    "m = [0]\nfor i in range(1_000_000):\n    m = map(abs, m)\nprint(list(m))",
    "m = [0]\nfor i in range(1_000_000):\n    m = enumerate(m)\nm = 0",
])
def test_a_million_deep_ends_cleanly(run_file, source):
    fails_cleanly(run_file(source))


def test_views_behave_as_pythons():
    r = run_cli(["-e", "d = {1: 2, (3, 4): 5}\nk = d.keys()\n"
                       "print(k, d.items(), type(k), len(k), (3, 4) in k, 9 in k)\n"
                       "print(k & [1, 9], k | [7], k - [1], [1] & k, d.items() & [(1, 2)])\n"
                       "print(list(reversed(k)), k == {1, (3, 4)}, k.isdisjoint([8]))\n"
                       "d[7] = 8\nprint(k)"])
    assert r.out == (
        "dict_keys([1, (3, 4)]) dict_items([(1, 2), ((3, 4), 5)]) <class 'dict_keys'> 2 True "
        "False\n{1} {1, (3, 4), 7} {(3, 4)} {1} {(1, 2)}\n[(3, 4), 1] True True\n"
        "dict_keys([1, (3, 4), 7])\n"), r.err
    assert problems(Outcome(r.status, r.out, r.err)) == [], describe(r)


ITERTOOLS = ["itertools.chain(m)", "itertools.chain([1], m)", "itertools.islice(m, 5)",
             "itertools.zip_longest(m)", "itertools.compress(m, [1])", "itertools.pairwise(m)",
             "itertools.accumulate(m)", "itertools.starmap(max, m)",
             "itertools.filterfalse(None, m)", "itertools.takewhile(bool, m)",
             "itertools.dropwhile(bool, m)", "map(abs, itertools.chain(m))"]


@pytest.mark.parametrize("build", ITERTOOLS)
def test_nesting_itertools_past_the_limit_is_refused(build):
    source = f"import itertools\nm = [[1]]\nfor i in range({MAX_NESTING + 1}):\n    m = {build}\n"
    r = run_cli(["run", "-"], source)
    assert (r.status, r.error_line) == (1, DEEP_ITERATOR), r.err


def test_itertools_at_the_limit_work():
    source = ("import itertools\nm = [1, 2]\nfor i in range(300):\n    m = itertools.chain(m)\n"
              "    m = itertools.islice(m, 5)\n    m = map(abs, m)\n"
              "print(list(m), type(itertools.chain([1])), isinstance(m, map))")
    assert run_cli(["run", "-"], source).out == "[1, 2] <class 'itertools.chain'> True\n"


def test_chain_from_iterable_nested_deep_is_a_recursion_error():
    source = ("import itertools\nm = [1]\nfor i in range(100000):\n"
              "    m = itertools.chain.from_iterable([m])\nprint(list(m))")
    r = run_cli(["run", "-"], source)
    assert (r.status, r.error_line.split(" while")[0]) == (
        1, "RecursionError: maximum recursion depth exceeded"), r.err
    r = run_cli(["-e", "import itertools\nprint(list(itertools.chain.from_iterable([[1], "
                       "itertools.chain.from_iterable([[2, 3]])])))"])
    assert r.out == "[1, 2, 3]\n", r.err


def test_a_million_deep_chain_ends_cleanly(run_file):
    fails_cleanly(run_file("import itertools\nm = [0]\nfor i in range(1_000_000):\n"
                           "    m = itertools.chain(m)\nprint(list(m))"))
