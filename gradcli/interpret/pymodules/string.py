"""Python's string module for a program: its constants and capwords (not Formatter, whose
field names reach into objects)."""
from __future__ import annotations

import string

ENTRIES = {name: getattr(string, name) for name in (
    "ascii_letters", "ascii_lowercase", "ascii_uppercase", "digits", "hexdigits", "octdigits",
    "punctuation", "printable", "whitespace", "capwords")}
