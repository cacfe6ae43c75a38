"""What a program shows, on rich consoles with gradcli's theme: coloured, never re-laid out."""
from __future__ import annotations

from rich.console import Console

from .error import error_text, warning_text
from .plain import internal_text, traceback_text
from .theme import THEME
from .value import value_text


def make_console(stream, colour: bool, width: int | None = None) -> Console:
    """A console that writes `stream`; without colour its output is the plain characters.

    The caller has decided about colour (--color, NO_COLOR, a terminal): rich is told, not
    asked. soft_wrap: PyTorch already laid out its text, and rich must not wrap it again.
    """
    options = dict(file=stream, theme=THEME, force_terminal=True if colour else None,
                   color_system="auto" if colour else None, no_color=not colour,
                   highlight=False, markup=False, emoji=False, soft_wrap=True, width=width)
    console = Console(**options)
    if colour and console.color_system is None:  # rich saw TERM=dumb; --color always wins
        console = Console(**(options | {"color_system": "standard"}))
    return console


class RichRenderer:
    """The same calls as render.plain.PlainRenderer, with styles; print()'s output stays raw."""

    def __init__(self, stdout, stderr, colour: bool, traceback: bool = False,
                 width: int | None = None) -> None:
        self.console = make_console(stdout, colour, width)
        self.errors = make_console(stderr, colour, width)
        self.traceback = traceback

    def out(self, text: str) -> None:
        self.console.file.write(text)

    def value(self, obj) -> None:
        self.console.print(value_text(repr(obj)))

    def err(self, text: str) -> None:
        """The program's own standard error (sys.stderr.write, an exit message), raw."""
        self.flush()
        self.errors.file.write(text)

    def error(self, error) -> None:
        self.flush()
        self.errors.print(error_text(error))

    def warning(self, w) -> None:
        self.flush()
        self.errors.print(warning_text(w))

    def internal(self, error) -> None:
        self.flush()
        self.errors.print(internal_text(error), style="error.internal", end="")
        if self.traceback:
            self.errors.file.write(traceback_text(error.error))

    def interrupted(self) -> None:
        self.flush()
        self.errors.print("KeyboardInterrupt", style="error.kind")

    def problem(self, text: str) -> None:
        """gradcli's own complaint (a meta-command that cannot do its work), on stderr."""
        self.flush()
        self.errors.print(text, style="error.message")

    def note(self, text: str) -> None:
        """gradcli's own remark (not the program's output), on stderr."""
        self.flush()
        self.errors.print(text, style="repl.note")

    def print(self, renderable) -> None:
        """Output of the REPL itself (help, tables), on stdout, laid out to the width."""
        self.console.print(renderable, soft_wrap=False)

    def flush(self) -> None:
        try:
            self.console.file.flush()
        except (OSError, ValueError):
            pass
