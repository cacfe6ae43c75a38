"""torch.optim.Rprop: resilient backpropagation (a step size per element, grown or shrunk by
the gradient's sign), as PyTorch's single-tensor implementation computes it on the CPU."""
from __future__ import annotations

from ...engine import factories
from ...engine.tensor import Tensor
from .adam import step_counter
from .optimizer import PerParameter, check_hyperparameters


class Rprop(PerParameter):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *,
                 capturable=False, foreach=None, maximize=False, differentiable=False) -> None:
        check_hyperparameters(lr)
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]}")
        defaults = {"lr": lr, "etas": etas, "step_sizes": step_sizes, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable,
                    "capturable": capturable}
        super().__init__(params, defaults)

    def _initial_state(self, param: Tensor, group: dict) -> dict:
        return {"step": step_counter(), "prev": factories.zeros_like(param),
                "step_size": factories.full_like(param.grad, group["lr"])}

    def _update(self, param: Tensor, group: dict) -> None:
        rprop_update(param, param.grad, self._state_of(param, group), group)


def rprop_update(param: Tensor, grad: Tensor, state: dict, group: dict) -> None:
    """One parameter's step (torch.optim.rprop._single_tensor_rprop, not capturable)."""
    (etaminus, etaplus), (step_size_min, step_size_max) = group["etas"], group["step_sizes"]
    prev, step_size = state["prev"], state["step_size"]
    if group["maximize"]:
        grad = -grad
    state["step"] += 1
    sign = grad.mul(prev).sign()
    sign[sign.gt(0)] = etaplus
    sign[sign.lt(0)] = etaminus
    sign[sign.eq(0)] = 1
    step_size.mul_(sign).clamp_(step_size_min, step_size_max)
    grad = grad.clone()
    grad[sign.eq(etaminus)] = 0
    param.addcmul_(grad.sign(), step_size, value=-1)
    prev.copy_(grad)


__all__ = ["Rprop"]
