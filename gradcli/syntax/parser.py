"""Parsing: text -> AST, or a syntax error with its place; incomplete input is its own outcome."""
from __future__ import annotations

import ast as pyast
import re
from functools import lru_cache

from ..errors import IncompleteInput, ProgramSyntaxError
from . import ast as A
from . import tables
from .lalr import (CLOSE, OPEN, DedentError, InconsistentTabs, Parser, Token, TooDeep,
                   UnexpectedCharacters, UnexpectedToken)


@lru_cache(maxsize=1)
def parser() -> Parser:
    return Parser(tables.load(), ToAst())


# A parenthesized expression keeps its own span (an error inside it points inside), but what
# it is part of starts at its '(' as in CPython: the caret under `(x*2).backward()` starts at
# the '('. id(node) -> (node, span with the parentheses), for the parse under way.
_PARENTHESIZED: dict[int, tuple] = {}


def _span(*items) -> A.Span | None:
    """The span from the earliest start to the latest end of the items' spans (tokens, nodes;
    items without a place are skipped). Made for nearly every node, so no Span in between."""
    lo = hi = None
    for item in items:
        if type(item) is Token:
            if item.line is None:
                continue
            a, b = (item.line, item.column), (item.end_line, item.end_column)
        else:
            outer = _PARENTHESIZED.get(id(item)) if _PARENTHESIZED else None
            s = outer[1] if outer is not None and outer[0] is item else \
                getattr(item, "span", None)
            if s is None:
                continue
            a, b = (s.line, s.col), (s.end_line, s.end_col)
        if lo is None:
            lo, hi = a, b
        else:
            if a < lo:
                lo = a
            if b > hi:
                hi = b
    return None if lo is None else A.Span(lo[0], lo[1], hi[0], hi[1])


def _token_span(token: Token) -> A.Span:
    """A lexed token's own span (the most made: every name and number has one)."""
    return A.Span(token.line, token.column, token.end_line, token.end_column)


def _stmts(items) -> tuple:
    out = []
    for s in items:
        if isinstance(s, list):
            out.extend(s)
        elif s is not None:
            out.append(s)
    return tuple(out)


class ToAst:
    """Builds the AST while the LALR parser reduces (no parse tree in between): one method
    per rule or alias of the grammar, called with the rule's kept children."""

    # ---- statements
    def start(self, *stmts):
        return _stmts(stmts)

    def fstring_field(self, value):
        return value

    def expr_stmt(self, value):
        _not_starred(value)
        return A.ExprStmt(value, value.span)

    def assign(self, *parts):
        for t in parts[:-1]:
            if isinstance(t, (A.Yield, A.YieldFrom)):
                raise _located_error("assignment to yield expression not possible", t.span)
        _not_starred(parts[-1])
        # one '=' only: CPython asks whether '==' was meant of `f() = 1`, not of `x = f() = 1`
        single = len(parts) == 2
        return A.Assign(tuple(_target(t, before_value=single) for t in parts[:-1]), parts[-1],
                        _span(*parts))

    def ann_assign(self, target, annotation, value):
        # the annotation is a note for readers and type checkers: the language ignores it
        if value is None:
            return A.Pass(_span(target))
        return A.Assign((_target(target),), value, _span(target, value))

    def yield_stmt(self, value):
        return A.ExprStmt(value, value.span)

    def yield_(self, keyword, value):
        return A.Yield(value, _span(keyword, value))

    def yield_from(self, keyword, value):
        return A.YieldFrom(value, _span(keyword, value))

    def aug_assign(self, target, op, value):
        _target(target, augmented=True)
        return A.AugAssign(target, op[:-1], value, _span(target, value))

    def dotted_name(self, *names):
        return Token("NAME", ".".join(names), line=names[0].line, column=names[0].column,
                     end_line=names[-1].end_line, end_column=names[-1].end_column)

    def import_stmt(self, *names):
        return A.Import(tuple((str(n), a and str(a)) for n, a in names),
                        _span(names[0][0], *(a or n for n, a in names)))

    def dotted_as_name(self, name, alias):
        return (name, alias)

    import_as_name = dotted_as_name

    def from_import(self, module, *rest):
        if len(rest) == 1 and type(rest[0]) is Token:   # from m import *
            if rest[0] != "*":
                raise _located_error(f"invalid syntax: unexpected {str(rest[0])!r}",
                                     _span(rest[0]))
            return A.FromImport(str(module), "*", _span(module, rest[0]))
        names = rest[0] if len(rest) == 1 else rest[1]
        return A.FromImport(str(module), tuple((str(n), a and str(a)) for n, a in names),
                            _span(module, *(a or n for n, a in names)))

    def import_as_names(self, *names):
        return tuple(n for n in names if n is not None)

    def pass_stmt(self, token):
        return A.Pass(_span(token))

    def break_stmt(self, token):
        return A.Break(_span(token))

    def continue_stmt(self, token):
        return A.Continue(_span(token))

    def return_stmt(self, value):
        return A.Return(value, value.span if value is not None else None)

    def raise_stmt(self, keyword, exc, cause):
        return A.Raise(exc, cause, _span(keyword, exc, cause))

    def assert_stmt(self, keyword, test, msg):
        return A.Assert(test, msg, _span(keyword, test, msg))

    def del_stmt(self, keyword, targets):
        for t in targets:
            _deletable(t)
        return A.Delete(targets, _span(keyword, *targets))

    def del_targets(self, *items):
        return tuple(i for i in items if i is not None)

    def global_stmt(self, *names):
        return A.Global(tuple(map(str, names)), _span(*names))

    def nonlocal_stmt(self, *names):
        return A.Nonlocal(tuple(map(str, names)), _span(*names))

    def try_stmt(self, body, *rest):
        handlers, orelse, final = rest[:-2], rest[-2], rest[-1]
        for h in handlers[:-1]:
            if h.type is None:
                raise _located_error("default 'except:' must be last", h.span)
        return A.Try(body, handlers, orelse or (), final or (), body[0].span if body else None)

    def try_finally(self, body, final):
        return A.Try(body, (), (), final, body[0].span if body else None)

    def except_clause(self, type_, name, body):
        return A.ExceptHandler(type_, name and str(name), body, _span(type_, name))

    def classdef(self, name, *rest):
        args = rest[1] if len(rest) == 4 else None
        bases, keywords = args or ((), ())
        return A.ClassDef(str(name), bases, keywords, rest[-1], (), _span(name))

    def decorated(self, *parts):
        node, decorators = parts[-1], parts[:-1]
        if isinstance(node, A.FunctionDef):
            return A.FunctionDef(node.name, node.params, node.body, decorators, node.span)
        return A.ClassDef(node.name, node.bases, node.keywords, node.body, decorators, node.span)

    def decorator(self, at, value):
        if at != "@":
            raise _located_error(f"invalid syntax: unexpected {str(at)!r}", _span(at))
        return value

    def suite(self, *stmts):
        return _stmts(stmts)

    def if_stmt(self, test, body, *rest):
        orelse = rest[-1] or ()
        for clause in reversed(rest[:-1]):
            orelse = (A.If(clause[0], clause[1], orelse, clause[0].span),)
        return A.If(test, body, orelse, test.span)

    def elif_clause(self, test, body):
        return (test, body)

    def while_stmt(self, test, body, orelse):
        return A.While(test, body, orelse or (), test.span)

    def for_stmt(self, target, iter_, body, orelse):
        return A.For(target, iter_, body, orelse or (), _span(target, iter_))

    def with_stmt(self, *parts):
        return A.With(tuple(parts[:-1]), parts[-1], _span(parts[0][0], parts[-2][0]))

    def with_item(self, value, target):
        return (value, target and _target(target))

    def funcdef(self, name, params, returns, body):
        return A.FunctionDef(str(name), params or (), body, (), _span(name))

    def parameters(self, *params):
        return _params(params)

    lambda_params = parameters

    def param(self, name, annotation, default):
        return A.Param(str(name), default, "pos", _span(name, default or name))

    def star_param(self, star, name, annotation=None):
        if star not in ("*", "/"):
            raise _located_error(f"invalid syntax: unexpected {str(star)!r}", _span(star))
        return A.Param(name and str(name), None, "vararg" if star == "*" else "/",
                       _span(star, name))

    def kwargs_param(self, stars, name, annotation=None):
        return A.Param(str(name), None, "kwarg", _span(stars, name))

    def lambda_param(self, name, default):
        return self.param(name, None, default)

    lambda_star = star_param
    lambda_kwargs = kwargs_param

    def target_list(self, *items):
        items = tuple(i for i in items if i is not None)
        if len(items) == 1:   # `for (a, b) in`: the parenthesized tuple is the target itself
            return _target(items[0])
        return _target(A.Tuple(items, _span(*items)))

    def target_tuple(self, item):   # `for a, in`: a tuple of one
        return _target(A.Tuple((item,), _span(item)))

    # ---- expressions
    def tuple_expr(self, *items):
        items = tuple(i for i in items if i is not None)
        return A.Tuple(items, _span(*items))

    def conditional(self, body, test, orelse):
        return A.IfExp(test, body, orelse, _span(body, orelse))

    def lambdef(self, params, body):
        return A.Lambda(params or (), body, body.span)

    def or_(self, left, right):
        return A.BoolOp("or", left, right, _span(left, right))

    def and_(self, left, right):
        return A.BoolOp("and", left, right, _span(left, right))

    def not_(self, operand):
        return A.Not(operand, operand.span)

    def compare(self, left, *rest):
        return A.Compare(left, tuple(rest[0::2]), tuple(rest[1::2]), _span(left, rest[-1]))

    def comp_op(self, *tokens):
        return " ".join(tokens)

    def binop(self, left, op, right):
        return A.BinOp(str(op), left, right, _span(left, right))

    def unary(self, op, operand):
        return A.UnaryOp(str(op), operand, _span(op, operand))

    def call(self, func, lpar, args, rpar):
        args = args or ((), ())
        return A.Call(func, args[0], args[1], _span(func, rpar))

    def arguments(self, *items):
        items = [i for i in items if i is not None]
        positional, keywords = [], []
        for item in items:
            if isinstance(item, A.GeneratorExp) and item.span is None and len(items) > 1:
                raise _located_error("Generator expression must be parenthesized",
                                     _span(item.elt))
            if isinstance(item, tuple):
                if item[0] is not None and any(k == item[0] for k, _ in keywords):
                    raise _located_error(f"keyword argument repeated: {item[0]}", item[1].span)
                keywords.append(item)
            elif isinstance(item, A.Starred):
                if any(k is None for k, _ in keywords):
                    raise _located_error("iterable argument unpacking follows keyword argument "
                                         "unpacking", item.span)
                positional.append(item)
            elif keywords:
                raise _located_error("positional argument follows keyword argument unpacking"
                                     if any(k is None for k, _ in keywords) else
                                     "positional argument follows keyword argument", item.span)
            else:
                positional.append(item)
        return (tuple(positional), tuple(keywords))

    def keyword(self, name, value):
        return (str(name), value)

    def double_starred(self, stars, value):
        return (None, value)

    def starred(self, star, value):
        if star != "*":
            raise _located_error(f"invalid syntax: unexpected {str(star)!r}", _span(star))
        return A.Starred(value, _span(star, value))

    star_expr = starred

    def genexp_argument(self, elt, clauses):
        # spanless on purpose: arguments() tells it from a parenthesized one by that
        return A.GeneratorExp(elt, clauses, None)

    def subscript(self, value, lsqb, index, rsqb):
        return A.Subscript(value, index, _span(value, rsqb))

    def subscripts(self, *items):
        items = tuple(i for i in items if i is not None)
        if len(items) == 1:
            return items[0]
        return A.Tuple(items, _span(*items))

    def slice(self, lower, upper, step):
        parts = [p for p in (lower, upper, step) if p is not None]
        span = _span(*parts) if parts else None
        return A.Slice(lower, upper, step, span)

    def attribute(self, value, name):
        return A.Attribute(value, str(name), _span(value, name))

    def name(self, token):
        return A.Name(str(token), _token_span(token))

    def number(self, token):
        text = token.replace("_", "")
        try:
            if text[-1] in "jJ":
                value = complex(text)
            elif text[:2] in ("0x", "0X", "0o", "0O", "0b", "0B"):
                value = int(text, 0)
            elif "." in text or "e" in text or "E" in text:
                value = float(text)
            else:
                value = int(text)
        except ValueError:  # Python refuses integers of more than 4300 digits
            raise _located_error("integer literal too large (over 4300 digits)",
                                 _span(token)) from None
        return A.Constant(value, _token_span(token))

    def strings(self, *parts):
        span = _span(*parts)
        pieces: list = []
        text: list[str] = []   # the literal text since the last field, joined once (linear)
        for token in parts:
            for piece in _string(token):
                if isinstance(piece, str):
                    text.append(piece)
                    continue
                if text:
                    pieces.append("".join(text))
                    text = []
                pieces.append(piece)
        if text:
            pieces.append("".join(text))
        if all(isinstance(p, str) for p in pieces):
            return A.Constant("".join(pieces), span)
        return A.FString(tuple(pieces), span)

    def string(self, token):
        return token

    def none(self, token):
        return A.Constant(None, _token_span(token))

    def true(self, token):
        return A.Constant(True, _token_span(token))

    def false(self, token):
        return A.Constant(False, _token_span(token))

    def ellipsis(self, token):
        return A.Constant(Ellipsis, _token_span(token))

    def paren(self, lpar, value, rpar):
        _PARENTHESIZED[id(value)] = (value, _span(lpar, rpar))
        return value

    def tuple(self, lpar, items, rpar):
        return A.Tuple(items or (), _span(lpar, rpar))

    def tuple_items(self, *items):
        return tuple(i for i in items if i is not None)

    def list(self, lsqb, items, rsqb):
        return A.List(items or (), _span(lsqb, rsqb))

    list_items = tuple_items

    def listcomp(self, lsqb, elt, clauses, rsqb):
        return A.ListComp(elt, clauses, _span(lsqb, rsqb))

    def setcomp(self, lbrace, elt, clauses, rbrace):
        return A.SetComp(elt, clauses, _span(lbrace, rbrace))

    def genexp(self, lpar, elt, clauses, rpar):
        return A.GeneratorExp(elt, clauses, _span(lpar, rpar))

    def dictcomp(self, lbrace, key, value, clauses, rbrace):
        return A.DictComp(key, value, clauses, _span(lbrace, rbrace))

    def comp_clauses(self, *clauses):
        out = []
        for clause in clauses:
            if clause[0] == "for":
                out.append(A.Comprehension(clause[1], clause[2], ()))
            else:
                last = out[-1]
                out[-1] = A.Comprehension(last.target, last.iter, last.ifs + (clause[1],))
        return tuple(out)

    def comp_for(self, target, iter_):
        return ("for", target, iter_)

    def comp_if(self, cond):
        return ("if", cond)

    def dict(self, lbrace, items, rbrace):
        return A.Dict(items or (), _span(lbrace, rbrace))

    def set(self, lbrace, items, rbrace):
        return A.Set(items, _span(lbrace, rbrace))

    set_items = dict_items = tuple_items

    def dict_item(self, key, value):
        return (key, value)

    def dict_unpack(self, stars, value):
        return (None, value)


class _Located(Exception):
    def __init__(self, message: str, span) -> None:
        super().__init__(message)
        self.message = message
        self.span = span


def _located_error(message: str, span) -> _Located:
    return _Located(message, span)


def _not_starred(value) -> None:
    if isinstance(value, A.Starred):
        raise _located_error("can't use starred expression here", value.span)


def _params(params) -> tuple:
    """The parameters of a def or lambda, each with its kind, checked as Python checks them:
    `a, b=1, /, c, *args, d, e=2, **kw` (a bare `*` and the `/` are markers, not parameters)."""
    params = [p for p in params if p is not None]
    out, seen, defaulted = [], set(), False
    star = slash = kwarg = None
    for p in params:
        if kwarg is not None:
            raise _located_error("arguments cannot follow var-keyword argument", p.span)
        if p.kind == "/":
            if slash is not None or star is not None or not out:
                raise _located_error("/ may appear only once" if slash is not None else
                                     "/ must be ahead of *" if star is not None else
                                     "at least one argument must precede /", p.span)
            slash = p
            out = [A.Param(q.name, q.default, "posonly", q.span) for q in out]
            continue
        if p.kind == "vararg":
            if star is not None:
                raise _located_error("* argument may appear only once", p.span)
            star = p
            if p.name is None:
                continue
        elif p.kind == "kwarg":
            kwarg = p
        elif star is not None:
            p = A.Param(p.name, p.default, "kwonly", p.span)
        elif p.default is not None:
            defaulted = True
        elif defaulted:
            raise _located_error("non-default argument follows default argument", p.span)
        if p.name in seen:
            raise _located_error(f"duplicate argument '{p.name}' in function definition", p.span)
        seen.add(p.name)
        out.append(p)
    if star is not None and star.name is None and \
            not any(p.kind == "kwonly" for p in out):
        raise _located_error("named arguments must follow bare *", star.span)
    return tuple(out)


_ASSIGNABLE = (A.Name, A.Attribute, A.Subscript)


# what CPython calls an expression it cannot assign to (_PyPegen_get_expr_name)
_EXPRESSION_NAMES = {A.Call: "function call", A.Constant: "literal", A.Compare: "comparison",
                     A.IfExp: "conditional expression", A.Lambda: "lambda",
                     A.Dict: "dict literal", A.Set: "set display",
                     A.ListComp: "list comprehension", A.SetComp: "set comprehension",
                     A.DictComp: "dict comprehension", A.GeneratorExp: "generator expression",
                     A.FString: "f-string expression"}
# the operands CPython's invalid_named_expression takes (a bitwise_or that is not a list,
# tuple, True, None or False): `f() = 1` there may have meant `f() == 1`
_COMPARABLE = (A.Call, A.Constant, A.BinOp, A.UnaryOp, A.Dict, A.Set, A.ListComp, A.SetComp,
               A.DictComp, A.GeneratorExp, A.FString)


def _target(node, augmented: bool = False, before_value: bool = False):
    """`node` as an assignment target, or CPython's error for it. `before_value`: it stands
    right before the assignment's last '=' (or is the last item of a tuple that does), where
    CPython asks whether '==' was meant."""
    if isinstance(node, _ASSIGNABLE):
        return node
    if isinstance(node, (A.Tuple, A.List)) and not augmented:
        starred = [e for e in node.elts if isinstance(e, A.Starred)]
        if len(starred) > 1:
            raise _located_error("multiple starred expressions in assignment", starred[1].span)
        # a tuple without brackets (its span starts at its first item)
        bare = isinstance(node, A.Tuple) and bool(node.elts) and node.span is not None and \
            node.elts[0].span is not None and \
            (node.span.line, node.span.col) == (node.elts[0].span.line, node.elts[0].span.col)
        for i, elt in enumerate(node.elts):
            _target(elt.value if isinstance(elt, A.Starred) else elt,
                    before_value=before_value and bare and i == len(node.elts) - 1)
        return node
    if isinstance(node, A.Starred) and not augmented:
        raise _located_error("starred assignment target must be in a list or tuple", node.span)
    if augmented:
        what = {A.Tuple: "tuple", A.List: "list", A.Starred: "starred"}.get(
            type(node)) or _EXPRESSION_NAMES.get(type(node), "expression")
        raise _located_error(f"'{what}' is an illegal expression for augmented assignment",
                             node.span)
    if isinstance(node, A.Constant) and node.value in (True, False, None) and \
            type(node.value) is not int:
        raise _located_error(f"cannot assign to {node.value}", node.span)
    what = _EXPRESSION_NAMES.get(type(node), "expression")
    if before_value and isinstance(node, _COMPARABLE):
        raise _located_error(f"cannot assign to {what} here. Maybe you meant '==' instead of "
                             f"'='?", node.span)
    raise _located_error(f"cannot assign to {what}", node.span)


def _deletable(node) -> None:
    """Raise CPython's error for a `del` target that is not a name, attribute, subscript or a
    tuple or list of them (invalid_del_stmt)."""
    if isinstance(node, (A.Tuple, A.List)):
        for elt in node.elts:
            _deletable(elt)
    elif isinstance(node, A.Starred):
        raise _located_error("cannot delete starred", node.span)
    elif not isinstance(node, _ASSIGNABLE):
        raise _located_error(f"cannot delete {_EXPRESSION_NAMES.get(type(node), 'expression')}",
                             node.span)


def _string(token: Token) -> list:
    """A string token's value; an f-string as literal parts and FormattedValues."""
    text = str(token)
    prefix = ""
    while text[0] not in "'\"":
        prefix += text[0].lower()
        text = text[1:]
    if "b" in prefix:
        raise _located_error("bytes literals are not supported", _span(token))
    if "f" not in prefix:
        return [_literal(("r" if "r" in prefix else "") + text, token)]
    quote = text[:3] if text[:3] in ('"""', "'''") else text[0]
    body = text[len(quote):-len(quote)]
    return _fstring(body, quote, "r" in prefix, token)


def _literal(text: str, token: Token) -> str:
    """A string literal's value, as Python reads it (escapes included)."""
    start = 1 if text[0] == "r" else 0
    quote = text[start:start + 3] if text[start:start + 3] in ('"""', "'''") else text[start]
    body = text[start + len(quote):-len(quote)]
    if body.isascii() and "\\" not in body and quote[0] not in body and (
            len(quote) == 3 or "\n" not in body):
        # nothing to read: literal_eval (CPython's parser, 40 us) would give it as it is (not
        # so a lone surrogate, which it refuses)
        return body
    try:
        return pyast.literal_eval(text)
    except (SyntaxError, ValueError) as e:
        message = getattr(e, "msg", None) or str(e)
        raise _located_error(f"invalid string literal: {message}", _span(token)) from None


def _fstring(body: str, quote: str, raw: bool, token: Token, level: int = 0) -> list:
    """`level`: how deep in format specs (Python takes a field in a spec, not in a spec's spec)."""
    parts: list = []
    literal: list = []
    i, n = 0, len(body)

    def flush():
        if literal:
            chunk = "".join(literal)
            parts.append(_literal(("r" if raw else "") + quote + chunk + quote, token))
            literal.clear()

    while i < n:
        c = body[i]
        if c == "{" and body[i + 1:i + 2] == "{":
            literal.append("{")
            i += 2
        elif c == "}" and body[i + 1:i + 2] == "}":
            literal.append("}")
            i += 2
        elif c == "}":
            raise _located_error("f-string: single '}' is not allowed", _span(token))
        elif c == "{":
            if level >= 2:
                raise _located_error("f-string: expressions nested too deeply", _span(token))
            flush()
            end, expr_end, conversion, spec_start = _field_end(body, i + 1, token)
            expr_text = body[i + 1:expr_end]
            stripped = expr_text.rstrip()
            if stripped.endswith("=") and stripped[-2:-1] not in ("=", "!", "<", ">"):
                # f"{x=}": the text as written, then the value (its repr unless a conversion
                # or a format spec says otherwise)
                literal.append(expr_text)
                flush()
                expr_text = stripped[:-1]
                if conversion is None and spec_start is None:
                    conversion = "r"
            if not expr_text.strip():
                raise _located_error("f-string: valid expression required before '}'",
                                     _span(token))
            value = _parse_field(expr_text, token)
            spec = None
            if spec_start is not None:
                spec_parts = _fstring(body[spec_start:end], quote, raw, token, level + 1)
                spec = A.FString(tuple(spec_parts), _span(token))
            parts.append(A.FormattedValue(value, conversion, spec))
            i = end + 1
        else:
            literal.append(c)
            i += 1
    flush()
    return parts


def _field_end(body: str, start: int, token: Token):
    """Find the `}` closing a replacement field; also where `!conv` and `:spec` begin."""
    depth, i, n = 0, start, len(body)
    expr_end = conversion = spec_start = None
    in_str = None
    while i < n:
        c = body[i]
        if in_str:
            if c == in_str:
                in_str = None
        elif c in "'\"":
            in_str = c
        elif c in "([{":
            depth += 1
        elif c in ")]}" and depth:
            depth -= 1
        elif depth == 0 and spec_start is None:
            if c == "}":
                return i, expr_end if expr_end is not None else i, conversion, None
            if c == "!" and body[i + 1:i + 2] != "=" and expr_end is None:
                expr_end = i
                conversion = body[i + 1:i + 2]
                if conversion not in ("r", "s", "a"):
                    raise _located_error("f-string: invalid conversion character: expected 's', "
                                         "'r', or 'a'", _span(token))
                i += 2
                continue
            if c == ":":
                if expr_end is None:
                    expr_end = i
                spec_start = i + 1
                return _spec_end(body, spec_start, token), expr_end, conversion, spec_start
        i += 1
    raise _located_error("f-string: expecting '}'", _span(token))


def _spec_end(body: str, start: int, token: Token) -> int:
    depth, i = 0, start
    while i < len(body):
        if body[i] == "{":
            depth += 1
        elif body[i] == "}":
            if depth == 0:
                return i
            depth -= 1
        i += 1
    raise _located_error("f-string: expecting '}'", _span(token))


def _parse_field(text: str, token: Token):
    try:
        return parser().parse("(" + text.strip() + ")\n", start="fstring_field")
    except (UnexpectedToken, UnexpectedCharacters, DedentError):
        raise _located_error(f"f-string: invalid syntax in {{{text.strip()}}}",
                             _span(token)) from None


# ---- errors ----------------------------------------------------------------------------------
_WORDS = {"NAME": "a name", "NUMBER": "a number", "IMAG_NUMBER": "a number", "STRING": "a string",
          "LONG_STRING": "a string", "_NEWLINE": "end of line", "_INDENT": "an indented block",
          "_DEDENT": "a dedent", "RPAR": "')'", "RSQB": "']'", "RBRACE": "'}'", "LPAR": "'('",
          "LSQB": "'['", "COLON": "':'", "COMMA": "','", "EQUAL": "'='", "$END": "end of input"}
_EXPRESSION_START = {"NAME", "NUMBER", "LPAR", "LSQB", "STRING"}


def _expected(names) -> str:
    names = set(names)
    if _EXPRESSION_START <= names:
        return "an expression"
    words = sorted({_WORDS.get(n, n.lower()) for n in names if not n.startswith("__")})
    if not words:
        return ""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


# Python that gradcli does not take yet, recognised on the line of a syntax error so the error
# names it instead of the token the grammar stumbled on: (pattern of the line, what it is)
UNSUPPORTED = (
    (re.compile(r"\s*(match|case)\b(?!\s*[=.(\[,:)])"), "the 'match' statement"),
    (re.compile(r"\s*async\s"), "'async' functions and statements"),
    (re.compile(r".*\bawait\s"), "'await'"),
    (re.compile(r"\s*type\s+\w+\s*(\[.*\])?\s*="), "the 'type' statement"),
    (re.compile(r"\s*(def|class)\s+\w+\s*\["), "type parameters ('[T]')"),
    (re.compile(r".*:="), "assignment expressions (':=')"),
)


def _unsupported(line: str) -> str | None:
    """What `line` holds that gradcli does not support, or None."""
    code = line.split("#", 1)[0]
    for pattern, what in UNSUPPORTED:
        if pattern.match(code):
            return what
    return None


def _describe(token: Token) -> str:
    if token.type == "_NEWLINE":
        return "end of line"
    if token.type == "_INDENT":
        return "indent"
    if token.type == "_DEDENT":
        return "dedent"
    if token.type == "$END":
        return "end of input"
    return repr(str(token))


def parse(text: str, filename: str = "<input>", interactive: bool = False) -> A.Program:
    """Parse a whole program; raise ProgramSyntaxError for bad input.

    Input that ends early (an open bracket, block or string) raises IncompleteInput when
    `interactive` (the REPL then asks for more), and is a SyntaxError otherwise.
    """
    try:
        return _parse(text, filename)
    except IncompleteInput as e:
        if interactive:
            raise
        raise _unfinished(text, filename, e.expected) from None


def _unfinished(text: str, filename: str, expected: frozenset) -> ProgramSyntaxError:
    """Say what was left open: where it was opened, or as CPython says a file ended early (at
    its last line, with no caret)."""
    found = _tokenizer_error(text)
    if found is not None:
        words, where, _ = found
        return ProgramSyntaxError(words, where, filename, text)
    # the line of the file's last token (a blank line after the block counts; the newline
    # that ends the file does not), column 0: the line, no caret
    end = text.count("\n") + (not text.endswith("\n"))
    last = A.Span(end, 0, end, 0)
    if TRY_ENDS <= expected:
        return ProgramSyntaxError("expected 'except' or 'finally' block", last, filename, text)
    if "_INDENT" in expected:
        return ProgramSyntaxError(_no_block(text, None), last, filename, text,
                                  kind="IndentationError")
    last = max(1, text.rstrip("\n").count("\n") + 1)
    return ProgramSyntaxError("expected an indented block at the end of the input",
                              _end_of_line(text, last, 1), filename, text)


def _tokenizer_error(text: str) -> tuple[str, A.Span, tuple[int, int]] | None:
    """The first error CPython's tokenizer finds in the whole text (brackets that do not
    match, a string left open, a bracket open at the end), with where it is found. CPython
    tokenizes the rest of the file after a generic "invalid syntax" and reports such an error
    instead (_PyPegen_tokenize_full_source_to_check_for_errors)."""
    opened: list = []
    pairs = {")": "(", "]": "[", "}": "{"}
    line, col, i, n = 1, 1, 0, len(text)
    while i < n:
        c = text[i]
        if c == "#":
            while i < n and text[i] != "\n":
                i += 1
            continue
        if c in "'\"":
            quote = text[i:i + 3] if text[i:i + 3] in ('"""', "'''") else c
            j = i + len(quote)
            while j < n and not text.startswith(quote, j) and (len(quote) == 3 or text[j] != "\n"):
                j += 2 if text[j] == "\\" else 1
            if j >= n or not text.startswith(quote, j):
                where = A.Span(line, col, line, col + 1)
                if len(quote) == 3:
                    last = max(1, len(text.splitlines()))
                    return (f"unterminated triple-quoted string literal (detected at line "
                            f"{last})", where, (line, col))
                end = line + text.count("\n", i, min(j, n))
                return (f"unterminated string literal (detected at line {end})", where,
                        (line, col))
            chunk = text[i:j + len(quote)]
            if "\n" in chunk:
                line, col = line + chunk.count("\n"), len(chunk) - chunk.rfind("\n")
            else:
                col += len(chunk)
            i = j + len(quote)
            continue
        if c.isidentifier():   # a name: its digits are no number
            j = i
            while j < n and _identifier_char(text[j]):
                j += 1
            col, i = col + j - i, j
            continue
        if not c.isascii():   # (names took theirs above)
            return _invalid_character(c), A.Span(line, col, line, col + 1), (line, col)
        if _digit(c) or (c == "." and _digit(text[i + 1:i + 2])):
            bad = _number_error(text, i)
            if bad is not None:
                words, start, end = bad
                return words, A.Span(line, col - 1 + start, line, col - 1 + end), (line, col)
        if c in "([{":
            opened.append((c, line, col))
        elif c in ")]}":
            where = A.Span(line, col, line, col + 1)
            if not opened:
                return f"unmatched '{c}'", where, (line, col)
            o, o_line, _ = opened.pop()
            if o != pairs[c]:
                on = "" if o_line == line else f" on line {o_line}"
                return (f"closing parenthesis '{c}' does not match opening parenthesis "
                        f"'{o}'{on}", where, (line, col))
        if c == "\n":
            line, col = line + 1, 1
        else:
            col += 1
        i += 1
    if opened:
        o, o_line, o_col = opened[-1]
        return f"'{o}' was never closed", A.Span(o_line, o_col, o_line, o_col + 1), (line, col)
    return None


def _invalid_character(c: str) -> str:
    """CPython's words for a character its tokenizer does not take outside a string."""
    if not c.isprintable():
        return f"invalid non-printable character U+{ord(c):04X}"
    return f"invalid character '{c}' (U+{ord(c):04X})"


def _identifier_char(c: str) -> bool:
    return c.isidentifier() or _digit(c)


def _digit(c: str) -> bool:
    """An ASCII digit (str.isdigit also takes '²'); '' (the end of the text) is none."""
    return len(c) == 1 and "0" <= c <= "9"


# after a number, the words that make CPython 3.11 only warn ("1if x else 2" is valid)
_KEYWORD_AFTER_NUMBER = re.compile(r"and|else|for|if|in|is|not|or")


def _number_error(text: str, start: int) -> tuple[str, int, int] | None:
    """The error CPython's tokenizer raises for the number literal at `start` (`2x`, `1_`,
    `0b2`, `08`, `1e+`), with the columns of its caret relative to `start` (end exclusive),
    or None. Follows tok_get's number branch in CPython 3.11's Parser/tokenizer.c: `cur` is
    its read position, and an error's caret stands where `cur` is."""
    cur = start

    def read() -> str:
        nonlocal cur
        cur += 1
        return text[cur - 1] if cur - 1 < len(text) else ""

    def error(words: str, back: bool = True):   # back: tok_backup of the char just read
        at = cur - back - start   # (CPython's caret column counts from 0 here)
        return words, at, at + 1

    def end_of(c: str, kind: str):   # verify_end_of_number
        if c and _identifier_char(c) and not _KEYWORD_AFTER_NUMBER.match(text, cur - 1):
            return error(f"invalid {kind} literal")
        return None

    def decimal_tail():   # tok_decimal_tail: digits and single underscores
        while True:
            c = read()
            while _digit(c):
                c = read()
            if c != "_":
                return c, None
            if not _digit(read()):
                return "", error("invalid decimal literal")

    c = read()
    if c == "0" and text[cur:cur + 1] in ("x", "X", "o", "O", "b", "B"):
        kind, digits = {"x": ("hexadecimal", "0123456789abcdefABCDEF"),
                        "o": ("octal", "01234567"), "b": ("binary", "01")}[read().lower()]
        c = read()
        while True:
            if c == "_":
                c = read()
            if not c or c not in digits:
                if _digit(c):
                    return error(f"invalid digit '{c}' in {kind} literal", back=False)
                return error(f"invalid {kind} literal")
            while c and c in digits:
                c = read()
            if c != "_":
                break
        if _digit(c):
            return error(f"invalid digit '{c}' in {kind} literal", back=False)
        return end_of(c, kind)
    if c == "0":   # zeros, then maybe an old-style octal
        while c == "0" or c == "_":
            if c == "_" and not _digit(text[cur:cur + 1]):
                read()
                return error("invalid decimal literal")
            c = read()
        zeros_end = cur
        nonzero = _digit(c)
        if nonzero:
            c, bad = decimal_tail()
            if bad:
                return bad
        if nonzero and c not in (".", "e", "E", "j", "J"):
            return ("leading zeros in decimal integer literals are not permitted; use an 0o "
                    "prefix for octal integers", 1, zeros_end - start)
    elif c != ".":
        c, bad = decimal_tail()
        if bad:
            return bad
    if c == ".":
        c = read()
        if _digit(c):
            c, bad = decimal_tail()
            if bad:
                return bad
    if c in ("e", "E"):
        c = read()
        if c in ("+", "-"):
            if not _digit(read()):
                return error("invalid decimal literal")
        elif not _digit(c):
            cur -= 1
            return end_of("e", "decimal")
        c, bad = decimal_tail()
        if bad:
            return bad
    if c in ("j", "J"):
        return end_of(read(), "imaginary")
    return end_of(c, "decimal")


def _python_message(message: str, span: A.Span, text: str) -> tuple[str, A.Span]:
    """A parse error as CPython words it where its words differ from a generic one: an error
    of its tokenizer found anywhere in the file replaces "invalid syntax", and one found
    before the parser's error comes first."""
    found = _tokenizer_error(text)
    if found is not None:
        words, where, at = found
        # CPython names a bracket never closed only when the parser stopped on a later line
        if words.endswith("was never closed") and span.line <= where.line:
            return message, span
        # (not over a message of CPython's invalid_ rules, "invalid syntax. Perhaps ...")
        if message == "invalid syntax" or message.startswith("invalid syntax:") \
                or at <= (span.line, span.col):
            return words, where
    return message, span


MAX_LINE = 100_000  # characters; Python has none, but nobody types more


def _parse(text: str, filename: str) -> A.Program:
    if len(text) > MAX_LINE:
        for number, line in enumerate(text.split("\n"), 1):
            if len(line) > MAX_LINE:
                raise ProgramSyntaxError(f"line {number} is longer than {MAX_LINE} characters",
                                         A.Span(number, 1, number, 2), filename, text)
    first = _first_statement_line(text)
    if first and first[1][:1] in (" ", "\t"):
        raise ProgramSyntaxError("unexpected indent", _first_code(text, first[0]), filename, text,
                                 kind="IndentationError")
    source = text if text.endswith("\n") else text + "\n"
    try:
        body = parser().parse(source, start="start")
    except _Located as e:
        raise ProgramSyntaxError(e.message, e.span, filename, text) from None
    except TooDeep as e:
        raise ProgramSyntaxError("too many nested parentheses", _span(e.token), filename,
                                 text) from None
    except InconsistentTabs as e:
        line = e.token.end_line
        indent = e.token.rsplit("\n", 1)[1]
        raise ProgramSyntaxError("inconsistent use of tabs and spaces in indentation",
                                 A.Span(line, 1, line, len(indent) + 1), filename, text,
                                 kind="TabError") from None
    except DedentError as e:
        raise ProgramSyntaxError("unindent does not match any outer indentation level",
                                 _first_code(source, e.token.line + 1), filename, text,
                                 kind="IndentationError") from None
    except UnexpectedToken as e:
        stray = _operator_starting_a_statement(source, e.token)
        if stray is not None:
            raise ProgramSyntaxError(f"invalid syntax: unexpected {str(stray)!r}", _span(stray),
                                     filename, text) from None
        if e.token.type in ("$END", "_DEDENT") and _at_end(source, e.token):
            raise IncompleteInput(e.expected) from None
        kind = "IndentationError"
        no_body = None
        if e.token.type == "_INDENT":
            message = "unexpected indent"
        elif e.token.type == "_DEDENT" and "_INDENT" not in e.expected:
            message = "unindent does not match any outer indentation level"
        elif ("_INDENT" in e.expected and e.token.type != "_INDENT") or _after_colon(source, e):
            no_body = e.token.line if e.token.line is not None else e.line
            message = _no_block(source, (no_body, e.token.column or 1))
        elif TRY_ENDS <= set(e.expected) and e.token.type not in TRY_ENDS:
            kind, message = "SyntaxError", "expected 'except' or 'finally' block"
        else:
            kind = "SyntaxError"
            slip = _common_slip(source, e.token)
            if slip is not None:
                message, no_body = slip   # (a span, as the block case gives one)
            else:
                message = _specific(source, e) or \
                    f"invalid syntax: unexpected {_describe(e.token)}"
            wanted = _expected(e.expected)
            if wanted and message.startswith("invalid syntax:"):
                message += f", expected {wanted}"
        line = e.token.line if e.token.line is not None else e.line
        what = _unsupported(source.split("\n")[line - 1]) if line else None
        if what:
            code = source.split("\n")[line - 1]
            start = len(code) - len(code.lstrip()) + 1
            raise ProgramSyntaxError(f"gradcli does not support {what} yet",
                                     A.Span(line, start, line, len(code.rstrip()) + 1),
                                     filename, text) from None
        column = e.token.column if e.token.column is not None else e.column
        span = A.Span(line, column, line, column + max(1, len(str(e.token))))
        if e.token.type in ("$END", "_NEWLINE", "_DEDENT"):
            span = _end_of_line(source, line, column)
        if e.token.type == "_INDENT":
            span = _first_code(source, line + 1)
        if isinstance(no_body, A.Span):   # a slip's own range
            span = no_body
        elif no_body is not None:   # CPython's caret: one character, where the body should be
            span = _first_code(source, no_body)
            span = A.Span(span.line, span.col, span.line, span.col + 1)
        if kind == "SyntaxError":
            message, span = _python_message(message, span, source)
        raise ProgramSyntaxError(message, span, filename, text, kind=kind) from None
    except UnexpectedCharacters as e:
        rest = source[e.pos_in_stream:]
        if rest.startswith(('"""', "'''")) or rest[:4].lstrip("rRbBfFuU").startswith(('"""',
                                                                                       "'''")):
            raise IncompleteInput() from None
        char = source[e.pos_in_stream]
        if char in "'\"" or rest[:2].lstrip("rRbBfFuU")[:1] in ("'", '"'):
            message = "unterminated string literal"
        elif char.isascii():   # `?`, `!`, `$`: CPython's tokenizer passes them to the parser
            message = f"invalid syntax: unexpected {char!r}"
        else:
            message = _invalid_character(char)
        message, span = _python_message(message, A.Span(e.line, e.column, e.line, e.column + 1),
                                        source)
        raise ProgramSyntaxError(message, span, filename, text) from None
    finally:
        _PARENTHESIZED.clear()
    return A.Program(body, text, filename)


_COMPOUND = re.compile(r"\s*(if|elif|else|for|while|def|class|with|try|except|finally)\b")
_LEGACY_PRINT = re.compile(r"\s*(print|exec)\s+[^\s(=.,;)\]}]")


ENDS_AN_OPERAND = frozenset(("NAME", "NUMBER", "STRING", "TRUE", "FALSE", "NONE", "RPAR",
                             "RSQB", "RBRACE"))
STARTS_AN_OPERAND = frozenset(("NAME", "NUMBER", "STRING", "TRUE", "FALSE", "NONE", "LPAR",
                               "LSQB", "LBRACE"))
CONDITION_STARTS = frozenset(("IF", "ELIF", "WHILE"))


def _common_slip(source: str, error: Token) -> tuple[str, A.Span] | None:
    """CPython's words for two slips its invalid_ rules name (Python 3.11's grammar), with the
    range its caret covers:
    - two operands side by side inside brackets, `print(1 2)`, `[a b]`: "Perhaps you forgot a
      comma?" (invalid_expression; not after print or exec, nor for a name then a string);
    - `=` in the condition of if, elif or while: "Maybe you meant '==' or ':=' instead of '='?"
      (invalid_named_expression), from the condition's start to the ':'."""
    tokens, clean = _tokens_before(source, (error.line, error.column))
    if not clean:   # an error of the tokenizer: the parser's message stands
        return None
    depth, statement = 0, None
    for i, token in enumerate(tokens):
        if not depth and (not i or tokens[i - 1].type in STATEMENT_START):
            statement = token
        depth += token.type in OPEN
        depth -= token.type in CLOSE and depth > 0
    # an error of the tokenizer anywhere (a bracket never closed) is CPython's report instead
    if not tokens or _tokenizer_error(source) is not None:
        return None
    before = tokens[-1]
    found = _dict_slip(tokens, error) or _if_without_else(tokens, error)
    if found is not None:
        return found
    if depth and before.type in ENDS_AN_OPERAND and error.type in STARTS_AN_OPERAND:
        start = _operand_start(tokens)
        first = tokens[start]
        after = tokens[start + 1] if start + 1 < len(tokens) else error
        if first in ("print", "exec") or (first.type == "NAME" and after.type == "STRING") \
                or _in_comprehension(tokens):
            return None
        return ("invalid syntax. Perhaps you forgot a comma?",
                A.Span(first.line, first.column, error.end_line, error.end_column))
    # `name = ...` only: another target (`a.b = c`) is CPython's "cannot assign to ... here"
    if error.type == "EQUAL" and not depth and statement is not None and \
            statement.type in CONDITION_STARTS and before.type == "NAME" and \
            len(tokens) >= 2 and tokens[-2] is statement:
        end = _line_end_before_colon(source, error)
        return ("invalid syntax. Maybe you meant '==' or ':=' instead of '='?",
                A.Span(before.line, before.column, error.line, end))
    return None


def _innermost(tokens: list) -> tuple[int, list]:
    """The index of the innermost bracket still open at the end of the tokens (-1: none), and
    the indexes of the tokens after it at its own depth (outside inner brackets)."""
    depth, level = 0, []
    for k in range(len(tokens) - 1, -1, -1):
        kind = tokens[k].type
        if kind in CLOSE:
            depth += 1
        elif kind in OPEN:
            if not depth:
                return k, level[::-1]
            depth -= 1
        elif not depth:
            level.append(k)
    return -1, level[::-1]


def _dict_slip(tokens: list, error: Token) -> tuple[str, A.Span] | None:
    """In a dict display after a first `key: value,` (invalid_kvpair): a key with no ':'
    after it, with the caret on its last character, or a ':' with no value after it."""
    opened, level = _innermost(tokens)
    if opened < 0 or tokens[opened].type != "LBRACE" or error.type == "COLON":
        return None
    kinds = [tokens[k].type for k in level]
    last = tokens[-1]
    if last.type == "COLON" and error.type in ("RBRACE", "COMMA"):
        return ("expression expected after dictionary key and ':'",
                A.Span(last.line, last.column, last.line, last.column + 1))
    if "COMMA" not in kinds or "COLON" not in kinds[:kinds.index("COMMA")]:
        return None
    item = kinds[len(kinds) - kinds[::-1].index("COMMA"):]
    if item and "COLON" not in item and last.type != "COMMA":
        return ("':' expected after dictionary key",
                A.Span(last.end_line, last.end_column - 1, last.end_line, last.end_column))
    return None


def _if_without_else(tokens: list, error: Token) -> tuple[str, A.Span] | None:
    """`a if b` with no `else` (invalid_expression), from a's start to b's end."""
    if error.type in ("ELSE", "COLON") or tokens[-1].type == "IF":
        return None
    start, level = _innermost(tokens)
    ifs = [k for k in level if tokens[k].type == "IF"]
    if not ifs or _in_comprehension(tokens):
        return None
    at = ifs[-1]
    if at == start + 1 or tokens[at - 1].type in STATEMENT_START or \
            tokens[at - 1].type in EXPRESSION_BOUNDS:   # a statement's `if`, not an operator
        return None
    first = max([k for k in level if k < at and tokens[k].type in EXPRESSION_BOUNDS],
                default=start) + 1
    begin, last = tokens[first], tokens[-1]
    return ("expected 'else' after 'if' expression",
            A.Span(begin.line, begin.column, last.end_line, last.end_column))


def _in_comprehension(tokens: list) -> bool:
    """Is the innermost open bracket at the end of the tokens a comprehension's (a `for` in
    it)? CPython does not look for a missing comma there."""
    depth = 0
    for token in reversed(tokens):
        if token.type in CLOSE:
            depth += 1
        elif token.type in OPEN:
            if depth == 0:
                return False
            depth -= 1
        elif token.type == "FOR" and depth == 0:
            return True
    return False


def _operand_start(tokens: list) -> int:
    """Where the operand ending the token list starts: a name, number or string, or a bracket
    pair, with the attribute accesses, calls and subscripts before it (`a.b(c)[d]`)."""
    i = len(tokens) - 1
    while i >= 0:
        if tokens[i].type in CLOSE:
            depth = 0
            while i >= 0:
                depth += (tokens[i].type in CLOSE) - (tokens[i].type in OPEN)
                if depth == 0:
                    break
                i -= 1
        if i > 0 and (tokens[i - 1].type == "DOT" or tokens[i].type in OPEN
                      and tokens[i - 1].type in ENDS_AN_OPERAND):
            i -= 2 if tokens[i - 1].type == "DOT" else 1
            continue
        return max(i, 0)
    return 0


def _line_end_before_colon(source: str, error: Token) -> int:
    """The column just past the condition that an `=` sits in: before its line's last ':'."""
    code = source.split("\n")[error.line - 1].split("#", 1)[0].rstrip()
    colon = code.rfind(":")
    end = colon if colon > error.column else len(code)
    return len(code[:end].rstrip()) + 1


def _specific(source: str, e: UnexpectedToken) -> str | None:
    """CPython's words for a compound statement's header without its colon, and for
    Python 2's print statement (its invalid_ rules), where gradcli's would be generic."""
    line = e.token.line
    code = source.split("\n")[line - 1] if line else ""
    if e.token.type == "_NEWLINE" and "COLON" in e.expected and _COMPOUND.match(code):
        return "expected ':'"
    legacy = _LEGACY_PRINT.match(code)
    if legacy and e.token.column == legacy.end() and e.token.line == line:
        return (f"Missing parentheses in call to '{legacy[1]}'. "
                f"Did you mean {legacy[1]}(...)?")
    return None


def _after_colon(source: str, e: UnexpectedToken) -> bool:
    """Does the error come right after a line ending in ':' (a block with no body)?"""
    line = e.token.line
    if not line or line < 2 or e.token.type in ("$END",):
        return False
    if e.token.column != _first_code(source, line).col:   # the line has code before it
        return False
    before = source.split("\n")[:line - 1]
    while before and not before[-1].split("#", 1)[0].strip():
        before.pop()
    return bool(before) and before[-1].split("#", 1)[0].rstrip().endswith(":")


STATEMENT_START = frozenset(("_NEWLINE", "_INDENT", "_DEDENT"))
# what stands before an expression that an `if ... else` may start (its left operand does not
# reach past them)
EXPRESSION_BOUNDS = STATEMENT_START | frozenset((
    "COMMA", "EQUAL", "AUGOP", "COLON", "SEMICOLON", "ELSE", "IF", "ELIF", "WHILE", "LAMBDA",
    "RETURN", "YIELD", "ASSERT", "RAISE", "FROM", "DEL", "IN", "FOR", "WITH", "AS"))
TRY_ENDS = frozenset(("EXCEPT", "FINALLY"))
# how CPython names the statement whose indented block is missing (its invalid_*_stmt rules)
BLOCK_OPENERS = {**{k.upper(): f"'{k}' statement" for k in (
    "if", "elif", "else", "while", "for", "with", "try", "except", "finally")},
    "DEF": "function definition", "CLASS": "class definition"}


def _tokens_before(source: str, place: tuple | None, at: bool = False) -> tuple[list, bool]:
    """The tokens of `source` before `place` (a (line, column); None: all of them), and those
    at it when `at`; and whether the tokenizer got there without an error of its own (if not,
    the list ends where it stopped). For the error messages that look back at the statements."""
    tokens = []
    try:
        for token in parser().indented(source):
            if place is not None and token.line is not None and \
                    ((token.line, token.column) > place if at else
                     (token.line, token.column) >= place):
                break
            tokens.append(token)
    except Exception:
        return tokens, False
    return tokens, True


def _statement_starts(tokens: list):
    """The tokens that begin a statement (the first, and those after a newline or an indent)."""
    return (t for i, t in enumerate(tokens) if not i or tokens[i - 1].type in STATEMENT_START)


def _no_block(source: str, before: tuple | None) -> str:
    """CPython's message for a block with no indented body: it names the statement that opened
    it (the last one to start before `before`, a (line, column); None: the end) and its line.
    After an error of the tokenizer, the last opener before it."""
    tokens, _ = _tokens_before(source, before)
    opener = None
    for token in _statement_starts(tokens):
        if token.type in BLOCK_OPENERS:
            opener = token
    if opener is None:
        return "expected an indented block"
    return f"expected an indented block after {BLOCK_OPENERS[opener.type]} on line {opener.line}"


def _operator_starting_a_statement(source: str, error: Token) -> Token | None:
    """A statement up to the error that starts with '%' or '/' (a notebook's
    `%matplotlib inline`, a stray operator), which CPython refuses at that token. The grammar
    reads it as the start of a decorator, whose '@' shares the MUL_OP token, and so stops
    later, or waits for a def as if the input went on."""
    place = (error.line, error.column) if error.line is not None else None
    tokens, _ = _tokens_before(source, place, at=True)
    return next((t for t in _statement_starts(tokens) if t.type == "MUL_OP" and t in ("%", "/")),
                None)


def _at_end(source: str, token: Token) -> bool:
    if token.type == "$END":
        return True
    pos = getattr(token, "end_pos", None) or getattr(token, "start_pos", None)
    return pos is None or not source[pos:].strip()


def _first_statement_line(text: str):
    """(number, text) of the first line holding code, or None."""
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return number, line
    return None


def _first_code(source: str, line: int) -> A.Span:
    """The first character of code on `line` (where an unexpected indent shows)."""
    lines = source.split("\n")
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    col = len(text) - len(text.lstrip()) + 1
    return A.Span(line, col, line, max(col + 1, len(text.rstrip()) + 1))


def _end_of_line(source: str, line: int, column: int) -> A.Span:
    lines = source.split("\n")
    if 0 < line <= len(lines):
        text = lines[line - 1]
        col = len(text.rstrip()) + 1
        return A.Span(line, col, line, col + 1)
    return A.Span(line, column, line, column + 1)
