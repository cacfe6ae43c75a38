"""An interpreter whose echoed values go to a renderer (to be coloured) instead of its text out."""
from __future__ import annotations

from ..interpret import Interpreter, attributes


class EchoInterpreter(Interpreter):
    """print() writes through renderer.out, sys.stderr through renderer.err; an expression
    statement's value goes to renderer.value; warnings to renderer.warning; the tools' long text
    to renderer.long, laid out to renderer.width. The renderer's hints see the program's
    variables."""

    def __init__(self, renderer, echo: bool = True, argv: list[str] | None = None,
                 environ: dict[str, str] | None = None) -> None:
        super().__init__(renderer.out, echo=echo, on_warning=renderer.warning,
                         err=renderer.err, argv=argv, environ=environ)
        self.renderer = renderer
        renderer.attach(self.globals, attributes.attribute_names)

    @property
    def width(self) -> int | None:
        return self.renderer.width

    def show(self, text: str) -> None:
        self.renderer.long(text)

    def display(self, value) -> None:
        if value is None:
            return
        self.builtins["_"] = value
        self.renderer.value(value)
