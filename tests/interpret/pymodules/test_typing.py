"""typing: the names annotations use, printing and comparing as Python's; nothing inside."""
from __future__ import annotations

import pytest

from . import python_prints


@pytest.mark.parametrize("source", [
    "print(typing.List[int], typing.Optional[str], typing.Dict[str, typing.Any])",
    "print(typing.Callable[[int, float], typing.Tuple[int, ...]], typing.Union[int, None])",
    "print(typing.Optional['Net'], typing.List, typing.Any, typing.Iterable[typing.List[int]])",
    "print(typing.Optional[int] == typing.Union[int, None], typing.TYPE_CHECKING)",
    "T = typing.TypeVar('T')\nprint(T, typing.List[T], typing.cast(int, 'x'))",
    "Vector = typing.List[float]\nprint(Vector, typing.List[int] | None)",
])
def test_as_python(run, source):
    source = "import typing\n" + source
    r = run(source)
    assert (r.status, r.out, r.err) == (0, python_prints(source), "")


@pytest.mark.parametrize("expr, line", [
    ("typing.List['os.system(1)']", "TypeError: gradcli's typing takes forward references that "
                                    "are names, not 'os.system(1)'"),
    ("typing.List._form", "AttributeError: 'typing._GenericAlias' object has no attribute '_form'"),
    ("typing.List[int].__origin__", "AttributeError: 'typing._GenericAlias' object has no "
                                    "attribute '__origin__'"),
    ("typing.List()", "TypeError: Type List cannot be instantiated; use list() instead"),
])
def test_refused(run, expr, line):
    assert run(f"import typing\nprint({expr})").error_line == line


def test_a_key_nested_too_deep_is_refused(run):
    r = run("import typing\nk = ()\nfor i in range(1001):\n    k = (k,)\ntyping.List[[k]]")
    assert r.error_line == "RecursionError: maximum recursion depth exceeded while hashing a tuple"
