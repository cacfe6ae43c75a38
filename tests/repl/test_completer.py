"""Completion offers what the interpreter's own tables allow, where the cursor is."""
from __future__ import annotations

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from gradcli.interpret import builtins as B
from gradcli.repl.completer import GradcliCompleter

SETUP = ["x = ones(2, 2, grad)", "y = x * 2", "xs = [1, 2]", "def f(a, scale=1):\n    return a\n"]


def completions(seen, text: str) -> list[str]:
    seen.push(*SETUP)
    found = GradcliCompleter(seen.session).get_completions(
        Document(text), CompleteEvent(completion_requested=True))
    return [c.text for c in found]


# (text before the cursor, exactly what is offered)
EXACT = [
    ("x.is_le", ["is_leaf"]),
    ("y.grad_fn.", sorted(B.NODE_ATTRIBUTES)),
    ("x.sum(ke", ["keepdim="]),
    ("f(1, scal", ["scale="]),
    ("f(scale=2, ", ["a="]),                          # a keyword already given is not offered
    ("ones(2, requires_grad=True, dtype=torch.float64, requires_", []),
    ("f(g(scale=1), scal", ["scale="]),               # given to the inner call, not to f
    ("f(a='scale=1', scal", ["scale="]),              # inside a string
    ("f(x.is_l", ["is_leaf"]),
    ("x._ver", ["_version"]),
    ("wi", ["with"]),
    ("lamb", ["lambda"]),
    (":l", [":load", ":lang"]),
    (":lang ", ["en", "zh"]),
    (":lang z", ["zh"]),
    ("'x.is_le", []),              # inside a string
    ("1  # x.is_le", []),          # inside a comment
    ("undefined.", []),
    ("(x + 1).", []),              # nothing is evaluated to complete
    ("x.is_leaf.", []),
]


@pytest.mark.parametrize("text, offered", EXACT, ids=[t for t, _ in EXACT])
def test_completions(seen, text, offered):
    assert completions(seen, text) == offered


# (text, some of what is offered)
INCLUDES = [
    ("x.", ["grad", "grad_fn", "requires_grad", "is_leaf", "backward", "sum", "shape"]),
    ("torch.nn.functional.", sorted(B.functional.entries)),
    ("torch.", ["ones", "no_grad", "autograd", "float64"]),
    ("torch.autograd.", ["grad", "backward"]),
    ("F.", sorted(B.functional.entries)),
    ("xs.", ["append", "pop"]),
    ("on", ["ones", "ones_like"]),
    ("x", ["x", "xs"]),
    ("backw", ["backward"]),
    ("x.sum(", ["dim=", "keepdim="]),
    (":", [":help", ":vars", ":reset", ":load", ":save", ":lang", ":quit"]),
]


@pytest.mark.parametrize("text, some", INCLUDES, ids=[t for t, _ in INCLUDES])
def test_completions_include(seen, text, some):
    offered = completions(seen, text)
    assert all(name in offered for name in some), offered


def test_private_attributes_only_after_an_underscore(seen):
    assert not [name for name in completions(seen, "x.") if name.startswith("_")]


def test_reading_an_attribute_to_complete_warns_nothing(seen, recwarn):
    assert completions(seen, "y.grad.") == []    # a non-leaf's .grad: None, and a warning
    assert len(recwarn) == 0 and seen.err == ""


def test_file_arguments_complete_paths(seen, tmp_path):
    (tmp_path / "model.grad").write_text("")
    assert completions(seen, f":load {tmp_path}/mo") == ["del.grad"]


def test_completion_replaces_the_word_in_place(seen):
    seen.push(*SETUP)
    [only] = GradcliCompleter(seen.session).get_completions(
        Document("print(x.is_le"), CompleteEvent(completion_requested=True))
    assert (only.text, only.start_position) == ("is_leaf", -len("is_le"))
