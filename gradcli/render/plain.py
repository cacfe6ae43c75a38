"""What a program shows, as plain text on streams: PyTorch's own bytes, and gradcli's hints only
for a person at a terminal."""
from __future__ import annotations

import os

from .advice import hints as advice_hints
from .layout import plain
from .text import error_lines, warning_lines

REPORT = "please report it with the program that caused it"


def internal_text(error) -> str:
    """A gradcli bug met while running a program (an interpret.InternalError)."""
    line = error.span.line if error.span else "?"
    return (f"gradcli: internal error: {error} (at line {line} of {error.filename}; {REPORT}; "
            f"--traceback shows where)\n")


def traceback_text(error) -> str:
    import traceback  # only when asked for: start-up time
    return "".join(traceback.format_exception(error))


def terminal_size(stream) -> os.terminal_size | None:
    """The size of the terminal `stream` writes to; None when it is not one, or when it does
    not know its size (a pty nobody sized, as `script` or an editor's shell makes, says 0 x 0:
    hints would wrap a character to a line, and every long output would go to the pager)."""
    try:
        size = os.get_terminal_size(stream.fileno()) if stream.isatty() else None
    except (AttributeError, ValueError, OSError):
        return None
    return size if size and size.columns > 0 and size.lines > 0 else None


def _flush(stream) -> None:
    try:
        stream.flush()
    except (OSError, ValueError):
        pass


class Program:
    """What the hints may look at: the program's variables and what a value offers. The edge
    attaches them (gradcli/tools.interpreter_for), as render never imports the interpreter."""

    def __init__(self) -> None:
        self.scope: dict = {}
        self.names_of = None

    def attach(self, scope: dict, names_of) -> None:
        self.scope, self.names_of = scope, names_of

    def hints(self, error, wanted: bool) -> list[str]:
        return advice_hints(error, self.scope, self.names_of) if wanted else []


class PlainRenderer(Program):
    """Values, errors and warnings written as text; stdout is flushed before stderr is used.
    With `hints` (a person reads stderr) an error ends with gradcli's hints."""

    def __init__(self, stdout, stderr, traceback: bool = False, hints: bool = False,
                 width: int | None = None) -> None:
        super().__init__()
        self.stdout, self.stderr, self.traceback = stdout, stderr, traceback
        self.show_hints = hints
        self.width = width

    def out(self, text: str) -> None:
        self.stdout.write(text)

    def long(self, text: str) -> None:
        """Long output of the tools (help, graph, explain, gradcheck)."""
        self.stdout.write(text)

    def value(self, obj) -> None:
        self.stdout.write(repr(obj) + "\n")

    def err(self, text: str) -> None:
        """The program's own standard error (sys.stderr.write, an exit message)."""
        self._err(text)

    def error(self, error) -> None:
        self._err(plain(error_lines(error, self.hints(error, self.show_hints), False,
                                    self.width, self.show_hints)))

    def warning(self, w) -> None:
        self._err(plain(warning_lines(w, self.show_hints)))

    def internal(self, error) -> None:
        self._err(internal_text(error))
        if self.traceback:
            self._err(traceback_text(error.error))

    def interrupted(self) -> None:
        self._err("KeyboardInterrupt\n")

    def flush(self) -> None:
        _flush(self.stdout)

    def _err(self, text: str) -> None:
        _flush(self.stdout)
        self.stderr.write(text)
