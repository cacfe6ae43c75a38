"""A module's full backward hooks, as torch/utils/hooks.py's BackwardHook runs them: the
module's tensor inputs and outputs pass through an identity Function, whose nodes' hooks catch
the gradients of the outputs (the module's grad_output) and then of the inputs (grad_input),
and call the program's hooks with both."""
from __future__ import annotations

from ...engine import grad_mode
from ...engine.tensor import Tensor
from ..function import Function


class BackwardHookFunction(Function):
    """The identity whose node (BackwardHookFunctionBackward) carries the hooks."""

    __module__ = "torch.nn.modules._functions"

    @staticmethod
    def forward(ctx, *args):
        ctx.mark_non_differentiable(*[arg for arg in args if not arg.requires_grad])
        return args

    @staticmethod
    def backward(ctx, *args):
        return args


def _pack_with_none(indices, values, size: int) -> tuple:
    packed = [None] * size
    for i, value in zip(indices, values):
        packed[i] = value
    return tuple(packed)


class BackwardHook:
    """One call's hooks: made by Module.__call__ when the module has full backward hooks or
    backward pre-hooks, given the call's arguments and then its result."""

    def __init__(self, module, user_hooks: list, user_pre_hooks: list) -> None:
        self.module = module
        self.user_hooks = user_hooks
        self.user_pre_hooks = user_pre_hooks
        self.grad_outputs = None
        self.n_outputs = self.n_inputs = -1
        self.output_tensors_index = self.input_tensors_index = None

    def _apply_on_tensors(self, on_node, args: tuple):
        """`args` with its tensors through the identity (when one requires grad), and the
        positions of the tensors; `on_node` is given the identity's node."""
        index = [i for i, arg in enumerate(args) if isinstance(arg, Tensor)]
        if not (any(args[i].requires_grad for i in index) and grad_mode.is_grad_enabled()):
            return args, None
        new = BackwardHookFunction.apply(*(args[i] for i in index))
        if not new:
            raise RuntimeError("Cannot set Module backward hook for a Module with no input "
                               "Tensors.")
        on_node(next(t.grad_fn for t in new if t.grad_fn is not None))
        out = list(args)
        for i, value in zip(index, new):
            out[i] = value
        return tuple(out), index

    def setup_input_hook(self, args: tuple) -> tuple:
        def on_node(node) -> None:
            node.register_hook(self._input_hook)
        result, self.input_tensors_index = self._apply_on_tensors(on_node, args)
        self.n_inputs = len(args)
        return result

    def _input_hook(self, grad_input, _):
        if self.grad_outputs is None:   # reached without passing the outputs (double backward)
            return None
        res = _pack_with_none(self.input_tensors_index, grad_input, self.n_inputs)
        for hook in self.user_hooks:
            out = hook(self.module, res, self.grad_outputs)
            if out is None:
                continue
            if len(out) != len(res):
                raise RuntimeError("Backward hook returned an invalid number of grad_input, "
                                   f"got {len(out)}, but expected {len(res)}")
            res = out
        self.grad_outputs = None
        return tuple(res[i] for i in self.input_tensors_index)

    def setup_output_hook(self, result):
        def on_node(node) -> None:
            node.register_hook(self._output_hook)
        outputs = result if isinstance(result, tuple) else (result,)
        new, self.output_tensors_index = self._apply_on_tensors(on_node, outputs)
        self.n_outputs = len(outputs)
        return new if isinstance(result, tuple) else new[0]

    def _output_hook(self, _, grad_output):
        self.grad_outputs = _pack_with_none(self.output_tensors_index, grad_output,
                                            self.n_outputs)
        for pre_hook in self.user_pre_hooks:
            out = pre_hook(self.module, self.grad_outputs)
            if out is None:
                continue
            if len(out) != len(self.grad_outputs):
                raise RuntimeError("Backward pre hook returned an invalid number of "
                                   f"grad_output, got {len(out)}, but expected "
                                   f"{len(self.grad_outputs)}")
            self.grad_outputs = out
        given = self.grad_outputs
        if self.input_tensors_index is None:   # no input needs a gradient: the hooks run now
            grad_inputs = (None,) * self.n_inputs
            for hook in self.user_hooks:
                out = hook(self.module, grad_inputs, self.grad_outputs)
                if out is not None and not (isinstance(out, tuple)
                                            and all(g is None for g in out)):
                    raise RuntimeError("Backward hook for Modules where no input requires "
                                       "gradient should always return None or None for all "
                                       "gradients.")
            self.grad_outputs = None
        if given is not None:
            return tuple(given[i] for i in self.output_tensors_index)
        return None


__all__ = ["BackwardHook", "BackwardHookFunction"]
