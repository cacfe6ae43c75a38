"""The facades as modules: registered by name, loaded on first import, refusing what Python's
module has and gradcli's does not with a reason."""
from __future__ import annotations

import subprocess
import sys

import pytest

from gradcli.interpret import modules as M
from gradcli.interpret import pymodules

from . import python_prints


def test_every_facade_is_importable():
    for name in pymodules.FACADES:
        module = M.find(name)
        assert isinstance(module, pymodules.Facade) and module.entries


def test_start_up_loads_no_facade():
    code = ("import sys\nfrom gradcli.cli import main\nfrom gradcli.interpret import Interpreter\n"
            "Interpreter(print).run_source('import torch\\nx = torch.ones(1)')\n"
            "print(sorted(m for m in sys.modules if m.startswith('gradcli.interpret.pymodules.')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert out == "[]\n"


@pytest.mark.parametrize("stmt, line", [
    ("from os import system", "ImportError: cannot import name 'system' from 'os' (gradcli does "
                              "not offer it: programs run without files, processes or Python "
                              "internals)"),
    ("from sys import nope", "ImportError: cannot import name 'nope' from 'sys' (unknown "
                             "location)"),
    ("from os import nope", f"ImportError: cannot import name 'nope' from 'os' "
                            f"({__import__('os').__file__})"),
    ("import random\nrandom._inst", "AttributeError: gradcli's 'random' module does not offer "
                                    "'_inst' (programs run without files, processes or Python "
                                    "internals)"),
    ("import math\nmath.pi = 3", "AttributeError: gradcli's 'math' module cannot be changed"),
])
def test_refusals(run, stmt, line):
    assert run(stmt).error_line == line


def test_from_import_and_star(run):
    r = run("from os.path import join\nfrom collections import *\nfrom math import *\n"
            "print(join('a', 'b'), Counter('aa'), factorial(4), pi > 3)")
    assert r.out == "a/b Counter({'a': 2}) 24 True\n"


@pytest.mark.parametrize("expr", [
    "type(itertools.count())", "type(itertools.chain([1]))", "type(itertools.starmap(max, []))",
    "type(functools.partial(max))", "type(functools.lru_cache()(max))", "type(random.Random(1))",
    "type(collections.Counter())", "type(os.environ)", "type(collections.namedtuple('P', 'x')(1))",
])
def test_type_of_their_values_prints_as_python(run, expr):
    source = f"import itertools, functools, random, collections, os\nprint({expr})"
    assert run(source).out == python_prints(source)


def test_type_of_files_and_streams_is_pythons_name(run):
    r = run("import sys\nprint(type(open('f', 'w')), type(sys.stdout), type(sys.stdin))")
    assert r.out == "<class '_io.TextIOWrapper'> " * 2 + "<class '_io.TextIOWrapper'>\n"
