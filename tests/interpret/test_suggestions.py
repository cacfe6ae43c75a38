"""'Did you mean': the same choice as the CPython that runs the tests, asked through its own
exception display (sys.__excepthook__, where Python/suggestions.c does the work)."""
from __future__ import annotations

import contextlib
import io
import random
import re
import sys

import pytest

from gradcli.interpret import suggestions as S

WORDS = ["grad", "gard", "gradd", "weight", "wieght", "Weight", "x", "xy", "loss", "los",
         "total", "totl", "print_", "prnt", "append", "apend", "zero_grad", "zerograd",
         "backward", "bakward", "requires_grad", "require_grad", "a" * 41, "a" * 40]


def cpython_suggestion(candidates: list[str], name: str) -> str | None:
    """What CPython suggests for `name` when a module's globals are exactly `candidates`."""
    scope = {n: 0 for n in candidates}
    scope["__builtins__"] = {}
    try:
        exec(compile(name, "<probe>", "eval"), scope)
    except NameError:
        shown = io.StringIO()
        with contextlib.redirect_stderr(shown):
            sys.__excepthook__(*sys.exc_info())
        found = re.search(r"Did you mean: '(.*)'\?", shown.getvalue())
        return found.group(1) if found else None
    raise AssertionError(f"{name} resolved")


def cases():
    rng = random.Random(0)
    out = [(["loss", "lost"], "los"), (["y", "xy"], "x"), (["weight", "height"], "wieght"),
           (["grad"], "gard"), (["grad", "grads"], "gradd"), (["a" * 40], "a" * 41),
           ([f"l{i}" for i in range(760)], "l")]
    for _ in range(300):
        candidates = rng.sample(WORDS, rng.randint(1, 6))
        name = rng.choice(WORDS)
        if name not in candidates:
            out.append((candidates, name))
    alphabet = "abAB_"
    for _ in range(300):
        name = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8)))
        candidates = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 8)))
                      for _ in range(rng.randint(1, 5))]
        if name not in candidates and name.isidentifier() and \
                all(c.isidentifier() for c in candidates):
            out.append((candidates, name))
    return out


@pytest.mark.parametrize("candidates, name", cases())
def test_same_suggestion_as_cpython(candidates, name):
    # the probe module's globals also hold __builtins__, which CPython looks through too
    assert S.best(list(candidates) + ["__builtins__"], name) == \
        cpython_suggestion(candidates, name)
