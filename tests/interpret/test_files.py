"""No file is there to read, none can be written: torch.load and torch.save as programs meet them."""
from __future__ import annotations

import pytest

from gradcli.interpret.files import TORCH


@pytest.mark.parametrize("path", ["x-file", "./net.pt", "/etc/passwd", __file__])
def test_load_finds_no_file(path):
    with pytest.raises(FileNotFoundError) as info:
        TORCH["load"](path, weights_only=True)
    assert str(info.value) == f"[Errno 2] No such file or directory: '{path}'"


@pytest.mark.parametrize("args, kwargs", [((1, "x.pt"), {}), ((1,), {"f": "x.pt"})])
def test_save_writes_nothing(args, kwargs, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PermissionError) as info:
        TORCH["save"](*args, **kwargs)
    assert str(info.value) == ("[Errno 13] Permission denied (gradcli programs write no files): "
                               "'x.pt'") and list(tmp_path.iterdir()) == []
