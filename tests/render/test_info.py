"""info_text (the REPL's :info x): autograd state, storage sharing and saving, in two languages."""
from __future__ import annotations

import pytest

from gradcli import engine, i18n
from gradcli.interpret import Interpreter
from gradcli.render.info import info_text

PROGRAM = """\
x = ones(2, 2, grad)
v = x.view(4)
d = x.data
e = x.detach()
y = x * 2
z = y * y
s = z.sum()
n = 3
"""


def info(source: str, name: str, lang: str = "en") -> str:
    engine.reset()
    interpreter = Interpreter(lambda text: None)
    interpreter.run_source(source, "prog.grad")
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        return info_text(interpreter.globals[name], interpreter)
    finally:
        i18n.set_language(previous)


def test_a_leaf_and_what_shares_its_storage():
    assert info(PROGRAM, "x") == """\
x
  shape          torch.Size([2, 2])
  dtype          torch.float32
  requires_grad  True
  is_leaf        True
  grad_fn        None
  _version       0
  storage        v (a view of it)
                 d (.data: same storage, its own _version)
                 e (detach(): same storage and _version)
  saved by       no node of a live graph holds it
  .grad          None
"""


def test_a_view_names_its_base():
    text = info(PROGRAM, "v")
    assert "  grad_fn        ViewBackward0  (line 2: v = x.view(4))\n" in text
    assert "  storage        x (its base: it is a view)\n" in text


def test_the_nodes_that_saved_a_tensor():
    assert info(PROGRAM, "y", "zh") == """\
y
  shape          torch.Size([2, 2])
  dtype          torch.float32
  requires_grad  True
  is_leaf        False
  grad_fn        MulBackward0  (第 5 行：y = x * 2)
  _version       0
  存储           没有与其他变量共享
  被保存于       MulBackward0  (第 6 行：z = y * y), 作为 other, self
  .grad          None
"""


def test_a_modified_saved_value_is_flagged():
    text = info("a = ones(2, grad)\nb = a * 1\nc = b.sin() * b\nwith no_grad():\n"
                "    b.add_(1)\n", "b")
    assert "  _version       1\n" in text
    assert "  saved by       MulBackward0  (line 3: c = b.sin() * b), as other (modified since: " \
           "saved at _version 0)\n" in text
    assert "                 SinBackward0  (line 3: c = b.sin() * b), as self (modified since: " \
           "saved at _version 0)\n" in text


def test_backward_fills_grad_and_frees_the_savers():
    text = info(PROGRAM + "s.backward()\n", "x")
    assert text.endswith("  saved by       no node of a live graph holds it\n"
                         "  .grad          tensor([[8., 8.],\n"
                         "                         [8., 8.]])\n")
    assert "no node of a live graph" in info(PROGRAM + "s.backward()\n", "y")


@pytest.mark.parametrize("lang, text", [("en", "n: int, not a tensor: 3\n"),
                                        ("zh", "n：int，不是张量：3\n")])
def test_other_values(lang, text):
    assert info(PROGRAM, "n", lang) == text
