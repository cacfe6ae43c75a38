"""torch.utils.data.DataLoader: a dataset's samples in batches, in order or shuffled, on one
process (num_workers is accepted and changes nothing, as PyTorch's workers change no value)."""
from __future__ import annotations

import warnings

from .. import LibraryClass
from .collate import default_collate, default_convert
from .sampler import BatchSampler, RandomSampler, SequentialSampler, seed_from

FIXED_AFTER_INIT = frozenset(("batch_size", "batch_sampler", "sampler", "drop_last", "dataset",
                              "persistent_workers"))
NO_PIN_MEMORY = ("'pin_memory' argument is set as true but no accelerator is found, then device "
                 "pinned memory won't be used.")


class DataLoader(LibraryClass):
    """Iterating it gives the batches of one pass over the dataset; each pass is a new order
    when shuffling."""

    _initialized = False

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
                 num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0,
                 worker_init_fn=None, multiprocessing_context=None, generator=None, *,
                 prefetch_factor=None, persistent_workers=False, pin_memory_device="",
                 in_order=True) -> None:
        if num_workers < 0:
            raise ValueError("num_workers option should be non-negative; use num_workers=0 to "
                             "disable multiprocessing.")
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        if num_workers == 0 and prefetch_factor is not None:
            raise ValueError("prefetch_factor option could only be specified in "
                             "multiprocessing.let num_workers > 0 to enable multiprocessing, "
                             "otherwise set prefetch_factor to None.")
        if num_workers > 0 and prefetch_factor is None:
            prefetch_factor = 2
        elif prefetch_factor is not None and prefetch_factor < 0:
            raise ValueError("prefetch_factor option should be non-negative")
        if persistent_workers and num_workers == 0:
            raise ValueError("persistent_workers option needs num_workers > 0")
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.pin_memory = pin_memory
        self.pin_memory_device = pin_memory_device
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.multiprocessing_context = multiprocessing_context
        self.in_order = in_order
        shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, "
                                 "shuffle, sampler, and drop_last")
            batch_size = None
            drop_last = False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually "
                             "exclusive with drop_last")
        if sampler is None:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else \
                SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        if collate_fn is None:
            collate_fn = default_collate if batch_sampler is not None else default_convert
        self.collate_fn = collate_fn
        self.persistent_workers = persistent_workers
        self._initialized = True

    def __setattr__(self, name: str, value) -> None:
        if self._initialized and name in FIXED_AFTER_INIT:
            raise ValueError(f"{name} attribute should not be set after "
                             f"{type(self).__name__} is initialized")
        super().__setattr__(name, value)

    def __iter__(self) -> _SingleProcessDataLoaderIter:
        return _SingleProcessDataLoaderIter(self)

    def __len__(self) -> int:
        return len(self.batch_sampler if self.batch_sampler is not None else self.sampler)


class _SingleProcessDataLoaderIter(LibraryClass):
    """One pass over a DataLoader. Made, it draws the seed PyTorch gives its workers (from the
    loader's generator or the default one), which moves the random stream as PyTorch does."""

    def __init__(self, loader: DataLoader) -> None:
        self._dataset = loader.dataset
        self._auto_collation = loader.batch_sampler is not None
        self._index_sampler = loader.batch_sampler if self._auto_collation else loader.sampler
        self._collate_fn = loader.collate_fn
        if loader.pin_memory:
            warnings.warn(NO_PIN_MEMORY, UserWarning, stacklevel=3)
        # the sampler's iterator kept as its next(): the iterator itself stays out of reach
        self._next_index = iter(self._index_sampler).__next__
        self._base_seed = seed_from(loader.generator)
        self._num_yielded = 0

    def __iter__(self) -> _SingleProcessDataLoaderIter:
        return self

    def __next__(self):
        index = self._next_index()
        if not self._auto_collation:
            data = self._dataset[index]
        elif getattr(self._dataset, "__getitems__", None):   # a Subset
            data = self._dataset.__getitems__(index)
        else:
            data = [self._dataset[i] for i in index]
        self._num_yielded += 1
        return self._collate_fn(data)

    def __len__(self) -> int:
        return len(self._index_sampler)


for _cls in (DataLoader, _SingleProcessDataLoaderIter):
    _cls.__module__ = "torch.utils.data.dataloader"

__all__ = ["DataLoader"]
