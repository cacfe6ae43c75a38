"""Python's "Did you mean" for a NameError or AttributeError: CPython 3.11's own algorithm
(Python/suggestions.c), so that the words match what `python file.py` prints."""
from __future__ import annotations

import builtins as _py

MAX_CANDIDATE_ITEMS = 750
MAX_STRING_SIZE = 40
MOVE_COST = 2
CASE_COST = 1

# the names Python looks through for a NameError, after the function's locals and the module's
# globals: its builtins, in its order (a program run by Python has all of them)
PYTHON_BUILTINS = tuple(vars(_py))


def _cost(a: int, b: int) -> int:
    if a == b:
        return 0
    if 65 <= a <= 90:
        a += 32
    if 65 <= b <= 90:
        b += 32
    return CASE_COST if a == b else MOVE_COST


def distance(a: bytes, b: bytes, max_cost: int) -> int:
    """Levenshtein distance with CPython's costs, or max_cost + 1 once it is sure to exceed."""
    if a == b:
        return 0
    while a and b and a[0] == b[0]:
        a, b = a[1:], b[1:]
    while a and b and a[-1] == b[-1]:
        a, b = a[:-1], b[:-1]
    if not a or not b:
        return (len(a) + len(b)) * MOVE_COST
    if len(a) > MAX_STRING_SIZE or len(b) > MAX_STRING_SIZE:
        return max_cost + 1
    if len(b) < len(a):
        a, b = b, a
    if (len(b) - len(a)) * MOVE_COST > max_cost:
        return max_cost + 1
    row = [MOVE_COST * (i + 1) for i in range(len(a))]
    result = 0
    for b_index, code in enumerate(b):
        dist = result = b_index * MOVE_COST
        minimum = None
        for index, ch in enumerate(a):
            substitute = dist + _cost(code, ch)
            dist = row[index]
            result = min(min(result, dist) + MOVE_COST, substitute)
            row[index] = result
            if minimum is None or result < minimum:
                minimum = result
        if minimum > max_cost:
            return max_cost + 1
    return result


def best(candidates, name: str) -> str | None:
    """CPython's calculate_suggestions: the closest candidate within a third of the characters,
    the first of equals."""
    candidates = list(candidates)
    if len(candidates) >= MAX_CANDIDATE_ITEMS:
        return None
    wrong = name.encode()
    found, found_distance = None, None
    for item in candidates:
        if not isinstance(item, str) or item == name:
            continue
        encoded = item.encode()
        max_distance = (len(wrong) + len(encoded) + 3) * MOVE_COST // 6
        if found_distance is not None:
            max_distance = min(max_distance, found_distance - 1)
        d = distance(wrong, encoded, max_distance)
        if d > max_distance:
            continue
        if found is None or d < found_distance:
            found, found_distance = item, d
    return found


def suggestion(error: BaseException, names_of=None) -> str | None:
    """The name Python would suggest for `error`, if any. `names_of(obj)` lists what an object
    offers (its dir()), for an AttributeError that carries the object."""
    if isinstance(error, NameError) and not isinstance(error, UnboundLocalError):
        name = getattr(error, "name", None)
        for candidates in getattr(error, "_gradcli_scopes", ()):
            found = best(candidates, name) if isinstance(name, str) else None
            if found is not None:
                return found
        return None
    if isinstance(error, AttributeError) and names_of is not None:
        name, obj = getattr(error, "name", None), getattr(error, "obj", None)
        if not isinstance(name, str) or obj is None:
            return None
        candidates = names_of(obj)
        return best(candidates, name) if candidates is not None else None
    return None
