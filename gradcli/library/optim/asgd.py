"""torch.optim.ASGD: averaged stochastic gradient descent, as PyTorch's single-tensor
implementation computes it on the CPU."""
from __future__ import annotations

from ...engine import factories
from ...engine.tensor import Tensor
from .adam import step_counter
from .optimizer import PerParameter, check_hyperparameters


class ASGD(PerParameter):
    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0,
                 foreach=None, maximize=False, differentiable=False, capturable=False) -> None:
        check_hyperparameters(lr, ("weight_decay value", weight_decay))
        defaults = {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0,
                    "weight_decay": weight_decay, "foreach": foreach, "maximize": maximize,
                    "differentiable": differentiable, "capturable": capturable}
        super().__init__(params, defaults)

    def _initial_state(self, param: Tensor, group: dict) -> dict:
        # eta and mu are 0-d tensors of the default float dtype, as PyTorch keeps them
        return {"step": step_counter(), "eta": factories.tensor(float(group["lr"])),
                "mu": factories.tensor(1.0), "ax": factories.zeros_like(param)}

    def _update(self, param: Tensor, group: dict) -> None:
        asgd_update(param, param.grad, self._state_of(param, group), group)


def asgd_update(param: Tensor, grad: Tensor, state: dict, group: dict) -> None:
    """One parameter's step (torch.optim.asgd._single_tensor_asgd, not capturable)."""
    lr, lambd, alpha = group["lr"], group["lambd"], group["alpha"]
    ax, mu, eta, step_t = state["ax"], state["mu"], state["eta"], state["step"]
    if group["maximize"]:
        grad = -grad
    step_t += 1
    if group["weight_decay"] != 0:
        grad = grad.add(param, alpha=group["weight_decay"])
    eta_value = eta.item()
    param.mul_(1 - lambd * eta_value)
    param.add_(grad, alpha=-eta_value)
    if mu.item() != 1:
        ax.add_(param.sub(ax).mul_(mu))
    else:
        ax.copy_(param)
    step = step_t.item()
    eta.copy_(factories.tensor(lr / ((1 + lambd * lr * step) ** alpha)))
    mu.copy_(factories.tensor(1 / max(1, step - group["t0"])))


__all__ = ["ASGD"]
