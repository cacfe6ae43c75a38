"""Parse tables from the grammar: lark analyses grammar/gradcli.lark into plain data, which ships
as syntax/tables.json (tests/syntax/write_tables.py writes it; a test keeps it current).

Only this module imports lark, and only to write tables.json or when the grammar has changed
since it was written (a checkout being worked on): the tables are then built in memory, and
nothing is written anywhere. At run time they load as JSON and syntax/lalr.py drives them, which
keeps lark's import (a quarter of NumPy's) and its analysis (a quarter of a second) off every
start-up.
"""
from __future__ import annotations

import json
import os
import re
import zlib

GRAMMAR = "gradcli.lark"
FORMAT = 2  # bump when the shape of the tables changes
STARTS = ("start", "fstring_field")
SHIPPED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tables.json")


def grammar_text() -> str:
    """The grammar shipped in the package, else the checkout's top-level grammar/ folder."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for path in (os.path.join(package, "grammar", GRAMMAR),
                 os.path.join(os.path.dirname(package), "grammar", GRAMMAR)):
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as fh:
                return fh.read()
    raise FileNotFoundError(f"gradcli's grammar ({GRAMMAR}) is missing from the installation")


def digest(text: str) -> str:
    """What tables.json was made from: the shape of the tables and the grammar (a checksum
    that notices edits; hashlib's import would add 3 ms to every start-up)."""
    data = text.encode()
    return f"format {FORMAT}, grammar crc32 {zlib.crc32(data):08x} of {len(data)} bytes"


def load() -> dict:
    """The tables for the current grammar: the shipped ones, else built now."""
    text = grammar_text()
    try:
        with open(SHIPPED, encoding="utf-8") as fh:
            tables = json.load(fh)
        if tables.get("digest") == digest(text):
            return tables
    except (OSError, ValueError):
        pass  # missing or unreadable: build afresh
    return build(text)


def analyse(text: str):
    """lark's own LALR parser for the grammar, with the options gradcli's runtime follows."""
    from lark import Lark
    from lark.indenter import PythonIndenter

    return Lark(text, parser="lalr", lexer="basic", postlex=PythonIndenter(),
                start=list(STARTS), maybe_placeholders=True)


def build(text: str) -> dict:
    """Let lark analyse the grammar, and keep what a parse needs as plain data.

    A state's actions map a token or rule name to a number: a shift (or a goto) to state n is
    n, a reduction by rule r is ~r (negative)."""
    from lark.lexer import PatternStr

    lark = analyse(text)
    lexer = lark.parser.lexer.lexer
    # str(): lark's names can be its Token subclass
    terminals = [(str(t.name), str(t.pattern.to_regexp()), isinstance(t.pattern, PatternStr),
                  int(t.priority), "".join(t.pattern.flags)) for t in lexer.terminals]
    table = lark.parser.parser.parser.parse_table
    # lark numbers its states in an order that changes with string hashing from one process to
    # the next: number them breadth first from the start states instead, actions in name order,
    # and the rules as they are first met, so that one grammar always gives the same tables
    order = [table.start_states[s] for s in STARTS]    # grows as new states are met
    number = {state: i for i, state in enumerate(order)}
    rules: dict = {}
    states = []
    for state in order:
        row = {}
        for token, (action, arg) in sorted(table.states[state].items(), key=lambda a: str(a[0])):
            if action.name != "Shift":
                row[str(token)] = ~rules.setdefault(arg, len(rules))
                continue
            if arg not in number:
                number[arg] = len(order)
                order.append(arg)
            row[str(token)] = number[arg]
        states.append(row)
    return {
        "digest": digest(text),
        "terminals": _scanner_terminals(terminals),
        "keywords": _keywords(terminals),
        "ignore": sorted(map(str, lexer.ignore_types)),
        "newline": sorted(map(str, lexer.newline_types)),
        "start": {s: number[table.start_states[s]] for s in STARTS},
        "end": {s: number[table.end_states[s]] for s in STARTS},
        "rules": [_rule(r) for r in rules],
        "states": states,
    }


def _keywords(terminals) -> dict:
    """lark's `unless` retyping: a regex match (NAME) that is exactly a keyword string."""
    out: dict = {}
    for name, regexp, is_str, priority, flags in terminals:
        if is_str:
            continue
        for sname, sregexp, s_is_str, spriority, sflags in terminals:
            if not s_is_str or spriority != priority:
                continue
            value = re.sub(r"\\(.)", r"\1", sregexp)
            m = re.match(regexp, value)
            if m and m.group(0) == value:
                out.setdefault(name, {})[value] = sname
    return out


def _scanner_terminals(terminals) -> list:
    """The terminals the scanner tries, in lark's order; keyword strings live in _keywords."""
    embedded = set()
    for kinds in _keywords(terminals).values():
        embedded.update(kinds.values())
    return [[name, regexp, flags] for name, regexp, is_str, _, flags in terminals
            if name not in embedded]


def _rule(rule) -> list:
    """[callback name, the non-terminal it makes, symbols it pops, expand-single-child, filter]"""
    name = str(rule.alias or rule.origin.name)
    expand1 = bool(rule.options.expand1 and not rule.alias)
    return [name, str(rule.origin.name), len(rule.expansion), expand1, _child_filter(rule)]


def _child_filter(rule):
    """lark's maybe_create_child_filter for LALR with placeholders, as data:
    [[[index, splice, nones_before], ...], nones_after] — or None when children pass as they
    are."""
    expansion = rule.expansion
    flags = rule.options.empty_indices
    if flags:
        ones = "".join(str(int(b)) for b in flags).split("0")
        empty = [len(x) for x in ones]
    else:
        empty = [0] * (len(expansion) + 1)
    include = []
    nones = 0
    keep_all = rule.options.keep_all_tokens
    for i, sym in enumerate(expansion):
        nones += empty[i]
        if keep_all or not (sym.is_term and sym.filter_out):
            splice = not sym.is_term and sym.name.startswith("_")
            include.append([i, bool(splice), nones])
            nones = 0
    nones += empty[len(expansion)]
    if flags or len(include) < len(expansion) or any(s for _, s, _ in include):
        return [include, nones]
    return None


def dumps(tables: dict) -> str:
    """tables.json's text: one line per terminal, rule and state, so that a change to the
    grammar shows as a readable diff."""
    parts = []
    for key, value in tables.items():
        if isinstance(value, list):
            rows = ",\n".join(json.dumps(item, ensure_ascii=False, separators=(",", ":"))
                              for item in value)
            parts.append(f"{json.dumps(key)}: [\n{rows}\n]")
        else:
            parts.append(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"

