"""graph(t): the backward graph as a tree (plain or rich) and as Graphviz DOT, in two languages."""
from __future__ import annotations

import io
import re
import shutil
import subprocess
import sys

import pytest

from gradcli import engine, i18n
from gradcli.errors import ProgramError
from gradcli.interpret import Interpreter
from gradcli.render.graph import Names, graph_renderable, graph_text

from ..conftest import interpreter

TUTORIAL = "x = ones(2,2, grad); y = x+2; z = y*y*3; out = mean(z)\n"


def output_of(source: str, lang: str = "en") -> str:
    """What a program writes, run by a fresh interpreter in `lang`."""
    engine.reset()
    chunks: list[str] = []
    previous = i18n.language()
    i18n.set_language(lang)
    try:
        interpreter(chunks.append).run_source(source, "prog.grad")
    finally:
        i18n.set_language(previous)
    return "".join(chunks)


TREE = {
    "en": """\
MeanBackward0  line 1: out = mean(z)  shape []  = 27
└── MulBackward0  line 1: z = y*y*3  shape [2, 2]  = [[27, 27], [27, 27]]
    ├── MulBackward0  line 1: z = y*y*3  shape [2, 2]
    │   ├── AddBackward0 [1]  line 1: y = x+2  shape [2, 2]  = [[3, 3], [3, 3]]
    │   │   ├── AccumulateGrad  x  shape [2, 2]  = [[1, 1], [1, 1]]  .grad = None
    │   │   └── constant
    │   └── AddBackward0 [1]  ↑ shown above
    └── constant
""",
    "zh": """\
MeanBackward0  第 1 行：out = mean(z)  形状 []  = 27
└── MulBackward0  第 1 行：z = y*y*3  形状 [2, 2]  = [[27, 27], [27, 27]]
    ├── MulBackward0  第 1 行：z = y*y*3  形状 [2, 2]
    │   ├── AddBackward0 [1]  第 1 行：y = x+2  形状 [2, 2]  = [[3, 3], [3, 3]]
    │   │   ├── AccumulateGrad  x  形状 [2, 2]  = [[1, 1], [1, 1]]  .grad = None
    │   │   └── 常量
    │   └── AddBackward0 [1]  ↑ 见上文
    └── 常量
""",
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_tutorial_tree(lang):
    assert output_of(TUTORIAL + "graph(out)\n", lang) == TREE[lang]


@pytest.mark.parametrize("lang, freed", [("en", "(freed by backward)"),
                                         ("zh", "（已被 backward 释放）")])
def test_backward_frees_the_nodes_that_saved_values(lang, freed):
    text = output_of(TUTORIAL + "out.backward()\ngraph(out)\n", lang)
    marked = [line.split()[1] for line in text.splitlines() if freed in line]
    assert marked == ["MulBackward0", "MulBackward0"]   # mean and add saved nothing
    assert ".grad = [[4.5, 4.5], [4.5, 4.5]]" in text


def test_retain_graph_keeps_nodes_unfreed():
    text = output_of(TUTORIAL + "out.backward(retain_graph=True)\ngraph(out)\n")
    assert "freed" not in text


def test_a_constant_shows_the_same_before_and_after_backward():
    # the tape keeps a constant's shape; a value it saved (the 3 of y*y*3) is freed by backward
    program = "x = ones(2, grad)\nc = ones(2)\nout = (x * 3 + x * c + 2).sum()\n"
    before = output_of(program + "graph(out)\n")
    after = output_of(program + "out.backward()\ngraph(out)\n")
    constants = [line.split("── ")[1] for line in before.splitlines() if "constant" in line]
    assert constants == ["constant", "constant  shape [2]", "constant"]
    assert [line.split("── ")[1] for line in after.splitlines() if "constant" in line] == \
        constants


def test_a_leaf_and_a_tensor_without_graph():
    assert output_of("x = ones(2, grad)\ngraph(x)\n") == \
        "AccumulateGrad  x  shape [2]  = [1, 1]  .grad = None\n"
    assert output_of("graph(ones(2))\n") == \
        "no backward graph: this tensor does not require grad\n"
    assert output_of("graph(ones(2))\n", "zh") == "没有反向图：这个张量不需要梯度\n"


def test_values_come_from_variables_or_saved_inputs():
    text = output_of("a = tensor([1., 2.], requires_grad=True)\nb = a.exp()\n"
                     "graph((b * b).sum())\n")
    lines = text.splitlines()
    assert lines[0] == "SumBackward0  line 3: graph((b * b).sum())  shape []  = 61.9872"
    assert lines[1] == ("└── MulBackward0  line 3: graph((b * b).sum())  shape [2]")
    assert lines[2].endswith("ExpBackward0 [1]  line 2: b = a.exp()  shape [2]  "
                             "= [2.71828, 7.38906]")


def test_large_tensors_show_their_shape_only():
    text = output_of("x = ones(3, 3, grad)\ngraph((x * 2).sum())\n")
    assert "AccumulateGrad  x  shape [3, 3]  .grad = None" in text
    assert "[[1, 1, 1]" not in text


def test_a_long_chain_is_cut_below_the_depth_limit():
    text = output_of("x = ones(1, grad)\ny = x\nfor i in range(300):\n    y = y * 1\ngraph(y)\n")
    lines = text.splitlines()
    assert len(lines) < 200
    cut = [line for line in lines if "deeper node" in line]
    assert len(cut) == 1 and cut[0].index("…") == 4 * 64 + 4
    assert cut[0].endswith("… 236 deeper nodes")   # 300 products and x, less 65 levels drawn


LOOP = "x = ones(2, grad)\ny = x\nfor i in range(60):\n    y = y + x * 2\n"


@pytest.mark.parametrize("columns", [80, 50])
def test_a_terminal_tree_fits_its_width_without_splitting_a_name(columns):
    engine.reset()
    interp = Interpreter(lambda text: None)
    interp.run_source(LOOP, "loop.grad")
    text = graph_text(interp.globals["y"], Names(interp.globals), columns)
    lines = text.splitlines()
    assert max(len(line) for line in lines) <= columns
    names = ("AddBackward0", "MulBackward0", "AccumulateGrad")
    pieces = {w for w in text.replace("│", " ").replace("──", " ").split()}
    assert {w for w in pieces if any(w != n and w in n for n in names)} == set()
    deeper = [line for line in lines if "deeper node" in line]
    assert len(deeper) == 1 and deeper[0].split("… ")[1].split()[0].isdigit()
    for item in re.split(r"[├└]── ", text)[1:]:   # a repeat refers to a node drawn before it
        if "shown above" in item:
            ref = re.search(r"\[\d+\]", item).group()
            assert "shown above" not in re.split(r"[├└]── ", text[:text.index(ref) + 60])[-1]


def test_a_wide_label_goes_on_under_its_guides():
    engine.reset()
    interp = Interpreter(lambda text: None)
    interp.run_source(TUTORIAL, "prog.grad")
    text = graph_text(interp.globals["out"], Names(interp.globals), 50)
    assert text.splitlines()[:4] == [
        "MeanBackward0  line 1: out = mean(z)  shape []",
        "│ = 27",
        "└── MulBackward0  line 1: z = y*y*3  shape [2, 2]",
        "    │ = [[27, 27], [27, 27]]",
    ]
    assert "│   │   ├── AccumulateGrad  x  shape [2, 2]\n" in text
    assert "│   │   │     = [[1, 1], [1, 1]]  .grad = None\n" in text


def test_graph_rejects_what_it_cannot_draw():
    with pytest.raises(ProgramError, match=r"TypeError: graph\(\) takes a tensor, not int"):
        output_of("graph(3)\n")
    with pytest.raises(ProgramError, match="ValueError: graph\\(\\) format must be one of "
                                           "'tree', 'dot', not 'svg'"):
        output_of("graph(ones(1, grad) * 2, format='svg')\n")


def test_rich_tree_draws_the_same_text():
    from rich.console import Console
    x = engine.Tensor([[1.0, 2.0]], requires_grad=True)
    y = (x * x).sum()
    names = Names({"x": x, "y": y})
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(graph_renderable(y, names))
    assert console.file.getvalue() == graph_text(y, names)


def test_the_plain_path_does_not_import_rich():
    code = ("import io, sys\nfrom gradcli.cli import Env, main\n"
            "main(['-e', 'x = ones(2, grad); y = (x*x).sum(); graph(y); explain(y); "
            "graph(y, format=\"dot\")'], Env(stdout=io.StringIO(), stderr=io.StringIO()))\n"
            "print('rich' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


DOT = """\
digraph backward {
  node [shape=box, style="rounded,filled", fillcolor="#eeeeee", fontname="Helvetica"];
  edge [arrowsize=0.7];
  n1 [label="MeanBackward0\\nline 1: out = mean(z)\\nshape []\\n= 27"];
  n1 -> n2;
  n2 [label="MulBackward0\\nline 1: z = y*y*3\\nshape [2, 2]\\n= [[27, 27], [27, 27]]"];
  n2 -> n3;
  c1 [label="constant", shape=plaintext, style=""];
  n2 -> c1 [style=dashed];
  n3 [label="MulBackward0\\nline 1: z = y*y*3\\nshape [2, 2]"];
  n3 -> n4;
  n3 -> n4;
  n4 [label="AddBackward0\\nline 1: y = x+2\\nshape [2, 2]\\n= [[3, 3], [3, 3]]"];
  n4 -> n5;
  c2 [label="constant", shape=plaintext, style=""];
  n4 -> c2 [style=dashed];
  n5 [label="AccumulateGrad\\nx\\nshape [2, 2]\\n= [[1, 1], [1, 1]]\\n.grad = None", \
fillcolor="#cfe2ff"];
}
"""


def test_tutorial_dot():
    assert output_of(TUTORIAL + 'graph(out, format="dot")\n') == DOT


DOT_PROGRAMS = {
    "tutorial": TUTORIAL + 'graph(out, format="dot")\n',
    "freed": TUTORIAL + 'out.backward()\ngraph(out, format="dot")\n',
    "quotes": 'x = ones(2, grad)\ny = x * len("a\\\\b") + x\ngraph(y.sum(), format="dot")\n',
    "no graph": 'graph(ones(2), format="dot")\n',
}


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot is not installed")
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("name", DOT_PROGRAMS)
def test_dot_is_accepted_by_graphviz(name, lang):
    text = output_of(DOT_PROGRAMS[name], lang)
    done = subprocess.run(["dot", "-Tsvg"], input=text.encode(), capture_output=True)
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.startswith(b"<?xml")


@pytest.mark.parametrize("prefix", ["graph.", "explain.", "gradcheck.", "info.", "tools."])
def test_every_word_exists_in_both_languages(prefix):
    import gradcli.interpret.bound  # noqa: F401  (each module registers its words)
    import gradcli.render.explain  # noqa: F401
    import gradcli.render.gradcheck  # noqa: F401
    import gradcli.render.info  # noqa: F401
    import gradcli.tools  # noqa: F401
    en = {k for k in i18n._catalogs["en"] if k.startswith(prefix)}
    zh = {k for k in i18n._catalogs["zh"] if k.startswith(prefix)}
    assert en and en == zh
