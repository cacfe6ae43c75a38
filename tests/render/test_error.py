"""Errors at a terminal: PyTorch's message first, the statement and its caret, one hint."""
from __future__ import annotations

import io

import pytest

from gradcli import i18n
from gradcli.errors import GradcliError
from gradcli.interpret import Interpreter, Warning_
from gradcli.render.advice import ADVICE, advice
from gradcli.render.console import RichRenderer
from gradcli.render.error import error_text, warning_text
from gradcli.syntax import parse


def error_of(source: str, filename: str = "<stdin>") -> GradcliError:
    with pytest.raises(GradcliError) as caught:
        Interpreter(lambda text: None).run(parse(source, filename))
    return caught.value


def shown(error_or_warning, colour: bool = False) -> str:
    err = io.StringIO()
    renderer = RichRenderer(io.StringIO(), err, colour=colour, width=60)
    if isinstance(error_or_warning, Warning_):
        renderer.warning(error_or_warning)
    else:
        renderer.error(error_or_warning)
    return err.getvalue()


@pytest.fixture(autouse=True)
def english():
    yield
    i18n.set_language("en")


# a program that makes each error of the advice table, as gradcli runs it
PROGRAMS = {
    "advice.implicit_grad": "(ones(2, grad) * 2).backward()",
    "advice.second_backward": "x = ones(2, grad); y = (x * x).sum(); y.backward(); y.backward()",
    "advice.no_grad_fn": "ones(2).backward()",
    "advice.leaf_inplace": "x = ones(2, grad); x.add_(1)",
    "advice.saved_modified": "a = ones(2, grad); b = a.exp(); b.add_(1); b.sum().backward()",
    "advice.integer_requires_grad": "tensor([1, 2], requires_grad=True)",
    "advice.broadcast": "ones(3) + ones(4)",
    "advice.matmul": "mm(ones(2, 3), ones(2, 3))",
}


def test_every_advice_has_a_program_and_both_languages():
    keys = [key for _, key in ADVICE]
    assert sorted(keys) == sorted(PROGRAMS)
    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        assert all(i18n.t(key, a="1", b="2", dim="0") for key in keys)


@pytest.mark.parametrize("key", sorted(PROGRAMS))
@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_the_common_autograd_errors_get_advice(key, lang):
    error = error_of(PROGRAMS[key])
    i18n.set_language(lang)
    fields = {"a": "3", "b": "4", "dim": "0"} if key == "advice.broadcast" else \
        {"a": "3", "b": "2"} if key == "advice.matmul" else {}
    hint = i18n.t("advice.hint", advice=i18n.t(key, **fields))
    assert advice(error.message) == hint
    assert shown(error).splitlines()[-1] == hint


def test_other_errors_get_no_advice():
    assert advice(error_of("undefined_name").message) is None
    assert shown(error_of("undefined_name")) == ("NameError: name 'undefined_name' is not "
                                                  "defined\n    undefined_name\n    "
                                                  "^^^^^^^^^^^^^^\n")


def test_the_message_comes_first_then_the_statement_and_caret_then_the_hint():
    assert shown(error_of("x = ones(2, grad)\ny = x * 2\ny.backward()")).splitlines() == [
        "RuntimeError: grad can be implicitly created only for scalar outputs",
        '  File "<stdin>", line 3',
        "    y.backward()",
        "    ^^^^^^^^^^^^",
        "hint: backward() starts from one number: reduce the output first (y.sum().backward()) "
        "or pass gradient=torch.ones_like(y).",
    ]


def test_a_file_is_named_even_for_a_one_line_program():
    assert shown(error_of("ones(2).backward()", "model.grad")).splitlines()[1] == \
        '  File "model.grad", line 1'


def test_colour_marks_the_kind_the_message_the_caret_and_the_hint():
    text = error_text(error_of("ones(2).backward()"))
    styles = [(text.plain[s.start:s.end], s.style) for s in text.spans]
    assert styles[:2] == [("RuntimeError", "error.kind"),
                          ("element 0 of tensors does not require grad and does not have a "
                           "grad_fn", "error.message")]
    assert ("^^^^^^^^^^^^^^^^^^", "error.caret") in styles
    assert ("2", "syntax.number") in styles
    assert styles[-1][1] == "error.advice"


def test_the_non_leaf_grad_warning_is_dimmed():
    w = Warning_("UserWarning", "The .grad attribute of a Tensor that is not a leaf Tensor is "
                 "being accessed.", "<stdin>", 1, "b.grad")
    text = warning_text(w)
    assert text.plain == ("<stdin>:1: UserWarning: The .grad attribute of a Tensor that is not "
                          "a leaf Tensor is being accessed.\n  b.grad")
    assert {s.style for s in text.spans} == {"warning.message", "warning.category"}
    assert shown(w, colour=True).startswith("\x1b[2m<stdin>:1: \x1b[0m")
