"""The REPL's meta-commands (`:help`, `:vars`, ...): a table that other modules extend.

A command is a function `run(session, argument)`; its help text is an i18n key. Adding one is a
single call where the command is defined:

    register("graph", show_graph, "cmd.graph", usage="NAME")

A command that cannot do its work raises CommandError with a message for the user; Quit ends
the session. commands.py and graph_commands.py fill the table; the session imports both.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .. import i18n


class CommandError(Exception):
    """A meta-command could not do its work; the message says why, in the user's language."""


class Quit(Exception):
    """:quit, exit() or quit: leave the session, with an exit status."""

    def __init__(self, status: int = 0) -> None:
        super().__init__(status)
        self.status = status


@dataclass(frozen=True, slots=True)
class Command:
    name: str
    run: Callable[[object, str], None]
    help: str          # i18n key of a one-line description
    usage: str = ""    # the argument, as :help shows it


COMMANDS: dict[str, Command] = {}


def register(name: str, run: Callable[[object, str], None], help: str, usage: str = "") -> None:
    """Add (or replace) the meta-command `:name`."""
    COMMANDS[name] = Command(name, run, help, usage)


def run(session, line: str) -> None:
    """Run `:name argument`."""
    name, _, argument = line[1:].strip().partition(" ")
    command = COMMANDS.get(name)
    if command is None:
        raise CommandError(i18n.t("repl.unknown_command", name=name))
    command.run(session, argument.strip())


def required(argument: str, name: str) -> str:
    if not argument:
        raise CommandError(i18n.t("repl.needs_argument", name=name,
                                  usage=COMMANDS[name].usage))
    return argument
