"""Plain text for errors and warnings, laid out as Python's traceback and warnings show them."""
from __future__ import annotations


def caret_line(source_line: str, span) -> str:
    """`^^^^` under the span's part of its first line (Python 3.11's style)."""
    if span is None:
        return ""
    start = max(span.col - 1, 0)
    end = span.end_col - 1 if span.end_line == span.line else len(source_line.rstrip())
    end = max(end, start + 1)
    indent = len(source_line) - len(source_line.lstrip())
    start = max(start, indent)
    return " " * (start - indent) + "^" * (end - start)


def location(filename: str, source: str, span) -> str:
    """`  File "x.grad", line 3` with the source line and a caret under the failing part."""
    if span is None:
        return ""
    lines = source.split("\n")
    line = lines[span.line - 1] if 0 < span.line <= len(lines) else ""
    out = f'  File "{filename}", line {span.line}\n'
    if line.strip():
        out += f"    {line.strip()}\n"
        caret = caret_line(line, span)
        if caret.strip():
            out += f"    {caret}\n"
    return out


def error_text(error) -> str:
    """An error in the program: its location, then PyTorch's (or Python's) own last line."""
    return location(error.filename, error.source, error.span) + error.headline + "\n"


def warning_text(w) -> str:
    """As Python's warnings module prints: `file:line: Category: message` and the source line."""
    out = f"{w.filename}:{w.line}: {w.category}: {w.message}\n"
    if w.source_line.strip():
        out += f"  {w.source_line.strip()}\n"
    return out
