"""AST -> Python closures, once per statement; every failure keeps the span it came from."""
from __future__ import annotations

import operator
import sys
from typing import Callable

import numpy as np

from ..engine import interruptible
from ..engine.dispatch import context as engine_context
from ..errors import ProgramSyntaxError
from ..syntax import ast as A
from . import attributes, classes, modules
from . import builtins as B
from .functions import MAX_DEPTH, ClassFrame, Frame, Function, Return, Signature  # noqa: F401
from .generators import GeneratorStatements
from .runtime import BREAK, CONTINUE, UNSET, attach, chosen, context_exit, match_handler, \
    operand_error
from .scopes import CLASS, FUNCTION, MODULE, MODULE_NAMES, TYPED_NAMES, Scope, scan, targets
from .suggestions import PYTHON_BUILTINS

MAX_NESTING = 100  # expressions inside expressions, blocks inside blocks
classes.name_class(Function, "function")   # type(f) shows what Python would
attributes.register(Function, attributes.Listed(("__name__", "__qualname__")))
attributes.register(classes.TypeView, attributes.Listed(("__name__",)))


class Origin:
    """Where a compiled statement came from: kept with every graph node it makes."""

    __slots__ = ("filename", "source")

    def __init__(self, filename: str, source: str) -> None:
        self.filename = filename
        self.source = source


def _ipow(a, b):
    # **= on a tensor is in place (pow_); on a number it is ** with the big-integer guard
    return B.safe_pow(a, b) if type(a) is int else operator.ipow(a, b)


MAX_SEQUENCE = B.MAX_SEQUENCE
_SEQUENCES = (list, tuple, str)


def _check_product(a, b) -> None:
    # [0] * 10**10 would exhaust memory before Python noticed, and squaring an integer of a
    # million bits again and again would run for minutes
    if type(a) is int and type(b) is int:
        B.check_int_bits(a.bit_length() + b.bit_length(), "multiplication")
    elif isinstance(a, _SEQUENCES) and isinstance(b, int) or \
            isinstance(b, _SEQUENCES) and isinstance(a, int):
        seq, n = (a, b) if isinstance(a, _SEQUENCES) else (b, a)
        B.check_length(len(seq) * n, type(seq).__name__)


def _mul(a, b):
    _check_product(a, b)
    return a * b


def _imul(a, b):
    _check_product(a, b)   # s *= 3 * 10**9 as s * 3 * 10**9
    return operator.imul(a, b)


def _mod(a, b):
    if type(a) is str:   # "%*d" % (3 * 10**9, 1): widths are checked first
        B.check_percent_widths(a, b)
    return a % b


def _imod(a, b):
    if type(a) is str:
        B.check_percent_widths(a, b)
    return operator.imod(a, b)


def _matmul(a, b):
    # NumPy's product of two arrays stays in C for as long as it takes (an int64 product has no
    # BLAS path: 65 s for 3000 x 3000): on a worker, where Ctrl-C reaches it, as the engine's do
    if type(a) is np.ndarray and type(b) is np.ndarray:
        return interruptible.run(a.size * (b.shape[-1] if b.ndim > 1 else 1), operator.matmul,
                                 a, b)
    return a @ b


BINARY = {"+": operator.add, "-": operator.sub, "*": _mul, "/": operator.truediv,
          "//": operator.floordiv, "%": _mod, "**": B.safe_pow, "@": _matmul,
          "|": operator.or_, "^": operator.xor, "&": operator.and_}
INPLACE = {"+": operator.iadd, "-": operator.isub, "*": _imul, "/": operator.itruediv,
           "//": operator.ifloordiv, "%": _imod, "**": _ipow,
           "@": operator.imatmul, "|": operator.ior, "^": operator.ixor, "&": operator.iand}
UNARY = {"-": operator.neg, "+": operator.pos, "~": operator.invert}
COMPARE = {"<": operator.lt, ">": operator.gt, "==": operator.eq, ">=": operator.ge,
           "<=": operator.le, "!=": operator.ne, "in": B.contains,
           "not in": lambda a, b: not B.contains(a, b), "is": operator.is_,
           "is not": operator.is_not}


def _local_names(scope: Scope) -> tuple:
    """A function's local variables as Python lists them (co_varnames): parameters first."""
    if scope.kind != FUNCTION:
        return ()
    return scope.params + tuple(sorted(scope.locals - set(scope.params)))


def docstring(body) -> str | None:
    """The docstring of a def or class body: its first statement, when a string constant."""
    if body and isinstance(body[0], A.ExprStmt) and isinstance(body[0].value, A.Constant) \
            and isinstance(body[0].value.value, str):
        return body[0].value.value
    return None


def _not_iterable(label: str, value, what: str) -> TypeError:
    kind = "an iterable" if what == "*" else "a mapping"
    return TypeError(f"{label}() argument after {what} must be {kind}, not "
                     f"{type(value).__name__}")


class Compiler(GeneratorStatements):
    """Turns statements into closures `run(frame) -> None | BREAK | CONTINUE | Return`."""

    def __init__(self, interp) -> None:
        self.interp = interp
        self.origin = Origin("<input>", "")
        self.nesting = 0
        # node type -> the bound method that compiles it (expr_ or stmt_NAME), found once
        self._exprs: dict = {}
        self._stmts: dict = {}

    @property
    def filename(self) -> str:
        return self.origin.filename

    @property
    def source(self) -> str:
        return self.origin.source

    def start(self, filename: str, source: str) -> None:
        """Compile statements of a new program (a file, or one REPL input)."""
        self.origin = Origin(filename, source)

    # ---- helpers ---------------------------------------------------------------------------
    def error(self, message: str, span) -> ProgramSyntaxError:
        return ProgramSyntaxError(message, span, self.filename, self.source)

    def nested(self, node) -> None:
        """Count one more level of nesting; compiling (and running) deeper is refused."""
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            self.nesting -= 1
            raise self.error(f"too deeply nested (more than {MAX_NESTING} levels)",
                             getattr(node, "span", None))

    def block(self, stmts, scope: Scope) -> Callable:
        self.nested(stmts[0] if stmts else None)
        try:
            runs = [self.stmt(s, scope) for s in stmts]
        finally:
            self.nesting -= 1
        if len(runs) == 1:
            return runs[0]

        def run(f):
            for r in runs:
                sig = r(f)
                if sig is not None:
                    return sig
            return None
        return run

    @staticmethod
    def mangle(name: str, scope: Scope) -> str:
        """A private name (`__x`) inside a class, as Python rewrites it: `_Class__x`."""
        cls = scope.class_name
        if cls and name[:2] == "__" and name[-2:] != "__":
            stripped = cls.lstrip("_")
            if stripped:
                return f"_{stripped}{name}"
        return name

    # ---- statements ------------------------------------------------------------------------
    UNLOCATED = (A.If, A.While, A.For, A.With, A.FunctionDef, A.ClassDef, A.Try)

    def stmt(self, node, scope: Scope) -> Callable:
        method = self._stmts.get(type(node))
        if method is None:
            method = self._stmts[type(node)] = getattr(self, "stmt_" + type(node).__name__)
        run = method(node, scope)
        span = node.span
        if span is None or type(node) in self.UNLOCATED:
            return run
        where = (self.origin, span)
        ctx = engine_context

        def located(f):
            ctx.span = where
            try:
                return run(f)
            except Exception as e:
                attach(e, span)
                raise
        return located

    def stmt_ExprStmt(self, node, scope):
        if isinstance(node.value, (A.Yield, A.YieldFrom)):
            raise self.error("'yield' outside function", node.span)
        ev = self.expr(node.value, scope)
        if self.interp.echo and scope.parent is None:
            display = self.interp.display

            def run(f):
                display(ev(f))
        else:
            def run(f):
                ev(f)
        return run

    def stmt_Assign(self, node, scope):
        if isinstance(node.value, (A.Yield, A.YieldFrom)):
            raise self.error("'yield' outside function", node.span)
        ev = self.expr(node.value, scope)
        stores = [self.store(t, scope) for t in node.targets]
        if len(stores) == 1:
            store = stores[0]

            def run(f):
                store(f, ev(f))
        else:
            def run(f):
                v = ev(f)
                for s in stores:
                    s(f, v)
        return run

    def stmt_AugAssign(self, node, scope):
        op = INPLACE[node.op]
        ev = self.expr(node.value, scope)
        target = node.target
        span = target.span

        def apply(current, f):
            value = UNSET
            try:
                value = ev(f)
                return op(current, value)
            except Exception as e:
                raise operand_error(e, current, value)

        if isinstance(target, A.Name):
            load = self.expr(target, scope)
            store = self.store(target, scope)

            def run(f):
                store(f, apply(load(f), f))
        elif isinstance(target, A.Attribute):
            obj_ev, name = self.expr(target.value, scope), self.mangle(target.attr, scope)
            get, put = B.get_attribute, B.set_attribute

            def run(f):
                obj = obj_ev(f)
                try:
                    put(obj, name, apply(get(obj, name), f))
                except Exception as e:
                    raise attach(e, span)
        else:
            obj_ev, idx_ev = self.expr(target.value, scope), self.expr(target.index, scope)

            def run(f):
                obj, idx = obj_ev(f), idx_ev(f)
                try:
                    if isinstance(obj, dict):
                        B.key(idx)
                    obj[idx] = apply(obj[idx], f)
                except Exception as e:
                    raise attach(e, span)
        return run

    def stmt_Import(self, node, scope):
        # resolved when the line runs, as Python does: the lines before it have run already
        binds = []
        for module, alias in node.names:
            target = alias or module.split(".")[0]
            binds.append((module, None if alias else target,
                          self.store(A.Name(target, node.span), scope)))
        find = modules.find

        def run(f):
            for module, top, store in binds:
                value = find(module)
                store(f, value if top is None else find(top))
        return run

    def stmt_FromImport(self, node, scope):
        module_name, find, take = node.module, modules.find, modules.import_from
        if node.names == "*":
            if scope.kind != MODULE:
                raise self.error("import * only allowed at module level", node.span)
            names = self.interp.globals

            def run(f):
                module = find(module_name)
                for name in modules.public_names(module):
                    names[name] = take(module, name)
            return run
        binds = [(name, self.store(A.Name(alias or name, node.span), scope))
                 for name, alias in node.names]

        def run(f):
            module = find(module_name)
            for name, store in binds:
                store(f, take(module, name))
        return run

    def stmt_Pass(self, node, scope):
        return lambda f: None

    def stmt_Global(self, node, scope):
        return lambda f: None   # scan() read it: the names resolve to the module's

    def stmt_Nonlocal(self, node, scope):
        if scope.kind == MODULE:
            raise self.error("nonlocal declaration not allowed at module level", node.span)
        return lambda f: None

    def stmt_Break(self, node, scope):
        if not scope.in_loop:
            raise self.error("'break' outside loop", node.span)
        return lambda f: BREAK

    def stmt_Continue(self, node, scope):
        if not scope.in_loop:
            raise self.error("'continue' not properly in loop", node.span)
        return lambda f: CONTINUE

    def stmt_Return(self, node, scope):
        if not scope.is_function:
            raise self.error("'return' outside function", node.span)
        if node.value is None:
            return lambda f: Return(None)
        ev = self.expr(node.value, scope)
        return lambda f: Return(ev(f))

    def stmt_Raise(self, node, scope):
        if node.exc is None:
            def run(f):
                error = sys.exc_info()[1]
                if error is None:
                    raise RuntimeError("No active exception to reraise")
                raise error
            return run
        exc_ev = self.expr(node.exc, scope)
        cause_ev = self.expr(node.cause, scope) if node.cause is not None else None

        def run(f):
            error = _exception(exc_ev(f))
            if cause_ev is not None:
                cause = cause_ev(f)
                error.__cause__ = None if cause is None else _exception(cause, "cause")
            error._gradcli_raised = True   # the program's own, whatever its class
            raise error
        return run

    def stmt_Assert(self, node, scope):
        test = self.expr(node.test, scope)
        msg = self.expr(node.msg, scope) if node.msg is not None else None

        def run(f):
            if not test(f):
                raise AssertionError(msg(f)) if msg is not None else AssertionError()
        return run

    def stmt_Delete(self, node, scope):
        deletes = [self.delete(t, scope) for t in node.targets]

        def run(f):
            for d in deletes:
                d(f)
        return run

    def if_chain(self, node, scope, block, check=None) -> tuple[list, Callable | None]:
        """An if and its elifs, each (test, body, span, where), and the last else: one level,
        tried in a loop, as Python compiles it (a hundred branches are ordinary code). `check`
        sees each test first."""
        branches = []
        while True:
            if check is not None:
                check(node.test)
            span = node.test.span
            branches.append((self.expr(node.test, scope), block(node.body, scope), span,
                             (self.origin, span)))
            if not (len(node.orelse) == 1 and type(node.orelse[0]) is A.If):
                return branches, block(node.orelse, scope) if node.orelse else None
            node = node.orelse[0]

    def stmt_If(self, node, scope):
        branches, orelse = self.if_chain(node, scope, self.block)

        def run(f):
            body = chosen(branches, f)
            if body is not None:
                return body(f)
            if orelse is not None:
                return orelse(f)
            return None
        return run

    def _loop_body(self, stmts, scope, block=None):
        was = scope.in_loop
        scope.in_loop = True
        try:
            return (block or self.block)(stmts, scope)
        finally:
            scope.in_loop = was

    def stmt_While(self, node, scope):
        test = self.expr(node.test, scope)
        body = self._loop_body(node.body, scope)
        orelse = self.block(node.orelse, scope) if node.orelse else None
        span = node.test.span

        def run(f):
            while True:
                try:
                    ok = True if test(f) else False
                except Exception as e:
                    raise attach(e, span)
                if not ok:
                    break
                sig = body(f)
                if sig is not None:
                    if sig is BREAK:
                        return None
                    if sig is CONTINUE:
                        continue
                    return sig
            if orelse is not None:
                return orelse(f)
            return None
        return run

    def stmt_For(self, node, scope):
        it = self.expr(node.iter, scope)
        store = self.store(node.target, scope)
        body = self._loop_body(node.body, scope)
        orelse = self.block(node.orelse, scope) if node.orelse else None
        span = node.iter.span

        def run(f):
            try:
                items = iter(it(f))
            except Exception as e:
                raise attach(e, span)
            for item in items:
                store(f, item)
                sig = body(f)
                if sig is not None:
                    if sig is BREAK:
                        return None
                    if sig is CONTINUE:
                        continue
                    return sig
            if orelse is not None:
                return orelse(f)
            return None
        return run

    def with_items(self, node, scope):
        return [(self.expr(e, scope), self.store(t, scope) if t is not None else None, e.span)
                for e, t in node.items]

    def stmt_With(self, node, scope):
        items = self.with_items(node, scope)
        body = self.block(node.body, scope)
        last = len(items) - 1

        def enter(f, i):
            ev, store, span = items[i]
            try:
                mgr = ev(f)
                exit_ = context_exit(mgr)
                value = mgr.__enter__()
            except Exception as e:
                raise attach(e, span)
            try:
                if store is not None:
                    store(f, value)
                result = body(f) if i == last else enter(f, i + 1)
            except BaseException as e:
                if not exit_(type(e), e, e.__traceback__):
                    raise
                return None
            exit_(None, None, None)
            return result

        return lambda f: enter(f, 0)

    def handlers(self, node, scope, block):
        """(type evaluator or None, name store or None, name delete, body) per except clause."""
        out = []
        for h in node.handlers:
            type_ev = self.expr(h.type, scope) if h.type is not None else None
            if h.name is not None:
                target = A.Name(h.name, h.span)
                store, delete = self.store(target, scope), self.delete(target, scope,
                                                                       quiet=True)
            else:
                store = delete = None
            out.append((type_ev, store, delete, block(h.body, scope), h.type and h.type.span))
        return out

    def stmt_Try(self, node, scope):
        body = self.block(node.body, scope)
        handlers = self.handlers(node, scope, self.block)
        orelse = self.block(node.orelse, scope) if node.orelse else None
        final = self.block(node.finalbody, scope) if node.finalbody else None

        def run(f):
            try:
                try:
                    sig = body(f)
                except BaseException as e:
                    handler = match_handler(handlers, f, e)
                    if handler is None:
                        raise
                    _, store, delete, hbody, _ = handler
                    if store is None:
                        return hbody(f)
                    store(f, e)
                    try:
                        return hbody(f)
                    finally:
                        delete(f)   # Python unbinds the `as` name when the clause ends
                if orelse is not None:
                    sig = orelse(f)
                return sig
            finally:
                if final is not None:
                    fsig = final(f)
                    if fsig is not None:
                        return fsig   # noqa: B012 (a return in finally wins, as in Python)
        return run

    def function(self, name: str, params, body, scope: Scope, decorators=(), span=None,
                 lambda_body=None) -> Callable:
        """A closure that makes the Function of a def (or lambda) each time it runs."""
        found = scan(body)
        pnames = [p.name for p in params]
        for n in pnames:
            if n in found.globals:
                raise self.error(f"name '{n}' is parameter and global", span)
            if n in found.nonlocals:
                raise self.error(f"name '{n}' is parameter and nonlocal", span)
        qualname = scope.child_qualname(name)
        fn_scope = Scope(set(pnames) | found.bound, scope, FUNCTION, globals=found.globals,
                         nonlocals=found.nonlocals, qualname=qualname,
                         generator=found.yields, params=tuple(pnames))
        fn_scope.method = scope.kind == CLASS
        for n in found.nonlocals:
            if self._enclosing_function(n, scope) is None:
                raise self.error(f"no binding for nonlocal '{n}' found", span)
        if lambda_body is not None:
            value_ev = self.expr(lambda_body, fn_scope)

            def body_run(f):
                return Return(value_ev(f))
        elif found.yields:
            body_run = self.gblock(body, fn_scope)
        else:
            body_run = self.block(body, fn_scope)
        sig = Signature(params)
        defaults = [(p.name, self.expr(p.default, scope)) for p in params
                    if p.default is not None and p.kind != "kwonly"]
        kwdefaults = [(p.name, self.expr(p.default, scope)) for p in params
                      if p.default is not None and p.kind == "kwonly"]
        decorator_evs = [self.expr(d, scope) for d in decorators]
        interp, generator, doc = self.interp, found.yields, docstring(body)
        in_class = scope.kind == CLASS

        def make(f):
            decs = [d(f) for d in decorator_evs]
            fn = Function(name, sig, {n: d(f) for n, d in defaults},
                          {n: d(f) for n, d in kwdefaults}, body_run,
                          f.parent if in_class else f, interp, generator, qualname, doc)
            if in_class:
                fn.owner = f.cell
            value = fn
            for dec in reversed(decs):
                value = B.call(dec, [value], None)
            return value
        return make

    def _enclosing_function(self, name: str, scope: Scope):
        """The nearest enclosing function scope that binds `name` (for nonlocal)."""
        s = scope
        while s is not None and s.kind != MODULE:
            if s.kind == FUNCTION and name in s.locals:
                return s
            s = s.parent
        return None

    def stmt_FunctionDef(self, node, scope):
        make = self.function(node.name, node.params, node.body, scope, node.decorators,
                             node.span)
        store = self.store(A.Name(node.name, node.span), scope)
        span = node.span

        def run(f):
            try:
                value = make(f)
            except Exception as e:
                raise attach(e, span)
            store(f, value)
        return run

    def stmt_ClassDef(self, node, scope):
        if node.keywords:
            raise self.error("gradcli's classes take no keyword arguments (metaclass=...)",
                             node.span)
        for b in node.bases:
            if isinstance(b, A.Starred):
                raise self.error("gradcli's classes take their bases one by one", b.span)
        bases = [self.expr(b, scope) for b in node.bases]
        decorators = [self.expr(d, scope) for d in node.decorators]
        found = scan(node.body)
        if found.yields:
            raise self.error("'yield' outside function", node.span)
        qualname = scope.child_qualname(node.name)
        body_scope = Scope(found.bound, scope, CLASS, globals=found.globals,
                           nonlocals=found.nonlocals, class_name=node.name, qualname=qualname)
        body = self.block(node.body, body_scope)
        store = self.store(A.Name(node.name, node.span), scope)
        name, span, doc = node.name, node.span, docstring(node.body)

        def run(f):
            try:
                base_values = tuple(b(f) for b in bases)
                decs = [d(f) for d in decorators]
            except Exception as e:
                raise attach(e, span)
            cell = [None]
            namespace = {"__module__": "__main__", "__qualname__": qualname}
            if doc is not None:
                namespace["__doc__"] = doc
            body(ClassFrame(namespace, f, cell))
            try:
                cls = classes.make_class(name, base_values, namespace)
                cell[0] = cls
                for dec in reversed(decs):
                    cls = B.call(dec, [cls], None)
            except Exception as e:
                raise attach(e, span)
            store(f, cls)
        return run

    # ---- names: Python's scoping rules -------------------------------------------------------
    def load(self, name: str, span, scope: Scope) -> Callable:
        """A closure reading `name` from the frame it is given, as Python finds it from
        `scope`."""
        if scope.kind == CLASS:
            outer = self.load(name, span, scope.parent)   # run with the frame around the class
            if name in scope.locals:
                def ev(f):
                    try:
                        return f.vars[name]
                    except KeyError:
                        return outer(f.parent)
                return ev
            return lambda f: outer(f.parent)
        if scope.kind == FUNCTION and name not in scope.globals:
            depth, s = 0, scope
            while s is not None and s.kind != MODULE:
                if s.kind == CLASS:     # a function's frame chain skips class bodies
                    s = s.parent
                    continue
                if name in s.globals:
                    break
                if name in s.locals:
                    return self._frame_load(name, span, depth)
                depth += 1
                s = s.parent
        g, b = self.interp.globals, self.interp.builtins

        def ev(f):
            try:
                return g[name]
            except KeyError:
                pass
            try:
                return b[name]
            except KeyError:
                error = NameError(f"name '{name}' is not defined", name=name)
                # where Python's "Did you mean" looks: the locals, the module, the builtins
                # (Python's that the program can use, not gradcli's terse torch names)
                error._gradcli_scopes = (_local_names(scope), tuple(g),
                                         tuple(n for n in PYTHON_BUILTINS if n in b))
                raise attach(error, span) from None
        return ev

    @staticmethod
    def _frame_load(name: str, span, depth: int) -> Callable:
        if depth == 0:
            def ev(f):
                try:
                    return f.vars[name]
                except KeyError:
                    raise attach(UnboundLocalError(
                        f"cannot access local variable '{name}' where it is not associated "
                        f"with a value"), span) from None
            return ev

        def ev(f):
            for _ in range(depth):
                f = f.parent
            try:
                return f.vars[name]
            except KeyError:
                raise attach(NameError(f"cannot access free variable '{name}' where it "
                                       f"is not associated with a value in enclosing scope"),
                             span) from None
        return ev

    def _name_home(self, name: str, scope: Scope):
        """Where an assignment to `name` in `scope` goes: None (the module's globals), or the
        number of frames up from the running one."""
        if scope.kind == MODULE or name in scope.globals:
            return None
        if scope.kind == CLASS or name not in scope.nonlocals:
            return 0
        depth, s = 1, scope.parent
        while s is not None and s.kind != MODULE:
            if s.kind == FUNCTION:
                if name in s.locals:
                    return depth
                depth += 1
            s = s.parent
        raise self.error(f"no binding for nonlocal '{name}' found", None)

    def store(self, target, scope: Scope) -> Callable:
        if isinstance(target, A.Name):
            name = self.mangle(target.id, scope)
            home = self._name_home(name, scope)
            if home is None:
                g = self.interp.globals

                def put(f, v):
                    g[name] = v
            elif home == 0:
                def put(f, v):
                    f.vars[name] = v
            else:
                def put(f, v):
                    for _ in range(home):
                        f = f.parent
                    f.vars[name] = v
            return put
        if isinstance(target, A.Attribute):
            obj_ev, name, span = self.expr(target.value, scope), \
                self.mangle(target.attr, scope), target.span
            set_attr = B.set_attribute

            def put(f, v):
                obj = obj_ev(f)
                try:
                    set_attr(obj, name, v)
                except Exception as e:
                    raise attach(e, span)
            return put
        if isinstance(target, A.Subscript):
            obj_ev, idx_ev, span = self.expr(target.value, scope), self.expr(target.index,
                                                                            scope), target.span

            def put(f, v):
                obj, idx = obj_ev(f), idx_ev(f)
                try:
                    if isinstance(obj, dict):
                        B.key(idx)
                    obj[idx] = v
                except Exception as e:
                    raise attach(e, span)
            return put
        if isinstance(target, (A.Tuple, A.List)):
            return self._store_unpacking(target, scope)
        raise self.error("cannot assign to this expression", target.span)

    def _store_unpacking(self, target, scope: Scope) -> Callable:
        elts = target.elts
        star = next((i for i, e in enumerate(elts) if isinstance(e, A.Starred)), None)
        puts = [self.store(e.value if isinstance(e, A.Starred) else e, scope) for e in elts]
        n, span = len(puts), target.span

        def values_of(v) -> list:
            try:
                return list(v)
            except TypeError as e:
                if getattr(type(v), "__iter__", None) is not None:
                    raise attach(e, span)
                raise attach(TypeError(f"cannot unpack non-iterable {type(v).__name__} "
                                       f"object"), span) from e

        if star is None:
            def put(f, v):
                values = values_of(v)
                if len(values) != n:
                    if len(values) > n:
                        raise attach(ValueError(f"too many values to unpack (expected {n})"),
                                     span)
                    raise attach(ValueError(f"not enough values to unpack (expected {n}, got "
                                            f"{len(values)})"), span)
                for p, x in zip(puts, values):
                    p(f, x)
            return put
        after = n - star - 1

        def put(f, v):
            values = values_of(v)
            if len(values) < n - 1:
                raise attach(ValueError(f"not enough values to unpack (expected at least "
                                        f"{n - 1}, got {len(values)})"), span)
            middle = values[star:len(values) - after]
            for p, x in zip(puts[:star], values[:star]):
                p(f, x)
            puts[star](f, middle)
            for p, x in zip(puts[star + 1:], values[len(values) - after:]):
                p(f, x)
        return put

    def delete(self, target, scope: Scope, quiet: bool = False) -> Callable:
        """A closure for `del target` (quiet: a name that is gone already is no error)."""
        if isinstance(target, A.Name):
            name, span = self.mangle(target.id, scope), target.span
            home = self._name_home(name, scope)
            g = self.interp.globals
            unbound = UnboundLocalError if scope.kind == FUNCTION and home is not None \
                else NameError

            def gone():
                if unbound is NameError:
                    return NameError(f"name '{name}' is not defined")
                return UnboundLocalError(f"cannot access local variable '{name}' where it is "
                                         f"not associated with a value")

            def remove(f):
                if home is None:
                    d = g
                else:
                    for _ in range(home):
                        f = f.parent
                    d = f.vars
                try:
                    del d[name]
                except KeyError:
                    if not quiet:
                        raise attach(gone(), span) from None
            return remove
        if isinstance(target, A.Attribute):
            obj_ev, name, span = self.expr(target.value, scope), \
                self.mangle(target.attr, scope), target.span

            def remove(f):
                obj = obj_ev(f)
                try:
                    attributes.delete_attribute(obj, name)
                except Exception as e:
                    raise attach(e, span)
            return remove
        if isinstance(target, A.Subscript):
            obj_ev, idx_ev, span = self.expr(target.value, scope), \
                self.expr(target.index, scope), target.span

            def remove(f):
                obj, idx = obj_ev(f), idx_ev(f)
                try:
                    if isinstance(obj, dict):
                        B.key(idx)
                    del obj[idx]
                except Exception as e:
                    raise attach(e, span)
            return remove
        if isinstance(target, (A.Tuple, A.List)):
            removes = [self.delete(e, scope) for e in target.elts]

            def remove(f):
                for r in removes:
                    r(f)
            return remove
        raise self.error("cannot delete this expression", target.span)

    # ---- expressions -------------------------------------------------------------------------
    def expr(self, node, scope: Scope) -> Callable:
        # run for every node of every expression: nested()'s count inline, the method looked
        # up once per node type
        if self.nesting >= MAX_NESTING:
            self.nested(node)   # refuses
        self.nesting += 1
        try:
            method = self._exprs.get(type(node))
            if method is None:
                method = self._exprs[type(node)] = getattr(self, "expr_" + type(node).__name__)
            return method(node, scope)
        finally:
            self.nesting -= 1

    def expr_Constant(self, node, scope):
        value = node.value
        return lambda f: value

    def expr_Name(self, node, scope):
        return self.load(self.mangle(node.id, scope), node.span, scope)

    def expr_Yield(self, node, scope):
        raise self.error("gradcli takes yield as a statement or as the value of an assignment"
                         if scope.generator else "'yield' outside function", node.span)

    expr_YieldFrom = expr_Yield

    def expr_Starred(self, node, scope):
        raise self.error("can't use starred expression here", node.span)

    def expr_FString(self, node, scope):
        parts = []
        for p in node.parts:
            if isinstance(p, str):
                parts.append(p)
            else:
                parts.append((self.expr(p.value, scope), p.conversion,
                              self.expr(p.spec, scope) if p.spec is not None else None))
        span = node.span

        def ev(f):
            out = []
            try:
                for p in parts:
                    if type(p) is str:
                        out.append(p)
                        continue
                    value_ev, conv, spec_ev = p
                    value = value_ev(f)
                    if conv == "r":
                        value = repr(value)
                    elif conv == "s":
                        value = str(value)
                    elif conv == "a":
                        value = ascii(value)
                    out.append(B.safe_format(value, spec_ev(f)) if spec_ev is not None
                               else format(value, ""))
            except Exception as e:
                e._gradcli_span = span  # field spans are relative to the string: use the string's
                raise
            return "".join(out)
        return ev

    def _elements(self, elts, scope: Scope) -> Callable:
        """The values of a display's elements, `*iterable` ones unpacked, as a list."""
        if not any(isinstance(e, A.Starred) for e in elts):
            evs = [self.expr(e, scope) for e in elts]
            return lambda f: [ev(f) for ev in evs]
        parts = [(isinstance(e, A.Starred), self.expr(e.value if isinstance(e, A.Starred)
                                                      else e, scope), e.span) for e in elts]

        def ev(f):
            out = []
            for star, part, span in parts:
                if star:
                    value = part(f)
                    try:
                        out.extend(value)
                    except TypeError:
                        raise attach(TypeError(f"Value after * must be an iterable, not "
                                               f"{type(value).__name__}"), span) from None
                else:
                    out.append(part(f))
            return out
        return ev

    def expr_List(self, node, scope):
        return self._elements(node.elts, scope)

    def expr_Tuple(self, node, scope):
        items = self._elements(node.elts, scope)
        return lambda f: tuple(items(f))

    def expr_Set(self, node, scope):
        items, span, keys = self._elements(node.elts, scope), node.span, B.keys

        def ev(f):
            try:
                return set(keys(items(f)))
            except Exception as e:
                raise attach(e, span)
        return ev

    def expr_Dict(self, node, scope):
        evs = [(self.expr(k, scope) if k is not None else None, self.expr(v, scope))
               for k, v in node.items]
        span, key = node.span, B.key
        if all(k is not None for k, _ in evs):
            def ev(f):
                try:
                    return {key(k(f)): v(f) for k, v in evs}
                except Exception as e:
                    raise attach(e, span)
            return ev

        def ev(f):
            out = {}
            try:
                for k, v in evs:
                    if k is None:
                        mapping = v(f)
                        if not hasattr(type(mapping), "keys"):
                            raise TypeError(f"'{type(mapping).__name__}' object is not a "
                                            f"mapping")
                        out.update(B.keys(mapping) if type(mapping) is dict else
                                   {key(name): mapping[name] for name in mapping.keys()})
                    else:
                        out[key(k(f))] = v(f)
            except Exception as e:
                raise attach(e, span)
            return out
        return ev

    # ---- comprehensions ----------------------------------------------------------------------
    def comprehension(self, node, scope: Scope, *elts):
        """(first iterable, clause runner, element evaluators, frame-parent rule) of a
        comprehension. The first iterable is evaluated where the comprehension stands; the rest
        in its own scope, as in Python."""
        gens = node.generators
        bound: set = set()
        for g in gens:
            bound |= targets(g.target)
        inner = Scope(bound, scope, FUNCTION, qualname=scope.child_qualname("<listcomp>"))
        first = self.expr(gens[0].iter, scope)
        clauses = []
        for i, g in enumerate(gens):
            it = None if i == 0 else self.expr(g.iter, inner)
            clauses.append((it, self.store(g.target, inner),
                            tuple(self.expr(c, inner) for c in g.ifs)))
        evs = [self.expr(e, inner) for e in elts]
        n = len(clauses)

        def walk(frame, iterable, level=0):
            """Yield once per innermost iteration, the targets stored in `frame`."""
            _, store, ifs = clauses[level]
            for item in iterable:
                store(frame, item)
                if ifs and not all(c(frame) for c in ifs):
                    continue
                if level + 1 == n:
                    yield
                else:
                    yield from walk(frame, clauses[level + 1][0](frame), level + 1)
        return first, walk, evs, scope.kind == CLASS, clauses

    def expr_ListComp(self, node, scope):
        first, walk, (elt,), in_class, clauses = self.comprehension(node, scope, node.elt)
        if len(clauses) == 1 and not clauses[0][2]:
            store = clauses[0][1]

            def ev(f):
                frame = Frame({}, f.parent if in_class else f)
                out = []
                for item in first(f):
                    store(frame, item)
                    out.append(elt(frame))
                return out
            return ev

        def ev(f):
            frame = Frame({}, f.parent if in_class else f)
            return [elt(frame) for _ in walk(frame, first(f))]
        return ev

    def expr_SetComp(self, node, scope):
        first, walk, (elt,), in_class, _ = self.comprehension(node, scope, node.elt)
        key, span = B.key, node.span

        def ev(f):
            frame = Frame({}, f.parent if in_class else f)
            try:
                return {key(elt(frame)) for _ in walk(frame, first(f))}
            except Exception as e:
                raise attach(e, span)
        return ev

    def expr_DictComp(self, node, scope):
        first, walk, (k, v), in_class, _ = self.comprehension(node, scope, node.key, node.value)
        key, span = B.key, node.span

        def ev(f):
            frame = Frame({}, f.parent if in_class else f)
            out = {}
            for _ in walk(frame, first(f)):
                name = k(frame)
                try:
                    key(name)
                except Exception as e:
                    raise attach(e, span)
                out[name] = v(frame)
            return out
        return ev

    def expr_GeneratorExp(self, node, scope):
        first, walk, (elt,), in_class, _ = self.comprehension(node, scope, node.elt)
        span = node.span

        def ev(f):
            try:
                iterable = iter(first(f))   # evaluated now; the rest as it is consumed
            except Exception as e:
                raise attach(e, span)
            frame = Frame({}, f.parent if in_class else f)

            def genexpr():
                for _ in walk(frame, iterable):
                    yield elt(frame)
            gen = genexpr()
            gen.__name__ = gen.__qualname__ = "<genexpr>"
            return gen
        return ev

    def expr_Lambda(self, node, scope):
        return self.function("<lambda>", node.params, (), scope, lambda_body=node.body)

    def expr_UnaryOp(self, node, scope):
        op, operand, span = UNARY[node.op], self.expr(node.operand, scope), node.span

        def ev(f):
            value = UNSET
            try:
                value = operand(f)
                return op(value)
            except Exception as e:
                raise attach(operand_error(e, value), span)
        return ev

    def expr_BinOp(self, node, scope):
        if type(node.left) is A.BinOp:
            return self._binary_chain(node, scope)
        op, left, right, span = BINARY[node.op], self.expr(node.left, scope), \
            self.expr(node.right, scope), node.span

        def ev(f):
            a = b = UNSET
            try:
                a = left(f)
                b = right(f)
                return op(a, b)
            except Exception as e:
                raise attach(operand_error(e, a, b), span)
        return ev

    def _binary_chain(self, node, scope):
        """a + b - c * ... : operators down the left side, one level, applied in a loop (a
        chain of a hundred terms is ordinary code, as in Python)."""
        steps = []
        while type(node) is A.BinOp:
            steps.append((BINARY[node.op], node.right, node.span))
            node = node.left
        first = self.expr(node, scope)
        steps = [(op, self.expr(right, scope), span) for op, right, span in reversed(steps)]

        def ev(f):
            value = first(f)
            for op, right, span in steps:
                b = UNSET
                try:
                    b = right(f)
                    value = op(value, b)
                except Exception as e:
                    raise attach(operand_error(e, value, b), span)
            return value
        return ev

    def expr_BoolOp(self, node, scope):
        left, right, span = self.expr(node.left, scope), self.expr(node.right, scope), node.span
        if node.op == "and":
            def ev(f):
                a = left(f)
                try:
                    if not a:
                        return a
                except Exception as e:
                    raise attach(e, span)
                return right(f)
        else:
            def ev(f):
                a = left(f)
                try:
                    if a:
                        return a
                except Exception as e:
                    raise attach(e, span)
                return right(f)
        return ev

    def expr_Not(self, node, scope):
        operand, span = self.expr(node.operand, scope), node.span

        def ev(f):
            try:
                return not operand(f)
            except Exception as e:
                raise attach(e, span)
        return ev

    def expr_Compare(self, node, scope):
        left = self.expr(node.left, scope)
        rest = [(COMPARE[op], self.expr(c, scope)) for op, c in zip(node.ops, node.comparators)]
        span = node.span
        if len(rest) == 1:
            op, right = rest[0]

            def ev(f):
                a = b = UNSET
                try:
                    a = left(f)
                    b = right(f)
                    return op(a, b)
                except Exception as e:
                    raise attach(operand_error(e, a, b), span)
            return ev

        def ev(f):
            try:
                a = left(f)
                result = True
                for op, right in rest:
                    b = right(f)
                    result = op(a, b)
                    if not result:
                        return result
                    a = b
                return result
            except Exception as e:
                raise attach(e, span)
        return ev

    def expr_IfExp(self, node, scope):
        test, body, orelse = (self.expr(node.test, scope), self.expr(node.body, scope),
                              self.expr(node.orelse, scope))
        span = node.test.span

        def ev(f):
            try:
                ok = True if test(f) else False
            except Exception as e:
                raise attach(e, span)
            return body(f) if ok else orelse(f)
        return ev

    # ---- calls -------------------------------------------------------------------------------
    def expr_Call(self, node, scope):
        span = node.span
        if isinstance(node.func, A.Name) and not node.args and not node.keywords:
            if node.func.id == "super":
                return self._super(scope)
            if node.func.id == "dir":
                return self._dir(scope)
        if any(isinstance(a, A.Starred) for a in node.args) or \
                any(k is None for k, _ in node.keywords):
            return self._call_general(node, scope)
        args = [self.expr(a, scope) for a in node.args]
        kwargs = [(k, self.expr(v, scope)) for k, v in node.keywords]
        if isinstance(node.func, A.Attribute):
            # obj.method(...): look the method up through the allowlist, then call it
            obj_ev, name, get = self.expr(node.func.value, scope), \
                self.mangle(node.func.attr, scope), B.get_attribute
            # a class reached as an attribute (collections.Counter, torch.Tensor, np.float32) is
            # called as a class called by its name is (B.call): keys checked, or its TYPE_CALLS
            checked_keys, class_kinds, type_calls = B.checked_keys, B.CLASS_KINDS, B.TYPE_CALLS
            failed = B.failed
            if not kwargs:
                def ev(f):
                    obj = obj_ev(f)
                    try:
                        method = get(obj, name)
                        values = [a(f) for a in args]
                        if type(method) in class_kinds:
                            values = checked_keys(method, values)
                            method = type_calls.get(method, method)
                    except Exception as e:
                        raise attach(e, span)
                    try:
                        try:
                            return method(*values)
                        except Exception as e:
                            return failed(e, method, values, None, name, obj)
                    except Exception as e:
                        raise attach(e, span)
                return ev
            out_calls = B.OUT_CALLS

            aliases = B.DIM_ALIASES.keys() & {k for k, _ in kwargs}

            def ev(f):
                obj = obj_ev(f)
                try:
                    method = get(obj, name)
                    values, named = [a(f) for a in args], {k: v(f) for k, v in kwargs}
                    if type(method) in class_kinds:
                        values = checked_keys(method, values)
                        method = type_calls.get(method, method)
                    if aliases:
                        named = B.dim_aliases(method, named, obj)
                except Exception as e:
                    raise attach(e, span)
                try:
                    try:
                        if "out" in named and id(method) in out_calls:   # torch.add(a, b, out=c)
                            return B.call(method, values, named, name)
                        return method(*values, **named)
                    except Exception as e:
                        return failed(e, method, values, named, name, obj)
                except Exception as e:
                    raise attach(e, span)
            return ev
        fn_ev = self.expr(node.func, scope)
        call = B.call
        label = node.func.id if isinstance(node.func, A.Name) else None
        if not kwargs:
            def ev(f):
                fn = fn_ev(f)
                try:
                    return call(fn, [a(f) for a in args], None, label)
                except Exception as e:
                    raise attach(e, span)
            return ev

        aliases = B.DIM_ALIASES.keys() & {k for k, _ in kwargs}

        def ev(f):
            fn = fn_ev(f)
            try:
                named = {k: v(f) for k, v in kwargs}
                if aliases:
                    named = B.dim_aliases(fn, named)
                return call(fn, [a(f) for a in args], named, label)
            except Exception as e:
                raise attach(e, span)
        return ev

    def _call_general(self, node, scope):
        """f(a, *rest, k=v, **more): the general (slower) path, for calls that unpack."""
        span = node.span
        parts = [(isinstance(a, A.Starred), self.expr(a.value if isinstance(a, A.Starred) else a,
                                                      scope)) for a in node.args]
        kwargs = [(k, self.expr(v, scope)) for k, v in node.keywords]
        method = isinstance(node.func, A.Attribute)
        if method:
            obj_ev, name = self.expr(node.func.value, scope), self.mangle(node.func.attr, scope)
            label = name
        else:
            fn_ev = self.expr(node.func, scope)
            label = node.func.id if isinstance(node.func, A.Name) else "function"

        def ev(f):
            try:
                owner = obj_ev(f) if method else None
                fn = B.get_attribute(owner, name) if method else fn_ev(f)
                shown = getattr(fn, "__qualname__", label)
                args = []
                for star, part in parts:
                    if star:
                        value = part(f)
                        try:
                            args.extend(value)
                        except TypeError:
                            raise _not_iterable(shown, value, "*") from None
                    else:
                        args.append(part(f))
                named: dict = {}
                for k, v in kwargs:
                    if k is not None:
                        if k in named:
                            raise TypeError(f"{shown}() got multiple values for keyword "
                                            f"argument '{k}'")
                        named[k] = v(f)
                        continue
                    mapping = v(f)
                    if not hasattr(type(mapping), "keys"):
                        raise _not_iterable(shown, mapping, "**")
                    for key in mapping.keys():
                        if not isinstance(key, str):
                            raise TypeError("keywords must be strings")
                        if key in named:
                            raise TypeError(f"{shown}() got multiple values for keyword "
                                            f"argument '{key}'")
                        named[key] = mapping[key]
                if B.DIM_ALIASES.keys() & named.keys():
                    named = B.dim_aliases(fn, named, owner)
                return B.call(fn, args, named, label)
            except Exception as e:
                raise attach(e, span)
        return ev

    def _super(self, scope: Scope):
        """super() with no arguments, inside a method: super(the method's class, its first
        argument), as Python's compiler arranges it."""
        depth, s = 0, scope
        while s is not None and s.kind != MODULE:
            if s.kind == CLASS:
                s = s.parent
                continue
            if getattr(s, "method", False):
                break
            depth += 1
            s = s.parent
        else:
            def ev(f):
                raise RuntimeError("super(): no arguments")
            return ev
        first = s.params[0] if s.params else None

        def ev(f):
            for _ in range(depth):
                f = f.parent
            owner = f.fn.owner if f.fn is not None else None
            if first is None or owner is None or first not in f.vars:
                raise RuntimeError("super(): no arguments")
            return super(owner[0], f.vars[first])
        return ev

    def _dir(self, scope: Scope):
        """dir() with no argument: the names of the scope it stands in, sorted."""
        if scope.kind == MODULE:
            g = self.interp.globals
            names = TYPED_NAMES if self.interp.echo else MODULE_NAMES   # echoed: typed
            return lambda f: sorted(set(names) | set(g))
        return lambda f: sorted(f.vars)

    def expr_Attribute(self, node, scope):
        obj_ev, name, span, get = self.expr(node.value, scope), self.mangle(node.attr, scope), \
            node.span, B.attribute_value

        def ev(f):
            obj = obj_ev(f)
            try:
                return get(obj, name)
            except Exception as e:
                raise attach(e, span)
        return ev

    def expr_Subscript(self, node, scope):
        obj_ev, idx_ev, span = self.expr(node.value, scope), self.expr(node.index, scope), \
            node.span

        def ev(f):
            obj = obj_ev(f)
            idx = idx_ev(f)
            try:
                if isinstance(obj, dict):
                    B.key(idx)
                return obj[idx]
            except Exception as e:
                raise attach(e, span)
        return ev

    def expr_Slice(self, node, scope):
        parts = [self.expr(p, scope) if p is not None else None
                 for p in (node.lower, node.upper, node.step)]
        lo, hi, st = parts

        def ev(f):
            return slice(lo(f) if lo else None, hi(f) if hi else None, st(f) if st else None)
        return ev


def _exception(value, what: str = "exception"):
    """What `raise value` raises: an exception instance, a class called with no arguments."""
    if isinstance(value, type) and issubclass(value, BaseException):
        value = value()
    if not isinstance(value, BaseException):
        raise TypeError("exception causes must derive from BaseException" if what == "cause"
                        else "exceptions must derive from BaseException")
    return value
