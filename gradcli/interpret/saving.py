"""torch.save and torch.load over the program's in-memory files (pymodules/files): what is
saved is a snapshot of the object, as pickling takes one, and each load gives a fresh copy.

Chosen over refusing them: a program that saves a model and loads it back runs on as under
PyTorch, and one that loads a file another program wrote stops with PyTorch's own
FileNotFoundError, at that line. Nothing on disk is read or written."""
from __future__ import annotations

import collections
import errno
import pickle
import posixpath

from ..engine.dtypes import DType
from ..engine.tensor import Device, Size, Tensor
from .pymodules import copy as _copy
from .pymodules import files

# what torch.load(weights_only=True), the default since PyTorch 2.6, rebuilds; anything else
# (a module, a program's object) it refuses, naming the first such class it meets
WEIGHTS = (type(None), bool, int, float, complex, str, Tensor, Size, DType, Device)
CONTAINERS = (dict, list, tuple, set, frozenset, collections.OrderedDict)
WEIGHTS_ONLY = (
    "Weights only load failed. This file can still be loaded, to do so you have two options, "
    "\x1b[1mdo those steps only if you trust the source of the checkpoint\x1b[0m. \n\t(1) In "
    "PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` "
    "from `False` to `True`. Re-running `torch.load` with `weights_only` set to `False` will "
    "likely succeed, but it can result in arbitrary code execution. Do it only if you got the "
    "file from a trusted source.\n\t(2) Alternatively, to load with `weights_only=True` please "
    "check the recommended steps in the following error message.\n\tWeightsUnpickler error: "
    "Unsupported global: GLOBAL {name} was not an allowed global by default. Please use "
    "`torch.serialization.add_safe_globals([{name}])` or the "
    "`torch.serialization.safe_globals([{name}])` context manager to allowlist this global if "
    "you trust this class/function.\n\nCheck the documentation of torch.load to learn more "
    "about types accepted by default with weights_only "
    "https://pytorch.org/docs/stable/generated/torch.load.html.")


class Saved(str):
    """A file torch.save wrote: its text is a header (PyTorch's files are zip archives), the
    snapshot rides along."""

    __slots__ = ("value",)


def _snapshot(obj):
    """`obj` as pickling keeps it: tensors as leaves (a non-leaf's graph is not saved, its
    requires_grad is) without .grad, shared memory kept shared, everything else deep-copied."""
    memo: dict = {}
    _leaves_for(obj, memo, set())
    copied = _copy.deepcopy(obj, memo)
    for value in list(memo.values()):
        if isinstance(value, Tensor):
            value._grad = None
    return copied


def _leaves_for(obj, memo: dict, seen: set) -> None:
    """Stand-ins for the non-leaf tensors in `obj`'s containers, which deepcopy refuses."""
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, Tensor):
        if obj.grad_fn is not None:
            leaf = obj.detach().clone()
            leaf._requires_grad = obj.requires_grad
            memo[id(obj)] = leaf
            _copy._keep(obj, memo)
    elif isinstance(obj, dict):
        for v in obj.values():
            _leaves_for(v, memo, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            _leaves_for(v, memo, seen)


def _not_weights(obj, seen: set):
    """The first object, depth first as pickle writes, that weights_only refuses; None."""
    if id(obj) in seen or isinstance(obj, WEIGHTS):
        return None
    seen.add(id(obj))
    if type(obj) in CONTAINERS or isinstance(obj, (dict, list, tuple)) and \
            type(obj).__module__ == "collections":
        items = obj.items() if isinstance(obj, dict) else ((None, v) for v in obj)
        for k, v in items:
            found = _not_weights(k, seen) or _not_weights(v, seen)
            if found is not None:
                return found
        return None
    return obj


def _unpickling_error(message: str) -> pickle.UnpicklingError:
    error = pickle.UnpicklingError(message)
    error._gradcli_raised = True   # the program's error, as torch.load raises it
    return error


def save(obj, f, pickle_module=None, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False) -> None:
    path = files.fspath(f)
    where = files.fs.where(path)
    parent = posixpath.dirname(path)
    if where is None or posixpath.dirname(where) not in files.fs.dirs:
        raise RuntimeError(f"Parent directory {parent} does not exist.")
    if where in files.fs.dirs:
        raise files.os_error(IsADirectoryError, errno.EISDIR, path)
    text = Saved("PK\x03\x04 (torch.save, kept by gradcli in memory)")
    text.value = _snapshot(obj)
    files.fs.store(where, text)


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None,
         **pickle_load_args):
    path = files.fspath(f)
    where = files.fs.where(path)
    if where in files.fs.dirs:
        raise files.os_error(IsADirectoryError, errno.EISDIR, path)
    if where not in files.fs.files:
        raise files.fs.no_parent(where, path) or files.os_error(FileNotFoundError,
                                                                 errno.ENOENT, path)
    stored = files.fs.files[where]
    if not isinstance(stored, Saved):
        raise _unpickling_error(f"gradcli's torch.load reads what torch.save wrote; '{path}' "
                                f"is a text file")
    if weights_only is None or weights_only:
        found = _not_weights(stored.value, set())
        if found is not None:
            cls = type(found)
            raise _unpickling_error(WEIGHTS_ONLY.format(
                name=f"{cls.__module__}.{cls.__qualname__}"))
    return _snapshot(stored.value)
