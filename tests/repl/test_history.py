"""History across sessions, and a history file that cannot be used costing only a warning."""
from __future__ import annotations

import os

import pytest
from prompt_toolkit.history import InMemoryHistory

from gradcli.repl.history import SafeFileHistory, history_path, open_history


@pytest.mark.parametrize("environ, path", [
    ({"XDG_STATE_HOME": "/s", "HOME": "/h"}, "/s/gradcli/history"),
    ({"XDG_STATE_HOME": "", "HOME": "/h"}, "/h/.local/state/gradcli/history"),
    ({"HOME": "/h"}, "/h/.local/state/gradcli/history"),
])
def test_history_path_follows_xdg(environ, path):
    assert history_path(environ) == path


def test_history_is_kept_across_sessions(tmp_path):
    warnings: list[str] = []
    first = open_history({"XDG_STATE_HOME": str(tmp_path)}, warnings.append)
    first.append_string("x = ones(2)")
    first.append_string("for i in range(2):\n    print(i)\n")
    second = open_history({"XDG_STATE_HOME": str(tmp_path)}, warnings.append)
    assert list(second.load_history_strings()) == ["for i in range(2):\n    print(i)\n",
                                                   "x = ones(2)"]
    assert warnings == []


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads and writes any file")
@pytest.mark.parametrize("mode", [0o000, 0o200, 0o400])
def test_a_file_that_cannot_be_read_or_written_is_a_warning(tmp_path, mode):
    path = tmp_path / "gradcli" / "history"
    path.parent.mkdir()
    path.write_text("\n# then\n+x = 1\n")
    path.chmod(mode)
    warnings: list[str] = []
    history = open_history({"XDG_STATE_HOME": str(tmp_path)}, warnings.append)
    assert isinstance(history, InMemoryHistory)
    assert warnings == [f"warning: history file {path}: Permission denied; the history of "
                        f"this session will not be kept"]


def test_a_folder_that_cannot_be_made_is_a_warning(tmp_path):
    (tmp_path / "gradcli").write_text("a file where the folder should be")
    warnings: list[str] = []
    history = open_history({"XDG_STATE_HOME": str(tmp_path)}, warnings.append)
    assert isinstance(history, InMemoryHistory)
    assert len(warnings) == 1 and "history" in warnings[0]


def test_a_file_that_fails_later_warns_once_and_the_session_goes_on(tmp_path):
    warnings: list[str] = []
    history = SafeFileHistory(str(tmp_path / "missing-folder" / "history"), warnings.append)
    history.append_string("a")
    history.append_string("b")
    assert history.get_strings() == ["a", "b"]
    assert len(warnings) == 1 and "No such file or directory" in warnings[0]


def test_a_file_that_cannot_be_read_later_loads_nothing(tmp_path):
    warnings: list[str] = []
    history = SafeFileHistory(str(tmp_path), warnings.append)   # a folder: reading fails
    assert history.load_history_strings() == []
    assert len(warnings) == 1
