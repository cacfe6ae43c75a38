"""One-line summaries, in gradcli's own words and in English and Chinese, of every name help()
can be asked about, by qualified name (print, torch.ones, torch.nn.functional.relu,
Tensor.backward, math.sin).

Each module of this package holds the table of one namespace: `PREFIX` and `SUMMARIES`,
`{name: (english, chinese)}`. Adding a name to a namespace means adding its row here: the test
tests/interpret/test_docs.py lists every name that has none (`python -m gradcli.interpret.docs`
prints the same list). PyTorch's and Python's docstrings are not ours to copy: say what the name
does for a learner, in a line.

Two kinds of summary are derived instead of written: Tensor.NAME is torch.NAME's when the method
has no row of its own, and Tensor.NAME_ (in place) is Tensor.NAME's, marked as in place.
"""
from __future__ import annotations

import importlib
import pkgutil

from ... import i18n

# how a derived in-place summary reads
IN_PLACE = {"en": "In place: {summary}", "zh": "原地版本：{summary}"}

_tables: dict[str, dict[str, str]] = {}


def _load() -> dict[str, dict[str, str]]:
    """Every table of the package, by language (read on the first help(): start-up pays
    nothing)."""
    if not _tables:
        tables: dict[str, dict[str, str]] = {lang: {} for lang in i18n.LANGUAGES}
        for info in pkgutil.iter_modules(__path__):
            if info.name.startswith("_"):
                continue
            module = importlib.import_module(f"{__name__}.{info.name}")
            prefix = f"{module.PREFIX}." if module.PREFIX else ""
            for name, (en, zh) in module.SUMMARIES.items():
                tables["en"][prefix + name] = en
                tables["zh"][prefix + name] = zh
        _tables.update(tables)
    return _tables


def summary(name: str, lang: str | None = None) -> str | None:
    """The one-line summary of `name` in `lang`; by default in the current language, falling
    back to English."""
    if lang is None:
        return _find(name, i18n.language()) or _find(name, "en")
    return _find(name, lang)


def _find(name: str, lang: str) -> str | None:
    table = _load()[lang]
    found = table.get(name)
    if found is not None or not name.startswith("Tensor."):
        return found
    method = name[len("Tensor."):]
    if method.endswith("_") and not method.startswith("_"):
        base = _find(f"Tensor.{method[:-1]}", lang)
        return IN_PLACE[lang].format(summary=base) if base is not None else None
    return table.get(f"torch.{method}")


_names: dict[int, str] = {}
# values whose identity is not a name: Python shares small numbers and True between names
_SHARED = (bool, int, float, str, type(None))


def name_of(value) -> str | None:
    """The qualified name help() knows `value` by: torch.ones, torch.nn.functional.relu,
    Tensor.backward, print."""
    if not _names:
        from .. import builtins as B
        from .. import modules
        from ...engine.ops import METHODS
        from ...engine.tensor import Tensor
        for name in sorted(B.TENSOR_ATTRIBUTES):
            fn = METHODS.get(name) or Tensor.__dict__.get(name)
            if fn is not None and not isinstance(fn, property):
                _names.setdefault(_key(fn), f"Tensor.{name}")
        # shortest module names last, so that torch.relu wins over torch.nn.functional.relu
        # the first name of a value in its module (torch.float64, not its alias torch.double)
        for module in sorted(modules.MODULES.values(), key=lambda m: -len(m.name)):
            first: dict[int, str] = {}
            for name, fn in module.entries.items():
                if not isinstance(fn, (_SHARED, modules.Namespace)):
                    first.setdefault(_key(fn), f"{module.name}.{name}")
            _names.update(first)
        for name, fn in B.PYTHON.items():
            if not isinstance(fn, _SHARED):
                _names[_key(fn)] = name
    return _names.get(_key(value))


def _key(value) -> int:
    """A value's identity for name_of: a bound method's is its function's (random.choice is a
    method of the run's own generator; x.exp is Tensor.exp bound to x)."""
    return id(getattr(value, "__func__", value))


def covered() -> dict[str, list[str]]:
    """Every name help() can be asked about, by where it lives: what the coverage test walks."""
    from .. import builtins as B
    from .. import modules
    from ..interpreter import Interpreter
    found: dict[str, list[str]] = {}
    for module in modules.MODULES.values():
        found[module.name] = [f"{module.name}.{n}" for n, v in module.entries.items()
                              if not isinstance(v, modules.Namespace) and not n.startswith("_")]
    builtins = Interpreter(lambda text: None).builtins
    torch = {id(v) for v in B.torch.entries.values()}
    found["builtins"] = [n for n, v in builtins.items()
                         if id(v) not in torch and not isinstance(v, modules.Namespace)
                         and n not in ("True", "False", "None", "__name__", "_")]
    found["Tensor"] = [f"Tensor.{n}" for n in sorted(B.TENSOR_ATTRIBUTES)]
    return found


def missing() -> dict[str, list[str]]:
    """The names without a summary in some language: {language: [names]}."""
    names = [n for group in covered().values() for n in group]
    out = {}
    for lang in i18n.LANGUAGES:
        lacking = [n for n in names if summary(n, lang) is None]
        if lacking:
            out[lang] = lacking
    return out
