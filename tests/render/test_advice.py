"""Every hint proposes a fix that works: for each, a program that earns it, and the fixed
programs that apply what the hint proposes (each piece of code the hint quotes is either applied
by one of them or named as the thing to avoid)."""
from __future__ import annotations

import re

import pytest

from gradcli import engine, i18n
from gradcli.errors import GradcliError
from gradcli.interpret import Interpreter, attributes
from gradcli.render.advice import ADVICE, hints
from gradcli.syntax import parse

SGD = """\
w = tensor([1., 2.], requires_grad=True)
lr = 0.1
for step in range(3):
    loss = (w * w).sum()
    loss.backward()
    with torch.no_grad(): w -= lr * w.grad
    w.grad.zero_()
print(w, w.grad)
"""


class Row:
    """A program that earns the hint; the code the hint quotes -> (what the fixed program
    writes for it, the fixed program, its output); the quoted code that is what to avoid."""

    def __init__(self, broken: str, fixes: dict, avoid: tuple = ()) -> None:
        self.broken, self.fixes, self.avoid = broken, fixes, avoid


ROWS = {
    "advice.implicit_grad": Row(
        "x = ones(2, grad)\ny = x * 2\ny.backward()\n",
        {"y.sum().backward()": ("y.sum().backward()",
                                "x = ones(2, grad)\ny = x * 2\ny.sum().backward()\nprint(x.grad)\n",
                                "tensor([2., 2.])\n"),
         "gradient=torch.ones_like(y)": (
             "gradient=torch.ones_like(y)",
             "x = ones(2, grad)\ny = x * 2\ny.backward(gradient=torch.ones_like(y))\n"
             "print(x.grad)\n", "tensor([2., 2.])\n")}),
    "advice.second_backward": Row(
        "x = ones(2, grad)\ny = (x * x).sum()\ny.backward()\ny.backward()\n",
        {"retain_graph=True": ("retain_graph=True",
                               "x = ones(2, grad)\ny = (x * x).sum()\n"
                               "y.backward(retain_graph=True)\ny.backward()\nprint(x.grad)\n",
                               "tensor([4., 4.])\n")}),
    "advice.no_grad_fn": Row(
        "x = ones(2)\ny = (x * 3).sum()\ny.backward()\n",
        {"requires_grad=True": ("requires_grad=True",
                                "x = ones(2, requires_grad=True)\ny = (x * 3).sum()\n"
                                "y.backward()\nprint(x.grad)\n", "tensor([3., 3.])\n"),
         "grad": ("grad", "x = ones(2, grad)\ny = (x * 3).sum()\ny.backward()\nprint(x.grad)\n",
                  "tensor([3., 3.])\n")}),
    "advice.computed_without_grad": Row(
        "x = ones(2, grad)\nwith torch.no_grad():\n    z = (x * 2).sum()\nz.backward()\n",
        {}, avoid=("with torch.no_grad():",)),
    "advice.leaf_inplace": Row(
        "w = tensor([1., 2.], requires_grad=True)\nlr = 0.1\nloss = (w * w).sum()\n"
        "loss.backward()\nw -= lr * w.grad\n",
        {"with torch.no_grad():": ("with torch.no_grad():", SGD,
                                   "tensor([0.5120, 1.0240], requires_grad=True) "
                                   "tensor([0., 0.])\n"),
         "with torch.no_grad(): w -= lr * w.grad": ("with torch.no_grad(): w -= lr * w.grad",
                                                    SGD, "tensor([0.5120, 1.0240], "
                                                    "requires_grad=True) tensor([0., 0.])\n"),
         "w.grad.zero_()": ("w.grad.zero_()", SGD, "tensor([0.5120, 1.0240], "
                                                   "requires_grad=True) tensor([0., 0.])\n")}),
    "advice.saved_modified": Row(
        "a = ones(2, grad)\nb = a.exp()\nb.add_(1)\nb.sum().backward()\n",
        {"y = y * 2": ("b = b + 1", "a = ones(2, grad)\nb = a.exp()\nb = b + 1\n"
                                    "b.sum().backward()\nprint(a.grad)\n",
                       "tensor([2.7183, 2.7183])\n"),
         ".clone()": (".clone()", "a = ones(2, grad)\nb = a.exp().clone()\nb.add_(1)\n"
                                  "b.sum().backward()\nprint(a.grad)\n",
                      "tensor([2.7183, 2.7183])\n")},
        avoid=("y *= 2",)),
    "advice.integer_requires_grad": Row(
        "x = tensor([1, 2], requires_grad=True)\n",
        {"1.": ("1.", "x = tensor([1., 2], requires_grad=True)\nprint(x)\n",
                "tensor([1., 2.], requires_grad=True)\n"),
         "dtype=torch.float32": ("dtype=torch.float32",
                                 "x = tensor([1, 2], dtype=torch.float32, requires_grad=True)\n"
                                 "print(x)\n", "tensor([1., 2.], requires_grad=True)\n")},
        avoid=("1",)),
    "advice.broadcast": Row(
        "a = ones(3)\nb = ones(4)\na + b\n",
        {".shape": (".shape", "a = ones(3)\nb = ones(4)\nprint(a.shape, b.shape)\n",
                    "torch.Size([3]) torch.Size([4])\n"),
         ".unsqueeze(d)": (".unsqueeze(1)", "a = ones(3)\nb = ones(4)\n"
                                            "print((a.unsqueeze(1) + b).shape)\n",
                           "torch.Size([3, 4])\n")}),
    "advice.matmul": Row(
        "a = ones(2, 3)\nb = ones(2, 3)\nmm(a, b)\n",
        {".t()": (".t()", "a = ones(2, 3)\nb = ones(2, 3)\nprint(mm(a, b.t()))\n",
                  "tensor([[3., 3.],\n        [3., 3.]])\n")}),
    "advice.close_name": Row(
        "x = ones(2, grad)\nx.sum().backward()\nx.gard\n",
        {"x.grad": ("x.grad", "x = ones(2, grad)\nx.sum().backward()\nprint(x.grad)\n",
                    "tensor([1., 1.])\n")}),
}


def failure(source: str) -> tuple[GradcliError, Interpreter]:
    engine.reset()
    interpreter = Interpreter(lambda text: None)
    with pytest.raises(GradcliError) as caught:
        interpreter.run(parse(source, "prog.grad"))
    return caught.value, interpreter


def output(source: str) -> str:
    engine.reset()
    chunks: list[str] = []
    Interpreter(chunks.append).run(parse(source, "fixed.grad"))
    return "".join(chunks)


def quoted(hint: str) -> set[str]:
    return set(re.findall(r"`([^`]+)`", hint))


def test_every_hint_has_a_row():
    keys = {a.key for a in ADVICE} | {a.key for a in ADVICE if a.refine} | \
        {"advice.computed_without_grad", "advice.close_name"}
    assert keys == set(ROWS)


@pytest.mark.parametrize("key", sorted(ROWS))
def test_the_hint_is_given_and_each_piece_of_code_it_quotes_is_checked(key):
    row = ROWS[key]
    error, interpreter = failure(row.broken)
    given = hints(error, interpreter.globals, attributes.attribute_names)
    assert len(given) == 1
    assert given[0].startswith("hint: ")
    wanted = i18n.t(key, **{"t": "x", "a": "1", "b": "1", "dim": "0", "fix": "x.grad"})
    assert re.sub(r"\b[xywz]\b|\d", "_", given[0][6:]) == re.sub(r"\b[xywz]\b|\d", "_", wanted)
    assert quoted(given[0]) == set(row.fixes) | set(row.avoid)


FIXES = [(key, snippet) for key, row in sorted(ROWS.items()) for snippet in row.fixes]


@pytest.mark.parametrize("key, snippet", FIXES, ids=[f"{k}: {s}" for k, s in FIXES])
def test_the_fix_the_hint_proposes_works(key, snippet):
    code, program, printed = ROWS[key].fixes[snippet]
    assert code in program
    assert output(program) == printed


@pytest.mark.parametrize("key", sorted(ROWS))
def test_every_hint_speaks_chinese_too_with_the_same_code(key):
    row = ROWS[key]
    error, interpreter = failure(row.broken)
    english = hints(error, interpreter.globals, attributes.attribute_names)
    i18n.set_language("zh")
    try:
        chinese = hints(error, interpreter.globals, attributes.attribute_names)
    finally:
        i18n.set_language("en")
    assert chinese[0].startswith("提示：")
    assert quoted(chinese[0]) == quoted(english[0])


def test_the_old_advice_for_an_sgd_step_is_not_given():
    # `w = w - lr * w.grad` makes w a non-leaf: its next .grad is None and the loop dies
    error, interpreter = failure(ROWS["advice.leaf_inplace"].broken)
    hint = hints(error, interpreter.globals)[0]
    assert "w = w" not in hint and "x = x + 1" not in hint
    assert "`with torch.no_grad(): w -= lr * w.grad`" in hint and "`w.grad.zero_()`" in hint


def test_no_grad_hint_names_the_tensor_made_without_grad():
    error, interpreter = failure(ROWS["advice.computed_without_grad"].broken)
    assert hints(error, interpreter.globals) == [
        "hint: z was computed inside `with torch.no_grad():`, so no graph was recorded (what it "
        "came from does require grad): compute it outside that block."]
    error, interpreter = failure("x = ones(2)\nwith torch.no_grad():\n    z = (x * 2).sum()\n"
                                 "z.backward()\n")
    assert hints(error, interpreter.globals)[0].startswith("hint: nothing z was made from")


@pytest.mark.parametrize("source, close", [
    ("x = ones(2)\nx.gard\n", "x.grad"),
    ("x = ones(2)\ny = x.sum()\ny.itme()\n", "y.item"),
    ("x = ones(2)\nprint(x.ndmi)\n", "x.ndim"),
])
def test_an_attribute_typo_gets_its_close_name_in_a_hint_only(source, close):
    error, interpreter = failure(source)
    assert "Did you mean" not in error.message   # Python's own words suggest nothing here
    assert hints(error, interpreter.globals, attributes.attribute_names) == \
        [f"hint: did you mean `{close}`?"]


def test_a_typo_python_already_names_gets_no_second_suggestion():
    error, interpreter = failure("x = ones(2)\nx.zeros_()\n")
    assert error.message.endswith("Did you mean: 'zero_'?")
    assert hints(error, interpreter.globals, attributes.attribute_names) == []
