"""Python's numbers module: the abstract number classes, for isinstance()."""
from __future__ import annotations

import numbers

ENTRIES = {name: getattr(numbers, name) for name in (
    "Number", "Complex", "Real", "Rational", "Integral")}
