"""The containers: Sequential, ModuleList, ModuleDict, ParameterList and ParameterDict."""
from __future__ import annotations

import collections
import itertools
import operator
from collections.abc import Iterable, Mapping

from ...engine.tensor import Tensor
from .. import pythons_errors
from ..generator import LibraryGenerator
from ..ordered_dict import OrderedDict
from .module import Module, addindent
from .parameter import Parameter, typename

_MODULE = "torch.nn.modules.container"


def _index(idx, size: int) -> int:
    """A position in a container of `size`, as PyTorch checks it."""
    idx = operator.index(idx)
    if not -size <= idx < size:
        raise IndexError(f"index {idx} is out of range")
    return idx % size


class Sequential(Module):
    """Runs its modules one after another; built from modules or from an OrderedDict of them."""

    __module__ = _MODULE

    def __init__(self, *args) -> None:
        super().__init__()
        if len(args) == 1 and isinstance(args[0], collections.OrderedDict):
            for key, module in args[0].items():
                self.add_module(key, module)
        else:
            for idx, module in enumerate(args):
                self.add_module(str(idx), module)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(OrderedDict(list(self._modules.items())[idx]))
        return list(self._modules.values())[_index(idx, len(self))]

    def __setitem__(self, idx, module: Module) -> None:
        key = list(self._modules)[_index(idx, len(self))]
        setattr(self, key, module)

    def __delitem__(self, idx) -> None:
        if isinstance(idx, slice):
            for key in list(self._modules)[idx]:
                delattr(self, key)
        else:
            delattr(self, list(self._modules)[_index(idx, len(self))])
        self._modules = OrderedDict(zip(map(str, range(len(self._modules))),
                                        self._modules.values()))

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __add__(self, other) -> Sequential:
        if not isinstance(other, Sequential):
            raise ValueError("add operator supports only objects of Sequential class, but "
                             f"{type(other)} is given.")
        combined = Sequential()
        for layer in itertools.chain(self, other):
            combined.append(layer)
        return combined

    def __iadd__(self, other) -> Sequential:
        if not isinstance(other, Sequential):
            raise ValueError("add operator supports only objects of Sequential class, but "
                             f"{type(other)} is given.")
        offset = len(self)
        for i, module in enumerate(other):
            self.add_module(str(i + offset), module)
        return self

    def _check_factor(self, other) -> None:
        if not isinstance(other, int):
            raise TypeError(f"unsupported operand type(s) for *: {type(self)} and {type(other)}")
        if other <= 0:
            raise ValueError(f"Non-positive multiplication factor {other} for {type(self)}")

    def __mul__(self, other) -> Sequential:
        self._check_factor(other)
        combined = Sequential()
        for offset, module in enumerate(itertools.chain.from_iterable(
                itertools.repeat(list(self), other))):
            combined.add_module(str(offset), module)
        return combined

    __rmul__ = __mul__

    def __imul__(self, other) -> Sequential:
        self._check_factor(other)
        original = list(self)
        for offset, module in enumerate(original * (other - 1), len(original)):
            self.add_module(str(offset), module)
        return self

    def forward(self, input):
        for module in self._modules.values():
            input = module(input)
        return input

    def append(self, module: Module) -> Sequential:
        self.add_module(str(len(self)), module)
        return self

    def insert(self, index: int, module: Module) -> Sequential:
        if not isinstance(module, Module):
            raise AssertionError(f"module should be of type: {Module}")
        n = len(self._modules)
        if not -n <= index <= n:
            raise IndexError(f"Index out of range: {index}")
        if index < 0:
            index += n
        for i in range(n, index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module
        return self

    def extend(self, sequential: Iterable) -> Sequential:
        for layer in sequential:
            self.append(layer)
        return self

    def pop(self, key) -> Module:
        v = self[key]
        del self[key]
        return v


class ModuleList(Module):
    """A list of modules, each registered (its parameters are the container's)."""

    __module__ = _MODULE

    def __init__(self, modules: Iterable | None = None) -> None:
        super().__init__()
        if modules is not None:
            self += modules

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return self.__class__(list(self._modules.values())[idx])
        return self._modules[str(_index(idx, len(self)))]

    def __setitem__(self, idx, module: Module) -> None:
        setattr(self, str(_index(idx, len(self))), module)

    def __delitem__(self, idx) -> None:
        if isinstance(idx, slice):
            for k in range(len(self._modules))[idx]:
                delattr(self, str(k))
        else:
            delattr(self, str(_index(idx, len(self))))
        self._modules = OrderedDict(zip(map(str, range(len(self._modules))),
                                        self._modules.values()))

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __iadd__(self, modules: Iterable) -> ModuleList:
        return self.extend(modules)

    def __add__(self, other: Iterable) -> ModuleList:
        combined = ModuleList()
        for i, module in enumerate(itertools.chain(self, other)):
            combined.add_module(str(i), module)
        return combined

    def __repr__(self) -> str:
        reprs = [repr(item) for item in self]
        if not reprs:
            return self._get_name() + "()"
        # runs of equal modules print once: (0-2): 3 x Linear(...)
        blocks: list[list] = []
        for i, r in enumerate(reprs):
            if blocks and blocks[-1][2] == r:
                blocks[-1][1] = i
            else:
                blocks.append([i, i, r])
        lines = [addindent(f"({start}): {r}" if start == end else
                           f"({start}-{end}): {end - start + 1} x {r}", 2)
                 for start, end, r in blocks]
        return self._get_name() + "(\n  " + "\n  ".join(lines) + "\n)"

    def insert(self, index: int, module: Module) -> None:
        for i in range(len(self._modules), index, -1):
            self._modules[str(i)] = self._modules[str(i - 1)]
        self._modules[str(index)] = module

    def append(self, module: Module) -> ModuleList:
        self.add_module(str(len(self)), module)
        return self

    def pop(self, key) -> Module:
        v = self[key]
        del self[key]
        return v

    def extend(self, modules: Iterable) -> ModuleList:
        if not isinstance(modules, Iterable):
            raise TypeError("ModuleList.extend should be called with an iterable, but got "
                            + type(modules).__name__)
        offset = len(self)
        for i, module in enumerate(modules):
            self.add_module(str(offset + i), module)
        return self


def _pairs(kind: str, pairs) -> Iterable:
    """The (key, value) pairs of an update() given a sequence, checked as PyTorch checks them."""
    for j, p in enumerate(pairs):
        if not isinstance(p, Iterable):
            raise TypeError(f"{kind} update sequence element #{j} should be Iterable; is"
                            + type(p).__name__)
        if len(p) != 2:
            raise ValueError(f"{kind} update sequence element #{j} has length {len(p)}; 2 is "
                             "required")
        yield p[0], p[1]


class ModuleDict(Module):
    """A dict of modules, each registered under its key."""

    __module__ = _MODULE

    def __init__(self, modules=None) -> None:
        super().__init__()
        if modules is not None:
            self.update(modules)

    @pythons_errors   # a missing key's KeyError, as PyTorch's same line raises it
    def __getitem__(self, key: str) -> Module:
        return self._modules[key]

    def __setitem__(self, key: str, module: Module) -> None:
        self.add_module(key, module)

    @pythons_errors
    def __delitem__(self, key: str) -> None:
        del self._modules[key]

    def __len__(self) -> int:
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key: str) -> bool:
        return key in self._modules

    def clear(self) -> None:
        self._modules.clear()

    def pop(self, key: str) -> Module:
        v = self[key]
        del self[key]
        return v

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()

    def update(self, modules) -> None:
        if not isinstance(modules, Iterable):
            raise TypeError("ModuleDict.update should be called with an iterable of key/value "
                            "pairs, but got " + type(modules).__name__)
        pairs = modules.items() if isinstance(modules, (Mapping, ModuleDict)) \
            else _pairs("ModuleDict", modules)
        for key, module in pairs:
            self[key] = module


def _describe(p, dtype_text: str) -> str:
    """A ParameterList/ParameterDict entry: 'Parameter containing: [torch.float32 of size 2x3]'."""
    if isinstance(p, Tensor):
        kind = "Parameter" if isinstance(p, Parameter) else "Tensor"
        return f"{kind} containing: [{dtype_text} of size {'x'.join(map(str, p.shape))}]"
    return "Object of type: " + type(p).__name__


class ParameterList(Module):
    """A list of parameters (a tensor put in becomes a Parameter), each registered."""

    __module__ = _MODULE

    def __init__(self, values: Iterable | None = None) -> None:
        super().__init__()
        self._size = 0
        if values is not None:
            self += values

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            out = self.__class__()
            for i in range(*idx.indices(len(self))):
                out.append(self[i])
            return out
        return getattr(self, str(_index(idx, len(self))))

    def __setitem__(self, idx, param) -> None:
        idx = _index(idx, len(self))
        if isinstance(param, Tensor) and not isinstance(param, Parameter):
            param = Parameter(param)
        setattr(self, str(idx), param)

    def __len__(self) -> int:
        return self._size

    def __iter__(self):
        return iter([self[i] for i in range(len(self))])

    def __iadd__(self, parameters: Iterable) -> ParameterList:
        return self.extend(parameters)

    def append(self, value) -> ParameterList:
        new_idx = len(self)
        self._size += 1
        self[new_idx] = value
        return self

    def extend(self, values: Iterable) -> ParameterList:
        if not isinstance(values, Iterable) or isinstance(values, Tensor):
            raise TypeError("ParameterList.extend should be called with an iterable, but got "
                            + type(values).__name__)
        for value in values:
            self.append(value)
        return self

    def extra_repr(self) -> str:
        return "\n".join(f"  ({k}): " + _describe(p, str(getattr(p, "dtype", "")))
                         for k, p in enumerate(self))

    def __call__(self, *args, **kwargs):
        raise RuntimeError("ParameterList should not be called.")


class ParameterDict(Module):
    """A dict of parameters (a tensor put in becomes a Parameter), each registered."""

    __module__ = _MODULE

    def __init__(self, parameters=None) -> None:
        super().__init__()
        self._keys: dict = {}
        if parameters is not None:
            self.update(parameters)

    def _key_to_attr(self, key) -> str:
        if not isinstance(key, str):
            raise TypeError("Index given to ParameterDict cannot be used as a key as it is not a "
                            f"string (type is '{type(key).__name__}'). Open an issue on github if "
                            "you need non-string keys.")
        return key

    def __getitem__(self, key: str):
        return getattr(self, self._key_to_attr(key))

    def __setitem__(self, key: str, value) -> None:
        self._keys[key] = None
        attr = self._key_to_attr(key)
        if isinstance(value, Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        setattr(self, attr, value)

    @pythons_errors
    def __delitem__(self, key: str) -> None:
        del self._keys[key]
        delattr(self, self._key_to_attr(key))

    def __len__(self) -> int:
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def __contains__(self, key: str) -> bool:
        return key in self._keys

    def copy(self) -> ParameterDict:
        return ParameterDict(OrderedDict((k, self[k]) for k in self._keys))

    def setdefault(self, key: str, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def clear(self) -> None:
        for k in self._keys.copy():
            del self[k]

    def pop(self, key: str):
        v = self[key]
        del self[key]
        return v

    def popitem(self) -> tuple:
        k, _ = self._keys.popitem()
        self._keys[k] = None
        val = self[k]
        del self[k]
        return k, val

    def get(self, key: str, default=None):
        return self[key] if key in self else default

    def fromkeys(self, keys: Iterable, default=None) -> ParameterDict:
        return ParameterDict((k, default) for k in keys)

    def keys(self):
        return self._keys.keys()

    def items(self) -> LibraryGenerator:
        return LibraryGenerator(((k, self[k]) for k in self._keys),
                                "ParameterDict.items.<locals>.<genexpr>")

    def values(self) -> LibraryGenerator:
        return LibraryGenerator((self[k] for k in self._keys),
                                "ParameterDict.values.<locals>.<genexpr>")

    def update(self, parameters) -> None:
        if not isinstance(parameters, Iterable):
            raise TypeError("ParametersDict.update should be called with an iterable of "
                            "key/value pairs, but got " + type(parameters).__name__)
        if isinstance(parameters, (collections.OrderedDict, ParameterDict)):
            pairs = parameters.items()
        elif isinstance(parameters, Mapping):
            pairs = sorted(parameters.items())
        else:
            pairs = _pairs("ParameterDict", parameters)
        for key, parameter in pairs:
            self[key] = parameter

    def extra_repr(self) -> str:
        return "\n".join(f"  ({k}): " + _describe(p, typename(p) if isinstance(p, Tensor) else "")
                         for k, p in self.items())

    def __call__(self, input):
        raise RuntimeError("ParameterDict should not be called.")

    def __or__(self, other: ParameterDict) -> ParameterDict:
        copy = self.copy()
        copy.update(other)
        return copy

    def __ror__(self, other: ParameterDict) -> ParameterDict:
        copy = other.copy()
        copy.update(self)
        return copy

    def __ior__(self, other: ParameterDict) -> ParameterDict:
        self.update(other)
        return self
