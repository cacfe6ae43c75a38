"""kernels/selection.py: libstdc++'s selection algorithms order what they must (the tie order
itself is checked against PyTorch by cases/ops_reduction/topk_values_indices_and_ties)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gradcli.engine.kernels import selection

VALUES = st.lists(st.sampled_from([0.0, 1.0, 2.0, -1.5, 3.0, float("nan")]), min_size=1,
                  max_size=150)


def pairs(values: list) -> list:
    return list(zip(values, range(len(values))))


def key(pair: tuple) -> tuple:
    """The comparator's order as a sort key: NaN first, then larger values."""
    value = pair[0]
    return (0, 0.0) if value != value else (1, -value)


@settings(max_examples=200, deadline=None)
@given(VALUES, st.data())
def test_each_algorithm_leaves_its_range_in_the_comparators_order(values, data):
    n = len(values)
    k = data.draw(st.integers(1, n))
    want = sorted(key(p) for p in pairs(values))
    by_partial = pairs(values)
    selection.partial_sort(by_partial, 0, k, n, selection._greater)
    assert [key(p) for p in by_partial[:k]] == want[:k]
    by_nth = pairs(values)
    selection.nth_element(by_nth, 0, k - 1, n, selection._greater)
    assert key(by_nth[k - 1]) == want[k - 1]
    assert sorted(key(p) for p in by_nth[:k]) == want[:k]
    by_sort = pairs(values)
    selection.sort(by_sort, 0, n, selection._greater)
    assert [key(p) for p in by_sort] == want
    for done in (by_partial, by_nth, by_sort):   # a permutation of the input
        assert sorted(index for _, index in done) == list(range(n))


@pytest.mark.parametrize("shape, dim, k", [((7,), 0, 3), ((3, 70), 1, 1), ((3, 70), -1, 20),
                                           ((4, 5, 6), 1, 5), ((2, 0), 1, 0), ((0, 3), 1, 2)])
@pytest.mark.parametrize("largest", [True, False])
def test_topk_indices_point_at_the_k_extreme_values(shape, dim, k, largest):
    a = np.random.default_rng(0).integers(0, 4, shape).astype(np.float32)
    got = np.take_along_axis(a, selection.topk_indices(a, k, dim, largest, True), dim)
    ordered = -np.sort(-a, axis=dim) if largest else np.sort(a, axis=dim)
    assert np.array_equal(got, np.take(ordered, range(k), axis=dim))
