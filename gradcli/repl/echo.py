"""An interpreter whose echoed values go to a renderer (to be coloured) instead of its text out."""
from __future__ import annotations

from ..interpret import Interpreter


class EchoInterpreter(Interpreter):
    """print() writes through renderer.out, sys.stderr through renderer.err; an expression
    statement's value goes to renderer.value; warnings to renderer.warning."""

    def __init__(self, renderer, echo: bool = True, argv: list[str] | None = None,
                 environ: dict[str, str] | None = None) -> None:
        super().__init__(renderer.out, echo=echo, on_warning=renderer.warning,
                         err=renderer.err, argv=argv, environ=environ)
        self.renderer = renderer

    def display(self, value) -> None:
        if value is None:
            return
        self.builtins["_"] = value
        self.renderer.value(value)
