"""torch.optim.Adagrad, with learning-rate decay, weight decay and maximize, as PyTorch's
single-tensor implementation computes it on the CPU."""
from __future__ import annotations

from ...engine import factories
from ...engine.tensor import Tensor
from .adam import step_counter
from .optimizer import PerParameter, check_hyperparameters


class Adagrad(PerParameter):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0,
                 eps=1e-10, foreach=None, *, maximize=False, differentiable=False,
                 fused=None) -> None:
        check_hyperparameters(lr, ("lr_decay value", lr_decay),
                              ("weight_decay value", weight_decay),
                              ("initial_accumulator_value value", initial_accumulator_value),
                              ("epsilon value", eps))
        defaults = {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                    "initial_accumulator_value": initial_accumulator_value, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable, "fused": fused}
        super().__init__(params, defaults)
        for group in self.param_groups:   # Adagrad's state exists before the first step
            for param in group["params"]:
                self._state_of(param, group)

    def _initial_state(self, param: Tensor, group: dict) -> dict:
        # PyTorch fills the sum from the optimizer's default, whatever the group says
        return {"step": step_counter(),
                "sum": factories.full_like(param, self.defaults["initial_accumulator_value"])}

    def _update(self, param: Tensor, group: dict) -> None:
        adagrad_update(param, param.grad, self._state_of(param, group), group)


def adagrad_update(param: Tensor, grad: Tensor, state: dict, group: dict) -> None:
    """One parameter's step (torch.optim.adagrad._single_tensor_adagrad, dense gradients)."""
    step_t, state_sum = state["step"], state["sum"]
    step_t += 1
    step = step_t.item()
    if group["maximize"]:
        grad = -grad
    if group["weight_decay"] != 0:
        grad = grad.add(param, alpha=group["weight_decay"])
    clr = group["lr"] / (1 + (step - 1) * group["lr_decay"])
    state_sum.addcmul_(grad, grad, value=1)
    std = state_sum.sqrt().add_(group["eps"])
    param.addcdiv_(grad, std, value=-clr)


__all__ = ["Adagrad"]
