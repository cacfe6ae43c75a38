"""An argument of the wrong kind is named as PyTorch names it; other errors pass unchanged.

The PyTorch wording itself is checked against recordings (conformance cases/errors/argument_*);
these are the cases PyTorch has no recording for: gradcli's own functions and calls.
"""
from __future__ import annotations

import pytest

from ..conftest import run_cli

CASES = [
    # a user function's AttributeError is the program's own, never an argument error
    ("def f(a):\n    return a.foo\nf(1)", "AttributeError: 'int' object has no attribute 'foo'"),
    ("x = torch.ones(2)\nx.foo", "AttributeError: 'Tensor' object has no attribute 'foo'"),
    # the first argument given the value is the one named
    ("s = 's'\ntorch.mul(s, s)",
     "TypeError: mul(): argument 'input' (position 1) must be Tensor, not str"),
    # a name the function was bound to is the name used
    ("from torch import exp as e\ne(2)",
     "TypeError: e(): argument 'input' (position 1) must be Tensor, not int"),
    # the terse builtin that means torch.exp for a tensor
    ("exp('s')", "TypeError: exp(): argument 'input' (position 1) must be Tensor, not str"),
    # an inner call names the argument; the calls around it pass the message on
    ("def f(t):\n    return torch.sin(t)\nf(torch.tanh(torch.ones(1)).item())",
     "TypeError: sin(): argument 'input' (position 1) must be Tensor, not float"),
    ("torch.where(True, torch.ones(1), torch.zeros(1))",
     "TypeError: where(): argument 'condition' (position 1) must be Tensor, not bool"),
    ("torch.ones(2).masked_fill(torch.ones(2) > 0, None)",
     "TypeError: masked_fill(): argument 'value' (position 2) must be Number, not NoneType"),
]


@pytest.mark.parametrize("source, error", CASES)
def test_wrong_argument_is_named(source, error):
    r = run_cli(["-e", source])
    assert (r.status, r.error_line) == (1, error), r.err
