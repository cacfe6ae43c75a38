"""A Session on string consoles: what a person at the REPL would see, without a terminal."""
from __future__ import annotations

import io

import pytest

from gradcli import engine, i18n
from gradcli.render.console import RichRenderer
from gradcli.repl.session import Session


class Seen:
    """A Session and the text its renderer wrote to stdout and stderr."""

    def __init__(self, colour: bool = False) -> None:
        engine.reset()
        self.stdout, self.stderr = io.StringIO(), io.StringIO()
        self.session = Session(RichRenderer(self.stdout, self.stderr, colour=colour, width=80))

    def push(self, *lines: str) -> bool:
        more = False
        for line in lines:
            more = self.session.push(line)
        return more

    @property
    def out(self) -> str:
        return self.stdout.getvalue()

    @property
    def err(self) -> str:
        return self.stderr.getvalue()


@pytest.fixture
def seen():
    yield Seen()
    i18n.set_language("en")
