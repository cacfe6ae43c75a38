"""nn.Module: parameters, buffers and submodules registered by attribute assignment; calling runs
forward through the hooks; state_dict, train/eval, conversions and the repr PyTorch prints."""
from __future__ import annotations

import itertools
import warnings
from collections.abc import Mapping
from typing import Any, Callable, Iterator

from ...engine import dtypes as _dt
from ...engine import grad_mode
from ...engine.tensor import Tensor
from .. import LibraryClass, pythons_errors
from ..generator import LibraryGenerator
from ..ordered_dict import OrderedDict
from .backward_hooks import BackwardHook
from .parameter import Parameter, typename

# the per-instance tables __init__ makes, in PyTorch's order
_HOOK_TABLES = ("_backward_pre_hooks", "_backward_hooks", "_forward_hooks",
                "_forward_hooks_with_kwargs", "_forward_hooks_always_called",
                "_forward_pre_hooks", "_forward_pre_hooks_with_kwargs", "_state_dict_hooks",
                "_state_dict_pre_hooks", "_load_state_dict_pre_hooks",
                "_load_state_dict_post_hooks")


class _IncompatibleKeys(LibraryClass, tuple):
    """load_state_dict's result: the namedtuple (missing_keys, unexpected_keys)."""

    __slots__ = ()
    __module__ = "torch.nn.modules.module"

    def __new__(cls, missing_keys: list, unexpected_keys: list) -> "_IncompatibleKeys":
        return tuple.__new__(cls, (missing_keys, unexpected_keys))

    @property
    def missing_keys(self) -> list:
        return self[0]

    @property
    def unexpected_keys(self) -> list:
        return self[1]

    def __repr__(self) -> str:
        if not self[0] and not self[1]:
            return "<All keys matched successfully>"
        return f"_IncompatibleKeys(missing_keys={self[0]!r}, unexpected_keys={self[1]!r})"

    __str__ = __repr__


class RemovableHandle(LibraryClass):
    """What register_forward_hook returns: remove() takes the hook out again."""

    __module__ = "torch.utils.hooks"
    next_id = 0

    def __init__(self, hooks_dict: dict, extra_dict=None) -> None:
        self.hooks_dict_ref = hooks_dict
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1
        self.extra_dict_ref = () if extra_dict is None else (
            tuple(extra_dict) if isinstance(extra_dict, list) else (extra_dict,))

    def remove(self) -> None:
        for table in (self.hooks_dict_ref, *self.extra_dict_ref):
            table.pop(self.id, None)

    def __enter__(self) -> "RemovableHandle":
        return self

    def __exit__(self, *exc) -> None:
        self.remove()


MIXED_HOOKS = ("Cannot use both regular backward hooks and full backward hooks on a single "
               "Module. Please use only one of them.")


def _register(table, hook, prepend: bool) -> RemovableHandle:
    handle = RemovableHandle(table)
    table[handle.id] = hook
    if prepend:
        table.move_to_end(handle.id, last=False)
    return handle


def _hook_last_node(module, hooks: list, args: tuple, result) -> None:
    """register_backward_hook's hooks go on the grad_fn of the result's first tensor."""
    var = result
    while not isinstance(var, Tensor):
        var = next(v for v in var.values() if isinstance(v, Tensor)) \
            if isinstance(var, Mapping) else var[0]
    node = var.grad_fn
    if node is None:
        return
    for hook in hooks:
        node.register_hook(lambda grad_input, grad_output, hook=hook:
                           hook(module, grad_input, grad_output))
    warning = _non_full_warning(args, result, node)
    if warning:
        warnings.warn(warning, FutureWarning, stacklevel=3)


_DEPRECATED = "is deprecated and will be removed in future versions. This hook will be missing"
_DOCUMENTED = "Please use register_full_backward_hook to get the documented behavior."


def _non_full_warning(args: tuple, result, node) -> str | None:
    """What PyTorch's _maybe_warn_non_full_backward_hook finds wrong with the node's gradients
    as a stand-in for the module's, in its words."""
    results = (result,) if isinstance(result, Tensor) else result
    if not (isinstance(results, tuple) and all(isinstance(r, Tensor) for r in results)):
        return ("Using non-full backward hooks on a Module that does not return a single Tensor "
                f"or a tuple of Tensors {_DEPRECATED} some of the grad_output. {_DOCUMENTED}")
    if not all(isinstance(a, Tensor) for a in args):
        return ("Using non-full backward hooks on a Module that does not take as input a single "
                f"Tensor or a tuple of Tensors {_DEPRECATED} some of the grad_input. "
                f"{_DOCUMENTED}")
    out_nodes = {id(r.grad_fn) for r in results if r.grad_fn is not None}
    if not out_nodes or (len(out_nodes) == 1 and id(node) not in out_nodes):
        return ("Using a non-full backward hook when outputs are nested in python data "
                f"structure {_DEPRECATED} some grad_output.")
    if len(out_nodes) > 1:
        return ("Using a non-full backward hook when outputs are generated by different "
                f"autograd Nodes {_DEPRECATED} some grad_output. {_DOCUMENTED}")
    inputs = {id(a.grad_fn) for a in args if a.grad_fn is not None}
    if inputs != {id(n) for n, _ in node.next_functions}:
        return ("Using a non-full backward hook when the forward contains multiple autograd "
                f"Nodes {_DEPRECATED} some grad_input. {_DOCUMENTED}")
    return None


def addindent(text: str, spaces: int) -> str:
    """Indent every line but the first (blank lines stay empty), as Module.__repr__ nests."""
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    first = lines.pop(0)
    return first + "\n" + "\n".join(" " * spaces + line if line.strip() else "" for line in lines)


def _forward_unimplemented(self, *input) -> None:
    raise NotImplementedError(
        f'Module [{type(self).__name__}] is missing the required "forward" function')


class Module(LibraryClass):
    """Base class for all neural network modules; a program's `class Net(nn.Module)` too."""

    __module__ = "torch.nn.modules.module"
    dump_patches = False
    _version = 1
    call_super_init = False
    forward: Callable[..., Any] = _forward_unimplemented

    def __init__(self, *args, **kwargs) -> None:
        if kwargs:
            raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword argument "
                            f"'{next(iter(kwargs))}'")
        if args:
            raise TypeError(f"{type(self).__name__}.__init__() takes 1 positional argument but "
                            f"{len(args) + 1} were given")
        setattr_ = object.__setattr__   # as PyTorch: past Module.__setattr__
        setattr_(self, "training", True)
        setattr_(self, "_parameters", {})
        setattr_(self, "_buffers", {})
        setattr_(self, "_non_persistent_buffers_set", set())
        for name in _HOOK_TABLES:
            setattr_(self, name, OrderedDict())
        setattr_(self, "_is_full_backward_hook", None)
        setattr_(self, "_modules", {})

    # ---- registration --------------------------------------------------------------------
    def register_buffer(self, name: str, tensor: Tensor | None, persistent: bool = True) -> None:
        if "_buffers" not in self.__dict__:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        _check_name("buffer", name)
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"cannot assign '{typename(tensor)}' object to buffer '{name}' "
                            "(torch Tensor or None required)")
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name: str, param: Parameter | None) -> None:
        if "_parameters" not in self.__dict__:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        _check_name("parameter", name)
        if hasattr(self, name) and name not in self._parameters:
            raise KeyError(f"attribute '{name}' already exists")
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{typename(param)}' object to parameter '{name}' "
                            "(torch.nn.Parameter or None required)")
        if param is not None and param.grad_fn:
            raise ValueError(
                f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be "
                f"created explicitly. To express '{name}' as a function of another Tensor, "
                "compute the value in the forward() method.")
        self._parameters[name] = param

    def add_module(self, name: str, module: Module | None) -> None:
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f"{typename(module)} is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {typename(name)}")
        if hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        if "." in name:
            raise KeyError(f"module name can't contain \".\", got: {name}")
        if name == "":
            raise KeyError("module name can't be empty string \"\"")
        self._modules[name] = module

    def register_module(self, name: str, module: Module | None) -> None:
        self.add_module(name, module)

    def get_submodule(self, target: str) -> Module:
        if target == "":
            return self
        mod = self
        for item in target.split("."):
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError("`" + item + "` is not an nn.Module")
        return mod

    def set_submodule(self, target: str, module: Module, strict: bool = False) -> None:
        if target == "":
            raise ValueError("Cannot set the submodule without a target name!")
        atoms = target.split(".")
        if not isinstance(module, Module):
            raise ValueError(f"`module` is not an nn.Module, found {type(module)}")
        parent = self if len(atoms) == 1 else self.get_submodule(".".join(atoms[:-1]))
        if strict and not hasattr(parent, atoms[-1]):
            raise AttributeError(parent._get_name() + " has no attribute `" + atoms[-1] + "`")
        if hasattr(parent, atoms[-1]) and not isinstance(getattr(parent, atoms[-1]), Module):
            raise AttributeError("`" + atoms[-1] + "` is not an nn.Module")
        setattr(parent, atoms[-1], module)

    def get_parameter(self, target: str) -> Parameter:
        module_path, _, name = target.rpartition(".")
        mod = self.get_submodule(module_path)
        if not hasattr(mod, name):
            raise AttributeError(mod._get_name() + " has no attribute `" + name + "`")
        param = getattr(mod, name)
        if not isinstance(param, Parameter):
            raise AttributeError("`" + name + "` is not an nn.Parameter")
        return param

    def get_buffer(self, target: str) -> Tensor:
        module_path, _, name = target.rpartition(".")
        mod = self.get_submodule(module_path)
        if not hasattr(mod, name):
            raise AttributeError(mod._get_name() + " has no attribute `" + name + "`")
        if name not in mod._buffers:
            raise AttributeError("`" + name + "` is not a buffer")
        return getattr(mod, name)

    # ---- attributes ----------------------------------------------------------------------
    def __getattr__(self, name: str):
        state = self.__dict__
        for table in ("_parameters", "_buffers", "_modules"):
            if table in state and name in state[table]:
                return state[table][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name: str, value) -> None:
        state = self.__dict__
        params = state.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            _remove(name, state, self._buffers, self._modules, self._non_persistent_buffers_set)
            self.register_parameter(name, value)
        elif params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{typename(value)}' as parameter '{name}' "
                                "(torch.nn.Parameter or None expected)")
            self.register_parameter(name, value)
        else:
            modules = state.get("_modules")
            if isinstance(value, Module):
                if modules is None:
                    raise AttributeError("cannot assign module before Module.__init__() call")
                _remove(name, state, self._parameters, self._buffers,
                        self._non_persistent_buffers_set)
                modules[name] = value
            elif modules is not None and name in modules:
                if value is not None:
                    raise TypeError(f"cannot assign '{typename(value)}' as child module "
                                    f"'{name}' (torch.nn.Module or None expected)")
                modules[name] = value
            else:
                buffers = state.get("_buffers")
                if buffers is not None and name in buffers:
                    if value is not None and not isinstance(value, Tensor):
                        raise TypeError(f"cannot assign '{typename(value)}' as buffer '{name}' "
                                        "(torch.nn.Buffer, torch.Tensor or None expected)")
                    self.register_buffer(name, value,
                                         name not in self._non_persistent_buffers_set)
                else:
                    object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        if name in self._parameters:
            del self._parameters[name]
        elif name in self._buffers:
            del self._buffers[name]
            self._non_persistent_buffers_set.discard(name)
        elif name in self._modules:
            del self._modules[name]
        else:
            object.__delattr__(self, name)

    # ---- calling -------------------------------------------------------------------------
    @pythons_errors   # forward(*args, **kwargs) binds the program's arguments, as PyTorch's
    def __call__(self, *args, **kwargs):
        # the tables are read in PyTorch's order: a module whose __init__ did not run fails on
        # the first, as PyTorch's does
        if not (self._backward_hooks or self._backward_pre_hooks or self._forward_hooks
                or self._forward_pre_hooks):
            return self.forward(*args, **kwargs)
        full = list(self._backward_hooks.values()) if self._is_full_backward_hook else []
        plain = list(self._backward_hooks.values()) if self._is_full_backward_hook is False \
            else []
        pre = list(self._backward_pre_hooks.values())
        called: set = set()
        result = None
        try:
            for hook_id, hook in list(self._forward_pre_hooks.items()):
                if hook_id in self._forward_pre_hooks_with_kwargs:
                    out = hook(self, args, kwargs)
                    if out is not None:
                        if not (isinstance(out, tuple) and len(out) == 2):
                            raise RuntimeError("forward pre-hook must return None or a tuple of "
                                               f"(new_args, new_kwargs), but got {out}.")
                        args, kwargs = out
                else:
                    out = hook(self, args)
                    if out is not None:
                        args = out if isinstance(out, tuple) else (out,)
            backward = BackwardHook(self, full, pre) if full or pre else None
            if backward is not None:
                args = backward.setup_input_hook(args)
            result = self.forward(*args, **kwargs)
            for hook_id, hook in list(self._forward_hooks.items()):
                if hook_id in self._forward_hooks_always_called:
                    called.add(hook_id)
                if hook_id in self._forward_hooks_with_kwargs:
                    out = hook(self, args, kwargs, result)
                else:
                    out = hook(self, args, result)
                if out is not None:
                    result = out
            if backward is not None:
                if not isinstance(result, (Tensor, tuple)):
                    warnings.warn("For backward hooks to be called, module output should be a "
                                  "Tensor or a tuple of Tensors but received "
                                  f"{type(result)}", stacklevel=2)
                result = backward.setup_output_hook(result)
            if plain:
                _hook_last_node(self, plain, args, result)
            return result
        except Exception:
            for hook_id, hook in list(self._forward_hooks.items()):
                if hook_id in self._forward_hooks_always_called and hook_id not in called:
                    try:
                        out = hook(self, args, kwargs, result) \
                            if hook_id in self._forward_hooks_with_kwargs \
                            else hook(self, args, result)
                        if out is not None:
                            result = out
                    except Exception as e:
                        warnings.warn("module forward hook with ``always_call=True`` raised an "
                                      "exception that was silenced as another error was raised "
                                      f"in forward: {e}", stacklevel=2)
            raise

    def register_forward_pre_hook(self, hook, *, prepend: bool = False,
                                  with_kwargs: bool = False) -> RemovableHandle:
        handle = RemovableHandle(self._forward_pre_hooks,
                                 extra_dict=self._forward_pre_hooks_with_kwargs)
        self._forward_pre_hooks[handle.id] = hook
        if with_kwargs:
            self._forward_pre_hooks_with_kwargs[handle.id] = True
        if prepend:
            self._forward_pre_hooks.move_to_end(handle.id, last=False)
        return handle

    def register_forward_hook(self, hook, *, prepend: bool = False, with_kwargs: bool = False,
                              always_call: bool = False) -> RemovableHandle:
        handle = RemovableHandle(self._forward_hooks, extra_dict=[
            self._forward_hooks_with_kwargs, self._forward_hooks_always_called])
        self._forward_hooks[handle.id] = hook
        if with_kwargs:
            self._forward_hooks_with_kwargs[handle.id] = True
        if always_call:
            self._forward_hooks_always_called[handle.id] = True
        if prepend:
            self._forward_hooks.move_to_end(handle.id, last=False)
        return handle

    def register_full_backward_hook(self, hook, prepend: bool = False) -> RemovableHandle:
        """`hook(module, grad_input, grad_output)` once the gradients of the module's inputs
        are known; a tuple it returns replaces grad_input."""
        if self._is_full_backward_hook is False:
            raise RuntimeError(MIXED_HOOKS)
        self._is_full_backward_hook = True
        return _register(self._backward_hooks, hook, prepend)

    def register_full_backward_pre_hook(self, hook, prepend: bool = False) -> RemovableHandle:
        """`hook(module, grad_output)` before the gradients of the module's inputs are computed;
        a tuple it returns replaces grad_output."""
        return _register(self._backward_pre_hooks, hook, prepend)

    def register_backward_hook(self, hook) -> RemovableHandle:
        """The deprecated hook: on the node of the output's last operation, given that node's
        gradients."""
        if self._is_full_backward_hook is True:
            raise RuntimeError(MIXED_HOOKS)
        self._is_full_backward_hook = False
        return _register(self._backward_hooks, hook, False)

    # ---- traversal (the generators are module-level functions: no method hands out a frame)
    def parameters(self, recurse: bool = True) -> LibraryGenerator:
        return LibraryGenerator((p for _, p in _named_members(self, _own_parameters,
                                                              recurse=recurse)),
                                "Module.parameters")

    def named_parameters(self, prefix: str = "", recurse: bool = True,
                         remove_duplicate: bool = True) -> LibraryGenerator:
        return LibraryGenerator(_named_members(self, _own_parameters, prefix, recurse,
                                               remove_duplicate), "Module.named_parameters")

    def buffers(self, recurse: bool = True) -> LibraryGenerator:
        return LibraryGenerator((b for _, b in _named_members(self, _own_buffers,
                                                              recurse=recurse)),
                                "Module.buffers")

    def named_buffers(self, prefix: str = "", recurse: bool = True,
                      remove_duplicate: bool = True) -> LibraryGenerator:
        return LibraryGenerator(_named_members(self, _own_buffers, prefix, recurse,
                                               remove_duplicate), "Module.named_buffers")

    def children(self) -> LibraryGenerator:
        return LibraryGenerator((m for _, m in _children(self)), "Module.children")

    def named_children(self) -> LibraryGenerator:
        return LibraryGenerator(_children(self), "Module.named_children")

    def modules(self, remove_duplicate: bool = True) -> LibraryGenerator:
        return LibraryGenerator((m for _, m in _walk(self, None, "", remove_duplicate)),
                                "Module.modules")

    def named_modules(self, memo: set | None = None, prefix: str = "",
                      remove_duplicate: bool = True) -> LibraryGenerator:
        return LibraryGenerator(_walk(self, memo, prefix, remove_duplicate),
                                "Module.named_modules")

    def apply(self, fn: Callable) -> Module:
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    # ---- modes and gradients -------------------------------------------------------------
    def train(self, mode: bool = True) -> Module:
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self) -> Module:
        return self.train(False)

    def requires_grad_(self, requires_grad: bool = True) -> Module:
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none: bool = True) -> None:
        for p in self.parameters():
            if p._grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    if p._grad.grad_fn is not None:
                        p._grad.detach_()
                    else:
                        p._grad.requires_grad_(False)
                    p._grad.zero_()

    # ---- conversions ---------------------------------------------------------------------
    def _apply(self, fn: Callable, recurse: bool = True) -> Module:
        """Convert every parameter in place (the Parameter objects stay: optimizers hold them),
        and replace every buffer."""
        if recurse:
            for module in self.children():
                module._apply(fn)
        for param in self._parameters.values():
            if param is None:
                continue
            with grad_mode.no_grad():
                param.data = fn(param)
            if param._grad is not None:
                with grad_mode.no_grad():
                    param._grad.data = fn(param._grad)
        for key, buf in self._buffers.items():
            if buf is not None:
                self._buffers[key] = fn(buf)
        return self

    def to(self, *args, **kwargs) -> Module:
        dtype, device = _parse_to(args, kwargs)
        if dtype is not None and not dtype.is_floating_point:
            raise TypeError("nn.Module.to only accepts floating point or complex dtypes, but got "
                            f"desired dtype={dtype}")

        def convert(t: Tensor) -> Tensor:
            target = dtype if t.is_floating_point() else None
            return t.to(*(a for a in (device, target) if a is not None))
        return self._apply(convert)

    def cpu(self) -> Module:
        return self._apply(lambda t: t.cpu())

    def cuda(self, device=None) -> Module:
        raise AssertionError("Torch not compiled with CUDA enabled")

    def type(self, dst_type) -> Module:
        return self._apply(lambda t: t.to(_dtype_of(dst_type)))

    def float(self) -> Module:
        return self._apply(lambda t: t.float() if t.is_floating_point() else t)

    def double(self) -> Module:
        return self._apply(lambda t: t.double() if t.is_floating_point() else t)

    # ---- state ---------------------------------------------------------------------------
    def _save_to_state_dict(self, destination: dict, prefix: str, keep_vars: bool) -> None:
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()

    def state_dict(self, *args, destination=None, prefix: str = "", keep_vars: bool = False):
        if args:
            warnings.warn("Positional args are being deprecated, use kwargs instead. Refer to "
                          "https://pytorch.org/docs/main/generated/torch.nn.Module.html#torch.nn."
                          "Module.state_dict for details.", FutureWarning, stacklevel=2)
            destination = args[0] if destination is None else destination
            if len(args) > 1 and prefix == "":
                prefix = args[1]
            if len(args) > 2 and keep_vars is False:
                keep_vars = args[2]
        if destination is None:
            destination = OrderedDict()
            destination._metadata = OrderedDict()
        metadata = getattr(destination, "_metadata", None)
        if metadata is not None:
            metadata[prefix[:-1]] = {"version": self._version}
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + ".",
                                  keep_vars=keep_vars)
        return destination

    def _load_from_state_dict(self, state_dict: dict, prefix: str, strict: bool,
                              missing_keys: list, unexpected_keys: list,
                              error_msgs: list) -> None:
        local_state = {k: v for k, v in itertools.chain(
            self._parameters.items(),
            ((k, v) for k, v in self._buffers.items()
             if k not in self._non_persistent_buffers_set)) if v is not None}
        for name, param in local_state.items():
            key = prefix + name
            if key not in state_dict:
                if strict:
                    missing_keys.append(key)
                continue
            value = state_dict[key]
            if not isinstance(value, Tensor):
                error_msgs.append(f'While copying the parameter named "{key}", expected '
                                  "torch.Tensor or Tensor-like object from checkpoint but "
                                  f"received {type(value)}")
                continue
            if param.ndim == 0 and value.ndim == 1 and value.shape[0] == 1:
                value = value[0]
            if value.shape != param.shape:
                error_msgs.append(f"size mismatch for {key}: copying a param with shape "
                                  f"{value.shape} from checkpoint, the shape in current model "
                                  f"is {param.shape}.")
                continue
            try:
                with grad_mode.no_grad():
                    param.copy_(value)
            except Exception as ex:
                error_msgs.append(f'While copying the parameter named "{key}", whose dimensions '
                                  f"in the model are {param.size()} and whose dimensions in the "
                                  f"checkpoint are {value.size()}, an exception occurred : "
                                  f"{ex.args}.")
        if strict:
            extra_state = prefix + "_extra_state"
            if extra_state in state_dict:
                unexpected_keys.append(extra_state)
            for key in state_dict:
                if key.startswith(prefix) and key != extra_state:
                    head = key[len(prefix):].split(".", 1)
                    if (len(head) > 1 and head[0] not in self._modules) or \
                            (len(head) == 1 and head[0] not in local_state):
                        unexpected_keys.append(key)

    def load_state_dict(self, state_dict, strict: bool = True, assign: bool = False):
        if not isinstance(state_dict, Mapping):
            raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
        if assign:
            raise NotImplementedError("gradcli's load_state_dict copies values: assign=True "
                                      "is not supported")
        missing_keys: list[str] = []
        unexpected_keys: list[str] = []
        error_msgs: list[str] = []
        state_dict = dict(state_dict)

        def load(module: Module, local: dict, prefix: str = "") -> None:
            module._load_from_state_dict(local, prefix, True, missing_keys, unexpected_keys,
                                         error_msgs)
            for name, child in module._modules.items():
                if child is not None:
                    child_prefix = prefix + name + "."
                    load(child, {k: v for k, v in local.items() if k.startswith(child_prefix)},
                         child_prefix)

        load(self, state_dict)
        if strict:
            if unexpected_keys:
                error_msgs.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                    ", ".join(f'"{k}"' for k in unexpected_keys)))
            if missing_keys:
                error_msgs.insert(0, "Missing key(s) in state_dict: {}. ".format(
                    ", ".join(f'"{k}"' for k in missing_keys)))
        if error_msgs:
            raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(
                type(self).__name__, "\n\t".join(error_msgs)))
        return _IncompatibleKeys(missing_keys, unexpected_keys)

    # ---- printing ------------------------------------------------------------------------
    def _get_name(self) -> str:
        return type(self).__name__

    def extra_repr(self) -> str:
        return ""

    def __repr__(self) -> str:
        extra = self.extra_repr()
        extra_lines = extra.split("\n") if extra else []
        child_lines = [f"({key}): " + addindent(repr(module), 2)
                       for key, module in self._modules.items()]
        lines = extra_lines + child_lines
        text = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                text += extra_lines[0]
            else:
                text += "\n  " + "\n  ".join(lines) + "\n"
        return text + ")"


def _check_name(kind: str, name) -> None:
    if not isinstance(name, str):
        raise TypeError(f"{kind} name should be a string. Got {typename(name)}")
    if "." in name:
        raise KeyError(f"{kind} name can't contain \".\"")
    if name == "":
        raise KeyError(f"{kind} name can't be empty string \"\"")


def _remove(name: str, *tables) -> None:
    for table in tables:
        if name in table:
            if isinstance(table, dict):
                del table[name]
            else:
                table.discard(name)


def _named_members(module: Module, get_members, prefix: str = "", recurse: bool = True,
                   remove_duplicate: bool = True) -> Iterator:
    """(qualified name, value) of each member once (the first name a shared one has)."""
    memo: set = set()
    modules = _walk(module, None, prefix, remove_duplicate) if recurse else [(prefix, module)]
    for module_prefix, owner in modules:
        for k, v in get_members(owner):
            if v is None or v in memo:
                continue
            if remove_duplicate:
                memo.add(v)
            yield module_prefix + ("." if module_prefix else "") + k, v


def _children(module: Module) -> Iterator:
    memo: set = set()
    for name, child in module._modules.items():
        if child is not None and child not in memo:
            memo.add(child)
            yield name, child


def _walk(module: Module, memo, prefix: str, remove_duplicate: bool) -> Iterator:
    """(prefix, module) for the module and every module under it, depth first."""
    if memo is None:
        memo = set()
    if module in memo:
        return
    if remove_duplicate:
        memo.add(module)
    yield prefix, module
    for name, child in module._modules.items():
        if child is not None:
            yield from _walk(child, memo, prefix + ("." if prefix else "") + name,
                             remove_duplicate)


def _own_parameters(module: Module):
    return module._parameters.items()


def _own_buffers(module: Module):
    return module._buffers.items()


def _dtype_of(value) -> _dt.DType:
    """Module.type's argument: a dtype, or a type string such as 'torch.DoubleTensor'."""
    if isinstance(value, _dt.DType):
        return value
    for dt in _dt.ALL:
        if value == f"torch.{_dt.type_name(dt)}Tensor":
            return dt
    raise ValueError(f"invalid type: '{value}'")


def _parse_to(args: tuple, kwargs: dict):
    """Module.to's arguments, as torch._C._nn._parse_to reads them: (dtype, device)."""
    dtype, device = kwargs.pop("dtype", None), kwargs.pop("device", None)
    kwargs.pop("non_blocking", None)
    kwargs.pop("memory_format", None)
    if kwargs:
        raise TypeError(f"to() received an invalid combination of arguments - got an unexpected "
                        f"keyword argument '{next(iter(kwargs))}'")
    for a in args:
        if isinstance(a, _dt.DType):
            dtype = a
        elif isinstance(a, Tensor):
            dtype = a.dtype
        elif isinstance(a, bool):
            continue   # non_blocking
        else:
            device = a
    return dtype, device
