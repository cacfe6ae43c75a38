"""The doors classes, exceptions and generators open stay shut: a program's class, its instances,
super objects, caught exceptions and generators reach nothing past the language."""
from __future__ import annotations

import pytest

from .test_sandbox import refused, sandboxed  # noqa: F401  (the fixture)

PRELUDE = """\
class A:
    x = 1
    def m(self):
        return self
class E(Exception):
    pass
def gen():
    yield 1
a = A()
g = gen()
try:
    raise E("e")
except E as caught:
    err = caught
"""


@pytest.mark.parametrize("expr", [
    "A.__dict__", "A.__mro__", "A.__bases__", "A.__base__", "A.__subclasses__()",
    "A.__init_subclass__", "A.__class__", "a.__dict__", "a.__class__.__mro__",
    "a.__class__.__dict__", "a.__reduce__", "a.__reduce_ex__(2)", "a.__getattribute__",
    "a.__setattr__", "a.__init__.__globals__", "a.m.__func__", "a.m.__self__",
    "a.m.__globals__", "A.m.__code__", "A.m.__closure__", "A.m.body", "A.m.closure",
    "A.m.interp", "A.m.sig", "a.m.__func__.interp", "object.__subclasses__()",
    "type(a).__mro__", "type(A).__subclasses__", "type(type(A))('X', (), {})",
    "g.gi_frame", "g.gi_code", "g.gi_yieldfrom", "(v for v in [1]).gi_frame",
    "err.__traceback__", "err.__traceback__.tb_frame", "err.__cause__.__traceback__",
    "super(A, a).__thisclass__", "super(A, a).__self__", "super(A, a).__self_class__",
    "property(A.m).fget.__globals__", "staticmethod(A.m).__func__", "classmethod(A.m).__func__",
    "getattr(a, '__dict__')", "getattr(A, '__mro__')", "getattr(g, 'gi_frame')",
    "type(print)('x')", "type(A.m)('x')", "type(g)()", "type(A)('X', (), {})",
])
def test_internals_are_out_of_reach(sandboxed, expr):
    refused(sandboxed(PRELUDE + f"print({expr})", prelude=False),
            "AttributeError", "TypeError", "NameError")


@pytest.mark.parametrize("source", [
    "class B(type): pass",
    "class B(int): pass",
    "class B(A, metaclass=type): pass",
    "class B:\n    def __getattribute__(self, n): return 1",
    "class B:\n    def __init_subclass__(cls): pass",
    "class B:\n    def __set_name__(self, o, n): pass",
    "class B:\n    def __get__(self, o, t): pass",
    "class B:\n    def __del__(self): pass",
    "class B:\n    def __reduce__(self): pass",
    "class B:\n    __slots__ = ()",
    "class B:\n    __class__ = A",
    "class B:\n    def __class_getitem__(cls, k): pass",
    "class B:\n    def __setattr__(self, n, v): pass",
    "a.__class__ = E", "A.__getattribute__ = A.m", "setattr(A, '__getattribute__', A.m)",
    "setattr(a, '__class__', E)", "A.__init_subclass__ = A.m", "del A.__doc__",
    "type('X', (), {})", "super().__init__()",
])
def test_class_doors_are_refused(sandboxed, source):
    refused(sandboxed(PRELUDE + source, prelude=False), "TypeError", "AttributeError",
            "RuntimeError", "SyntaxError")


def test_type_of_an_internal_value_prints_and_does_nothing_else(sandboxed):
    out = sandboxed(PRELUDE + "print(type(A.m), type(g), type(a), type(err), type(1))",
                    prelude=False)
    assert out.status == 0
    assert out.out == ("<class 'function'> <class 'generator'> <class '__main__.A'> "
                       "<class '__main__.E'> <class 'int'>\n")
