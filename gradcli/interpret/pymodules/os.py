"""Python's os module for a program: its own copy of the environment, the in-memory file system
of its run (see files.py), and the constants; no process, no real file, no system call."""
from __future__ import annotations

import errno
import os
import posixpath
from collections.abc import MutableMapping

from .. import attributes, classes
from ..functions import Builtin
from . import Host, files, on_start
from .files import fspath, os_error


class Environ(MutableMapping):
    """os.environ as the program sees it: strings to strings, its own (the process's is never
    read again nor changed)."""

    __slots__ = ("_data",)
    __module__ = "os"
    __qualname__ = "_Environ"

    def __init__(self, data: dict[str, str]) -> None:
        self._data = data

    @staticmethod
    def _str(value) -> str:
        if not isinstance(value, str):
            raise TypeError(f"str expected, not {type(value).__name__}")
        return value

    def __getitem__(self, key):
        try:
            return self._data[self._str(key)]
        except KeyError:
            raise KeyError(key) from None

    def __setitem__(self, key, value) -> None:
        self._data[self._str(key)] = self._str(value)

    def __delitem__(self, key) -> None:
        try:
            del self._data[self._str(key)]
        except KeyError:
            raise KeyError(key) from None

    def __iter__(self):
        return iter(list(self._data))

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        items = ", ".join(f"{k!r}: {v!r}" for k, v in self._data.items())
        return f"environ({{{items}}})"

    def copy(self) -> dict:
        return dict(self._data)


environ = Environ({})


@on_start
def _begin(host: Host) -> None:
    environ._data = dict(host.environ)


def getenv(key, default=None):
    return environ.get(key, default)


def getcwd() -> str:
    return files.fs.cwd


def cpu_count():
    return os.cpu_count()


def _resolve(path) -> tuple[str, str]:
    """(the path as given, its absolute form); Python's error for ''."""
    path = fspath(path)
    where = files.fs.where(path)
    if where is None:
        raise os_error(FileNotFoundError, errno.ENOENT, path)
    return path, where


def mkdir(path, mode=0o777):
    path, where = _resolve(path)
    fs = files.fs
    if where in fs.dirs or where in fs.files:
        raise os_error(FileExistsError, errno.EEXIST, path)
    missing = fs.no_parent(where, path)
    if missing is not None:
        raise missing
    fs.dirs[where] = None


def makedirs(name, mode=0o777, exist_ok=False):
    """CPython's os.makedirs, over mkdir."""
    name = fspath(name)
    head, tail = posixpath.split(name)
    if not tail:
        head, tail = posixpath.split(head)
    if head and tail and not exists(head):
        try:
            makedirs(head, exist_ok=exist_ok)
        except FileExistsError:
            pass
        if tail == posixpath.curdir:
            return
    try:
        mkdir(name, mode)
    except OSError:
        if not exist_ok or not isdir(name):
            raise


def _directory(path) -> tuple[str, str]:
    """(the path as given, its absolute form) of an existing directory; Python's error else."""
    path, where = _resolve(path)
    if where in files.fs.files:
        raise os_error(NotADirectoryError, errno.ENOTDIR, path)
    if where not in files.fs.dirs:
        raise os_error(FileNotFoundError, errno.ENOENT, path)
    return path, where


def listdir(path="."):
    return files.fs.children(_directory(path)[1])


def remove(path):
    path, where = _resolve(path)
    fs = files.fs
    if where in fs.dirs:
        raise os_error(IsADirectoryError, errno.EISDIR, path)
    if where not in fs.files:
        raise fs.no_parent(where, path) or os_error(FileNotFoundError, errno.ENOENT, path)
    fs.remove(where)


def rmdir(path):
    path, where = _directory(path)
    fs = files.fs
    if fs.children(where):
        raise os_error(OSError, errno.ENOTEMPTY, path)
    if where == fs.cwd:   # the working directory stays (gradcli has no chdir)
        raise os_error(OSError, errno.EBUSY, path)
    del fs.dirs[where]


def rename(src, dst):
    src, dst = fspath(src), fspath(dst)
    fs = files.fs
    source, target = fs.where(src), fs.where(dst)
    if source not in fs.files and source not in fs.dirs:
        raise os_error(FileNotFoundError, errno.ENOENT, src, dst)
    missing = fs.no_parent(target, src, dst)
    if missing is not None:
        raise missing
    if source in fs.files:
        if target in fs.dirs:
            raise os_error(IsADirectoryError, errno.EISDIR, src, dst)
        text = fs.files[source]
        fs.remove(source)
        fs.store(target, text)
        return
    if target in fs.files:
        raise os_error(NotADirectoryError, errno.ENOTDIR, src, dst)
    if target in fs.dirs and fs.children(target) or (target + "/").startswith(source + "/"):
        raise os_error(OSError, errno.ENOTEMPTY if target in fs.dirs else errno.EINVAL, src,
                       dst)
    fs.dirs.pop(target, None)

    def moved(p: str) -> str:
        return target + p[len(source):] if p == source or p.startswith(source + "/") else p
    fs.dirs = dict.fromkeys(map(moved, fs.dirs))
    fs.files = {moved(p): text for p, text in fs.files.items()}


def exists(path) -> bool:
    where = files.fs.where(fspath(path))
    return where in files.fs.dirs or where in files.fs.files


def isdir(path) -> bool:
    return files.fs.where(fspath(path)) in files.fs.dirs


def isfile(path) -> bool:
    return files.fs.where(fspath(path)) in files.fs.files


def getsize(path) -> int:
    """The file's size in bytes (UTF-8, as Python writes text here)."""
    path, where = _resolve(path)
    fs = files.fs
    if where in fs.dirs:
        return 4096
    if where not in fs.files:
        raise os_error(FileNotFoundError, errno.ENOENT, path)
    return len(fs.files[where].encode("utf-8", "surrogatepass"))


classes.hand_out(Environ)
attributes.register(Environ, attributes.Listed((
    "get", "setdefault", "pop", "popitem", "keys", "items", "values", "update", "clear",
    "copy")))

ENTRIES = {
    "environ": environ, "name": os.name, "sep": os.sep, "altsep": os.altsep,
    "extsep": os.extsep, "pathsep": os.pathsep, "linesep": os.linesep, "curdir": os.curdir,
    "pardir": os.pardir, "defpath": os.defpath, "devnull": os.devnull,
    **{fn.__name__: Builtin(fn.__name__, fn) for fn in (
        getcwd, cpu_count, mkdir, listdir, remove, rmdir, rename)},
    "unlink": Builtin("unlink", remove), "replace": Builtin("replace", rename),
    "makedirs": makedirs, "getenv": getenv,
}
