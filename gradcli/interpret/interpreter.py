"""An interpreter: one program state (its globals) that runs parsed programs statement by statement."""
from __future__ import annotations

import re
import warnings
from typing import Callable

from ..engine.dispatch import context as engine_context
from ..errors import GradcliError, ProgramError, ProgramSyntaxError
from ..syntax import ast as A
from ..syntax import parse
from . import builtins as B
from . import attributes, blame, bound, classes, pymodules, suggestions
from .compiler import Compiler
from .functions import Builtin
from .pymodules import ShownWarning
from .scopes import MODULE, Scope

# What a program's errors are made of: the exceptions the language can name (PyTorch's errors
# are among them: RuntimeError, TypeError, ...) and the re.error of a bad warnings filter,
# unless blame.is_bug finds gradcli caused them
PROGRAM_ERRORS = tuple(set(classes.EXCEPTIONS.values())) + (re.error,)


def suggest(error: BaseException) -> str | None:
    """Python's "Did you mean" for the error, if it would offer one."""
    return suggestions.suggestion(error, attributes.suggestion_names)


def classify(error: Exception, span, filename: str, source: str) -> Exception:
    """The exception to report for `error`: the program's (ProgramError, as Python shows it)
    or gradcli's own (InternalError)."""
    if getattr(error, "_gradcli_raised", False) or \
            (isinstance(error, PROGRAM_ERRORS) and not blame.is_bug(error)):
        return ProgramError(error, span, filename, source, suggest(error))
    return InternalError(error, span, filename, source)


class InternalError(Exception):
    """An unexpected Python exception: a gradcli bug, never the program's fault."""

    def __init__(self, error: BaseException, span=None, filename: str = "", source: str = ""):
        super().__init__(f"{type(error).__name__}: {error}")
        self.error = error
        self.span = span
        self.filename = filename
        self.source = source


def _encodable(write: Callable[[str], None]) -> Callable[[str], None]:
    """A stream of the program's that takes only text UTF-8 can encode (a lone surrogate is
    refused with Python's UnicodeEncodeError, never written as an invalid byte)."""
    def checked(text: str) -> None:
        if not text.isascii():
            text.encode("utf-8")
        write(text)
    return checked


def _encoded_prefix(args, sep: str, end: str, write: Callable[[str], None]) -> str:
    """print()'s text when every piece encodes; else what precedes the first piece that does
    not is written, and that piece's UnicodeEncodeError raised (its position in the piece)."""
    pieces = []
    for i, arg in enumerate(args):
        pieces += [sep, str(arg)] if i else [str(arg)]
    pieces.append(end)
    for i, piece in enumerate(pieces):
        try:
            piece.encode("utf-8")
        except UnicodeEncodeError:
            if i:
                write("".join(pieces[:i]))
            raise
    return "".join(pieces)


class Interpreter:
    def __init__(self, out: Callable[[str], None], echo: bool = False,
                 on_warning: Callable[[ShownWarning], None] | None = None,
                 err: Callable[[str], None] | None = None, argv: list[str] | None = None,
                 environ: dict[str, str] | None = None,
                 display: Callable[[object], None] | None = None,
                 tools: dict[str, Callable] | None = None) -> None:
        """`out` and `err` take the program's standard output and error text; `argv` and
        `environ` are what its sys.argv and os.environ start as. With `echo`, `display` shows
        each expression statement's value (its repr on `out` by default). `tools` are builtins
        the caller adds, as code.InteractiveInterpreter takes its locals (the edge's graph,
        explain, gradcheck and help: gradcli/tools.py)."""
        out, err = _encodable(out), _encodable(err) if err is not None else None
        self.out = out
        self.echo = echo
        self.on_warning = on_warning
        self._display = display or (lambda value: out(repr(value) + "\n"))
        self.globals: dict = {}
        self.builtins = B.names()
        self.builtins.update(bound.bind(self))
        self.builtins.update({name: Builtin(name, fn) for name, fn in (tools or {}).items()})
        self.depth = 0
        self.running = None
        self.compiler = Compiler(self)
        self.host = pymodules.Host(out, err, on_warning, argv, environ)
        pymodules.start(self.host)

    def _print(self, *args, sep=" ", end="\n", file=None, flush=False) -> None:
        sep = " " if sep is None else sep
        end = "\n" if end is None else end
        if not isinstance(sep, str):
            raise TypeError(f"sep must be None or a string, not {type(sep).__name__}")
        if not isinstance(end, str):
            raise TypeError(f"end must be None or a string, not {type(end).__name__}")
        if file is None:
            text = sep.join(map(str, args)) + end
            if not text.isascii():   # as Python's print: what precedes a piece it cannot encode
                text = _encoded_prefix(args, sep, end, self.out)
            self.out(text)
            return
        write = B.get_attribute(file, "write")   # as Python's print: piece by piece
        for i, arg in enumerate(args):
            if i:
                write(sep)
            write(str(arg))
        write(end)
        if flush:
            B.get_attribute(file, "flush")()

    def display(self, value) -> None:
        """An expression statement's value in echo mode, as Python's REPL shows it."""
        if value is None:
            return
        self.builtins["_"] = value
        self._display(value)

    def reset(self) -> None:
        self.globals.clear()
        self.builtins.pop("_", None)
        pymodules.start(self.host)

    def run_source(self, text: str, filename: str = "<input>") -> None:
        self.run(parse(text, filename))

    def evaluate(self, text: str, filename: str = "<command>"):
        """The value of one expression in the program's scope (the REPL's `:graph out`)."""
        program = parse(text, filename)
        body = program.body
        if len(body) != 1 or not isinstance(body[0], A.ExprStmt):
            raise ProgramSyntaxError("expected one expression", None, filename, text)
        self.compiler.start(filename, text)
        ev = self.compiler.expr(body[0].value, Scope(set(), None, MODULE))
        # the nodes it records name this expression, not the statement that ran last
        engine_context.span = (self.compiler.origin, body[0].span)
        try:
            return ev(None)
        except GradcliError:
            raise
        except Exception as e:
            span = getattr(e, "_gradcli_span", None) or body[0].span
            raise classify(e, span, filename, text) from e

    # a statement of KEEP_FROM lines or more keeps its closures from the first pass, up to
    # KEEP_AT_MOST lines of them in all (they take 2-4 KB a line)
    KEEP_FROM, KEEP_AT_MOST = 100, 20_000

    def run(self, program: A.Program) -> None:
        """Compile every statement, then run them in order; errors become ProgramError.

        As Python, a program that does not compile runs no statement. Most statements are
        compiled again just before they run, and dropped after: kept for the whole program
        their closures outweighed its AST three to one (a 700,000-line file took 1.4 GB). A
        long statement (a def, a class, a loop) keeps those of the first pass instead (compiling
        is a function of the AST alone): compiling it twice took half the time a 10,000-line
        script needed before it ran."""
        compile_ = self.compiler.stmt
        self.compiler.start(program.filename, program.source)
        top = Scope(set(), None, MODULE)
        steps = [None] * len(program.body)
        for i, keep in enumerate(self._kept(program)):
            step = compile_(program.body[i], top)
            if keep:
                steps[i] = step
        with warnings.catch_warnings():
            warnings.simplefilter("always")
            warnings.showwarning = self._show_warning
            for i, node in enumerate(program.body):
                step = steps[i] if steps[i] is not None else compile_(node, top)
                steps[i] = None
                self.depth = 0
                self.running = node   # the REPL's :save keeps what ran before an error
                try:
                    step(None)
                except (GradcliError, BrokenPipeError):
                    raise
                except RecursionError as e:
                    span = getattr(e, "_gradcli_span", None) or node.span
                    raise ProgramError(e, span, program.filename, program.source) from e
                except Exception as e:
                    span = getattr(e, "_gradcli_span", None) or node.span
                    raise classify(e, span, program.filename, program.source) from e

    @classmethod
    def _kept(cls, program: A.Program) -> list[bool]:
        """Which statements keep their closures from the first pass (see run)."""
        starts = [getattr(node.span, "line", None) for node in program.body]
        starts.append(program.source.count("\n") + 2)
        kept, total = [], 0
        for start, end in zip(starts, starts[1:]):
            lines = end - start if start is not None and end is not None else 0
            keep = lines >= cls.KEEP_FROM and total + lines <= cls.KEEP_AT_MOST
            total += lines if keep else 0
            kept.append(keep)
        return kept

    def _show_warning(self, message, category, filename, lineno, file=None, line=None) -> None:
        """A warning the engine raised: PyTorch's warnings come from its C++ core, so Python
        shows them at the program's line, under the program's filters."""
        from .pymodules import warnings as program_warnings
        program_warnings.deliver(message, category)
