"""Files as a program sees them: none is ever there to read, and none can be written. Reading
fails with the FileNotFoundError Python's open() raises for a missing file, whatever the path
(the program learns nothing of the machine's files); writing with a PermissionError that says
why. NumPy's file functions are these (torch.save and torch.load keep their files in the program's
in-memory files instead: interpret/saving.py)."""
from __future__ import annotations

import errno

WRITES_NOTHING = "Permission denied (gradcli programs write no files)"


def missing(file) -> FileNotFoundError:
    """What open(file) raises for a file that is not there."""
    return FileNotFoundError(errno.ENOENT, "No such file or directory", file)


def reader(name: str, error=missing):
    """A function that reads a file (its first argument), which is never there."""
    def read(file, *args, **kwargs):
        raise error(file)
    read.__name__ = read.__qualname__ = name
    return read


def writer(name: str, position: int = 0):
    """A function that writes a file (its argument at `position`), which it cannot."""
    def write(*args, **kwargs):
        file = args[position] if len(args) > position else kwargs.get("f", kwargs.get("file"))
        raise PermissionError(errno.EACCES, WRITES_NOTHING, file)
    write.__name__ = write.__qualname__ = name
    return write

