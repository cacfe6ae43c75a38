"""torch.optim.Adadelta, with weight decay and maximize, as PyTorch's single-tensor
implementation computes it on the CPU."""
from __future__ import annotations

from ...engine import factories
from ...engine.tensor import Tensor
from .adam import step_counter
from .optimizer import PerParameter, check_hyperparameters


class Adadelta(PerParameter):
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *,
                 capturable=False, maximize=False, differentiable=False) -> None:
        check_hyperparameters(lr)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho}")
        check_hyperparameters(None, ("epsilon value", eps), ("weight_decay value", weight_decay))
        defaults = {"lr": lr, "rho": rho, "eps": eps, "weight_decay": weight_decay,
                    "maximize": maximize, "capturable": capturable, "foreach": foreach,
                    "differentiable": differentiable}
        super().__init__(params, defaults)

    def _initial_state(self, param: Tensor, group: dict) -> dict:
        return {"step": step_counter(), "square_avg": factories.zeros_like(param),
                "acc_delta": factories.zeros_like(param)}

    def _update(self, param: Tensor, group: dict) -> None:
        adadelta_update(param, param.grad, self._state_of(param, group), group)


def adadelta_update(param: Tensor, grad: Tensor, state: dict, group: dict) -> None:
    """One parameter's step (torch.optim.adadelta._single_tensor_adadelta)."""
    rho, eps = group["rho"], group["eps"]
    square_avg, acc_delta = state["square_avg"], state["acc_delta"]
    state["step"] += 1
    if group["maximize"]:
        grad = -grad
    if group["weight_decay"] != 0:
        grad = grad.add(param, alpha=group["weight_decay"])
    square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
    std = square_avg.add(eps).sqrt_()
    delta = acc_delta.add(eps).sqrt_().div_(std).mul_(grad)
    acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
    param.add_(delta, alpha=-group["lr"])


__all__ = ["Adadelta"]
