"""gradcli's numpy: what may enter NumPy, what may come out, its files, its classes, its refusals."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.engine.factories import tensor
from gradcli.engine.limits import limits
from gradcli.interpret import builtins as B
from gradcli.interpret import modules
from gradcli.interpret.numpy_facade.admit import admit, check_size, result
from gradcli.interpret.numpy_facade.files import READERS, WRITERS

NOT_ADMITTED = "gradcli's numpy takes numbers, strings, arrays, tensors and lists or tuples"
ADMITTED = [1, 2.5, True, 1j, "a", None, ..., range(3), slice(1, 2), [1, [2.0, 3]], (1, "a"),
            np.ones(2), np.float32(1), np.dtype("f4"), np.float32, int, float, str, tensor([1.0]),
            tensor([1.0]).shape, tensor([1.0]).dtype]
REFUSED = [(print, NOT_ADMITTED), ([1, print], NOT_ADMITTED), ({1: 2}, NOT_ADMITTED),
           ({1}, NOT_ADMITTED), (list, NOT_ADMITTED), (dict, NOT_ADMITTED),
           (np.object_, NOT_ADMITTED), (slice(print), NOT_ADMITTED), (iter([1]), NOT_ADMITTED),
           (modules.find("numpy"), NOT_ADMITTED),
           (np.array([1, None], dtype=object), "gradcli's numpy makes no arrays of Python objects"),
           (np.dtype("O"), "gradcli's numpy makes no dtypes of Python objects")]


@pytest.mark.parametrize("value", ADMITTED, ids=[repr(v)[:20] for v in ADMITTED])
def test_admitted(value):
    admit(value)


@pytest.mark.parametrize("value, message", REFUSED, ids=[repr(r[0])[:20] for r in REFUSED])
def test_refused(value, message):
    with pytest.raises(TypeError, match=message):
        admit(value)


def test_nesting_deeper_than_numpy_allows_is_numpys_error():
    deep = [1]
    for _ in range(70):
        deep = [deep]
    with pytest.raises(ValueError, match="maximum number of dimension of 64"):
        admit(deep)


def test_results_are_checked():
    assert result((np.ones(2), [np.float32(1)]))[0].tolist() == [1.0, 1.0]
    with pytest.raises(TypeError, match="no arrays of Python objects"):
        result([np.array([None])])
    with pytest.raises(MemoryError, match=r"an array of shape \(10, 10\) would have 100 elements"):
        saved, limits.max_elements = limits.max_elements, 50
        try:
            result(np.zeros((10, 10)))
        finally:
            limits.max_elements = saved


@pytest.mark.parametrize("size", [10 ** 9, (10 ** 5, 10 ** 5), [10 ** 9], np.int64(10 ** 9)])
def test_sizes_over_the_limit_are_refused_before_numpy_allocates(size):
    with pytest.raises(MemoryError, match="more than gradcli's limit"):
        check_size(size)


@pytest.mark.parametrize("size", [None, 3, (2, 3), "x", (2, "x"), (-1, 10 ** 9)])
def test_other_sizes_are_left_to_numpy(size):
    check_size(size)


# reader, its arguments -> NumPy's FileNotFoundError for a missing file (whatever exists)
READS = [
    ("loadtxt", ("diabetes.csv.gz",), "diabetes.csv.gz not found."),
    ("loadtxt", ("/etc/passwd",), "/etc/passwd not found."),
    ("genfromtxt", ("x.csv",), "x.csv not found."),
    ("fromregex", ("x.txt", "a", float), "x.txt not found."),
    ("load", ("x.npy",), "[Errno 2] No such file or directory: 'x.npy'"),
    ("fromfile", ("/etc/passwd",), "[Errno 2] No such file or directory: '/etc/passwd'"),
    ("memmap", ("x.dat",), "[Errno 2] No such file or directory: 'x.dat'"),
]


@pytest.mark.parametrize("reader, args, message", READS, ids=[f"{r[0]}{r[1]}" for r in READS])
def test_no_file_is_there(reader, args, message):
    with pytest.raises(FileNotFoundError) as info:
        READERS[reader](*args)
    assert str(info.value) == message


def test_lines_are_parsed_as_numpy_parses_them():
    assert READERS["loadtxt"](["1 2", "3 4"]).tolist() == [[1.0, 2.0], [3.0, 4.0]]
    assert READERS["genfromtxt"](["1,2"], delimiter=",").tolist() == [1.0, 2.0]


@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_no_file_is_written(writer, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PermissionError, match=r"\[Errno 13\] Permission denied \(gradcli programs "
                                              r"write no files\): 'out'"):
        WRITERS[writer]("out", np.ones(2))
    assert list(tmp_path.iterdir()) == []


# name -> error type and message for reaching it
ABSENT = [
    ("np.lib", AttributeError, "gradcli's numpy leaves out 'lib': it reaches outside the program"),
    ("np.vectorize", AttributeError, "gradcli's numpy leaves out 'vectorize': it calls the "
                                     "program's functions from inside NumPy"),
    ("np.nothing", AttributeError, "module 'numpy' has no attribute 'nothing'"),
    ("from numpy import ctypeslib", ImportError, "gradcli's numpy leaves out 'ctypeslib'"),
    ("import numpy.lib", ModuleNotFoundError, "gradcli's numpy leaves out 'lib'"),
    ("import numpy.nothing", ModuleNotFoundError, "No module named 'numpy.nothing'"),
]


@pytest.mark.parametrize("reach, kind, message", ABSENT, ids=[a[0] for a in ABSENT])
def test_what_numpy_leaves_out_is_named(reach, kind, message):
    with pytest.raises(kind, match=message):
        if reach.startswith("np."):
            B.get_attribute(modules.find("numpy"), reach[3:])
        elif reach.startswith("from"):
            modules.import_from(modules.find("numpy"), reach.split()[-1])
        else:
            modules.find(reach.split()[-1])


def test_functions_print_as_numpys_own():
    np_ = modules.find("numpy")
    assert repr(np_.entries["exp"]) == "<ufunc 'exp'>"
    assert repr(np_.entries["mean"]).startswith("<function mean at 0x")
    assert np_.entries["float32"] is np.float32 and np_.entries["newaxis"] is None


@pytest.mark.parametrize("cls, args, kwargs, expected", [
    (np.float32, (1.5,), {}, np.float32(1.5)), (np.dtype, ("f4",), {}, np.dtype("float32")),
    (np.ndarray, ((2,),), {"dtype": np.int8}, (2,)),
])
def test_numpy_classes_are_called_through_their_checks(cls, args, kwargs, expected):
    out = B.call(cls, list(args), kwargs)
    assert (out.shape if isinstance(out, np.ndarray) else out) == expected


@pytest.mark.parametrize("cls, args, kwargs, message", [
    (np.float64, ([print],), {}, NOT_ADMITTED), (np.dtype, ("O",), {}, "no dtypes of Python"),
    (np.ndarray, ((2,),), {"buffer": np.ones(4)}, "takes a shape, a dtype and an order only"),
    (np.ndarray, ((2,),), {"dtype": "O"}, "no arrays of Python objects"),
])
def test_numpy_classes_refuse(cls, args, kwargs, message):
    with pytest.raises(TypeError, match=message):
        B.call(cls, list(args), kwargs)


# (program, does its NumPy call go where Ctrl-C reaches it): every call that writes nothing the
# program holds; a method writing into its own array, ufunc.at, out= and a random state's draws
# run where called (an abandoned worker would go on writing after Ctrl-C)
ROUTED = [("np.sort(a)", True), ("a @ a", True), ("a.dot(a)", True), ("np.add.reduce(a)", True),
          ("a.sort()", False), ("a.fill(0)", False), ("np.add.at(a, [0], 1)", False),
          ("np.add(a, 1, out=a)", False), ("np.random.rand(3)", False),
          ("g.shuffle(a)", False)]


@pytest.mark.parametrize("call, routed", ROUTED, ids=[c for c, _ in ROUTED])
def test_long_numpy_calls_run_where_ctrl_c_reaches_them(call, routed, monkeypatch):
    from gradcli.engine import interruptible
    from gradcli.interpret import Interpreter

    ran = []

    def run(steps, fn, *args, **kwargs):
        ran.append(steps)
        return fn(*args, **kwargs)
    monkeypatch.setattr(interruptible, "run", run)
    interp = Interpreter(lambda text: None)
    interp.run_source("import numpy as np\na = np.ones((3, 3))\ng = np.random.default_rng(0)\n")
    ran.clear()
    interp.run_source(call)
    assert (len(ran) == 1, ran[0] > 0 if ran else None) == ((True, True) if routed else
                                                          (False, None))


@pytest.mark.parametrize("call, error", [
    ("np.ones((2, 3)) @ np.ones((2, 3))", "ValueError: matmul: Input operand 1 has a mismatch"),
    ("np.sort(np.ones(3), axis=5)", "AxisError: axis 5 is out of bounds for array of dimension 1"),
])
def test_a_long_call_that_fails_is_the_programs_error(call, error, monkeypatch):
    # each call runs on the worker (as a long one would): NumPy's error is still the program's
    from gradcli.engine import interruptible
    from gradcli.errors import ProgramError
    from gradcli.interpret import Interpreter

    monkeypatch.setattr(interruptible, "LONG", 0)
    interp = Interpreter(lambda text: None)
    with pytest.raises(ProgramError) as raised:
        interp.run_source("import numpy as np\n" + call)
    assert f"{type(raised.value.error).__name__}: {raised.value.error}".startswith(error)
