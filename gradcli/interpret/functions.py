"""A program's functions: their frames, how a call binds its arguments (Python's rules and
words), and the generator a function with `yield` returns; and Builtin and Flag, gradcli's own
functions and flags as a program sees them."""
from __future__ import annotations

import types

MAX_DEPTH = 150    # user function calls; deeper is a RecursionError


class Return:
    __slots__ = ("value",)

    def __init__(self, value) -> None:
        self.value = value


class Frame:
    """The variables of one function call (or comprehension), and the frame it was defined in;
    `fn` is the function whose call made it (None for a comprehension)."""

    __slots__ = ("vars", "parent", "fn")

    def __init__(self, vars: dict, parent: "Frame | None", fn=None) -> None:
        self.vars = vars
        self.parent = parent
        self.fn = fn


class ClassFrame(Frame):
    """A class body while it runs: its variables become the class's namespace; `cell` will hold
    the class, for the zero-argument super() of the methods defined in it."""

    __slots__ = ("cell",)

    def __init__(self, vars: dict, parent: "Frame | None", cell: list) -> None:
        super().__init__(vars, parent)
        self.cell = cell


class Signature:
    """A def's or lambda's parameters, in Python's kinds."""

    __slots__ = ("positional", "posonly", "vararg", "kwonly", "kwarg", "names")

    def __init__(self, params) -> None:
        self.positional = tuple(p.name for p in params if p.kind in ("posonly", "pos"))
        self.posonly = frozenset(p.name for p in params if p.kind == "posonly")
        self.vararg = next((p.name for p in params if p.kind == "vararg"), None)
        self.kwonly = tuple(p.name for p in params if p.kind == "kwonly")
        self.kwarg = next((p.name for p in params if p.kind == "kwarg"), None)
        self.names = frozenset(self.positional + self.kwonly)


def _listed(names: list) -> str:
    """Python's way of listing missing arguments: 'a', 'a' and 'b', 'a', 'b', and 'c'."""
    quoted = [f"'{n}'" for n in names]
    if len(quoted) == 1:
        return quoted[0]
    if len(quoted) == 2:
        return f"{quoted[0]} and {quoted[1]}"
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


class Function:
    """A function defined in the program (def or lambda). As a class attribute it binds `self`
    as Python's functions do, so a program's class can have methods."""

    __slots__ = ("__name__", "__qualname__", "doc", "sig", "defaults", "kwdefaults", "body",
                 "closure", "interp", "generator", "owner")

    def __init__(self, name, sig, defaults, kwdefaults, body, closure, interp,
                 generator=False, qualname=None, doc=None) -> None:
        self.__name__ = name
        self.__qualname__ = qualname or name
        self.doc = doc
        self.sig = sig
        self.defaults = defaults      # name -> value, for positional parameters
        self.kwdefaults = kwdefaults  # name -> value, for keyword-only parameters
        self.body = body
        self.closure = closure
        self.interp = interp
        self.generator = generator
        self.owner = None             # [class] for a method, for super()

    def __get__(self, obj, kind=None):
        return self if obj is None else types.MethodType(self, obj)

    def bind(self, args: tuple, kwargs: dict) -> dict:
        """The call's arguments by parameter name, or Python's TypeError, checked in
        CPython's order: keywords first, then the count of positional arguments, then what is
        missing."""
        sig = self.sig
        names = sig.positional
        bound = dict(zip(names, args))
        if sig.vararg is not None:
            bound[sig.vararg] = tuple(args[len(names):])
        extra = {}
        if kwargs:
            wrong_kind = []
            for k, v in kwargs.items():
                if k in sig.names and k not in sig.posonly:
                    if k in bound:
                        raise TypeError(f"{self.__qualname__}() got multiple values for "
                                        f"argument '{k}'")
                    bound[k] = v
                elif sig.kwarg is not None:
                    extra[k] = v
                elif k in sig.posonly:
                    wrong_kind.append(k)
                else:
                    raise TypeError(f"{self.__qualname__}() got an unexpected keyword "
                                    f"argument '{k}'")
            if wrong_kind:
                raise TypeError(f"{self.__qualname__}() got some positional-only arguments "
                                f"passed as keyword arguments: '{', '.join(wrong_kind)}'")
        if len(args) > len(names) and sig.vararg is None:
            self._too_many(len(args), kwargs)
        if len(bound) < len(names) + len(sig.kwonly) + (sig.vararg is not None):
            self._fill_defaults(bound)
        if sig.kwarg is not None:
            bound[sig.kwarg] = extra
        return bound

    def _fill_defaults(self, bound: dict) -> None:
        sig = self.sig
        missing = [n for n in sig.positional if n not in bound and n not in self.defaults]
        if missing:
            raise TypeError(f"{self.__qualname__}() missing {len(missing)} required positional "
                            f"argument{'s' if len(missing) > 1 else ''}: {_listed(missing)}")
        for n in sig.positional:
            if n not in bound:
                bound[n] = self.defaults[n]
        missing = [n for n in sig.kwonly if n not in bound and n not in self.kwdefaults]
        if missing:
            raise TypeError(f"{self.__qualname__}() missing {len(missing)} required keyword-only "
                            f"argument{'s' if len(missing) > 1 else ''}: {_listed(missing)}")
        for n in sig.kwonly:
            if n not in bound:
                bound[n] = self.kwdefaults[n]

    def _too_many(self, given: int, kwargs: dict):
        names = self.sig.positional
        most = len(names)
        least = sum(1 for n in names if n not in self.defaults)
        takes = _plural(most, "positional argument") if least == most else \
            f"from {least} to {most} positional arguments"
        kwonly = sum(1 for k in kwargs if k in self.sig.kwonly)
        if kwonly:
            were = f"{_plural(given, 'positional argument')} (and " \
                   f"{_plural(kwonly, 'keyword-only argument')}) were given"
        else:
            were = f"{given} {'were' if given != 1 else 'was'} given"
        raise TypeError(f"{self.__qualname__}() takes {takes} but {were}")

    def __call__(self, *args, **kwargs):
        frame = Frame(self.bind(args, kwargs), self.closure, self)
        if self.generator:
            return _generator(self, frame)
        interp = self.interp
        interp.depth += 1
        try:
            if interp.depth > MAX_DEPTH:
                raise RecursionError("maximum recursion depth exceeded")
            result = self.body(frame)
        finally:
            interp.depth -= 1
        return result.value if type(result) is Return else result

    def __repr__(self) -> str:
        return f"<function {self.__qualname__} at {hex(id(self))}>"


def _generator(fn: Function, frame: Frame):
    """The generator a call of a function with `yield` returns; Python's own generator object,
    named after the function as Python names it."""
    def run():
        result = yield from fn.body(frame)
        return result.value if type(result) is Return else None
    gen = run()
    gen.__name__, gen.__qualname__ = fn.__name__, fn.__qualname__
    return gen


class Builtin:
    """A bound builtin as the program sees it: callable, printed as Python prints its own."""

    __slots__ = ("_fn", "__name__")

    def __init__(self, name: str, fn) -> None:
        self._fn = fn
        self.__name__ = name

    def __call__(self, *args, **kwargs):
        return self._fn(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<built-in function {self.__name__}>"

    @property
    def __wrapped__(self):
        """The torch function it stands for given a tensor (sum(t) is torch.sum(t)), which
        explains a call that failed; None for the others."""
        return getattr(self._fn, "__wrapped__", None)

    @property
    def __signature__(self):
        """help() and completion read the parameters of the function it stands for."""
        import inspect
        return inspect.signature(self._fn)


class Flag:
    """`grad` in `ones(2, 2, grad)`: the terse spelling of requires_grad=True."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name
