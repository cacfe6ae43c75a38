"""Errors a program can end with; each carries where in the source it happened."""
from __future__ import annotations

import sys


class GradcliError(Exception):
    """An error in the user's program: a type name as Python/PyTorch says it, a text, a place."""

    def __init__(self, kind: str, message: str, span=None, filename: str = "<input>",
                 source: str = "", hint: str = "") -> None:
        super().__init__(f"{kind}: {message}" if message else kind)
        self.kind = kind
        self.message = message
        self.span = span
        self.filename = filename
        self.source = source
        self.hint = hint

    @property
    def headline(self) -> str:
        """The last line of a Python traceback: `RuntimeError: message`."""
        return f"{self.kind}: {self.message}" if self.message else self.kind

    def source_line(self) -> str:
        if self.span is None or not self.source:
            return ""
        lines = self.source.split("\n")
        return lines[self.span.line - 1] if 0 < self.span.line <= len(lines) else ""


class ProgramSyntaxError(GradcliError):
    """A program Python would not compile. Where CPython says only "invalid syntax", what the
    parser met and expected there ("invalid syntax: unexpected 'b', expected ...") becomes
    gradcli's hint, shown to a person below the error line, which stays CPython's."""

    GENERIC = "invalid syntax: "

    def __init__(self, message: str, span, filename: str = "<input>", source: str = "",
                 kind: str = "SyntaxError") -> None:
        hint = ""
        if message.startswith(self.GENERIC):
            message, hint = "invalid syntax", message[len(self.GENERIC):]
        super().__init__(kind, message, span, filename, source, hint)


class IncompleteInput(Exception):
    """The text so far is a valid beginning: an open bracket, block or string at its end.
    `expected`: the tokens the parser would have taken next (empty when the tokenizer stopped)."""

    def __init__(self, expected=()) -> None:
        super().__init__()
        self.expected = frozenset(expected)


OUT_OF_MEMORY = ("the system refused memory this program needed (tensors are also limited to "
                 "--max-elements elements each)")


# Python's modules whose own error classes a program can meet (io.UnsupportedOperation,
# _pickle.UnpicklingError), and NumPy's public ones (numpy.linalg.LinAlgError,
# numpy.exceptions.AxisError)
NAMED_BY_MODULE = frozenset(("io", "statistics", "copy", "re", "_pickle", "numpy.linalg",
                             "numpy.exceptions"))


STR_FAILED = "<exception str() failed>"   # what Python's traceback prints then
HEADROOM = 3000   # stack for a value nested as deep as a program can make one (a key: 1,000)


def _text(show, value) -> str:
    """str(error) or repr(key) for the error line, with room on the stack for a deeply nested
    value; Python's own words when it cannot be shown (an int past 4,300 digits, a list nested
    too deep, no memory left)."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(limit + HEADROOM)
    try:
        return show(value)
    except (Exception, RecursionError, MemoryError):
        return STR_FAILED
    finally:
        sys.setrecursionlimit(limit)


def _kind(cls: type) -> str:
    """The name a traceback would give: PyTorch's own classes and those of Python's modules and
    NumPy with their module (torch.autograd.gradcheck.GradcheckError, io.UnsupportedOperation);
    a library's internal class (NumPy's _ArrayMemoryError) as the builtin it is (MemoryError)."""
    if cls.__module__ == "__main__":   # the program's own class: Python names it bare
        return cls.__qualname__
    for c in cls.__mro__:
        if c.__module__ == "builtins":
            return c.__name__
        if c.__module__.startswith("torch.") or c.__module__ in NAMED_BY_MODULE:
            return f"{c.__module__}.{c.__qualname__}"
    return cls.__name__


def exit_status(exit: SystemExit) -> tuple[int, str | None]:
    """What Python makes of a SystemExit that ends the program: its exit status, and the text
    it prints on stderr (None: nothing). None is 0; an integer is its low byte, as the system
    keeps it; anything else is printed, and the status is 1."""
    code = exit.code
    if code is None:
        return 0, None
    if isinstance(code, int):
        return code & 0xFF, None
    return 1, str(code)


class ProgramError(GradcliError):
    """An exception raised while the program ran, kept with PyTorch's type name and text."""

    def __init__(self, error: BaseException, span=None, filename: str = "<input>",
                 source: str = "", suggestion: str | None = None) -> None:
        kind = _kind(type(error))
        message = _text(str, error)
        if suggestion is not None:   # as Python's traceback ends the line
            message += f". Did you mean: '{suggestion}'?"
        if isinstance(error, KeyError) and error.args:
            message = _text(repr, error.args[0])
        elif isinstance(error, MemoryError) and (not message or type(error) is not MemoryError):
            # the bare MemoryError of a failed allocation says nothing; NumPy's says NumPy's
            # words ("Unable to allocate 7.45 GiB for an array with shape ...")
            message = OUT_OF_MEMORY
        super().__init__(kind, message, span, filename, source)
        self.error = error
