"""The REPL's core: push(line) -> needs more input?, as CPython's code.InteractiveConsole."""
from __future__ import annotations

from typing import Callable

from ..errors import GradcliError, IncompleteInput
from ..interpret import InternalError, Interpreter
from ..syntax import parse


class Session:
    """Lines in, values and errors out; the program state survives every error."""

    def __init__(self, out: Callable[[str], None], report: Callable[[Exception], None],
                 on_warning=None, filename: str = "<stdin>") -> None:
        self.interpreter = Interpreter(out, echo=True, on_warning=on_warning)
        self.report = report
        self.filename = filename
        self.buffer: list[str] = []
        self.history: list[str] = []   # every input that ran, for :save

    def push(self, line: str) -> bool:
        """Add one line; run the buffer when it is a complete input. True: more is needed."""
        self.buffer.append(line)
        source = "\n".join(self.buffer)
        if not source.strip():
            self.buffer.clear()
            return False
        try:
            program = parse(source, self.filename, interactive=True)
        except IncompleteInput:
            return True
        except GradcliError as e:
            self.buffer.clear()
            self.report(e)
            return False
        if _opens_block(self.buffer[0]) and line.strip():
            return True  # as in Python, a block ends with an empty line
        self.buffer.clear()
        self.run(program, source)
        return False

    def run(self, program, source: str) -> bool:
        try:
            self.interpreter.run(program)
            return True
        except (GradcliError, InternalError) as e:
            self.report(e)
            return False
        finally:
            self.history.append(source)

    def reset_buffer(self) -> None:
        self.buffer.clear()


def _opens_block(first_line: str) -> bool:
    code = first_line.split("#", 1)[0].rstrip()
    return code.endswith(":")
