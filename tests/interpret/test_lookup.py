"""help() and dir(): a signature and a summary for what a program can name."""
from __future__ import annotations

import pytest

from gradcli import i18n

from ..conftest import run_cli


@pytest.mark.parametrize("source, expected", [
    ("help(len)", "len(obj, /)\n    The number of items in a container (a tensor's size along "
                  "its first dimension).\n"),
    ("help(print)", "print(*args, sep=' ', end='\\n', file=None, flush=False)\n    Write the "
                    "values, separated by sep and ended by end, to the output.\n"),
    ("def f(a, b=1, *args, k=2, **kw):\n    '''Add them.\n\n    More.'''\nhelp(f)",
     "f(a, b=1, *args, k=2, **kw)\n    Add them.\n"),
    ("class A:\n    '''An A.'''\n    def __init__(self, n, *, m=0): pass\nhelp(A)",
     "A(n, *, m=0)\n    An A.\n"),
    ("help(torch.nn.functional)", "module torch.nn.functional: "),
    ("x = ones(2)\nhelp(x.exp)", "Tensor.exp()\n    e to the power of each element.\n"),
    ("x = ones(2)\nhelp(x.add_)", "Tensor.add_("),
    ("help(torch.sum)", "torch.sum(input, dim, keepdim=False, *, dtype=None)\n"),
    ("help(torch.float64)", "torch.float64\n    64-bit floating point"),
    ("import numpy as np\nhelp(np.zeros)",   # NumPy's parameters, not its wrapper's
     "numpy.zeros(shape, dtype=None, order='C', *, device=None, like=None)\n    "),
    ("import numpy as np\nhelp(np.linalg.norm)", "numpy.linalg.norm(x, ord=None, axis=None, "
                                                   "keepdims=False)\n    "),
    ("help(ValueError)", "ValueError\n    A value of the right type but not an acceptable one.\n"),
    ("print(dir(1.5)[-4:])", "['hex', 'imag', 'is_integer', 'real']\n"),
    ("class B:\n    y = 1\nprint([n for n in dir(B()) if n[0] != '_'])", "['y']\n"),
])
def test_help_and_dir(run, source, expected):
    result = run(source)
    assert result.status == 0, result.err
    assert result.out.startswith(expected)


def test_help_speaks_the_language_chosen(tmp_path):
    path = tmp_path / "p.grad"
    path.write_text("help(len)\n")
    try:
        out = run_cli(["--lang", "zh", "run", str(path)]).out
    finally:
        i18n.set_language("en")
    assert out == "len(obj, /)\n    容器中元素的个数（张量为第一维的大小）。\n"
