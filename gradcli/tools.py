"""A program's interpreter as the edge (the command line, the REPL) makes it: its output, values
and warnings go to a renderer, and it gets graph, explain, gradcheck and help, builtins the edge
hands it as code.InteractiveInterpreter takes its locals.

The tools write through the program's output, as print does (their long text through `show`,
which a REPL may page, laid out to the terminal's width), and name tensors after the program's
variables, found by identity in its globals. The renderers are imported on first use, so that a
script that never calls them does not pay for them.
"""
from __future__ import annotations

from typing import Callable

from . import i18n
from .engine.dtypes import float64
from .engine.tensor import Tensor
from .interpret import Interpreter, attributes

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


def interpreter_for(renderer, echo: bool = True, argv: list[str] | None = None,
                    environ: dict[str, str] | None = None) -> Interpreter:
    """print() writes through renderer.out, sys.stderr through renderer.err; an expression
    statement's value goes to renderer.value (with `echo`); warnings to renderer.warning; the
    tools' long text to renderer.long, laid out to renderer.width. The renderer's hints see the
    program's variables."""
    made = Interpreter(renderer.out, echo=echo, on_warning=renderer.warning, err=renderer.err,
                       argv=argv, environ=environ, display=renderer.value,
                       tools=program_tools(renderer.out, lambda: made.globals,
                                           show=renderer.long, width=lambda: renderer.width))
    renderer.attach(made.globals, attributes.attribute_names)
    return made


def need_tensor(tool: str, value) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(i18n.t("tools.not_tensor", tool=tool, type=type(value).__name__))


def wrapped(text: str, columns: int | None) -> str:
    """Text wrapped at words to a terminal's `columns` (continuations four columns deeper)."""
    if columns is None:
        return text
    from .render.layout import plain, prose
    return plain(prose([[("", line)] for line in text.splitlines()], columns, hang=4))


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


def program_tools(out: Callable[[str], None], variables: Callable[[], dict],
                  show: Callable[[str], None] | None = None,
                  width: Callable[[], int | None] = lambda: None) -> dict:
    """The tools by name: they write to `out` (their long text to `show`, laid out to
    `width()` columns; None: unlimited) and name tensors after `variables()`, the program's
    globals when a tool runs."""
    show = show or out

    def graph(tensor, format="tree"):
        """Print the backward graph of `tensor`: a tree, or Graphviz DOT with format="dot"."""
        from .render import graph as render
        need_tensor("graph", tensor)
        if format not in GRAPH_FORMATS:
            raise ValueError(i18n.t("tools.format", formats=", ".join(map(repr, GRAPH_FORMATS)),
                                    value=format))
        names = render.Names(variables())
        if format == "dot":   # a file for Graphviz: never laid out to a terminal
            out(render.graph_dot(tensor, names))
        else:
            show(render.graph_text(tensor, names, width()))

    def explain(tensor, gradient=None):
        """Narrate the backward pass of `tensor` (as backward(gradient) would run it)."""
        from .render.explain import explain_text
        from .render.graph import Names
        need_tensor("explain", tensor)
        show(explain_text(tensor, Names(variables()), gradient, width()))

    def gradcheck(func, inputs, eps=1e-6, atol=1e-5, rtol=1e-3):
        """Print analytic against numeric derivatives, element by element; True if all agree.
        Inputs in single precision are checked in float64, and the table says so."""
        from .engine.gradcheck import check
        from .render.gradcheck import table_text
        from .render.graph import Names
        inputs, copies = _in_float64(inputs)
        report = check(func, inputs, eps=eps, atol=atol, rtol=rtol)
        name = getattr(func, "__name__", "")
        name = name if name.isidentifier() else "f"  # a lambda's '<lambda>' reads badly in ∂f/∂x
        scope = dict(variables())
        original = Names(variables())
        widened = []
        for copy, value in copies.items():
            label = original.name(value)
            if label:
                scope[label] = copy   # the table names the copy after the variable
            widened.append((label, value.dtype))
        show(table_text(report, name, Names(scope), eps, atol, rtol, widened, width()))
        return report.passed

    def help(*args):
        """What a name or value is; with no argument, where to look."""
        from .interpret.lookup import describe
        if len(args) > 1:
            raise TypeError(f"help() takes at most 1 argument ({len(args)} given)")
        if not args:
            out(i18n.t("tools.help"))
            return
        show(wrapped(describe(args[0]), width()))

    return {"graph": graph, "explain": explain, "gradcheck": gradcheck, "help": help}
