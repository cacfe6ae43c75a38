"""Tab completion: names in scope, builtins, keywords, attributes after `.`, keyword arguments,
meta-commands — from the same tables the interpreter uses."""
from __future__ import annotations

import inspect
import re
import warnings

from prompt_toolkit.completion import Completer, Completion, PathCompleter
from prompt_toolkit.document import Document

from ..interpret import builtins as B
from ..interpret.functions import Function
from ..render.syntax import classify, keywords
from . import command_table

# the dotted expression being typed at the cursor: `torch.nn.functional.re`, `x.is_le`, `ones`
_DOTTED = re.compile(r"(?<![\w.)\]'\"])(?P<path>(?:[^\W\d]\w*\.)*)(?P<word>[^\W\d]\w*|)$")
_CALLEE = re.compile(r"(?<![\w.)\]'\"])((?:[^\W\d]\w*\.)*[^\W\d]\w*)\s*$")
_QUIET = (AttributeError, TypeError, ValueError, KeyError, IndexError, RuntimeError)


class GradcliCompleter(Completer):
    """Completions for the text before the cursor, in the scope of a running Session."""

    def __init__(self, session) -> None:
        self.session = session
        self.paths = PathCompleter(expanduser=True)

    def get_completions(self, document: Document, complete_event):
        text = document.text_before_cursor
        if not self.session.buffer and text.lstrip().startswith(":") and "\n" not in text:
            yield from self._command(text.lstrip(), complete_event)
            return
        pieces = classify(text)
        if pieces and pieces[-1][0] in ("string", "comment"):
            return
        m = _DOTTED.search(text)
        if m is None:
            return
        path, word = m.group("path"), m.group("word")
        if path:
            names = self._attributes(path[:-1])
        elif word:
            names = _keyword_arguments(self._resolve, text[:m.start()]) + self._names()
        else:
            names = _keyword_arguments(self._resolve, text)
        for name in _matching(names, word):
            yield Completion(name, start_position=-len(word))

    def _command(self, text: str, complete_event):
        name, space, argument = text[1:].partition(" ")
        if not space:
            for candidate in _matching(list(command_table.COMMANDS), name):
                yield Completion(":" + candidate, start_position=-len(text))
            return
        command = command_table.COMMANDS.get(name)
        if command is None:
            return
        if command.usage == "FILE":
            yield from self.paths.get_completions(Document(argument), complete_event)
        elif "|" in command.usage:
            for choice in _matching(command.usage.split("|"), argument):
                yield Completion(choice, start_position=-len(argument))
        elif command.usage:
            m = _DOTTED.search(argument)
            word = m.group("word") if m else ""
            for candidate in _matching(self._names(), word):
                yield Completion(candidate, start_position=-len(word))

    def _names(self) -> list[str]:
        interpreter = self.session.interpreter
        return list(interpreter.globals) + list(interpreter.builtins) + keywords()

    def _resolve(self, dotted: str):
        """The value a dotted name has now, read without calling anything; None if unknown."""
        first, *rest = dotted.split(".")
        interpreter = self.session.interpreter
        scope = interpreter.globals if first in interpreter.globals else interpreter.builtins
        if first not in scope:
            return None
        value = scope[first]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # reading x.grad of a non-leaf warns: not here
            for name in rest:
                try:
                    value = B.get_attribute(value, name)
                except _QUIET:
                    return None
        return value

    def _attributes(self, dotted: str) -> list[str]:
        value = self._resolve(dotted)
        return [] if value is None else B.attribute_names(value)


def _keyword_arguments(resolve, text: str) -> list[str]:
    """`name=` for each keyword the innermost open call before the end of `text` accepts."""
    opened = _open_bracket(text)
    if opened is None or text[opened] != "(":
        return []
    m = _CALLEE.search(text[:opened])
    fn = resolve(m.group(1)) if m else None
    if not callable(fn):
        return []
    given = _given_keywords(text[opened + 1:])
    return [name + "=" for name in _parameters(fn) if name not in given]


_GIVEN = re.compile(r"(?:^|,)\s*([^\W\d]\w*)\s*=(?!=)")


def _given_keywords(arguments: str) -> set[str]:
    """The keywords already written among a call's arguments (strings and brackets inside
    them skipped): Tab does not offer them again."""
    top, depth = [], 0
    for cls, piece in classify(arguments):
        if cls in ("string", "comment"):
            piece = "''"
        for c in piece:
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            elif depth == 0:
                top.append(c)
    return set(_GIVEN.findall("".join(top)))


def _parameters(fn) -> list[str]:
    """The names a call of fn accepts as keywords."""
    if isinstance(fn, Function):  # defined in the program: its own parameter list
        return [n for n in fn.sig.positional if n not in fn.sig.posonly] + list(fn.sig.kwonly)
    try:
        parameters = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return []
    kinds = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return [p.name for p in parameters if p.kind in kinds]


def _open_bracket(text: str) -> int | None:
    """Where the innermost bracket still open at the end of `text` is (strings skipped)."""
    brackets, offset = [], 0
    for cls, piece in classify(text):
        if cls == "operator":
            brackets += [(offset + i, c) for i, c in enumerate(piece) if c in "()[]{}"]
        offset += len(piece)
    depth = 0
    for position, c in reversed(brackets):
        if c in ")]}":
            depth += 1
        elif depth:
            depth -= 1
        else:
            return position
    return None


def _matching(names: list[str], word: str) -> list[str]:
    """The names starting with `word`, each once, in their order; private ones only on `_`."""
    seen: dict[str, None] = {}
    for name in names:
        if name.startswith(word) and (word.startswith("_") or not name.startswith("_")):
            seen.setdefault(name)
    return list(seen)
