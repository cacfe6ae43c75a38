"""An echoed value in colour: PyTorch's text exactly as it is, with styles laid over its parts."""
from __future__ import annotations

from rich.highlighter import RegexHighlighter
from rich.text import Text

from ..engine.dtypes import ALL as DTYPES


def _dtype_pattern() -> str:
    # longest names first, so that torch.float64 is not cut at torch.float
    names = sorted((d.name for d in DTYPES), key=len, reverse=True)
    return r"\b(?P<dtype>torch\.(?:" + "|".join(names) + r"))\b"


class ValueHighlighter(RegexHighlighter):
    """Styles "tensor.<group>" over a repr; a later pattern wins where two overlap."""

    base_style = "tensor."
    highlights = [
        r"(?<![\w.])(?P<number>-?(?:\d+\.?\d*(?:e[+-]?\d+)?|inf|nan))(?![\w])",
        r"\b(?P<constant>True|False|None)\b",
        r"\b(?P<keyword>(?:grad_fn|dtype|device)=)",
        r"\b(?P<requires_grad>requires_grad=True)",
        r"\b(?P<grad_fn>\w+Backward\d*|AccumulateGrad|CopySlices)\b",
        _dtype_pattern(),
        r"(?P<string>'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\")",
    ]


_HIGHLIGHTER = ValueHighlighter()


def value_text(text: str) -> Text:
    """`text` (a repr, PyTorch's own for tensors) with its styles; the characters unchanged."""
    return _HIGHLIGHTER(Text(text))
