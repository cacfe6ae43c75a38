"""Everything a program can reach, walked: only language values, no attribute past the allowlists.

The walk starts from the builtins table, from the tensors and graph nodes each registered torch
function makes, from what each NumPy function of gradcli's numpy makes, and from torch.nn's
modules of every kind (trained a step, with hooks, state dicts and parameters); it follows every
allowed attribute (calling methods with no arguments, reading what generators yield), and checks
two things at each value: it is a value the language knows (never a module, a frame, an engine
object, an array of Python objects), and no internal or dunder attribute is handed out.
"""
from __future__ import annotations

import collections
import functools
import itertools
import numbers
import sys
import time
import types
import warnings

import numpy as np

from gradcli import engine
from gradcli.engine.device import Device
from gradcli.engine.ops import FUNCTIONS
from gradcli.engine.tensor_types import TensorType
from gradcli.interpret import attributes
from gradcli.interpret import builtins as B
from gradcli.interpret import classes, machine, modules, pymodules
from gradcli.interpret.functions import Builtin
from gradcli.interpret.numpy_facade import functions as numpy_functions
from gradcli.interpret.pymodules import files
from gradcli.library import LibraryClass
from gradcli.engine.hooks import RemovableHandle
from gradcli.library.generator import LibraryGenerator

PROBES = ("_items", "_form", "_program", "_data", "_buffer", "_where", "_cached", "_names",
          "_which", "gi_code", "f_back", "_inst", "_os", "_sys",
          "__class__", "__dict__", "__globals__", "__code__", "__closure__", "__self__",
          "__func__", "__module__", "__wrapped__", "__reduce__", "__reduce_ex__", "__init__",
          "__getattribute__", "__setattr__", "__subclasses__", "__mro__", "__bases__",
          "__builtins__", "__array__", "__array_interface__", "__next__", "__iter__",
          "__enter__", "__exit__", "__call__", "__format__", "__doc__", "gi_frame", "f_globals",
          "_data", "_base", "_version_counter", "_grad", "_requires_grad", "_acc", "_saved", "op",
          "params", "entries",
          "interp", "body", "closure", "np", "prev", "_prev", "_mode", "mro", "_saved___class__",
          "_saved___dict__", "_saved__saved", "_saved_op", "__array_ufunc__",
          "__array_function__", "__array_wrap__", "__array_priority__", "__array_struct__",
          "__setstate__", "__deepcopy__", "__copy__", "__dlpack__", "_fn", "_shape")
# NumPy's own doors, tried on its values: their memory and buffer, C types, internals, file and
# pickle methods; and on its modules: the parts of NumPy that reach outside
NUMPY_PROBES = ("ctypes", "data", "base", "flat", "view", "tobytes", "dumps", "bit_generator",
                "setflags", "flags", "resize", "newbyteorder", "getfield", "setfield", "byteswap",
                "_grid", "tostring", "__reduce__", "__array_interface__")
NUMPY_MODULE_PROBES = ("lib", "ctypeslib", "frombuffer", "core", "_core", "seterr", "vectorize",
                       "testing", "f2py", "distutils", "frompyfunc", "errstate", "DataSource")

# Saved values a graph node might offer as `_saved_<name>` (PyTorch's spellings).
SAVED_NAMES = ("self", "other", "result", "dim", "keepdim", "exponent", "condition", "mask",
               "value", "shape", "dims", "sizes", "base", "alpha", "mat2", "vec", "index",
               "indices", "self_sym_sizes", "split_size", "chunks", "dtype", "tensors", "size")

PYTHON_TYPES = (bool, int, float, complex, str, type(None), type(Ellipsis), type(NotImplemented),
                tuple, list, dict,
                set, frozenset, range, slice, map, filter, zip, enumerate, reversed,
                # what the allowlisted dict methods keys(), values() and items() return
                type({}.keys()), type({}.values()), type({}.items()),
                # the language's own: views that check what they hash, iterators that know
                # how deep they nest
                B.KeysView, B.ItemsView, *B.NESTING)
TYPE_VALUES = {*B.NESTING, int, float, complex, str, bool, list, tuple, dict, set, frozenset,
               slice, range, map, filter, zip, enumerate, reversed, engine.Size, engine.no_grad,
               engine.enable_grad,
               engine.set_grad_enabled, engine.inference_mode, object, super, property,
               staticmethod, classmethod, *classes.EXCEPTIONS.values(), engine.Tensor, Device,
               # NumPy's classes a program may hold (calling one goes through TYPE_CALLS)
               *B.TYPE_CALLS}


def _facade(name: str, attribute: str):
    return getattr(__import__(f"gradcli.interpret.pymodules.{name}", fromlist=["_"]), attribute)


# what the modules of Python a program imports offer (gradcli/interpret/pymodules): the classes
# they hand out as values, and the kinds of values their functions make
FACADE_TYPE_VALUES = {
    collections.OrderedDict, collections.defaultdict, collections.Counter, collections.deque,
    itertools.chain, itertools.islice, itertools.permutations, itertools.combinations,
    itertools.combinations_with_replacement, itertools.zip_longest, itertools.compress,
    itertools.pairwise, _facade("itertools", "count"), _facade("itertools", "cycle"),
    _facade("itertools", "repeat"), _facade("functools", "partial"),
    _facade("warnings", "catch_warnings"), _facade("random", "Random"), time.struct_time,
    numbers.Number, numbers.Complex, numbers.Real, numbers.Rational, numbers.Integral,
    _facade("operator", "itemgetter"), _facade("operator", "attrgetter"),
    _facade("operator", "methodcaller"), _facade("statistics", "ENTRIES")["StatisticsError"],
    UserWarning}   # a WarningMessage's category
TYPE_VALUES |= FACADE_TYPE_VALUES
FACADE_VALUES = (
    collections.OrderedDict, collections.defaultdict, collections.Counter, collections.deque,
    _facade("itertools", "_Endless"), itertools.chain, itertools.islice, itertools.product,
    itertools.permutations, itertools.combinations, itertools.combinations_with_replacement,
    itertools.zip_longest, itertools.compress, itertools.pairwise, itertools.accumulate,
    itertools.starmap, itertools.filterfalse, itertools.takewhile, itertools.dropwhile,
    itertools.groupby, type(itertools.groupby([1]).__next__()[1]), type(itertools.tee([])[0]),
    itertools.repeat, _facade("functools", "partial"),
    _facade("functools", "_lru_cache_wrapper"), type(functools.lru_cache()(len).cache_info()),
    type(functools.cmp_to_key(len)(1)), functools.cmp_to_key(len).__class__,
    _facade("warnings", "catch_warnings"), warnings.WarningMessage, _facade("random", "Random"),
    time.struct_time, type(sys.version_info), type(sys.float_info), type(sys.int_info),
    _facade("sys", "Stream"), _facade("sys", "Stdin"), _facade("os", "Environ"), files.File,
    _facade("typing", "Form"), _facade("operator", "itemgetter"),
    _facade("operator", "attrgetter"), _facade("operator", "methodcaller"), Warning)
NUMPY_TYPES = (np.ndarray, np.generic, np.dtype, np.finfo, np.iinfo, np.random.RandomState,
               np.random.Generator, numpy_functions.NumpyFunction, numpy_functions.IndexGrid)
LANGUAGE_TYPES = (engine.Tensor, engine.Node, engine.AccumulateGrad, engine.DType, B.Namespace,
                  B.Flag, Builtin, B._Keyed, B.Quitter,   # _Keyed: dict.get and co.
                  Device, TensorType, machine.Cudnn, LibraryGenerator, RemovableHandle) + \
    NUMPY_TYPES + PYTHON_TYPES + FACADE_VALUES
CALLABLE_TYPES = (types.FunctionType, types.BuiltinFunctionType, types.MethodType,
                  types.BuiltinMethodType, types.MethodWrapperType)
NEVER = (types.ModuleType, types.FrameType, types.CodeType, types.TracebackType,
         types.GeneratorType, types.CellType)

DEPTH = 3
# Methods the walk does not call: they change the value being walked (in-place tensor methods,
# whose names end in "_", are left out too) and return nothing new.
CHANGES_ITS_OWNER = {"backward", "retain_grad", "clear", "pop", "popitem", "reverse", "sort",
                     "append", "extend", "insert", "remove", "update", "setdefault",
                     # a module's: its mode, its parameters' dtype or gradients
                     "train", "eval", "double", "float", "cpu", "cuda", "zero_grad",
                     "reset_parameters", "reset_running_stats"}


def language_value(value) -> bool:
    if isinstance(value, NEVER):
        return False
    if isinstance(value, np.ndarray) and value.dtype.hasobject:
        return False   # NumPy would hand the program's objects around
    if isinstance(value, type):   # the library's classes are open to programs (nn.Linear)
        return value in TYPE_VALUES or issubclass(value, (LibraryClass, engine.Tensor))
    if isinstance(value, dict) and ("__builtins__" in value or "__name__" in value):
        return False  # a module's or a function's globals
    if isinstance(value, LANGUAGE_TYPES + CALLABLE_TYPES + (LibraryClass,)):
        return True
    kind = type(value)
    # the values only some routes hand out: devices, grad-mode managers, user functions, the
    # random generator
    return kind.__name__ in {"Device", "no_grad", "enable_grad", "set_grad_enabled",
                             "inference_mode", "Function", "Generator"}


INDEXING = "[indexing]"
LIBRARY = "[library]"
NUMPY = "[numpy]"


# what each module's functions make, by module (from its entries)
SAMPLES = {
    "random": lambda e: [e["Random"](1)],
    "collections": lambda e: [e["OrderedDict"](a=1), e["defaultdict"](list, a=[1]),
                              e["Counter"]("ab"), e["deque"]([1], 2),
                              e["namedtuple"]("P", "x y")(1, 2)],
    "itertools": lambda e: [e["count"](), e["cycle"]([1]), e["repeat"](1), e["repeat"](1, 2),
                            e["chain"]([1]), e["product"]([1]), e["groupby"]([1]),
                            e["tee"]([1]), e["accumulate"]([1]), e["islice"]([1], 1)],
    "functools": lambda e: [e["partial"](max, 1), e["lru_cache"]()(abs), e["cache"](abs),
                            e["cmp_to_key"](lambda a, b: 0)],
    "warnings": lambda e: [e["catch_warnings"](),
                           warnings.WarningMessage(UserWarning("w"), UserWarning, "f", 1)],
    "time": lambda e: [e["localtime"](0), e["gmtime"](0)],
    "typing": lambda e: [e["List"][int], e["TypeVar"]("T"), e["Optional"][e["Dict"][str, int]]],
    "operator": lambda e: [e["itemgetter"](0), e["attrgetter"]("shape"),
                           e["methodcaller"]("numel")],
    "os": lambda e: [files.open("f.txt", "w"), files.open("f.txt", "r"),
                     files.open("f.txt", "a+")],
}


PYTHON_MODULES = sorted(pymodules.FACADES)
NN = "[torch.nn]"


def made_by(name: str | None) -> list:
    """Tensors and graph nodes made by one registered function (None: the builtins and a few;
    INDEXING: reading and assigning through every kind of index)."""
    engine.reset()
    table = B.names()
    ones = table["ones"]
    x = ones(2, 3, requires_grad=True)
    square = ones(3, 3, requires_grad=True)
    if name is None:
        y = (x * 2).sum()
        y.backward(retain_graph=True)
        return list(table.values()) + [x, y, x.grad, table["arange"](6), x > 0, ones(()),
                                        x.register_hook(lambda g: g), (x * 1).register_hook(id),
                                        table["manual_seed"](0), table["no_grad"](),
                                        table["enable_grad"](), table["set_grad_enabled"](True)]
    if name == INDEXING:
        return indexed(x, table["tensor"])
    if name in pymodules.FACADES:
        pymodules.start(pymodules.Host())
        module = modules.find(name)
        return [module, *SAMPLES.get(name, lambda e: [])(module.entries)]
    if name == LIBRARY:
        return library_values(table, x)
    if name == NN:
        return nn_values(table)
    if name == NUMPY:
        return numpy_values(x)
    made = []
    for args in ((x,), (x, x), (x, 0), (x, 1.5), (square, square), (x, (0,)), (x > 0, x, x)):
        try:
            made.append(FUNCTIONS[name](*args))
        except Exception:  # wrong arguments for this function: another shape will fit
            continue
    return made


def numpy_values(x) -> list:
    """What a program can hold of NumPy: its modules, and the values its functions make."""
    np_ = modules.find("numpy")
    a, m = np.array([1.0, 2.0, 3.0]), np.array([[2.0, 1.0], [1.0, 3.0]])
    made = [np_, modules.find("numpy.random"), modules.find("numpy.linalg"), a, m,
            x.detach().numpy(), np.float32(1.5), np.int64(3), np.bool_(True), np.str_("a"),
            np.dtype("float32"), np.finfo(np.float32), np.iinfo(np.int32),
            np.random.RandomState(0), np.random.default_rng(0), np.array(["a", "b"])]
    for module in ("numpy", "numpy.random", "numpy.linalg"):
        for name, fn in modules.find(module).entries.items():
            if not isinstance(fn, numpy_functions.NumpyFunction):
                continue
            for args in ((a,), (m,), (a, a), (m, m), (a, 0), (3,), (2, 3), ()):
                if name in ("shuffle", "seed", "set_printoptions", "set_state"):
                    break   # they change the state every run shares
                try:
                    made.append(fn(*args))
                except Exception:  # wrong arguments for this function: another shape will fit
                    continue
    made += [np_.entries[grid][0:1:3j, 0:2] for grid in ("mgrid", "ogrid")]
    return made


def indexed(x, tensor) -> list:
    """Results of indexing and of assigning through an index: their nodes keep the index."""
    out = [x[i] for i in (0, slice(1, None), (slice(None), 0), [0, 1], tensor([0, 1]), x > 0,
                          (None, Ellipsis), (tensor([0, 1]), tensor([1, 2])))]
    for i in (0, x > 0, tensor([0]), [0, 1], slice(None, 1)):
        y = x.clone()
        y[i] = 2.0
        out.append(y)
    return out


def library_values(table, x) -> list:
    """An optimizer after a step, its scheduler, a data loader and its iterator, a custom
    function's node (its ctx), a distribution of each kind: the library's objects, with what
    they keep."""
    torch = table["torch"]
    optim, data = B.get_attribute(torch, "optim"), B.get_attribute(B.get_attribute(
        torch, "utils"), "data")
    x.grad = table["ones"](2, 3)
    opt = optim.entries["Adam"]([x], amsgrad=True)
    opt.step()
    scheduler = optim.entries["lr_scheduler"].entries["StepLR"](opt, 1)
    loader = data.entries["DataLoader"](data.entries["TensorDataset"](table["ones"](4, 2)),
                                       batch_size=2, shuffle=True)
    function = B.get_attribute(B.get_attribute(torch, "autograd"), "Function")

    class Twice(function):
        @staticmethod
        def forward(ctx, a, k):
            ctx.save_for_backward(a)
            ctx.k = k
            return a * k

        @staticmethod
        def backward(ctx, g):
            return g * ctx.k, None

    y = Twice.apply(x, 2.0)
    dist = B.get_attribute(torch, "distributions")
    probs = table["ones"](3)
    kinds = [dist.entries["Multinomial"](5, probs), dist.entries["Categorical"](probs),
             dist.entries["Normal"](0.0, 1.0), dist.entries["Uniform"](0.0, 1.0),
             dist.entries["Bernoulli"](0.5)]
    kinds[1].logits   # a lazy property, now an attribute of its own
    return [opt, opt.state_dict(), scheduler, loader, iter(loader), y, y.grad_fn, Twice,
            *kinds, dist.entries["constraints"]]


def nn_values(table) -> list:
    """A module of every kind torch.nn offers, after a forward and a backward, with what its
    methods hand out (hooks, state dicts, load results) and the containers' contents."""
    nn = table["torch"].entries["nn"].entries
    init = table["torch"].entries["nn"].entries["init"].entries
    ones, randn = table["ones"], table["randn"]
    image = randn(2, 3, 6, 6, requires_grad=True)
    made = []
    for name, args, x in (
            ("Linear", (3, 2), ones(4, 3)), ("Conv2d", (3, 4, 3), image),
            ("MaxPool2d", (2,), image), ("AvgPool2d", (2,), image),
            ("AdaptiveAvgPool2d", (1,), image), ("BatchNorm2d", (3,), image),
            ("BatchNorm1d", (3,), randn(4, 3)), ("Dropout", (0.5,), ones(4, 3)),
            ("Flatten", (), image), ("Unflatten", (1, (3, 1)), ones(2, 3)),
            ("Identity", (), ones(2)), ("PReLU", (3,), image),
            *((act, (), ones(4, 3)) for act in (
                "ReLU", "ReLU6", "Hardtanh", "Sigmoid", "Tanh", "SiLU", "ELU", "GELU",
                "LeakyReLU", "LogSigmoid", "Softplus")),
            ("Softmax", (1,), ones(4, 3)), ("LogSoftmax", (1,), ones(4, 3))):
        module = nn[name](*args)
        made.append(module.register_forward_hook(lambda m, i, o: None))
        out = module(x)
        if out.requires_grad:
            out.sum().backward()
        made += [module, out]
    sequence = randn(5, 2, 3, requires_grad=True)
    for name, args in (("RNN", (3, 4, 2)), ("GRU", (3, 4)), ("LSTM", (3, 4)),
                       ("RNNCell", (3, 4)), ("GRUCell", (3, 4)), ("LSTMCell", (3, 4))):
        module = nn[name](*args)
        out = module(sequence if name in ("RNN", "GRU", "LSTM") else sequence[0])
        first = out[0] if isinstance(out, tuple) else out
        first.sum().backward()
        made += [module, out, module.all_weights if hasattr(module, "all_weights") else None]
    embedding = nn["Embedding"](5, 3, padding_idx=0)
    looked_up = embedding(table["tensor"]([[1, 0], [4, 4]]))
    looked_up.sum().backward()
    made += [embedding, looked_up, looked_up.grad_fn,
             nn["Embedding"].from_pretrained(ones(2, 2), freeze=False)]
    target = ones(4, 3)
    for name in ("MSELoss", "L1Loss", "SmoothL1Loss", "HuberLoss", "BCEWithLogitsLoss"):
        made += [nn[name](), nn[name]()(randn(4, 3, requires_grad=True), target)]
    labels = table["tensor"]([0, 2, 1, 0])
    made += [nn["CrossEntropyLoss"](weight=ones(3))(randn(4, 3), labels), nn["NLLLoss"](),
             nn["BCELoss"]()(ones(4, 3) * 0.5, target)]
    net = nn["Sequential"](nn["Linear"](3, 3), nn["ReLU"](), nn["Linear"](3, 1))
    net(ones(2, 3)).sum().backward()
    made += [net, net.state_dict(), net.load_state_dict(net.state_dict()), net.parameters(),
             net.named_modules(), nn["ModuleList"]([nn["Linear"](1, 1)]),
             nn["ModuleDict"]({"a": nn["ReLU"]()}),
             nn["ParameterList"]([ones(2)]), nn["ParameterDict"]({"b": ones(2)}),
             nn["ParameterDict"]({"b": ones(2)}).items(), nn["Parameter"](ones(2)),
             nn["Module"](), init["normal_"](ones(2, 2)), init["calculate_gain"]("relu")]
    return made


def open_kind(value) -> bool:
    """A library object or class (or a program's own): open to the protocol's dunders."""
    cls = value if isinstance(value, type) else type(value)
    return attributes.kind_of(cls) is attributes.OPEN


def walk(roots):
    """(root, path, value, first) for every value reached; the first of each kind at each depth
    (the one whose attributes are walked) says so."""
    seen: set = set()
    frontier = [(root, root, value, 0) for root, value in roots]
    frontier.reverse()
    while frontier:
        root, path, value, depth = frontier.pop()
        key = (kind_of(value), depth)
        first = key not in seen
        seen.add(key)
        yield root, path, value, first
        if first and depth < DEPTH:
            frontier.extend((root, p, v, depth + 1) for p, v in children(path, value))


def kind_of(value):
    """Values of one kind offer the same attributes: each kind is expanded once."""
    if isinstance(value, engine.Tensor):
        node = value.grad_fn
        return (engine.Tensor, value.requires_grad, value.grad is not None,
                node.name() if node is not None else None)
    if isinstance(value, engine.Node):
        return (engine.Node, value.name())
    if isinstance(value, (tuple, list, dict)):
        return id(value)  # what a container holds differs from one to the next: open each
    return type(value)


def children(path, value):
    if isinstance(value, LibraryGenerator):
        yield from ((f"{path}<{i}>", v) for i, v in enumerate(itertools.islice(value, 6)))
    if isinstance(value, (tuple, list)):
        yield from ((f"{path}[{i}]", v) for i, v in enumerate(itertools.islice(value, 6)))
    if isinstance(value, dict):
        yield from ((f"{path}[{k!r}]", v) for k, v in itertools.islice(value.items(), 6))
    names = list(B.attribute_names(value))
    if isinstance(value, engine.Node):
        # PyTorch's names, and whatever this node keeps (a slot of the engine's Node)
        names += [f"_saved_{n}" for n in SAVED_NAMES + tuple(getattr(value, "params", ()))]
    methods = []
    for name in names:
        try:
            got = B.get_attribute(value, name)
        except Exception:  # refused, or not saved by this node
            continue
        yield f"{path}.{name}", got
        if callable(got) and not isinstance(value, B.Namespace) and not isinstance(got, type) \
                and not name.endswith("_") and name not in CHANGES_ITS_OWNER:
            methods.append((name, got))
    for name, method in methods:
        try:
            yield f"{path}.{name}()", method()
        except Exception:  # this method needs arguments
            continue


def _open(value) -> bool:
    """A value of the library or a class of it: open to programs but for Python's internals."""
    kind = value if isinstance(value, type) else type(value)
    return attributes.kind_of(kind) is attributes.OPEN


@functools.lru_cache(maxsize=1)
def findings() -> tuple[dict, dict]:
    """What the walk found wrong, by root: values outside the language, attributes handed out."""
    strangers: dict = collections.defaultdict(list)
    leaks: dict = collections.defaultdict(list)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the walk calls methods in ways that warn
        roots = [(name or "builtins", v) for name in ROOTS for v in made_by(name)]
        for root, path, value, first in walk(roots):
            if not language_value(value):
                strangers[root].append(f"{path}: {type(value).__module__}."
                                       f"{type(value).__qualname__}")
            probes = PROBES + NUMPY_PROBES if isinstance(value, NUMPY_TYPES) else PROBES
            if isinstance(value, B.Namespace) and value.name.startswith("numpy"):
                # np.interp is NumPy's; the module's names that reach outside are refused
                probes = tuple(p for p in PROBES if p != "interp") + NUMPY_MODULE_PROBES
            for name in probes if first else ():
                if name == "__class__" and isinstance(value, BaseException):
                    continue   # an exception's class is offered: except clauses and type(e)
                if name in attributes.PROTOCOL and _open(value):
                    continue   # what a class of the program may define, an open value offers
                try:
                    got = B.get_attribute(value, name)
                except AttributeError:
                    continue
                except Exception as e:  # refused, but not the way Python refuses
                    leaks[root].append(f"{path}.{name} raised {type(e).__name__}: {e}")
                    continue
                if name in attributes.PROTOCOL and open_kind(value):
                    # by design (super().__init__(), type(m).__name__): still only language
                    if not language_value(got):
                        strangers[root].append(f"{path}.{name}: {type(got).__qualname__}")
                    continue
                leaks[root].append(f"{path}.{name} -> {type(got).__name__}")
    return strangers, leaks


ROOTS = [None, INDEXING, LIBRARY, NN, NUMPY] + PYTHON_MODULES + sorted(FUNCTIONS)


# one test each over all the roots (the walk is one): the failure lists each root that went wrong
# with what it reached; 230 tests a root each cost more to run than the lookups they made
def test_only_language_values_are_reachable():
    assert dict(findings()[0]) == {}


def test_no_internal_attribute_is_handed_out():
    assert dict(findings()[1]) == {}
