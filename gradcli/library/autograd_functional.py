"""torch.autograd.functional: jacobian, hessian, vjp, jvp, vhp and hvp of a program's function,
computed as PyTorch computes them, by reverse-mode passes (autograd.grad) over the engine
(jvp and hvp by the double-backward trick), with PyTorch's shapes, nesting and errors."""
from __future__ import annotations

from typing import Callable

from ..engine import grad_mode
from ..engine.backward import grad as autograd_grad
from ..engine.factories import zeros_like
from ..engine.ops import FUNCTIONS
from ..engine.tensor import Tensor

# the stages of _zeros_for_unused whose missing gradients strict mode refuses, and how it says so
STRICT_MISSING = {
    "back": "The output of the user-provided function is independent of input {i}. This is "
            "not allowed in strict mode.",
    "back_trick": "The gradient with respect to the input is independent of entry {i} in the "
                  "grad_outputs when using the double backward trick to compute forward mode "
                  "gradients. This is not allowed in strict mode.",
    "double_back": "The jacobian of the user-provided function is independent of input {i}. "
                   "This is not allowed in strict mode.",
    "double_back_trick": "The hessian of the user-provided function is independent of entry "
                         "{i} in the grad_jacobian. This is not allowed in strict mode as it "
                         "prevents from using the double backward trick to replace forward "
                         "mode AD.",
}
# what strict mode says of a value that does not require grad, by what the value is
STRICT_CONSTANT = {
    "outputs": "Output {i} of the user-provided function does not require gradients. The "
               "outputs must be computed in a differentiable manner from the input when "
               "running in strict mode.",
    "grad_inputs": "The gradient with respect to input {i} is independent of the inputs of the "
                   "user-provided function. This is not allowed in strict mode.",
    "jacobian": "While computing the hessian, found that the jacobian of the user-provided "
                "function with respect to input {i} is independent of the input. This is not "
                "allowed in strict mode. You should ensure that your function is twice "
                "differentiable and that the jacobian depends on the inputs (this would be "
                "violated by a linear function for example).",
    "hessian": "The hessian of the user-provided function with respect to input {i} is "
               "independent of the input. This is not allowed in strict mode. You should ensure "
               "that your function is thrice differentiable and that the hessian depends on the "
               "inputs.",
}
USER_OUTPUTS = "outputs of the user-provided function"


def _tensors(value, what: str, fn: str) -> tuple[bool, tuple]:
    """(was it a tuple, its tensors): a tensor or a tuple of tensors, anything else refused."""
    given = isinstance(value, tuple)
    items = value if given else (value,)
    for i, item in enumerate(items):
        if not isinstance(item, Tensor):
            where = f"value at index {i}" if given else f"given {what}"
            raise TypeError(f"The {what} given to {fn} must be either a Tensor or a tuple of "
                            f"Tensors but the {where} has type {type(item)}.")
    return given, items


def _unpack(result, was_tuple: bool):
    return result if was_tuple else result[0]


def _fresh(inputs: tuple, create_graph: bool, need_graph: bool) -> tuple:
    """The inputs as the function is given them: a view that keeps the caller's graph under
    create_graph, else a detached leaf."""
    return tuple(t.view_as(t) if create_graph and t.requires_grad
                 else t.detach().requires_grad_(need_graph) for t in inputs)


def _finished(values, create_graph: bool):
    """Results detached unless the caller asked for their graph; nested tuples alike."""
    if isinstance(values[0], Tensor):
        return values if create_graph else tuple(t.detach() for t in values)
    return tuple(_finished(v, create_graph) for v in values)


def _check_v(v: tuple, other: tuple, other_was_tuple: bool) -> None:
    if len(v) != len(other):
        if other_was_tuple:
            raise RuntimeError(f"v is a tuple of invalid length: should be {len(other)} but "
                               f"got {len(v)}.")
        raise RuntimeError("The given v should contain a single Tensor.")
    for i, (a, b) in enumerate(zip(v, other)):
        if a.shape != b.shape:
            entry = f"Entry {i} in " if other_was_tuple else ""
            raise RuntimeError(f"{entry}v has invalid size: should be {b.shape} but got "
                               f"{a.shape}.")


def _strict_requires_grad(values: tuple, what: str, strict: bool) -> None:
    if not strict:
        return
    for i, t in enumerate(values):
        if t is None:
            raise RuntimeError(STRICT_MISSING["back"].format(i=i))
        if not t.requires_grad:
            raise RuntimeError(STRICT_CONSTANT[what].format(i=i))


def _grads(outputs: tuple, inputs: tuple, grad_outputs=None, create_graph=False,
           retain_graph=None) -> tuple:
    """autograd.grad of the outputs that require grad (None for every input if none does)."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    pairs = [(o, g) for o, g in zip(outputs, grad_outputs) if o is not None and o.requires_grad]
    if not pairs:
        return (None,) * len(inputs)
    return autograd_grad(tuple(o for o, _ in pairs), inputs, tuple(g for _, g in pairs),
                         retain_graph=retain_graph, create_graph=create_graph,
                         allow_unused=True)


def _zeros_for_unused(grads: tuple, like: tuple, strict: bool, create_graph: bool,
                      stage: str) -> tuple:
    out = []
    for i, g in enumerate(grads):
        if g is None:
            if strict:
                raise RuntimeError(STRICT_MISSING[stage].format(i=i))
            g = zeros_like(like[i])
        elif strict and create_graph and not g.requires_grad:
            what = "hessian" if "double" in stage else "jacobian"
            raise RuntimeError(f"The {what} of the user-provided function is independent of "
                               f"input {i}. This is not allowed in strict mode when "
                               f"create_graph=True.")
        out.append(g)
    return tuple(out)


def _v_or_single(v, against: tuple, against_was_tuple: bool, fn: str, create_graph: bool,
                 which: str):
    """The vector of a product, checked against what it multiplies; None only for one
    single-element `which` (the function's output, or its input)."""
    if v is not None:
        _, v = _tensors(v, "v", fn)
        v = _fresh(v, create_graph, need_graph=False)
        _check_v(v, against, against_was_tuple)
        return v
    if len(against) != 1 or against[0].numel() != 1:
        raise RuntimeError(f"The vector v can only be None if {which} a single Tensor with a "
                           f"single element.")
    return None


def _last_pass(outputs: tuple, wrt: tuple, v, like: tuple, stage: str, create_graph: bool,
               strict: bool) -> tuple:
    """The pass that gives a product: the gradient of `outputs` by `wrt` against v (zeros
    shaped as `like` where it does not depend), recorded only if asked or grad mode is on."""
    with grad_mode.set_grad_enabled(create_graph or grad_mode.is_grad_enabled()):
        return _zeros_for_unused(_grads(outputs, wrt, v, create_graph), like, strict,
                                 create_graph, stage)


def _results(outputs: tuple, outputs_tuple: bool, got: tuple, got_tuple: bool,
             create_graph: bool) -> tuple:
    """(the function's outputs, the product), each as the caller gave its kind of value."""
    return (_unpack(_finished(outputs, create_graph), outputs_tuple),
            _unpack(_finished(got, create_graph), got_tuple))


def vjp(func: Callable, inputs, v=None, create_graph=False, strict=False):
    with grad_mode.enable_grad():
        inputs_tuple, inputs = _tensors(inputs, "inputs", "vjp")
        inputs = _fresh(inputs, create_graph, need_graph=True)
        outputs_tuple, outputs = _tensors(func(*inputs), USER_OUTPUTS, "vjp")
        _strict_requires_grad(outputs, "outputs", strict)
        v = _v_or_single(v, outputs, outputs_tuple, "vjp", create_graph,
                         "the user-provided function returns")
    got = _last_pass(outputs, inputs, v, inputs, "back", create_graph, strict)
    return _results(outputs, outputs_tuple, got, inputs_tuple, create_graph)


def jvp(func: Callable, inputs, v=None, create_graph=False, strict=False):
    with grad_mode.enable_grad():
        inputs_tuple, inputs = _tensors(inputs, "inputs", "jvp")
        inputs = _fresh(inputs, create_graph, need_graph=True)
        v = _v_or_single(v, inputs, inputs_tuple, "jvp", create_graph,
                         "the input to the user-provided function is")
        outputs_tuple, outputs = _tensors(func(*inputs), USER_OUTPUTS, "jvp")
        _strict_requires_grad(outputs, "outputs", strict)
        # the double-backward trick: the vjp is linear in its vector, so differentiating it
        # with respect to that (zero) vector gives the jvp
        dummy = tuple(zeros_like(o, requires_grad=True) for o in outputs)
        grad_inputs = _grads(outputs, inputs, dummy, create_graph=True)
        _strict_requires_grad(grad_inputs, "grad_inputs", strict)
    got = _last_pass(grad_inputs, dummy, v, outputs, "back_trick", create_graph, strict)
    return _results(outputs, outputs_tuple, got, outputs_tuple, create_graph)


def jacobian(func: Callable, inputs, create_graph=False, strict=False, vectorize=False,
             strategy="reverse-mode"):
    """One reverse pass per output element: row j of output i's Jacobian is the gradient of
    its element j, stacked and viewed as output.shape + input.shape."""
    if strategy not in ("forward-mode", "reverse-mode"):
        raise AssertionError('Expected strategy to be either "forward-mode" or "reverse-mode". '
                             'Hint: If your function has more outputs than inputs, '
                             '"forward-mode" tends to be more performant. Otherwise, prefer to '
                             'use "reverse-mode".')
    if strategy == "forward-mode":
        if create_graph:
            raise NotImplementedError(
                "torch.autograd.functional.jacobian: `create_graph=True` and "
                '`strategy="forward-mode"` are not supported together (yet). Please either '
                'set `create_graph=False` or `strategy="reverse-mode"`.')
        raise NotImplementedError('gradcli does not offer forward-mode AD: use '
                                  'strategy="reverse-mode" (the default)')
    with grad_mode.enable_grad():
        inputs_tuple, inputs = _tensors(inputs, "inputs", "jacobian")
        inputs = _fresh(inputs, create_graph, need_graph=True)
        outputs_tuple, outputs = _tensors(func(*inputs), USER_OUTPUTS, "jacobian")
        _strict_requires_grad(outputs, "outputs", strict)
        if vectorize and strict:
            raise RuntimeError("torch.autograd.functional.jacobian: `strict=True` and "
                               "`vectorized=True` are not supported together. Please either "
                               "set `strict=False` or `vectorize=False`.")
        # vectorize=True batches these passes with vmap in PyTorch; one at a time here
        result = []
        for i, out in enumerate(outputs):
            rows: list[list] = [[] for _ in inputs]
            flat = out.reshape(-1)
            for j in range(out.numel()):
                got = _grads((flat[j],), inputs, retain_graph=True, create_graph=create_graph)
                for k, (g, inp) in enumerate(zip(got, inputs)):
                    if g is None:
                        if strict:
                            raise RuntimeError(f"Output {i} of the user-provided function is "
                                               f"independent of input {k}. This is not "
                                               f"allowed in strict mode.")
                        g = zeros_like(inp)
                    elif strict and create_graph and not g.requires_grad:
                        raise RuntimeError(f"The jacobian of the user-provided function is "
                                           f"independent of input {i}. This is not allowed "
                                           f"in strict mode when create_graph=True.")
                    rows[k].append(g)
            result.append(tuple(FUNCTIONS["stack"](r, 0).view(out.shape + inp.shape)
                                for r, inp in zip(rows, inputs)))
        result = _finished(tuple(result), create_graph)
    if not inputs_tuple:
        result = tuple(r[0] for r in result)
    return _unpack(result, outputs_tuple)


def hessian(func: Callable, inputs, create_graph=False, strict=False, vectorize=False,
            outer_jacobian_strategy="reverse-mode"):
    """The Jacobian of the gradient: jacobian of (jacobian of func, kept differentiable)."""
    inputs_tuple, inputs = _tensors(inputs, "inputs", "hessian")

    def scalar(*args):
        out = func(*args)
        out_tuple, outs = _tensors(out, USER_OUTPUTS, "hessian")
        _strict_requires_grad(outs, "outputs", strict)
        if out_tuple:
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.numel() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should "
                               "contain a single element")
        return out.squeeze()

    def gradient(*args):
        jac = jacobian(scalar, args, create_graph=True)
        _strict_requires_grad(jac, "jacobian", strict)
        return jac

    result = jacobian(gradient, inputs, create_graph=create_graph, strict=strict,
                      vectorize=vectorize, strategy=outer_jacobian_strategy)
    if not inputs_tuple:
        result = tuple(r[0] for r in result)
    return _unpack(result, inputs_tuple)


def _scalar_function_and_grad(func, inputs, v, create_graph, strict, fn: str):
    """What vhp and hvp share: the inputs, v, the function's single output and its gradient
    (kept differentiable)."""
    inputs_tuple, inputs = _tensors(inputs, "inputs", fn)
    inputs = _fresh(inputs, create_graph, need_graph=True)
    v = _v_or_single(v, inputs, inputs_tuple, fn, create_graph,
                     "the input to the user-provided function is")
    outputs_tuple, outputs = _tensors(func(*inputs), USER_OUTPUTS, fn)
    _strict_requires_grad(outputs, "outputs", strict)
    if outputs_tuple:
        raise RuntimeError(f"The function given to {fn} should return a single Tensor")
    if outputs[0].numel() != 1:
        raise RuntimeError(f"The Tensor returned by the function given to {fn} should contain "
                           f"a single element")
    jac = _grads(outputs, inputs, create_graph=True)
    _strict_requires_grad(jac, "jacobian", strict)
    return inputs_tuple, inputs, v, outputs_tuple, outputs, jac


def vhp(func: Callable, inputs, v=None, create_graph=False, strict=False):
    with grad_mode.enable_grad():
        inputs_tuple, inputs, v, outputs_tuple, outputs, jac = _scalar_function_and_grad(
            func, inputs, v, create_graph, strict, "vhp")
    got = _last_pass(jac, inputs, v, inputs, "double_back", create_graph, strict)
    return _results(outputs, outputs_tuple, got, inputs_tuple, create_graph)


def hvp(func: Callable, inputs, v=None, create_graph=False, strict=False):
    with grad_mode.enable_grad():
        inputs_tuple, inputs, v, outputs_tuple, outputs, jac = _scalar_function_and_grad(
            func, inputs, v, create_graph, strict, "hvp")
        # the double-backward trick again: the vhp of a zero vector, differentiated by it
        dummy = tuple(zeros_like(t, requires_grad=True) for t in inputs)
        double_back = _grads(jac, inputs, dummy, create_graph=True)
        _strict_requires_grad(jac, "hessian", strict)
    got = _last_pass(double_back, dummy, v, inputs, "double_back_trick", create_graph, strict)
    return _results(outputs, outputs_tuple, got, inputs_tuple, create_graph)


__all__ = ["hessian", "hvp", "jacobian", "jvp", "vhp", "vjp"]
