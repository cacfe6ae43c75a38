"""The sandbox: a program reaches the builtins table and the attribute allowlists, nothing else.

Each escape route is one test case run through `gradcli run` in-process. A refused route must end
cleanly (exit 1, an `XxxError: message` line, no traceback, no internal error) and write no file.
"""
from __future__ import annotations

import os

import pytest

from ..conftest import run_cli
from .outcome import Outcome, describe, problems

# Values of every kind a program can hold, named for what they are.
PRELUDE = """\
import math
x = torch.ones(2, 3, requires_grad=True)
y = (x * 2).sum()
node = y.grad_fn
acc = node.next_functions[0][0].next_functions[0][0]
def f(v):
    return v
"""


@pytest.fixture
def sandboxed(tmp_path, monkeypatch):
    """Run a program from an empty working directory and check that it wrote nothing."""
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)
    runs = []

    def run(source: str, prelude: bool = True) -> Outcome:
        path = tmp_path / f"prog{len(runs)}.grad"
        path.write_text((PRELUDE if prelude else "") + source + "\n")
        r = run_cli(["run", str(path)])
        runs.append(path)
        assert os.listdir(cwd) == [], f"the program wrote {os.listdir(cwd)}"
        assert sorted(tmp_path.iterdir()) == sorted(runs + [cwd])
        return Outcome(r.status, r.out, r.err)
    return run


def refused(outcome: Outcome, *kinds: str) -> None:
    """A clean failure whose error line is one of `kinds`."""
    assert outcome.status == 1, describe(outcome)
    assert problems(outcome) == [], describe(outcome)
    assert outcome.last_line.split(":")[0] in kinds, describe(outcome)
    assert outcome.out == "", describe(outcome)


# ---- dunder and private attributes -------------------------------------------------------------
VALUES = {
    "tuple": "()", "list": "[]", "dict": "{}", "str": "''", "int": "(1)", "float": "(1.5)",
    "bool": "True", "none": "None", "ellipsis": "(...)", "set": "set()", "tensor": "x",
    "node": "node", "accumulate_grad": "acc", "size": "x.shape", "dtype": "x.dtype",
    "device": "x.device", "torch": "torch", "functional": "F", "nn": "torch.nn",
    "autograd": "torch.autograd", "math": "math", "print": "print", "factory": "ones",
    "torch_function": "torch.exp", "python_builtin": "sorted", "math_function": "math.sqrt",
    "type": "int", "size_type": "torch.Size", "map": "map(str, [])", "zip": "zip()",
    "enumerate": "enumerate([])", "reversed": "reversed([])", "filter": "filter(None, [])",
    "range": "range(3)", "lambda": "(lambda: 0)", "def": "f", "no_grad": "torch.no_grad()",
    "grad_flag": "grad", "return_type": "torch.ones(2, 3).max(0)", "bound_tensor_method": "x.add",
    "svd_return_type": "torch.linalg.svd(torch.ones(2, 2))",
    "bound_str_method": "'a'.join", "bound_list_method": "[].append", "node_method": "node.name",
    "metadata": "node.metadata", "next_functions": "node.next_functions",
    "saved_value": "(x * x).grad_fn._saved_self", "dtype_method": "x.dtype.is_floating_point",
}


@pytest.mark.parametrize("expr", VALUES.values(), ids=VALUES.keys())
def test_no_value_has_a_class_attribute(sandboxed, expr):
    refused(sandboxed(f"print({expr}.__class__)"), "AttributeError")


INTERNALS = [
    "print.__self__", "(lambda: 0).__globals__", "f.__code__", "f.__closure__", "f.__defaults__",
    "f.__globals__", "f.interp", "f.body", "f.closure", "torch.__dict__", "torch.entries",
    "torch.__builtins__", "ones.__module__", "ones.__globals__", "ones.__wrapped__",
    "ones.__code__", "sorted.__self__", "len.__self__", "math.sqrt.__self__",
    "torch.autograd.grad.__globals__", "x.__dict__", "x._data", "x.data._data", "x.__array__",
    "x.__array_interface__", "x.__reduce__", "x.__reduce_ex__", "x.__getattribute__",
    "x.__init__", "x.__setattr__", "x._base", "x._version_counter", "x.add.__self__",
    "x.add.__func__",
    "node.op", "node.params", "node._saved", "node.__dict__", "node._saved___class__",
    "node.next_functions.__class__", "acc.__dict__", "acc.variable._data", "x.shape.__class__",
    "map(str, []).__next__", "map(str, []).__reduce__", "zip().__reduce__", "range(3).start",
    "torch.no_grad().__enter__", "torch.no_grad().__exit__", "torch.no_grad().prev",
    "x.dtype.np", "x.device.__reduce__", "''.__class__", "'a'.join.__self__",
    "[].append.__self__", "torch.Size.__new__", "torch.Size.__subclasses__", "int.__subclasses__",
    "grad.name", "math.__dict__", "math.__loader__", "torch.ones(2, 3).max(0).__class__",
    "node.name.__self__", "node.metadata.__class__",
    # torch.nn: classes, modules, parameters, what their methods return
    "torch.nn.Linear.mro", "torch.nn.Linear.__class__", "torch.nn.Linear.__subclasses__",
    "torch.nn.Linear.__mro__", "torch.nn.Linear.__bases__", "torch.nn.Module.__dict__",
    "torch.nn.Linear.forward.__globals__", "torch.nn.Linear(1, 1).__dict__",
    "torch.nn.Linear(1, 1).forward.__func__", "torch.nn.Linear(1, 1).__getattribute__",
    "torch.nn.Linear(1, 1).__setattr__", "torch.nn.Linear(1, 1).__reduce_ex__",
    "torch.nn.Linear(1, 1).parameters()._it", "torch.nn.Linear(1, 1).parameters().gi_frame",
    "torch.nn.Linear(1, 1).parameters().__next__.__self__", "torch.nn.Linear(1, 1).weight._data",
    "torch.nn.Linear(1, 1).weight.__class__.__mro__",
    "torch.nn.Linear(1, 1).state_dict()._metadata",
    "torch.nn.Linear(1, 1).register_forward_hook(f).__dict__", "torch.nn.init.normal_.__globals__",
    "torch.nn.utils.clip_grad_norm_.__globals__", "torch.nn.utils.warnings",
    "torch.nn.utils.types", "torch.nn.utils.clip_grad_norm_.__wrapped__",
    "torch.nn.Linear(1, 1).load_state_dict({}, strict=False).__class__.__bases__",
    "torch.nn.Sequential().__iter__().__reduce__",
]


@pytest.mark.parametrize("expr", INTERNALS)
def test_internal_attribute_is_refused(sandboxed, expr):
    refused(sandboxed(f"print({expr})"), "AttributeError")


@pytest.mark.parametrize("expr", ["x.__class__", "print.__self__", "f.__globals__", "x._data"])
def test_internal_attribute_in_an_f_string_is_refused(sandboxed, expr):
    refused(sandboxed(f"print(f'{{{expr}!r}}')"), "AttributeError")


@pytest.mark.parametrize("call", [
    "'{0.__class__}'.format(1)", "'{0.__globals__}'.format(f)", "'{x.__class__}'.format(x=1)",
    "'{0[0]}'.format([1])", "'{0.__class__.__mro__}'.format(x)", "'{:{0.__class__}}'.format(1)",
    "'{0._data}'.format(x)", "'{0.__class__}'.format_map({})", "str.format('{0.__class__}', 1)",
    "format(1, '{0.__class__}')",
])
def test_str_format_cannot_reach_into_objects(sandboxed, call):
    refused(sandboxed(f"print({call})"), "ValueError", "AttributeError")


# ---- names that are not there ------------------------------------------------------------------
ABSENT = ["eval", "exec", "__import__", "globals", "locals", "vars", "compile", "breakpoint",
          "memoryview", "bytearray", "bytes", "__builtins__", "__build_class__", "__loader__",
          "__spec__", "__file__", "os", "sys", "np", "numpy", "builtins"]


@pytest.mark.parametrize("name", ABSENT)
def test_dangerous_name_is_not_defined(sandboxed, name):
    outcome = sandboxed(f"{name}('1')")
    refused(outcome, "NameError")
    assert outcome.last_line.startswith(f"NameError: name '{name}' is not defined")


@pytest.mark.parametrize("expr", ["torch.__builtins__", "torch.os", "F.torch",
                                  "torch.nn.Conv3d", "torch.autograd.os", "math.os",
                                  "torch.optim.os", "torch.utils.data.torch",
                                  "torch.Tensor.__init__", "torch.Tensor._make",
                                  "torch.FloatTensor.__call__", "torch.device.__init__",
                                  "torch.backends.cudnn.__class__", "torch.__version__.__class__",
                                  "torch.cuda.is_available.__globals__"])
def test_namespace_offers_only_its_entries(sandboxed, expr):
    refused(sandboxed(f"print({expr})"), "AttributeError")


# ---- imports -----------------------------------------------------------------------------------
@pytest.mark.parametrize("stmt, module", [
    ("import shutil", "shutil"), ("import ctypes", "ctypes"),
    ("import builtins", "builtins"), ("import gradcli", "gradcli"),
    ("import importlib", "importlib"), ("import pickle", "pickle"), ("import io", "io"),
    ("import subprocess", "subprocess"), ("import torch.distributed", "torch.distributed"),
    ("import math.os", "math.os"), ("import socket as torch", "socket"),
    ("from os import system", "os"), ("from sys import modules", "sys"),
    ("from os.path import os", "os.path"), ("import random.os", "random.os"),
    ("from gradcli import cli", "gradcli"), ("from torch import os", "os"),
    ("import numpy.lib", "lib"), ("from numpy import ctypeslib", "ctypeslib"),
    ("import numpy.ctypeslib", "ctypeslib"), ("from numpy import _core", "_core"),
    ("import numpy.core", "core"), ("from numpy.random import bit_generator", "bit_generator"),
    ("from math import __loader__", "__loader__"), ("from torch.nn import Tensor", "Tensor"),
    ("import torch, pathlib", "pathlib"), ("from shutil import *", "shutil"),
    ("import subprocess.run", "subprocess"),
])
def test_import_outside_the_language_is_refused(sandboxed, stmt, module):
    outcome = sandboxed(stmt)
    refused(outcome, "SyntaxError", "ImportError", "ModuleNotFoundError")
    assert f"'{module}'" in outcome.last_line


def test_relative_import_is_refused(sandboxed):
    refused(sandboxed("from . import x"), "SyntaxError")


# ---- changing what others see ------------------------------------------------------------------
@pytest.mark.parametrize("stmt", [
    "torch.x = 1", "torch.ones = 1", "F.relu = 1", "torch.nn.functional.relu = 1",
    "torch.nn.functional = 1", "torch.autograd.grad = 1", "math.pi = 3",
    "torch.float32.itemsize = 1",
    "x.shape = 1", "x.grad_fn = 1", "x.__class__ = 1",
    "x.__dict__ = 1", "print.x = 1", "ones.__code__ = 1", "f.__globals__ = 1", "f.body = 1",
    "node.next_functions = 1", "node.op = 1", "acc.variable = 1", "torch.no_grad().prev = 1",
    "x.device.type = 'cuda'", "(1).real = 2", "'a'.x = 1", "[].x = 1", "torch.x += 1",
    "F.relu += 1", "x.shape += (1,)",
])
def test_modules_and_objects_cannot_be_changed(sandboxed, stmt):
    refused(sandboxed(stmt), "AttributeError", "TypeError")


def test_a_tensors_own_attributes_leave_the_engine_alone(sandboxed):
    # as a torch.Tensor's __dict__ takes any name, a tensor takes the program's own attributes;
    # they shadow, for that tensor only, and never reach the engine's fields or methods
    outcome = sandboxed("x._data = 1\nx.add = 2\nx._version_counter = 3\nprint(x._data, "
                        "x.add, x.detach().add(1).sum(), x._version, hasattr(x, '_own'))")
    assert (outcome.status, outcome.out) == (0, "1 2 tensor(12.) 0 False\n"), \
        describe(outcome)


@pytest.mark.parametrize("source, out", [
    ("ones = 1\nprint(torch.ones(2))", "tensor([1., 1.])"),
    ("torch = 1\nprint(ones(2))", "tensor([1., 1.])"),
    ("exp = None\nprint(torch.ones(1).exp())", "tensor([2.7183])"),
    ("sum = 1\nprint(torch.ones(2).sum())", "tensor(2.)"),
    ("len = lambda v: 5\nprint(len([1]), sorted([2, 1]), torch.ones(3).shape)",
     "5 [1, 2] torch.Size([3])"),
    ("F = 1\nimport torch.nn.functional as G\nprint(G.relu(-torch.ones(1)))", "tensor([0.])"),
    ("def g():\n    print = 1\n    return print\nprint(g())", "1"),
    ("float32 = 1\nprint(torch.ones(1).dtype)", "torch.float32"),
])
def test_rebinding_a_name_changes_only_that_name(sandboxed, source, out):
    outcome = sandboxed(source, prelude=False)
    assert (outcome.status, outcome.out) == (0, out + "\n"), describe(outcome)


def test_rebinding_does_not_outlive_the_run(sandboxed):
    sandboxed("print = 1\nones = 2\ntorch = 3\nlen = 4", prelude=False)
    outcome = sandboxed("print(len(ones(2)), torch.ones(1))", prelude=False)
    assert (outcome.status, outcome.out) == (0, "2 tensor([1.])\n"), describe(outcome)


def test_node_metadata_is_per_node(sandboxed):
    outcome = sandboxed("node.metadata['k'] = 1\nprint((x * 3).grad_fn.metadata, node.metadata)")
    assert (outcome.status, outcome.out) == (0, "{} {'k': 1}\n"), describe(outcome)


# ---- methods of allowed values -----------------------------------------------------------------
def test_numpy_shares_the_tensors_memory_and_no_more(sandboxed):
    outcome = sandboxed("n = x.detach().numpy()\nn[0, 0] = 5\nprint(x[0, 0].item(), n.shape)")
    assert (outcome.status, outcome.out) == (0, "5.0 (2, 3)\n"), describe(outcome)


@pytest.mark.parametrize("expr", [
    "(x * x).grad_fn._saved_self", "x.sum(0).grad_fn._saved_dim",
    "(x ** 2).grad_fn._saved_exponent",
    "x.view(6).grad_fn._saved_self_sym_sizes", "x[0].grad_fn._saved_index",
    "x[[0, 1]].grad_fn._saved_key", "torch.clamp(x, x).grad_fn._saved_dtype",
])
def test_saved_values_are_language_values(sandboxed, expr):
    outcome = sandboxed(f"print(repr({expr}))")
    if outcome.status:
        refused(outcome, "AttributeError")
    for word in ("array(", "dtype(", "np.", "numpy"):
        assert word not in outcome.out, describe(outcome)


def test_graph_walk_reaches_the_leaf_itself(sandboxed):
    outcome = sandboxed("print(acc.variable is x, acc.variable.grad_fn)")
    assert (outcome.status, outcome.out) == (0, "True None\n"), describe(outcome)


@pytest.mark.parametrize("expr", [
    "print", "torch.no_grad()(f)", "torch.Size", "graph",
    "node.name", "ones", "torch.autograd.grad", "f", "lambda: 0", "torch.no_grad()",
    "torch.enable_grad()", "torch.set_grad_enabled(False)", "F", "grad", "acc", "node",
    "map(str, [])", "x.add", "math",
])
def test_repr_reveals_no_internals(sandboxed, expr):
    outcome = sandboxed(f"print(repr({expr}))\nprint(f'{{({expr})!r}}')")
    assert outcome.status == 0, describe(outcome)
    for word in ("gradcli.", "<locals>", "Interpreter", "_Mode", "/"):
        assert word not in outcome.out, describe(outcome)


# ---- syntax that would open a door ---------------------------------------------------------------
@pytest.mark.parametrize("source", [
    "nonlocal x", "(v := 1)", "async def g(): pass", "yield 1", "class A:\n    yield 1",
    "exec 'x'", "print >> x", "x = b'bytes'", "class A(metaclass=type): pass",
    "with open('p') as h, : pass",
    "`x`", "x = 1 if 1", "match x:\n    case 1: pass",
])
def test_syntax_outside_the_subset_is_refused(sandboxed, source):
    refused(sandboxed(source), "SyntaxError", "IndentationError")


# ---- recursion and callbacks -------------------------------------------------------------------
@pytest.mark.parametrize("source", [
    "def g(v): return g(v)\ng(1)",
    "def g(): return h()\ndef h(): return g()\ng()",
    "g = lambda: g()\ng()",
    "def k(v): return sorted([v, v], key=k)\nk(1)",
    "def m(v): return list(map(m, [v]))\nm(1)",
    "def p(v): return list(filter(p, [v]))\np(1)",
    "def q(v): return max([v, v], key=q)\nq(1)",
    "def r(v):\n    with torch.no_grad():\n        return r(v)\nr(x)",
    "def s(v): return s(v * 2)\ns(x)",
    "def t(v): return [t(w) for w in [v]]\nt(1)",
    "def u(v): return f'{u(v)}'\nu(1)",
])
def test_runaway_recursion_is_a_clean_error(sandboxed, source):
    refused(sandboxed(source), "RecursionError")


@pytest.mark.parametrize("source, kind", [
    ("sorted([1, 2], key=lambda v: 1 / 0)", "ZeroDivisionError"),
    ("list(map(lambda v: v.nope, [1]))", "AttributeError"),
    ("max([1, 2], key=lambda v: v.__class__)", "AttributeError"),
    ("sorted([x, x], key=lambda v: v)", "RuntimeError"),
    ("print(file=open)", "AttributeError"),
    ("print(1, file=None.__class__)", "AttributeError"),
])
def test_errors_inside_callbacks_are_clean(sandboxed, source, kind):
    refused(sandboxed(source), kind)


# ---- NumPy: arrays of numbers only, no memory, no files, no C --------------------------------
NUMPY = "import numpy as np\na = np.arange(6.).reshape(2, 3)\nr = np.random.default_rng(0)\n"


@pytest.mark.parametrize("expr", [
    "a.ctypes", "a.data", "a.base", "a.flat", "a.__array_interface__", "a.__array_struct__",
    "a.view", "a.tobytes", "a.dumps", "a.__reduce__", "a.__reduce_ex__", "a.__setstate__",
    "a.setflags", "a.flags", "a.resize", "a.__class__", "a.__array_ufunc__", "a.sum.__self__",
    "a.sum._fn", "np.mean._fn", "np.mean.__wrapped__", "np.mean.__globals__", "np.lib",
    "np.ctypeslib", "np.frombuffer", "np.core", "np._core", "np.testing", "np.vectorize",
    "np.frompyfunc", "np.seterr", "np.errstate", "np.fromfunction", "np.object_",
    "np.float32(1).__class__", "np.float64.__mro__", "np.float64.__subclasses__",
    "np.dtype('f4').__class__", "a.dtype.fields", "np.random.mtrand", "np.random.bit_generator",
    "r.bit_generator", "r._bit_generator", "np.random.RandomState(0).__getstate__",
    "np.finfo(np.float32).__class__", "np.linalg._linalg", "np.linalg.svd(a).__class__",
    "np.add.__call__", "np.random.__dict__", "np.__dict__", "np.__loader__",
])
def test_numpy_internals_are_refused(sandboxed, expr):
    refused(sandboxed(NUMPY + f"print({expr})"), "AttributeError")


@pytest.mark.parametrize("expr", [
    "np.array([f])", "np.array([1, None])", "np.zeros(2, dtype='O')", "np.array([1]).astype('O')",
    "a.astype(list)", "np.dtype('O')", "np.array([print, len])", "np.array([{}])",
    "np.array([torch])", "np.asarray(map(abs, [1]))", "np.random.choice([f, f])",
    "np.random.shuffle([f, f])", "np.set_printoptions(formatter={'float': f})",
    "np.array([1.0], like=f)", "np.full(2, f)", "np.float64([f])", "np.ndarray((2,), buffer=a)",
    "np.ndarray((2,), dtype='O')", "np.array([1, 'a'], dtype=np.dtype('O'))",
    "np.concatenate([[f], [f]])", "a.fill(f)", "r.choice([f, f])", "np.empty(2, dtype=dict)",
])
def test_numpy_makes_no_array_of_objects(sandboxed, expr):
    refused(sandboxed(NUMPY + f"print({expr})"), "TypeError", "ValueError")


@pytest.mark.parametrize("expr", [
    "np.ones(2) + [f, f]", "np.ones(2) * [x, None]", "np.ones(2) - [[f], [f]]",
    "np.float64(1) + [f]", "a @ [[f], [f], [f]]",
])
def test_numpy_operators_take_no_objects(sandboxed, expr):
    outcome = sandboxed(NUMPY + f"v = {expr}\nprint(v.dtype)")
    refused(outcome, "TypeError", "ValueError", "RuntimeError")


@pytest.mark.parametrize("call", [
    "np.loadtxt('/etc/passwd')", "np.loadtxt('prog0.grad')", "np.genfromtxt('/etc/hostname')",
    "np.load('/etc/passwd')", "np.fromfile('/etc/passwd')", "np.memmap('/etc/passwd')",
    "np.fromregex('/etc/passwd', 'r', float)", "np.loadtxt('http://example.com/data.csv')",
])
def test_numpy_reads_no_file(sandboxed, call):
    outcome = sandboxed(NUMPY + f"print({call})")
    refused(outcome, "FileNotFoundError")
    assert "passwd" not in outcome.out


@pytest.mark.parametrize("call", [
    "np.save('out.npy', a)", "np.savez('out.npz', a=a)", "np.savetxt('out.txt', a)",
    "np.savez_compressed('out', a)", "a.tofile('out.bin')", "a.dump('out.pkl')",
])
def test_numpy_writes_no_file(sandboxed, call):
    refused(sandboxed(NUMPY + call), "PermissionError")


@pytest.mark.parametrize("call", [
    "np.zeros(10 ** 10)", "np.ones((10 ** 5, 10 ** 5))", "np.random.rand(10 ** 5, 10 ** 5)",
    "np.random.normal(0, 1, (10 ** 6, 10 ** 6))", "r.normal(size=10 ** 12)", "np.eye(10 ** 6)",
    "np.arange(10 ** 12)", "np.linspace(0, 1, 10 ** 12)", "np.ndarray((10 ** 6, 10 ** 6))",
    "np.full((10 ** 6, 10 ** 6), 1.0)", "r.integers(0, 2, size=(10 ** 6, 10 ** 6))",
])
def test_numpy_arrays_are_bounded(sandboxed, call):
    refused(sandboxed(NUMPY + f"print({call})"), "MemoryError")


def test_numpy_tensor_bridges_keep_the_engine_whole(sandboxed):
    source = (NUMPY + "t = torch.from_numpy(a)\na.shape = (3, 2)\n")
    refused(sandboxed(source), "AttributeError")
    outcome = sandboxed(NUMPY + "t = torch.from_numpy(a)\nb = a.reshape(3, 2)\nb[0, 0] = 7\n"
                        "print(t.shape, t[0, 0].item())")
    assert (outcome.status, outcome.out) == (0, "torch.Size([2, 3]) 7.0\n"), describe(outcome)


CLASS = "class A:\n    def __radd__(self, other):\n        return 5\n    def __mul__(self, o):\n" \
        "        return [o]\na = A()\n"


@pytest.mark.parametrize("expr", [
    "np.array([a])", "np.ones(2) + [a, a]", "np.ones(2) * [[a], [a]]", "np.float64(2) - [a]",
    "np.asarray([1, a])", "np.ones(2) == [a, a]", "np.random.choice([a, a])",
])
def test_numpy_takes_no_object_of_the_programs_classes(sandboxed, expr):
    refused(sandboxed(NUMPY + CLASS + f"print({expr})"), "TypeError")


def test_numpy_operators_leave_the_programs_objects_to_their_own_methods(sandboxed):
    outcome = sandboxed(NUMPY + CLASS + "print(np.ones(2) + a, np.float64(1) + a, a * np.ones(1))")
    assert (outcome.status, outcome.out) == (0, "5 5 [array([1.])]\n"), describe(outcome)
