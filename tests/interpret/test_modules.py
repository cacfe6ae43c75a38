"""Imports: the modules a program can reach, and Python's errors for the others."""
from __future__ import annotations

import pytest

from gradcli.interpret import builtins as B
from gradcli.interpret import modules as M


@pytest.mark.parametrize("name, module", [
    ("torch", B.torch), ("torch.nn", B.nn), ("torch.nn.functional", B.functional),
    ("torch.autograd", B.autograd),
])
def test_find(name, module):
    assert M.find(name) is module


@pytest.mark.parametrize("name, message", [
    ("d2l", "No module named 'd2l'"),
    ("d2l.torch", "No module named 'd2l'"),
    ("torch.nonexistent", "No module named 'torch.nonexistent'"),
    ("subprocess", "gradcli does not offer the module 'subprocess' (programs run without files, "
                   "processes or Python internals)"),
    ("torch.hub.load", "gradcli does not offer the module 'torch.hub' (it downloads)"),
])
def test_missing(name, message, monkeypatch):
    # a module left out on purpose (modules.not_offered), its submodules with it
    monkeypatch.setitem(M.NOT_OFFERED, "torch.hub", "it downloads")
    with pytest.raises(ModuleNotFoundError) as e:
        M.find(name)
    assert str(e.value) == message


def test_import_from_takes_entries_and_submodules():
    assert M.import_from(B.torch, "nn") is B.nn
    assert M.import_from(B.torch, "ones") is B.torch.entries["ones"]
    with pytest.raises(ImportError, match="cannot import name 'nope' from 'torch'"):
        M.import_from(B.torch, "nope")


def test_a_module_fills_its_table_on_first_use():
    calls = []
    lazy = M.Namespace("lazy", {"a": 1}, load=lambda: calls.append(1) or {"b": 2})
    assert lazy._entries == {"a": 1} and not calls
    assert lazy.entries == {"a": 1, "b": 2}
    assert lazy.entries == {"a": 1, "b": 2} and calls == [1]
    assert B.get_attribute(M.Namespace("l2", load=lambda: {"c": 3}), "c") == 3


def test_star_import_binds_public_names():
    assert "sqrt" in M.public_names(M.find("math"))


def test_torch_nn_is_imported_on_first_use_only():
    """Start-up does not pay for torch.nn: a program that never touches it never imports it."""
    import subprocess
    import sys
    code = ("import sys; from gradcli.interpret import builtins as B; "
            "print('gradcli.library.nn' in sys.modules); B.nn.entries['Linear']; "
            "print('gradcli.library.nn' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out.split() == ["False", "True"]


def test_torch_nn_init_is_a_submodule():
    assert M.find("torch.nn.init").entries["zeros_"].__module__ == "torch.nn.init"
    assert M.import_from(B.nn, "init") is M.find("torch.nn.init")
