"""Parse tables from the grammar: lark analyses grammar/gradcli.lark into plain data, cached.

Only this module imports lark, and only when no cached tables match the grammar: at run
time the tables load with `marshal` and syntax/lalr.py drives them, which keeps lark's
import (a quarter of NumPy's) off every start-up.
"""
from __future__ import annotations

import marshal
import os
import re
import sys
import zlib

GRAMMAR = "gradcli.lark"
FORMAT = 1  # bump when the shape of the tables changes
STARTS = ("start", "fstring_field")
KEEP_OTHERS = 8   # tables of other grammars left in the cache


def grammar_text() -> str:
    """The grammar shipped in the package, else the checkout's top-level grammar/ folder."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for path in (os.path.join(package, "grammar", GRAMMAR),
                 os.path.join(os.path.dirname(package), "grammar", GRAMMAR)):
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as fh:
                return fh.read()
    raise FileNotFoundError(f"gradcli's grammar ({GRAMMAR}) is missing from the installation")


def _cache_file(text: str) -> str | None:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "gradcli")
    key = f"{zlib.crc32(text.encode()):08x}-{len(text)}-f{FORMAT}-py{sys.version_info[0]}" \
          f"{sys.version_info[1]}"
    return os.path.join(folder, f"tables-{key}.marshal")


def load() -> dict:
    """The tables for the current grammar: from the cache, else built (and cached if we can)."""
    text = grammar_text()
    path = _cache_file(text)
    try:
        with open(path, "rb") as fh:
            tables = marshal.load(fh)
        if tables.get("grammar") == text:
            return tables
    except (OSError, EOFError, ValueError, TypeError, AttributeError):
        pass  # no cache yet, or an unreadable one: build afresh
    tables = build(text)
    _save(tables, path)
    return tables


def _save(tables: dict, path: str) -> None:
    """Write the cache atomically, and drop the tables of older grammars beside it."""
    folder = os.path.dirname(path)
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(folder, exist_ok=True)
        with open(tmp, "wb") as fh:
            marshal.dump(tables, fh)
        os.replace(tmp, path)
        # keep a few other grammars' tables (checkouts of other versions share the cache),
        # dropping the oldest
        others = sorted((os.path.join(folder, n) for n in os.listdir(folder)
                         if n.startswith("tables-") and os.path.join(folder, n) != path),
                        key=os.path.getmtime)
        for old in others[:-KEEP_OTHERS]:
            os.remove(old)
    except OSError:
        pass  # a read-only home: build each time, still correct
    finally:
        if os.path.exists(tmp):
            os.remove(tmp)


def build(text: str) -> dict:
    """Let lark analyse the grammar, and keep what a parse needs as plain data."""
    from lark import Lark
    from lark.indenter import PythonIndenter
    from lark.lexer import PatternStr

    lark = Lark(text, parser="lalr", lexer="basic", postlex=PythonIndenter(), start=list(STARTS),
                maybe_placeholders=True)
    lexer = lark.parser.lexer.lexer
    # str(): lark's names can be its Token subclass, which marshal does not take
    terminals = [(str(t.name), str(t.pattern.to_regexp()), isinstance(t.pattern, PatternStr),
                  int(t.priority), "".join(t.pattern.flags)) for t in lexer.terminals]
    table = lark.parser.parser.parser.parse_table
    rules: dict = {}
    states = {}
    for state, actions in table.states.items():
        row = {}
        for token, (action, arg) in actions.items():
            if action.name == "Shift":
                row[str(token)] = (0, int(arg))
            else:
                row[str(token)] = (1, rules.setdefault(arg, len(rules)))
        states[int(state)] = row
    return {
        "grammar": text,
        "terminals": _scanner_terminals(terminals),
        "keywords": _keywords(terminals),
        "ignore": sorted(map(str, lexer.ignore_types)),
        "newline": sorted(map(str, lexer.newline_types)),
        "states": states,
        "start": {str(k): int(v) for k, v in table.start_states.items()},
        "end": {str(k): int(v) for k, v in table.end_states.items()},
        "rules": [_rule(r) for r, _ in sorted(rules.items(), key=lambda kv: kv[1])],
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
    return [(name, regexp, flags) for name, regexp, is_str, _, flags in terminals
            if name not in embedded]


def _rule(rule) -> tuple:
    """(callback name, the non-terminal it makes, symbols it pops, expand-single-child, filter)"""
    name = str(rule.alias or rule.origin.name)
    expand1 = bool(rule.options.expand1 and not rule.alias)
    return (name, str(rule.origin.name), len(rule.expansion), expand1, _child_filter(rule))


def _child_filter(rule):
    """lark's maybe_create_child_filter for LALR with placeholders, as data:
    ((index, splice, nones_before), ...), nones_after — or None when children pass as they are."""
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
            include.append((i, bool(splice), nones))
            nones = 0
    nones += empty[len(expansion)]
    if flags or len(include) < len(expansion) or any(s for _, s, _ in include):
        return (tuple(include), nones)
    return None
