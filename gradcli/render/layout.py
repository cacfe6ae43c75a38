"""Lines of styled pieces laid out to a terminal's width: broken between pieces or at spaces,
never inside a word unless the word alone is wider than the line."""
from __future__ import annotations

import re
import unicodedata

Line = list   # [(style, text), ...]: plain output joins the texts, colour styles them


def width(text: str) -> int:
    """Terminal columns: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, columns: int, left: bool = False) -> str:
    """`text` filled with spaces to `columns`: aligned left, or right (numbers)."""
    fill = " " * (columns - width(text))
    return text + fill if left else fill + text


def line_width(line: Line) -> int:
    return sum(width(text) for _, text in line)


# Chinese, Japanese and Korean text may break before any of its characters: each is a word of
# its own, a run of other characters between spaces is one word; closing punctuation stays with
# what it closes and opening punctuation with what it opens (no line starts with "）" or "，")
_WIDE = "\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6"
_OPEN, _CLOSE = "（「『《〈【", "，。、；：！？）」』》〉】…"
_WORD = re.compile(rf"\s*[{_OPEN}]*(?:[^\s{_WIDE}]+|[{_WIDE}])[{_CLOSE}]*|\s+$")


def words(line: Line) -> Line:
    """The same pieces cut at spaces (and around CJK characters), each word with the spaces
    before it: prose may break between any two words."""
    return [(style, word) for style, text in line for word in _WORD.findall(text) or [text]]


def _cut(text: str, columns: int) -> int:
    """How many characters of `text` fill at most `columns` columns (at least one)."""
    used = 0
    for k, c in enumerate(text):
        used += width(c)
        if used > columns:
            return max(k, 1)
    return len(text)


def fit(lead: Line, body: Line, columns: int | None, hang: Line) -> list[Line]:
    """`lead + body` in lines of at most `columns` columns. The lead (a tree's guides, an
    indent) is never broken; the body breaks before any of its pieces, the spaces at the break
    dropped, and continuation lines start with `hang`. A piece too wide for a line of its own is
    broken at its spaces, and only a single word wider than a whole line is cut."""
    if columns is None or line_width(lead) + line_width(body) <= columns:
        return [lead + body]
    lines, used, empty = [list(lead)], line_width(lead), True
    queue = list(reversed(body))
    while queue:
        style, text = queue.pop()
        piece = text.lstrip(" ") if empty else text
        size = width(piece)
        if used + size <= columns:
            if piece:
                lines[-1].append((style, piece))
            used += size
            empty = empty and not piece
            continue
        if not empty:
            queue.append((style, text))
        else:
            parts = _WORD.findall(piece)
            if len(parts) > 1:
                queue.extend((style, p) for p in reversed(parts))
                continue
            k = _cut(piece, columns - used)
            lines[-1].append((style, piece[:k]))
            if piece[k:]:
                queue.append((style, piece[k:]))
        lines.append(list(hang))
        used, empty = line_width(hang), True
    return lines


def indent_of(line: Line) -> tuple[Line, Line]:
    """A line's leading spaces (as its first pieces) and the rest."""
    lead: Line = []
    for k, (style, text) in enumerate(line):
        stripped = text.lstrip(" ")
        if stripped:
            spaces = text[:len(text) - len(stripped)]
            rest = [(style, stripped)] + line[k + 1:]
            return ([("", spaces)] if spaces else []) + lead, rest
        lead.append((style, text))
    return lead, []


def prose(lines: list[Line], columns: int | None, hang: int = 2) -> list[Line]:
    """Lines of text wrapped at words; a continuation starts `hang` columns deeper than the
    line it continues."""
    if columns is None:
        return lines
    out = []
    for line in lines:
        lead, body = indent_of(line)
        out.extend(fit(lead, words(body), columns,
                       [("", " " * (line_width(lead) + hang))]))
    return out


def plain(lines: list[Line]) -> str:
    """The lines as text, each ended by a newline."""
    return "".join("".join(text for _, text in line) + "\n" for line in lines)
