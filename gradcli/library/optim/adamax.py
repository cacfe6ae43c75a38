"""torch.optim.Adamax: Adam with the infinity norm, as PyTorch's single-tensor implementation
computes it on the CPU."""
from __future__ import annotations

from ...engine import factories
from ...engine.ops.pointwise import maximum
from ...engine.tensor import Tensor
from .adam import step_counter
from .optimizer import PerParameter, check_hyperparameters


class Adamax(PerParameter):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 foreach=None, *, maximize=False, differentiable=False, capturable=False) -> None:
        check_hyperparameters(lr, ("epsilon value", eps))
        for i, beta in enumerate(betas[:2]):
            if not 0.0 <= beta < 1.0:
                raise ValueError(f"Invalid beta parameter at index {i}: {beta}")
        check_hyperparameters(None, ("weight_decay value", weight_decay))
        defaults = {"lr": lr, "betas": betas, "eps": eps, "weight_decay": weight_decay,
                    "foreach": foreach, "maximize": maximize, "differentiable": differentiable,
                    "capturable": capturable}
        super().__init__(params, defaults)

    def _initial_state(self, param: Tensor, group: dict) -> dict:
        return {"step": step_counter(), "exp_avg": factories.zeros_like(param),
                "exp_inf": factories.zeros_like(param)}

    def _update(self, param: Tensor, group: dict) -> None:
        adamax_update(param, param.grad, self._state_of(param, group), group)


def adamax_update(param: Tensor, grad: Tensor, state: dict, group: dict) -> None:
    """One parameter's step (torch.optim.adamax._single_tensor_adamax)."""
    beta1, beta2 = group["betas"]
    exp_avg, exp_inf, step_t = state["exp_avg"], state["exp_inf"], state["step"]
    if group["maximize"]:
        grad = -grad
    step_t += 1
    if group["weight_decay"] != 0:
        grad = grad.add(param, alpha=group["weight_decay"])
    exp_avg.lerp_(grad, 1 - beta1)
    exp_inf.copy_(maximum(exp_inf.mul_(beta2), grad.abs().add_(group["eps"])))
    clr = group["lr"] / (1 - beta1 ** step_t.item())
    param.addcdiv_(exp_avg, exp_inf, value=-clr)


__all__ = ["Adamax"]
