"""What compiled closures share as they run: the loop signals, the span an error passed
through, and Python's protocols for `with` and `except`."""
from __future__ import annotations

from ..engine.arguments import type_name
from ..engine.dispatch import context as engine_context
from .blame import is_bug

BREAK, CONTINUE = object(), object()
UNSET = object()   # an operand not evaluated yet (its evaluation raised)


def attach(error: BaseException, span) -> BaseException:
    """Remember the innermost span an exception passed through."""
    if span is not None and getattr(error, "_gradcli_span", None) is None:
        try:
            error._gradcli_span = span
        except AttributeError:
            pass
    return error


def operand_error(error: BaseException, *operands) -> BaseException:
    """The TypeError CPython raised for an operator (unsupported operand type(s), not supported
    between instances, bad operand type), its types named as CPython names PyTorch's: by their
    tp_name (`'torch.device'`, `'torch.dtype'`), where a gradcli class's own name differs."""
    if type(error) is not TypeError or getattr(error, "_gradcli_span", None) is not None or \
            any(o is UNSET for o in operands) or len(error.args) != 1 or \
            not isinstance(error.args[0], str):
        return error
    text = error.args[0]
    for operand in operands:
        short, full = type(operand).__name__, type_name(operand)
        if short != full:   # 'DType' and "DType" (can only concatenate list (not "DType"))
            text = text.replace(f"'{short}'", f"'{full}'").replace(f'"{short}"', f'"{full}"')
    error.args = (text,)
    return error


def context_exit(manager):
    """The __exit__ of a context manager, or Python's TypeError for a value that is none."""
    kind = type(manager)
    if getattr(kind, "__enter__", None) is None or getattr(kind, "__exit__", None) is None:
        raise TypeError(f"'{kind.__name__}' object does not support the context manager "
                        f"protocol")
    return manager.__exit__


def match_handler(handlers, f, error: BaseException):
    """The first except clause that takes `error`, or None: never for a gradcli bug, which no
    program can have meant to catch."""
    if is_bug(error):
        return None
    for handler in handlers:
        type_ev, span = handler[0], handler[4]
        if type_ev is None:
            return handler
        try:
            kind = type_ev(f)
            kinds = kind if isinstance(kind, tuple) else (kind,)
            for k in kinds:
                if not (isinstance(k, type) and issubclass(k, BaseException)):
                    raise TypeError("catching classes that do not inherit from BaseException is "
                                    "not allowed")
        except Exception as e:
            raise attach(e, span) from error
        if isinstance(error, kinds):
            return handler
    return None


def chosen(branches: list, f):
    """The body of the first branch (Compiler.if_chain's) whose test holds; None if none does."""
    for test, body, span, where in branches:
        engine_context.span = where
        try:
            ok = True if test(f) else False
        except Exception as e:
            raise attach(e, span)
        if ok:
            return body
    return None
