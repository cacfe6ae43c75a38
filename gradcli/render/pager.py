"""Long output on a terminal through a pager ($PAGER, else `less -R`), as Python's help() and
IPython's `?` page theirs; output that fits the screen, or goes to a pipe, is written as it is."""
from __future__ import annotations

import os
import shutil
import subprocess

from .plain import terminal_size


class Pager:
    def __init__(self, stream, environ: dict) -> None:
        self.stream = stream
        self.command = environ.get("PAGER") or ("less -R" if shutil.which("less") else None)
        # less shows colour codes as colours only with -R (a $LESS without it shows them raw)
        self.environ = dict(environ)
        self.environ["LESS"] = "R" + environ.get("LESS", "").lstrip("-")

    def wanted(self, lines: int) -> bool:
        """Is `lines` lines of output taller than the terminal (leaving the prompt's line)?"""
        size = terminal_size(self.stream)
        return bool(self.command) and size is not None and lines >= size.lines - 1

    def show(self, text: str) -> None:
        try:
            pager = subprocess.Popen(self.command, shell=True, stdin=subprocess.PIPE,
                                     env=self.environ, errors="backslashreplace")
        except OSError:
            self.stream.write(text)
            return
        try:
            with pager.stdin as pipe:
                pipe.write(text)
        except (OSError, KeyboardInterrupt):
            pass   # the pager was left early: what it did not take is not wanted
        while True:
            try:
                pager.wait()
                return
            except KeyboardInterrupt:   # the pager owns the terminal until it ends
                pass
