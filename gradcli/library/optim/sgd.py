"""torch.optim.SGD: stochastic gradient descent, with momentum, dampening, Nesterov's variant,
weight decay and maximize, as PyTorch's single-tensor implementation computes it on the CPU."""
from __future__ import annotations

from ...engine.tensor import Tensor
from .optimizer import PerParameter, check_hyperparameters


class SGD(PerParameter):
    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0,
                 nesterov=False, *, maximize=False, foreach=None, differentiable=False,
                 fused=None) -> None:
        check_hyperparameters(lr, ("momentum value", momentum),
                              ("weight_decay value", weight_decay), nan_ok=True)
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening,
                    "weight_decay": weight_decay, "nesterov": nesterov, "maximize": maximize,
                    "foreach": foreach, "differentiable": differentiable, "fused": fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)

    def _update(self, param: Tensor, group: dict) -> None:
        if group["momentum"] == 0:   # no state kept
            sgd_update(param, param.grad, None, group)
            return
        state = self.state[param]
        state["momentum_buffer"] = sgd_update(param, param.grad, state.get("momentum_buffer"),
                                              group)


def sgd_update(param: Tensor, grad: Tensor, buf, group: dict):
    """One parameter's step (torch.optim.sgd._single_tensor_sgd); the momentum buffer after."""
    momentum, weight_decay = group["momentum"], group["weight_decay"]
    if group["maximize"]:
        grad = -grad
    if weight_decay != 0:
        grad = grad.add(param, alpha=weight_decay)
    if momentum != 0:
        if buf is None:
            buf = grad.detach().clone()
        else:
            buf.mul_(momentum).add_(grad, alpha=1 - group["dampening"])
        grad = grad.add(buf, alpha=momentum) if group["nesterov"] else buf
    param.add_(grad, alpha=-group["lr"])
    return buf


__all__ = ["SGD"]
