"""gradcli's colours: one table of dotted style names, for rich and for prompt_toolkit alike."""
from __future__ import annotations

from rich.style import Style
from rich.theme import Theme

STYLES = {
    # a value echoed by the REPL: PyTorch's text, coloured where it says something
    "tensor.number": "cyan",
    "tensor.grad_fn": "magenta",
    "tensor.requires_grad": "yellow",
    "tensor.dtype": "green",
    "tensor.keyword": "dim",
    "tensor.constant": "bold",
    "tensor.string": "bright_green",
    # an error: PyTorch's words first, then where, then gradcli's advice
    "error.kind": "bold red",
    "error.message": "red",
    "error.location": "dim",
    "error.caret": "bold red",
    "error.advice": "yellow",
    "error.internal": "bold red",
    "warning.category": "dim yellow",
    "warning.message": "dim",
    # gradcli code, wherever it is shown (the classes of render.syntax.CLASSES)
    "syntax.keyword": "bold magenta",
    "syntax.constant": "magenta",
    "syntax.name": "",
    "syntax.builtin": "cyan",
    "syntax.number": "bright_cyan",
    "syntax.string": "green",
    "syntax.comment": "italic bright_black",
    "syntax.operator": "",
    "syntax.error": "bold red",
    # the REPL's own words
    "prompt.main": "bold green",
    "prompt.continuation": "green",
    "repl.note": "dim",
    "help.heading": "bold",
    "help.command": "bold cyan",
    "vars.name": "bold",
}

THEME = Theme(STYLES)

# prompt_toolkit names the 16 standard colours its own way
_ANSI = ("ansiblack", "ansired", "ansigreen", "ansiyellow", "ansiblue", "ansimagenta", "ansicyan",
         "ansigray", "ansibrightblack", "ansibrightred", "ansibrightgreen", "ansibrightyellow",
         "ansibrightblue", "ansibrightmagenta", "ansibrightcyan", "ansiwhite")
_ATTRIBUTES = ("bold", "italic", "underline", "dim", "reverse", "blink", "strike")


def prompt_toolkit_style(name: str) -> str:
    """The style STYLES[name] as a prompt_toolkit style string."""
    style = Style.parse(STYLES[name])
    words = [a for a in _ATTRIBUTES if getattr(style, a)]
    if style.color is not None:
        number = style.color.number
        words.append(_ANSI[number] if number is not None and number < 16
                     else style.color.get_truecolor().hex)
    return " ".join(words)
