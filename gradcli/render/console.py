"""What a program shows, on rich consoles with gradcli's theme: coloured, never re-laid out."""
from __future__ import annotations

from rich.console import Console

from .error import error_text, warning_text
from .plain import Program, internal_text, terminal_size, traceback_text
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


class RichRenderer(Program):
    """The same calls as render.plain.PlainRenderer, with styles; print()'s output stays raw.

    `repl`: errors as the REPL shows them (the message first); else as a script's traceback.
    `hints`: a person reads stderr, and gradcli's hints follow an error. `pager` (a
    render.pager.Pager): long output of the REPL's own and of the tools goes through it.
    """

    def __init__(self, stdout, stderr, colour: bool, traceback: bool = False,
                 width: int | None = None, hints: bool = True, repl: bool = True,
                 pager=None) -> None:
        super().__init__()
        self.console = make_console(stdout, colour, width)
        self.errors = make_console(stderr, colour, width)
        self.traceback = traceback
        self.show_hints, self.repl, self.pager = hints, repl, pager
        self._width = width

    @property
    def width(self) -> int | None:
        """The columns output is laid out to: the terminal's (or the one given); None when
        the output is not a terminal, so that it stays as wide as its lines are."""
        if self._width is not None:
            return self._width
        size = terminal_size(self.console.file)
        return size.columns if size else None

    def out(self, text: str) -> None:
        self.console.file.write(text)

    def long(self, text: str) -> None:
        """Long output of the tools (help, graph, explain, gradcheck): paged when taller than
        the terminal."""
        if self.pager is not None and self.pager.wanted(text.count("\n")):
            self.flush()
            self.pager.show(text)
        else:
            self.out(text)

    def value(self, obj) -> None:
        self.console.print(value_text(repr(obj)))

    def err(self, text: str) -> None:
        """The program's own standard error (sys.stderr.write, an exit message), raw."""
        self.flush()
        self.errors.file.write(text)

    def error(self, error) -> None:
        self.flush()
        self.errors.print(error_text(error, self.hints(error, self.show_hints), self.repl,
                                     self.width, self.show_hints))

    def warning(self, w) -> None:
        self.flush()
        self.errors.print(warning_text(w, self.show_hints))

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
        """Output of the REPL itself (help, tables, graphs), on stdout, laid out to the width;
        through the pager when it is taller than the terminal."""
        if self.pager is None:
            self.console.print(renderable, soft_wrap=False)
            return
        with self.console.capture() as captured:
            self.console.print(renderable, soft_wrap=False)
        text = captured.get()
        if self.pager.wanted(text.count("\n")):
            self.flush()
            self.pager.show(text)
        else:
            self.out(text)

    def flush(self) -> None:
        try:
            self.console.file.flush()
        except (OSError, ValueError):
            pass
