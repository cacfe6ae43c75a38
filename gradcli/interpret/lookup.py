"""help() and dir(): what a name or a value is, in a few lines, without leaving the program.

A description is the value's signature (as a call would take it) and a one-line summary in
gradcli's own words (docs.py, English and Chinese; PyTorch's docstrings are not ours to copy).
"""
from __future__ import annotations

import inspect

from .. import i18n
from ..engine.tensor import Tensor
from . import attributes, docs
from .functions import Function
from .modules import Namespace

i18n.register({
    "en": {"help.no_summary": "(no summary yet)",
           "help.module": "module {name}: {count} names",
           "help.value": "a value of type {kind}; help({kind}) describes the type",
           "help.methods": "its attributes and methods:"},
    "zh": {"help.no_summary": "（暂无说明）",
           "help.module": "模块 {name}：共 {count} 个名称",
           "help.value": "{kind} 类型的值；help({kind}) 介绍这个类型",
           "help.methods": "它的属性和方法："},
})

def signature(value, name: str) -> str:
    """`name(parameters)` as the value takes a call, or the name alone."""
    if isinstance(value, type) and attributes.kind_of(value) is attributes.OPEN:
        init = value.__init__
        text = _parameters(init, skip_first=True) if isinstance(init, Function) else \
            _inspected(init, skip_first=True)
        return f"{name}{text}" if text is not None else name
    if isinstance(value, Function):
        return f"{name}{_parameters(value)}"
    text = _inspected(value)
    return f"{name}{text}" if text is not None else name


def _parameters(fn: Function, skip_first: bool = False) -> str:
    """A program's function's parameters, written as its def wrote them."""
    sig = fn.sig
    parts = [n if n not in fn.defaults else f"{n}={fn.defaults[n]!r}" for n in sig.positional]
    if skip_first:
        parts = parts[1:]
    if sig.vararg:
        parts.append("*" + sig.vararg)
    elif sig.kwonly:
        parts.append("*")
    parts += [n if n not in fn.kwdefaults else f"{n}={fn.kwdefaults[n]!r}" for n in sig.kwonly]
    if sig.kwarg:
        parts.append("**" + sig.kwarg)
    return f"({', '.join(parts)})"


class _Optional:
    """Stands for a default that is a bare object() sentinel ("not given"): the parameter is
    shown by its name alone, as PyTorch's documentation writes `sum(input, dim, ...)`."""

    def __repr__(self) -> str:
        return "\0"


def _inspected(value, skip_first: bool = False) -> str | None:
    try:
        sig = inspect.signature(value)
    except (TypeError, ValueError):
        return None
    parameters = list(sig.parameters.values())[1 if skip_first else 0:]
    # annotations are gradcli's own type hints, not part of what a call takes
    parameters = [p.replace(annotation=p.empty,
                            default=_Optional() if type(p.default) is object else p.default)
                  for p in parameters]
    sig = sig.replace(parameters=parameters, return_annotation=sig.empty)
    return str(sig).replace("=\0", "")


def qualified(value, hint: str | None) -> str:
    """The name help() shows for a value: torch.ones, torch.nn.functional.relu,
    Tensor.backward (x.backward too), print."""
    if hint:
        return hint
    name = docs.name_of(value)
    if isinstance(getattr(value, "__self__", None), Tensor) and name:
        return "Tensor." + name.rsplit(".", 1)[1]   # x.exp is the method, not torch.exp
    return name or getattr(value, "__qualname__", None) or \
        getattr(value, "__name__", None) or type(value).__name__


def describe(value, hint: str | None = None) -> str:
    """What help(value) prints."""
    if isinstance(value, Namespace):
        names = sorted(n for n in value.entries if not n.startswith("_"))
        return (i18n.t("help.module", name=value.name, count=len(names)) + "\n" +
                _wrapped(names) + "\n")
    name = hint or docs.name_of(value)
    summary = docs.summary(name) if name else None
    if summary is not None and not callable(value):   # torch.float32, x.grad (in the REPL)
        return f"{name}\n    {summary}\n"
    if not callable(value) or (attributes.kind_of(type(value)) is attributes.OPEN and
                               not isinstance(value, type)):
        kind = type(value).__name__
        names = [n for n in attributes.attribute_names(value) if not n.startswith("_")]
        text = i18n.t("help.value", kind=kind)
        if names:
            text += "\n" + i18n.t("help.methods") + "\n" + _wrapped(names)
        return text + "\n"
    name = qualified(value, hint)
    summary = docs.summary(name)
    if summary is None and isinstance(value, (Function, type)):
        summary = _own_doc(value)
    return f"{signature(value, name)}\n    {summary or i18n.t('help.no_summary')}\n"


def _own_doc(value) -> str | None:
    """The first line of the docstring a program wrote for its own function or class."""
    doc = value.doc if isinstance(value, Function) else value.__dict__.get("__doc__")
    if isinstance(doc, str) and doc.strip():
        return doc.strip().splitlines()[0]
    return None


def _wrapped(names: list[str], width: int = 78) -> str:
    """The names, comma-separated, in indented lines of at most `width` characters."""
    lines, line = [], "   "
    for n in names:
        if len(line) + len(n) + 2 > width and line.strip():
            lines.append(line)
            line = "   "
        line += " " + n + ","
    lines.append(line.rstrip(","))
    return "\n".join(lines)
