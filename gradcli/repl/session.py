"""The REPL's core: push(line) -> needs more input?, as CPython's code.InteractiveConsole."""
from __future__ import annotations

from .. import engine
from ..engine.tensor import Tensor
from ..errors import GradcliError, IncompleteInput, ProgramError, exit_status
from ..interpret import InternalError, lookup
from ..interpret import builtins as B
from ..interpret.interpreter import classify
from ..interpret.modules import Namespace
from ..syntax import ast as A
from ..syntax import parse
from ..syntax.source import decode
from ..tools import interpreter_for, wrapped
from . import command_table, commands, graph_commands  # noqa: F401  (the last two fill the table)

# A compound statement may go on (elif, else, more of its body) until an empty line ends it.
COMPOUND = (A.If, A.For, A.While, A.With, A.FunctionDef, A.ClassDef, A.Try)
MORE = object()  # what _verdict says of an input that goes on
LEAVE = ("exit", "quit", "exit()", "quit()")


class Session:
    """Lines in; values, errors and warnings out through a renderer; the variables survive
    every error and every interruption.

    `renderer` is a render.console.RichRenderer (or anything with its methods).
    """

    def __init__(self, renderer, filename: str = "<stdin>",
                 environ: dict[str, str] | None = None) -> None:
        self.renderer = renderer
        self.filename = filename
        self.interpreter = interpreter_for(renderer, environ=environ)
        self.buffer: list[str] = []
        self.inputs: list[str] = []   # what ran without an error, in order: :save writes it

    def push(self, text: str) -> bool:
        """Add a line (or several at once, as a pasted block) and run the input when it is
        complete. True: more is needed (an open bracket, or a block not yet ended by an empty
        line). A line starting with `:` on its own is a meta-command."""
        if not self.buffer:
            stripped = text.strip()
            if stripped.startswith(":"):
                self.command(stripped)
                return False
            if stripped in LEAVE:   # as CPython 3.13's REPL, IPython and ptpython leave
                raise command_table.Quit()
            if stripped.endswith("?") and "\n" not in stripped and stripped.rstrip("?"):
                self.describe(stripped.rstrip("?"))   # IPython's `name?`
                return False
        self.buffer.extend(text.split("\n"))
        verdict = _verdict(self.buffer, self.filename)
        if verdict is MORE:
            return True
        source = "\n".join(self.buffer)
        self.buffer.clear()
        if isinstance(verdict, GradcliError):
            self.renderer.error(verdict)
        elif verdict is not None:
            self.run(verdict, source)
        return False

    def needs_more(self, text: str) -> bool:
        """Would push(text) ask for more? Nothing runs."""
        if not self.buffer and text.lstrip().startswith(":"):
            return False
        return _verdict(self.buffer + text.split("\n"), self.filename) is MORE

    @property
    def continues(self) -> bool:
        """Is an input begun and waiting for more lines?"""
        return bool(self.buffer)

    def reset_buffer(self) -> None:
        self.buffer.clear()

    def run(self, program: A.Program, source: str) -> None:
        """Run a parsed input and keep it for :save; report its error instead."""
        try:
            self.interpreter.run(program)
        except ProgramError as e:
            self.renderer.error(e)
            ran = _ran_part(program, source, self.interpreter.running, e)
            if ran:
                self.inputs.append(ran)
        except GradcliError as e:
            self.renderer.error(e)
        except InternalError as e:
            self.renderer.internal(e)
        except SystemExit as e:   # exit(), quit() or sys.exit() in the program, as Python's
            status, message = exit_status(e)
            if message is not None:
                self.renderer.err(message + "\n")
            raise command_table.Quit(status) from None
        else:
            self.inputs.append(source.rstrip() + "\n")

    def describe(self, expression: str) -> None:
        """help(expression), for `expression?` and `:help expression`; a dotted name is
        described by the name it was reached by (torch.pi, x.grad), as IPython's `?` does."""
        try:
            value = self.interpreter.evaluate(expression, self.filename)
        except GradcliError as e:
            self.renderer.error(e)
            return
        except InternalError as e:
            self.renderer.internal(e)
            return
        text = lookup.describe(value, _reached_as(expression, self.interpreter))
        self.renderer.long(wrapped(text, self.renderer.width))

    def load(self, path: str) -> None:
        """Run a file into the session with script semantics (only print writes)."""
        with open(path, "rb") as fh:
            data = fh.read()
        try:
            text = decode(data, path)
            program = parse(text, path)
        except GradcliError as e:
            self.renderer.error(e)
            return
        self.interpreter.echo = False  # read when compiling, so only while this file runs
        try:
            self.run(program, text)
        finally:
            self.interpreter.echo = True

    def save(self, path: str) -> None:
        """Write what ran in this session as a script that `gradcli run` runs again."""
        with open(path, "w", encoding="utf-8") as fh:
            fh.write("".join(self.inputs))

    def reset(self) -> None:
        """Forget every variable and every input, as a new session."""
        self.interpreter.reset()
        engine.reset()
        self.inputs.clear()
        self.buffer.clear()

    def command(self, line: str) -> None:
        """Run a meta-command line (`:name argument`); its complaints, and the errors of the
        program it looks into (a graph freed by backward), are reported as errors are."""
        try:
            command_table.run(self, line)
        except command_table.CommandError as e:
            self.renderer.problem(str(e))
        except command_table.Quit:   # :quit leaves: not an error
            raise
        except (GradcliError, InternalError) as e:
            self._report(e)
        except Exception as e:
            self._report(classify(e, None, "<command>", line))

    def _report(self, error) -> None:
        if isinstance(error, InternalError):
            self.renderer.internal(error)
        else:
            self.renderer.error(error)


def _reached_as(expression: str, interpreter) -> str | None:
    """The qualified name a dotted expression names: `F.relu` is torch.nn.functional.relu,
    `x.grad` of a tensor x is Tensor.grad; None for anything else."""
    parts = expression.strip().split(".")
    if not all(p.isidentifier() for p in parts) or len(parts) < 2:
        return None
    scope = interpreter.globals if parts[0] in interpreter.globals else interpreter.builtins
    value = scope.get(parts[0])
    for part in parts[1:-1]:
        if not isinstance(value, Namespace) or part not in value.entries:
            return None
        value = value.entries[part]
    if isinstance(value, Namespace):
        return f"{value.name}.{parts[-1]}"
    if isinstance(value, Tensor) and parts[-1] in B.TENSOR_ATTRIBUTES:
        return f"Tensor.{parts[-1]}"
    return None


def _start(stmt, lines: list[str]) -> tuple[int, int]:
    """Where a top-level statement begins (line, column; 1-based): a compound one at the start
    of its first line (a decorator's, the `try:`), a simple one where its span does."""
    if isinstance(stmt, COMPOUND):
        first = min((d.span.line for d in getattr(stmt, "decorators", ()) or ()),
                    default=stmt.span.line if stmt.span else None)
        if first is None:   # a try statement has no span of its own: the line of its `try`
            first = _start(stmt.body[0], lines)[0]
            while first > 1 and not lines[first - 1].lstrip().startswith("try"):
                first -= 1
        return first, 1
    return stmt.span.line, stmt.span.col


def _ran_part(program: A.Program, source: str, running, error: ProgramError) -> str:
    """What :save keeps of an input that stopped with an error: the statements that ran before
    it, and the one that stopped when it is a block (a loop that ran part of its work), in a
    try, so that a replay does what the session did and goes on."""
    lines = source.split("\n")
    body = list(program.body)
    k = body.index(running) if running in body else 0

    def text(start, end) -> str:
        (l1, c1), (l2, c2) = start, end
        if l1 == l2:
            return lines[l1 - 1][c1 - 1:c2 - 1]
        return "\n".join([lines[l1 - 1][c1 - 1:]] + lines[l1:l2 - 1] + [lines[l2 - 1][:c2 - 1]])

    begin = _start(body[k], lines)
    kept = text((1, 1), begin).rstrip().rstrip(";").rstrip()
    kept = kept + "\n" if kept else ""
    if isinstance(body[k], COMPOUND):
        end = _start(body[k + 1], lines) if k + 1 < len(body) else \
            (len(lines), len(lines[-1]) + 1)
        block = text(begin, end).rstrip().rstrip(";").rstrip()
        block = "\n".join("    " + line if line.strip() else line for line in block.split("\n"))
        kept += (f"try:   # in the session this stopped with {error.kind}\n{block}\n"
                 f"except Exception:\n    pass\n")
    return kept


def _verdict(lines: list[str], filename: str):
    """What the input so far is: MORE, None (nothing), a syntax error, or a Program to run."""
    source = "\n".join(lines)
    if not source.strip():
        return None
    ended = not lines[-1].strip()
    try:
        program = parse(source, filename, interactive=True)
    except IncompleteInput:
        return _ended_early(source, filename) if ended else MORE
    except GradcliError as e:
        return e
    if program.body and isinstance(program.body[-1], COMPOUND) and not ended:
        return MORE
    return program


def _ended_early(source: str, filename: str):
    """An empty line after an unfinished input: an open bracket or string goes on; a block
    without a body is Python's error."""
    try:
        parse(source, filename)
    except GradcliError as e:
        if e.message.startswith("expected an indented block"):
            return e
    return MORE
