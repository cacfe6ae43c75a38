"""The project's own seed cases through the shared checker, as real processes."""
from __future__ import annotations

import shlex
import subprocess
import sys

import pytest

from ..conftest import ROOT, gradcli_command

CHECKER = ROOT.parent / "shared" / "tools" / "check-conformance"


@pytest.mark.skipif(not CHECKER.exists(), reason="the shared checker is not beside the checkout")
def test_seed_cases_pass_the_shared_checker():
    p = subprocess.run([sys.executable, str(CHECKER), "--gradcli",
                        shlex.join(gradcli_command()), str(ROOT / "tests/conformance/seed")],
                       capture_output=True, text=True, timeout=120)
    assert p.stdout.splitlines()[-1] == "5 passed, 0 failed", p.stdout
