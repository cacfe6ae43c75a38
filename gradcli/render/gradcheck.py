"""A gradient check as a table: every Jacobian element, analytic against numeric."""
from __future__ import annotations

import numpy as np

from .. import i18n
from ..engine.gradcheck import Report
from .graph import Names
from .layout import pad, plain, prose, width

i18n.register({
    "en": {
        "gradcheck.title": "gradcheck {fn}: backward (analytic) against central differences "
                           "(numeric, eps={eps})",
        "gradcheck.derivative": "derivative",
        "gradcheck.analytic": "analytic",
        "gradcheck.numeric": "numeric",
        "gradcheck.difference": "difference",
        "gradcheck.passed": "passed: all {count} agree (|analytic − numeric| ≤ atol + "
                            "rtol·|numeric|, atol={atol}, rtol={rtol})",
        "gradcheck.mismatch": "failed: {bad} of {count} disagree (|analytic − numeric| > atol + "
                              "rtol·|numeric|, atol={atol}, rtol={rtol})",
        "gradcheck.failed": "failed: {reason}",
        "gradcheck.hidden": "… {count} more rows not shown",
        "gradcheck.input": "input{j}",
        "gradcheck.widened": "{what} is {dtype}: checked as a float64 copy, as central "
                             "differences need double precision",
    },
    "zh": {
        "gradcheck.title": "gradcheck {fn}：反向传播（解析值）对比中心差分（数值，eps={eps}）",
        "gradcheck.derivative": "导数",
        "gradcheck.analytic": "解析值",
        "gradcheck.numeric": "数值",
        "gradcheck.difference": "差",
        "gradcheck.passed": "通过：全部 {count} 个一致（|解析值 − 数值| ≤ atol + rtol·|数值|，"
                            "atol={atol}，rtol={rtol}）",
        "gradcheck.mismatch": "未通过：{count} 个中有 {bad} 个不一致（|解析值 − 数值| > atol + "
                              "rtol·|数值|，atol={atol}，rtol={rtol}）",
        "gradcheck.failed": "未通过：{reason}",
        "gradcheck.hidden": "… 另有 {count} 行未显示",
        "gradcheck.input": "输入{j}",
        "gradcheck.widened": "{what} 是 {dtype}：按 float64 副本检查，因为中心差分需要双精度",
    },
})

ROWS = 24          # rows shown; when there are more, the disagreeing ones come first
SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def table_text(report: Report, fn_name: str, names: Names, eps: float, atol: float,
               rtol: float, widened=(), columns: int | None = None) -> str:
    """One row per Jacobian element, then the verdict (PyTorch's own words for other failures).
    `widened`: (name, dtype) of the inputs checked as float64 copies. Laid out to `columns`:
    prose wraps at words, and a table too wide puts each derivative above its numbers."""
    out = [i18n.t("gradcheck.title", fn=fn_name, eps=eps)]
    for j, (name, dtype) in enumerate(widened):
        out.append(i18n.t("gradcheck.widened", what=name or i18n.t("gradcheck.input", j=j),
                          dtype=repr(dtype)))
    rows = _rows(report, fn_name, names)
    bad = sum(1 for row in rows if not row[-1])
    table = []
    if rows:
        shown = rows if len(rows) <= ROWS else sorted(rows, key=lambda row: row[-1])[:ROWS]
        header = [i18n.t(k) for k in ("gradcheck.derivative", "gradcheck.analytic",
                                      "gradcheck.numeric", "gradcheck.difference")]
        cells = [header] + [[label, _num(a), _num(n), f"{d:.2g}"] for label, a, n, d, _ in shown]
        marks = [""] + ["✓" if ok else "✗" for *_, ok in shown]
        table = _table(cells, marks, columns)
        if len(rows) > len(shown):
            table.append("  " + i18n.t("gradcheck.hidden", count=len(rows) - len(shown)))
    if report.passed:
        verdict = i18n.t("gradcheck.passed", count=len(rows), atol=atol, rtol=rtol)
    elif bad:
        verdict = i18n.t("gradcheck.mismatch", bad=bad, count=len(rows), atol=atol, rtol=rtol)
    else:
        verdict = i18n.t("gradcheck.failed", reason=report.failure.strip())
    lines = [[("", text)] for text in out] + [[("", t)] for t in table] + \
        [[("", text)] for text in verdict.split("\n")]
    return plain(prose(lines, columns))


def _table(cells: list[list[str]], marks: list[str], columns: int | None) -> list[str]:
    """The table's lines: one a row, or, when that is wider than `columns`, the derivative on
    a line of its own above its numbers."""
    widths = [max(width(row[c]) for row in cells) for c in range(4)]
    numbers = sum(2 + w for w in widths[1:]) + 3
    if columns is None or 2 + widths[0] + numbers <= columns:
        return [("  " + pad(row[0], widths[0], left=True) + _numbers(row, widths) + "  " +
                 mark).rstrip() for row, mark in zip(cells, marks)]
    out = []
    for row, mark in zip(cells, marks):
        out.append("  " + row[0])
        out.append(("    " + _numbers(row, widths) + "  " + mark).rstrip())
    return out


def _numbers(row: list[str], widths: list[int]) -> str:
    return "".join("  " + pad(cell, w) for cell, w in zip(row[1:], widths[1:]))


def _rows(report: Report, fn_name: str, names: Names) -> list[tuple]:
    outputs = 1 + max((p.output for p in report.pairs), default=0)
    rows = []
    for p in report.pairs:
        out_name = fn_name if outputs == 1 else fn_name + str(p.output).translate(SUBSCRIPTS)
        in_name = names.name(p.in_tensor) or i18n.t("gradcheck.input", j=p.input)
        out_shape, in_shape = p.out_tensor._data.shape, p.in_tensor._data.shape
        # row by row, as a Jacobian is read: output element j against each input element k
        for j in range(p.analytical.shape[1]):
            for k in range(p.analytical.shape[0]):
                a, n = p.analytical[k, j].item(), p.numerical[k, j].item()
                label = f"∂{out_name}{_index(j, out_shape)}/∂{in_name}{_index(k, in_shape)}"
                rows.append((label, a, n, abs(a - n), bool(p.close[k, j])))
    return rows


def _index(flat: int, shape) -> str:
    if not shape:
        return ""
    return "[" + ", ".join(str(int(i)) for i in np.unravel_index(flat, shape)) + "]"


def _num(v: float) -> str:
    return f"{v:.8g}"
