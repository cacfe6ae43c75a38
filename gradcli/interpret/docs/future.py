"""`from __future__ import ...`: accepted, and nothing changes (Python 3 does them all)."""

PREFIX = "__future__"

_SAME = ("Accepted for older programs: Python 3 always behaves so.",
         "为兼容旧程序而接受：Python 3 本来就这样。")

SUMMARIES = {name: _SAME for name in (
    "annotations", "print_function", "division", "absolute_import", "unicode_literals",
    "generators", "nested_scopes", "with_statement", "generator_stop")}
