"""The command line: main(argv) maps outcomes to exit statuses; program() does the work."""
from __future__ import annotations

import argparse
import functools
import gc
import os
import sys

from . import __version__, i18n
from .render.plain import REPORT

EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_INTERNAL, EXIT_INTERRUPTED = 0, 1, 2, 3, 130


class Env:
    """Everything the CLI touches outside itself, so that tests can run it in-process."""

    def __init__(self, stdin=None, stdout=None, stderr=None, environ=None) -> None:
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.stderr = stderr if stderr is not None else sys.stderr
        self.environ = environ if environ is not None else dict(os.environ)

    def stdin_is_terminal(self) -> bool:
        return _isatty(self.stdin)

    def read_stdin(self) -> bytes | str:
        """A piped program's bytes, for the decoder files go through: invalid UTF-8 is then a
        SyntaxError naming its line, not whatever the locale's text decoding makes of it. A
        stream with no bytes under it (io.StringIO in tests) gives its text."""
        buffer = getattr(self.stdin, "buffer", None)
        return buffer.read() if buffer is not None else self.stdin.read()

    def colour(self, choice: str) -> bool:
        """--color: always and never say so; auto means a terminal, unless NO_COLOR (any
        non-empty value, no-color.org) or TERM=dumb says otherwise."""
        if choice != "auto":
            return choice == "always"
        if self.environ.get("NO_COLOR") or self.environ.get("TERM") == "dumb":
            return False
        return _isatty(self.stdout)


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@functools.cache   # parse_args leaves it as it was; making it looks up argparse's translations
def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="gradcli",
        description="Autograd you can talk to: PyTorch's autograd, exactly as PyTorch prints it.",
        epilog="With no command: a REPL on a terminal; otherwise the program on standard input "
               "runs, echoing the value of each expression statement.")
    ap.add_argument("--version", action="version", version=f"gradcli {__version__}")
    ap.add_argument("-e", "--eval", metavar="CODE",
                    help="run CODE and echo the value of each expression statement")
    ap.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                    help="colour on a terminal (default: auto; NO_COLOR is honoured)")
    ap.add_argument("--lang", choices=i18n.LANGUAGES, default=None,
                    help="the language of gradcli's own words (default: from the locale; "
                         "PyTorch's messages stay English)")
    ap.add_argument("--max-elements", type=_positive, metavar="N", default=None,
                    help="the most elements one tensor may have (default 100000000, or "
                         "$GRADCLI_MAX_ELEMENTS)")
    ap.add_argument("--traceback", action="store_true",
                    help="show the Python traceback of an internal error")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    run = sub.add_parser("run", help="run a script (only print writes to standard output)")
    run.add_argument("file", help="the script, or - for standard input")
    return ap


# A graph holds no reference cycles, yet each full collection rescans all of it: with
# Python's default thresholds a 200k-node chain spent a third of its time in the collector.
GC_THRESHOLDS = (100_000, 50, 100)


def main(argv: list[str] | None = None, env: Env | None = None) -> int:
    env = env or Env()
    gc.set_threshold(*GC_THRESHOLDS)
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    try:
        return program(args, env)
    except KeyboardInterrupt:
        _flush(env.stdout)
        env.stderr.write("KeyboardInterrupt\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except Exception as e:  # the last guard: a gradcli bug, reported in one line
        env.stderr.write(f"gradcli: internal error: {type(e).__name__}: {e} ({REPORT}; "
                         f"--traceback shows where)\n")
        if args.traceback:
            import traceback
            env.stderr.write("".join(traceback.format_exception(e)))
        return EXIT_INTERNAL


def entry() -> None:
    """The `gradcli` command and `python -m gradcli`: main(), then the process ends without
    Python's teardown. A program's graph can be a million objects, which the teardown would free
    one by one just before the system takes the whole heap back (0.7 s of a 2.3 s run of the
    50k-step benchmark). Nothing is lost: gradcli writes no file at exit, and the standard
    streams are flushed first."""
    status = main()
    for stream in (sys.stdout, sys.stderr):
        _flush(stream)
    os._exit(status)


def _flush(stream) -> None:
    try:
        stream.flush()
    except (OSError, ValueError):
        pass


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value


def _element_limit(args, env: Env) -> int | None:
    if args.max_elements is not None:
        return args.max_elements
    text = env.environ.get("GRADCLI_MAX_ELEMENTS")
    return _positive(text) if text else None


def program(args, env: Env) -> int:
    from .engine.limits import DEFAULT_MAX_ELEMENTS, limits
    try:
        limits.max_elements = _element_limit(args, env) or DEFAULT_MAX_ELEMENTS
    except argparse.ArgumentTypeError as e:
        env.stderr.write(f"gradcli: error: GRADCLI_MAX_ELEMENTS {e}\n")
        return EXIT_USAGE
    i18n.set_language(args.lang or i18n.detect(env.environ))
    if args.command == "run":
        if args.eval is not None:
            env.stderr.write("gradcli: error: -e and run cannot be combined\n")
            return EXIT_USAGE
        if args.file == "-":
            return execute(env.read_stdin(), "<stdin>", env, echo=False, args=args)
        try:
            with open(args.file, "rb") as fh:
                data = fh.read()
        except OSError as e:
            env.stderr.write(f"gradcli: cannot read {args.file}: {e.strerror}\n")
            return EXIT_USAGE
        return execute(data, args.file, env, echo=False, args=args)
    if args.eval is not None:
        return execute(args.eval, "<string>", env, echo=True, args=args)
    if env.stdin_is_terminal():
        from .repl.app import run_repl
        return run_repl(env, args, env.colour(args.color))
    return execute(env.read_stdin(), "<stdin>", env, echo=True, args=args)


def renderer(env: Env, args):
    """Plain text unless colour is wanted: rich is imported only then (start-up time). Colour
    changes the styling, never the words: an error is laid out as Python's traceback either
    way, and gradcli's hints follow it when a person reads stderr (a terminal)."""
    hints = _isatty(env.stderr)
    if env.colour(args.color):
        from .render.console import RichRenderer
        return RichRenderer(env.stdout, env.stderr, colour=True, traceback=args.traceback,
                            hints=hints, repl=False)
    from .render.plain import PlainRenderer, terminal_size
    size = terminal_size(env.stdout)
    return PlainRenderer(env.stdout, env.stderr, traceback=args.traceback, hints=hints,
                         width=size.columns if size else None)


def program_argv(args) -> list[str]:
    """The program's sys.argv, as Python's would be: the script as named, '-' for a script on
    standard input, '-c' for -e, '' for input echoed as in Python's interactive mode."""
    if args.command == "run":
        return [args.file]
    return ["-c"] if args.eval is not None else [""]


def execute(source, filename: str, env: Env, echo: bool, args) -> int:
    """Run one program; its output on stdout, errors and warnings on stderr."""
    from .errors import GradcliError, ProgramError, exit_status
    from .interpret import InternalError
    from .syntax import parse
    from .syntax.source import decode
    from .tools import interpreter_for

    shown = renderer(env, args)
    try:
        text = decode(source, filename)
        interpreter = interpreter_for(shown, echo=echo, argv=program_argv(args),
                                      environ=env.environ)
        interpreter.run(parse(text, filename))
    except GradcliError as e:
        shown.error(e)
        return EXIT_ERROR
    except MemoryError as e:   # a program too large to parse or compile in the memory there is
        shown.error(ProgramError(e, None, filename))
        return EXIT_ERROR
    except InternalError as e:
        shown.internal(e)
        return EXIT_INTERNAL
    except SystemExit as e:   # the program's exit(), sys.exit() or raise SystemExit
        status, message = exit_status(e)
        if message is not None:
            shown.err(message + "\n")
        return status
    finally:
        shown.flush()
    return EXIT_OK
