"""torch.utils.data in gradcli.library: samplers, collation and the loader's random stream,
checked in-process (orders against PyTorch: tests/conformance/cases/data)."""
from __future__ import annotations

from collections import OrderedDict, namedtuple

import numpy as np
import pytest

from gradcli.engine import dtypes as _dt
from gradcli.engine import factories
from gradcli.engine.kernels.random import Generator, default_generator
from gradcli.library.data import (BatchSampler, ConcatDataset, DataLoader, Dataset,
                                  RandomSampler, SequentialSampler, Subset, TensorDataset,
                                  default_collate, default_convert, random_split)

Point = namedtuple("Point", "x y")


def _value(batch):
    """A collated batch as plain Python values and dtype names, to compare."""
    if hasattr(batch, "tolist") and hasattr(batch, "dtype"):
        return batch.tolist(), batch.dtype.name
    if isinstance(batch, dict):
        return {k: _value(v) for k, v in batch.items()}
    if isinstance(batch, (list, tuple)):
        return type(batch)(_value(v) for v in batch) if not hasattr(batch, "_fields") \
            else type(batch)(*(_value(v) for v in batch))
    return batch


COLLATE = [
    ([1, 2], ([1, 2], "int64")),
    ([1.5, 2.5], ([1.5, 2.5], "float64")),
    ([True, False], ([True, False], "bool")),
    (["a", "b"], ["a", "b"]),
    ([(1, "x"), (2, "y")], [([1, 2], "int64"), ("x", "y")]),
    ([[1, 2], [3, 4]], [([1, 3], "int64"), ([2, 4], "int64")]),
    ([{"a": 1}, {"a": 2}], {"a": ([1, 2], "int64")}),
    ([Point(1, 2.0), Point(3, 4.0)], Point(([1, 3], "int64"), ([2.0, 4.0], "float64"))),
    ([np.array([1.0, 2.0]), np.array([3.0, 4.0])], ([[1.0, 2.0], [3.0, 4.0]], "float64")),
    ([np.float32(1.5), np.float32(2.0)], ([1.5, 2.0], "float32")),
]


@pytest.mark.parametrize("batch, expected", COLLATE)
def test_default_collate(batch, expected):
    assert _value(default_collate(batch)) == expected


def test_collate_stacks_tensors_and_keeps_a_dicts_kind():
    batch = default_collate([OrderedDict(t=factories.ones(2)), OrderedDict(t=factories.zeros(2))])
    assert type(batch) is OrderedDict and batch["t"].tolist() == [[1.0, 1.0], [0.0, 0.0]]


@pytest.mark.parametrize("batch, error, text", [
    ([None], TypeError, "default_collate: batch must contain tensors, numpy arrays, numbers, "
                        "dicts or lists; found <class 'NoneType'>"),
    ([[1], [1, 2]], RuntimeError, "each element in list of batch should be of equal size"),
    ([np.array(["a"])], TypeError, "default_collate: batch must contain tensors, numpy arrays, "
                                   "numbers, dicts or lists; found <U1"),
])
def test_default_collate_refuses(batch, error, text):
    with pytest.raises(error) as caught:
        default_collate(batch)
    assert str(caught.value) == text


def test_default_convert_turns_tuples_into_lists():
    assert _value(default_convert((np.int64(3), "s"))) == [(3, "int64"), "s"]


def test_sampler_orders():
    assert list(SequentialSampler(range(4))) == [0, 1, 2, 3]
    assert list(BatchSampler(range(7), 3, False)) == [[0, 1, 2], [3, 4, 5], [6]]
    assert list(BatchSampler(range(7), 3, True)) == [[0, 1, 2], [3, 4, 5]]
    assert sorted(RandomSampler(range(9))) == list(range(9))
    assert len(list(RandomSampler(range(3), replacement=True, num_samples=70))) == 70


def test_random_sampler_seeds_a_fresh_generator_when_iterated():
    default_generator.manual_seed(5)
    sampler = RandomSampler(range(10))
    passes = iter(sampler)
    state = default_generator.get_state().copy()
    first = next(passes)   # the seed is drawn now, as a generator function draws it
    assert not np.array_equal(state, default_generator.get_state())
    default_generator.set_state(state)
    seed = int(default_generator.random_int64(1)[0])
    assert first == factories.randperm(10, generator=Generator(seed)).tolist()[0]


def test_each_pass_of_a_loader_draws_two_seeds():
    # PyTorch's iterator draws a base seed for its workers, then the sampler draws its own
    default_generator.manual_seed(1)
    list(DataLoader(range(5), batch_size=2, shuffle=True))
    after_shuffled = default_generator.get_state().copy()
    default_generator.manual_seed(1)
    default_generator.random_int64(2)
    assert np.array_equal(after_shuffled, default_generator.get_state())
    default_generator.manual_seed(1)
    list(DataLoader(range(5), batch_size=2))
    default_generator.manual_seed(1)
    state = default_generator.get_state().copy()
    default_generator.random_int64(1)
    assert not np.array_equal(state, default_generator.get_state())


def test_a_given_generator_makes_the_order_reproducible():
    orders = [[b.tolist() for b in DataLoader(range(8), 3, shuffle=True,
                                              generator=Generator(7))] for _ in range(2)]
    assert orders[0] == orders[1]


def test_loader_lengths_and_settings():
    ds = TensorDataset(factories.arange(10.0))
    assert [len(DataLoader(ds, batch_size=b, drop_last=d)) for b, d in
            ((3, False), (3, True), (10, False), (11, True))] == [4, 3, 1, 0]
    loader = DataLoader(ds, batch_size=4)
    loader.num_workers = 2
    with pytest.raises(ValueError, match="batch_size attribute should not be set after "
                                         "DataLoader is initialized"):
        loader.batch_size = 3


@pytest.mark.parametrize("kwargs, text", [
    ({"shuffle": True, "sampler": [0]}, "sampler option is mutually exclusive with shuffle"),
    ({"batch_size": None, "drop_last": True}, "batch_size=None option disables auto-batching "
                                              "and is mutually exclusive with drop_last"),
    ({"batch_sampler": [[0]], "batch_size": 2}, "batch_sampler option is mutually exclusive "
                                                "with batch_size, shuffle, sampler, and "
                                                "drop_last"),
    ({"num_workers": -1}, "num_workers option should be non-negative; use num_workers=0 to "
                          "disable multiprocessing."),
])
def test_loader_refusals(kwargs, text):
    with pytest.raises(ValueError) as caught:
        DataLoader(range(3), **kwargs)
    assert str(caught.value) == text


def test_datasets():
    ds = TensorDataset(factories.arange(4.0), factories.arange(4))
    assert [t.tolist() for t in ds[1]] == [1.0, 1]
    with pytest.raises(AssertionError, match="Size mismatch between tensors"):
        TensorDataset(factories.ones(2), factories.ones(3))
    both = ConcatDataset([range(3), range(10, 12)])
    assert (len(both), both[3], both[-1]) == (5, 10, 11)
    assert len(Subset(range(10), [2, 5])) == 2
    assert Subset(range(10), [2, 5])[1] == 5
    with pytest.raises(NotImplementedError, match="Subclasses of Dataset should implement "
                                                  "__getitem__."):
        Dataset()[0]


def test_random_split_lengths():
    parts = random_split(range(10), [0.5, 0.3, 0.2], generator=Generator(0))
    assert [len(p) for p in parts] == [5, 3, 2]
    assert sorted(i for p in parts for i in p.indices) == list(range(10))
    with pytest.raises(ValueError, match="Sum of input lengths does not equal the length of "
                                         "the input dataset!"):
        random_split(range(10), [3, 3])


def test_samples_from_a_subset_go_through_its_dataset():
    ds = TensorDataset(factories.arange(6.0))
    batch, = DataLoader(Subset(ds, [4, 1]), batch_size=2)
    assert batch[0].tolist() == [4.0, 1.0] and batch[0].dtype is _dt.float32
