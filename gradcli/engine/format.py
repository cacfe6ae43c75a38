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


# ---- ATen's C++ text for a tensor (aten/src/ATen/core/Formatting.cpp), which some errors show ----
def _cpp_format(a: np.ndarray) -> tuple[float, int, str]:
    """__printFormat: (scale, field width, printf conversion) for the values of `a` (float64)."""
    if a.size == 0:
        return 1.0, 0, "g"
    finite = a[np.isfinite(a)]
    int_mode = bool(np.all(finite == np.ceil(finite)))
    exp_min = exp_max = 1.0
    if finite.size:
        low, high = float(np.abs(finite).min()), float(np.abs(finite).max())
        exp_min = math.floor(math.log10(low)) + 1 if low != 0 else 1
        exp_max = math.floor(math.log10(high)) + 1 if high != 0 else 1
    if int_mode:
        return (1.0, 11, ".4e") if exp_max > 9 else (1.0, int(exp_max) + 1, "g")
    if exp_max - exp_min > 4:
        return 1.0, 12 if abs(exp_max) > 99 or abs(exp_min) > 99 else 11, ".4e"
    if exp_max > 5 or exp_max < 0:
        return 10.0 ** (exp_max - 1), 7, ".4f"
    return 1.0, 7 if exp_max == 0 else int(exp_max) + 6, ".4f"


def _cpp_matrix(a: np.ndarray, indent: int, linesize: int = 80) -> str:
    """__printMatrix: the columns in blocks that fit the line, each value in its field."""
    scale, size, conv = _cpp_format(a)
    pad = " " * indent
    out = []   # ATen's first indent goes before the format flags it sets, not into the text
    per_line = (linesize - indent) // (size + 1)
    first = 0
    while first < a.shape[1]:
        last = min(first + per_line, a.shape[1]) - 1
        if per_line < a.shape[1]:
            if first != 0:
                out.append("\n")
            out.append(f"Columns {first + 1} to {last + 1}{pad}")
        if scale != 1:
            out.append(f"{scale:g} *\n{pad}")
        for r in range(a.shape[0]):
            for c in range(first, last + 1):
                out.append(f"{a[r, c] / scale:{size}{conv}}")
                if c == last:
                    out.append("\n")
                    if r != a.shape[0] - 1:
                        out.append(pad + (" " if scale != 1 else ""))
                else:
                    out.append(" ")
        first = last + 1
    return "".join(out)


def cpp_text(t) -> str:
    """`std::cout << tensor`: the values, then `[ torch.FloatTensor{2,2} ]`."""
    a = np.asarray(t._data, np.float64)
    # toString(): the legacy class name, which bool has not (ATen names its type instead)
    name = "CPUBoolType" if t.dtype is _dt.bool_ else f"torch.{_dt.type_name(t.dtype)}Tensor"
    dims = ",".join(map(str, a.shape))
    if a.ndim == 0:
        return f"{float(a):g}\n[ {name}{{}} ]"
    if a.ndim == 1:
        body = ""
        if a.size:
            scale, size, conv = _cpp_format(a)
            body = (f"{scale:g} *\n" if scale != 1 else "") + "".join(
                f"{v / scale:{size}{conv}}\n" for v in a)
        return f"{body}[ {name}{{{dims}}} ]"
    if a.ndim == 2:
        return f"{_cpp_matrix(a, 0) if a.size else ''}[ {name}{{{dims}}} ]"
    # __printTensor counts the leading dims with the first one fastest
    leads = [index[::-1] for index in np.ndindex(*a.shape[-3::-1])] if a.size else []
    slices = [f"({','.join(str(i + 1) for i in index)},.,.) = \n{_cpp_matrix(a[index], 1)}"
              for index in leads]
    return f"{chr(10).join(slices)}[ {name}{{{dims}}} ]"
