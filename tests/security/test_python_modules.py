"""The doors Python's modules open (gradcli/interpret/pymodules): each facade reaches only what its
allowlist gives, writes and reads no real file, starts no process, and bounds what could run away.

Each route is a program run in-process from an empty directory (the `sandboxed` fixture checks
that nothing was written there); a refused route ends cleanly with the error named."""
from __future__ import annotations

import os
import time

import pytest

from .outcome import describe
from .test_sandbox import refused, sandboxed  # noqa: F401  (the fixture)

# ---- files ---------------------------------------------------------------------------------
WRITES = [
    "open('x.txt', 'w').write('x')", "open('../escape.txt', 'w').write('x')",
    "open('/tmp/gradcli-escape.txt', 'w').write('x')", "import os\nos.makedirs('d/e')",
    "import os\nos.mkdir('/tmp/gradcli-escape-dir')", "f = open('x.txt', 'a')\nprint('x', file=f)",
]


@pytest.mark.parametrize("source", WRITES)
def test_writing_touches_no_real_file(sandboxed, source, tmp_path):
    outcome = sandboxed(source + "\nprint('done')", prelude=False)
    assert outcome.out == "done\n", describe(outcome)
    for path in ("/tmp/gradcli-escape.txt", "/tmp/gradcli-escape-dir", tmp_path / "escape.txt"):
        assert not os.path.exists(path)


@pytest.mark.parametrize("source", [
    "open('/etc/passwd')", "open('/proc/self/environ')", f"open({__file__!r})",
    "import os\nos.listdir('/etc')", "open('/dev/stdin')",
])
def test_reading_sees_no_real_file(sandboxed, source):
    refused(sandboxed(source, prelude=False), "FileNotFoundError")


@pytest.mark.parametrize("source", [
    "open(0)", "open(1, 'w')", "open('x', 'rb')", "open('x', 'w', opener=print)",
])
def test_descriptors_binary_and_openers_are_refused(sandboxed, source):
    refused(sandboxed(source, prelude=False), "TypeError", "ValueError")


# ---- processes and interpreter internals ------------------------------------------------------
@pytest.mark.parametrize("expr", [
    "os.system", "os.popen", "os.fork", "os.execv", "os.kill", "os.chdir", "os.open",
    "os.fdopen", "os.walk", "os.putenv", "os._exit", "os.__file__", "os.path.os",
    "os.path.__dict__", "sys.modules", "sys._getframe", "sys.settrace", "sys.setprofile",
    "sys.exc_info", "sys.stdin.buffer", "sys.stdout.buffer", "sys.__stdout__", "sys.executable",
    "random._os", "random._inst", "random.Random.__init__", "time.pthread_getcpuclockid",
    "timeit.Timer", "warnings.showwarning", "warnings.filters", "copy.__builtins__",
    "functools.singledispatch", "collections.abc", "typing.get_type_hints", "typing.NamedTuple",
    "string.Formatter", "operator.__dict__", "statistics.random", "math.__loader__",
])
def test_module_offers_only_its_allowlist(sandboxed, expr):
    module = expr.split(".")[0]
    refused(sandboxed(f"import {module}\nprint({expr})", prelude=False), "AttributeError")


@pytest.mark.parametrize("expr", [
    "random.random.__self__", "random.choice.__func__", "random.Random(1).__class__",
    "os.environ._data", "os.environ.__class__", "open('f', 'w')._buffer",
    "open('f', 'w').__class__", "sys.stdout._which", "sys.stdout.__class__",
    "sys.version_info.__class__", "functools.partial(f).func.__globals__",
    "functools.partial(f).__dict__", "functools.lru_cache()(f)._cached",
    "functools.lru_cache()(f).__wrapped__", "typing.List._form", "typing.List.__origin__",
    "itertools.count()._items", "itertools.chain.__subclasses__", "operator.itemgetter(1)._items",
    "operator.attrgetter('x').__class__", "warnings.catch_warnings()._saved",
    "math.factorial._fn", "time.localtime().__reduce__", "collections.deque().__reduce__",
    "collections.namedtuple('P', 'x')(1).__class__", "collections.Counter().__class__",
    "collections.namedtuple('P', 'x').__globals__", "copy.deepcopy.__globals__",
    "os.path.join.__globals__", "statistics.mean.__code__",
])
def test_values_of_modules_hand_out_no_internals(sandboxed, expr):
    source = ("import random, os, sys, functools, typing, itertools, operator, warnings, math, "
              f"time, collections, copy, statistics\ndef f():\n    return 1\nprint({expr})")
    refused(sandboxed(source, prelude=False), "AttributeError")


@pytest.mark.parametrize("stmt", [
    "os.path = 1", "sys.argv = []", "random.random = print", "os.environ.x = 1",
    "sys.stdout.write = print", "open('f', 'w').name = 'x'", "math.factorial = 1",
    "collections.Counter.most_common = 1", "warnings.warn = print",
])
def test_modules_and_their_values_cannot_be_changed(sandboxed, stmt):
    source = f"import os, sys, random, math, collections, warnings\n{stmt}"
    refused(sandboxed(source, prelude=False), "AttributeError", "TypeError")


@pytest.mark.parametrize("source", [
    "import timeit\ntimeit.timeit('import os')", "import typing\ntyping.List['__import__(1)']",
    "import typing\ntyping.Optional['a; b']",
])
def test_no_string_runs_as_python(sandboxed, source):
    refused(sandboxed(source, prelude=False), "TypeError")


# ---- what could run away -----------------------------------------------------------------------
@pytest.mark.parametrize("source, kind", [
    ("import time\ntime.sleep(10**9)", "ValueError"),
    ("import math\nmath.factorial(10**8)", "OverflowError"),
    ("import math\nmath.comb(10**9, 10**8)", "OverflowError"),
    ("import math\nmath.prod(range(1, 10**7))", "OverflowError"),
    ("import operator\noperator.lshift(1, 10**12)", "OverflowError"),
    ("import operator\noperator.mul('a', 10**12)", "MemoryError"),
    ("import random\nrandom.getrandbits(10**12)", "OverflowError"),
    ("import random\nrandom.choices([1], k=10**12)", "MemoryError"),
    ("import itertools\nitertools.product([1], repeat=10**12)", "MemoryError"),
])
def test_runaway_results_are_refused_at_once(sandboxed, source, kind):
    start = time.perf_counter()
    refused(sandboxed(source, prelude=False), kind)
    assert time.perf_counter() - start < 5


def test_exit_ends_cleanly(sandboxed):
    outcome = sandboxed("import sys\nprint(1)\nsys.exit(2)", prelude=False)
    assert (outcome.status, outcome.out, outcome.err) == (2, "1\n", "")


@pytest.mark.parametrize("expr", [
    "random.random", "random.choice", "random.Random(1)", "os.environ", "os.path.join",
    "open('f', 'w')", "sys.stdout", "sys.stdin", "sys.float_info", "typing.List[int]",
    "itertools.count()", "itertools.count", "functools.partial(f)", "functools.lru_cache()(f)",
    "collections.namedtuple('P', 'x')", "collections.Counter", "warnings.catch_warnings()",
    "math.factorial", "operator.itemgetter(1)", "time.localtime(0)", "copy.deepcopy", "sys",
    "warnings.warn", "timeit.default_timer", "random.Random",
])
def test_repr_of_module_values_reveals_no_internals(sandboxed, expr):
    source = ("import random, os, sys, functools, typing, itertools, operator, warnings, math, "
              f"time, collections, copy, timeit\ndef f():\n    return 1\nprint(repr({expr}))")
    outcome = sandboxed(source, prelude=False)
    assert outcome.status == 0, describe(outcome)
    for word in ("gradcli.", "<locals>", "Interpreter", "Facade", "Form", "_Endless"):
        assert word not in outcome.out, describe(outcome)
