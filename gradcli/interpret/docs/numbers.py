"""numbers.<name>: the abstract kinds of number, for isinstance."""

PREFIX = "numbers"

SUMMARIES = {
    "Number": ("Any number: isinstance(x, Number) for int, float, complex, bool.",
               "任何数：int、float、complex、bool 都满足 isinstance(x, Number)。"),
    "Complex": ("A complex number (int and float count too).", "复数（int 和 float 也算）。"),
    "Real": ("A real number: int, float, bool.", "实数：int、float、bool。"),
    "Rational": ("A fraction of integers: int, bool.", "整数之比：int、bool。"),
    "Integral": ("An integer: int, bool.", "整数：int、bool。"),
}
