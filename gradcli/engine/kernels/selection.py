"""topk's, kthvalue's, median's and mode's selections, step for step as ATen runs them
(topk_impl_loop with libstdc++'s std::partial_sort, std::nth_element and std::sort; kthvalue's
quickselect; median_with_indices_impl; the mode kernel's std::sort): which of equal values come
first, and the order of an unsorted result, are those algorithms' only."""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

_THRESHOLD = 16   # libstdc++'s _S_threshold: introsort leaves runs this short to insertion sort

Before = Callable[[tuple, tuple], bool]


def _greater(x: tuple, y: tuple) -> bool:
    """topk's comparator when largest: NaN above everything, else the larger value first."""
    return (math.isnan(x[0]) and not math.isnan(y[0])) or x[0] > y[0]


def _less(x: tuple, y: tuple) -> bool:
    return (not math.isnan(x[0]) and math.isnan(y[0])) or x[0] < y[0]


# ---- heaps (bits/stl_heap.h) ----------------------------------------------------------------
def _push_heap(a: list, first: int, hole: int, top: int, value, comp: Before) -> None:
    parent = (hole - 1) // 2
    while hole > top and comp(a[first + parent], value):
        a[first + hole] = a[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    a[first + hole] = value


def _adjust_heap(a: list, first: int, hole: int, length: int, value, comp: Before) -> None:
    top = hole
    child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if comp(a[first + child], a[first + child - 1]):
            child -= 1
        a[first + hole] = a[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        a[first + hole] = a[first + child - 1]
        hole = child - 1
    _push_heap(a, first, hole, top, value, comp)


def _make_heap(a: list, first: int, last: int, comp: Before) -> None:
    length = last - first
    if length < 2:
        return
    parent = (length - 2) // 2
    while True:
        _adjust_heap(a, first, parent, length, a[first + parent], comp)
        if parent == 0:
            return
        parent -= 1


def _pop_heap(a: list, first: int, last: int, result: int, comp: Before) -> None:
    value = a[result]
    a[result] = a[first]
    _adjust_heap(a, first, 0, last - first, value, comp)


def _heap_select(a: list, first: int, middle: int, last: int, comp: Before) -> None:
    _make_heap(a, first, middle, comp)
    for i in range(middle, last):
        if comp(a[i], a[first]):
            _pop_heap(a, first, middle, i, comp)


def _sort_heap(a: list, first: int, last: int, comp: Before) -> None:
    while last - first > 1:
        last -= 1
        _pop_heap(a, first, last, last, comp)


def partial_sort(a: list, first: int, middle: int, last: int, comp: Before) -> None:
    _heap_select(a, first, middle, last, comp)
    _sort_heap(a, first, middle, comp)


# ---- partitions and insertion sort (bits/stl_algo.h) -----------------------------------------
def _move_median_to_first(a: list, result: int, x: int, y: int, z: int, comp: Before) -> None:
    if comp(a[x], a[y]):
        pick = y if comp(a[y], a[z]) else z if comp(a[x], a[z]) else x
    else:
        pick = x if comp(a[x], a[z]) else z if comp(a[y], a[z]) else y
    a[result], a[pick] = a[pick], a[result]


def _unguarded_partition(a: list, first: int, last: int, pivot: int, comp: Before) -> int:
    while True:
        while comp(a[first], a[pivot]):
            first += 1
        last -= 1
        while comp(a[pivot], a[last]):
            last -= 1
        if not first < last:
            return first
        a[first], a[last] = a[last], a[first]
        first += 1


def _partition_pivot(a: list, first: int, last: int, comp: Before) -> int:
    mid = first + (last - first) // 2
    _move_median_to_first(a, first, first + 1, mid, last - 1, comp)
    return _unguarded_partition(a, first + 1, last, first, comp)


def _unguarded_linear_insert(a: list, last: int, comp: Before) -> None:
    value = a[last]
    prev = last - 1
    while comp(value, a[prev]):
        a[last] = a[prev]
        last = prev
        prev -= 1
    a[last] = value


def _insertion_sort(a: list, first: int, last: int, comp: Before) -> None:
    if first == last:
        return
    for i in range(first + 1, last):
        if comp(a[i], a[first]):
            value = a[i]
            a[first + 1:i + 1] = a[first:i]
            a[first] = value
        else:
            _unguarded_linear_insert(a, i, comp)


def _lg(n: int) -> int:
    return n.bit_length() - 1


def nth_element(a: list, first: int, nth: int, last: int, comp: Before) -> None:
    """std::nth_element: introselect, median-of-three pivots, heap select past its depth."""
    if first == last or nth == last:
        return
    depth = 2 * _lg(last - first)
    while last - first > 3:
        if depth == 0:
            _heap_select(a, first, nth + 1, last, comp)
            a[first], a[nth] = a[nth], a[first]
            return
        depth -= 1
        cut = _partition_pivot(a, first, last, comp)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(a, first, last, comp)


def _introsort_loop(a: list, first: int, last: int, depth: int, comp: Before) -> None:
    while last - first > _THRESHOLD:
        if depth == 0:
            partial_sort(a, first, last, last, comp)
            return
        depth -= 1
        cut = _partition_pivot(a, first, last, comp)
        _introsort_loop(a, cut, last, depth, comp)
        last = cut


def sort(a: list, first: int, last: int, comp: Before) -> None:
    """std::sort: introsort, then one insertion sort (unguarded past the first 16)."""
    if first == last:
        return
    _introsort_loop(a, first, last, 2 * _lg(last - first), comp)
    if last - first > _THRESHOLD:
        _insertion_sort(a, first, first + _THRESHOLD, comp)
        for i in range(first + _THRESHOLD, last):
            _unguarded_linear_insert(a, i, comp)
    else:
        _insertion_sort(a, first, last, comp)


# ---- topk ---------------------------------------------------------------------------------
def _topk_row(row: np.ndarray, k: int, largest: bool, is_sorted: bool) -> list[int]:
    """The indices topk_impl_loop leaves in the first k places of one row."""
    n = row.size
    if is_sorted and not np.isnan(row).any() and np.unique(row).size == n:
        # distinct values: every algorithm agrees on the sorted top k
        order = np.argsort(row)
        return (order[::-1] if largest else order)[:k].tolist()
    comp = _greater if largest else _less
    queue = list(zip(row.tolist(), range(n)))
    if k * 64 <= n:
        partial_sort(queue, 0, k, n, comp)
    else:
        nth_element(queue, 0, k - 1, n, comp)
        if is_sorted:
            sort(queue, 0, k - 1, comp)
    return [index for _, index in queue[:k]]


def topk_indices(a: np.ndarray, k: int, dim: int, largest: bool, is_sorted: bool) -> np.ndarray:
    """int64 indices of shape a.shape with `dim` cut to k: each row's as ATen's loop picks it."""
    moved = np.moveaxis(a, dim, -1)
    rows = moved.reshape(-1, moved.shape[-1]) if moved.size else \
        np.zeros((math.prod(moved.shape[:-1]), moved.shape[-1]), a.dtype)
    out = np.zeros((rows.shape[0], k), np.int64)
    if k:
        for r, row in enumerate(rows):
            out[r] = _topk_row(row.astype(np.float64) if row.dtype.kind == "f" else row, k,
                               largest, is_sorted)
    # a fresh C-ordered array, size-1 dims' strides too, as ATen allocates topk's outputs
    return np.moveaxis(out.reshape(moved.shape[:-1] + (k,)), -1, dim).copy()


# ---- kthvalue: ATen's quick_select_template (native/Sorting.cpp) ---------------------------
def _gt_or_nan(x, y) -> bool:
    return (math.isnan(x) and not math.isnan(y)) or x > y


def quick_select(values: list, indices: list, k: int) -> None:
    """Partition values (and indices alongside) so that position k holds what a sort would put
    there: Sedgewick's quickselect with a median-of-three pivot, as kthvalue runs it."""
    def swap(i: int, j: int) -> None:
        values[i], values[j] = values[j], values[i]
        indices[i], indices[j] = indices[j], indices[i]
    lo, hi = 0, len(values) - 1
    while True:
        if hi <= lo:
            return
        if hi == lo + 1:
            if _gt_or_nan(values[lo], values[hi]):
                swap(lo, hi)
            return
        swap((lo + hi) >> 1, lo + 1)
        if _gt_or_nan(values[lo + 1], values[hi]):
            swap(lo + 1, hi)
        if _gt_or_nan(values[lo], values[hi]):
            swap(lo, hi)
        if _gt_or_nan(values[lo + 1], values[lo]):
            swap(lo + 1, lo)
        i, j, pivot = lo + 1, hi, values[lo]
        while True:
            i += 1
            while _gt_or_nan(pivot, values[i]):
                i += 1
            j -= 1
            while _gt_or_nan(values[j], pivot):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(lo, j)
        if j <= k:
            lo = i
        if j >= k:
            hi = j - 1


def kthvalue_indices(a: np.ndarray, k: int, dim: int) -> np.ndarray:
    """The index kthvalue picks in each row along dim (keepdim shape)."""
    rows = np.moveaxis(a, dim, -1).reshape(-1, a.shape[dim])
    out = np.empty(len(rows), np.int64)
    for r, row in enumerate(rows):
        values, indices = row.tolist(), list(range(len(row)))
        quick_select(values, indices, k - 1)
        out[r] = indices[k - 1]
    shape = list(a.shape)
    shape[dim] = 1
    return np.moveaxis(out.reshape(shape[:dim] + shape[dim + 1:] + [1]), -1, dim)


def median_all(a: np.ndarray, ignore_nan: bool) -> np.ndarray:
    """median_impl of all elements: the lower of the two middle values, or NaN if one is
    (nanmedian: the median of the others)."""
    flat = np.sort(a.reshape(-1))   # NaNs last
    nans = int(np.isnan(flat).sum()) if flat.dtype.kind == "f" else 0
    if nans and not ignore_nan:
        return np.asarray(np.nan, a.dtype)
    # C++'s (size - num_nan - 1) / 2 truncates -1/2 to 0
    return flat[max(flat.size - nans - 1, 0) // 2].copy()


def median_indices(a: np.ndarray, axis: int, ignore_nan: bool) -> np.ndarray:
    """median_with_indices_impl: the ((n - 1) / 2)-th by (value, index), or the first NaN;
    nanmedian's rows with NaNs go through std::nth_element, whose choice among NaNs is its own."""
    order = np.argsort(a, axis=axis, kind="stable")   # ties by index, NaNs last
    nan = np.isnan(a) if a.dtype.kind == "f" else np.zeros(a.shape, bool)
    nans = nan.sum(axis=axis, keepdims=True)
    n = a.shape[axis]
    position = np.maximum(n - nans * ignore_nan - 1, 0) // 2
    picked = np.take_along_axis(order, position, axis)
    if not ignore_nan:
        return np.where(nans > 0, np.argmax(nan, axis=axis, keepdims=True), picked)
    rows = np.moveaxis(a, axis, -1).reshape(-1, n)
    flat = np.moveaxis(picked, axis, -1).reshape(-1)
    for r in np.flatnonzero(np.moveaxis(nans, axis, -1).reshape(-1)):
        row = rows[r].tolist()
        def before(i, j, row=row):
            return row[i] < row[j] or (row[i] == row[j] and i < j) or (
                math.isnan(row[j]) and not math.isnan(row[i]))
        idx = list(range(n))
        nth = int(n - np.isnan(rows[r]).sum() - 1)
        nth = 0 if nth < 0 else nth // 2   # C++ division truncates -1 / 2 to 0
        nth_element(idx, 0, nth, n, before)
        flat[r] = idx[nth]
    return np.moveaxis(flat.reshape(np.moveaxis(picked, axis, -1).shape), -1, axis)


def mode_indices(a: np.ndarray, axis: int) -> np.ndarray:
    """ATen's mode kernel: each row's (value, index) pairs put in order by std::sort on the
    value alone, then the last of the first longest run: the smallest of equally frequent
    values, at the index std::sort left last among its equals."""
    rows = np.moveaxis(a, axis, -1).reshape(-1, a.shape[axis])
    out = np.empty(len(rows), np.int64)
    for r, values in enumerate(rows):
        pairs = list(zip(values.tolist(), range(len(values))))
        sort(pairs, 0, len(pairs), lambda x, y: x[0] < y[0])
        best = run = 0
        for i, (value, index) in enumerate(pairs):
            run += 1
            if i == len(pairs) - 1 or value != pairs[i + 1][0]:
                if run > best:
                    best, out[r] = run, index
                run = 0
    shape = list(a.shape)
    shape[axis] = 1
    return np.moveaxis(out.reshape(shape[:axis] + shape[axis + 1:] + [1]), -1, axis)
