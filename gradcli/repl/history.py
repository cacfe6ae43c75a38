"""Input history kept across sessions in $XDG_STATE_HOME/gradcli/history; a file that cannot
be read or written costs a warning, never the session."""
from __future__ import annotations

import os
from typing import Callable

from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from .. import i18n

i18n.register({
    "en": {"repl.history": "warning: history file {path}: {reason}; the history of this session "
                           "will not be kept"},
    "zh": {"repl.history": "警告：历史文件 {path}：{reason}；本次会话的历史不会被保存"},
})


def history_path(environ: dict) -> str:
    base = environ.get("XDG_STATE_HOME") or os.path.join(
        environ.get("HOME") or os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "gradcli", "history")


class SafeFileHistory(FileHistory):
    """A FileHistory whose read and write failures are reported once, then ignored."""

    def __init__(self, path: str, warn: Callable[[str], None]) -> None:
        super().__init__(path)
        self.warn = warn
        self.failed = False

    def load_history_strings(self):
        try:
            return list(super().load_history_strings())
        except OSError as e:
            self._fail(e)
            return []

    def store_string(self, string: str) -> None:
        if self.failed:
            return
        try:
            super().store_string(string)
        except OSError as e:
            self._fail(e)

    def _fail(self, error: OSError) -> None:
        if not self.failed:
            self.failed = True
            self.warn(i18n.t("repl.history", path=self.filename,
                             reason=error.strerror or str(error)))


def open_history(environ: dict, warn: Callable[[str], None]) -> History:
    """The history file, made ready to read and append; in memory only if it cannot be."""
    path = history_path(environ)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "ab"):
            pass
        with open(path, "rb"):
            pass
    except OSError as e:
        warn(i18n.t("repl.history", path=path, reason=e.strerror or str(e)))
        return InMemoryHistory()
    return SafeFileHistory(path, warn)
