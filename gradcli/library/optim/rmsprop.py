"""torch.optim.RMSprop, with momentum, the centered variant, weight decay and maximize, as
PyTorch's single-tensor implementation computes it on the CPU."""
from __future__ import annotations

from ...engine import factories
from ...engine.tensor import Tensor
from .adam import step_counter
from .optimizer import PerParameter, check_hyperparameters


class RMSprop(PerParameter):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
                 centered=False, capturable=False, foreach=None, maximize=False,
                 differentiable=False) -> None:
        check_hyperparameters(lr, ("epsilon value", eps), ("momentum value", momentum),
                              ("weight_decay value", weight_decay), ("alpha value", alpha))
        defaults = {"lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps,
                    "centered": centered, "weight_decay": weight_decay,
                    "capturable": capturable, "foreach": foreach, "maximize": maximize,
                    "differentiable": differentiable}
        super().__init__(params, defaults)

    def _initial_state(self, param: Tensor, group: dict) -> dict:
        state = {"step": step_counter(), "square_avg": factories.zeros_like(param)}
        if group["momentum"] > 0:
            state["momentum_buffer"] = factories.zeros_like(param)
        if group["centered"]:
            state["grad_avg"] = factories.zeros_like(param)
        return state

    def _update(self, param: Tensor, group: dict) -> None:
        rmsprop_update(param, param.grad, self._state_of(param, group), group)


def rmsprop_update(param: Tensor, grad: Tensor, state: dict, group: dict) -> None:
    """One parameter's step (torch.optim.rmsprop._single_tensor_rmsprop)."""
    alpha, square_avg = group["alpha"], state["square_avg"]
    if group["maximize"]:
        grad = -grad
    state["step"] += 1
    if group["weight_decay"] != 0:
        grad = grad.add(param, alpha=group["weight_decay"])
    square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
    if group["centered"]:
        grad_avg = state["grad_avg"]
        grad_avg.lerp_(grad, 1 - alpha)
        avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
    else:
        avg = square_avg.sqrt()
    avg = avg.add_(group["eps"])
    if group["momentum"] > 0:
        buf = state["momentum_buffer"]
        buf.mul_(group["momentum"]).addcdiv_(grad, avg)
        param.add_(buf, alpha=-group["lr"])
    else:
        param.addcdiv_(grad, avg, value=-group["lr"])


__all__ = ["RMSprop"]
