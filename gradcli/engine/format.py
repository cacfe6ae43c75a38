"""PyTorch's text for a tensor (torch/_tensor_str.py), under torch.set_printoptions."""
from __future__ import annotations

import math

import numpy as np

from . import dtypes as _dt


class PrintOptions:
    """torch's PRINT_OPTS: one per process, changed by set_printoptions."""

    __slots__ = ("precision", "threshold", "edgeitems", "linewidth", "sci_mode")

    def __init__(self) -> None:
        self.precision, self.threshold, self.edgeitems, self.linewidth = PROFILES["default"]
        self.sci_mode = None


PROFILES = {"default": (4, 1000, 3, 80), "short": (2, 1000, 2, 80), "full": (4, math.inf, 3, 80)}
OPTIONS = PrintOptions()


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     profile=None, sci_mode=None) -> None:
    """torch.set_printoptions: a profile first, then each option given; sci_mode is always set
    (None: chosen per tensor)."""
    if profile in PROFILES:
        OPTIONS.precision, OPTIONS.threshold, OPTIONS.edgeitems, OPTIONS.linewidth = \
            PROFILES[profile]
    for name, value in (("precision", precision), ("threshold", threshold),
                        ("edgeitems", edgeitems), ("linewidth", linewidth)):
        if value is not None:
            setattr(OPTIONS, name, value)
    OPTIONS.sci_mode = sci_mode



def reset_printoptions() -> None:
    set_printoptions(profile="default")


class _Formatter:
    """One per tensor: decides int/fixed/scientific mode and the column width once."""

    __slots__ = ("floating", "int_mode", "sci_mode", "width", "precision")

    def __init__(self, values: np.ndarray) -> None:
        self.floating = values.dtype.kind == "f"
        self.int_mode = True
        self.sci_mode = False
        self.width = 1
        self.precision = precision = OPTIONS.precision
        flat = values.reshape(-1)
        if not self.floating:
            self.width = max((len(str(v)) for v in flat.tolist()), default=1)
            return
        wide = flat.astype(np.float64)  # float32 widens exactly, as .item() does
        finite = wide[np.isfinite(wide) & (wide != 0)]
        if not finite.size:
            return
        mags = np.abs(finite)
        lo, hi = float(mags.min()), float(mags.max())
        self.int_mode = bool(np.all(finite == np.ceil(finite)))
        self.sci_mode = hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4 \
            if OPTIONS.sci_mode is None else OPTIONS.sci_mode
        vals = finite.tolist()
        if self.sci_mode:
            self.width = max(len(f"{v:.{precision}e}") for v in vals)
        elif self.int_mode:
            self.width = max(len(f"{v:.0f}") + 1 for v in vals)
        else:
            self.width = max(len(f"{v:.{precision}f}") for v in vals)

    def format(self, value) -> str:
        if not self.floating:
            text = str(value)
        elif self.sci_mode:
            text = f"{value:{self.width}.{self.precision}e}"
        elif self.int_mode:
            text = f"{value:.0f}"
            if not (math.isinf(value) or math.isnan(value)):
                text += "."
        else:
            text = f"{value:.{self.precision}f}"
        return (self.width - len(text)) * " " + text


def _summarized(a: np.ndarray, edge: int) -> np.ndarray:
    """The elements that will be shown: the first and last `edge` along every long dim."""
    if a.ndim == 0:
        return a
    if a.ndim == 1:
        if a.shape[0] > 2 * edge:
            return np.concatenate((a[:edge], a[-edge:] if edge else a[:0]))
        return a
    if not edge:
        return np.zeros((0,) * a.ndim, a.dtype)
    rows = range(a.shape[0])
    if a.shape[0] > 2 * edge:
        rows = [*range(edge), *range(a.shape[0] - edge, a.shape[0])]
    return np.stack([_summarized(a[i], edge) for i in rows])


def _vector(a: np.ndarray, indent: int, summarize: bool, fmt: _Formatter) -> str:
    edge = OPTIONS.edgeitems
    per_line = max(1, math.floor((OPTIONS.linewidth - indent) / (fmt.width + 2)))
    if summarize and not edge:
        items = ["..."]
    elif summarize and a.shape[0] > 2 * edge:
        items = ([fmt.format(v) for v in a[:edge].tolist()] + [" ..."]
                 + [fmt.format(v) for v in a[-edge:].tolist()])
    else:
        items = [fmt.format(v) for v in a.tolist()]
    lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
    return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"


def _body(a: np.ndarray, indent: int, summarize: bool, fmt: _Formatter) -> str:
    if a.ndim == 0:
        return fmt.format(a.item())
    if a.ndim == 1:
        return _vector(a, indent, summarize, fmt)
    n, edge = a.shape[0], OPTIONS.edgeitems
    if summarize and n > 2 * edge:
        blocks = ([_body(a[i], indent + 1, summarize, fmt) for i in range(edge)] + ["..."]
                  + [_body(a[i], indent + 1, summarize, fmt) for i in range(n - edge, n)])
    else:
        blocks = [_body(a[i], indent + 1, summarize, fmt) for i in range(n)]
    return "[" + ("," + "\n" * (a.ndim - 1) + " " * (indent + 1)).join(blocks) + "]"


def array_text(a: np.ndarray, indent: int) -> str:
    """The bracketed values of a non-empty array, as PyTorch lays them out."""
    summarize = a.size > OPTIONS.threshold
    fmt = _Formatter(_summarized(a, OPTIONS.edgeitems) if summarize else a)
    return _body(a, indent, summarize, fmt)


def _with_suffixes(text: str, suffixes: list[str], indent: int) -> str:
    parts = [text]
    last = len(text) - text.rfind("\n") + 1
    for s in suffixes:
        if last + len(s) + 2 > OPTIONS.linewidth:
            parts.append(",\n" + " " * indent + s)
            last = indent + len(s)
        else:
            parts.append(", " + s)
            last += len(s) + 2
    parts.append(")")
    return "".join(parts)


def tensor_repr(t, prefix: str = "tensor(") -> str:
    a = t._data
    dtype = _dt.from_numpy(a.dtype)
    indent = len(prefix)
    suffixes = []
    if a.size == 0:
        body = "[]"
        if a.ndim != 1:
            suffixes.append(f"size={tuple(a.shape)}")
        if dtype is not _dt.default_float:
            suffixes.append(f"dtype={dtype!r}")
    else:
        body = array_text(a, indent)
        if not OPTIONS.edgeitems:
            suffixes.append(f"size={tuple(a.shape)}")
        if dtype not in (_dt.default_float, _dt.int64, _dt.bool_):
            suffixes.append(f"dtype={dtype!r}")
    if t.grad_fn is not None:
        name = t.grad_fn.name().rsplit("::", 1)[-1]
        suffixes.append(f"grad_fn=<{name}>")
    elif t.requires_grad:
        suffixes.append("requires_grad=True")
    return _with_suffixes(prefix + body, suffixes, indent)
