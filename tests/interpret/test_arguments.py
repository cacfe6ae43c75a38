"""An argument of the wrong kind is named as PyTorch names it; other errors pass unchanged.

The PyTorch wording itself is checked against recordings (conformance cases/errors/argument_*,
tests/fuzz/test_arguments.py); these are the ways a call reaches a function (bound to another
name, from a user function) and the values only gradcli holds (its modules and builtins).
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
    # PyTorch's own name for the function, whatever name it was bound to
    ("from torch import exp as e\ne(2)",
     "TypeError: exp(): argument 'input' (position 1) must be Tensor, not int"),
    # the terse builtin that means torch.exp for a tensor
    ("exp('s')", "TypeError: exp(): argument 'input' (position 1) must be Tensor, not str"),
    # an inner call names the argument; the calls around it pass the message on
    ("def f(t):\n    return torch.sin(t)\nf(torch.tanh(torch.ones(1)).item())",
     "TypeError: sin(): argument 'input' (position 1) must be Tensor, not float"),
    ("torch.where(True, torch.ones(1), torch.zeros(1))",
     "TypeError: where() received an invalid combination of arguments - got (bool, Tensor, "
     "Tensor), but expected one of:"),
    ("torch.ones(2).masked_fill(torch.ones(2) > 0, None)",
     "TypeError: masked_fill() received an invalid combination of arguments - got (Tensor, "
     "NoneType), but expected one of:"),
    # a module, a builtin and a function are named as Python names them
    ("torch.ones(2, dtype=torch)", "TypeError: ones(): argument 'dtype' must be torch.dtype, "
                                   "not module"),
    ("torch.randn(2, generator=print)", "TypeError: randn() received an invalid combination of "
     "arguments - got (int, generator=builtin_function_or_method), but expected one of:"),
]


@pytest.mark.parametrize("source, error", CASES)
def test_wrong_argument_is_named(source, error):
    r = run_cli(["-e", source])
    assert (r.status, r.error_line) == (1, error), r.err


# NumPy's keyword names for dim and keepdim, where PyTorch takes them (axis_alias.grad records
# the values): the native functions and methods, not torch.nn.functional's, norm's or split's
ALIASES = [
    ("print(torch.ones(2, 3).sum(axis=0, keepdims=True).shape)", 0, "torch.Size([1, 3])"),
    ("print(torch.sum(torch.ones(2, 3), axis=1))", 0, "tensor([3., 3.])"),
    ("from torch import mean\nprint(mean(torch.ones(2, 3), axis=1))", 0, "tensor([1., 1.])"),
    ("print(F.softmax(torch.ones(2), axis=0))", 1,
     "TypeError: softmax() got an unexpected keyword argument 'axis'"),
    ("print(torch.ones(2).split(1, axis=0))", 1,
     "TypeError: Tensor.split() got an unexpected keyword argument 'axis'"),
]


@pytest.mark.parametrize("source, status, line", ALIASES)
def test_numpy_names_for_dim(source, status, line):
    r = run_cli(["-e", source])
    assert (r.status, r.out.strip() if status == 0 else r.error_line) == (status, line), r.err
