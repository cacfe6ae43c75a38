"""Errors and warnings for a person at a terminal: PyTorch's words, the place, one hint."""
from __future__ import annotations

from rich.text import Text

from .advice import advice
from .syntax import classify
from .text import caret_line


def code_text(code: str) -> Text:
    """gradcli code in its syntax colours (styles "syntax.<class>")."""
    return Text.assemble(*((piece, f"syntax.{cls}" if cls else "") for cls, piece in
                           classify(code)))


def error_text(error) -> Text:
    """PyTorch's message verbatim, then the statement with a caret under the failing part, then
    gradcli's advice when it has some. The file and line are named unless the input was a
    single typed line."""
    out = Text()
    out.append(error.kind, "error.kind")
    if error.message:
        out.append(": ")
        out.append(error.message, "error.message")
    span, line = error.span, error.source_line()
    if span is not None and (not error.filename.startswith("<") or "\n" in error.source.strip()):
        out.append(f'\n  File "{error.filename}", line {span.line}', "error.location")
    if line.strip():
        out.append("\n    ")
        out.append_text(code_text(line.strip()))
        caret = caret_line(line, span)
        if caret.strip():
            out.append("\n    ")
            out.append(caret, "error.caret")
    hint = advice(error.message)
    if hint:
        out.append("\n" + hint, "error.advice")
    return out


def warning_text(w) -> Text:
    """As Python's warnings module lays it out, dimmed: the program goes on."""
    out = Text(f"{w.filename}:{w.line}: ", "warning.message")
    out.append(w.category, "warning.category")
    out.append(f": {w.message}", "warning.message")
    if w.source_line.strip():
        out.append(f"\n  {w.source_line.strip()}", "warning.message")
    return out
