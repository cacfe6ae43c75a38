"""The builtins bound to the running interpreter, which write to its output: print and input.

The edge (the command line, the REPL) adds its own, as code.InteractiveInterpreter takes its
locals: gradcli/tools.py's graph, explain, gradcheck and help.
"""
from __future__ import annotations

from .functions import Builtin


def bind(interpreter) -> dict:
    """The interpreter-bound builtins, by name."""
    return {name: Builtin(name, fn) for name, fn in (
        ("print", interpreter._print), ("input", _input(interpreter)))}


def _input(interpreter):
    def input(prompt="", /):
        """Python's input() with nothing to read: the prompt, then EOFError (a program's
        standard input is gradcli's, never the program's)."""
        if prompt != "":
            interpreter.out(str(prompt))
        raise EOFError("EOF when reading a line")
    return input
