"""Source text cut into coloured classes by the grammar's own lexer (no second list of regexes).

Every colouring of gradcli code — the REPL as you type, error messages, Pygments — starts from
`classify(text)`: pieces `(class, text)` that cover the text exactly, with the classes of
CLASSES ("" is white space and anything else left plain).
"""
from __future__ import annotations

import re
from copy import copy
from functools import lru_cache
from typing import Iterable

from lark.exceptions import UnexpectedCharacters
from lark.lexer import BasicLexer, LexerThread

from ..syntax.parser import parser

CLASSES = ("keyword", "constant", "name", "builtin", "number", "string", "comment", "operator",
           "error")

# Terminals that carry a value; every other terminal is white space (ignored by the grammar,
# or a newline), a keyword (a fixed word), or an operator (any other fixed string).
VALUE_TERMINALS = {"NAME": "name", "NUMBER": "number", "STRING": "string",
                   "LONG_STRING": "string", "COMMENT": "comment"}
CONSTANTS = frozenset(("None", "True", "False"))
QUOTES = ("'", '"')


@lru_cache(maxsize=1)
def _grammar():
    """The parser's lexer, keeping what the grammar ignores, and each terminal's class."""
    conf = copy(parser().lexer_conf)
    white = frozenset(conf.ignore) | {conf.postlex.NL_type}  # the indenter's newlines
    conf.ignore = ()
    classes = {}
    for terminal in conf.terminals:
        value = terminal.pattern.value
        if terminal.name in VALUE_TERMINALS:
            classes[terminal.name] = VALUE_TERMINALS[terminal.name]
        elif terminal.name in white:
            classes[terminal.name] = ""
        elif terminal.pattern.type == "str" and value.isidentifier():
            classes[terminal.name] = "constant" if value in CONSTANTS else "keyword"
        else:
            classes[terminal.name] = "operator"
    comment = next(t for t in conf.terminals if t.name == "COMMENT").pattern.to_regexp()
    return BasicLexer(conf), classes, re.compile(comment)


def classify(text: str, builtins: Iterable[str] = frozenset()) -> list[tuple[str, str]]:
    """`(class, piece)` pairs covering `text`; names in `builtins` are class "builtin".

    Text the lexer cannot read (an unfinished string while typing, a stray character) does not
    stop it: an unfinished string is a string to the end of its line, anything else an error.
    """
    lexer, classes, comment = _grammar()
    builtins = builtins if isinstance(builtins, (set, frozenset, dict)) else set(builtins)
    out: list[tuple[str, str]] = []
    pos = 0
    while pos < len(text):
        try:
            for token in LexerThread.from_text(lexer, text[pos:]).lex(None):
                _add(out, classes[token.type], str(token), builtins, comment)
            break
        except UnexpectedCharacters as e:
            start = pos + e.pos_in_stream  # the tokens before it are already in `out`
            end = _unreadable_end(text, start)
            out.append(("string" if text[start] in QUOTES else "error", text[start:end]))
            pos = end
    return _merge(out)


def _unreadable_end(text: str, start: int) -> int:
    if text.startswith(('"""', "'''"), start):
        return len(text)
    if text[start] in QUOTES:
        end = text.find("\n", start)
        return len(text) if end < 0 else end
    return start + 1


def _add(out, cls: str, piece: str, builtins, comment) -> None:
    if cls == "name" and piece in builtins and out[-1:] != [("operator", ".")]:
        cls = "builtin"
    if cls == "" and "#" in piece:
        # the grammar folds comments into its _NEWLINE token: take them back out
        last = 0
        for m in comment.finditer(piece):
            out.append(("", piece[last:m.start()]))
            out.append(("comment", m.group()))
            last = m.end()
        out.append(("", piece[last:]))
        return
    out.append((cls, piece))


def _merge(pieces: list[tuple[str, str]]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for cls, piece in pieces:
        if not piece:
            continue
        if out and out[-1][0] == cls:
            out[-1] = (cls, out[-1][1] + piece)
        else:
            out.append((cls, piece))
    return out


def keywords() -> list[str]:
    """The grammar's words (`for`, `lambda`, `None`, ...), sorted."""
    _, classes, _ = _grammar()
    lexer_terminals = parser().lexer_conf.terminals
    return sorted(t.pattern.value for t in lexer_terminals
                  if classes[t.name] in ("keyword", "constant"))
