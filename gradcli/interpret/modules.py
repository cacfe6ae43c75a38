"""The modules a program can import: torch and its parts and gradcli's facades of Python's own;
any other import fails, when it runs, as Python's would."""
from __future__ import annotations

import sys
from typing import Any, Callable


class Namespace:
    """A module as the language sees it: a table of names. A large one fills its table on first
    use (`load`), so that a program that never touches torch.nn does not pay for it."""

    __slots__ = ("name", "_entries", "_load", "suggests")

    def __init__(self, name: str, entries: dict[str, Any] | None = None,
                 load: Callable[[], dict[str, Any]] | None = None,
                 suggests: bool = True) -> None:
        self.name = name
        self._entries = {} if entries is None else entries
        self._load = load
        # Python's "Did you mean" gives up on a module of 750 names or more, as torch is
        self.suggests = suggests

    @property
    def entries(self) -> dict[str, Any]:
        if self._load is not None:
            load, self._load = self._load, None
            self._entries.update(load())
        return self._entries

    def __repr__(self) -> str:
        return f"<module '{self.name}' (gradcli)>"

    def no_attribute(self, name: str) -> AttributeError:
        """The error for `module.name` when the table has no `name`."""
        return AttributeError(f"module '{self.name}' has no attribute '{name}'", name=name,
                              obj=self)

    def cannot_import(self, name: str) -> ImportError:
        """The error for `from module import name` when the table has no `name`."""
        return ImportError(f"cannot import name '{name}' from '{self.name}' (unknown location)",
                           name=self.name)

    def no_submodule(self, name: str) -> ModuleNotFoundError | None:
        """The error for `import module.name` when the real module has `name` and gradcli
        leaves it out on purpose (not_offered); None otherwise (Python's own error follows)."""
        full = f"{self.name}.{name}"
        if full not in NOT_OFFERED:
            return None
        return ModuleNotFoundError(f"gradcli does not offer the module '{full}' "
                                   f"({NOT_OFFERED[full]})", name=full)


MODULES: dict[str, Namespace] = {}


def register(namespace: Namespace, parent: str | None = None) -> Namespace:
    """Make `namespace` importable by its dotted name, and an attribute of its parent module."""
    MODULES[namespace.name] = namespace
    head, _, tail = namespace.name.rpartition(".")
    if head and head in MODULES:
        MODULES[head]._entries.setdefault(tail, namespace)
    return namespace


# PyTorch's modules that gradcli leaves out on purpose, and why: importing one says so
NOT_OFFERED: dict[str, str] = {}


def not_offered(name: str, why: str) -> None:
    NOT_OFFERED[name] = why


# PyTorch's modules that import a package the reference environment (torch and NumPy only)
# lacks: importing one fails there, and so here, with Python's error for the missing package
NEEDS_PACKAGE = {"torch.utils.tensorboard": "tensorboard"}


def find(name: str) -> Namespace:
    """The module `name` (dotted), or Python's ModuleNotFoundError for it."""
    module = MODULES.get(name)
    if module is not None:
        return module
    for module_name, package in NEEDS_PACKAGE.items():
        if name == module_name or name.startswith(module_name + "."):
            raise ModuleNotFoundError(f"No module named '{package}'", name=package)
    parts = name.split(".")
    for i in range(1, len(parts) + 1):   # Python names the first part that is missing
        prefix = ".".join(parts[:i])
        if prefix not in MODULES:
            parent = MODULES.get(".".join(parts[:i - 1]))
            refused = parent.no_submodule(parts[i - 1]) if parent is not None else None
            if refused is not None:
                raise refused
            if parts[0] in sys.stdlib_module_names:
                raise ModuleNotFoundError(
                    f"gradcli does not offer the module '{prefix}' (programs run without "
                    f"files, processes or Python internals)", name=prefix)
            raise ModuleNotFoundError(f"No module named '{prefix}'", name=prefix)
    raise ModuleNotFoundError(f"No module named '{name}'", name=name)  # pragma: no cover


def import_from(module: Namespace, name: str):
    """`from module import name`: an entry of the module, or one of its submodules."""
    full = f"{module.name}.{name}"
    if full in MODULES or full in NEEDS_PACKAGE:
        return find(full)
    try:
        return module.entries[name]
    except KeyError:
        raise module.cannot_import(name) from None


def public_names(module: Namespace) -> list[str]:
    """What `from module import *` binds."""
    return [n for n in module.entries if not n.startswith("_")]
