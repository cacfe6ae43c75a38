"""Errors: in the REPL PyTorch's message first, then the statement and its caret; in a script
Python's traceback order; gradcli's hints last."""
from __future__ import annotations

import io

import pytest

from gradcli import i18n
from gradcli.errors import GradcliError
from gradcli.interpret import Interpreter, ShownWarning
from gradcli.render.console import RichRenderer
from gradcli.render.error import error_text, warning_text
from gradcli.render.layout import plain
from gradcli.render.text import error_lines
from gradcli.syntax import parse


def error_of(source: str, filename: str = "<stdin>") -> GradcliError:
    with pytest.raises(GradcliError) as caught:
        Interpreter(lambda text: None).run(parse(source, filename))
    return caught.value


def shown(error_or_warning, colour: bool = False) -> str:
    err = io.StringIO()
    renderer = RichRenderer(io.StringIO(), err, colour=colour, width=60)
    if isinstance(error_or_warning, ShownWarning):
        renderer.warning(error_or_warning)
    else:
        renderer.error(error_or_warning)
    return err.getvalue()


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


def test_other_errors_get_no_advice():
    assert shown(error_of("undefined_name")) == ("NameError: name 'undefined_name' is not "
                                                  "defined\n    undefined_name\n    "
                                                  "^^^^^^^^^^^^^^\n")


def test_the_message_comes_first_then_the_statement_and_caret_then_the_hint():
    assert shown(error_of("x = ones(2, grad)\ny = x * 2\ny.backward()")).splitlines() == [
        "RuntimeError: grad can be implicitly created only for scalar outputs",
        '  File "<stdin>", line 3',
        "    y.backward()",
        "    ^^^^^^^^^^^^",
        # the hint, gradcli's own words, is broken between words to the 60 columns
        "hint: backward() starts from one number: reduce the output",
        "  first (`y.sum().backward()`) or pass",
        "  `gradient=torch.ones_like(y)`.",
    ]


def test_a_script_error_is_laid_out_as_pythons_traceback_then_the_hint():
    error = error_of("x = ones(2, grad)\ny = x * 2\ny.backward()", "<string>")
    lines = error_lines(error, ["hint: h"], repl=False)
    assert plain(lines).splitlines() == [
        '  File "<string>", line 3',
        "    y.backward()",
        "    ^^^^^^^^^^^^",
        "RuntimeError: grad can be implicitly created only for scalar outputs",
        "hint: h",
    ]
    assert error_text(error, ["hint: h"], repl=False).plain == plain(lines).rstrip("\n")


def test_a_file_is_named_even_for_a_one_line_program():
    assert shown(error_of("ones(2).backward()", "model.grad")).splitlines()[1] == \
        '  File "model.grad", line 1'


def test_colour_marks_the_kind_the_message_the_caret_and_the_hint():
    text = error_text(error_of("ones(2).backward()"), ["hint: h"])
    styles = [(text.plain[s.start:s.end], s.style) for s in text.spans]
    assert styles[:2] == [("RuntimeError", "error.kind"),
                          ("element 0 of tensors does not require grad and does not have a "
                           "grad_fn", "error.message")]
    assert ("^^^^^^^^^^^^^^^^^^", "error.caret") in styles
    assert ("2", "syntax.number") in styles
    assert styles[-1][1] == "error.advice"


def test_the_non_leaf_grad_warning_is_dimmed():
    w = ShownWarning("UserWarning", "The .grad attribute of a Tensor that is not a leaf Tensor is "
                 "being accessed.", "<stdin>", 1, "b.grad")
    text = warning_text(w)
    assert text.plain == ("<stdin>:1: UserWarning: The .grad attribute of a Tensor that is not "
                          "a leaf Tensor is being accessed.\n  b.grad")
    assert {s.style for s in text.spans} == {"warning.message", "warning.category"}
    assert shown(w, colour=True).startswith("\x1b[2m<stdin>:1: \x1b[0m")


def test_the_caret_under_a_call_on_a_bracketed_expression_starts_at_its_bracket():
    error = error_of("x = ones(2, grad)\ny = (x*2).backward()", "p.grad")
    assert plain(error_lines(error)).splitlines()[1:3] == ["    y = (x*2).backward()",
                                                           "        ^^^^^^^^^^^^^^^^"]
