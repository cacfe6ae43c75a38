"""torch.utils.data's samplers: the order of the indices a DataLoader visits, and its batches."""
from __future__ import annotations

import itertools

from ...engine import factories
from ...engine.kernels import random as _random
from .. import LibraryClass


class Sampler(LibraryClass):
    """An iterable of indices (a subclass defines __iter__, and __len__)."""

    def __iter__(self):
        raise NotImplementedError


class SequentialSampler(Sampler):
    def __init__(self, data_source) -> None:
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self) -> int:
        return len(self.data_source)


def seed_from(generator) -> int:
    """A new seed drawn from `generator` (the default one if None), as PyTorch draws it: the
    value of torch.empty((), dtype=torch.int64).random_(generator=generator)."""
    generator = generator if generator is not None else _random.default_generator
    return int(generator.random_int64(1)[0])


class RandomSampler(Sampler):
    """A random permutation of the indices (or draws with replacement). Without a generator,
    each pass seeds a fresh one from the default generator, when its first index is asked."""

    def __init__(self, data_source, replacement: bool = False, num_samples=None,
                 generator=None) -> None:
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator
        if not isinstance(self.replacement, bool):
            raise TypeError(f"replacement should be a boolean value, but got "
                            f"replacement={self.replacement}")
        if not isinstance(self.num_samples, int) or self.num_samples <= 0:
            raise ValueError(f"num_samples should be a positive integer value, but got "
                             f"num_samples={self.num_samples}")

    @property
    def num_samples(self) -> int:
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        generator = self.generator
        if generator is None:
            generator = _random.Generator(seed_from(None))
        if self.replacement:
            for _ in range(self.num_samples // 32):
                yield from factories.randint(0, n, (32,), generator=generator).tolist()
            yield from factories.randint(0, n, (self.num_samples % 32,),
                                         generator=generator).tolist()
        else:
            for _ in range(self.num_samples // n):
                yield from factories.randperm(n, generator=generator).tolist()
            yield from factories.randperm(n, generator=generator).tolist()[
                :self.num_samples % n]

    def __len__(self) -> int:
        return self.num_samples


class SubsetRandomSampler(Sampler):
    """The given indices, in a random order."""

    def __init__(self, indices, generator=None) -> None:
        self.indices = indices
        self.generator = generator

    def __iter__(self):
        for i in factories.randperm(len(self.indices), generator=self.generator).tolist():
            yield self.indices[i]

    def __len__(self) -> int:
        return len(self.indices)


class BatchSampler(Sampler):
    """Lists of batch_size indices from `sampler` (the last one shorter, or dropped)."""

    def __init__(self, sampler, batch_size: int, drop_last: bool) -> None:
        if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size <= 0:
            raise ValueError(f"batch_size should be a positive integer value, but got "
                             f"batch_size={batch_size}")
        if not isinstance(drop_last, bool):
            raise ValueError(f"drop_last should be a boolean value, but got "
                             f"drop_last={drop_last}")
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self):
        indices = iter(self.sampler)
        if self.drop_last:
            yield from (list(batch) for batch in zip(*[indices] * self.batch_size))
            return
        batch = list(itertools.islice(indices, self.batch_size))
        while batch:
            yield batch
            batch = list(itertools.islice(indices, self.batch_size))

    def __len__(self) -> int:
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size


for _cls in (Sampler, SequentialSampler, RandomSampler, SubsetRandomSampler, BatchSampler):
    _cls.__module__ = "torch.utils.data.sampler"

__all__ = ["BatchSampler", "RandomSampler", "Sampler", "SequentialSampler",
           "SubsetRandomSampler"]
