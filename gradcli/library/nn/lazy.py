"""LazyModuleMixin: a module whose parameters take their shapes from its first input, then
become a regular module's (LazyLinear becomes Linear), as torch.nn.modules.lazy's do."""
from __future__ import annotations

import itertools

from ...engine import grad_mode
from .. import LibraryClass
from .parameter import is_lazy


class LazyModuleMixin(LibraryClass):
    """Before the first call: uninitialised parameters and a pre-hook that infers their shapes
    from the input, initialises them (drawing from the random stream then, not at
    construction), and turns the module into cls_to_become. It is a LibraryClass with a
    __dict__ as Module is, so that the two lay their instances out alike: __class__ can
    change from one to the other."""

    cls_to_become: type | None = None
    _inferred: str = ""   # the size the first input gives (in_features...): 0 until then

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._initialize_hook = self.register_forward_pre_hook(self._infer_parameters,
                                                               with_kwargs=True)

    def reset_parameters(self) -> None:
        """The module's own reset, once the first call has given the parameters a shape (the
        constructor of the module it becomes calls it before)."""
        if not self.has_uninitialized_params() and getattr(self, self._inferred) != 0:
            super().reset_parameters()

    def has_uninitialized_params(self) -> bool:
        return any(is_lazy(v) for v in itertools.chain(self._parameters.values(),
                                                       self._buffers.values()))

    def initialize_parameters(self, *args, **kwargs) -> None:
        raise NotImplementedError(
            f"initialize_parameters is not implemented for {type(self).__name__}")

    def _infer_parameters(self, module, args, kwargs=None) -> None:
        module.initialize_parameters(*args, **(kwargs or {}))
        if module.has_uninitialized_params():
            raise RuntimeError(f"module {self._get_name()} has not been fully initialized")
        module._initialize_hook.remove()
        del module._initialize_hook
        if module.cls_to_become is not None:
            module.__class__ = module.cls_to_become

    def _save_to_state_dict(self, destination: dict, prefix: str, keep_vars: bool) -> None:
        """Module's entries, but an uninitialised parameter goes in as itself (it has nothing
        to detach)."""
        before = set(destination)
        super()._save_to_state_dict(destination, prefix, True)
        if not keep_vars:
            for key in destination.keys() - before:
                if not is_lazy(destination[key]):
                    destination[key] = destination[key].detach()

    def _load_from_state_dict(self, state_dict: dict, prefix: str, *args) -> None:
        """An uninitialised parameter takes the shape of an initialised one it is loaded from
        (PyTorch's _lazy_load_hook), before the values are copied."""
        for name, value in itertools.chain(self._parameters.items(), self._buffers.items()):
            loaded = state_dict.get(prefix + name)
            if value is not None and is_lazy(value) and loaded is not None \
                    and not is_lazy(loaded):
                with grad_mode.no_grad():
                    value.materialize(loaded.shape)
        super()._load_from_state_dict(state_dict, prefix, *args)
