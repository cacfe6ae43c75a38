"""Errors and warnings as lines of styled pieces: Python's layout (or the REPL's), one set of
words whether they are then written plain or in colour."""
from __future__ import annotations

import re

from .layout import Line, prose

# A line is a list of (style, text) pieces; the styles are the theme's names, and "code" is a
# line of gradcli code that colour shows in its syntax classes. Plain output joins the texts.


def caret_line(source_line: str, span) -> str:
    """`^^^^` under the span's part of its first line (Python 3.11's style); none for a span
    of column 0 (the whole line: CPython's place for an input that ended early)."""
    if span is None or span.col == 0:
        return ""
    start = max(span.col - 1, 0)
    end = span.end_col - 1 if span.end_line == span.line else len(source_line.rstrip())
    end = max(end, start + 1)
    indent = len(source_line) - len(source_line.lstrip())
    start = max(start, indent)
    return " " * (start - indent) + "^" * (end - start)


def _place(error, named: bool) -> list[Line]:
    """`  File "x.grad", line 3` (when `named`), the statement, and a caret under its failing
    part."""
    span, line = error.span, error.source_line()
    lines = []
    if span is not None and named:
        lines.append([("error.location", f'  File "{error.filename}", line {span.line}')])
    # a blank line is shown (as CPython shows it, indented nothing) only where an input ended
    if span is not None and (line.strip() or (span.col == 0 and error.source)):
        lines.append([("", "    "), ("code", line.strip())])
        caret = caret_line(line, span)
        if caret.strip():
            lines.append([("", "    "), ("error.caret", caret)])
    return lines


# what a message may carry into a terminal as it is: line breaks, tabs, and the styles (SGR)
# PyTorch's own messages use (torch.load's bold); a program's text can put anything else there
_STYLE = re.compile(r"\x1b\[[0-9;]*m")


def visible(text: str) -> str:
    """`text` for a terminal: each other character that is not printable escaped as Python's
    repr escapes it (a program's "\x1b[2J" must not clear the screen it is reported on)."""
    if text.isprintable():
        return text
    kept = _STYLE.split(text)
    styles = _STYLE.findall(text)
    out = [_escaped(kept[0])]
    for style, part in zip(styles, kept[1:]):
        out += [style, _escaped(part)]
    return "".join(out)


def _escaped(text: str) -> str:
    return "".join(c if c.isprintable() or c in "\n\t" else repr(c)[1:-1] for c in text)


def _headline(error, terminal: bool) -> Line:
    if not error.message:
        return [("error.kind", error.kind)]
    message = visible(error.message) if terminal else error.message
    return [("error.kind", error.kind), ("", ": "), ("error.message", message)]


def error_lines(error, hints: list[str] = (), repl: bool = False,
                columns: int | None = None, terminal: bool = False) -> list[Line]:
    """An error in the program. A script's (`gradcli run`, `-e`, a pipe) as Python's traceback
    ends: where, the statement, a caret, then PyTorch's (or Python's) own last line. In the REPL
    the message comes first, and the file is named only when the input was more than one typed
    line. gradcli's hints, when a person reads them, come last, broken between words to the
    terminal's `columns` (PyTorch's and Python's lines stay as they print them). On a
    `terminal`, the message shows its control characters escaped (visible)."""
    if repl:
        named = not error.filename.startswith("<") or "\n" in error.source.strip()
        lines = [_headline(error, terminal)] + _place(error, named)
    else:
        lines = _place(error, True) + [_headline(error, terminal)]
    return lines + prose([[("error.advice", hint)] for hint in hints], columns)


def warning_lines(w, terminal: bool = False) -> list[Line]:
    """As Python's warnings module prints: `file:line: Category: message` and the source line
    (on a `terminal`, the message as `visible` shows it)."""
    message = visible(w.message) if terminal else w.message
    lines = [[("warning.message", f"{w.filename}:{w.line}: "), ("warning.category", w.category),
              ("warning.message", f": {message}")]]
    if w.source_line.strip():
        lines.append([("warning.message", f"  {w.source_line.strip()}")])
    return lines
