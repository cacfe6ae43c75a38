"""No file is there to read, none can be written: NumPy's file functions as programs meet them."""
from __future__ import annotations

import pytest

from gradcli.interpret.files import reader, writer


@pytest.mark.parametrize("path", ["x-file", "./net.npy", "/etc/passwd", __file__])
def test_a_reader_finds_no_file(path):
    with pytest.raises(FileNotFoundError) as info:
        reader("load")(path, allow_pickle=False)
    assert str(info.value) == f"[Errno 2] No such file or directory: '{path}'"


@pytest.mark.parametrize("args, kwargs", [(("x.npy", 1), {}), ((), {"file": "x.npy"})])
def test_a_writer_writes_nothing(args, kwargs, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PermissionError) as info:
        writer("save", 0)(*args, **kwargs)
    assert str(info.value) == ("[Errno 13] Permission denied (gradcli programs write no files): "
                               "'x.npy'") and list(tmp_path.iterdir()) == []
