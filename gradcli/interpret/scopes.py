"""Compile-time scopes: which names a module, class body, function or comprehension binds, which
it declares global or nonlocal, and whether a function body yields."""
from __future__ import annotations

from ..syntax import ast as A

MODULE, CLASS, FUNCTION = "module", "class", "function"

# what dir() lists at the top of a script before the program's own names (CPython 3.11)
MODULE_NAMES = ("__annotations__", "__builtins__", "__cached__", "__doc__", "__file__",
                "__loader__", "__name__", "__package__", "__spec__")
# typed at Python's prompt, or given to -c, a program has no file: no __file__, no __cached__
TYPED_NAMES = tuple(n for n in MODULE_NAMES if n not in ("__cached__", "__file__"))


class Scope:
    """One level of name binding. A function's frame chain skips class bodies, as Python's does:
    a method sees the names around its class, not the class's own."""

    __slots__ = ("locals", "parent", "kind", "in_loop", "globals", "nonlocals", "class_name",
                 "qualname", "generator", "params", "method")

    def __init__(self, names: set, parent: "Scope | None", kind: str, *, globals=(),
                 nonlocals=(), class_name: str | None = None, qualname: str = "",
                 generator: bool = False, params: tuple = ()) -> None:
        self.locals = set(names) - set(globals) - set(nonlocals)
        self.parent = parent
        self.kind = kind
        self.in_loop = False
        self.globals = frozenset(globals)
        self.nonlocals = frozenset(nonlocals)
        # the class whose body encloses this scope (private names are mangled by it)
        self.class_name = class_name if class_name is not None else \
            (parent.class_name if parent is not None else None)
        self.qualname = qualname
        self.generator = generator
        self.params = params
        self.method = False    # a def written directly in a class body

    @property
    def is_function(self) -> bool:
        return self.kind == FUNCTION

    def child_qualname(self, name: str) -> str:
        """The __qualname__ of a def or class written in this scope."""
        if self.kind == MODULE:
            return name
        if self.kind == CLASS:
            return f"{self.qualname}.{name}"
        return f"{self.qualname}.<locals>.{name}"


class Bindings:
    """What a block of statements binds and declares."""

    __slots__ = ("bound", "globals", "nonlocals", "yields")

    def __init__(self) -> None:
        self.bound: set = set()
        self.globals: set = set()
        self.nonlocals: set = set()
        self.yields = False


def scan(stmts, out: Bindings | None = None) -> Bindings:
    """The names `stmts` bind as locals (not looking into nested functions or classes), the
    names they declare global or nonlocal, and whether they yield."""
    out = out if out is not None else Bindings()
    for s in stmts:
        kind = type(s)
        if kind is A.Assign:
            for t in s.targets:
                out.bound |= targets(t)
        elif kind is A.AugAssign:
            out.bound |= targets(s.target)
        elif kind is A.For:
            out.bound |= targets(s.target)
            scan(s.body, out)
            scan(s.orelse, out)
        elif kind in (A.If, A.While):
            scan(s.body, out)
            scan(s.orelse, out)
        elif kind is A.With:
            for _, t in s.items:
                if t is not None:
                    out.bound |= targets(t)
            scan(s.body, out)
        elif kind is A.Try:
            scan(s.body, out)
            for h in s.handlers:
                if h.name is not None:
                    out.bound.add(h.name)
                scan(h.body, out)
            scan(s.orelse, out)
            scan(s.finalbody, out)
        elif kind in (A.FunctionDef, A.ClassDef):
            out.bound.add(s.name)
        elif kind is A.Import:
            out.bound.update(alias or module.split(".")[0] for module, alias in s.names)
        elif kind is A.FromImport and s.names != "*":
            out.bound.update(alias or name for name, alias in s.names)
        elif kind is A.Delete:
            for t in s.targets:
                out.bound |= targets(t)
        elif kind is A.Global:
            out.globals.update(s.names)
        elif kind is A.Nonlocal:
            out.nonlocals.update(s.names)
        if not out.yields and kind not in (A.FunctionDef, A.ClassDef) and yields(s):
            out.yields = True
    return out


def targets(target) -> set:
    """The names an assignment target binds."""
    if isinstance(target, A.Name):
        return {target.id}
    if isinstance(target, (A.Tuple, A.List)):
        out = set()
        for e in target.elts:
            out |= targets(e)
        return out
    if isinstance(target, A.Starred):
        return targets(target.value)
    return set()


_NESTED = (A.FunctionDef, A.ClassDef, A.Lambda)


def yields(node) -> bool:
    """Does `node` contain a yield of its own (not one inside a nested def, class or lambda)?"""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (A.Yield, A.YieldFrom)):
            return True
        if isinstance(n, (tuple, list)):
            stack.extend(n)
            continue
        if not isinstance(n, A.Node) or isinstance(n, A.Span):
            continue
        if isinstance(n, _NESTED) and n is not node:
            if isinstance(n, A.FunctionDef):   # its defaults and decorators run here
                stack.extend(p.default for p in n.params if p.default is not None)
                stack.extend(n.decorators)
            elif isinstance(n, A.ClassDef):
                stack.extend(n.bases)
                stack.extend(v for _, v in n.keywords)
                stack.extend(n.decorators)
            continue
        for name in n.__slots__:
            value = getattr(n, name)
            if isinstance(value, (A.Node, tuple, list)):
                stack.append(value)
    return False
