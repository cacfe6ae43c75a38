"""torch.autograd.gradcheck: backward's Jacobians against central finite differences.

Follows torch/autograd/gradcheck.py's slow mode: Jacobians are laid out (input element,
output element); the numerical one has the output's dtype, the analytical one the input's;
they are compared with torch.allclose(analytical, numerical, rtol, atol) after type
promotion. Its other checks run as PyTorch runs them, so that a custom Function's forward
and backward are called as often, in the same order: the analytical Jacobian twice (the
reentrancy check, within nondet_tol), a backward of zero gradients (backward must multiply by
grad_output), and with check_undefined_grad one more call of func and a backward of zero
gradients for its outputs (undefined gradients reach a custom backward as zeros).

Slow mode is quadratic: it calls func twice per input element and runs two backwards per output
element, and each of those passes handles every input and output element. Before the first
perturbation, gradcheck counts that work in elements, (2·inputs + 2·outputs + 1)·(inputs +
outputs), which also bounds the Jacobians' inputs·outputs, and refuses it above the engine's
element limit: the one knob (--max-elements) that bounds memory bounds this time too.
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass
from itertools import product

import numpy as np

from . import arguments
from .backward import grad as autograd_grad
from .format import tensor_repr
from .limits import limits
from .tensor import Tensor

DOUBLE_WARNING = ("Input #{idx} requires gradient and is not a double precision floating point or "
                  "complex. This check will likely fail if all the inputs are not of double "
                  "precision floating point or complex. ")
STRIDE_0 = ("The {idx}th input has a dimension with stride 0. gradcheck only supports inputs "
            "that are non-overlapping to be able to compute the numerical gradients correctly. "
            "You should call .contiguous on the input before passing it to gradcheck.")
NO_INPUT = ("gradcheck expects at least one input tensor to require gradient, but none of them "
            "have requires_grad=True.")
NOT_ZERO = "Numerical gradient for function expected to be zero"
NOT_MULTIPLIED = "backward not multiplied by grad_output"
NOT_REENTRANT = (
    "Backward is not reentrant, i.e., running backward with same input and grad_output "
    "multiple times gives different values, although analytical gradient matches numerical "
    "gradient.The tolerance for nondeterminism was {}.\n\n"
    "NOTE: If your op relies on non-deterministic operations i.e., it is listed here:\n"
    "https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html\n"
    "this failure might be expected.\n\n"
    "If you are adding a new operator, please file an issue and then use one of the\n"
    "workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.\n"
    "If the test\n"
    "- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck\n"
    "  with `nondet_tol=<tol>` as a keyword argument.\n"
    "- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test\n"
    "  to have `gradcheck_nondet_tol=<tol>`.\n"
    "- is a Module test (e.g., in common_nn.py), then modify the corresponding\n"
    "  module_test entry to have `gradcheck_nondet_tol=<tol>`\n")
NOT_UNDEFINED = ("Expected all input grads to be undefined or zero when all output grads are "
                 "undefined or zero. If it is not possible to support undefined grads, set "
                 "check_undefined_grad=False when calling gradcheck.")
NO_MODE = "Expected at least one of check_forward_ad or check_backward_ad to be True"
UNSUPPORTED = "gradcli's gradcheck has no {option}=True: it checks backward mode, slow mode only"
TOO_BIG = ("gradcheck of {inputs} input and {outputs} output elements would make {passes} calls of "
           "the function or of backward, each over all {each} elements: {work} in all, more than "
           "gradcli's limit of {limit} (--max-elements or GRADCLI_MAX_ELEMENTS change it)")


class GradcheckError(RuntimeError):
    """Raised when a Jacobian does not match (PyTorch's class, under PyTorch's name)."""

    __module__ = "torch.autograd.gradcheck"


@dataclass(frozen=True, slots=True)
class Pair:
    """The Jacobians of differentiable output `output` with respect to input `input`.

    Indices count only the differentiable outputs and the inputs that require grad, as
    PyTorch's messages do; `close[k, j]` says whether element (k, j) passes allclose.
    """
    output: int
    input: int
    out_tensor: Tensor
    in_tensor: Tensor
    numerical: np.ndarray
    analytical: np.ndarray
    close: np.ndarray

    @property
    def ok(self) -> bool:
        return bool(self.close.all())

    def message(self) -> str:
        return (f"Jacobian mismatch for output {self.output:d} with respect to input "
                f"{self.input:d},\nnumerical:{tensor_repr(Tensor._make(self.numerical))}\n"
                f"analytical:{tensor_repr(Tensor._make(self.analytical))}\n")


@dataclass(frozen=True, slots=True)
class Report:
    """Every Jacobian pair compared, and the first failure as PyTorch words it (None: passed)."""
    pairs: tuple[Pair, ...]
    failure: str | None

    @property
    def passed(self) -> bool:
        return self.failure is None


def gradcheck(func, inputs, *, eps: float = 1e-6, atol: float = 1e-5, rtol: float = 1e-3,
              raise_exception: bool = True, nondet_tol: float = 0.0,
              check_undefined_grad: bool = True, check_grad_dtypes: bool = False,
              check_batched_grad: bool = False, check_batched_forward_grad: bool = False,
              check_forward_ad: bool = False, check_backward_ad: bool = True,
              fast_mode: bool = False, masked: bool | None = None) -> bool:
    """True when every analytical Jacobian matches the numerical one; else GradcheckError."""
    if not (check_forward_ad or check_backward_ad):
        raise AssertionError(NO_MODE)
    for option, value in (("check_batched_grad", check_batched_grad),
                          ("check_batched_forward_grad", check_batched_forward_grad),
                          ("check_forward_ad", check_forward_ad), ("fast_mode", fast_mode),
                          ("masked", masked)):
        if value:
            raise RuntimeError(UNSUPPORTED.format(option=option))
    report = check(func, inputs, eps=eps, atol=atol, rtol=rtol, nondet_tol=nondet_tol,
                   check_undefined_grad=check_undefined_grad)
    if report.failure is None:
        return True
    if raise_exception:
        raise GradcheckError(report.failure)
    return False


def check(func, inputs, *, eps: float = 1e-6, atol: float = 1e-5, rtol: float = 1e-3,
          nondet_tol: float = 0.0, check_undefined_grad: bool = False) -> Report:
    """Run every check gradcheck runs, in its order, and keep all the Jacobians."""
    tupled = _as_tuple(inputs)
    diff_inputs = _check_inputs(tupled)
    func_out = _as_tuple(func(*tupled))
    picks = [k for k, o in enumerate(func_out) if _requires_grad(o)]
    floats = [k for k, o in enumerate(func_out) if o._data.dtype.kind == "f"]
    _check_size(diff_inputs, [func_out[k] for k in picks or floats])
    if not picks:
        numerical = _numerical(func, tupled, diff_inputs, func_out, floats, eps)
        if any(np.any(n != 0) for per_input in numerical for n in per_input):
            return Report((), NOT_ZERO)
        return Report((), None)
    outputs = [func_out[k] for k in picks]
    numerical = _numerical(func, tupled, diff_inputs, func_out, picks, eps)
    _check_tolerances(outputs[0], rtol, atol)
    pairs = []
    failure = None
    for i, o in enumerate(outputs):
        analytical = _analytical(o, diff_inputs)
        again = _analytical(o, diff_inputs)
        if failure is None and any(np.any(np.abs(a - b) > nondet_tol)
                                   for a, b in zip(analytical, again)):
            failure = NOT_REENTRANT.format(nondet_tol)
        for j, (x, a) in enumerate(zip(diff_inputs, analytical)):
            n = numerical[j][i]
            pairs.append(Pair(i, j, o, x, n, a, _allclose(a, n, rtol, atol)))
            if failure is None and not pairs[-1].ok:
                failure = pairs[-1].message()
    if failure is None:
        failure = _mul_by_grad_output_failure(outputs, diff_inputs)
    if failure is None and check_undefined_grad:
        outputs = [o for o in _as_tuple(func(*tupled)) if _requires_grad(o)]
        failure = _undefined_grad_failure(outputs, diff_inputs)
    return Report(tuple(pairs), failure)


def _as_tuple(x) -> tuple:
    if isinstance(x, tuple):
        return x
    if isinstance(x, list):
        return tuple(x)
    return (x,)


def _requires_grad(o) -> bool:
    if not isinstance(o, Tensor):
        raise AttributeError(f"'{type(o).__name__}' object has no attribute 'requires_grad'")
    return o.requires_grad


def _check_inputs(tupled: tuple) -> list[Tensor]:
    diff = []
    for idx, inp in enumerate(tupled):
        if not (isinstance(inp, Tensor) and inp.requires_grad):
            continue
        if inp._data.dtype != np.float64:
            warnings.warn(DOUBLE_WARNING.format(idx=idx), UserWarning, stacklevel=3)
        if not all(st > 0 or sz <= 1 for st, sz in zip(inp._data.strides, inp._data.shape)):
            raise RuntimeError(STRIDE_0.format(idx=idx))
        diff.append(inp)
    if not diff:
        raise ValueError(NO_INPUT)
    return diff


def _check_size(diff_inputs: list, outputs: list) -> None:
    """Refuse a gradcheck whose work, counted as the module docstring says, is over the limit."""
    n_in = sum(x._data.size for x in diff_inputs)
    n_out = sum(o._data.size for o in outputs)
    passes, each = 2 * n_in + 2 * n_out + 1, n_in + n_out
    if passes * each > limits.max_elements:
        raise RuntimeError(TOO_BIG.format(inputs=n_in, outputs=n_out, passes=passes, each=each,
                                          work=passes * each, limit=limits.max_elements))


def _numerical(func, tupled: tuple, diff_inputs: list, func_out: tuple, picks: list,
               eps: float) -> list[list]:
    """Per input, per picked output: (b - a) / 2eps with one input element moved by ∓eps."""
    _check_step(diff_inputs, eps)
    if isinstance(eps, Tensor) and eps._data.size == 1:
        eps = eps.item()   # 0-d beside the element: its value steps in the element's dtype
    jacobians = []
    for x in diff_inputs:
        data = x._data
        cols = [np.zeros((data.size, func_out[k]._data.size), dtype=func_out[k]._data.dtype)
                for k in picks]
        for row, idx in enumerate(product(*map(range, data.shape))):
            orig = data[idx].copy()
            try:
                data[idx] = orig - eps
                below = _evaluate(func, tupled)
                data[idx] = orig + eps
                above = _evaluate(func, tupled)
            finally:
                data[idx] = orig
            for col, k in zip(cols, picks):
                col[row] = ((above[k] - below[k]) / (2 * eps)).reshape(-1)
        jacobians.append(cols)
    return jacobians


def _check_step(diff_inputs: list, eps) -> None:
    """PyTorch moves an element as a 0-d tensor, `orig - eps`, and divides the difference by
    `2 * eps`: an eps those tensor operations refuse fails there, with their error (as the
    engine's tensors raise it, or the TypeError Python raises for an operand they do not take),
    before func runs again."""
    element = next((x for x in diff_inputs if x._data.size), None)
    if element is None:
        return
    orig = Tensor._make(element._data.reshape(-1)[:1].reshape(()).copy())
    try:
        (orig - eps, orig + eps, (orig - orig) / (2 * eps))
    except TypeError as e:
        raise TypeError(str(e)) from None


def _check_tolerances(output: Tensor, rtol, atol) -> None:
    """PyTorch compares the Jacobians with torch.allclose(a, n, rtol, atol): tolerances it
    refuses are its argument parser's TypeError."""
    wrong = arguments.parser_for("torch", "allclose").error((output, output, rtol, atol), {})
    if wrong is not None:
        raise wrong


def _evaluate(func, tupled: tuple) -> list[np.ndarray]:
    return [np.array(o._data, copy=True) for o in _as_tuple(func(*tupled))]


def _analytical(output: Tensor, diff_inputs: list) -> list[np.ndarray]:
    """Row j of each Jacobian: the gradients of output element j, one backward per element."""
    n_out = output._data.size
    jac = [np.zeros((x._data.size, n_out), dtype=x._data.dtype) for x in diff_inputs]
    onehot = np.zeros(output._data.shape, dtype=output._data.dtype)
    flat = onehot.reshape(-1)
    for j in range(n_out):
        flat[:] = 0
        flat[j] = 1
        found = autograd_grad(output, diff_inputs, Tensor._make(onehot.copy()),
                              retain_graph=True, allow_unused=True)
        for col, g in zip(jac, found):
            if g is not None:
                col[:, j] = g._data.reshape(-1)
    return jac


def _allclose(a: np.ndarray, n: np.ndarray, rtol: float, atol: float) -> np.ndarray:
    """torch.isclose(a, n, rtol, atol) elementwise, computed in the promoted dtype."""
    dt = np.promote_types(a.dtype, n.dtype)
    a, n = a.astype(dt), n.astype(dt)
    diff = np.abs(a - n)
    with np.errstate(invalid="ignore"):
        return (a == n) | (np.isfinite(diff) & (diff <= atol + np.abs(rtol * n)))


def _zero_grads_failure(outputs: list, diff_inputs: list, message: str) -> str | None:
    """`message` unless zero gradients in give zero gradients out (torch frees the graph)."""
    zeros = [Tensor._make(np.zeros_like(o._data)) for o in outputs]
    found = autograd_grad(outputs, diff_inputs, zeros, allow_unused=True)
    if any(g is not None and np.any(g._data != 0) for g in found):
        return message
    return None


def _mul_by_grad_output_failure(outputs: list, diff_inputs: list) -> str | None:
    return _zero_grads_failure(outputs, diff_inputs, NOT_MULTIPLIED)


def _undefined_grad_failure(outputs: list, diff_inputs: list) -> str | None:
    """_test_undefined_backward_mode: undefined output gradients (zeros, as a custom backward
    receives them) must give undefined or zero input gradients."""
    if not outputs:
        return None
    return _zero_grads_failure(outputs, diff_inputs, NOT_UNDEFINED)
