"""Every name help() can be asked about has a summary in English and Chinese: each namespace
(torch, torch.nn.functional, math, what the library adds), Python's builtins, gradcli's tools
and every attribute and method of a tensor. A name added without one fails here, listed."""
from __future__ import annotations

import pytest

from gradcli import i18n
from gradcli.interpret import docs, modules
from gradcli.interpret.docs import covered, missing, summary
from gradcli.interpret.interpreter import Interpreter

from ..conftest import interpreter

# what a program starts with: the interpreter's builtins and the edge's tools
BUILTINS = interpreter(lambda text: None).builtins
WHERE = ("add a row (name: (English, Chinese)) to the table of its namespace in "
         "gradcli/interpret/docs/ (python -m gradcli.interpret.docs lists them)")


def test_every_name_has_a_summary_in_every_language():
    lacking = missing(BUILTINS)
    assert lacking == {}, f"{WHERE}: {lacking}"


def test_every_row_names_something_a_program_can_reach():
    # a row left behind by a renamed or removed name would document nothing
    names = {n for group in covered(BUILTINS).values() for n in group}
    assert sorted(set(docs._load()["en"]) - names) == []


def test_help_finds_the_row_of_every_value_a_namespace_holds():
    # help(random.choice) receives a value, not a name: the value must lead back to its row
    # (a bound method, like random's functions over the run's own generator, included)
    lost = [f"{m.name}.{n}" for m in modules.MODULES.values() for n, v in m.entries.items()
            if not n.startswith("_") and callable(v) and not isinstance(v, modules.Namespace)
            and summary(docs.name_of(v) or "?", "en") is None]
    assert lost == []


def test_the_walk_reaches_every_kind_of_name():
    found = covered(BUILTINS)
    names = {n for group in found.values() for n in group}
    assert {"torch.ones", "torch.nn.functional.relu", "torch.autograd.grad", "math.sin",
            "print", "graph", "ValueError", "Tensor.backward", "Tensor.grad", "Tensor.add_",
            "torch.float32"} <= names
    assert "torch.nn.functional" not in found["torch.nn"]   # a module is not a summary's name


def test_rows_are_one_line_in_both_languages():
    tables = docs._load()
    assert set(tables["en"]) == set(tables["zh"])
    for lang, table in tables.items():
        for name, text in table.items():
            assert text.strip() and "\n" not in text and len(text) <= 150, (lang, name)


@pytest.mark.parametrize("name, en, zh", [
    ("Tensor.exp_", "In place: e to the power of each element.", "原地版本：逐元素计算 e 的幂。"),
    ("Tensor.sum", "The sum of all elements, or along dim (keepdim keeps that dimension as "
                   "size 1).", "所有元素之和，或沿 dim 求和（keepdim 保留该维，大小为 1）。"),
    ("Tensor.float", "The values as torch.float32.", "转成 torch.float32。"),
])
def test_a_method_reads_its_functions_summary_unless_it_has_its_own(name, en, zh):
    assert (summary(name, "en"), summary(name, "zh")) == (en, zh)


def test_the_current_language_falls_back_to_english():
    i18n.set_language("zh")
    try:
        assert summary("torch.ones") == docs._load()["zh"]["torch.ones"]
        assert summary("no.such.name") is None
    finally:
        i18n.set_language("en")


LIBRARY_OBJECTS = """\
import torch.nn as nn
x = torch.ones(2, requires_grad=True)
opt = torch.optim.SGD([x], lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, 1)
model = nn.Linear(2, 2)
class Net(nn.Module):
    def forward(self, t):
        return t
net = Net()
"""


@pytest.mark.parametrize("expression, name, row", [
    ("opt.step", "torch.optim.SGD.step", "torch.optim.Optimizer.step"),
    ("sched.step", "torch.optim.lr_scheduler.StepLR.step",
     "torch.optim.lr_scheduler.LRScheduler.step"),
    ("model.parameters", "torch.nn.Linear.parameters", "torch.nn.Module.parameters"),
    ("model.reset_parameters", "torch.nn.Linear.reset_parameters",
     "torch.nn.Linear.reset_parameters"),
    ("nn.Linear.forward", "torch.nn.Linear.forward", "torch.nn.Module.forward"),
    ("net.zero_grad", "torch.nn.Module.zero_grad", "torch.nn.Module.zero_grad"),
    ("net.forward", None, None),   # the program's own method: its own name and docstring
])
def test_a_library_objects_method_is_named_by_its_class_and_reads_the_nearest_row(
        expression, name, row):
    interpreter = Interpreter(lambda text: None)
    interpreter.run_source(LIBRARY_OBJECTS)
    found = docs.name_of(interpreter.evaluate(expression))
    assert found == name
    if row is not None:
        assert summary(found, "en") == docs._load()["en"][row]
