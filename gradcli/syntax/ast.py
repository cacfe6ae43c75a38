"""The AST: small immutable records, each with the source span it was parsed from.

They behave as frozen dataclasses with slots; `Node` provides that behaviour without the
dataclass machinery, whose class creation alone would cost a tenth of gradcli's start-up.
"""
from __future__ import annotations

from typing import Union


class Node:
    """Fields are the `__slots__` of the subclass, set once by position or keyword."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls.__init__ = _initialiser(tuple(getattr(cls, n).__set__ for n in cls.__slots__))

    def _by_name(self, args: tuple, kwargs: dict) -> None:
        names = self.__slots__
        if len(args) > len(names):
            raise TypeError(f"{type(self).__name__} takes {len(names)} fields")
        for name, value in zip(names, args):
            object.__setattr__(self, name, value)
        for name in names[len(args):]:
            object.__setattr__(self, name, kwargs.pop(name))
        if kwargs:
            raise TypeError(f"{type(self).__name__} has no field {next(iter(kwargs))!r}")

    def __setattr__(self, name, value) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other) -> bool:
        return type(self) is type(other) and all(
            getattr(self, n) == getattr(other, n) for n in self.__slots__)

    def __hash__(self) -> int:
        return hash((type(self), *(getattr(self, n) for n in self.__slots__)))

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({fields})"


def _initialiser(setters: tuple):
    """A node class's __init__: all fields by position (as the parser makes some 70,000 nodes
    for 10,000 lines) through the slots' own setters, a third of the time a general loop over
    the names takes; anything else by name."""
    count = len(setters)

    def __init__(self, *args, **kwargs) -> None:
        if kwargs or len(args) != count:
            return self._by_name(args, kwargs)
        for set_field, value in zip(setters, args):
            set_field(self, value)
    return __init__


class Span(Node):
    __slots__ = ("line", "col", "end_line", "end_col")  # 1-based; end_col is exclusive


_LINE, _COL, _END_LINE, _END_COL = (getattr(Span, n).__set__ for n in Span.__slots__)


def _span_init(self, line: int, col: int, end_line: int, end_col: int) -> None:
    # the most made node (one for each other): its four setters called without a loop
    _LINE(self, line)
    _COL(self, col)
    _END_LINE(self, end_line)
    _END_COL(self, end_col)


Span.__init__ = _span_init


# ---- expressions ---------------------------------------------------------------------------
class Name(Node):
    __slots__ = ('id', 'span')


class Constant(Node):
    __slots__ = ('value', 'span')


class FormattedValue(Node):
    __slots__ = ('value', 'conversion', 'spec')


class FString(Node):
    __slots__ = ('parts', 'span')


class List(Node):
    __slots__ = ('elts', 'span')


class Tuple(Node):
    __slots__ = ('elts', 'span')


class Dict(Node):
    __slots__ = ('items', 'span')   # ((key, value), ...); key None: `**value`


class Set(Node):
    __slots__ = ('elts', 'span')


class Comprehension(Node):
    __slots__ = ('target', 'iter', 'ifs')   # one `for target in iter if ...` clause


class ListComp(Node):
    __slots__ = ('elt', 'generators', 'span')


class SetComp(Node):
    __slots__ = ('elt', 'generators', 'span')


class GeneratorExp(Node):
    __slots__ = ('elt', 'generators', 'span')


class DictComp(Node):
    __slots__ = ('key', 'value', 'generators', 'span')


class Yield(Node):
    __slots__ = ('value', 'span')   # value None: a bare `yield`


class YieldFrom(Node):
    __slots__ = ('value', 'span')


class Param(Node):
    # kind: 'pos' (positional or keyword), 'posonly' (before a `/`), 'vararg' (*args),
    # 'kwonly' (after * or *args), 'kwarg' (**kwargs)
    __slots__ = ('name', 'default', 'kind', 'span')


class Lambda(Node):
    __slots__ = ('params', 'body', 'span')


class UnaryOp(Node):
    __slots__ = ('op', 'operand', 'span')


class BinOp(Node):
    __slots__ = ('op', 'left', 'right', 'span')


class BoolOp(Node):
    __slots__ = ('op', 'left', 'right', 'span')


class Not(Node):
    __slots__ = ('operand', 'span')


class Compare(Node):
    __slots__ = ('left', 'ops', 'comparators', 'span')


class IfExp(Node):
    __slots__ = ('test', 'body', 'orelse', 'span')


class Call(Node):
    __slots__ = ('func', 'args', 'keywords', 'span')   # keywords: ((name or None for **, value), ...)


class Starred(Node):
    __slots__ = ('value', 'span')   # *value among a call's arguments


class Attribute(Node):
    __slots__ = ('value', 'attr', 'span')


class Slice(Node):
    __slots__ = ('lower', 'upper', 'step', 'span')


class Subscript(Node):
    __slots__ = ('value', 'index', 'span')


Expr = Union[Name, Constant, FString, List, Tuple, Dict, Set, ListComp, SetComp, GeneratorExp,
             DictComp, Yield, YieldFrom, Lambda, UnaryOp, BinOp, BoolOp, Not, Compare, IfExp,
             Call, Starred, Attribute, Slice, Subscript]


# ---- statements ----------------------------------------------------------------------------
class ExprStmt(Node):
    __slots__ = ('value', 'span')


class Assign(Node):
    __slots__ = ('targets', 'value', 'span')


class AugAssign(Node):
    __slots__ = ('target', 'op', 'value', 'span')


class Import(Node):
    __slots__ = ('names', 'span')   # ((dotted module, alias or None), ...)


class FromImport(Node):
    __slots__ = ('module', 'names', 'span')   # ((name, alias or None), ...), or "*"


class Pass(Node):
    __slots__ = ('span',)


class Break(Node):
    __slots__ = ('span',)


class Continue(Node):
    __slots__ = ('span',)


class Return(Node):
    __slots__ = ('value', 'span')


class If(Node):
    __slots__ = ('test', 'body', 'orelse', 'span')


class While(Node):
    __slots__ = ('test', 'body', 'orelse', 'span')


class For(Node):
    __slots__ = ('target', 'iter', 'body', 'orelse', 'span')


class With(Node):
    __slots__ = ('items', 'body', 'span')


class FunctionDef(Node):
    __slots__ = ('name', 'params', 'body', 'decorators', 'span')


class ClassDef(Node):
    __slots__ = ('name', 'bases', 'keywords', 'body', 'decorators', 'span')


class ExceptHandler(Node):
    __slots__ = ('type', 'name', 'body', 'span')   # type None: a bare `except:`


class Try(Node):
    __slots__ = ('body', 'handlers', 'orelse', 'finalbody', 'span')


class Raise(Node):
    __slots__ = ('exc', 'cause', 'span')


class Assert(Node):
    __slots__ = ('test', 'msg', 'span')


class Delete(Node):
    __slots__ = ('targets', 'span')


class Global(Node):
    __slots__ = ('names', 'span')


class Nonlocal(Node):
    __slots__ = ('names', 'span')


Stmt = Union[ExprStmt, Assign, AugAssign, Import, FromImport, Pass, Break, Continue, Return, If,
             While, For, With, FunctionDef, ClassDef, Try, Raise, Assert, Delete, Global,
             Nonlocal]


class Program(Node):
    __slots__ = ('body', 'source', 'filename')
