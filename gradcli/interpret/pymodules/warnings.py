"""Python's warnings module for a program: warn, the filters and catch_warnings, applied as
CPython 3.11 applies them to the warnings of the program and of PyTorch alike.

Every warning is the program's module's (`__main__`) and is placed at the program's line being
run: the program's own warn() calls (stacklevel cannot reach further: gradcli keeps no frames),
and the engine's warnings, as PyTorch's C++ core attributes its warnings to the calling line.
"""
from __future__ import annotations

import re
import warnings as _py

from ...engine.dispatch import context as engine_context
from .. import attributes
from .. import builtins as B
from ..functions import Builtin
from . import ContextManager, Host, ShownWarning, on_start

ACTIONS = ("error", "ignore", "always", "default", "module", "once")
MODULE = "__main__"
# CPython 3.11's filters when no -W option is given
DEFAULT_FILTERS = (("default", None, DeprecationWarning, re.compile(MODULE), 0),
                   ("ignore", None, DeprecationWarning, None, 0),
                   ("ignore", None, PendingDeprecationWarning, None, 0),
                   ("ignore", None, ImportWarning, None, 0),
                   ("ignore", None, ResourceWarning, None, 0))


class _State:
    """The run's filters and what it has already shown."""

    __slots__ = ("filters", "registry", "once", "log", "host")

    def __init__(self, host: Host) -> None:
        self.filters = list(DEFAULT_FILTERS)
        self.registry: dict = {}   # __main__'s __warningregistry__
        self.once: dict = {}       # warnings.onceregistry
        self.log: list | None = None   # the list of catch_warnings(record=True), when inside
        self.host = host

    def mutated(self) -> None:
        """The filters changed: what was shown may show again (CPython's registry version)."""
        self.registry.clear()


state = _State(Host())


@on_start
def _begin(host: Host) -> None:
    global state
    state = _State(host)


def _location() -> tuple[str, int, str]:
    """The program's file, line and its text where the warning happens."""
    where = engine_context.span
    if where is None:
        return "sys", 1, ""
    origin, span = where
    lines = origin.source.split("\n")
    return origin.filename, span.line, lines[span.line - 1] if 0 < span.line <= len(lines) else ""


def _action(text, category, lineno: int) -> str:
    for action, message, cat, module, line in state.filters:
        if (message is None or message.match(text)) and issubclass(category, cat) and \
                (module is None or module.match(MODULE)) and (line == 0 or line == lineno):
            return action
    return "default"


def deliver(message, category=None) -> None:
    """A warning raised at the program's current line, shown, recorded, raised or dropped as
    the filters say (the logic of CPython's warn_explicit)."""
    if isinstance(message, Warning):
        text, category = str(message), type(message)
    else:
        text = message
        message = category(message)
    filename, lineno, source = _location()
    key = (B.key(text), category, lineno)
    registry = state.registry
    if registry.get(key):
        return
    action = _action(text, category, lineno)
    if action == "ignore":
        return
    if action == "error":
        raise message
    if action == "once":
        registry[key] = 1
        if state.once.get((text, category)):
            return
        state.once[(text, category)] = 1
    elif action == "module":
        registry[key] = 1
        if registry.get((text, category, 0)):
            return
        registry[(text, category, 0)] = 1
    elif action == "default":
        registry[key] = 1
    if state.log is not None:
        state.log.append(_py.WarningMessage(message, category, filename, lineno))
        return
    state.host.warning(ShownWarning(category.__name__, str(message), filename, lineno, source))


def warn(message, category=None, stacklevel=1, source=None):
    if isinstance(message, Warning):
        category = type(message)
    if category is None:
        category = UserWarning
    if not (isinstance(category, type) and issubclass(category, Warning)):
        raise TypeError(f"category must be a Warning subclass, not "
                        f"'{type(category).__name__}'")
    deliver(message, category)


def _check(condition: bool, message: str) -> None:
    # CPython 3.11 checks the filter arguments with assert statements
    if not condition:
        raise AssertionError(message)


def _add_filter(item: tuple, append: bool) -> None:
    filters = state.filters
    if not append:
        if item in filters:
            filters.remove(item)
        filters.insert(0, item)
    elif item not in filters:
        filters.append(item)
    state.mutated()


def filterwarnings(action, message="", category=Warning, module="", lineno=0, append=False):
    _check(action in ACTIONS, f"invalid action: {action!r}")
    _check(isinstance(message, str), "message must be a string")
    _check(isinstance(category, type), "category must be a class")
    _check(issubclass(category, Warning), "category must be a Warning subclass")
    _check(isinstance(module, str), "module must be a string")
    _check(isinstance(lineno, int) and lineno >= 0, "lineno must be an int >= 0")
    _add_filter((action, re.compile(message, re.I) if message else None, category,
                 re.compile(module) if module else None, lineno), append)


def simplefilter(action, category=Warning, lineno=0, append=False):
    _check(action in ACTIONS, f"invalid action: {action!r}")
    _check(isinstance(lineno, int) and lineno >= 0, "lineno must be an int >= 0")
    _add_filter((action, None, category, None, lineno), append)


def resetwarnings():
    state.filters.clear()
    state.mutated()


class catch_warnings(ContextManager):
    """Saves the filters on entry and puts them back on exit; with record=True the warnings
    in between are kept in the list `with ... as log` binds."""

    __slots__ = ("_record", "_filter", "_entered", "_saved")
    __module__ = "warnings"

    def __init__(self, *, record=False, action=None, category=Warning, lineno=0, append=False):
        self._record = record
        self._filter = (action, category, lineno, append) if action else None
        self._entered = False
        self._saved = None

    def __repr__(self) -> str:
        return "catch_warnings(record=True)" if self._record else "catch_warnings()"

    def __enter__(self):
        if self._entered:
            raise RuntimeError(f"Cannot enter {self!r} twice")
        self._entered = True
        self._saved = (state, state.filters[:], state.log)
        state.mutated()
        if self._filter is not None:
            simplefilter(*self._filter)
        if self._record:
            state.log = []
            return state.log
        return None

    def __exit__(self, *exc) -> bool:
        if not self._entered:
            raise RuntimeError(f"Cannot exit {self!r} without entering first")
        owner, filters, log = self._saved
        owner.filters[:] = filters
        owner.log = log
        owner.mutated()
        return False


attributes.register(_py.WarningMessage, attributes.Listed(
    ("message", "category", "filename", "lineno", "file", "line", "source")))

ENTRIES = {"warn": Builtin("warn", warn), "filterwarnings": filterwarnings,
           "simplefilter": simplefilter, "resetwarnings": resetwarnings,
           "catch_warnings": catch_warnings}
