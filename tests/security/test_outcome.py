"""What counts as a clean ending (outcome.problems), the judge of the fuzzers and hostile tests."""
from __future__ import annotations

import pytest

from .outcome import Outcome, problems

ERR = '  File "p.grad", line 1\n    x\n    ^\n'


@pytest.mark.parametrize("outcome, found", [
    (Outcome(0, "1\n", ""), []),
    (Outcome(1, "", ERR + "TypeError: bad\n"), []),
    # PyTorch's kinds keep their module, a private one too, as its traceback prints them
    (Outcome(1, "", ERR + "torch._C._LinAlgError: linalg.inv: The diagonal element 2 is zero, "
                          "the inversion could not be completed\n"), []),
    (Outcome(1, "", ERR + "torch.autograd.gradcheck.GradcheckError: Jacobian mismatch\n"), []),
    # PyTorch's own message may say "internal error": the program's error all the same
    (Outcome(1, "", ERR + "RuntimeError: adaptive_max_pool2d(): internal error: "
                          "output_size.size() must be 2\n"), []),
    (Outcome(3, "", "gradcli: internal error: ValueError: x (at line 1 of p.grad)\n"),
     ["internal error (exit 3): gradcli: internal error: ValueError: x (at line 1 of p.grad)",
      "exit status 3, expected one of (0, 1)",
      "stderr has no `XxxError: message` line: 'gradcli: internal error: ValueError: x (at "
      "line 1 of p.grad)'"]),
    (Outcome(1, "", "Traceback (most recent call last):\nKeyError: 'x'\n"),
     ["a Python traceback on stderr"]),
])
def test_problems(outcome, found):
    assert problems(outcome) == found
