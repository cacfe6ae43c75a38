"""torch.optim.Optimizer: parameter groups, per-parameter state, zero_grad, state_dict."""
from __future__ import annotations

import copy
import functools
import warnings
from collections import defaultdict
from typing import Any, Callable

from ...engine import grad_mode
from ...engine.tensor import Tensor
from .. import LibraryClass, pythons_errors

DUPLICATE_PARAMETERS = (
    "optimizer contains a parameter group with duplicate parameters; in future, this will cause "
    "an error; see github.com/pytorch/pytorch/issues/40967 for more information")
SET_OF_PARAMETERS = (
    "optimizer parameters need to be organized in ordered collections, but the ordering of tensors "
    "in sets will change between runs. Please use a list instead.")


class _Required:
    """The default of a hyper-parameter every group must give (torch.optim.optimizer.required)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<required parameter>"


required = _Required()


def typename(obj) -> str:
    """torch.typename: 'torch.FloatTensor' for a tensor, else the class's qualified name."""
    if isinstance(obj, Tensor):
        return f"torch.{obj.dtype.legacy}"
    cls = type(obj)
    module = getattr(cls, "__module__", "") or ""
    return cls.__qualname__ if module in ("", "builtins") else f"{module}.{cls.__qualname__}"


def _tracks_step(step: Callable) -> Callable:
    """An optimizer's step, noting that it ran once a learning-rate scheduler watches it, for
    the scheduler's order check (PyTorch's first scheduler wraps optimizer.step to that end)."""
    @functools.wraps(step)
    @pythons_errors   # its call of step binds the program's arguments
    def tracked(self, *args, **kwargs):
        if self._watched:
            self._opt_called = True
        return step(self, *args, **kwargs)
    tracked.tracked = True
    return tracked


def check_hyperparameters(lr, *bounds: tuple[str, Any], nan_ok: bool = False) -> None:
    """PyTorch's refusal of a negative hyper-parameter: `bounds` pairs the word its message uses
    ('momentum value') with the value; `lr` None: the learning rate was checked already. SGD's
    check (`lr < 0`) lets nan through; the others' (`not 0 <= lr`) do not."""
    if isinstance(lr, Tensor) and lr.numel() != 1:
        raise ValueError("Tensor lr must be 1-element")
    for label, value in (() if lr is None else (("learning rate", lr),)) + bounds:
        if (value < 0.0) if nan_ok else not 0.0 <= value:
            raise ValueError(f"Invalid {label}: {value}")


class Optimizer(LibraryClass):
    """The base of every optimizer: `param_groups` (dicts with the defaults filled in) and
    `state` (a dict per parameter, made when first asked for)."""

    _watched = False   # a scheduler watches its steps (see _tracks_step)

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        step = cls.__dict__.get("step")
        if step is not None and not getattr(step, "tracked", False):
            cls.step = _tracks_step(step)

    @pythons_errors   # list(params), as PyTorch's
    def __init__(self, params, defaults: dict[str, Any]) -> None:
        self.defaults = defaults
        if isinstance(params, Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of "
                            "Tensors or dicts, but got " + typename(params))
        self.state: defaultdict = defaultdict(dict)
        self.param_groups: list[dict[str, Any]] = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def __repr__(self) -> str:
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group.keys()):
                if key != "params":
                    text += f"    {key}: {group[key]}\n"
        return text + ")"

    def step(self, closure=None):
        raise NotImplementedError

    def zero_grad(self, set_to_none: bool = True) -> None:
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                if set_to_none:
                    p.grad = None
                    continue
                if p.grad.grad_fn is not None:
                    p.grad.detach_()
                else:
                    p.grad.requires_grad_(False)
                p.grad.zero_()

    def add_param_group(self, param_group: dict[str, Any]) -> None:
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group)}")
        params = param_group["params"]
        if isinstance(params, Tensor):
            param_group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError(SET_OF_PARAMETERS)
        else:
            param_group["params"] = list(params)
        tensors, names = [], []
        for param in param_group["params"]:
            if isinstance(param, tuple):   # from named_parameters()
                names.append(param[0])
                tensors.append(param[1])
            else:
                tensors.append(param)
        param_group["params"] = tensors
        if names:
            if len(names) != len(tensors):
                raise ValueError("all optimizer params should be with/without names. Some param "
                                 "names are missing")
            param_group["param_names"] = names
        for param in tensors:
            if not isinstance(param, Tensor):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is "
                                + typename(param))
            if not self.defaults.get("differentiable", None) and not (
                    param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError(f"parameter group didn't specify a value of required "
                                 f"optimization parameter {name}")
            param_group.setdefault(name, default)
        if len(tensors) != len({id(p) for p in tensors}):
            warnings.warn(DUPLICATE_PARAMETERS, UserWarning, stacklevel=3)
        seen: set[int] = set()
        for group in self.param_groups:
            seen.update(id(p) for p in group["params"])
            if ("param_names" in param_group) != ("param_names" in group):
                which = "with names" if "param_names" in param_group else "without names"
                raise ValueError("all optimizer param groups should be with/without names. "
                                 f"cannot add param group {which} to the optimizer")
        if any(id(p) in seen for p in tensors):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def state_dict(self) -> dict[str, Any]:
        """The state by parameter index (0, 1, ... across the groups), and the groups with their
        parameters replaced by those indices: the tensors themselves, not copies."""
        index: dict[int, int] = {}
        groups = []
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != "params"}
            start = len(index)
            for i, p in enumerate(group["params"], start):
                index.setdefault(id(p), i)
            packed["params"] = [index[id(p)] for p in group["params"]]
            groups.append(packed)
        state = {(index[id(k)] if isinstance(k, Tensor) else k): v
                 for k, v in self.state.items()}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict: dict[str, Any]) -> None:
        groups = self.param_groups
        saved_groups = copy.deepcopy(state_dict["param_groups"])
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(groups, saved_groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match "
                             "the size of optimizer's group")
        by_index = {i: p for g, s in zip(groups, saved_groups)
                    for i, p in zip(s["params"], g["params"])}
        state: defaultdict = defaultdict(dict)
        for k, v in state_dict["state"].items():
            if k in by_index:
                param = by_index[k]
                state[param] = _cast(param, v)
            else:
                state[k] = v
        for group, saved in zip(groups, saved_groups):
            saved["params"] = group["params"]
            if "param_names" in group and "param_names" not in saved:
                saved["param_names"] = group["param_names"]
        self.state = state
        self.param_groups = saved_groups


class PerParameter(Optimizer):
    """A built-in optimizer: its step updates each parameter that has a gradient on its own
    (PyTorch's single-tensor implementations, the ones it runs on the CPU), with grad mode off;
    a closure it is given runs first, with grad mode on."""

    def __init_subclass__(cls, **kwargs) -> None:
        """Each of PyTorch's optimizers defines its own step, so `print(opt.step)` names it
        (`<bound method SGD.step of SGD (...)>`): each built-in one gets a step of its name. A
        subclass (AdamW of Adam, a program's of SGD) keeps the one it inherits, as in PyTorch."""
        super().__init_subclass__(**kwargs)
        if cls.step is PerParameter.step and cls.__module__.startswith(__package__):
            def step(self, closure=None):
                return PerParameter.step(self, closure)
            step.__qualname__ = f"{cls.__name__}.step"
            step.__doc__ = PerParameter.step.__doc__
            cls.step = step

    def step(self, closure=None):
        loss = None
        if closure is not None:
            with grad_mode.enable_grad():
                loss = closure()
        with grad_mode.no_grad():
            for group in self.param_groups:
                for param in group["params"]:
                    if param.grad is not None:
                        self._update(param, group)
        return loss

    def _update(self, param: Tensor, group: dict) -> None:
        raise NotImplementedError

    def _state_of(self, param: Tensor, group: dict) -> dict:
        """The parameter's state, made by `_initial_state` at its first step."""
        state = self.state[param]
        if not state:
            state.update(self._initial_state(param, group))
        return state

    def _initial_state(self, param: Tensor, group: dict) -> dict:
        raise NotImplementedError


def _cast(param: Tensor, value, key=None):
    """A saved state value for `param`: its tensors in the parameter's dtype (but the step
    counter as it was), containers copied."""
    if isinstance(value, Tensor):
        if key == "step" or not param.is_floating_point():
            return value
        return value.to(dtype=param.dtype)
    if isinstance(value, dict):
        return {k: _cast(param, v, k) for k, v in value.items()}
    if isinstance(value, (list, tuple, set)):
        return type(value)(_cast(param, v) for v in value)
    return value


__all__ = ["Optimizer", "PerParameter", "check_hyperparameters", "required", "typename"]
