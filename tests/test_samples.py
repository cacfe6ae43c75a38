"""Every sample prints what PyTorch printed for it (a terse sample: for its PyTorch twin)."""
from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import ROOT, fold_addresses, run_cli

SAMPLES = sorted(p for p in (ROOT / "samples").glob("*.grad") if ".torch" not in p.suffixes)


def expected(sample: Path) -> tuple[str, str]:
    """The recording of the sample itself, or of `NAME.torch.grad` when it has that twin."""
    twin = sample.with_suffix(".torch.grad")
    source = twin if twin.exists() else sample
    return (source.with_suffix(".out").read_text(), source.with_suffix(".err").read_text().strip())


@pytest.mark.parametrize("sample", SAMPLES, ids=[p.stem for p in SAMPLES])
def test_sample(sample):
    out, err = expected(sample)
    got = run_cli(["run", str(sample)])
    assert fold_addresses(got.out) == out
    assert (got.status != 0) == bool(err)
    if err:
        assert got.error_line == err
