"""Errors and warnings in colour: render.text's lines, with the theme's styles laid over them."""
from __future__ import annotations

from rich.text import Text

from .styled import styled
from .text import error_lines, warning_lines


def error_text(error, hints: list[str] = (), repl: bool = True,
               columns: int | None = None, terminal: bool = False) -> Text:
    return styled(error_lines(error, hints, repl, columns, terminal))


def warning_text(w, terminal: bool = False) -> Text:
    """As Python's warnings module lays it out, dimmed: the program goes on."""
    return styled(warning_lines(w, terminal))
