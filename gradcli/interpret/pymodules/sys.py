"""Python's sys module for a program: its argv and path (its own lists: changing them changes
nothing else), the version of the Python gradcli runs on, the numeric limits, exit(), and
standard streams that write to the program's output and read nothing."""
from __future__ import annotations

import os
import sys

from .. import attributes, classes, pymodules
from ..functions import Builtin
from . import Host, on_start

RECURSION_LIMIT = 1000   # what Python starts with; gradcli's own limit on calls stays in force


class Stream:
    """sys.stdout or sys.stderr: text written goes to the program's own stream."""

    __slots__ = ("name", "_which")
    mode = "w"
    encoding = "utf-8"

    def __init__(self, name: str, which: str) -> None:
        self.name, self._which = name, which

    def __repr__(self) -> str:
        return f"<_io.TextIOWrapper name='{self.name}' mode='w' encoding='utf-8'>"

    def write(self, text, /) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        getattr(pymodules.host, self._which)(text)   # the stream of the run now going
        return len(text)

    def writelines(self, lines, /) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        return None

    def isatty(self) -> bool:
        return False


class Stdin:
    """sys.stdin: a program reads nothing (as Python does from an empty input)."""

    __slots__ = ()
    name, mode, encoding = "<stdin>", "r", "utf-8"

    def __repr__(self) -> str:
        return "<_io.TextIOWrapper name='<stdin>' mode='r' encoding='utf-8'>"

    def read(self, size=-1, /) -> str:
        return ""

    def readline(self, size=-1, /) -> str:
        return ""

    def readlines(self, hint=-1, /) -> list:
        return []

    def __iter__(self):
        return iter(())

    def isatty(self) -> bool:
        return False


argv: list[str] = []
path: list[str] = []
_limit = [RECURSION_LIMIT]


@on_start
def _begin(host: Host) -> None:
    argv[:] = host.argv
    script = host.argv[0] if host.argv else ""
    # Python puts the script's directory first; '' for -c, - and an interactive session
    path[:] = [os.path.dirname(os.path.abspath(script)) if script not in ("", "-c", "-")
               else ""]
    _limit[0] = RECURSION_LIMIT


def exit(*status):
    if len(status) > 1:
        raise TypeError(f"exit expected at most 1 argument, got {len(status)}")
    raise SystemExit(*status)


def getrecursionlimit() -> int:
    return _limit[0]


def setrecursionlimit(limit, /) -> None:
    """Kept and reported by getrecursionlimit(); the depth gradcli allows stays its own."""
    if not isinstance(limit, int):
        raise TypeError(f"'{type(limit).__name__}' object cannot be interpreted as an integer")
    if limit < 1:
        raise ValueError("recursion limit must be greater or equal than 1")
    _limit[0] = limit


classes.name_class(Stream, "_io.TextIOWrapper")
classes.name_class(Stdin, "_io.TextIOWrapper")
_STREAM = ("name", "mode", "encoding", "write", "writelines", "flush", "isatty")
attributes.register(Stream, attributes.Listed(_STREAM))
attributes.register(Stdin, attributes.Listed(
    ("name", "mode", "encoding", "read", "readline", "readlines", "isatty")))
for _info in (sys.version_info, sys.float_info, sys.int_info):
    attributes.register(type(_info), attributes.Listed(
        n for n in dir(_info) if not n.startswith("_")))

ENTRIES = {
    "argv": argv, "path": path, "stdout": Stream("<stdout>", "out"),
    "stderr": Stream("<stderr>", "err"), "stdin": Stdin(),
    **{name: getattr(sys, name) for name in (
        "version", "version_info", "hexversion", "platform", "byteorder", "maxsize",
        "maxunicode", "float_info", "int_info", "float_repr_style")},
    **{fn.__name__: Builtin(fn.__name__, fn) for fn in (
        exit, getrecursionlimit, setrecursionlimit)},
    "getdefaultencoding": Builtin("getdefaultencoding", sys.getdefaultencoding),
}
