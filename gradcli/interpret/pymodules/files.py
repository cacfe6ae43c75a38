"""A program's files: an in-memory file system, empty at each run, behind open() and os's file
functions, with Python's own errors.

Why in memory rather than refused: textbook programs write a small file and read it back (d2l's
chapter 2 writes ../data/house_tiny.csv before pandas reads it). With nothing on disk touched,
such a program runs on as under Python, up to what gradcli truly lacks. The directories that
exist are the working directory, its parents and those the program makes; the only files are
those it writes, in text, up to MAX_CHARS characters and MAX_FILES files in all (past that,
Python's "No space left on device"). What is written becomes visible to other readers when its
file is flushed or closed (Python's buffering may show it later; never earlier).
"""
from __future__ import annotations

import errno
import io
import os
import posixpath

from .. import attributes, classes
from . import ContextManager, Host, on_start

MAX_CHARS = 64 * 2**20
MAX_FILES = 10_000
MODE_LETTERS = frozenset("rwaxbt+")


def os_error(kind: type, code: int, *paths: str) -> OSError:
    """Python's error for a failed call on one or two paths: FileNotFoundError: [Errno 2] No
    such file or directory: 'x.csv' (-> 'y.csv')."""
    if len(paths) == 2:   # OSError(errno, strerror, filename, winerror, filename2)
        return kind(code, os.strerror(code), paths[0], None, paths[1])
    return kind(code, os.strerror(code), *paths)


def fspath(path) -> str:
    """A path as os functions take it: a str, or an object with __fspath__; not bytes (the
    language has none) nor a file descriptor."""
    if isinstance(path, str):
        return path
    value = os.fspath(path) if hasattr(type(path), "__fspath__") else None
    if isinstance(value, str):
        return value
    raise TypeError(f"expected str, bytes or os.PathLike object, not {type(path).__name__}")


class FileSystem:
    """Directories and text files by absolute, normalised path."""

    __slots__ = ("cwd", "dirs", "files", "chars")

    def __init__(self, cwd: str) -> None:
        self.cwd = cwd
        self.dirs: dict[str, None] = {"/": None}   # ordered: listdir gives creation order
        self.files: dict[str, str] = {}
        self.chars = 0
        path = cwd
        while path not in self.dirs:
            self.dirs[path] = None
            path = posixpath.dirname(path)

    def where(self, path: str) -> str | None:
        """The absolute, normalised path; None when nothing can have it: '', or a '..' after
        a directory that does not exist (the system looks each one up, as here)."""
        if not path:
            return None
        current = "/" if path.startswith("/") else self.cwd
        for part in path.split("/"):
            if part == "..":
                if current not in self.dirs:
                    return None
                current = posixpath.dirname(current)
            elif part not in ("", "."):
                current = posixpath.join(current, part)
        return current

    def no_parent(self, where: str | None, *paths: str) -> OSError | None:
        """Why `where` cannot be made: its directory is missing, or is a file."""
        parent = posixpath.dirname(where) if where is not None else None
        if parent in self.dirs:
            return None
        while parent is not None and parent not in self.dirs:
            if parent in self.files:
                return os_error(NotADirectoryError, errno.ENOTDIR, *paths)
            parent = posixpath.dirname(parent)
        return os_error(FileNotFoundError, errno.ENOENT, *paths)

    def store(self, where: str, text: str) -> None:
        """Write a whole file; Python's ENOSPC past the bounds."""
        old = self.files.get(where)
        chars = self.chars - (len(old) if old is not None else 0) + len(text)
        if chars > MAX_CHARS or (old is None and len(self.files) >= MAX_FILES):
            raise os_error(OSError, errno.ENOSPC)
        self.files[where] = text
        self.chars = chars

    def remove(self, where: str) -> None:
        self.chars -= len(self.files.pop(where))

    def children(self, where: str) -> list[str]:
        return [posixpath.basename(p) for p in (*self.dirs, *self.files)
                if p != "/" and posixpath.dirname(p) == where]


fs = FileSystem("/")


@on_start
def _begin(host: Host) -> None:
    global fs
    fs = FileSystem(host.cwd)


# ---- open() --------------------------------------------------------------------------------------
def _parse_mode(mode) -> tuple[str, bool, bool]:
    """(r|w|a|x, readable, writable), with the errors of Python's io.open, in its order."""
    if not isinstance(mode, str):
        raise TypeError(f"open() argument 'mode' must be str, not {type(mode).__name__}")
    if not set(mode) <= MODE_LETTERS or len(set(mode)) != len(mode):
        raise ValueError(f"invalid mode: '{mode}'")
    if "b" in mode and "t" in mode:
        raise ValueError("can't have text and binary mode at once")
    kinds = [c for c in mode if c in "rwax"]
    if len(kinds) > 1:
        raise ValueError("must have exactly one of create/read/write/append mode")
    if not kinds:
        raise ValueError("Must have exactly one of create/read/write/append mode and at most "
                         "one plus")
    if "b" in mode:
        raise ValueError(f"gradcli's open() reads and writes text only, not mode '{mode}'")
    kind, plus = kinds[0], "+" in mode
    return kind, kind == "r" or plus, kind != "r" or plus


def open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None, closefd=True,
         opener=None):
    if isinstance(file, int) and not isinstance(file, bool):
        raise TypeError("gradcli's open() takes a path, not a file descriptor")
    path = fspath(file)
    kind, readable, writable = _parse_mode(mode)
    if opener is not None:
        raise TypeError("gradcli's open() takes no opener")
    where = fs.where(path)
    if where in fs.dirs or (path.endswith("/") and kind != "r"):
        raise os_error(IsADirectoryError, errno.EISDIR, path)
    exists = where in fs.files
    if kind == "r" and not exists:
        raise fs.no_parent(where, path) or os_error(FileNotFoundError, errno.ENOENT, path)
    if kind != "r" and fs.no_parent(where, path):
        raise fs.no_parent(where, path)
    if kind == "x" and exists:
        raise os_error(FileExistsError, errno.EEXIST, path)
    if kind in "wx":
        fs.store(where, "")
    elif kind == "a" and not exists:
        fs.store(where, "")
    text = fs.files[where]
    if newline is None and not writable:   # universal newlines, as Python reads text
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return File(path, mode, where, text, readable, writable, kind == "a",
                encoding if encoding is not None else "UTF-8")


class File(ContextManager):
    """A text file open in the program, as io.TextIOWrapper behaves."""

    __slots__ = ("name", "mode", "encoding", "_where", "_buffer", "_readable", "_writable",
                 "_append", "_dirty")

    def __init__(self, name: str, mode: str, where: str, text: str, readable: bool,
                 writable: bool, append: bool, encoding: str) -> None:
        self.name, self.mode, self.encoding, self._where = name, mode, encoding, where
        self._buffer = io.StringIO(text, newline="")
        self._readable, self._writable, self._append = readable, writable, append
        self._dirty = False
        if append:
            self._buffer.seek(0, io.SEEK_END)

    def __repr__(self) -> str:
        return f"<_io.TextIOWrapper name={self.name!r} mode={self.mode!r} " \
               f"encoding={self.encoding!r}>"

    @property
    def closed(self) -> bool:
        return self._buffer.closed

    def _open(self) -> io.StringIO:
        if self._buffer.closed:
            raise ValueError("I/O operation on closed file.")
        return self._buffer

    def _reading(self) -> io.StringIO:
        buffer = self._open()
        if not self._readable:
            raise io.UnsupportedOperation("not readable")
        return buffer

    def read(self, size=-1, /) -> str:
        return self._reading().read(size)

    def readline(self, size=-1, /) -> str:
        return self._reading().readline(size)

    def readlines(self, hint=-1, /) -> list[str]:
        return self._reading().readlines(hint)

    def write(self, text, /) -> int:
        buffer = self._open()
        if not self._writable:
            raise io.UnsupportedOperation("not writable")
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self._append:
            buffer.seek(0, io.SEEK_END)
        if buffer.tell() + len(text) > MAX_CHARS:
            raise os_error(OSError, errno.ENOSPC)
        self._dirty = True
        return buffer.write(text)

    def writelines(self, lines, /) -> None:
        for line in lines:
            self.write(line)

    def seek(self, offset, whence=0, /) -> int:
        return self._open().seek(offset, whence)

    def tell(self) -> int:
        return self._open().tell()

    def truncate(self, size=None, /) -> int:
        buffer = self._open()
        if not self._writable:
            raise io.UnsupportedOperation("File not open for writing")
        self._dirty = True
        return buffer.truncate(size)

    def readable(self) -> bool:
        self._open()
        return self._readable

    def writable(self) -> bool:
        self._open()
        return self._writable

    def seekable(self) -> bool:
        self._open()
        return True

    def flush(self) -> None:
        buffer = self._open()
        if self._dirty:
            self._dirty = False
            if self._where in fs.files:   # still there (os.remove could have taken it)
                fs.store(self._where, buffer.getvalue())

    def close(self) -> None:
        if not self._buffer.closed:
            try:
                self.flush()
            finally:
                self._buffer.close()

    def __iter__(self):
        self._reading()
        return self

    def __next__(self) -> str:
        line = self._reading().readline()
        if not line:
            raise StopIteration
        return line

    def __enter__(self):
        self._open()
        return self

    def __exit__(self, *exc) -> bool:
        self.close()
        return False


classes.name_class(File, "_io.TextIOWrapper")
attributes.register(File, attributes.Listed((
    "name", "mode", "encoding", "closed", "read", "readline", "readlines", "write", "writelines",
    "seek", "tell", "truncate", "readable", "writable", "seekable", "flush", "close")))
