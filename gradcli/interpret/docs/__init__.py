"""One-line summaries, in gradcli's own words and in English and Chinese, of every name help()
can be asked about, by qualified name (print, torch.ones, torch.nn.functional.relu,
Tensor.backward, math.sin).

Each module of this package holds the table of one namespace: `PREFIX` and `SUMMARIES`,
`{name: (english, chinese)}`. Adding a name to a namespace means adding its row here: the test
tests/interpret/test_docs.py lists every name that has none (`python -m gradcli.interpret.docs`
prints the same list). PyTorch's and Python's docstrings are not ours to copy: say what the name
does for a learner, in a line.

Two kinds of summary are derived instead of written: Tensor.NAME is torch.NAME's when the method
has no row of its own, and Tensor.NAME_ (in place) and torch.NAME_ are Tensor.NAME's, marked as
in place; a
library class's method (torch.nn.Linear.parameters) reads the row of the nearest class above it
that has one (torch.nn.Module.parameters).
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
    if found is not None:
        return found
    if name.startswith("torch.") and name.count(".") == 1 and name.endswith("_") \
            and not name.endswith("__"):   # torch.sin_(x): Tensor.sin_'s
        return _find(f"Tensor.{name[len('torch.'):]}", lang)
    if not name.startswith("Tensor."):
        return _inherited(name, table)
    method = name[len("Tensor."):]
    if method.endswith("_") and not method.startswith("_"):
        base = _find(f"Tensor.{method[:-1]}", lang)
        return IN_PLACE[lang].format(summary=base) if base is not None else None
    return table.get(f"torch.{method}")


def _inherited(name: str, table: dict[str, str]) -> str | None:
    """torch.nn.Linear.parameters reads torch.nn.Module.parameters: a library class's method
    takes the row of the nearest class above it that has one."""
    owner, _, attribute = name.rpartition(".")
    cls = _library_classes()[1].get(owner)
    for base in cls.__mro__[1:] if cls is not None else ():
        public = _library_classes()[0].get(base)
        if public is not None and f"{public}.{attribute}" in table:
            return table[f"{public}.{attribute}"]
    return None


_classes: tuple[dict[type, str], dict[str, type]] = ({}, {})


def _library_classes() -> tuple[dict[type, str], dict[str, type]]:
    """The library's classes a program can name (torch.nn.Linear, torch.optim.SGD), by class
    and by name; a class with two names is known by the shorter (torch.autograd.Function)."""
    by_class, by_name = _classes
    if not by_class:
        from ...engine.tensor import Tensor
        from ...library import LibraryClass
        from .. import modules
        for module in sorted(modules.MODULES.values(), key=lambda m: -len(m.name)):
            for name, value in module.entries.items():
                if isinstance(value, type) and issubclass(value, LibraryClass) and \
                        not issubclass(value, Tensor) and not name.startswith("_"):
                    by_class[value] = f"{module.name}.{name}"
        by_name.update((name, cls) for cls, name in by_class.items())
    return _classes


def _methods(cls: type) -> list[str]:
    """The public methods of a class, its own and inherited."""
    found = []
    for name in dir(cls):
        owner = next((k for k in cls.__mro__ if name in k.__dict__), None)
        entry = owner.__dict__[name] if owner is not None else None
        if not name.startswith("_") and (callable(entry) or isinstance(entry, (staticmethod,
                                                                              classmethod))):
            found.append(name)
    return found


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
        for cls, public in _library_classes()[0].items():   # help(nn.Linear.forward)
            for name, fn in vars(cls).items():
                if not name.startswith("_") and callable(getattr(fn, "__func__", fn)):
                    _names.setdefault(_key(fn), f"{public}.{name}")
        for name, fn in B.PYTHON.items():
            if not isinstance(fn, _SHARED):
                _names[_key(fn)] = name
    return _library_method(value) or _names.get(_key(value))


def _library_method(value) -> str | None:
    """opt.step, a method the library wrote, bound to one of its objects (or of a program's
    subclass): named by the nearest class a program can name, torch.optim.SGD.step."""
    from ..functions import Function
    owner, fn = getattr(value, "__self__", None), getattr(value, "__func__", None)
    if owner is None or fn is None or isinstance(fn, Function):
        return None   # not a method, or the program's own
    for cls in (owner if isinstance(owner, type) else type(owner)).__mro__:
        public = _library_classes()[0].get(cls)
        if public is not None:
            return f"{public}.{value.__name__}"
    return None


def _key(value) -> int:
    """A value's identity for name_of: a bound method's is its function's (random.choice is a
    method of the run's own generator; x.exp is Tensor.exp bound to x)."""
    return id(getattr(value, "__func__", value))


def covered(builtins: dict) -> dict[str, list[str]]:
    """Every name help() can be asked about, by where it lives, given a program's `builtins`
    (an interpreter's, with what the edge adds): what the coverage test walks."""
    from .. import builtins as B
    from .. import modules
    found: dict[str, list[str]] = {}
    for module in modules.MODULES.values():
        found[module.name] = [f"{module.name}.{n}" for n, v in module.entries.items()
                              if not isinstance(v, modules.Namespace) and not n.startswith("_")]
    torch = {id(v) for v in B.torch.entries.values()}
    found["builtins"] = [n for n, v in builtins.items()
                         if id(v) not in torch and not isinstance(v, modules.Namespace)
                         and n not in ("True", "False", "None", "__name__", "_")]
    found["Tensor"] = [f"Tensor.{n}" for n in sorted(B.TENSOR_ATTRIBUTES)]
    for cls, public in _library_classes()[0].items():
        found[public] = [f"{public}.{n}" for n in _methods(cls)]
    return found


def missing(builtins: dict) -> dict[str, list[str]]:
    """The names without a summary in some language: {language: [names]}."""
    names = [n for group in covered(builtins).values() for n in group]
    out = {}
    for lang in i18n.LANGUAGES:
        lacking = [n for n in names if summary(n, lang) is None]
        if lacking:
            out[lang] = lacking
    return out
