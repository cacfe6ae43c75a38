"""How a DataLoader makes one batch of its samples: default_collate (stacked tensors, numbers as
tensors, containers element by element) and default_convert (without batching)."""
from __future__ import annotations

import copy

import numpy as np

from ...engine import dtypes as _dt
from ...engine import factories
from ...engine.ops import FUNCTIONS
from ...engine.tensor import Tensor

BAD_BATCH = ("default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; "
             "found {}")
STRING_KINDS = frozenset("SaUO")   # NumPy arrays of strings or objects are no numbers


def _as_tensor(value) -> Tensor:
    """torch.as_tensor of a NumPy array, a NumPy number, or a list of NumPy numbers."""
    data = np.array(value)
    _dt.from_numpy(data.dtype)   # a dtype torch has, or its error
    return Tensor._make(data)


def _numpy_array(batch: list):
    if batch[0].dtype.kind in STRING_KINDS:
        raise TypeError(BAD_BATCH.format(batch[0].dtype))
    return default_collate([_as_tensor(b) for b in batch])


# by the first sample's type: its own entry first, else the first of these it is an instance of
COLLATE_BY_TYPE = {
    Tensor: lambda batch: FUNCTIONS["stack"](batch, 0),
    np.ndarray: _numpy_array,
    (np.bool_, np.number, np.object_): _as_tensor,
    float: lambda batch: factories.tensor(batch, dtype=_dt.float64),
    int: factories.tensor,
    str: lambda batch: batch,
    bytes: lambda batch: batch,
}


def default_collate(batch):
    """One batch of samples: tensors stacked, numbers made tensors, containers collated element
    by element (torch.utils.data._utils.collate)."""
    elem = batch[0]
    how = COLLATE_BY_TYPE.get(type(elem))
    if how is None:
        how = next((fn for kind, fn in COLLATE_BY_TYPE.items() if isinstance(elem, kind)), None)
    if how is not None:
        return how(batch)
    if isinstance(elem, dict):
        clone = copy.copy(elem)
        clone.update({key: default_collate([d[key] for d in batch]) for key in elem})
        return clone
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):   # a namedtuple
        return type(elem)(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, (tuple, list, range)):
        size = len(elem)
        if any(len(sample) != size for sample in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        transposed = [default_collate(samples) for samples in zip(*batch)]
        if isinstance(elem, list):
            clone = copy.copy(elem)
            clone[:] = transposed
            return clone
        return transposed
    raise TypeError(BAD_BATCH.format(type(elem)))


def default_convert(data):
    """A sample as the loader gives it without batching: NumPy values as tensors, containers
    converted element by element (a tuple becomes a list)."""
    if isinstance(data, Tensor):
        return data
    if isinstance(data, (np.str_, np.bytes_)):
        return data
    if isinstance(data, (np.ndarray, np.generic)):
        if isinstance(data, np.ndarray) and data.dtype.kind in STRING_KINDS:
            return data
        return _as_tensor(data)
    if isinstance(data, dict):
        clone = copy.copy(data)
        clone.update({key: default_convert(data[key]) for key in data})
        return clone
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(default_convert(d) for d in data))
    if isinstance(data, tuple):
        return [default_convert(d) for d in data]
    if isinstance(data, list):
        clone = copy.copy(data)
        clone[:] = [default_convert(d) for d in data]
        return clone
    return data


__all__ = ["default_collate", "default_convert"]
