"""Echoed values: PyTorch's characters exactly, with colour laid over numbers, grad_fn, ..."""
from __future__ import annotations

import io

import pytest

from gradcli.render.console import RichRenderer, make_console
from gradcli.render.value import value_text

from ..conftest import ROOT

# (repr, the styled parts in order: (text, style))
SPANS = [
    ("tensor([1., 2.], dtype=torch.float64, requires_grad=True)",
     [("1.", "number"), ("2.", "number"), ("True", "constant"), ("dtype=", "keyword"),
      ("requires_grad=True", "requires_grad"), ("torch.float64", "dtype")]),
    ("tensor(3., grad_fn=<MeanBackward0>)",
     [("3.", "number"), ("grad_fn=", "keyword"), ("MeanBackward0", "grad_fn")]),
    ("tensor([-inf, nan, 1.0000e+10])",
     [("-inf", "number"), ("nan", "number"), ("1.0000e+10", "number")]),
    ("<AccumulateGrad object at 0x7f00a1b2>", [("AccumulateGrad", "grad_fn")]),
    ("torch.int64", [("torch.int64", "dtype")]),
    ("['step 1', None]", [("1", "number"), ("None", "constant"), ("'step 1'", "string")]),
    ("torch.Size([2, 3])", [("2", "number"), ("3", "number")]),
]


@pytest.mark.parametrize("text, spans", SPANS, ids=[t for t, _ in SPANS])
def test_styles_lie_over_the_parts_that_say_something(text, spans):
    styled = value_text(text)
    assert styled.plain == text
    assert [(text[s.start:s.end], s.style) for s in styled.spans] == \
        [(part, "tensor." + style) for part, style in spans]


def _recorded_outputs() -> list[str]:
    cases = sorted((ROOT / "tests" / "conformance" / "cases" / "printing").glob("*.out"))
    return [c.read_text() for c in cases if c.read_text().strip()][:40]


@pytest.mark.parametrize("width", [20, 80])
def test_without_colour_the_text_is_pytorchs_byte_for_byte(width):
    for recorded in _recorded_outputs():
        out = io.StringIO()
        RichRenderer(out, io.StringIO(), colour=False, width=width).console.print(
            value_text(recorded.rstrip("\n")))
        assert out.getvalue() == recorded.rstrip("\n") + "\n"


def test_with_colour_only_escape_codes_are_added():
    out = io.StringIO()
    console = make_console(out, colour=True, width=20)
    console.print(value_text("tensor([[0.2500, 0.2500],\n        [0.2500, 0.2500]], "
                             "grad_fn=<MulBackward0>)"))
    number = "\x1b[36m0.2500\x1b[0m"
    assert out.getvalue() == (f"tensor([[{number}, {number}],\n        [{number}, {number}]], "
                              f"\x1b[2mgrad_fn=\x1b[0m<\x1b[35mMulBackward0\x1b[0m>)\n")


def test_print_output_is_written_as_it_is():
    out = io.StringIO()
    RichRenderer(out, io.StringIO(), colour=True).out("tensor([1.]) [bold]x[/]\n")
    assert out.getvalue() == "tensor([1.]) [bold]x[/]\n"
