"""Python's os.path (posixpath) for a program: the string functions as they are, and the
questions about files answered by the run's in-memory file system (files.py)."""
from __future__ import annotations

import posixpath

from . import files
from .files import fspath
from .os import environ, exists, getsize, isdir, isfile


def abspath(path):
    return posixpath.normpath(posixpath.join(files.fs.cwd, fspath(path)))


def realpath(path, *, strict=False):
    # no links in the program's file system: the absolute path
    return abspath(path)


def expanduser(path):
    """~ as the program's own environment names HOME (never the password database)."""
    path = fspath(path)
    if not (path == "~" or path.startswith("~/")) or "HOME" not in environ:
        return path
    return (environ["HOME"].rstrip("/") + path[1:]) or "/"


def relpath(path, start=None):
    return posixpath.relpath(abspath(path), abspath(files.fs.cwd if start is None else start))


ENTRIES = {name: getattr(posixpath, name) for name in (
    "join", "basename", "dirname", "split", "splitext", "splitdrive", "normpath", "normcase",
    "isabs", "commonprefix", "commonpath", "sep", "altsep", "extsep", "pathsep", "curdir",
    "pardir", "defpath", "devnull")}
ENTRIES.update({fn.__name__: fn for fn in (
    abspath, realpath, expanduser, relpath, exists, isdir, isfile, getsize)})
