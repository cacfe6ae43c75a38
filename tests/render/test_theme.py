"""One table of dotted style names serves rich and prompt_toolkit."""
from __future__ import annotations

import pytest
from prompt_toolkit.styles import Style as PromptStyle
from rich.style import Style

from gradcli.render.syntax import CLASSES
from gradcli.render.theme import STYLES, THEME, prompt_toolkit_style


@pytest.mark.parametrize("name", sorted(STYLES))
def test_every_style_is_dotted_and_means_the_same_to_both(name):
    assert "." in name
    assert THEME.styles[name] == Style.parse(STYLES[name])
    PromptStyle([(name, prompt_toolkit_style(name))])  # raises on a style it cannot read


@pytest.mark.parametrize("name, converted", [
    ("syntax.keyword", "bold ansimagenta"),
    ("syntax.comment", "italic ansibrightblack"),
    ("syntax.name", ""),
    ("prompt.main", "bold ansigreen"),
])
def test_prompt_toolkit_gets_ansi_names(name, converted):
    assert prompt_toolkit_style(name) == converted


def test_every_syntax_class_has_a_style():
    assert {f"syntax.{cls}" for cls in CLASSES} <= set(STYLES)
