"""explain(t): the backward pass narrated from a dry run of the tape, in both languages."""
from __future__ import annotations

import io

import numpy as np
import pytest

from gradcli import engine
from gradcli.engine.graph import AccumulateGrad
from gradcli.engine.trace import trace
from gradcli.errors import ProgramError
from gradcli.render.explain import explain_renderable, explain_text
from gradcli.render.graph import Names, graph_text

from .test_graph import TUTORIAL, output_of

NARRATION = {
    "en": """\
The backward pass of out, node by node, in the order the engine runs it.
A dry run: no .grad changes and no saved value is freed.
It starts with ∂out/∂out = 1.

[1] MeanBackward0  line 1: out = mean(z)
   receives 1  from the start
   input 0: local derivative ∂mean(x)/∂xᵢ = 1/n
      sends [[0.25, 0.25], [0.25, 0.25]] to [2] MulBackward0

[2] MulBackward0  line 1: z = y*y*3
   receives [[0.25, 0.25], [0.25, 0.25]]  from [1] MeanBackward0, input 0
   input 0: local derivative ∂(a * b)/∂a = b
      with other = 3
      sends [[0.75, 0.75], [0.75, 0.75]] to [3] MulBackward0
   input 1: a constant: no gradient

[3] MulBackward0  line 1: z = y*y*3
   receives [[0.75, 0.75], [0.75, 0.75]]  from [2] MulBackward0, input 0
   input 0: local derivative ∂(a * b)/∂a = b
      with other = y = [[3, 3], [3, 3]]
      sends [[2.25, 2.25], [2.25, 2.25]] to [4] AddBackward0
   input 1: local derivative ∂(a * b)/∂b = a
      with self = y = [[3, 3], [3, 3]]
      sends [[2.25, 2.25], [2.25, 2.25]] to [4] AddBackward0

[4] AddBackward0  line 1: y = x+2
   receives 2 gradients and adds them up (fan-in):
        [[2.25, 2.25], [2.25, 2.25]]  from [3] MulBackward0, input 0
      + [[2.25, 2.25], [2.25, 2.25]]  from [3] MulBackward0, input 1
      = [[4.5, 4.5], [4.5, 4.5]]
   input 0: local derivative ∂(a + b)/∂a = 1
      sends [[4.5, 4.5], [4.5, 4.5]] to [5] x (AccumulateGrad)
   input 1: a constant: no gradient

[5] AccumulateGrad  x
   receives [[4.5, 4.5], [4.5, 4.5]]  from [4] AddBackward0, input 0
   x.grad would become [[4.5, 4.5], [4.5, 4.5]]

In the end:
   x.grad would become [[4.5, 4.5], [4.5, 4.5]]
""",
    "zh": """\
out 的反向传播，逐个节点，按引擎实际执行的顺序：
这是一次演练：不会改动任何 .grad，也不会释放任何保存的值。
起点：∂out/∂out = 1。

[1] MeanBackward0  第 1 行：out = mean(z)
   收到 1  来自起点
   输入 0：局部导数 ∂mean(x)/∂xᵢ = 1/n
      把 [[0.25, 0.25], [0.25, 0.25]] 传给 [2] MulBackward0

[2] MulBackward0  第 1 行：z = y*y*3
   收到 [[0.25, 0.25], [0.25, 0.25]]  来自 [1] MeanBackward0 的输入 0
   输入 0：局部导数 ∂(a * b)/∂a = b
      其中 other = 3
      把 [[0.75, 0.75], [0.75, 0.75]] 传给 [3] MulBackward0
   输入 1：常量，不需要梯度

[3] MulBackward0  第 1 行：z = y*y*3
   收到 [[0.75, 0.75], [0.75, 0.75]]  来自 [2] MulBackward0 的输入 0
   输入 0：局部导数 ∂(a * b)/∂a = b
      其中 other = y = [[3, 3], [3, 3]]
      把 [[2.25, 2.25], [2.25, 2.25]] 传给 [4] AddBackward0
   输入 1：局部导数 ∂(a * b)/∂b = a
      其中 self = y = [[3, 3], [3, 3]]
      把 [[2.25, 2.25], [2.25, 2.25]] 传给 [4] AddBackward0

[4] AddBackward0  第 1 行：y = x+2
   收到 2 个梯度，把它们相加（汇合）：
        [[2.25, 2.25], [2.25, 2.25]]  来自 [3] MulBackward0 的输入 0
      + [[2.25, 2.25], [2.25, 2.25]]  来自 [3] MulBackward0 的输入 1
      = [[4.5, 4.5], [4.5, 4.5]]
   输入 0：局部导数 ∂(a + b)/∂a = 1
      把 [[4.5, 4.5], [4.5, 4.5]] 传给 [5] x (AccumulateGrad)
   输入 1：常量，不需要梯度

[5] AccumulateGrad  x
   收到 [[4.5, 4.5], [4.5, 4.5]]  来自 [4] AddBackward0 的输入 0
   x.grad 将变为 [[4.5, 4.5], [4.5, 4.5]]

最终：
   x.grad 将变为 [[4.5, 4.5], [4.5, 4.5]]
""",
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tutorial_narration(lang):
    assert output_of(TUTORIAL + "explain(out)\n", lang) == NARRATION[lang]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_explain_is_a_dry_run(lang):
    """The issue's 'done when': the numbers of the chain rule, then x.grad still None."""
    text = output_of(TUTORIAL + "graph(out)\nexplain(out)\nprint(x.grad)\nout.backward()\n"
                     "print(x.grad)\n", lang)
    for name in ("MeanBackward0", "MulBackward0", "AddBackward0", "AccumulateGrad  x"):
        assert name in text
    narration = text[text.index("[1] MeanBackward0"):]
    assert narration.index("0.25") < narration.index("0.75") < narration.index("2.25")
    fan_in = [ln for ln in narration.splitlines() if "[[2.25, 2.25], [2.25, 2.25]]  " in ln]
    assert [ln.strip()[0] for ln in fan_in] == ["[", "+"]
    assert "= [[4.5, 4.5], [4.5, 4.5]]" in narration
    assert text.endswith("None\ntensor([[4.5000, 4.5000],\n        [4.5000, 4.5000]])\n")


def test_explain_with_a_gradient_for_a_non_scalar():
    text = output_of("a = tensor([1., 2., 3.], requires_grad=True)\nv = a * a\n"
                     "explain(v, tensor([1., 0., 2.]))\n")
    assert "It starts with the gradient you gave: [1, 0, 2].\n" in text
    assert "      with other = a = [1, 2, 3]\n      sends [1, 0, 6] to [2] a (AccumulateGrad)\n" \
        in text
    assert text.endswith("In the end:\n   a.grad would become [2, 0, 12]\n")


def test_explain_shows_what_adds_to_an_existing_grad():
    text = output_of("a = tensor([1., 2.], requires_grad=True)\na.grad = tensor([1., 1.])\n"
                     "explain(a.sum() * 3)\nprint(a.grad)\n")
    assert "It starts with the gradient 1.\n" in text     # an expression has no name
    assert "   a.grad would become [1, 1] + [3, 3] = [4, 4]\n" in text
    assert text.endswith("tensor([1., 1.])\n")


def test_large_gradients_are_summarised():
    text = output_of("x = ones(4, 4, grad)\nexplain((x * x).sum())\n", "en")
    assert "sends 1 everywhere (shape [4, 4]) to [2] MulBackward0" in text
    text = output_of("x = arange(8.).requires_grad_()\nexplain((x * x).sum())\n", "zh")
    assert "[0, 2, 4, 6, 8, 10, …]（共 8 个值，形状 [8]）" in text


@pytest.mark.parametrize("program, error", [
    (TUTORIAL + "out.backward()\nexplain(out)\n", "Trying to backward through the graph a "
                                                  "second time"),
    ("x = ones(2, grad)\nexplain(x * 2)\n", "grad can be implicitly created only for scalar "
                                            "outputs"),
    ("explain(ones(2).sum())\n", "element 0 of tensors does not require grad and does not have "
                                 "a grad_fn"),
    ("explain([1])\n", r"explain\(\) takes a tensor, not list"),
])
def test_explain_raises_what_backward_would(program, error):
    with pytest.raises(ProgramError, match=error):
        output_of(program)


def test_explain_leaves_the_graph_usable():
    text = output_of(TUTORIAL + "explain(out)\nexplain(out)\nout.backward()\nprint(x.grad)\n")
    assert text.count("[5] AccumulateGrad  x") == 2
    assert text.endswith("tensor([[4.5000, 4.5000],\n        [4.5000, 4.5000]])\n")


def test_rich_text_has_the_same_words():
    from rich.console import Console
    x = engine.Tensor([[1.0, 2.0]], requires_grad=True)
    y = (x * x).sum()
    names = Names({"x": x, "y": y})
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(explain_renderable(y, names), end="")
    assert console.file.getvalue() == explain_text(y, names)


def _row_cases():
    from ..engine.opinfo import cases
    return [c[:4] for c in cases("CASES", "ZERO_CASES")]


@pytest.mark.parametrize("name, f, shapes, domain", _row_cases(),
                         ids=[c[0] for c in _row_cases()])
def test_every_row_is_narrated_and_drawn(name, f, shapes, domain):
    from gradcli.render.graph import graph_dot
    rng = np.random.default_rng(0)
    inputs = [engine.Tensor(rng.uniform(*domain, size=s), requires_grad=True) for s in shapes]
    out = f(*inputs)
    names = Names({f"x{k}": t for k, t in enumerate(inputs)} | {"out": out})
    v = engine.Tensor(np.ones(out.shape))
    short = name.rsplit("::", 1)[-1]
    narration = explain_text(out, names, v)
    assert short in narration
    for step in trace(out, v):
        node = step.node
        if isinstance(node, AccumulateGrad):
            assert f"{names.name(node.variable)}.grad would become" in narration
            continue
        for (nxt, _), d in zip(node.next_functions, node.op.derivs):
            assert nxt is None or d.formula in narration
    assert short in graph_text(out, names) and short in graph_dot(out, names)


def test_the_sample_shows_the_tutorial_worked_out():
    """samples/explain.out is gradcli's own recording (test_samples keeps it exact)."""
    from ..conftest import ROOT
    text = (ROOT / "samples" / "explain.out").read_text()
    tree, narration = text.split("The backward pass of out")[:2]
    assert all(n in tree for n in ("MeanBackward0", "MulBackward0", "AddBackward0",
                                   "AccumulateGrad  x"))
    assert "      + [[2.25, 2.25], [2.25, 2.25]]  from [3] MulBackward0, input 1\n" \
           "      = [[4.5, 4.5], [4.5, 4.5]]\n" in narration
    assert narration.split("In the end:\n")[1].startswith(
        "   x.grad would become [[4.5, 4.5], [4.5, 4.5]]\nNone\ndigraph backward {")
