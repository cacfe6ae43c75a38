"""functools: reduce, partial, lru_cache and cmp_to_key, calling the program's functions as its
own calls do."""
from __future__ import annotations

import pytest

from . import python_prints


@pytest.mark.parametrize("source", [
    'functools.reduce(lambda a, b: a * b, [1, 2, 3, 4], 10)',
    'functools.partial(max, 0)(5, 3), functools.partial(round, ndigits=1)(2.25)',
    'functools.partial(divmod, 7, key=abs)',
    'functools.partial(max, 1).args, functools.partial(max, k=1).keywords',
    'sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a))',
])
def test_as_python(run, source):
    source = f"import functools\nprint({source})"
    r = run(source)
    assert (r.status, r.out, r.err) == (0, python_prints(source), "")


def test_lru_cache_caches_and_counts(run):
    source = ("import functools\ncalls = []\ndef f(n):\n    calls.append(n)\n    return n * 2\n"
              "g = functools.lru_cache(maxsize=None)(f)\nh = functools.lru_cache(f)\n"
              "print(g(2), g(2), h(3), h(3), calls, g.cache_info())\ng.cache_clear()\n"
              "print(g.cache_info().currsize)")
    assert run(source).out == python_prints(source)


@pytest.mark.parametrize("use", [
    "functools.lru_cache()(len)(k)", "functools.cache(len)(x=k)",
    "functools.partial(set)([k])", "functools.reduce(collections.defaultdict, [[(k, 1)]], None)",
])
def test_keys_nested_too_deep_are_refused(run, use):
    r = run("import functools, collections\nk = ()\nfor i in range(1001):\n    k = (k,)\n" + use)
    assert r.error_line == "RecursionError: maximum recursion depth exceeded while hashing a tuple"


def test_wraps_names_the_wrapper_after_the_wrapped(run):
    source = ("import functools\ndef log(f):\n    @functools.wraps(f)\n    def inner(*a):\n"
              "        return f(*a)\n    return inner\n@log\ndef square(x):\n    return x * x\n"
              "print(square(3), square.__name__, square.__qualname__)\n"
              "print(functools.update_wrapper(lambda: 0, square).__name__)")
    assert run(source).out == python_prints(source)
    r = run("import functools\nfunctools.update_wrapper(len, max)")
    assert r.error_line == "AttributeError: 'builtin_function_or_method' object attribute " \
                           "'__module__' is read-only"
