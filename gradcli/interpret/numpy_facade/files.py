"""NumPy's file functions as a program sees them (interpret/files.py): reading fails with the
FileNotFoundError NumPy raises for a missing file, and text given as a list of lines is parsed,
as NumPy parses it; writing fails."""
from __future__ import annotations

import numpy as np

from ..files import reader, writer
from .admit import admit_call, result


def _missing_by_name(fname) -> FileNotFoundError:
    """What np.loadtxt, np.genfromtxt and np.fromregex raise (NumPy's DataSource)."""
    return FileNotFoundError(f"{fname} not found.")


def _lines_or_missing(parse):
    """A text reader: a list of lines is parsed; a path names a file that is not there."""
    def read(fname, *args, **kwargs):
        if isinstance(fname, (list, tuple)) and all(isinstance(x, str) for x in fname):
            admit_call(args, kwargs)
            return result(parse(list(fname), *args, **kwargs))
        raise _missing_by_name(fname)
    read.__name__ = read.__qualname__ = parse.__name__
    return read


READERS = {
    "loadtxt": _lines_or_missing(np.loadtxt),
    "genfromtxt": _lines_or_missing(np.genfromtxt),
    "fromregex": reader("fromregex", _missing_by_name),
    "load": reader("load"),
    "fromfile": reader("fromfile"),
    "memmap": reader("memmap"),
}
WRITERS = {name: writer(name) for name in ("save", "savez", "savez_compressed", "savetxt")}
