"""Every recorded case (what real PyTorch printed) must come out of `gradcli run` unchanged."""
from __future__ import annotations

from pathlib import Path

import pytest

from .conformance.record import error_line
from .conftest import ROOT, fold_addresses, run_cli

CASES_ROOT = ROOT / "tests" / "conformance"
KNOWN = CASES_ROOT / "known_failures.txt"


def _known_failures() -> set[str]:
    if not KNOWN.exists():
        return set()
    return {ln.split("#", 1)[0].strip() for ln in KNOWN.read_text().splitlines()} - {""}


def _cases() -> list[Path]:
    return sorted(p for p in CASES_ROOT.rglob("*.grad") if p.with_suffix(".out").exists())


def _id(case: Path) -> str:
    return str(case.relative_to(CASES_ROOT).with_suffix(""))


KNOWN_FAILURES = _known_failures()


def check_case(case: Path) -> list[str]:
    """The ways gradcli's run of `case` differs from PyTorch's recording (none: it conforms)."""
    want_out = case.with_suffix(".out").read_text()
    want_err = case.with_suffix(".err").read_text().removesuffix("\n")
    got = run_cli(["run", str(case)])
    problems = []
    if fold_addresses(got.out) != want_out:
        problems.append(f"stdout differs:\n--- pytorch\n{want_out}\n--- gradcli\n"
                        f"{fold_addresses(got.out)}")
    if want_err:
        if got.status == 0:
            problems.append(f"PyTorch raised {want_err!r}; gradcli exited 0")
        elif error_line(got.err) != want_err:
            # the line PyTorch's traceback ended with, taken from each stderr alike
            problems.append(f"error differs: want {want_err!r}\n got {got.err!r}")
    elif got.status != 0:
        problems.append(f"exit {got.status}: {got.err}")
    return problems


@pytest.mark.parametrize("case", _cases(), ids=_id)
def test_case(case: Path) -> None:
    problems = check_case(case)
    if _id(case) in KNOWN_FAILURES:
        if not problems:
            pytest.fail(f"{_id(case)} passes now: remove it from {KNOWN.name}")
        pytest.xfail("listed in known_failures.txt")
    assert not problems, "\n".join(problems)


def test_known_failures_are_cases() -> None:
    ids = {_id(c) for c in _cases()}
    assert KNOWN_FAILURES <= ids, sorted(KNOWN_FAILURES - ids)
