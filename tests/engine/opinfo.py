"""The gradient table, as PyTorch's OpInfo is its tests' one table: every case of every
differentiable row, and the finite-difference check that runs a case.

A case is a line of a table in tests/engine/test_gradients*.py: the grad_fn it must make, a
function of tensors, the input shapes and the input domain (and, when float32 sits in the
middle, a coarser step). CASES is each row's case, BRANCHES the branches of a row one case does
not reach, ZERO_CASES the sampling rows, whose derivative PyTorch defines as zero. Every test that
walks the rows reads them here: finite differences (test_gradients), rules on arrays against
tensors (test_rules), graph order, trace, explain.
"""
from __future__ import annotations

import importlib
from pathlib import Path
from typing import Callable, NamedTuple

import numpy as np

from gradcli.engine import Tensor, grad

POS, ANY, UNIT = (0.5, 2.0), (-2.0, 2.0), (-0.9, 0.9)   # inputs drawn in (lo, hi), off kinks


class Case(NamedTuple):
    grad_fn: str
    f: Callable
    shapes: list
    domain: tuple
    eps: float = 1e-6


def cases(*tables: str) -> list[Case]:
    """The lines of these tables (CASES, BRANCHES, ZERO_CASES) of every gradient module."""
    found = []
    for path in sorted(Path(__file__).parent.glob("test_gradients*.py")):
        module = importlib.import_module(f"{__package__}.{path.stem}")
        for table in tables:
            found += [Case(*line) for line in getattr(module, table, [])]
    return found


def ids(table: list[Case]) -> list[str]:
    return [case.grad_fn for case in table]


def first_derivative(f):
    """x ↦ ∂Σf(x)²/∂x, kept differentiable: its graph holds the rows of f's backward."""
    def first(a):
        (g,) = grad((f(a) ** 2).sum(), a, create_graph=True)
        return g
    return first


def leaf(shape, lo, hi, rng) -> Tensor:
    return Tensor(rng.uniform(lo, hi, size=shape), requires_grad=True)


def inputs(case: Case, rng) -> list[Tensor]:
    return [leaf(s, *case.domain, rng) for s in case.shapes]


def numeric_vjp(f, inputs, v, eps=1e-6):
    """Σ v·∂f/∂x by central differences, one input element at a time."""
    out = []
    for t in inputs:
        g = np.zeros_like(t._data)
        flat = t._data.reshape(-1)
        for i in range(flat.size):
            keep = flat[i]
            flat[i] = keep + eps
            hi = f(*inputs)._data.copy()
            flat[i] = keep - eps
            lo = f(*inputs)._data.copy()
            flat[i] = keep
            g.reshape(-1)[i] = np.sum((hi - lo) * v) / (2 * eps)
        out.append(g)
    return out


def check(f, inputs, rng, eps=1e-6) -> None:
    """The analytic vector-Jacobian product of f at `inputs` is the numeric one."""
    out = f(*inputs)
    v = rng.uniform(-1, 1, size=out.shape)
    analytic = grad(out, inputs, Tensor(v), allow_unused=True)
    numeric = numeric_vjp(f, inputs, v, eps)
    for a, n in zip(analytic, numeric):
        a = np.zeros_like(n) if a is None else a._data
        np.testing.assert_allclose(a, n, rtol=1e-5 if eps < 1e-4 else 1e-3, atol=1e-6)


def nodes(t: Tensor) -> list:
    """Every node of t's graph."""
    seen, stack = [], [t.grad_fn]
    while stack:
        n = stack.pop()
        if n is None or n in seen:
            continue
        seen.append(n)
        stack.extend(x for x, _ in n.next_functions)
    return seen
