"""Source text from bytes: UTF-8 only, no NUL bytes, newlines made uniform."""
from __future__ import annotations

from ..errors import ProgramSyntaxError
from .ast import Span


def decode(data: bytes | str, filename: str) -> str:
    """The program's text, or a SyntaxError that names the offending line."""
    if isinstance(data, bytes):
        if data.startswith(b"\xef\xbb\xbf"):
            data = data[3:]
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            line = data.count(b"\n", 0, e.start) + 1
            col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
            shown = data.decode("utf-8", errors="replace")
            raise ProgramSyntaxError(
                f"(unicode error) 'utf-8' codec can't decode byte 0x{data[e.start]:02x} in line "
                f"{line}: not UTF-8 text", Span(line, col, line, col + 1), filename,
                shown) from None
    else:
        text = data
    nul = text.find("\0")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        col = nul - (text.rfind("\n", 0, nul) + 1) + 1
        raise ProgramSyntaxError("source code cannot contain null bytes",
                                 Span(line, col, line, col + 1), filename,
                                 text.replace("\0", "\\0"))
    return text.replace("\r\n", "\n").replace("\r", "\n")

