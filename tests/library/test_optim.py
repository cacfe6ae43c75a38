"""torch.optim in gradcli.library: parameter groups, state, errors and the schedulers, checked
on tensors in-process (the updates' bits against PyTorch: tests/conformance/cases/optim)."""
from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from gradcli.engine import Tensor, factories
from gradcli.library.optim import (ASGD, LBFGS, SGD, Adadelta, Adagrad, Adam, Adamax, AdamW,
                                   Optimizer, RMSprop, Rprop)
from gradcli.library.optim import lr_scheduler as S


def leaf(*values) -> Tensor:
    return factories.tensor(list(values), requires_grad=True)


def with_grad(t: Tensor, *values) -> Tensor:
    t.grad = factories.tensor(list(values))
    return t


# optimizer -> the keys of its defaults, in PyTorch's order (torch 2.13)
DEFAULT_KEYS = {
    SGD: ["lr", "momentum", "dampening", "weight_decay", "nesterov", "maximize", "foreach",
          "differentiable", "fused"],
    Adam: ["lr", "betas", "eps", "weight_decay", "amsgrad", "maximize", "foreach", "capturable",
           "differentiable", "fused", "decoupled_weight_decay"],
    AdamW: ["lr", "betas", "eps", "weight_decay", "amsgrad", "maximize", "foreach",
            "capturable", "differentiable", "fused", "decoupled_weight_decay"],
    Adagrad: ["lr", "lr_decay", "eps", "weight_decay", "initial_accumulator_value", "foreach",
              "maximize", "differentiable", "fused"],
    RMSprop: ["lr", "momentum", "alpha", "eps", "centered", "weight_decay", "capturable",
              "foreach", "maximize", "differentiable"],
    Adadelta: ["lr", "rho", "eps", "weight_decay", "maximize", "capturable", "foreach",
               "differentiable"],
    Adamax: ["lr", "betas", "eps", "weight_decay", "foreach", "maximize", "differentiable",
             "capturable"],
    ASGD: ["lr", "lambd", "alpha", "t0", "weight_decay", "foreach", "maximize",
           "differentiable", "capturable"],
    Rprop: ["lr", "etas", "step_sizes", "foreach", "maximize", "differentiable", "capturable"],
    LBFGS: ["lr", "max_iter", "max_eval", "tolerance_grad", "tolerance_change", "history_size",
            "line_search_fn"],
}


@pytest.mark.parametrize("cls", DEFAULT_KEYS, ids=lambda c: c.__name__)
def test_a_group_is_its_params_then_the_defaults(cls):
    w = leaf(1.0)
    group = cls([w]).param_groups[0]
    assert list(group) == ["params"] + DEFAULT_KEYS[cls]
    assert group["params"][0] is w


# state each optimizer keeps per parameter after one step
STATE_KEYS = [
    (lambda p: SGD(p, lr=0.1), []),
    (lambda p: SGD(p, lr=0.1, momentum=0.9), ["momentum_buffer"]),
    (lambda p: Adam(p), ["step", "exp_avg", "exp_avg_sq"]),
    (lambda p: Adam(p, amsgrad=True), ["step", "exp_avg", "exp_avg_sq", "max_exp_avg_sq"]),
    (lambda p: Adagrad(p), ["step", "sum"]),
    (lambda p: RMSprop(p, momentum=0.5, centered=True),
     ["step", "square_avg", "momentum_buffer", "grad_avg"]),
    (lambda p: Adadelta(p), ["step", "square_avg", "acc_delta"]),
    (lambda p: Adamax(p), ["step", "exp_avg", "exp_inf"]),
    (lambda p: ASGD(p), ["step", "eta", "mu", "ax"]),
    (lambda p: Rprop(p), ["step", "prev", "step_size"]),
]


@pytest.mark.parametrize("make, keys", STATE_KEYS)
def test_state_after_a_step(make, keys):
    w = with_grad(leaf(1.0, 2.0), 0.5, -0.5)
    opt = make([w])
    opt.step()
    assert list(opt.state_dict()["state"].get(0, {})) == keys
    assert w.tolist() != [1.0, 2.0]
    assert w.grad_fn is None and w.requires_grad


def test_a_step_runs_without_grad_mode_and_skips_params_without_grad():
    w, untouched = with_grad(leaf(1.0), 2.0), leaf(5.0)
    SGD([w, untouched], lr=0.25).step()
    assert w.tolist() == [0.5] and untouched.tolist() == [5.0]
    assert w.is_leaf and w.grad_fn is None


def test_sgd_momentum_matches_its_formula():
    w = leaf(1.0)
    opt = SGD([w], lr=0.1, momentum=0.9, dampening=0.5)
    for grad in (1.0, 2.0):
        w.grad = factories.tensor([grad])
        opt.step()
    # buf: 1, then 0.9 * 1 + 0.5 * 2 = 1.9; w: 1 - 0.1 - 0.19
    assert np.float32(w.item()) == np.float32(1 - 0.1 - np.float32(0.19))
    assert opt.state[w]["momentum_buffer"].tolist() == [pytest.approx(1.9)]


def test_lbfgs_minimises_a_quadratic_through_its_closure():
    w = leaf(3.0, -1.0)
    opt = LBFGS([w], line_search_fn="strong_wolfe")

    def closure():
        opt.zero_grad()
        loss = ((w - factories.tensor([1.0, 2.0])) ** 2).sum()
        loss.backward()
        return loss
    first = opt.step(closure)
    assert first.item() == 13.0
    assert w.tolist() == pytest.approx([1.0, 2.0], abs=1e-5)
    assert opt.state[w]["n_iter"] >= 1


def test_zero_grad_to_none_or_to_zeros():
    w = with_grad(leaf(1.0, 1.0), 3.0, 4.0)
    opt = SGD([w])
    opt.zero_grad(set_to_none=False)
    assert w.grad.tolist() == [0.0, 0.0]
    opt.zero_grad()
    assert w.grad is None


def test_step_with_a_closure_returns_its_loss():
    w = leaf(2.0)
    opt = SGD([w], lr=0.1)

    def closure():
        opt.zero_grad()
        loss = (w * w).sum()
        loss.backward()
        return loss
    loss = opt.step(closure)
    assert loss.item() == 4.0 and w.item() == pytest.approx(1.6)


def test_param_groups_and_their_own_options():
    a, b, c = leaf(1.0), leaf(1.0), leaf(1.0)
    opt = SGD([{"params": [a]}, {"params": b, "lr": 0.5}], lr=0.1)
    opt.add_param_group({"params": [c], "momentum": 0.9})
    assert [g["lr"] for g in opt.param_groups] == [0.1, 0.5, 0.1]
    assert opt.param_groups[2]["momentum"] == 0.9
    assert [g["params"] for g in opt.state_dict()["param_groups"]] == [[0], [1], [2]]


def test_named_parameters_give_param_names():
    w = leaf(1.0)
    opt = SGD([("weight", w)])
    assert opt.param_groups[0]["param_names"] == ["weight"]
    assert opt.param_groups[0]["params"] == [w]


ERRORS = [
    (lambda w: SGD([]), ValueError, "optimizer got an empty parameter list"),
    (lambda w: SGD(w), TypeError, "params argument given to the optimizer should be an "
                                  "iterable of Tensors or dicts, but got torch.FloatTensor"),
    (lambda w: SGD([w * 2]), ValueError, "can't optimize a non-leaf Tensor"),
    (lambda w: SGD([w, 1.5]), TypeError,
     "optimizer can only optimize Tensors, but one of the params is float"),
    (lambda w: SGD([{"params": {w}}]), TypeError,
     "optimizer parameters need to be organized in ordered "
                                    "collections, but the ordering of tensors in sets will "
                                    "change between runs. Please use a list instead."),
    (lambda w: SGD([w], lr=-1), ValueError, "Invalid learning rate: -1"),
    (lambda w: SGD([w], momentum=-0.5), ValueError, "Invalid momentum value: -0.5"),
    (lambda w: SGD([w], nesterov=True), ValueError,
     "Nesterov momentum requires a momentum and zero dampening"),
    (lambda w: SGD([{"params": [w]}, {"params": [w]}]), ValueError,
     "some parameters appear in more than one parameter group"),
    (lambda w: Adam([w], betas=(0.9, 1.0)), ValueError, "Invalid beta parameter at index 1: 1.0"),
    (lambda w: Adam([w], betas=(0, 0.9)), ValueError,
     "betas must be either both floats or both Tensors"),
    (lambda w: Adam([w], lr=float("nan")), ValueError, "Invalid learning rate: nan"),
    (lambda w: Adadelta([w], rho=2), ValueError, "Invalid rho value: 2"),
    (lambda w: Adagrad([w], initial_accumulator_value=-1), ValueError,
     "Invalid initial_accumulator_value value: -1"),
    (lambda w: RMSprop([w], alpha=-1), ValueError, "Invalid alpha value: -1"),
    (lambda w: Rprop([w], etas=(1.5, 2)), ValueError, "Invalid eta values: 1.5, 2"),
    (lambda w: LBFGS([{"params": [w]}, {"params": [leaf(2.0)]}]), ValueError,
     "LBFGS doesn't support per-parameter options (parameter groups)"),
    (lambda w: LBFGS([w]).step(), TypeError,
     "LBFGS.step() missing 1 required positional argument: 'closure'"),
    (lambda w: SGD([w]).add_param_group([w]), TypeError,
     "param_group must be a dict, but got <class 'list'>"),
    (lambda w: Optimizer([w], {}).step(), NotImplementedError, ""),
]


@pytest.mark.parametrize("make, error, text", ERRORS)
def test_pytorchs_refusals(make, error, text):
    with pytest.raises(error) as caught:
        make(leaf(1.0))
    assert str(caught.value) == text


def test_sgd_takes_a_nan_learning_rate_as_pytorch_does():
    assert SGD([leaf(1.0)], lr=float("nan")).defaults["lr"] != 0


def test_duplicate_parameters_warn():
    w = leaf(1.0)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        SGD([w, w])
    assert "duplicate parameters" in str(seen[0].message)


def test_load_state_dict_takes_the_groups_and_shares_the_state():
    # as PyTorch's: the loaded state's tensors are the saved ones, not copies
    a, b = leaf(1.0, -2.0), leaf(3.0, 4.0)
    first = Adam([a], lr=0.1)
    a.grad = a.detach() * 2
    first.step()
    second = Adam([b], lr=0.5)
    second.load_state_dict(first.state_dict())
    assert second.param_groups[0]["lr"] == 0.1
    assert second.param_groups[0]["params"] == [b]
    assert second.state[b]["exp_avg"] is first.state[a]["exp_avg"]


@pytest.mark.parametrize("change, text", [
    (lambda sd: sd["param_groups"].append(dict(sd["param_groups"][0])),
     "loaded state dict has a different number of parameter groups"),
    (lambda sd: sd["param_groups"][0]["params"].append(7),
     "loaded state dict contains a parameter group that doesn't match the size of optimizer's "
     "group"),
])
def test_load_state_dict_refuses_a_mismatch(change, text):
    opt = SGD([leaf(1.0)])
    sd = opt.state_dict()
    change(sd)
    with pytest.raises(ValueError, match=text):
        opt.load_state_dict(sd)


def test_repr_lists_each_group_sorted():
    text = repr(SGD([leaf(1.0)], lr=0.1))
    assert text.startswith("SGD (\nParameter Group 0\n    dampening: 0\n")
    assert text.endswith("    weight_decay: 0\n)")


def test_classes_print_as_pytorchs():
    assert (SGD.__module__, AdamW.__module__, S.StepLR.__module__) == (
        "torch.optim.sgd", "torch.optim.adamw", "torch.optim.lr_scheduler")


# ---- schedulers ----------------------------------------------------------------------------
def lrs(make, epochs: int) -> list[float]:
    opt = SGD([leaf(1.0)], lr=1.0)
    scheduler = make(opt)
    out = []
    for _ in range(epochs):
        opt.step()
        scheduler.step()
        out.append(scheduler.get_last_lr()[0])
    return out


SCHEDULES = [
    (lambda o: S.StepLR(o, step_size=2, gamma=0.5), lambda e: 0.5 ** (e // 2)),
    (lambda o: S.MultiStepLR(o, milestones=[1, 3], gamma=0.1),
     lambda e: 0.1 ** sum(e >= m for m in (1, 3))),
    (lambda o: S.ExponentialLR(o, gamma=0.9), lambda e: 0.9 ** e),
    (lambda o: S.LambdaLR(o, lambda e: 1 / (e + 1)), lambda e: 1 / (e + 1)),
    (lambda o: S.CosineAnnealingLR(o, T_max=5, eta_min=0.1),
     lambda e: 0.1 + 0.9 * (1 + math.cos(math.pi * e / 5)) / 2),
]


@pytest.mark.parametrize("make, closed_form", SCHEDULES)
def test_schedule_follows_its_closed_form(make, closed_form):
    assert lrs(make, 8) == pytest.approx([closed_form(e) for e in range(1, 9)])


def test_a_scheduler_records_initial_lr_and_state():
    opt = SGD([leaf(1.0)], lr=0.3)
    scheduler = S.StepLR(opt, 3)
    assert opt.param_groups[0]["initial_lr"] == 0.3
    assert list(scheduler.state_dict()) == ["step_size", "gamma", "base_lrs", "last_epoch",
                                            "_step_count", "_is_initial",
                                            "_get_lr_called_within_step", "_last_lr"]


@pytest.mark.parametrize("optimizer_first, warned", [(True, False), (False, True)])
def test_stepping_the_scheduler_first_warns(optimizer_first, warned):
    opt = SGD([leaf(1.0)], lr=0.3)
    opt.step()   # before the scheduler exists: does not count
    scheduler = S.ExponentialLR(opt, 0.5)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        if optimizer_first:
            opt.step()
        scheduler.step()
    assert any("before `optimizer.step()`" in str(w.message) for w in seen) == warned


def test_a_scheduler_needs_an_optimizer():
    with pytest.raises(TypeError, match="list is not an Optimizer"):
        S.StepLR([leaf(1.0)], 2)
