"""torch.nn.utils: clipping gradients, and parameters to one vector and back (clip_grad.py and
convert_parameters.py, with PyTorch's arithmetic in its order, so clipped values are its bits)."""
from __future__ import annotations

import types
import warnings

from ...engine import factories, grad_mode
from ...engine.ops import FUNCTIONS, LINALG
from ...engine.tensor import Tensor
from .parameter import typename

NONFINITE = ("The total norm of order {} for gradients from `parameters` is non-finite, so it "
             "cannot be clipped. To disable this error and scale the gradients by the non-finite "
             "norm anyway, set `error_if_nonfinite=False`")


def _listed(parameters, warn_empty: bool = False) -> list:
    """A tensor as a list of one, any other iterable as a list (a generator is read once)."""
    if isinstance(parameters, Tensor):
        return [parameters]
    generator = isinstance(parameters, types.GeneratorType)
    parameters = list(parameters)
    if warn_empty and generator and not parameters:
        warnings.warn("`parameters` is an empty generator, no gradient clipping will occur.",
                      stacklevel=3)
    return parameters


def _by_dtype(grads: list) -> list[list]:
    """_group_tensors_by_device_and_dtype: one group per dtype, in order of first appearance."""
    groups: dict = {}
    for g in grads:
        groups.setdefault(g.dtype, []).append(g)
    return list(groups.values())


def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None) -> Tensor:
    """The norm of the tensors' norms: the norm of them all as one vector."""
    with grad_mode.no_grad():
        tensors = _listed(tensors)
        norm_type = float(norm_type)
        if not tensors:
            return factories.tensor(0.0)
        norms = [LINALG["vector_norm"](t, norm_type) for group in _by_dtype(tensors)
                 for t in group]
        total = LINALG["vector_norm"](FUNCTIONS["stack"](norms), norm_type)
        if error_if_nonfinite and (total.isnan() | total.isinf()).item():
            raise RuntimeError(NONFINITE.format(norm_type))
        return total


def clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None) -> None:
    """Scale the gradients by max_norm / (total_norm + 1e-6) where that is below 1."""
    with grad_mode.no_grad():
        grads = [p.grad for p in _listed(parameters) if p.grad is not None]
        max_norm = float(max_norm)
        if not grads:
            return
        coefficient = FUNCTIONS["clamp"](max_norm / (total_norm + 1e-6), max=1.0)
        for group in _by_dtype(grads):
            for g in group:
                g.mul_(coefficient)


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False,
                    foreach=None) -> Tensor:
    """Scale the parameters' gradients together so that their total norm is at most max_norm;
    returns the total norm they had."""
    with grad_mode.no_grad():
        parameters = _listed(parameters, warn_empty=True)
        grads = [p.grad for p in parameters if p.grad is not None]
        total = get_total_norm(grads, norm_type, error_if_nonfinite, foreach)
        clip_grads_with_norm_(parameters, max_norm, total, foreach)
        return total


def clip_grad_value_(parameters, clip_value, foreach=None) -> None:
    """Clamp every gradient element into [-clip_value, clip_value], in place."""
    with grad_mode.no_grad():
        parameters = _listed(parameters)
        clip_value = float(clip_value)
        grads = [p.grad for p in parameters if p.grad is not None]
        for group in _by_dtype(grads):
            for g in group:
                g.clamp_(min=-clip_value, max=clip_value)


def _check_param_device(param) -> None:
    """_check_param_device reads param.device first, so anything but a tensor fails there;
    every tensor here is on the CPU, so there are no devices to compare."""
    if not isinstance(param, Tensor):
        raise AttributeError(f"'{type(param).__name__}' object has no attribute 'device'")


def parameters_to_vector(parameters) -> Tensor:
    """The parameters flattened and joined into one 1-D tensor (in the graph: CatBackward0)."""
    pieces = []
    for param in parameters:
        _check_param_device(param)
        pieces.append(param.view(-1))
    return FUNCTIONS["cat"](pieces)


def vector_to_parameters(vec, parameters) -> None:
    """Give each parameter, as its .data, its slice of vec, in order."""
    if not isinstance(vec, Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {typename(vec)}")
    pointer = 0
    for param in parameters:
        _check_param_device(param)
        count = param.numel()
        param.data = vec[pointer:pointer + count].view_as(param).data
        pointer += count


PUBLIC = (clip_grad_norm_, clip_grad_value_, get_total_norm, clip_grads_with_norm_,
          parameters_to_vector, vector_to_parameters)


def entries() -> dict:
    """The names of torch.nn.utils."""
    for fn in PUBLIC:
        fn.__module__ = "torch.nn.utils"
    return {fn.__name__: fn for fn in PUBLIC}
