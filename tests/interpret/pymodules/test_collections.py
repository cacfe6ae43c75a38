"""collections: Python's types, their hashing methods checking keys as dict's do."""
from __future__ import annotations

import pytest

from . import python_prints

DEEP = "k = ()\nfor i in range(1001):\n    k = (k,)\n"


@pytest.mark.parametrize("source", [
    "c = collections.Counter('abracadabra')\nprint(c.most_common(2), c['z'], c.total(), c)",
    "d = collections.defaultdict(list)\nd['a'].append(1)\nprint(d, d.default_factory)",
    "o = collections.OrderedDict(a=1, b=2)\no.move_to_end('a')\nprint(o)\nprint(o.popitem(), o)",
    "q = collections.deque([1, 2, 3], maxlen=3)\nq.appendleft(0)\nq.rotate(1)\nprint(q, q.maxlen)",
    "P = collections.namedtuple('P', 'x y', defaults=[0])\np = P(1)\n"
    "print(p, p.x + p.y, p._asdict(), p._replace(y=5), p._fields, P, P(2, 3) == (2, 3))",
    "print(collections.OrderedDict, collections.Counter, collections.deque)",
])
def test_as_python(run, source):
    source = "import collections\n" + source
    r = run(source)
    assert (r.status, r.out, r.err) == (0, python_prints(source), "")


@pytest.mark.parametrize("use", [
    "collections.Counter([k])", "collections.Counter().update([k])",
    "collections.Counter().subtract([k])", "collections.OrderedDict([(k, 1)])",
    "collections.defaultdict(int, [(k, 1)])", "collections.defaultdict(int)[k]",
    "collections.OrderedDict().get(k)", "collections.OrderedDict().move_to_end(k)",
    "collections.Counter()[k] = 1", "list(map(collections.Counter, [[k]]))",
])
def test_a_key_nested_too_deep_is_refused(run, use):
    r = run("import collections\n" + DEEP + use)
    assert r.error_line == "RecursionError: maximum recursion depth exceeded while hashing a tuple"


@pytest.mark.parametrize("expr, message", [
    ("collections.namedtuple('P', 'x')(1).__class__", "'P' object has no attribute '__class__'"),
    ("collections.namedtuple('P', 'x').__dict__", "type object 'P' has no attribute '__dict__'"),
    ("collections.Counter().__dict__", "'Counter' object has no attribute '__dict__'"),
    ("collections.abc", "gradcli's 'collections' module does not offer 'abc' (programs run "
                        "without files, processes or Python internals)"),
])
def test_internals_are_refused(run, expr, message):
    assert run(f"import collections\nprint({expr})").error_line == f"AttributeError: {message}"
