"""Python's math module: all of it, with the integer functions that could run for minutes
(factorial, comb, perm, prod of big integers) refused past a million bits, as ** is."""
from __future__ import annotations

import math

from ..functions import Builtin

MAX_BITS = 1_000_000   # as for **: an integer result larger than this is refused


def _too_large(name: str) -> OverflowError:
    return OverflowError(f"{name}() result too large for gradcli (over a million bits)")


def factorial(n, /):
    # n! has about n*log2(n) bits
    if isinstance(n, int) and n > 1 and n * max(1, n.bit_length()) > MAX_BITS:
        raise _too_large("factorial")
    return math.factorial(n)


def _choose_bits(n: int, k: int) -> int:
    return min(k, max(n - k, 0)) * max(1, n.bit_length())


def comb(n, k, /):
    if isinstance(n, int) and isinstance(k, int) and 0 <= k <= n and \
            _choose_bits(n, k) > MAX_BITS:
        raise _too_large("comb")
    return math.comb(n, k)


def perm(n, k=None, /):
    if isinstance(n, int) and (k is None or isinstance(k, int)) and n > 0:
        count = n if k is None else min(max(k, 0), n)
        if count * max(1, n.bit_length()) > MAX_BITS:
            raise _too_large("perm")
    return math.perm(n, k)


def _integer(value) -> bool:
    return type(value) is int or type(value) is bool


def prod(iterable, /, *, start=1):
    """math.prod: integers are measured as they come (their product has at most the sum of
    their bits) and multiplied as a balanced tree, which gives the same integer fast; once any
    other value comes, they are multiplied in order, as Python does."""
    integers = _integer(start)
    values, bits = [start], start.bit_length() if integers else 0
    for value in iterable:
        values.append(value)
        if integers:
            if not _integer(value):
                integers = False
                continue
            bits += value.bit_length()
            if bits > MAX_BITS:
                raise _too_large("prod")
    if integers:
        return _tree_product(values)
    result = values[0]
    for value in values[1:]:
        if type(value) is int and type(result) is int and \
                value.bit_length() + result.bit_length() > MAX_BITS:
            raise _too_large("prod")
        result = result * value
    return result


def _tree_product(values: list):
    while len(values) > 1:
        pairs = [values[i] * values[i + 1] for i in range(0, len(values) - 1, 2)]
        values = pairs + values[len(pairs) * 2:]
    return values[0]


ENTRIES = {name: getattr(math, name) for name in (
    "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cbrt", "ceil", "copysign",
    "cos", "cosh", "degrees", "dist", "e", "erf", "erfc", "exp", "exp2", "expm1", "fabs",
    "floor", "fmod", "frexp", "fsum", "gamma", "gcd", "hypot", "inf", "isclose", "isfinite",
    "isinf", "isnan", "isqrt", "lcm", "ldexp", "lgamma", "log", "log10", "log1p", "log2", "modf",
    "nan", "nextafter", "pi", "pow", "radians", "remainder", "sin", "sinh", "sqrt", "tan", "tanh",
    "tau", "trunc", "ulp")}
ENTRIES.update({fn.__name__: Builtin(fn.__name__, fn) for fn in (factorial, comb, perm, prod)})
