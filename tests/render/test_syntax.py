"""Code colouring from the grammar's own lexer, and the three places that use it."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st
from prompt_toolkit.document import Document

from gradcli.pygments_lexer import GradcliLexer as PygmentsLexer
from gradcli.render.syntax import classify, keywords
from gradcli.repl.lexer import GradcliLexer as PromptLexer

CASES = [
    ("x = ones(2, grad)", {"ones", "grad"},
     [("name", "x"), ("", " "), ("operator", "="), ("", " "), ("builtin", "ones"),
      ("operator", "("), ("number", "2"), ("operator", ","), ("", " "), ("builtin", "grad"),
      ("operator", ")")]),
    ("for i in r:  # loop\n    pass", set(),
     [("keyword", "for"), ("", " "), ("name", "i"), ("", " "), ("keyword", "in"), ("", " "),
      ("name", "r"), ("operator", ":"), ("", "  "), ("comment", "# loop"), ("", "\n    "),
      ("keyword", "pass")]),
    ("None if True else 1.5e-3", set(),
     [("constant", "None"), ("", " "), ("keyword", "if"), ("", " "), ("constant", "True"),
      ("", " "), ("keyword", "else"), ("", " "), ("number", "1.5e-3")]),
    ("x.sum", {"sum"}, [("name", "x"), ("operator", "."), ("name", "sum")]),
    ("f'{x}' + \"\"\"a\nb\"\"\"", set(),
     [("string", "f'{x}'"), ("", " "), ("operator", "+"), ("", " "),
      ("string", '"""a\nb"""')]),
    ("s = 'unfinished\nx", set(),
     [("name", "s"), ("", " "), ("operator", "="), ("", " "), ("string", "'unfinished"),
      ("", "\n"), ("name", "x")]),
    ("a == b", set(), [("name", "a"), ("", " "), ("operator", "=="), ("", " "), ("name", "b")]),
    ("a $ b", set(), [("name", "a"), ("", " "), ("error", "$"), ("", " "), ("name", "b")]),
    ("x **= 2 // 3", set(),
     [("name", "x"), ("", " "), ("operator", "**="), ("", " "), ("number", "2"), ("", " "),
      ("operator", "//"), ("", " "), ("number", "3")]),
]


@pytest.mark.parametrize("text, builtins, pieces", CASES, ids=[c[0] for c in CASES])
def test_classify(text, builtins, pieces):
    assert classify(text, builtins) == pieces


@given(st.text(alphabet="ab1 .():=+'\"#\n\t$\\_f", max_size=40))
def test_the_pieces_cover_any_text_exactly(text):
    assert "".join(piece for _, piece in classify(text)) == text


def test_keywords_are_the_grammars_words():
    words = keywords()
    assert {"for", "while", "with", "def", "lambda", "return", "None", "True"} <= set(words)
    assert "ones" not in words and "(" not in words


def test_the_prompt_lexer_gives_styled_lines():
    lines = PromptLexer({"ones"}).lex_document(Document("x = ones(1)\n# c"))
    assert lines(0) == [("class:syntax.name", "x"), ("", " "), ("class:syntax.operator", "="),
                        ("", " "), ("class:syntax.builtin", "ones"),
                        ("class:syntax.operator", "("), ("class:syntax.number", "1"),
                        ("class:syntax.operator", ")")]
    assert lines(1) == [("class:syntax.comment", "# c")]
    assert lines(2) == []


def test_the_pygments_lexer_colours_the_same_classes():
    from pygments.token import Keyword, Name, Number, Operator, Text

    tokens = [(t, v) for t, v in PygmentsLexer().get_tokens("for i in range(2): ones\n")]
    assert tokens[:7] == [(Keyword, "for"), (Text, " "), (Name, "i"), (Text, " "),
                          (Keyword, "in"), (Text, " "), (Name.Builtin, "range")]
    assert (Number, "2") in tokens and (Operator, "):") in tokens
    assert (Name.Builtin, "ones") in tokens


def test_pygments_finds_the_lexer_by_its_entry_point():
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename

    assert type(get_lexer_by_name("gradcli")) is PygmentsLexer
    assert type(get_lexer_for_filename("model.grad")) is PygmentsLexer
