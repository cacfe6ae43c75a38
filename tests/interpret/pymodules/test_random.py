"""random: CPython's streams, from a private generator that each run starts afresh."""
from __future__ import annotations

import random

import pytest

from gradcli.interpret import builtins as B
from gradcli.interpret import modules as M
from gradcli.interpret import pymodules

CALLS = [
    ("random", ()), ("uniform", (1, 2)), ("randint", (1, 100)), ("randrange", (0, 100, 7)),
    ("choice", ("abcdef",)), ("sample", (range(50), 5)), ("gauss", (0, 1)),
    ("normalvariate", (1, 2)), ("expovariate", (1.5,)), ("betavariate", (2, 3)),
    ("triangular", ()), ("getrandbits", (40,)),
]


@pytest.mark.parametrize("name, args", CALLS, ids=[c[0] for c in CALLS])
def test_streams_are_cpythons(name, args):
    facade = M.find("random").entries
    facade["seed"](7)
    reference = random.Random(7)
    assert [facade[name](*args) for _ in range(3)] == \
        [getattr(reference, name)(*args) for _ in range(3)]


def test_shuffle_choices_and_state_follow_cpython():
    facade, reference = M.find("random").entries, random.Random("seed")
    facade["seed"]("seed")
    mine, theirs = list(range(20)), list(range(20))
    facade["shuffle"](mine)
    reference.shuffle(theirs)
    assert mine == theirs
    assert facade["choices"]("abc", weights=[1, 0, 3], k=6) == \
        reference.choices("abc", weights=[1, 0, 3], k=6)
    state = facade["getstate"]()
    first = facade["random"]()
    facade["setstate"](state)
    assert facade["random"]() == first


def test_the_process_generator_is_never_touched():
    random.seed(123)
    expected = random.Random(123).random()
    M.find("random").entries["seed"](0)
    M.find("random").entries["random"]()
    assert random.random() == expected


def test_each_run_starts_from_a_fresh_seed(run):
    outs = {run("import random\nprint(random.random())").out for _ in range(2)}
    assert len(outs) == 2
    seeded = {run("import random\nrandom.seed(5)\nprint(random.random())").out for _ in range(2)}
    assert seeded == {f"{random.Random(5).random()}\n"}


def test_start_reseeds_the_program_generator():
    facade = M.find("random").entries
    facade["seed"](1)
    pymodules.start(pymodules.Host())
    assert facade["random"]() != random.Random(1).random()


@pytest.mark.parametrize("call, kind, message", [
    (lambda r: r["getrandbits"](10**9), OverflowError,
     "getrandbits() result too large for gradcli (over a million bits)"),
    (lambda r: r["choices"]([1], k=10**10), MemoryError,
     "a list of 10000000000 items is more than gradcli's limit of 100000000"),
    (lambda r: B.get_attribute(r["Random"](1), "getrandbits")(10**9), OverflowError,
     "getrandbits() result too large for gradcli (over a million bits)"),
])
def test_unbounded_results_are_refused(call, kind, message):
    with pytest.raises(kind) as e:
        call(M.find("random").entries)
    assert str(e.value) == message


def test_a_random_instance_is_its_own_stream(run):
    r = run("import random\nr = random.Random(3)\nprint(r.random(), r.randint(1, 9))\n"
            "print(r.__class__)")
    rng = random.Random(3)
    assert r.out == f"{rng.random()} {rng.randint(1, 9)}\n"
    assert r.error_line == "AttributeError: 'Random' object has no attribute '__class__'"
