"""What a program shows, as plain text on streams: PyTorch's own bytes, nothing added."""
from __future__ import annotations

from .text import error_text, warning_text

REPORT = "please report it with the program that caused it"


def internal_text(error) -> str:
    """A gradcli bug met while running a program (an interpret.InternalError)."""
    line = error.span.line if error.span else "?"
    return (f"gradcli: internal error: {error} (at line {line} of {error.filename}; {REPORT}; "
            f"--traceback shows where)\n")


def traceback_text(error) -> str:
    import traceback  # only when asked for: start-up time
    return "".join(traceback.format_exception(error))


def _flush(stream) -> None:
    try:
        stream.flush()
    except (OSError, ValueError):
        pass


class PlainRenderer:
    """Values, errors and warnings written as text; stdout is flushed before stderr is used."""

    def __init__(self, stdout, stderr, traceback: bool = False) -> None:
        self.stdout, self.stderr, self.traceback = stdout, stderr, traceback

    def out(self, text: str) -> None:
        self.stdout.write(text)

    def value(self, obj) -> None:
        self.stdout.write(repr(obj) + "\n")

    def err(self, text: str) -> None:
        """The program's own standard error (sys.stderr.write, an exit message)."""
        self._err(text)

    def error(self, error) -> None:
        self._err(error_text(error))

    def warning(self, w) -> None:
        self._err(warning_text(w))

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
