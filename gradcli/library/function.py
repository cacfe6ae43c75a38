"""torch.autograd.Function: a program's own differentiable operation, a forward and a backward
written as static methods; `apply` runs the forward and records one node whose backward calls
the program's."""
from __future__ import annotations

import warnings

from ..engine import grad_mode
from ..engine.function import FunctionNode
from ..engine.tensor import Tensor
from . import LibraryClass

LEGACY_CALL = ("Legacy autograd function with non-static forward method is deprecated. Please use "
               "new-style autograd function with static forward method. (Example: "
               "https://pytorch.org/docs/stable/autograd.html#torch.autograd.Function)")


class FunctionCtx:
    """What forward and backward get as `ctx`: where forward leaves what backward needs."""

    def save_for_backward(self, *tensors) -> None:
        self.to_save = tensors

    def mark_dirty(self, *args) -> None:
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args) -> None:
        self.non_differentiable = args

    def set_materialize_grads(self, value: bool) -> None:
        self.materialize_grads = value


class BackwardCFunction(FunctionCtx, FunctionNode):
    """The node of one call of a custom function, which is also its ctx (PyTorch's design:
    `y.grad_fn.saved_tensors` is what backward reads). Each Function subclass gets its own
    subclass of this one, named after it: MyReLU -> MyReLUBackward."""

    PUBLIC = FunctionNode.PUBLIC | frozenset(
        name for name in vars(FunctionCtx) if not name.startswith("_"))
    _forward_cls = None

    def backward_fn(self, *grads):
        return self._forward_cls.backward(self, *grads)


class Function(LibraryClass):
    """The base of a program's custom functions: define `forward(ctx, ...)` and
    `backward(ctx, *grad_outputs)` as static methods, then call `apply`."""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        cls._backward_cls = type(cls.__name__ + "Backward", (BackwardCFunction,),
                                 {"_forward_cls": cls, "__module__": "torch.autograd.function"})

    def __init__(self, *args, **kwargs) -> None:
        warnings.warn(f"{type(self)} should not be instantiated. Methods on autograd functions "
                      "are all static, so you should invoke them on the class itself. "
                      "Instantiating an autograd function will raise an error in a future "
                      "version of PyTorch.", DeprecationWarning, stacklevel=2)

    def __call__(self, *args, **kwargs):
        raise RuntimeError(LEGACY_CALL)

    @staticmethod
    def forward(*args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom "
                                  "autograd.Function.")

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for "
                                  "your custom autograd.Function to use it with backward mode "
                                  "AD.")

    vjp = backward

    @classmethod
    def apply(cls, *args, **kwargs):
        """Run forward with grad mode off; when an argument requires grad (and grad mode is on),
        its tensor outputs get one node, whose backward is the class's."""
        inputs = args + tuple(kwargs.values())
        ctx = cls._backward_cls(inputs)
        ctx.needs_input_grad = tuple(isinstance(x, Tensor) and x.requires_grad for x in inputs)
        with grad_mode.no_grad():
            if cls.setup_context is not Function.setup_context:
                output = cls.forward(*args, **kwargs)
                cls.setup_context(ctx, inputs, output)
            else:
                output = cls.forward(ctx, *args, **kwargs)
        if not (grad_mode.is_grad_enabled() and any(ctx.needs_input_grad)):
            return output
        outputs = output if isinstance(output, tuple) else (output,)
        outputs = ctx.attach(outputs, inputs, _marked(ctx, "dirty_tensors"),
                             _marked(ctx, "non_differentiable"))
        ctx.save(_marked(ctx, "to_save"))
        return outputs if isinstance(output, tuple) else outputs[0]


class once_differentiable(LibraryClass):
    """A custom backward run with grad mode off: its result has no graph, so nothing can
    differentiate it again."""

    def __init__(self, fn) -> None:
        self.fn = fn

    def __call__(self, ctx, *args):
        with grad_mode.no_grad():
            outputs = self.fn(ctx, *args)
        if grad_mode.is_grad_enabled() and any(isinstance(a, Tensor) and a.requires_grad
                                               for a in args):
            # PyTorch gives such outputs a DelayedError node, which fails a second backward
            raise NotImplementedError("gradcli does not implement a backward of gradients that "
                                      "require grad through @once_differentiable yet")
        return outputs


def _marked(ctx, name: str) -> tuple:
    """What forward handed to save_for_backward, mark_dirty or mark_non_differentiable."""
    return vars(ctx).get(name, ())


for _cls in (FunctionCtx, BackwardCFunction, Function, once_differentiable):
    _cls.__module__ = "torch.autograd.function"

Function.__init_subclass__()   # Function itself has a node class too, as PyTorch's

__all__ = ["Function", "once_differentiable"]
