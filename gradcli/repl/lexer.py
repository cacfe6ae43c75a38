"""Highlighting as you type: render.syntax's classes (the grammar's tokens) as prompt_toolkit
styles, with the colours of render.theme."""
from __future__ import annotations

from prompt_toolkit.lexers import Lexer
from prompt_toolkit.styles import Style

from ..render.syntax import CLASSES, classify
from ..render.theme import prompt_toolkit_style


class GradcliLexer(Lexer):
    """Colours a buffer by the grammar's tokens; names the session knows as builtins stand out."""

    def __init__(self, builtins) -> None:
        self.builtins = builtins

    def lex_document(self, document):
        lines: list[list[tuple[str, str]]] = [[]]
        for cls, piece in classify(document.text, self.builtins):
            style = f"class:syntax.{cls}" if cls else ""
            first, *rest = piece.split("\n")
            lines[-1].append((style, first))
            lines.extend([(style, part)] for part in rest)
        lines = [[(style, part) for style, part in line if part] for line in lines]
        return lambda number: lines[number] if number < len(lines) else []


def style() -> Style:
    """The prompt's styles: the syntax classes and the prompts, from gradcli's theme."""
    names = [f"syntax.{cls}" for cls in CLASSES] + ["prompt.main", "prompt.continuation"]
    return Style([(name, prompt_toolkit_style(name)) for name in names])
