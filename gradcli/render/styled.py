"""Lines of styled pieces (render.layout) as rich Text: the same characters, coloured."""
from __future__ import annotations

from rich.text import Text

from .syntax import classify


def code_text(code: str) -> Text:
    """gradcli code in its syntax colours (styles "syntax.<class>")."""
    return Text.assemble(*((piece, f"syntax.{cls}" if cls else "") for cls, piece in
                           classify(code)))


def styled(lines, styles: dict | None = None) -> Text:
    """The lines as one Text, each piece in its style: the theme's name, or `styles[name]`;
    a "code" piece in the syntax colours."""
    out = Text()
    for k, line in enumerate(lines):
        if k:
            out.append("\n")
        for style, text in line:
            if style == "code":
                out.append_text(code_text(text))
            else:
                out.append(text, styles.get(style, style) if styles else style)
    return out
