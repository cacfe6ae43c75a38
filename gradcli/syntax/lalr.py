"""A small LALR(1) runtime for the tables of syntax/tables.py: lexer, Python indenter, parser.

It does what lark's own runtime does for this grammar (basic lexer with keyword retyping,
PythonIndenter, LALR with maybe_placeholders and its child filters), so that parsing needs
neither lark's import nor its tree: reductions call the AST builder's methods directly.
"""
from __future__ import annotations

import re
import unicodedata
from functools import cached_property
from operator import itemgetter

TAB_LEN = 8
BLANKS = "\t \x0c"   # what may stand between tokens (the grammar ignores /[\t \f]+/)
OPEN = frozenset(("LPAR", "LSQB", "LBRACE"))
CLOSE = frozenset(("RPAR", "RSQB", "RBRACE"))


class Token(str):
    """A piece of source text with its type and place (1-based lines and columns)."""

    __slots__ = ("type", "start_pos", "line", "column", "end_line", "end_column", "end_pos")

    def __new__(cls, type_: str, value: str, start_pos: int | None = None,
                line: int | None = None, column: int | None = None,
                end_line: int | None = None, end_column: int | None = None,
                end_pos: int | None = None) -> "Token":
        t = super().__new__(cls, value)
        t.type, t.start_pos, t.line, t.column = type_, start_pos, line, column
        t.end_line, t.end_column, t.end_pos = end_line, end_column, end_pos
        return t

    def borrow(self, type_: str, value: str) -> "Token":
        return Token(type_, value, self.start_pos, self.line, self.column, self.end_line,
                     self.end_column, self.end_pos)


class UnexpectedToken(Exception):
    def __init__(self, token: Token, expected: set) -> None:
        super().__init__(f"unexpected {token.type}")
        self.token, self.expected = token, expected
        self.line, self.column = token.line, token.column


class UnexpectedCharacters(Exception):
    def __init__(self, pos: int, line: int, column: int) -> None:
        super().__init__(f"no token at line {line} column {column}")
        self.pos_in_stream, self.line, self.column = pos, line, column


class TooDeep(Exception):
    """More brackets open at once than Python allows (200)."""

    def __init__(self, token: Token) -> None:
        super().__init__("too many nested parentheses")
        self.token = token


MAX_PARENS = 200


class DedentError(Exception):
    def __init__(self, token: Token) -> None:
        super().__init__("unindent does not match any outer indentation level")
        self.token = token


class InconsistentTabs(Exception):
    """An indent whose depth against the enclosing ones depends on the tab size: TabError."""

    def __init__(self, token: Token) -> None:
        super().__init__("inconsistent use of tabs and spaces in indentation")
        self.token = token


def indent_columns(indent: str) -> tuple[int, int]:
    """An indent's depth measured twice, as CPython's tokenizer does (`col` and `altcol`): with
    tabs to the next multiple of 8, and with tabs as 1. It is consistent only when both measures
    order it the same way against the enclosing indents."""
    col = alt = 0
    for c in indent:
        if c == "\f":   # a form feed starts the count again, as in CPython's tokenizer
            col = alt = 0
            continue
        col = (col // TAB_LEN + 1) * TAB_LEN if c == "\t" else col + 1
        alt += 1
    return col, alt


class Inline:
    """A `_rule`'s children, waiting to be spliced into the rule that uses it."""

    __slots__ = ("children",)

    def __init__(self, children: list) -> None:
        self.children = children


class Parser:
    def __init__(self, tables: dict, builder) -> None:
        self.tables = tables
        # each terminal's name marks where it ends (an empty group), so that each alternative
        # starts with its terminal's own first character or set, which the regex engine
        # checks before it enters the alternative (it does not look inside a group): the scan
        # takes 40 % less time than with `(?P<NAME>regexp)`
        self.terminals = "|".join(f"(?:{regexp})(?P<{name}>)"
                                  for name, regexp, _ in tables["terminals"])
        # the scanner of a parse: the blanks before a token go with its match instead of
        # costing one of their own (no terminal starts with a blank but the ignored one, which
        # still matches blanks that nothing follows)
        self.skipping = re.compile(f"[{BLANKS}]*(?:{self.terminals})")
        self.keywords = tables["keywords"]
        self.ignore = frozenset(tables["ignore"])
        self.newline = frozenset(tables["newline"])
        self.states = tables["states"]
        self.rules = [self._callback(rule, builder) for rule in tables["rules"]]
        # (state below, state on top, token type) -> the top state once every unit reduction
        # the token triggers has run: an expression passes through a dozen precedence levels
        # (`?expr: term`), each a reduction that changes only the top state, for every operand
        self.units: dict = {}

    @cached_property
    def scanner(self) -> re.Pattern:
        """The scanner that keeps the blanks (highlighting asks for it: a parse does not)."""
        return re.compile(self.terminals)

    @staticmethod
    def _callback(rule, builder):
        name, origin, size, expand1, child_filter = rule
        if size == 1 and expand1 and child_filter is None:
            # a unit rule (`?expr: term`): the value passes through; most reductions are these
            return size, origin, None
        fn = getattr(builder, name, None)
        inline = fn is None and not expand1
        if fn is None:
            # an inlined `_rule` (or lark's `__` helpers): its children join its parent's
            def fn(*children):
                return Inline(list(children))
        if expand1:
            inner = fn

            def fn(*children):
                return children[0] if len(children) == 1 else inner(*children)
        if child_filter is not None:
            include, nones_after = child_filter
            target = fn
            if include and not nones_after and not any(s or n for _, s, n in include):
                # the filter only drops tokens (`"." NAME`): pick the kept children
                pick = itemgetter(*(i for i, _, _ in include))
                if inline:
                    if len(include) == 1:
                        return size, origin, lambda *children: Inline([pick(children)])
                    return size, origin, lambda *children: Inline(list(pick(children)))
                if len(include) == 1:
                    return size, origin, lambda *children: target(pick(children))
                return size, origin, lambda *children: target(*pick(children))
            if len(include) == 1 and not nones_after and not include[0][2]:
                # one child spliced in (`_stmt: _simple_stmt`, a statement list): an inlined
                # rule hands its list on as it is, and so does this one
                i = include[0][0]
                if inline:
                    return size, origin, lambda *children: children[i] \
                        if type(children[i]) is Inline else Inline([children[i]])
                return size, origin, lambda *children: target(*children[i].children) \
                    if type(children[i]) is Inline else target(children[i])

            def fn(*children):
                out: list = []
                for i, splice, nones in include:
                    if nones:
                        out += [None] * nones
                    child = children[i]
                    if splice and type(child) is Inline:
                        if out:
                            out += child.children
                        else:
                            # a left-recursive list (statements, items) grows in place: copying
                            # it at each reduction would make parsing quadratic (lark does this)
                            out = child.children
                    else:
                        out.append(child)
                if nones_after:
                    out += [None] * nones_after
                # an inlined rule hands its list on as it is (no copy per reduction)
                return Inline(out) if inline else target(*out)
        return size, origin, fn

    # ---- lexing -------------------------------------------------------------------------
    def tokens(self, text: str, keep_ignored: bool = False):
        """The tokens of `text` (white space and comments too when `keep_ignored`, for
        highlighting); raises UnexpectedCharacters where no terminal matches."""
        # the loop of every parse: one match and one Token per token, the Token's slots set
        # here rather than through Token() (its call costs twice the rest)
        match = (self.scanner if keep_ignored else self.skipping).match
        keywords, newline, make = self.keywords, self.newline, str.__new__
        ignore = frozenset() if keep_ignored else self.ignore
        blanks = "" if keep_ignored else BLANKS
        pos, line, col, n = 0, 1, 1, len(text)
        while pos < n:
            m = match(text, pos)
            if m is None:
                raise UnexpectedCharacters(pos, line, col)
            kind, end = m.lastgroup, m.end()
            value = m.group().lstrip(blanks)
            start = end - len(value)
            if start != pos:   # blanks skipped (never a newline among them)
                col += start - pos
            if kind in newline and "\n" in value:
                end_line = line + value.count("\n")
                end_col = len(value) - value.rfind("\n")
            else:
                end_line, end_col = line, col + len(value)
            if kind not in ignore:
                token = make(Token, value)
                token.type = keywords[kind].get(value, kind) if kind in keywords else kind
                token.start_pos, token.line, token.column = start, line, col
                token.end_line, token.end_column, token.end_pos = end_line, end_col, end
                yield token
            pos, line, col = end, end_line, end_col

    def indented(self, text: str):
        """lark's PythonIndenter: _NEWLINE tokens become _NEWLINE + _INDENT/_DEDENT. Indents
        are compared by CPython's rule, and as in its tokenizer a bad indent is an error before
        any of its _DEDENTs can reach the parser."""
        levels = [(0, 0)]   # (col, altcol) of each open indent
        parens = 0
        for token in self.tokens(text):
            if token.type == "_NEWLINE":
                if parens:
                    continue
                yield token
                indent_str = token.rsplit("\n", 1)[1]
                col, alt = indent_columns(indent_str)
                if col > levels[-1][0]:
                    if alt <= levels[-1][1]:
                        raise InconsistentTabs(token)
                    levels.append((col, alt))
                    yield token.borrow("_INDENT", indent_str)
                else:
                    depth = len(levels)
                    while col < levels[depth - 1][0]:
                        depth -= 1
                    if col != levels[depth - 1][0]:
                        raise DedentError(token)
                    if alt != levels[depth - 1][1]:
                        raise InconsistentTabs(token)
                    for _ in levels[depth:]:
                        yield token.borrow("_DEDENT", indent_str)
                    del levels[depth:]
                continue
            yield token
            if token.type in OPEN:
                parens += 1
                if parens > MAX_PARENS:
                    raise TooDeep(token)
            elif token.type in CLOSE and parens:
                parens -= 1
        while len(levels) > 1:
            levels.pop()
            yield Token("_DEDENT", "")

    # ---- parsing ------------------------------------------------------------------------
    def _unit_chain(self, below: int, top: int, kind: str) -> int:
        """The state a run of unit reductions leads to (see `units`), found once."""
        states, rules = self.states, self.rules
        key = (below, top, kind)
        while True:
            action = states[top].get(kind)
            if action is None or action >= 0 or rules[~action][2] is not None:
                self.units[key] = top
                return top
            top = states[below][rules[~action][1]]

    def parse(self, text: str, start: str = "start"):
        states, rules, units = self.states, self.rules, self.units
        state_stack = [self.tables["start"][start]]
        values: list = []
        end_state = self.tables["end"][start]
        last = None
        for token in self.indented(text):
            kind = token.type
            while True:
                state = state_stack[-1]
                action = states[state].get(kind)
                if action is None:
                    raise UnexpectedToken(token, set(states[state]))
                if action >= 0:
                    state_stack.append(action)
                    if kind == "NAME" and not token.isascii():
                        # Python reads identifiers in NFKC: ｐｒｉｎｔ is print
                        name = unicodedata.normalize("NFKC", token)
                        if not token.isidentifier():   # '²' is a word character, not a name
                            bad = next(i for i in range(len(token))
                                       if not ("a" + token[i]).isidentifier()
                                       or not i and not token[i].isidentifier())
                            raise UnexpectedCharacters(token.start_pos + bad, token.line,
                                                       token.column + bad)
                        token = token.borrow("NAME", name)
                    values.append(token)
                    break
                size, origin, fn = rules[~action]
                if fn is None:  # unit rules: the value stays, the top state moves
                    below = state_stack[-2]
                    top = units.get((below, state, kind))
                    state_stack[-1] = top if top is not None else \
                        self._unit_chain(below, state, kind)
                elif size == 1:  # a name, a number, ...: the top is replaced in place
                    values[-1] = fn(values[-1])
                    state_stack[-1] = states[state_stack[-2]][origin]
                elif size:      # _reduce, inline: the loop runs once per token and reduction
                    children = values[-size:]
                    del values[-size:]
                    del state_stack[-size:]
                    values.append(fn(*children))
                    state_stack.append(states[state_stack[-1]][origin])
                else:
                    self._reduce(size, origin, fn, state_stack, values, states)
            last = token
        # as lark: the end takes the last token's place when that token has text (a _DEDENT at
        # the end of the input has none: then line 1, column 1)
        end = last.borrow("$END", "") if last else Token("$END", "", 0, 1, 1, 1, 1, 0)
        while True:
            action = states[state_stack[-1]].get("$END")
            if action is None:
                raise UnexpectedToken(end, set(states[state_stack[-1]]))
            if action >= 0:
                raise UnexpectedToken(end, set(states[state_stack[-1]]))
            size, origin, fn = rules[~action]
            if fn is None:
                state_stack[-1] = states[state_stack[-2]][origin]
            else:
                self._reduce(size, origin, fn, state_stack, values, states)
            if state_stack[-1] == end_state:
                return values[-1]

    @staticmethod
    def _reduce(size, origin, fn, state_stack, values, states) -> None:
        if size:
            children = values[-size:]
            del values[-size:]
            del state_stack[-size:]
        else:
            children = ()
        values.append(fn(*children))
        state_stack.append(states[state_stack[-1]][origin])
