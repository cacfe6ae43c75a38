"""The only bridge to the engine: the names a program can use, and the attributes it may touch."""
from __future__ import annotations

import builtins as _py
import collections.abc
import functools
import importlib
import math
import re
import string
import types
from typing import Any, Callable

import numpy as np

from ..engine.backward import backward as autograd_backward, grad as autograd_grad
from ..engine.gradcheck import gradcheck as autograd_gradcheck
from ..engine import arguments
from ..engine import dtypes as _dt
from ..engine import factories, grad_mode, tensor_types
from ..engine import format as tensor_format
from ..engine.function import FunctionNode
from ..engine.graph import AccumulateGrad, Node
from ..engine.hooks import RemovableHandle
from ..engine.kernels import random as _engine_random
from ..engine.out import call_with_out
from ..engine.ops import FUNCTIONAL, FUNCTIONS, LINALG, METHODS, PROPERTIES
from ..engine.return_types import USV, USVh, ValuesIndices
from ..engine.device import Device
from ..engine.tensor import Size, Tensor
from ..library import LibraryClass
from ..library.generator import LibraryGenerator
from . import attributes, blame, classes, machine, modules, numpy_facade, pymodules
from .modules import Namespace
from .functions import Builtin, Flag


GRAD = Flag("grad")


def _with_grad_flag(fn: Callable) -> Callable:
    """Let a factory take the `grad` flag among its positional arguments."""
    @functools.wraps(fn)  # keeps the signature visible: completion offers requires_grad=
    def factory(*args, **kwargs):
        if any(a is GRAD for a in args):
            args = tuple(a for a in args if a is not GRAD)
            kwargs["requires_grad"] = True
        return fn(*args, **kwargs)
    return factory


def _backward_fn(tensor, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    """backward(t) is t.backward()."""
    return tensor.backward(gradient, retain_graph, create_graph, inputs)


def _either(python_fn: Callable, torch_name: str) -> Builtin:
    """A Python builtin that means torch.<name> when its first argument is a tensor; it prints
    as Python's own (`<built-in function max>`)."""
    torch_fn = FUNCTIONS[torch_name]

    @functools.wraps(torch_fn)
    def fn(*args, **kwargs):
        if args and isinstance(args[0], Tensor):
            return torch_fn(*args, **kwargs)
        return python_fn(*args, **kwargs)
    return Builtin(torch_name, fn)


# ---- torch -------------------------------------------------------------------------------------
# torch.Generator is the engine's generator class itself (isinstance(g, torch.Generator) holds);
# a call of it goes to _generator, which takes PyTorch's arguments (TYPE_CALLS)
attributes.register(_engine_random.Generator, attributes.Custom(
    lambda obj, name: _generator_attribute(obj, name), lambda obj: sorted(GENERATOR_METHODS)))
classes.name_class(_engine_random.Generator, "torch._C.Generator")
classes.hand_out(_engine_random.Generator)
for _info in (_dt.finfo, _dt.iinfo):   # torch.finfo(torch.float32).eps
    attributes.register(_info, attributes.Listed(_info.__slots__, data=_info.__slots__))
    classes.name_class(_info, f"torch.{_info.__name__}")
    classes.hand_out(_info)


def manual_seed(seed):
    try:
        seed = int(seed)   # torch.manual_seed's own int(): its errors are Python's
    except (TypeError, ValueError) as e:
        raise _deliberate(e) from None
    return _default().manual_seed(seed)


def _generator(device="cpu"):
    return _engine_random.Generator()


def _default():
    return _engine_random.default_generator


def _deliberate(error: Exception) -> Exception:
    """`error`, marked as raised on purpose: PyTorch's own, however it is raised."""
    error._gradcli_raised = True
    return error


def _generator_method(name: str, arity: int, method: Callable) -> Callable:
    """A method of torch.Generator as its C++ binding takes its arguments (positional only)."""
    def bound(*args):
        if len(args) != arity:
            raise _deliberate(TypeError(f"Generator.{name}() takes " + (
                f"exactly one argument ({len(args)} given)" if arity else
                f"no arguments ({len(args)} given)")))
        return method(*args)
    return bound


def _seed_of(seed) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise _deliberate(RuntimeError(f"manual_seed expected a long, but got "
                                       f"{type(seed).__name__}"))
    return seed


def _state_of(state):
    if not isinstance(state, Tensor):
        raise _deliberate(TypeError(f"expected a torch.ByteTensor, but got "
                                    f"{type(state).__name__}"))
    return state._data   # PyTorch's state is a uint8 tensor


GENERATOR_METHODS = {
    "manual_seed": lambda g: _generator_method(
        "manual_seed", 1, lambda seed: g.manual_seed(_seed_of(seed))),
    "initial_seed": lambda g: _generator_method("initial_seed", 0, g.initial_seed),
    "seed": lambda g: _generator_method("seed", 0, g.seed),
    "get_state": lambda g: _generator_method(
        "get_state", 0, lambda: Tensor._make(g.get_state().copy())),
    "set_state": lambda g: _generator_method(
        "set_state", 1, lambda state: g.set_state(_state_of(state))),
}
RANDOM_STATE = {
    "Generator": _engine_random.Generator, "default_generator": _default(),
    "initial_seed": lambda: _default().initial_seed(),
    "seed": lambda: _default().seed(),
    "get_rng_state": lambda: GENERATOR_METHODS["get_state"](_default())(),
    "set_rng_state": lambda new_state: GENERATOR_METHODS["set_state"](_default())(new_state),
}


def _is_tensor(obj) -> bool:
    return isinstance(obj, Tensor)


def _tensor_only(name: str, method: Callable):
    """torch.<name>(input): the tensor method, with PyTorch's TypeError for anything else."""
    def function(input):
        if not isinstance(input, Tensor):
            raise _dt.OperandTypeError(input)
        return method(input)
    function.__name__ = function.__qualname__ = name
    return function


GRAD_MODES = {"no_grad": grad_mode.no_grad, "enable_grad": grad_mode.enable_grad,
              "set_grad_enabled": grad_mode.set_grad_enabled,
              "is_grad_enabled": grad_mode.is_grad_enabled,
              "inference_mode": grad_mode.inference_mode,
              "is_inference_mode_enabled": grad_mode.is_inference_mode_enabled}

FACTORIES = ("tensor", "ones", "zeros", "empty", "full", "arange", "linspace", "eye",
             "ones_like", "zeros_like", "empty_like", "full_like", "rand", "randn", "randint",
             "randperm", "rand_like", "randn_like", "randint_like")

torch = modules.register(Namespace("torch", suggests=False))


def _nn_entries() -> dict:
    from ..library import nn as library_nn   # on first use: start-up does not pay for it
    for cls in (library_nn.parameter.Parameter, library_nn.parameter.UninitializedParameter,
                library_nn.parameter.UninitializedBuffer):
        classes.hand_out(cls)   # type(p): torch.nn.parameter.Parameter
    return library_nn.entries()


def _nn_init_entries() -> dict:
    from ..library.nn import init
    return init.entries()


def _nn_utils_entries() -> dict:
    from ..library.nn import utils
    return utils.entries()


nn = modules.register(Namespace("torch.nn", load=_nn_entries))
functional = modules.register(Namespace("torch.nn.functional"))
linalg = modules.register(Namespace("torch.linalg", LINALG))
modules.register(Namespace("torch.nn.init", load=_nn_init_entries))
modules.register(Namespace("torch.nn.utils", load=_nn_utils_entries))


def _library(module: str) -> Callable[[], dict[str, Any]]:
    """The public names of a module of gradcli.library, imported when a program first asks for
    one of them (start-up does not pay for what a program does not use)."""
    def load() -> dict[str, Any]:
        found = importlib.import_module(f"..library.{module}", __package__)
        return {name: getattr(found, name) for name in found.__all__}
    return load


# torch.autograd has torch.autograd.function's names but once_differentiable
autograd = modules.register(Namespace("torch.autograd", {
    "grad": autograd_grad, "backward": autograd_backward, "gradcheck": autograd_gradcheck,
    **GRAD_MODES}, load=lambda: {name: value for name, value in _library("function")().items()
                                 if name != "once_differentiable"}))
for _name, _module in (("torch.autograd.function", "function"),
                       ("torch.autograd.functional", "autograd_functional"),
                       ("torch.optim", "optim"),
                       ("torch.optim.lr_scheduler", "optim.lr_scheduler"),
                       ("torch.utils", None), ("torch.utils.data", "data")):
    modules.register(Namespace(_name, load=_module and _library(_module)))


def save(obj, f, *args, **kwargs) -> None:
    """torch.save into the program's in-memory files (interpret/saving.py, loaded on use)."""
    from .saving import save as to_file
    return to_file(obj, f, *args, **kwargs)


def load(f, *args, **kwargs):
    from .saving import load as from_file
    return from_file(f, *args, **kwargs)


for _name in ("", ".bernoulli", ".categorical", ".constraints", ".distribution", ".multinomial",
              ".normal", ".uniform"):
    modules.register(Namespace("torch.distributions" + _name,
                               load=_library("distributions" + _name)))


def _build_torch() -> None:
    entries = torch.entries
    entries.update(FUNCTIONS)
    for name in FACTORIES:
        fn = getattr(factories, name, None)
        if fn is not None:
            entries[name] = _with_grad_flag(fn)
    entries.update(GRAD_MODES)
    entries.update({name: d for name, d in _dt.NAMES.items()})
    entries.update(RANDOM_STATE)
    entries.update({"manual_seed": manual_seed,
                    "is_tensor": _is_tensor, "Size": Size,
                    "is_inference": Tensor.is_inference, "save": save, "load": load,
                    "numel": _tensor_only("numel", Tensor.numel),
                    "is_floating_point": _tensor_only("is_floating_point",
                                                      Tensor.is_floating_point),
                    "inf": math.inf, "nan": math.nan, "pi": math.pi, "e": math.e,
                    "finfo": _dt.finfo, "iinfo": _dt.iinfo,
                    "Tensor": Tensor, **tensor_types.TYPES,
                    "set_default_tensor_type": tensor_types.set_default_tensor_type,
                    "set_default_dtype": _dt.set_default_dtype,
                    "get_default_dtype": _dt.get_default_dtype,
                    "set_printoptions": tensor_format.set_printoptions, **machine.ENTRIES})
    autograd.entries["Variable"] = tensor_types.Variable
    for namespace in machine.namespaces():
        modules.register(namespace)
    functional.entries.update(FUNCTIONAL)


_build_torch()

# the torch functions that take out=, by id (a program may call anything, hashable or not):
# their name, and whether they are factories (which make their result in out's dtype)
OUT_FACTORIES = ("ones", "zeros", "empty", "full", "arange", "linspace", "eye", "rand", "randn",
                 "randint", "randperm")
NO_OUT = frozenset(("tensor", "allclose", "equal", "is_tensor", "numel", "is_floating_point",
                    "is_inference", "unique", "unique_consecutive", "split", "chunk", "unbind"))
OUT_CALLS = {id(torch.entries[name]): (name, name in OUT_FACTORIES) for name in (
    *(n for n in FUNCTIONS if n not in NO_OUT and not n.endswith(("_like", "_"))),
    *(n for n in OUT_FACTORIES if n in torch.entries))}

# `from __future__ import print_function`: what it asks for, Python 3 always does
modules.register(Namespace("__future__", {name: True for name in (
    "annotations", "print_function", "division", "absolute_import", "unicode_literals",
    "generators", "nested_scopes", "with_statement", "generator_stop")}))


# ---- Python ------------------------------------------------------------------------------------
# ---- sizes one operation may build ----------------------------------------------------------
# A string, list or tuple of billions of items, or an integer of billions of bits, takes minutes
# and gigabytes before Python would notice anything: each is refused before it is built.
MAX_SEQUENCE = 100_000_000   # items in a list, tuple or string built by `*`, a width, a padding
MAX_INT_BITS = 1_000_000     # bits of an integer built by ** or *


def check_length(n: int, kind: str = "str") -> None:
    """Refuse a `kind` of `n` items past MAX_SEQUENCE."""
    if n > MAX_SEQUENCE:
        raise MemoryError(f"a {kind} of {n} items is more than gradcli's limit of {MAX_SEQUENCE}")


def check_int_bits(bits: int, what: str) -> None:
    """Refuse an integer `what` (power, multiplication) of more than MAX_INT_BITS bits."""
    if bits > MAX_INT_BITS:
        raise OverflowError(f"integer {what} too large for gradcli (over a million bits)")


# [[fill]align][sign][z][#][0][width][grouping][.precision]: the numbers that size the result
_SPEC = re.compile(r"(?:.?[<>=^])?[-+ ]?z?#?0?(\d*)[,_]?(?:\.(\d*))?")
# printf-style: %[(key)][flags][width|*][.precision|*][length]type
_PERCENT = re.compile(r"%(?:\([^)]*\))?[#0 +-]*(\*|\d+)?(?:\.(\*|\d*))?[hlL]?(.?)", re.S)


def _sized(number) -> None:
    """A width or precision, refused past MAX_SEQUENCE (Python refuses past 2**63 itself)."""
    if type(number) is str:
        number = int(number) if number and len(number) <= 18 else 0
    if type(number) is int:
        check_length(abs(number))


def check_spec(spec) -> None:
    """A format spec whose width or precision would build a string past MAX_SEQUENCE."""
    if type(spec) is str:
        found = _SPEC.match(spec)
        for number in found.groups() if found else ():
            _sized(number)


def safe_format(value, spec=""):
    """format(), and an f-string's field: the spec checked first."""
    check_spec(spec)
    return format(value, spec)


def check_percent_widths(text: str, values) -> None:
    """`text % values`: each width and precision, written or taken by `*`, checked first."""
    if "%" not in text:
        return
    items = list(values) if type(values) is tuple else [values]
    at = 0
    for found in _PERCENT.finditer(text):
        width, precision, kind = found.groups()
        for number in (width, precision):
            if number == "*":
                _sized(items[at] if at < len(items) else None)
                at += 1
            else:
                _sized(number)
        if kind != "%":
            at += 1


def _padded(method, name: str):
    """str.ljust/rjust/center/zfill: the width checked first."""
    def padded(width, *fill):
        _sized(width)
        return method(width, *fill)
    padded.__name__ = padded.__qualname__ = name
    return Builtin(name, padded)


class _SafeFormatter(string.Formatter):
    """str.format without attribute or item access in field names (no way into objects), and
    each field's spec checked as format() checks it."""

    def get_field(self, field_name, args, kwargs):
        if any(c in field_name for c in ".["):
            raise ValueError("gradcli's str.format takes plain field names only")
        return super().get_field(field_name, args, kwargs)

    def format_field(self, value, format_spec):
        check_spec(format_spec)
        return super().format_field(value, format_spec)


_FORMATTER = _SafeFormatter()


def _str_format(text: str, *args, **kwargs) -> str:
    return _FORMATTER.format(text, *args, **kwargs)


def safe_pow(a, b, mod=None):
    """Python's ** and pow(), refusing integer powers that would take minutes to build."""
    if type(a) is int and type(b) is int and b > 1 and abs(a) > 1 and mod is None:
        check_int_bits(b * abs(a).bit_length(), "power")
    return _py.pow(a, b) if mod is None else _py.pow(a, b, mod)


def _round(number, ndigits=None):
    # round(10**400, -10**10) computes 10 ** 10**10 before it answers
    if isinstance(ndigits, int) and abs(ndigits) > 10_000:
        raise OverflowError("round(): ndigits too large for gradcli")
    return _py.round(number, ndigits) if ndigits is not None else _py.round(number)


# ---- hashing -------------------------------------------------------------------------------
# CPython hashes a tuple by hashing its items, recursing in C with no depth check: a tuple nested
# a million deep, which a loop builds in a second, crashes the process when used as a key. What
# hashes a program's values is a dict, a set or a dict view, and a program reaches those only
# through the language (displays, `in`, subscripts), the builtins (dict, set, hash) and their
# methods and views, which this section hands out: each checks with `key` what it will hash.
MAX_KEY_DEPTH = 1000
DEEP_KEY = "maximum recursion depth exceeded while hashing a tuple"


def key(value):
    """`value`, about to be hashed; RecursionError for a tuple nested deeper than
    MAX_KEY_DEPTH."""
    if isinstance(value, tuple) and _nesting(value) > MAX_KEY_DEPTH:
        raise RecursionError(DEEP_KEY)
    return value


def keys(values):
    """The argument of set() (or of a set method) with every item checked as `key` checks one.
    A dict or set was checked when it was made."""
    if isinstance(values, (dict, set, frozenset)):
        return values
    return [key(v) for v in values]


def pairs(values):
    """The argument of dict() or dict.update(): a dict as it is, else its (key, value) pairs
    with each key checked, taken as dict() takes them: from a mapping's keys(), or from each item
    read as a sequence (an iterator yielding a pair is read once, here)."""
    if isinstance(values, dict):
        return values
    if hasattr(type(values), "keys"):   # a mapping of the program's
        return [(key(k), values[k]) for k in values.keys()]
    out = []
    for v in values:
        if not isinstance(v, (tuple, list, str, bytes, dict, set, frozenset)):
            try:
                v = list(v)
            except TypeError:
                pass   # dict() raises its own error for an item that is no sequence
        if isinstance(v, (tuple, list)) and len(v) == 2:
            key(v[0])
        out.append(v)
    return out


def contains(item, container) -> bool:
    """`item in container`; a lookup that hashes (dict, set, their views) checks the item."""
    if isinstance(item, tuple) and not isinstance(container, (list, tuple, str)):
        key(item)
    if hasattr(type(container), "__next__") and not hasattr(type(container), "__contains__"):
        return item in stepwise(container)   # an iterator, searched in C
    return item in container


class _Keyed:
    """A method that hashes what it is given, its arguments checked first: one key (dict.get,
    set.add) or, given `bulk` (keys or pairs), each argument by it (set.union, dict.update); it
    prints as the method it is."""

    __slots__ = ("_method", "_bulk")

    def __init__(self, method, bulk) -> None:
        self._method = method
        self._bulk = bulk

    def __call__(self, *args, **kwargs):
        if self._bulk is not None:
            return self._method(*(self._bulk(a) for a in args), **kwargs)
        if args:
            key(args[0])
        return self._method(*args, **kwargs)

    def __repr__(self) -> str:
        return repr(self._method)


# method name -> how its arguments are checked: None, one key (the first); keys, iterables of
# keys; pairs, what dict() takes
DICT_KEYED = {"get": None, "pop": None, "setdefault": None, "update": pairs,
              "move_to_end": None}
COUNTER_KEYED = {**DICT_KEYED, "update": keys, "subtract": keys}
SET_KEYED = {"add": None, "discard": None, "remove": None, **dict.fromkeys((
    "update", "union", "intersection", "difference", "symmetric_difference", "issubset",
    "issuperset", "isdisjoint", "intersection_update", "difference_update",
    "symmetric_difference_update"), keys)}


class _View:
    """What d.keys() and d.items() hand out: Python's views, but their set operators and `in`
    hash the other operand's items (`d.keys() & [t]`), so these check them first."""

    __slots__ = ()

    def __contains__(self, item) -> bool:
        return super().__contains__(key(item))

    @classmethod
    def _from_iterable(cls, items):
        return set(keys(items))

    def __repr__(self) -> str:   # odict_keys([...]) for an OrderedDict's, as Python's
        return repr(self._real())


class KeysView(_View, collections.abc.KeysView):
    __slots__ = ()

    def _real(self):
        return self._mapping.keys()

    def __iter__(self):
        return iter(self._mapping)

    def __reversed__(self):
        return reversed(self._mapping)


class ItemsView(_View, collections.abc.ItemsView):
    __slots__ = ()

    def _real(self):
        return self._mapping.items()

    def __iter__(self):
        return iter(self._mapping.items())

    def __reversed__(self):
        return reversed(self._mapping.items())


for _view, _name in ((KeysView, "dict_keys"), (ItemsView, "dict_items")):
    _view.__name__ = _view.__qualname__ = _name
    _view.__module__ = "builtins"
    classes.hand_out(_view)
    attributes.register(_view, attributes.Listed(("isdisjoint",)))
_VIEWS = {"keys": KeysView, "items": ItemsView}


# ---- iterators ---------------------------------------------------------------------------
# map, filter, zip and enumerate objects (and itertools' chain, islice...) take the next item of
# what they wrap from C, and free it from C, recursing without a depth check: a million of them
# nested, which a loop builds in a second, crash the process when consumed or freed. Each knows
# how deep it nests and refuses to be made deeper than MAX_NESTING, as Python refuses a deeper
# recursion.
MAX_NESTING = 1000
DEEP_ITERATOR = "maximum recursion depth exceeded while nesting iterators"
NESTING_TYPES: set = set()   # the types below, by exact type


def nesting_depth(value) -> int:
    """How deep `value` nests iterators of NESTING_TYPES (0: it is none of them)."""
    return value._depth if type(value) in NESTING_TYPES else 0


def nesting_type(base: type, module: str = "builtins", hand_out: bool = True) -> type:
    """`base` as the language hands it out: an object of it knows its nesting depth. A type not
    handed out (itertools') is named as Python names it."""
    def __new__(cls, *args, **kwargs):
        made = base.__new__(cls, *args, **kwargs)
        made._depth = 1 + max(map(nesting_depth, (*args, *kwargs.values())), default=0)
        if made._depth > MAX_NESTING:
            raise RecursionError(DEEP_ITERATOR)
        return made
    made = type(base.__name__, (base,), {"__slots__": ("_depth",), "__new__": __new__,
                                         "__module__": module})
    made.__qualname__ = base.__qualname__
    NESTING_TYPES.add(made)
    if hand_out:
        classes.hand_out(made)   # type(m) is map, printed <class 'map'>
    else:
        classes.name_class(made, f"{module}.{base.__name__}")
    return made


NESTING = tuple(nesting_type(base) for base in (map, filter, zip, enumerate))


def keyed_attributes(listed: attributes.Listed, hashing: dict) -> attributes.Custom:
    """The attribute entry of a hashing container: `listed`, with its hashing methods checking
    their keys first (see DICT_KEYED), and a mapping's keys() and items() the language's views."""
    def get(obj, name):
        method = listed.get(obj, name)
        if name in _VIEWS and isinstance(obj, dict):
            return Builtin(name, lambda: _VIEWS[name](obj))
        return _Keyed(method, hashing[name]) if name in hashing else method
    return attributes.Custom(get, listed.names, listed.set)


# the types that hash what they are made from -> which argument holds the keys (defaultdict's
# first is its factory) and how it is checked; the collections facade adds its own when loaded
KEYED_TYPES: dict[type, tuple] = {dict: (0, pairs), set: (0, keys), frozenset: (0, keys)}


def checked_keys(fn, args):
    """The arguments of a call of `fn`, with the keys checked if `fn` is a KEYED_TYPES type."""
    where, check = KEYED_TYPES.get(fn, (None, None)) if type(fn) is type else (None, None)
    if where is None or len(args) <= where:
        return args
    return [*args[:where], check(args[where]), *args[where + 1:]]


def keyed_callable(value):
    """dict or set handed to a function that calls it from C (map, sorted's key): as a function
    that checks the keys first; any other value as it is."""
    if type(value) is type and value in KEYED_TYPES:
        return lambda *args, **kwargs: value(*checked_keys(value, list(args)), **kwargs)
    if type(value) in CLASS_KINDS:
        return TYPE_CALLS.get(value, value)
    return value


def _tensor(*args, **kwargs) -> Tensor:
    """torch.Tensor(...): PyTorch's legacy constructor, of the default dtype."""
    return tensor_types.legacy_new(None, *args, **kwargs)


# classes that a call must not reach directly: calling one calls its entry instead (the classes
# themselves stay values, so that isinstance(x, torch.Tensor) and dtype=np.float32 work).
# torch.Tensor is the legacy constructor; NumPy's classes admit their arguments (numpy_facade)
TYPE_CALLS: dict[type, Callable] = {Tensor: _tensor, _engine_random.Generator: _generator,
                                    _dt.finfo: _dt.finfo_of, _dt.iinfo: _dt.iinfo_of}
numpy_facade.register(TYPE_CALLS)
CLASS_KINDS = {type(cls) for cls in TYPE_CALLS}   # their metaclasses


def _nesting(root: tuple) -> int:
    """How deep tuples nest in `root` (1: no tuple inside), stopping once past the limit; shared
    sub-tuples are measured once."""
    height: dict[int, int] = {}
    stack = [(root, False)]
    while stack:
        t, done = stack.pop()
        if done:
            h = 1 + max((height[id(e)] for e in t if isinstance(e, tuple)), default=0)
            if h > MAX_KEY_DEPTH:
                return h
            height[id(t)] = h
        elif id(t) not in height:
            stack.append((t, True))
            stack.extend((e, False) for e in t if isinstance(e, tuple) and id(e) not in height)
    return height[id(root)]


def _hash(value) -> int:
    return _py.hash(key(value))


def _open(*args, **kwargs):
    from .pymodules import files   # the program's in-memory files: made on first use
    return files.open(*args, **kwargs)


PYTHON = {name: getattr(_py, name) for name in (
    "range", "len", "enumerate", "zip", "int", "float", "complex", "str", "bool", "list", "tuple",
    "dict", "sorted", "reversed", "any", "all", "map", "filter", "repr", "isinstance", "divmod",
    "hash", "chr", "ord", "set", "format", "frozenset", "slice", "bin", "oct", "hex", "ascii")}
PYTHON.update({t.__name__: t for t in NESTING})
PYTHON.update({"sum": _either(_py.sum, "sum"), "abs": _py.abs, "round": Builtin("round", _round),
               "pow": _either(safe_pow, "pow"), "hash": Builtin("hash", _hash),
               "open": Builtin("open", _open), "format": Builtin("format", safe_format)})
for _name in ("max", "min"):
    PYTHON[_name] = _either(getattr(_py, _name), _name) if _name in FUNCTIONS else \
        getattr(_py, _name)


# ---- classes and attributes: what a program's own classes need ---------------------------------
def _name_argument(name) -> None:
    if not isinstance(name, str):
        raise TypeError(f"attribute name must be string, not '{type(name).__name__}'")


def _arity(fn: str, args: tuple, least: int, most: int) -> None:
    """Python's words for a builtin given the wrong number of arguments."""
    if least <= len(args) <= most:
        return
    if least == most:
        raise TypeError(f"{fn} expected {least} argument{'s' if least != 1 else ''}, "
                        f"got {len(args)}")
    bound = ("at least", least) if len(args) < least else ("at most", most)
    raise TypeError(f"{fn} expected {bound[0]} {bound[1]} arguments, got {len(args)}")


def _getattr(*args):
    _arity("getattr", args, 2, 3)
    _name_argument(args[1])
    try:
        return attributes.get_attribute(args[0], args[1])
    except AttributeError:
        if len(args) == 2:
            raise
        return args[2]


def _hasattr(*args) -> bool:
    _arity("hasattr", args, 2, 2)
    _name_argument(args[1])
    try:
        attributes.get_attribute(*args)
    except AttributeError:
        return False
    return True


def _setattr(*args) -> None:
    _arity("setattr", args, 3, 3)
    _name_argument(args[1])
    attributes.set_attribute(*args)


def _delattr(*args) -> None:
    _arity("delattr", args, 2, 2)
    _name_argument(args[1])
    attributes.delete_attribute(*args)


class Quitter:
    """exit and quit: calling one ends the program (or the session) as Python's do."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Use {self.name}() or Ctrl-D (i.e. EOF) to exit"

    def __call__(self, code=None):
        raise SystemExit(code)


def _dir(*args):
    """dir(value); dir() with no argument is compiled where it stands (it lists that scope)."""
    if len(args) != 1:
        raise TypeError(f"dir expected at most 1 argument, got {len(args)}")
    return attributes.dir_names(args[0])


classes.name_class(Builtin, "builtin_function_or_method")
classes.name_class(LibraryGenerator, "generator")   # what Module.parameters() returns
classes.name_class(RemovableHandle, "torch.utils.hooks.RemovableHandle")
classes.name_class(Namespace, "module")
classes.hand_out(Tensor)
classes.hand_out(Size)   # type(x.shape) is torch.Size
# torch's C types, shown by type() as PyTorch's tp_name (also the name its messages print)
for _cls, _tp_name in ((Device, "torch.device"), (_dt.DType, "torch.dtype")):
    classes.name_class(_cls, _tp_name)
PYTHON.update({
    "object": object, "super": super, "property": property, "staticmethod": staticmethod,
    "classmethod": classmethod, "issubclass": _py.issubclass, "id": _py.id, "iter": _py.iter,
    "next": _py.next, "callable": _py.callable, "type": Builtin("type", classes.type_of),
    "getattr": Builtin("getattr", _getattr), "hasattr": Builtin("hasattr", _hasattr),
    "setattr": Builtin("setattr", _setattr), "delattr": Builtin("delattr", _delattr),
    "NotImplemented": NotImplemented, "Ellipsis": Ellipsis, "__name__": "__main__",
    "dir": Builtin("dir", _dir), "exit": Quitter("exit"), "quit": Quitter("quit"),
    **classes.EXCEPTIONS})

# the builtins that call a function they are given (see call)
_CALLS_ITS_ARGUMENTS = frozenset(id(PYTHON[n]) for n in ("map", "filter", "sorted", "max", "min"))


# ---- Ctrl-C in the builtins that loop in C ----------------------------------------------------
# sum, max, min, all, any, sorted and the containers consume an iterable in one C loop, which a
# signal cannot stop (sum(range(10**18)) would run for centuries). Handed the items one at a
# time through a generator, whose loop takes the signal, they stop at Ctrl-C. The language's
# containers end soon at a small cost per item and are handed over as they are, but sum's items
# cost what adding them costs (a list to a growing list): past a start that is not a number,
# sum takes even those item by item. The builders that keep every item (list, tuple, sorted)
# are held to MAX_SEQUENCE items, as `*` is.
_SIZED = (list, tuple, str, dict, set, frozenset)
_NUMBER = (int, float, complex)


def _items(iterator, kind: str | None):
    if kind is None:
        for item in iterator:
            yield item
        return
    for n, item in enumerate(iterator, 1):
        if n > MAX_SEQUENCE:
            raise MemoryError(f"a {kind} of more than {MAX_SEQUENCE} items is more than "
                              f"gradcli's limit of {MAX_SEQUENCE}")
        yield item


def stepwise(iterable, kind: str | None = None, always: bool = False):
    """`iterable` as a C loop may consume it and Ctrl-C still stop: a sized container of the
    language as it is (unless `always`), anything else one item at a time; `kind` (list, tuple)
    names a result that keeps every item, refused past MAX_SEQUENCE."""
    if isinstance(iterable, _SIZED) and not always:
        return iterable
    if type(iterable) is range and kind is not None:
        check_length(len(iterable), kind)
    return _items(iter(iterable), kind)


def _consumes(kind: str | None = None):
    """The arguments of a builtin whose one positional argument is an iterable it consumes."""
    def step(args: list, kwargs: dict | None) -> list:
        if len(args) != 1 or isinstance(args[0], Tensor):   # max(a, b); torch.max(t)
            return args
        return [stepwise(args[0], kind)]
    return step


def _sum_arguments(args: list, kwargs: dict | None) -> list:
    if not args or len(args) > 2 or isinstance(args[0], Tensor):
        return args
    start = args[1] if len(args) > 1 else (kwargs or {}).get("start", 0)
    return [stepwise(args[0], always=not isinstance(start, _NUMBER)), *args[1:]]


# (dict, set and frozenset check each key in a loop of Python's first: see KEYED_TYPES)
_STEPWISE = {id(PYTHON["sum"]): _sum_arguments, id(list): _consumes("list"),
             id(tuple): _consumes("tuple"), id(PYTHON["sorted"]): _consumes("list"),
             **{id(PYTHON[name]): _consumes() for name in ("max", "min", "all", "any")}}


def names() -> dict[str, Any]:
    """The starting scope of a program: Python's builtins, torch, and the terse forms."""
    table: dict[str, Any] = {}
    terse = {n: f for n, f in torch.entries.items() if not isinstance(f, Namespace)}
    table.update(terse)
    table.update(PYTHON)
    table.update({"torch": torch, "F": functional, "grad": GRAD, "backward": _backward_fn,
                  "True": True, "False": False, "None": None})
    return table


CONTEXT_MANAGERS = (grad_mode._Mode, pymodules.ContextManager)


def call(fn, args: list, kwargs: dict | None, label: str | None = None):
    """Every call of a function (not a method) a program makes goes through here; `label` is
    the name it was called by."""
    if type(fn) in CLASS_KINDS:   # a class is not wrapped: isinstance(x, dict) must work
        if fn in KEYED_TYPES:
            args = checked_keys(fn, args)
        fn = TYPE_CALLS.get(fn, fn)
    if id(fn) in _STEPWISE:
        args = _STEPWISE[id(fn)](args, kwargs)
    if id(fn) in _CALLS_ITS_ARGUMENTS:   # map(set, rows), sorted(xs, key=set)
        args = [keyed_callable(a) for a in args]
        if kwargs:
            kwargs = {k: keyed_callable(v) for k, v in kwargs.items()}
    try:
        if kwargs:
            if "out" in kwargs and id(fn) in OUT_CALLS:
                name, factory = OUT_CALLS[id(fn)]
                rest = {k: v for k, v in kwargs.items() if k != "out"}
                return call_with_out(fn, label or name, args, rest, kwargs["out"], factory)
            return fn(*args, **kwargs)
        return fn(*args)
    except Exception as e:
        return failed(e, fn, args, kwargs, label)


# NumPy's keyword names that PyTorch's argument parser takes for dim and keepdim (t.sum(axis=0)):
# in every native function, not in those PyTorch writes in Python (norm, split, torch.nn.
# functional's); measured on torch 2.13 for every gradcli function with a dim
DIM_ALIASES = {"axis": "dim", "keepdims": "keepdim"}
PYTHON_LEVEL = frozenset(("norm", "split"))


def _from_engine(fn) -> bool:
    module = getattr(getattr(fn, "__func__", fn), "__module__", None) or ""
    return module.startswith("gradcli.engine")


def dim_aliases(fn, kwargs: dict, owner=None) -> dict:
    """`kwargs` with axis= and keepdims= renamed where PyTorch takes them (the call's keywords
    include one of them); `owner` is the module or value the function was read from."""
    if owner is functional or not _from_engine(fn) or \
            getattr(fn, "__name__", None) in PYTHON_LEVEL:
        return kwargs
    # an alias given beside its own name stays as written: PyTorch's parser rejects it so
    return {k if k not in DIM_ALIASES or DIM_ALIASES[k] in kwargs else DIM_ALIASES[k]: v
            for k, v in kwargs.items()}


def explained(error: Exception, fn, args, kwargs, label: str | None = None,
              owner=None) -> Exception:
    """What a failed call of `fn` ends in: PyTorch's TypeError when `fn` is one of PyTorch's
    functions and its arguments fit none of the signatures PyTorch declares for it (PyTorch
    would have refused them before doing anything), else `error` itself. `owner` is the value
    the function was read from (torch, F, a tensor), `label` the name it was called by."""
    where = _public_name(fn, args, label, owner)
    if where is None or getattr(error, "_gradcli_raised", False):
        return error
    parser = arguments.parser_for(*where)
    if parser is None:
        return error
    if any(a is GRAD for a in args):   # the factories' `grad` flag is requires_grad=True
        args = [a for a in args if a is not GRAD]
        kwargs = {**(kwargs or {}), "requires_grad": True}
    wrong = parser.error(tuple(args), kwargs or {}, _owner(fn, owner))
    if wrong is None:
        if not isinstance(error, _dt.OperandTypeError) and \
                not (isinstance(error, TypeError) and blame.outside_engine(error)):
            return error
        # PyTorch takes these arguments, but gradcli's function could not even be called with
        # them, or refused one of them: a form of the function gradcli lacks, said as such
        wrong = NotImplementedError(f"gradcli does not implement {where[1]}() for these "
                                    f"arguments: {arguments.describe(args, kwargs or {})}")
    wrong.__suppress_context__ = True
    return wrong


def failed(error: Exception, fn, args, kwargs, label: str | None = None, owner=None):
    """What a call that raised `error` comes to. Arguments that bind only one of PyTorch's
    deprecated overloads (t.add_(-lr, grad), the old tutorials' update) could not be passed to
    `fn` as written, so nothing ran: the call is made again as PyTorch makes it, the arguments by
    name, with PyTorch's warning. Anything else raises the explained error."""
    if isinstance(error, TypeError) and blame.outside_engine(error) and \
            not getattr(error, "_gradcli_raised", False):
        where = _public_name(fn, args, label, owner)
        deprecated = where and getattr(arguments.parser_for(*where), "deprecated", None)
        found = deprecated(tuple(args), kwargs or {}) if deprecated else None
        if found:
            named, message = found
            arguments.warn_deprecated(message)
            # by name, through call's own out= path; the names bind the current overload, so a
            # failure now is explained, not retried
            return call(fn, [], named, label)
    raise explained(error, fn, args, kwargs, label, owner)


def _public_name(fn, args, label, owner) -> tuple[str, str] | None:
    """Which of PyTorch's public functions `fn` is: (namespace, name), or None."""
    if isinstance(owner, Namespace):
        return owner.name, label
    if isinstance(owner, Tensor) or isinstance(getattr(fn, "__self__", None), Tensor):
        if owner is not None and owner._own and label in owner._own:
            return None   # the program's own attribute, not the method it shadows
        return "Tensor", label if owner is not None else fn.__name__
    if not _PUBLIC:
        for space in (torch, functional, autograd):
            for name, value in space.entries.items():
                _PUBLIC.setdefault(id(value), []).append((space.name, name))
    if id(fn) not in _PUBLIC:   # sum(t, ...): a Python builtin that was torch.sum for a tensor
        fn = getattr(fn, "__wrapped__", None)
        if fn is None or not args or not isinstance(args[0], Tensor):
            return None
    found = _PUBLIC.get(id(fn))
    if not found:
        return None
    return next((w for w in found if w[1] == label), found[0])


_PUBLIC: dict[int, list[tuple[str, str]]] = {}   # id(function) -> where PyTorch offers it


def _owner(fn, owner):
    """The tensor a method was called on (its `self`), if it was one."""
    return owner if owner is not None else getattr(fn, "__self__", None)


# ---- attributes: what each kind of value offers, registered in the one table -----------------
TENSOR_CORE = frozenset((
    "shape", "dtype", "grad", "requires_grad", "is_leaf", "grad_fn", "data", "device", "ndim",
    "_version", "retains_grad", "is_cuda", "size", "dim", "ndimension", "numel", "nelement",
    "element_size", "itemsize", "nbytes", "storage_offset", "data_ptr", "is_floating_point", "is_inference", "is_contiguous", "stride",
    "requires_grad_", "retain_grad",
    "detach", "detach_", "backward", "item", "tolist", "numpy", "unbind", "split", "chunk"))
TENSOR_ATTRIBUTES = frozenset(n for n in METHODS if not n.startswith("__")) | TENSOR_CORE | \
    frozenset(PROPERTIES)
TENSOR_SETTABLE = frozenset(("grad", "requires_grad", "data"))
_READS_GRAD_FN = frozenset(("grad_fn", "is_leaf"))
# the attributes TensorBase defines as getters without a setter
# (torch/csrc/autograd/python_variable.cpp): assigning one is "not writable", whether or not
# gradcli's tensors offer it
_TENSOR_DATA = frozenset((
    "shape", "dtype", "is_leaf", "grad_fn", "device", "ndim", "_version", "is_cuda", "T", "mT",
    "H", "mH", "output_nr", "retains_grad", "_base", "_cdata", "name", "layout", "nbytes",
    "itemsize", "is_cpu", "is_sparse", "is_sparse_csr", "is_quantized", "is_meta", "is_nested",
    "is_mkldnn", "is_mps", "is_xla", "is_xpu", "is_ipu", "is_maia", "is_mtia", "is_vulkan",
    "_python_dispatch", "_has_symbolic_sizes_strides"))
# `del x.grad` clears the gradient; these two setters refuse a deletion in their own words
_TENSOR_DELETE_REFUSED = {"requires_grad": "requires_grad must be a bool",
                          "data": "Deleting tensor data is not allowed. Delete tensor instead!"}

NODE_ATTRIBUTES = frozenset(("name", "next_functions", "metadata", "register_hook",
                             "register_prehook"))


def _public(value, node, name: str):
    """A saved value as a program may hold it: tensors, numbers, sizes and dtypes, never the
    NumPy arrays or engine objects some rows keep as parameters."""
    if isinstance(value, (Tensor, int, float, bool, str, _dt.DType)) or value is None:
        return value
    if isinstance(value, np.ndarray):
        return Tensor._make(value.copy())
    if isinstance(value, np.dtype):
        return _dt.from_numpy(value)
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, (tuple, list)):
        return type(value)(_public(v, node, name) for v in value)
    raise AttributeError(f"'{node.op.grad_fn.rsplit('::', 1)[-1]}' object has no attribute "
                         f"'{name}'")


class _TensorAttributes(attributes.Listed):
    __slots__ = ()

    # a program's own attributes (x.tag = "input", as a torch.Tensor's __dict__ keeps them) live
    # in the tensor's `_own` dict, apart from the engine's fields
    def get(self, obj, name):
        own = obj._own
        if own is not None and name in own:
            return own[name]
        if name in _READS_GRAD_FN:
            obj._read_grad_fn()   # which may fail, or settle a view's pending node
        return super().get(obj, name)

    def set(self, obj, name, value):
        if name in self.settable:
            setattr(obj, name, value)
        elif name in self.data or name[:2] == "__":
            raise self.refusal(obj, name)
        else:   # any other name, a method's too, becomes the tensor's own (instance) attribute
            if obj._own is None:
                obj._own = {}
            obj._own[name] = value

    def delete(self, obj, name):
        own = obj._own
        if own is not None and name in own:
            del own[name]
        elif name == "grad":
            obj.grad = None
        elif name in _TENSOR_DELETE_REFUSED:
            raise RuntimeError(_TENSOR_DELETE_REFUSED[name])
        elif name in self.data:
            raise self.refusal(obj, name)
        else:   # a method is the class's: the instance has nothing of that name to delete
            raise attributes.no_attribute(obj, name)

    def names(self, obj) -> list[str]:
        return sorted(self.readable | set(obj._own or ()))


def _node_attribute(obj, name):
    if name in NODE_ATTRIBUTES:
        return getattr(obj, name)
    if name.startswith("_saved_"):
        return _public(obj.saved_for_user(name[7:]), obj, name)
    raise AttributeError(f"'{obj.op.grad_fn.rsplit('::', 1)[-1]}' object has no attribute "
                         f"'{name}'")


def _function_node_attribute(obj, name):
    """A custom function's node, which is its backward's ctx: the node's own attributes, the
    ctx's methods, and what the program stored on it."""
    if name in type(obj).PUBLIC or (name in vars(obj) and name[:2] != "__"
                                    and name not in FunctionNode.ENGINE_FIELDS):
        return getattr(obj, name)
    raise attributes.no_attribute(obj, name)


def _function_node_set(obj, name, value):
    if name[:2] == "__" or name in FunctionNode.ENGINE_FIELDS:
        raise attributes.read_only(obj, name)
    setattr(obj, name, value)


def _function_node_names(obj) -> list[str]:
    return sorted(type(obj).PUBLIC | {n for n in vars(obj) if n[:2] != "__"
                                      and n not in FunctionNode.ENGINE_FIELDS})


def _namespace_attribute(obj, name):
    try:
        return obj._entries[name]
    except KeyError:
        pass
    try:
        return obj.entries[name]   # a module that fills its table on first use
    except KeyError:
        raise obj.no_attribute(name) from None


def _namespace_names(obj) -> list[str]:
    return sorted(obj.entries)


def _namespace_set(obj, name, value):
    raise AttributeError(f"gradcli's '{obj.name}' module cannot be changed")


def _generator_attribute(obj, name):
    if name in GENERATOR_METHODS:
        return GENERATOR_METHODS[name](obj)
    raise AttributeError(f"'torch._C.Generator' object has no attribute '{name}'")


_PADDING = frozenset(("ljust", "rjust", "center", "zfill"))


def _str_attribute(obj, name):
    if name == "format":
        return lambda *a, **k: _str_format(obj, *a, **k)  # no field access: see above
    if name in _PADDING:
        return _padded(_STR.get(obj, name), name)
    return _STR.get(obj, name)


_EXCEPTION = frozenset(("args", "with_traceback", "add_note", "__class__", "__cause__",
                        "__context__", "__suppress_context__"))
_STR = attributes.Listed((
    "join", "split", "strip", "lstrip", "rstrip", "lower", "upper", "replace", "startswith",
    "endswith", "ljust", "rjust", "center", "zfill", "title", "capitalize", "count", "find",
    "splitlines", "isdigit", "isalpha"))
DICT = attributes.Listed(("keys", "values", "items", "get", "update", "pop", "setdefault",
                          "copy", "clear", "popitem"))
_DTYPE_DATA = ("is_floating_point", "is_signed", "itemsize")
_FROZENSET = ("copy", "union", "intersection", "difference", "symmetric_difference", "issubset",
              "issuperset", "isdisjoint")

for _kind, _entry in {
    Tensor: _TensorAttributes(TENSOR_ATTRIBUTES, TENSOR_SETTABLE, _TENSOR_DATA,
                              "torch._C.TensorBase"),
    Namespace: attributes.Custom(_namespace_attribute, _namespace_names, _namespace_set),
    Node: attributes.Custom(_node_attribute, lambda obj: sorted(NODE_ATTRIBUTES)),
    FunctionNode: attributes.Custom(_function_node_attribute, _function_node_names,
                                    _function_node_set),
    AccumulateGrad: attributes.Listed(("name", "next_functions", "variable", "metadata")),
    ValuesIndices: attributes.Listed(ValuesIndices._fields),
    USV: attributes.Listed(USV._fields),
    USVh: attributes.Listed(USVh._fields),
    RemovableHandle: attributes.Listed(("remove", "id")),
    list: attributes.Listed(("append", "extend", "insert", "pop", "remove", "index", "count",
                             "reverse", "copy", "clear", "sort")),
    tuple: attributes.Listed(("count", "index")),
    Size: attributes.Listed(("count", "index", "numel")),
    str: attributes.Custom(_str_attribute, _STR.names),
    dict: keyed_attributes(DICT, DICT_KEYED),
    set: keyed_attributes(attributes.Listed(_FROZENSET + (
        "add", "discard", "remove", "pop", "clear", "update", "intersection_update",
        "difference_update", "symmetric_difference_update")), SET_KEYED),
    frozenset: keyed_attributes(attributes.Listed(_FROZENSET), SET_KEYED),
    slice: attributes.Listed(("start", "stop", "step", "indices")),
    float: attributes.Listed(("is_integer", "real", "imag")),
    int: attributes.Listed(("real", "imag", "bit_length")),
    complex: attributes.Listed(("real", "imag", "conjugate")),
    bool: attributes.Listed(()),
    _dt.DType: attributes.Listed(_DTYPE_DATA, data=_DTYPE_DATA),
    Device: attributes.Listed(("type", "index"), data=("type", "index")),
    tensor_types.TensorType: attributes.Listed(("__name__", "__qualname__", "dtype")),
    LibraryClass: attributes.OPEN,
    super: attributes.OPEN,
    property: attributes.Listed(("getter", "setter", "deleter", "fget", "fset", "fdel")),
    BaseException: attributes.Listed(_EXCEPTION),
    StopIteration: attributes.Listed(_EXCEPTION | {"value"}),
    SystemExit: attributes.Listed(_EXCEPTION | {"code"}),
    OSError: attributes.Listed(_EXCEPTION | {"errno", "strerror", "filename"}),
    ImportError: attributes.Listed(_EXCEPTION | {"name", "msg"}),
    NameError: attributes.Listed(_EXCEPTION | {"name"}),
    AttributeError: attributes.Listed(_EXCEPTION | {"name", "obj"}),
    types.GeneratorType: attributes.Listed(("send", "close", "throw")),
}.items():
    attributes.register(_kind, _entry)


get_attribute = attributes.get_attribute
set_attribute = attributes.set_attribute


# the Tensor methods torch/_tensor.py writes in Python: they print as bound methods; the rest
# are C functions, printed as built-in methods
_PYTHON_METHODS = frozenset((
    "backward", "register_hook", "register_post_accumulate_grad_hook", "norm", "split",
    "unique", "unique_consecutive", "unflatten", "resize", "resize_as", "storage",
    "storage_type", "share_memory_", "is_shared", "stft", "istft", "lu", "to_sparse_coo",
    "dim_order", "module_load"))


class TensorMethod:
    """A tensor's method read as a value, not called (`print(x.item)`): it calls as the method
    does and prints as PyTorch's does."""

    __slots__ = ("_method", "__name__", "__qualname__")

    def __init__(self, method, name: str) -> None:
        self._method = method
        self.__name__ = name
        self.__qualname__ = f"Tensor.{name}"

    def __call__(self, *args, **kwargs):
        return self._method(*args, **kwargs)

    # what help(), blame and copy read on a bound method (the program reads neither)
    @property
    def __self__(self):
        return self._method.__self__

    @property
    def __func__(self):
        return self._method.__func__

    @property
    def __wrapped__(self):   # inspect.signature reads the method's own
        return self._method

    def __eq__(self, other) -> bool:
        return isinstance(other, TensorMethod) and other._method == self._method

    def __hash__(self) -> int:
        return hash(self._method)

    def __repr__(self) -> str:
        owner = self._method.__self__
        if self.__name__ in _PYTHON_METHODS:
            return f"<bound method Tensor.{self.__name__} of {owner!r}>"
        return (f"<built-in method {self.__name__} of {_dt.tp_name(owner)} object at "
                f"{hex(id(owner))}>")


attributes.register(TensorMethod, attributes.Listed(("__name__", "__qualname__")))
classes.name_class(TensorMethod, "builtin_function_or_method")


def attribute_value(obj, name: str):
    """obj.name read as a value: a tensor's method is a TensorMethod."""
    value = get_attribute(obj, name)
    if type(value) is types.MethodType and isinstance(obj, Tensor):
        return TensorMethod(value, name)
    return value
attribute_names = attributes.attribute_names
