"""syntax/tables.py and lalr.py against lark: the shipped tables are the grammar's, and every
.grad file in the repository parses as lark's own LALR parser parses it, to the same tree or
to an error at the same place (gradcli's runtime reads lark's internals; this is the check)."""
from __future__ import annotations

import json
from pathlib import Path

import lark
import lark.indenter

from gradcli.syntax import lalr, tables

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = sorted(p for folder in ("samples", "bench", "tests") for p in (ROOT / folder).rglob(
    "*.grad"))


def test_the_shipped_tables_are_the_grammars():
    built = json.loads(tables.dumps(tables.build(tables.grammar_text())))
    shipped = json.loads(Path(tables.SHIPPED).read_text(encoding="utf-8"))
    assert shipped == built, "run: .venv/bin/python tests/syntax/write_tables.py"


def test_a_changed_grammar_is_built_afresh(monkeypatch):
    text = tables.grammar_text() + "\n// a comment\n"
    monkeypatch.setattr(tables, "grammar_text", lambda: text)
    monkeypatch.setattr(tables, "build", lambda grammar: {"built from": grammar})
    assert tables.load() == {"built from": text}


class Tree:
    """A builder for lalr.Parser that makes lark's tree (as tuples): a node per rule, except the
    `_rules` the runtime inlines into their parent, as lark does."""

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return lambda *children: (name, [ours(c) for c in children])


def ours(value):
    if type(value) is lalr.Token:
        return ("token", value.type, str(value), value.line, value.column)
    return value


def theirs(value):
    if isinstance(value, lark.Tree):
        return (str(value.data), [theirs(c) for c in value.children])
    if isinstance(value, lark.Token):
        return ("token", value.type, str(value), value.line, value.column)
    return value


def outcome(parse, text: str, convert, errors: dict):
    """The tree, or the kind of error and its place."""
    try:
        return convert(parse(text))
    except tuple(errors) as e:
        kind = next(name for cls, name in errors.items() if isinstance(e, cls))
        return (kind,) if kind == "dedent" else (kind, e.line, e.column)


OUR_ERRORS = {lalr.UnexpectedToken: "token", lalr.UnexpectedCharacters: "characters",
              lalr.DedentError: "dedent"}
THEIR_ERRORS = {lark.exceptions.UnexpectedToken: "token",
                lark.exceptions.UnexpectedCharacters: "characters",
                lark.indenter.DedentError: "dedent"}


def test_every_program_parses_as_lark_parses_it():
    assert len(PROGRAMS) > 900
    reference = tables.analyse(tables.grammar_text())
    runtime = lalr.Parser(tables.load(), Tree())
    differ = []
    for path in PROGRAMS:
        text = path.read_text(encoding="utf-8")
        text += "" if text.endswith("\n") else "\n"   # as syntax.parse gives it
        mine = outcome(runtime.parse, text, ours, OUR_ERRORS)
        if mine != outcome(lambda t: reference.parse(t, start="start"), text, theirs,
                           THEIR_ERRORS):
            differ.append(str(path.relative_to(ROOT)))
    assert differ == []
