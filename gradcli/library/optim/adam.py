"""torch.optim.Adam and AdamW, with amsgrad, weight decay (coupled or decoupled) and maximize,
as PyTorch's single-tensor implementation computes them on the CPU."""
from __future__ import annotations

from ...engine import factories
from ...engine.ops.pointwise import maximum
from ...engine.tensor import Tensor
from .optimizer import PerParameter, check_hyperparameters


def step_counter() -> Tensor:
    """The per-parameter step count PyTorch keeps as a 0-d tensor of the default float dtype."""
    return factories.tensor(0.0)


class Adam(PerParameter):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None, decoupled_weight_decay=False) -> None:
        check_hyperparameters(lr, ("epsilon value", eps))
        for i, beta in enumerate(betas[:2]):
            if not 0.0 <= beta < 1.0:
                raise ValueError(f"Invalid beta parameter at index {i}: {beta}")
        check_hyperparameters(None, ("weight_decay value", weight_decay))
        if not (isinstance(betas[0], float) and isinstance(betas[1], float)) and not (
                isinstance(betas[0], Tensor) and isinstance(betas[1], Tensor)):
            raise ValueError("betas must be either both floats or both Tensors")
        defaults = {"lr": lr, "betas": tuple(betas), "eps": eps, "weight_decay": weight_decay,
                    "amsgrad": amsgrad, "maximize": maximize, "foreach": foreach,
                    "capturable": capturable, "differentiable": differentiable, "fused": fused,
                    "decoupled_weight_decay": decoupled_weight_decay}
        super().__init__(params, defaults)

    def _initial_state(self, param: Tensor, group: dict) -> dict:
        state = {"step": step_counter(), "exp_avg": factories.zeros_like(param),
                 "exp_avg_sq": factories.zeros_like(param)}
        if group["amsgrad"]:
            state["max_exp_avg_sq"] = factories.zeros_like(param)
        return state

    def _update(self, param: Tensor, group: dict) -> None:
        adam_update(param, param.grad, self._state_of(param, group), group)


class AdamW(Adam):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False, foreach=None, capturable=False,
                 differentiable=False, fused=None) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, foreach=foreach,
                         maximize=maximize, capturable=capturable,
                         differentiable=differentiable, fused=fused,
                         decoupled_weight_decay=True)


def adam_update(param: Tensor, grad: Tensor, state: dict, group: dict) -> None:
    """One parameter's step (torch.optim.adam._single_tensor_adam, neither capturable nor
    differentiable): bias corrections in Python floats, the rest in the tensors' dtype."""
    lr, weight_decay, (beta1, beta2) = group["lr"], group["weight_decay"], group["betas"]
    exp_avg, exp_avg_sq, step_t = state["exp_avg"], state["exp_avg_sq"], state["step"]
    if group["maximize"]:
        grad = -grad
    step_t += 1
    if weight_decay != 0:
        if group["decoupled_weight_decay"]:
            param.mul_(1 - lr * weight_decay)
        else:
            grad = grad.add(param, alpha=weight_decay)
    exp_avg.lerp_(grad, 1 - beta1)
    exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    step = step_t.item()
    bias_correction1 = 1 - beta1 ** step
    bias_correction2_sqrt = (1 - beta2 ** step) ** 0.5
    second = exp_avg_sq
    if group["amsgrad"]:
        second = state["max_exp_avg_sq"]
        second.copy_(maximum(second, exp_avg_sq))
    denom = (second.sqrt() / bias_correction2_sqrt).add_(group["eps"])
    param.addcdiv_(exp_avg, denom, value=-(lr / bias_correction1))


__all__ = ["Adam", "AdamW"]
