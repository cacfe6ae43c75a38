"""gradcheck: torch.autograd.gradcheck's signature, result and errors; the terse table."""
from __future__ import annotations

import inspect

import pytest

from gradcli.errors import ProgramError
from gradcli.engine import gradcheck as G
from gradcli.engine.limits import limits

from ..conftest import interpreter
from ..render.test_graph import output_of

# Valid Python for gradcli and for PyTorch alike: RECORDED is what torch 2.13.0 gave for each
# case, run as `exec(PRELUDE)` then `eval(CASES[name])` (str(error) for an exception).
PRELUDE = """\
x = torch.tensor([1., 2., 3.], dtype=torch.float64, requires_grad=True)
w = torch.tensor([[1., 2.], [3., 4.], [5., 6.]], dtype=torch.float64, requires_grad=True)
m = torch.tensor([[1., 2.], [3., 4.]], dtype=torch.float64, requires_grad=True)
s = torch.tensor(2., dtype=torch.float64, requires_grad=True)
xf = torch.tensor([1., 2., 3.], requires_grad=True)
"""
CASES = {
    "detached_factor": "torch.autograd.gradcheck(lambda a: a.detach() * a, (x,))",
    "second_input": "torch.autograd.gradcheck(lambda a, b: (a @ b.detach(), a.sum()), (x, w))",
    "first_input": "torch.autograd.gradcheck(lambda a, b: (a.detach() @ b, a.sum()), (x, w))",
    "second_output": "torch.autograd.gradcheck(lambda a, b: (a @ b, a.detach().sum() * a.sum()), "
                     "(x, w))",
    "scalar": "torch.autograd.gradcheck(lambda a: a.detach() * a * a, (s,))",
    "matrix_rows": "torch.autograd.gradcheck(lambda a: (a.detach() * a).sum(0), (m,))",
    "float32": "torch.autograd.gradcheck(lambda a: a * a, (xf,))",
    "nondifferentiable": "torch.autograd.gradcheck(lambda a: a.detach() * 2, (x,))",
    "no_input": "torch.autograd.gradcheck(lambda a: a * 2, (x.detach(),))",
    "stride_0": "torch.autograd.gradcheck(lambda a: a * 2, (s.expand(3),))",
    "not_a_tensor": "torch.autograd.gradcheck(lambda a: 3, (m,))",
    "correct": "torch.autograd.gradcheck(lambda a, b: (a @ b, (a * a).sum()), (x, w))",
    "tensor_input": "torch.autograd.gradcheck(lambda a: a.exp() * 2, x)",
    "list_input": "torch.autograd.gradcheck(lambda a, k: (a * k).sum(0), [m, 3.0])",
    "zero_numerical": "torch.autograd.gradcheck(lambda a: a.detach() * 0, x)",
    "no_raise": "torch.autograd.gradcheck(lambda a: a.detach() * a, x, raise_exception=False)",
}
RECORDED = {
    'detached_factor': ('GradcheckError', 'Jacobian mismatch for output 0 with respect to input 0,\nnumerical:tensor([[2.0000, 0.0000, 0.0000],\n        [0.0000, 4.0000, 0.0000],\n        [0.0000, 0.0000, 6.0000]], dtype=torch.float64)\nanalytical:tensor([[1., 0., 0.],\n        [0., 2., 0.],\n        [0., 0., 3.]], dtype=torch.float64)\n'),  # noqa: E501
    'second_input': ('GradcheckError', 'Jacobian mismatch for output 0 with respect to input 1,\nnumerical:tensor([[1.0000, 0.0000],\n        [0.0000, 1.0000],\n        [2.0000, 0.0000],\n        [0.0000, 2.0000],\n        [3.0000, 0.0000],\n        [0.0000, 3.0000]], dtype=torch.float64)\nanalytical:tensor([[0., 0.],\n        [0., 0.],\n        [0., 0.],\n        [0., 0.],\n        [0., 0.],\n        [0., 0.]], dtype=torch.float64)\n'),  # noqa: E501
    'first_input': ('GradcheckError', 'Jacobian mismatch for output 0 with respect to input 0,\nnumerical:tensor([[1.0000, 2.0000],\n        [3.0000, 4.0000],\n        [5.0000, 6.0000]], dtype=torch.float64)\nanalytical:tensor([[0., 0.],\n        [0., 0.],\n        [0., 0.]], dtype=torch.float64)\n'),  # noqa: E501
    'second_output': ('GradcheckError', 'Jacobian mismatch for output 1 with respect to input 0,\nnumerical:tensor([[12.0000],\n        [12.0000],\n        [12.0000]], dtype=torch.float64)\nanalytical:tensor([[6.],\n        [6.],\n        [6.]], dtype=torch.float64)\n'),  # noqa: E501
    'scalar': ('GradcheckError', 'Jacobian mismatch for output 0 with respect to input 0,\nnumerical:tensor([[12.0000]], dtype=torch.float64)\nanalytical:tensor([[8.]], dtype=torch.float64)\n'),  # noqa: E501
    'matrix_rows': ('GradcheckError', 'Jacobian mismatch for output 0 with respect to input 0,\nnumerical:tensor([[2.0000, 0.0000],\n        [0.0000, 4.0000],\n        [6.0000, 0.0000],\n        [0.0000, 8.0000]], dtype=torch.float64)\nanalytical:tensor([[1., 0.],\n        [0., 2.],\n        [3., 0.],\n        [0., 4.]], dtype=torch.float64)\n'),  # noqa: E501
    'float32': ('GradcheckError', 'Jacobian mismatch for output 0 with respect to input 0,\nnumerical:tensor([[1.9670, 0.0000, 0.0000],\n        [0.0000, 3.8147, 0.0000],\n        [0.0000, 0.0000, 5.7220]])\nanalytical:tensor([[2., 0., 0.],\n        [0., 4., 0.],\n        [0., 0., 6.]])\n'),  # noqa: E501
    'nondifferentiable': ('GradcheckError', 'Numerical gradient for function expected to be zero'),
    'no_input': ('ValueError', 'gradcheck expects at least one input tensor to require gradient, but none of them have requires_grad=True.'),  # noqa: E501
    'stride_0': ('RuntimeError', 'The 0th input has a dimension with stride 0. gradcheck only supports inputs that are non-overlapping to be able to compute the numerical gradients correctly. You should call .contiguous on the input before passing it to gradcheck.'),  # noqa: E501
    'not_a_tensor': ('AttributeError', "'int' object has no attribute 'requires_grad'"),
    'correct': ('returns', True),
    'tensor_input': ('returns', True),
    'list_input': ('returns', True),
    'zero_numerical': ('returns', True),
    'no_raise': ('returns', False),
}
FLOAT32_WARNING = ("prog.grad:6: UserWarning: Input #0 requires gradient and is not a double "
                   "precision floating point or complex. This check will likely fail if all the "
                   "inputs are not of double precision floating point or complex. ")


def run_case(name: str) -> tuple:
    """What gradcli gives for a case: ('returns', value) or (error class name, str(error))."""
    try:
        printed = output_of(PRELUDE + f"print(repr({CASES[name]}))\n")
    except ProgramError as e:
        return (type(e.error).__name__, e.message)
    return ("returns", {"True": True, "False": False}[printed.strip()])


@pytest.mark.parametrize("name", CASES)
def test_same_result_and_message_as_pytorch(name):
    assert run_case(name) == RECORDED[name]


def test_a_mismatch_is_reported_under_pytorchs_qualified_name():
    with pytest.raises(ProgramError) as info:
        output_of(PRELUDE + CASES["scalar"] + "\n")
    assert info.value.kind == "torch.autograd.gradcheck.GradcheckError"


def test_the_error_is_pytorchs_class():
    assert G.GradcheckError.__mro__[1] is RuntimeError
    assert f"{G.GradcheckError.__module__}.{G.GradcheckError.__qualname__}" == \
        "torch.autograd.gradcheck.GradcheckError"


def test_signature_is_pytorchs():
    # inspect.signature(torch.autograd.gradcheck) in torch 2.13.0, without annotations
    params = [(p.name, p.kind.name, p.default) for p in
              inspect.signature(G.gradcheck).parameters.values()]
    empty = inspect.Parameter.empty
    assert params == [
        ("func", "POSITIONAL_OR_KEYWORD", empty), ("inputs", "POSITIONAL_OR_KEYWORD", empty),
        ("eps", "KEYWORD_ONLY", 1e-06), ("atol", "KEYWORD_ONLY", 1e-05),
        ("rtol", "KEYWORD_ONLY", 0.001), ("raise_exception", "KEYWORD_ONLY", True),
        ("nondet_tol", "KEYWORD_ONLY", 0.0), ("check_undefined_grad", "KEYWORD_ONLY", True),
        ("check_grad_dtypes", "KEYWORD_ONLY", False),
        ("check_batched_grad", "KEYWORD_ONLY", False),
        ("check_batched_forward_grad", "KEYWORD_ONLY", False),
        ("check_forward_ad", "KEYWORD_ONLY", False), ("check_backward_ad", "KEYWORD_ONLY", True),
        ("fast_mode", "KEYWORD_ONLY", False), ("masked", "KEYWORD_ONLY", None)]


def test_float32_inputs_are_warned_about(tmp_path):
    from ..conftest import run_source
    got = run_source(PRELUDE + "print(torch.autograd.gradcheck(lambda a: a * 2, xf, "
                               "raise_exception=False))\n", tmp_path)
    assert got.out == "False\n"     # as in PyTorch: eps=1e-6 is lost in float32 rounding
    assert got.err.splitlines()[0].endswith(FLOAT32_WARNING[len("prog.grad"):])


@pytest.mark.parametrize("option", ["check_forward_ad", "fast_mode", "check_batched_grad"])
def test_modes_gradcli_lacks_are_refused(option):
    with pytest.raises(ProgramError, match=f"gradcli's gradcheck has no {option}=True"):
        output_of(PRELUDE + f"torch.autograd.gradcheck(lambda a: a * 2, x, {option}=True)\n")


def test_inputs_are_restored_and_the_function_sees_perturbations():
    text = output_of(PRELUDE + "seen = []\ndef f(a):\n    seen.append(a.sum().item())\n"
                     "    return a * 2\nprint(torch.autograd.gradcheck(f, x))\n"
                     "print(x, len(seen), min(seen) < 6 < max(seen))\n")
    # one call to start, two per element (input 0 moves by ∓eps while 1 and 2 move), and one
    # for the undefined-gradient check, as PyTorch's gradcheck calls it
    assert text == ("True\ntensor([1., 2., 3.], dtype=torch.float64, requires_grad=True) "
                    "8 True\n")


COUNTED = "def f(a):\n    print('call')\n    return a * 2\n"


@pytest.mark.parametrize("call", ["torch.autograd.gradcheck", "gradcheck"])
def test_a_gradcheck_over_the_element_limit_is_refused_before_any_perturbation(call):
    # 2 * 10**6 calls of f would take hours; the one call that finds the outputs is all it makes
    source = ("x = torch.ones(10**6, dtype=torch.float64, requires_grad=True)\n" + COUNTED +
              f"{call}(f, x)\n")
    written = []
    with pytest.raises(ProgramError) as info:
        interpreter(written.append).run_source(source, "prog.grad")
    assert written == ["call\n"]
    assert info.value.message == (
        "gradcheck of 1000000 input and 1000000 output elements would make 4000001 calls of the "
        "function or of backward, each over all 2000000 elements: 8000002000000 in all, more "
        "than gradcli's limit of 100000000 (--max-elements or GRADCLI_MAX_ELEMENTS change it)")


@pytest.mark.parametrize("call, calls", [("torch.autograd.gradcheck", 8), ("gradcheck", 7)])
@pytest.mark.parametrize("limit, runs", [(78, True), (77, False)])
def test_the_bound_is_calls_times_elements(call, calls, limit, runs, monkeypatch):
    # x and f(x) have 3 elements each: 2 * 3 + 2 * 3 + 1 = 13 passes, each over 6 elements;
    # func runs once, twice per element, and (torch's, for undefined gradients) once more
    monkeypatch.setattr(limits, "max_elements", limit)
    source = PRELUDE + COUNTED + f"{call}(f, x)\n"
    if runs:
        assert output_of(source).count("call\n") == calls
    else:
        with pytest.raises(ProgramError, match="would make 13 calls .* each over all 6 elements: "
                                               "78 in all, more than gradcli's limit of 77"):
            output_of(source)


TABLE = {
    "en": """\
gradcheck f: backward (analytic) against central differences (numeric, eps=9.5367431640625e-07)
  derivative  analytic  numeric  difference
  ∂f/∂x[0]           6        6           0  ✓
  ∂f/∂x[1]          12       12           0  ✓
  ∂f/∂x[2]          18       18           0  ✓
passed: all 3 agree (|analytic − numeric| ≤ atol + rtol·|numeric|, atol=1e-05, rtol=0.001)
True
""",
    "zh": """\
gradcheck f：反向传播（解析值）对比中心差分（数值，eps=9.5367431640625e-07）
  导数      解析值  数值  差
  ∂f/∂x[0]       6     6   0  ✓
  ∂f/∂x[1]      12    12   0  ✓
  ∂f/∂x[2]      18    18   0  ✓
通过：全部 3 个一致（|解析值 − 数值| ≤ atol + rtol·|数值|，atol=1e-05，rtol=0.001）
True
""",
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_terse_gradcheck_prints_a_table(lang):
    # eps = 2**-20 makes every step exact in float64, so the differences are exactly 0
    text = output_of(PRELUDE + "def f(a):\n    return (a * a * 3).sum()\n"
                     "print(gradcheck(f, x, eps=2**-20))\n", lang)
    assert text == TABLE[lang]


@pytest.mark.parametrize("lang, verdict", [
    ("en", "failed: 3 of 9 disagree (|analytic − numeric| > atol + rtol·|numeric|, atol=1e-05, "
           "rtol=0.001)"),
    ("zh", "未通过：9 个中有 3 个不一致（|解析值 − 数值| > atol + rtol·|数值|，atol=1e-05，"
           "rtol=0.001）"),
])
def test_terse_gradcheck_shows_the_disagreements(lang, verdict):
    text = output_of(PRELUDE + "print(gradcheck(lambda a: a.detach() * a, x))\n", lang)
    lines = text.splitlines()
    assert lines[-2:] == [verdict, "False"]
    assert [ln.split()[0] for ln in lines if ln.endswith("✗")] == \
        ["∂f[0]/∂x[0]", "∂f[1]/∂x[1]", "∂f[2]/∂x[2]"]


def test_terse_gradcheck_gives_pytorchs_reason_for_other_failures():
    text = output_of(PRELUDE + "print(gradcheck(lambda a: a.detach() * 2, x))\n")
    assert text.splitlines()[-2:] == [
        "failed: Numerical gradient for function expected to be zero", "False"]


def test_terse_gradcheck_names_outputs_and_unnamed_inputs():
    text = output_of(PRELUDE + "def g(a, b):\n    return a.sum(), (a * b).sum()\n"
                     "gradcheck(g, (x, torch.ones(3, dtype=torch.float64, "
                     "requires_grad=True)))\n")
    labels = [ln.split()[0] for ln in text.splitlines()[2:-1]]
    assert labels == ["∂g₀/∂x[0]", "∂g₀/∂x[1]", "∂g₀/∂x[2]", "∂g₀/∂input1[0]", "∂g₀/∂input1[1]",
                      "∂g₀/∂input1[2]", "∂g₁/∂x[0]", "∂g₁/∂x[1]", "∂g₁/∂x[2]",
                      "∂g₁/∂input1[0]", "∂g₁/∂input1[1]", "∂g₁/∂input1[2]"]


@pytest.mark.parametrize("lang, note", [
    ("en", "x is torch.float32: checked as a float64 copy, as central differences need double "
           "precision"),
    ("zh", "x 是 torch.float32：按 float64 副本检查，因为中心差分需要双精度"),
])
def test_terse_gradcheck_checks_single_precision_in_float64_and_says_so(lang, note):
    # in float32, eps=1e-6 is below the precision of the sums: every row would disagree
    text = output_of("x = ones(2, 2, grad)\nprint(gradcheck(lambda t: (t * t * 3).sum(), x))\n"
                     "print(x.dtype, x.grad)\n", lang)
    lines = text.splitlines()
    assert lines[1] == note
    assert not any(line.endswith("✗") for line in lines)
    assert lines[-2:] == ["True", "torch.float32 None"]   # x itself is left as it was
