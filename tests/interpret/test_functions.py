"""Calls bind their arguments as CPython's do: the same values, the same TypeError words."""
from __future__ import annotations

import pytest

from gradcli.interpret.functions import Function, Signature
from gradcli.syntax import parse

SIGNATURES = ["a, b", "a, b=2", "a, *args", "a, *, k", "a, *, k=1", "a, /, b", "*args, **kw",
              "a, b=2, *args, c, d=4, **kw", "self, x", "a, /, b=1, *, c=2"]
CALLS = ["()", "(1)", "(1, 2)", "(1, 2, 3)", "(1, 2, 3, 4, 5)", "(1, b=2)", "(a=1, b=2)",
         "(1, a=1)", "(1, k=2)", "(1, 2, k=3)", "(1, z=2)", "(1, 2, c=3)", "(b=1)",
         "(1, 2, 3, c=4, d=5, e=6)", "(1, x=2)"]


def gradcli_function(params: str) -> Function:
    fn = parse(f"def f({params}): pass\n").body[0]
    sig = Signature(fn.params)
    defaults = {p.name: p.default.value for p in fn.params
                if p.default is not None and p.kind != "kwonly"}
    kwdefaults = {p.name: p.default.value for p in fn.params
                  if p.default is not None and p.kind == "kwonly"}
    return Function("f", sig, defaults, kwdefaults, None, None, None)


def python_function(params: str):
    scope: dict = {}
    exec(f"def f({params}):\n    return locals()\n", scope)
    return scope["f"]


@pytest.mark.parametrize("params", SIGNATURES)
@pytest.mark.parametrize("call", CALLS)
def test_binding_matches_cpython(params, call):
    ours, theirs = gradcli_function(params), python_function(params)
    args, kwargs = eval(f"(lambda *a, **k: (a, k)){call}")
    try:
        want = theirs(*args, **kwargs)
    except TypeError as e:
        with pytest.raises(TypeError) as got:
            ours.bind(args, kwargs)
        assert str(got.value) == str(e)
        return
    assert ours.bind(args, kwargs) == want


def test_a_method_binds_self_and_names_its_class():
    fn = gradcli_function("self, x")
    fn.__qualname__ = "Net.forward"

    class Net:
        forward = fn
    with pytest.raises(TypeError, match=r"^Net\.forward\(\) takes 2 positional arguments but "
                                        r"3 were given$"):
        Net().forward.__func__.bind((Net(), 1, 2), {})
