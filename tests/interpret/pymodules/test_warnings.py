"""warnings: warn, the filters and catch_warnings, as CPython 3.11 applies them, to the program's
warnings and PyTorch's alike (the text is what Python writes on stderr; verified against it)."""
from __future__ import annotations

import pytest

NONLEAF = ("x = torch.ones(1, requires_grad=True)\ny = x * 2\n")


def shown(run, source: str) -> list[str]:
    """The warning lines (without their source lines) a program writes."""
    r = run("import torch\nimport warnings\n" + source)
    return [ln.split(": ", 1)[1] for ln in r.err.splitlines() if ": " in ln and
            not ln.startswith(" ")]


@pytest.mark.parametrize("source, lines", [
    ("for i in range(3):\n    warnings.warn('a')", ["UserWarning: a"]),
    ("warnings.simplefilter('always')\nfor i in range(2):\n    warnings.warn('a')",
     ["UserWarning: a", "UserWarning: a"]),
    ("warnings.filterwarnings('ignore', message='sk')\nwarnings.warn('skip')\nwarnings.warn('x')",
     ["UserWarning: x"]),
    ("warnings.simplefilter('once')\nwarnings.warn('o')\nwarnings.warn('o')", ["UserWarning: o"]),
    ("warnings.warn('a')\nwarnings.simplefilter('default')\nfor i in range(2):\n"
     "    warnings.warn('a')", ["UserWarning: a", "UserWarning: a"]),
    ("with warnings.catch_warnings():\n    warnings.simplefilter('ignore')\n"
     "    warnings.warn('in')\nwarnings.warn('out')", ["UserWarning: out"]),
    ("warnings.simplefilter('ignore')\n" + NONLEAF + "y.grad", []),
    (NONLEAF + "for i in range(2):\n    y.grad", ["UserWarning: The .grad attribute of a Tensor that is not a "
                                  "leaf Tensor is being accessed. Its .grad attribute won't be "
                                  "populated during autograd.backward(). If you indeed want the "
                                  ".grad field to be populated for a non-leaf Tensor, use "
                                  ".retain_grad() on the non-leaf Tensor. If you access the "
                                  "non-leaf Tensor by mistake, make sure you access the leaf "
                                  "Tensor instead. See github.com/pytorch/pytorch/pull/30531 for "
                                  "more information. (Triggered internally at /__w/pytorch/"
                                  "pytorch/build/aten/src/ATen/core/TensorBody.h:493.)"]),
])
def test_filters(run, source, lines):
    assert shown(run, source) == lines


def test_a_warning_is_written_as_python_writes_it(run, tmp_path):
    r = run("import torch\nimport warnings\nwarnings.warn('careful')")
    assert r.err == f"{tmp_path / 'prog.grad'}:3: UserWarning: careful\n  warnings.warn('careful')\n"


def test_record_keeps_warnings_as_python_does(run):
    r = run("import torch\nimport warnings\nx = torch.ones(1, requires_grad=True)\n"
            "with warnings.catch_warnings(record=True) as w:\n"
            "    warnings.simplefilter('always')\n    warnings.warn('kept')\n    y = x * 2\n"
            "    y.grad\nprint(len(w), w[0].message, w[0].lineno, w[0].category, w[1].lineno)")
    assert (r.out, r.err) == ("2 kept 6 <class 'UserWarning'> 8\n", "")


@pytest.mark.parametrize("source, line", [
    ("warnings.simplefilter('error')\nwarnings.warn('boom')", "UserWarning: boom"),
    ("warnings.simplefilter('error')\n" + NONLEAF + "y.grad", "UserWarning: The .grad attribute"),
    ("warnings.simplefilter('sometimes')", "AssertionError: invalid action: 'sometimes'"),
    ("warnings.filterwarnings('ignore', category=1)", "AssertionError: category must be a class"),
    ("warnings.warn('x', 1)", "TypeError: category must be a Warning subclass, not 'int'"),
    ("warnings.filterwarnings('ignore', message='(')",
     "re.error: missing ), unterminated subpattern at position 0"),
    ("c = warnings.catch_warnings()\nwith c:\n    with c:\n        pass",
     "RuntimeError: Cannot enter catch_warnings() twice"),
])
def test_errors(run, source, line):
    r = run("import torch\nimport warnings\n" + source)
    assert r.status == 1 and r.err.splitlines()[-1].startswith(line)
