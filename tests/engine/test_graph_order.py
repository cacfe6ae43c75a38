"""The order backward relies on: every edge of the graph leads to an older node.

BackwardPass (engine/backward.py) runs nodes in decreasing sequence number with no dependency count, which
is right only if each node is numbered after every node it takes input from. Every row's case in
the gradient tables builds its graph here (index assignment, in-place ops and multi-output nodes
included), and the whole graph is walked.
"""
from __future__ import annotations

import numpy as np
import pytest

from . import opinfo

CASES = opinfo.cases("CASES", "ZERO_CASES")


def _edges_lead_to_older_nodes(root) -> int:
    seen, stack, edges = set(), [root], 0
    while stack:
        node = stack.pop()
        for nxt, _ in node.next_functions:
            if nxt is None:
                continue
            edges += 1
            assert nxt._seq < node._seq, (node.name(), nxt.name())
            if id(nxt) not in seen:
                seen.add(id(nxt))
                stack.append(nxt)
    return edges


@pytest.mark.parametrize("case", CASES, ids=opinfo.ids(CASES))
def test_every_edge_leads_to_an_older_node(case):
    out = case.f(*opinfo.inputs(case, np.random.default_rng(0)))
    outs = out if isinstance(out, (tuple, list)) else (out,)
    assert sum(_edges_lead_to_older_nodes(o.grad_fn) for o in outs if o.grad_fn) > 0
