"""Source text cut into coloured classes by the grammar's own lexer (no second list of regexes).

Every colouring of gradcli code — the REPL as you type, error messages, Pygments — starts from
`classify(text)`: pieces `(class, text)` that cover the text exactly, with the classes of
CLASSES ("" is white space and anything else left plain).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from ..syntax.lalr import UnexpectedCharacters
from ..syntax.parser import parser

CLASSES = ("keyword", "constant", "name", "builtin", "number", "string", "comment", "operator",
           "error")

# Terminals that carry a value; every other terminal is white space (ignored by the grammar,
# or a newline), a keyword (a fixed word), or an operator (any other fixed string).
VALUE_TERMINALS = {"NAME": "name", "NUMBER": "number", "IMAG_NUMBER": "number",
                   "STRING": "string", "LONG_STRING": "string", "COMMENT": "comment"}
CONSTANTS = frozenset(("None", "True", "False"))
QUOTES = ("'", '"')


@lru_cache(maxsize=1)
def _grammar():
    """The parser (whose lexer keeps what the grammar ignores when asked) and each
    terminal's class."""
    p = parser()
    white = frozenset(p.tables["ignore"]) | {"_NEWLINE"}  # the indenter's newlines too
    classes = {}
    for name, _, _ in p.tables["terminals"]:
        if name in VALUE_TERMINALS:
            classes[name] = VALUE_TERMINALS[name]
        elif name in white:
            classes[name] = ""
        else:
            classes[name] = "operator"
    for words in p.tables["keywords"].values():
        for word, name in words.items():
            classes[name] = "constant" if word in CONSTANTS else "keyword"
    comment = next(regexp for name, regexp, _ in p.tables["terminals"] if name == "COMMENT")
    return p, classes, re.compile(comment)


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
            for token in lexer.tokens(text[pos:], keep_ignored=True):
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
    return sorted(word for words in parser().tables["keywords"].values() for word in words)
