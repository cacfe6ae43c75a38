"""Builtins that need the running interpreter (they write to its output): print, input...

graph, explain and gradcheck write plain text through the interpreter's `out`, as print does;
they name tensors after the program's variables, found by identity in its globals. Their
modules are imported on first use, so that a script that never calls them does not pay for them.
"""
from __future__ import annotations

from .. import i18n
from ..engine.dtypes import float64
from ..engine.tensor import Tensor

i18n.register({
    "en": {
        "tools.not_tensor": "{tool}() takes a tensor, not {type}",
        "tools.format": "graph() format must be one of {formats}, not {value!r}",
        "tools.help": "help(x) describes a name or a value: help(torch.ones), help(x.backward), "
                      "help(print). dir(x) lists what x offers. In the interactive session, "
                      "x? does what help(x) does and :help shows the language.\n",
    },
    "zh": {
        "tools.not_tensor": "{tool}() 需要一个张量，而不是 {type}",
        "tools.format": "graph() 的 format 只能是 {formats} 之一，而不是 {value!r}",
        "tools.help": "help(x) 介绍一个名称或值：help(torch.ones)、help(x.backward)、"
                      "help(print)。dir(x) 列出 x 提供的名称。在交互会话中，x? 与 help(x) "
                      "相同，:help 介绍这门语言。\n",
    },
})

GRAPH_FORMATS = {"tree": "graph_text", "dot": "graph_dot"}


class Builtin:
    """A bound builtin as the program sees it: callable, printed as Python prints its own."""

    __slots__ = ("_fn", "__name__")

    def __init__(self, name: str, fn) -> None:
        self._fn = fn
        self.__name__ = name

    def __call__(self, *args, **kwargs):
        return self._fn(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<built-in function {self.__name__}>"

    @property
    def __signature__(self):
        """help() and completion read the parameters of the function it stands for."""
        import inspect
        return inspect.signature(self._fn)


def bind(interpreter) -> dict:
    """The interpreter-bound builtins, by name."""
    return {name: Builtin(name, fn) for name, fn in (
        ("print", interpreter._print), ("input", _input(interpreter)),
        ("graph", _graph(interpreter)),
        ("explain", _explain(interpreter)), ("gradcheck", _gradcheck(interpreter)),
        ("help", _help(interpreter)))}


def _input(interpreter):
    def input(prompt="", /):
        """Python's input() with nothing to read: the prompt, then EOFError (a program's
        standard input is gradcli's, never the program's)."""
        if prompt != "":
            interpreter.out(str(prompt))
        raise EOFError("EOF when reading a line")
    return input


def _need_tensor(tool: str, value) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(i18n.t("tools.not_tensor", tool=tool, type=type(value).__name__))


def _graph(interpreter):
    def graph(tensor, format="tree"):
        """Print the backward graph of `tensor`: a tree, or Graphviz DOT with format="dot"."""
        from ..render import graph as render
        _need_tensor("graph", tensor)
        if format not in GRAPH_FORMATS:
            raise ValueError(i18n.t("tools.format", formats=", ".join(map(repr, GRAPH_FORMATS)),
                                    value=format))
        names = render.Names(interpreter.globals)
        if format == "dot":   # a file for Graphviz: never laid out to a terminal
            interpreter.out(render.graph_dot(tensor, names))
        else:
            interpreter.show(render.graph_text(tensor, names, interpreter.width))
    return graph


def _explain(interpreter):
    def explain(tensor, gradient=None):
        """Narrate the backward pass of `tensor` (as backward(gradient) would run it)."""
        from ..render.explain import explain_text
        from ..render.graph import Names
        _need_tensor("explain", tensor)
        interpreter.show(explain_text(tensor, Names(interpreter.globals), gradient,
                                      interpreter.width))
    return explain


def _in_float64(inputs) -> tuple[object, dict]:
    """The inputs with every float32 (or float16) tensor copied to float64, as finite
    differences need (PyTorch's gradcheck asks for double precision): (inputs, copy -> original)."""
    copies: dict = {}

    def widened(value):
        if isinstance(value, Tensor) and value.is_floating_point() and \
                value.dtype is not float64:
            copy = value.detach().double().requires_grad_(value.requires_grad)
            copies[copy] = value
            return copy
        return value
    if isinstance(inputs, (tuple, list)):
        return type(inputs)(widened(v) for v in inputs), copies
    return widened(inputs), copies


def _gradcheck(interpreter):
    def gradcheck(func, inputs, eps=1e-6, atol=1e-5, rtol=1e-3):
        """Print analytic against numeric derivatives, element by element; True if all agree.
        Inputs in single precision are checked in float64, and the table says so."""
        from ..engine.gradcheck import check
        from ..render.gradcheck import table_text
        from ..render.graph import Names
        inputs, copies = _in_float64(inputs)
        report = check(func, inputs, eps=eps, atol=atol, rtol=rtol)
        name = getattr(func, "__name__", "")
        name = name if name.isidentifier() else "f"  # a lambda's '<lambda>' reads badly in ∂f/∂x
        scope = dict(interpreter.globals)
        original = Names(interpreter.globals)
        widened = []
        for copy, value in copies.items():
            label = original.name(value)
            if label:
                scope[label] = copy   # the table names the copy after the variable
            widened.append((label, value.dtype))
        interpreter.show(table_text(report, name, Names(scope), eps, atol, rtol, widened,
                                    interpreter.width))
        return report.passed
    return gradcheck


def wrapped(text: str, columns: int | None) -> str:
    """Text wrapped at words to a terminal's `columns` (continuations four columns deeper)."""
    if columns is None:
        return text
    from ..render.layout import plain, prose
    return plain(prose([[("", line)] for line in text.splitlines()], columns, hang=4))


def _help(interpreter):
    def help(*args):
        """What a name or value is; with no argument, where to look."""
        from .lookup import describe
        if len(args) > 1:
            raise TypeError(f"help() takes at most 1 argument ({len(args)} given)")
        if not args:
            interpreter.out(i18n.t("tools.help"))
            return
        interpreter.show(wrapped(describe(args[0]), interpreter.width))
    return help
