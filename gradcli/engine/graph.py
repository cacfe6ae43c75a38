"""Graph nodes: a grad_fn per recorded operation, AccumulateGrad per leaf, saved values."""
from __future__ import annotations

import itertools
import weakref

from .dtypes import from_numpy

FREED = ("Trying to backward through the graph a second time (or directly access saved tensors "
         "after they have already been freed). Saved intermediate values of the graph are freed "
         "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
         "backward through the graph a second time or if you need to access saved tensors after "
         "calling backward.")

MODIFIED = ("one of the variables needed for gradient computation has been modified by an inplace "
            "operation: [{type} [{shape}]]{where} is at version {now}; expected version {saved} "
            "instead. Hint: enable anomaly detection to find the operation that failed to compute "
            "its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).")

_sequence = itertools.count()


class InvalidView:
    """What stands in a view's grad_fn once PyTorch would refuse to regenerate it: a view of
    split/unbind (or a view of one) whose base was written in place (variable.cpp's
    handle_view_on_rebase). Every use of it as a graph node raises PyTorch's error; the
    tensor itself prints `grad_fn=<Invalid>`, as torch's repr says when reading grad_fn fails."""

    __slots__ = ("message", "output_nr", "short_name")

    def __init__(self, message: str, output_nr: int, short_name: str) -> None:
        self.message = message
        self.output_nr = output_nr      # of the view's own node, for the direct refusal
        self.short_name = short_name

    def name(self) -> str:
        return "Invalid"

    def fail(self):
        raise RuntimeError(self.message)

    def __getattr__(self, name):
        raise RuntimeError(self.message)


class RemovableHandle:
    """What register_hook returns: remove() takes the hook out (again: nothing happens)."""

    __slots__ = ("_hooks", "id", "__weakref__")

    def __init__(self, hooks: dict) -> None:
        self._hooks = weakref.ref(hooks)
        self.id = next(_ids)

    def remove(self) -> None:
        hooks = self._hooks()
        if hooks is not None:
            hooks.pop(self.id, None)

    def __enter__(self) -> "RemovableHandle":
        return self

    def __exit__(self, *exc) -> None:
        self.remove()


# printed as PyTorch's: <torch.utils.hooks.RemovableHandle object at 0x...>
RemovableHandle.__module__ = "torch.utils.hooks"
_ids = itertools.count()


class Hooks(dict):
    """One owner's hooks, by handle id, in the order they were registered (a dict subclass:
    a handle refers to it weakly)."""

    __slots__ = ("__weakref__",)


def _add_hook(owner, table: str, hook) -> RemovableHandle:
    hooks = owner.__dict__.get(table)
    if hooks is None:
        hooks = Hooks()
        setattr(owner, table, hooks)
    handle = RemovableHandle(hooks)
    hooks[handle.id] = hook
    return handle


class Node:
    """A grad_fn: the backward of one recorded operation.

    `next_functions` holds one `(node, output_nr)` pair per differentiable input, in the
    op's argument order: the input's grad_fn, its leaf's AccumulateGrad, or None.
    Saved tensors are kept with the version they had, and released after a backward
    without retain_graph; scalars and shapes are never released, as in PyTorch.
    """

    # every node sets its slots; the rare attributes below them default at the class and go
    # into the instance's __dict__ only when set (a node is made per recorded op)
    __slots__ = ("op", "next_functions", "needs", "params", "shapes", "dtypes", "_saved",
                 "_seq", "span", "__dict__", "__weakref__")
    n_outputs = 1
    custom = False     # a torch.autograd.Function's node (engine/function.py)
    _retained = None   # tensors that called retain_grad(), by output_nr
    _metadata = None
    _hooks = None      # the hooks of its outputs' tensors, by output_nr (engine/hooks.py)
    _pre_hooks = None  # its own hooks (register_prehook, register_hook), run by engine/hooks.py
    _post_hooks = None

    def __init__(self, op, next_functions, needs, params, shapes, dtypes, saved, n_outputs=1,
                 span=None):
        self.op = op
        self.next_functions = next_functions
        self.needs = needs          # per input: does its gradient have to be computed
        self.params = params        # non-tensor arguments (dim, keepdim, exponent...)
        self.shapes = shapes        # per input shape, to undo broadcasting
        self.dtypes = dtypes        # per input dtype, gradients are cast back to it
        self._saved = saved         # name -> (value, version counter, version) | None if freed
        self._seq = next(_sequence)
        self.span = span            # where in the program the operation was written
        if n_outputs != 1:
            self.n_outputs = n_outputs

    @property
    def metadata(self) -> dict:
        """PyTorch's per-node dict for the user's own notes, made when first asked for."""
        if self._metadata is None:
            self._metadata = {}
        return self._metadata

    def name(self) -> str:
        return self.op.grad_fn

    def register_prehook(self, hook) -> RemovableHandle:
        """`hook(grad_outputs)` runs before this node's backward; a tuple it returns is the
        backward's gradients instead."""
        return _add_hook(self, "_pre_hooks", hook)

    def register_hook(self, hook) -> RemovableHandle:
        """`hook(grad_inputs, grad_outputs)` runs after this node's backward; a tuple it
        returns is what goes on to the inputs instead."""
        return _add_hook(self, "_post_hooks", hook)

    @property
    def short_name(self) -> str:
        """The name PyTorch uses in version-counter messages: 'Exp', 'Pow1', 'Add'."""
        name = self.op.grad_fn
        if "::" in name:
            return name
        name = name.replace("Backward", "")
        return name[:-1] if name.endswith("0") else name

    @property
    def released(self) -> bool:
        return self._saved is None

    def saved(self, name: str):
        """A saved value as a program reads it (`grad_fn._saved_self`): checked for release and
        for an in-place write since it was saved, as PyTorch's unpack is."""
        if self._saved is None:
            raise RuntimeError(FREED)
        value, counter, version = self._saved[name]
        if counter is not None and counter.value != version:
            raise RuntimeError(_modified_message(self, name, value, counter.value, version))
        if type(value) is SavedResult:
            return value.rebuild(self)
        return value

    def check_versions(self) -> None:
        """The one version check of a backward: PyTorch's node unpacks every saved tensor before
        it computes any gradient, so a saved tensor modified in place fails the node even when
        no gradient asked for reads it. The rules then read through `read` (on arrays:
        ops/xp.ARRAY_VIEW), which check release only."""
        saved = self._saved
        if saved is None:
            op = self.op
            if (op.save_plan or op.saved_params) and self._freed_tensors():
                raise RuntimeError(FREED)
        elif saved:
            for entry in saved.values():
                counter = entry[1]
                if counter is not None and counter.value != entry[2]:
                    name = next(k for k, v in saved.items() if v is entry)
                    raise RuntimeError(_modified_message(self, name, entry[0], counter.value,
                                                         entry[2]))

    def _freed_tensors(self) -> bool:
        """Whether this node, holding nothing now, saved a tensor that a backward freed (PyTorch
        unpacks every saved tensor first, so even a derivative that reads none of them fails):
        what dispatch's _save kept for these inputs."""
        op = self.op
        if op.saved_params:
            return True
        dtypes, needs = self.dtypes, self.needs
        return any(index < 0 or (dtypes[index] is not None and (reader is None or needs[reader]))
                   for _, index, reader in op.save_plan)

    def read(self, name: str):
        """A saved value as a rule on tensors reads it, after check_versions."""
        if self._saved is None:
            raise RuntimeError(FREED)
        value = self._saved[name][0]
        if type(value) is SavedResult:
            return value.rebuild(self)
        return value

    def saved_names(self) -> tuple[str, ...]:
        return tuple(self._saved) if self._saved else ()

    def __getattr__(self, name: str):
        # rules read saved values and parameters as attributes: c.self, c.other, c.dim
        params = object.__getattribute__(self, "params")
        if name in params:
            return params[name]
        if name.startswith("_saved_"):
            return self.saved_for_user(name[7:])
        saved = object.__getattribute__(self, "_saved")
        if saved is None or name in saved:
            return self.read(name)
        raise AttributeError(f"'{self.op.grad_fn}' object has no attribute '{name}'")

    def saved_for_user(self, name: str):
        """`grad_fn._saved_self` as PyTorch offers it (saved tensors, sizes and scalars)."""
        if self._saved is not None and name in self._saved:
            return self.saved(name)
        if name in self.params:
            return self.params[name]
        if self._saved is None and name in self.op.saved_names:
            raise RuntimeError(FREED)
        raise AttributeError(f"'{self.op.grad_fn}' object has no attribute '_saved_{name}'")

    def __repr__(self) -> str:
        return f"<{self.op.grad_fn.rsplit('::', 1)[-1]} object at {hex(id(self))}>"


class PendingView(Node):
    """A view's AsStridedBackward0, made when an in-place write made its base require grad
    while the view had no grad_fn. PyTorch makes that node only when the view's grad_fn is next
    read (VariableHooks::grad_fn), and till then the view is a leaf that requires grad, which an
    in-place op refuses (check_inplace reads the grad_fn as it is). Reading it (an op that
    records the view, .grad_fn, .is_leaf, printing) makes it an ordinary Node: `settle`."""

    __slots__ = ()

    def settle(self) -> Node:
        self.__class__ = Node
        return self

    def name(self) -> str:
        return self.settle().op.grad_fn

    def __repr__(self) -> str:
        return self.settle().__repr__()


class RegeneratedView(Node):
    """A view's AsStridedBackward0, made when its base was written while the view had a
    grad_fn. PyTorch makes that node only when the view's grad_fn is next read, so till then
    the view's old node lives on (`superseded`, which a version message may name through
    SavedResult.shown). Reading it (an op that records the view, .grad_fn, printing) makes it
    an ordinary Node and lets the old one go: `settle`."""

    __slots__ = ()

    def settle(self) -> Node:
        self.__class__ = Node
        del self.superseded
        return self

    def name(self) -> str:
        return self.settle().op.grad_fn

    def __repr__(self) -> str:
        return self.settle().__repr__()


class AccumulateGrad:
    """The node through which a gradient reaches a leaf's `.grad`."""

    __slots__ = ("variable", "_seq", "_metadata", "__weakref__")
    next_functions = ()
    metadata = Node.metadata
    needs = ()
    span = None
    n_outputs = 1

    def __init__(self, variable) -> None:
        self.variable = variable
        self._seq = next(_sequence)
        self._metadata = None

    def name(self) -> str:
        return "torch::autograd::AccumulateGrad"

    @property
    def _hooks(self) -> dict | None:
        """The leaf's hooks, which its gradient goes through (under None: a grad_fn keeps its
        outputs' hooks by output number, engine/hooks.py)."""
        return self.variable.__dict__.get("_hooks")

    short_name = "torch::autograd::AccumulateGrad"
    released = False

    def __repr__(self) -> str:
        return f"<AccumulateGrad object at {hex(id(self))}>"


class SavedResult:
    """An op's own output, saved without its grad_fn so that saving makes no reference cycle.
    `shown`: for an in-place op on a view, a weak reference to the view's grad_fn when it was
    saved (PyTorch's weak_grad_fn_), the node its version message names while it lives."""

    __slots__ = ("data", "counter", "requires_grad", "cls", "output_nr", "shown")

    def __init__(self, tensor) -> None:
        self.data = tensor._data
        self.counter = tensor._version_counter
        self.requires_grad = tensor._requires_grad
        self.cls = type(tensor)
        self.output_nr = tensor._output_nr
        self.shown = None

    def rebuild(self, node):
        t = self.cls._make(self.data, node if self.requires_grad else None, self.requires_grad)
        t._version_counter = self.counter
        t._output_nr = self.output_nr
        return t

    @property
    def shape(self):
        return self.data.shape


class _Regenerated:
    short_name = "AsStrided"


_AS_STRIDED = _Regenerated()


def _modified_message(node, name, value, now, then) -> str:
    if type(value) is SavedResult:
        shown = value.shown() if value.shown is not None else None
        data = value.data
        where = f", which is output {value.output_nr} of {(shown or node).short_name},"
    else:
        data = value._data
        fn = value.grad_fn
        if type(fn) is InvalidView:
            return fn.message   # PyTorch reads the saved view's grad_fn first, which fails
        if fn is not None and value._base is not None:
            # a view whose version moved since its grad_fn was made: PyTorch regenerates it
            # when the message reads it (a write through detach() too)
            fn = _AS_STRIDED
        where = f", which is output {value._output_nr} of {fn.short_name}," if fn is not None else ""
    dtype = from_numpy(data.dtype)
    return MODIFIED.format(type=f"torch.{dtype.legacy}", shape=", ".join(map(str, data.shape)),
                           where=where, now=now, saved=then)
