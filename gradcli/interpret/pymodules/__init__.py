"""gradcli's facades of Python's standard modules (random, time, os, sys...), registered by name
and loaded on first import; each run of a program starts their state afresh.

Each facade is an allowlist: a table of the names it offers (`ENTRIES` in the module of this
package named after it), never the real module, its globals or anything past the language. A name
Python's module has and gradcli's does not is refused saying so. The state a program may change
(its random stream, os.environ, sys.path, its files, its warning filters) belongs to the run: the
interpreter calls `start(host)` when it is made and when it is reset, and each loaded facade
starts over from the `Host` it is given.
"""
from __future__ import annotations

import importlib
import os as _os
import sys as _sys
from dataclasses import dataclass
from typing import Callable

from .. import modules
from ..modules import Namespace

# Python's module name -> the module of this package that holds its table
FACADES = {
    "random": "random", "time": "time", "timeit": "timeit", "collections": "collections",
    "itertools": "itertools", "functools": "functools", "copy": "copy", "typing": "typing",
    "warnings": "warnings", "math": "math", "string": "string", "operator": "operator",
    "statistics": "statistics", "numbers": "numbers", "sys": "sys", "os": "os",
    "os.path": "os_path",
}
WHY = "programs run without files, processes or Python internals"


@dataclass(frozen=True, slots=True)
class ShownWarning:
    """A warning to show, raised while a statement ran, with where it happened."""
    category: str
    message: str
    filename: str
    line: int
    source_line: str


class Host:
    """What a program's run sees of the world outside it: its two output streams, where its
    warnings go, its argv, and the environment it starts with (a copy: the program changes its
    own)."""

    __slots__ = ("out", "err", "warning", "argv", "environ", "cwd")

    def __init__(self, out: Callable[[str], None] | None = None,
                 err: Callable[[str], None] | None = None, warning: Callable | None = None,
                 argv: list[str] | None = None, environ: dict[str, str] | None = None) -> None:
        self.out = out or _discard
        self.err = err or _discard
        self.warning = warning or _discard
        self.argv = list(argv) if argv is not None else [""]
        self.environ = dict(environ) if environ is not None else {}
        self.cwd = _cwd()


def _discard(*args) -> None:
    return None


def _cwd() -> str:
    try:
        return _os.getcwd()
    except OSError:   # the directory was removed under the process: Python would fail too
        return "/"


host = Host()
_starts: list[Callable[[Host], None]] = []


def start(new: Host) -> None:
    """A program's run begins (or the REPL is reset): every loaded facade starts over."""
    global host
    host = new
    for begin in _starts:
        begin(new)


def on_start(begin: Callable[[Host], None]) -> Callable[[Host], None]:
    """Register a facade's `begin(host)`, run at each start, and run it now for this run."""
    _starts.append(begin)
    begin(host)
    return begin


class ContextManager:
    """The base of the facades' values that `with` accepts (files, warnings.catch_warnings)."""

    __slots__ = ()


class Facade(Namespace):
    """A module of Python's own as gradcli offers it."""

    __slots__ = ()

    def no_attribute(self, name: str) -> AttributeError:
        if _python_has(self.name, name):
            return AttributeError(f"gradcli's '{self.name}' module does not offer '{name}' "
                                  f"({WHY})", name=name, obj=self)
        return super().no_attribute(name)

    def cannot_import(self, name: str) -> ImportError:
        if _python_has(self.name, name):
            return ImportError(f"cannot import name '{name}' from '{self.name}' (gradcli does "
                               f"not offer it: {WHY})", name=self.name)
        return ImportError(f"cannot import name '{name}' from '{self.name}' "
                           f"({_python_file(self.name)})", name=self.name)


def _python_module(name: str):
    return _sys.modules.get(name) or importlib.import_module(name)


def _python_has(module: str, name: str) -> bool:
    return hasattr(_python_module(module), name)


def _python_file(module: str) -> str:
    """Where Python's own module lives, as its ImportError names it."""
    return getattr(_python_module(module), "__file__", None) or "unknown location"


def _loader(facade: str) -> Callable[[], dict]:
    return lambda: importlib.import_module(f"{__name__}.{facade}").ENTRIES


for _name, _facade in FACADES.items():
    modules.register(Facade(_name, load=_loader(_facade)))
