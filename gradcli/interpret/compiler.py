"""AST -> Python closures, once per statement; every failure keeps the span it came from."""
from __future__ import annotations

import operator
from typing import Callable

from ..engine.dispatch import context as engine_context
from ..engine.dtypes import OperandTypeError
from ..errors import ProgramSyntaxError
from ..syntax import ast as A
from . import builtins as B
from . import modules

BREAK, CONTINUE = object(), object()
MAX_DEPTH = 150    # user function calls; deeper is a RecursionError
MAX_NESTING = 100  # expressions inside expressions, blocks inside blocks


class Return:
    __slots__ = ("value",)

    def __init__(self, value) -> None:
        self.value = value


class Frame:
    __slots__ = ("vars", "parent")

    def __init__(self, vars: dict, parent: "Frame | None") -> None:
        self.vars = vars
        self.parent = parent


class Origin:
    """Where a compiled statement came from: kept with every graph node it makes."""

    __slots__ = ("filename", "source")

    def __init__(self, filename: str, source: str) -> None:
        self.filename = filename
        self.source = source


class Scope:
    """Compile-time knowledge of which names a function body binds."""

    __slots__ = ("locals", "parent", "in_loop", "is_function")

    def __init__(self, names: set, parent: "Scope | None", is_function: bool) -> None:
        self.locals = names
        self.parent = parent
        self.in_loop = False
        self.is_function = is_function


def attach(error: BaseException, span) -> BaseException:
    """Remember the innermost span an exception passed through."""
    if span is not None and getattr(error, "_gradcli_span", None) is None:
        try:
            error._gradcli_span = span
        except AttributeError:
            pass
    return error


def _ipow(a, b):
    # **= on a tensor is in place (pow_); on a number it is ** with the big-integer guard
    return B.safe_pow(a, b) if type(a) is int else operator.ipow(a, b)


MAX_SEQUENCE = 100_000_000  # items in a list, tuple or string built by `*`
_SEQUENCES = (list, tuple, str)


def _mul(a, b):
    # [0] * 10**10 would exhaust memory before Python noticed
    if isinstance(a, _SEQUENCES) and isinstance(b, int) or \
            isinstance(b, _SEQUENCES) and isinstance(a, int):
        seq, n = (a, b) if isinstance(a, _SEQUENCES) else (b, a)
        if len(seq) * n > MAX_SEQUENCE:
            raise MemoryError(f"a {type(seq).__name__} of {len(seq) * n} items is more than "
                              f"gradcli's limit of {MAX_SEQUENCE}")
    return a * b


BINARY = {"+": operator.add, "-": operator.sub, "*": _mul, "/": operator.truediv,
          "//": operator.floordiv, "%": operator.mod, "**": B.safe_pow, "@": operator.matmul,
          "|": operator.or_, "^": operator.xor, "&": operator.and_}
INPLACE = {"+": operator.iadd, "-": operator.isub, "*": operator.imul, "/": operator.itruediv,
           "//": operator.ifloordiv, "%": operator.imod, "**": _ipow,
           "@": operator.imatmul, "|": operator.ior, "^": operator.ixor, "&": operator.iand}
UNARY = {"-": operator.neg, "+": operator.pos, "~": operator.invert}
COMPARE = {"<": operator.lt, ">": operator.gt, "==": operator.eq, ">=": operator.ge,
           "<=": operator.le, "!=": operator.ne, "in": B.contains,
           "not in": lambda a, b: not B.contains(a, b), "is": operator.is_,
           "is not": operator.is_not}


class Function:
    """A function defined in the program (def or lambda)."""

    __slots__ = ("__name__", "params", "defaults", "body", "closure", "interp")

    def __init__(self, name, params, defaults, body, closure, interp) -> None:
        self.__name__ = name
        self.params = params
        self.defaults = defaults
        self.body = body
        self.closure = closure
        self.interp = interp

    def __call__(self, *args, **kwargs):
        interp = self.interp
        names = self.params
        if len(args) > len(names):
            raise TypeError(f"{self.__name__}() takes {len(names)} positional argument"
                            f"{'s' if len(names) != 1 else ''} but {len(args)} "
                            f"{'were' if len(args) != 1 else 'was'} given")
        bound = dict(zip(names, args))
        for k, v in kwargs.items():
            if k not in names:
                raise TypeError(f"{self.__name__}() got an unexpected keyword argument '{k}'")
            if k in bound:
                raise TypeError(f"{self.__name__}() got multiple values for argument '{k}'")
            bound[k] = v
        if len(bound) < len(names):
            missing = [n for n in names if n not in bound and n not in self.defaults]
            if missing:
                quoted = [f"'{m}'" for m in missing]
                listed = quoted[0] if len(quoted) == 1 else \
                    ", ".join(quoted[:-1]) + " and " + quoted[-1]
                raise TypeError(f"{self.__name__}() missing {len(missing)} required positional "
                                f"argument{'s' if len(missing) > 1 else ''}: {listed}")
            for n in names:
                if n not in bound:
                    bound[n] = self.defaults[n]
        interp.depth += 1
        try:
            if interp.depth > MAX_DEPTH:
                raise RecursionError("maximum recursion depth exceeded")
            result = self.body(Frame(bound, self.closure))
        finally:
            interp.depth -= 1
        return result.value if isinstance(result, Return) else result

    def __repr__(self) -> str:
        return f"<function {self.__name__} at {hex(id(self))}>"


class Compiler:
    """Turns statements into closures `run(frame) -> None | BREAK | CONTINUE | Return`."""

    def __init__(self, interp) -> None:
        self.interp = interp
        self.origin = Origin("<input>", "")
        self.nesting = 0

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

    # ---- statements ------------------------------------------------------------------------
    def stmt(self, node, scope: Scope) -> Callable:
        method = getattr(self, "stmt_" + type(node).__name__)
        run = method(node, scope)
        span = node.span
        if span is None or type(node) in (A.If, A.While, A.For, A.With, A.FunctionDef):
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
        if isinstance(target, A.Name):
            load = self.expr(target, scope)
            store = self.store(target, scope)

            def run(f):
                store(f, op(load(f), ev(f)))
        elif isinstance(target, A.Attribute):
            obj_ev, name = self.expr(target.value, scope), target.attr
            get, put = B.get_attribute, B.set_attribute

            def run(f):
                obj = obj_ev(f)
                try:
                    put(obj, name, op(get(obj, name), ev(f)))
                except Exception as e:
                    raise attach(e, span)
        else:
            obj_ev, idx_ev = self.expr(target.value, scope), self.expr(target.index, scope)

            def run(f):
                obj, idx = obj_ev(f), idx_ev(f)
                try:
                    if type(obj) is dict:
                        B.key(idx)
                    obj[idx] = op(obj[idx], ev(f))
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
            if scope.is_function:
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

    def stmt_If(self, node, scope):
        test = self.expr(node.test, scope)
        body = self.block(node.body, scope)
        orelse = self.block(node.orelse, scope) if node.orelse else None
        span = node.test.span
        ctx, where = engine_context, (self.origin, span)

        def run(f):
            ctx.span = where
            try:
                ok = test(f)
                ok = True if ok else False
            except Exception as e:
                raise attach(e, span)
            if ok:
                return body(f)
            if orelse is not None:
                return orelse(f)
            return None
        return run

    def _loop_body(self, stmts, scope):
        was = scope.in_loop
        scope.in_loop = True
        try:
            return self.block(stmts, scope)
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

    def stmt_With(self, node, scope):
        items = [(self.expr(e, scope), self.store(t, scope) if t is not None else None, e.span)
                 for e, t in node.items]
        body = self.block(node.body, scope)
        last = len(items) - 1
        managers = B.CONTEXT_MANAGERS

        def enter(f, i):
            ev, store, span = items[i]
            try:
                mgr = ev(f)
                if not isinstance(mgr, managers):
                    raise TypeError(f"'{type(mgr).__name__}' object does not support the "
                                    f"context manager protocol")
                value = mgr.__enter__()
            except Exception as e:
                raise attach(e, span)
            try:
                if store is not None:
                    store(f, value)
                result = body(f) if i == last else enter(f, i + 1)
            except BaseException as e:
                if not mgr.__exit__(type(e), e, e.__traceback__):
                    raise
                return None
            mgr.__exit__(None, None, None)
            return result

        return lambda f: enter(f, 0)

    def stmt_FunctionDef(self, node, scope):
        fn_scope = Scope(set(p.name for p in node.params) | bound_names(node.body), scope, True)
        body = self.block(node.body, fn_scope)
        defaults = [(p.name, self.expr(p.default, scope)) for p in node.params
                    if p.default is not None]
        params = tuple(p.name for p in node.params)
        store = self.store(A.Name(node.name, node.span), scope)
        interp, name = self.interp, node.name

        def run(f):
            store(f, Function(name, params, {n: ev(f) for n, ev in defaults}, body, f, interp))
        return run

    # ---- assignment targets ------------------------------------------------------------------
    def store(self, target, scope: Scope) -> Callable:
        if isinstance(target, A.Name):
            name = target.id
            if scope.is_function and name in scope.locals:
                def put(f, v):
                    f.vars[name] = v
            else:
                g = self.interp.globals

                def put(f, v):
                    g[name] = v
            return put
        if isinstance(target, A.Attribute):
            obj_ev, name, span = self.expr(target.value, scope), target.attr, target.span
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
                    if type(obj) is dict:
                        B.key(idx)
                    obj[idx] = v
                except Exception as e:
                    raise attach(e, span)
            return put
        if isinstance(target, (A.Tuple, A.List)):
            puts = [self.store(t, scope) for t in target.elts]
            n, span = len(puts), target.span

            def put(f, v):
                try:
                    values = list(v)
                except TypeError as e:
                    raise attach(TypeError(f"cannot unpack non-iterable {type(v).__name__} "
                                           f"object"), span) from e
                if len(values) != n:
                    if len(values) > n:
                        raise attach(ValueError(f"too many values to unpack (expected {n})"),
                                     span)
                    raise attach(ValueError(f"not enough values to unpack (expected {n}, got "
                                            f"{len(values)})"), span)
                for p, x in zip(puts, values):
                    p(f, x)
            return put
        raise self.error("cannot assign to this expression", target.span)

    # ---- expressions -------------------------------------------------------------------------
    def expr(self, node, scope: Scope) -> Callable:
        self.nested(node)
        try:
            return getattr(self, "expr_" + type(node).__name__)(node, scope)
        finally:
            self.nesting -= 1

    def expr_Constant(self, node, scope):
        value = node.value
        return lambda f: value

    def expr_Name(self, node, scope):
        name, span = node.id, node.span
        g, b = self.interp.globals, self.interp.builtins
        if scope.is_function:
            depth, s = 0, scope
            while s is not None and s.is_function:
                if name in s.locals:
                    break
                depth += 1
                s = s.parent
            else:
                depth = None
            if depth == 0:
                def ev(f):
                    try:
                        return f.vars[name]
                    except KeyError:
                        raise attach(UnboundLocalError(
                            f"cannot access local variable '{name}' where it is not associated "
                            f"with a value"), span) from None
                return ev
            if depth is not None:
                def ev(f):
                    for _ in range(depth):
                        f = f.parent
                    try:
                        return f.vars[name]
                    except KeyError:
                        raise attach(NameError(f"cannot access free variable '{name}' where it "
                                               f"is not associated with a value"), span) from None
                return ev

        def ev(f):
            try:
                return g[name]
            except KeyError:
                pass
            try:
                return b[name]
            except KeyError:
                raise attach(NameError(f"name '{name}' is not defined"), span) from None
        return ev

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
                    out.append(format(value, spec_ev(f) if spec_ev is not None else ""))
            except Exception as e:
                e._gradcli_span = span  # field spans are relative to the string: use the string's
                raise
            return "".join(out)
        return ev

    def expr_List(self, node, scope):
        evs = [self.expr(e, scope) for e in node.elts]
        return lambda f: [ev(f) for ev in evs]

    def expr_Tuple(self, node, scope):
        evs = [self.expr(e, scope) for e in node.elts]
        return lambda f: tuple([ev(f) for ev in evs])

    def expr_Dict(self, node, scope):
        evs = [(self.expr(k, scope), self.expr(v, scope)) for k, v in node.items]
        span, key = node.span, B.key

        def ev(f):
            try:
                return {key(k(f)): v(f) for k, v in evs}
            except Exception as e:
                raise attach(e, span)
        return ev

    def expr_ListComp(self, node, scope):
        inner = Scope(bound_targets(node.target), scope, True)
        inner.is_function = True
        it = self.expr(node.iter, scope)
        store = self.store(node.target, inner)
        elt = self.expr(node.elt, inner)
        cond = self.expr(node.cond, inner) if node.cond is not None else None

        def ev(f):
            frame = Frame({}, f)
            out = []
            for item in it(f):
                store(frame, item)
                if cond is None or cond(frame):
                    out.append(elt(frame))
            return out
        return ev

    def expr_Lambda(self, node, scope):
        fn_scope = Scope(set(p.name for p in node.params), scope, True)
        body_ev = self.expr(node.body, fn_scope)
        defaults = [(p.name, self.expr(p.default, scope)) for p in node.params
                    if p.default is not None]
        params = tuple(p.name for p in node.params)
        interp = self.interp

        def body(f):
            return Return(body_ev(f))

        return lambda f: Function("<lambda>", params, {n: d(f) for n, d in defaults}, body, f,
                                  interp)

    def expr_UnaryOp(self, node, scope):
        op, operand, span = UNARY[node.op], self.expr(node.operand, scope), node.span

        def ev(f):
            try:
                return op(operand(f))
            except Exception as e:
                raise attach(e, span)
        return ev

    def expr_BinOp(self, node, scope):
        op, left, right, span = BINARY[node.op], self.expr(node.left, scope), \
            self.expr(node.right, scope), node.span

        def ev(f):
            try:
                return op(left(f), right(f))
            except Exception as e:
                raise attach(e, span)
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
                try:
                    return op(left(f), right(f))
                except Exception as e:
                    raise attach(e, span)
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

    def expr_Call(self, node, scope):
        span = node.span
        if any(isinstance(a, A.Starred) for a in node.args):
            return self._call_starred(node, scope)
        args = [self.expr(a, scope) for a in node.args]
        kwargs = [(k, self.expr(v, scope)) for k, v in node.keywords]
        if isinstance(node.func, A.Attribute):
            # obj.method(...): look the method up through the allowlist, then call it
            obj_ev, name, get = self.expr(node.func.value, scope), node.func.attr, \
                B.get_attribute
            if not kwargs:
                def ev(f):
                    obj = obj_ev(f)
                    try:
                        method = get(obj, name)
                        values = [a(f) for a in args]
                    except Exception as e:
                        raise attach(e, span)
                    try:
                        return method(*values)
                    except (OperandTypeError, AttributeError) as e:
                        raise attach(B.name_operand(e, name, method, values, None), span) from None
                    except Exception as e:
                        raise attach(e, span)
                return ev

            def ev(f):
                obj = obj_ev(f)
                try:
                    method = get(obj, name)
                    values, named = [a(f) for a in args], {k: v(f) for k, v in kwargs}
                except Exception as e:
                    raise attach(e, span)
                try:
                    return method(*values, **named)
                except (OperandTypeError, AttributeError) as e:
                    raise attach(B.name_operand(e, name, method, values, named), span) from None
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

        def ev(f):
            fn = fn_ev(f)
            try:
                return call(fn, [a(f) for a in args], {k: v(f) for k, v in kwargs}, label)
            except Exception as e:
                raise attach(e, span)
        return ev

    def _call_starred(self, node, scope):
        """f(a, *rest, k=v): the general (slower) path, for calls that unpack an iterable."""
        span = node.span
        parts = [(isinstance(a, A.Starred), self.expr(a.value if isinstance(a, A.Starred) else a,
                                                      scope)) for a in node.args]
        kwargs = [(k, self.expr(v, scope)) for k, v in node.keywords]
        fn_ev = self.expr(node.func, scope)

        def ev(f):
            fn = fn_ev(f)
            try:
                args = []
                for star, part in parts:
                    if star:
                        args.extend(part(f))
                    else:
                        args.append(part(f))
                return B.call(fn, args, {k: v(f) for k, v in kwargs})
            except Exception as e:
                raise attach(e, span)
        return ev

    def expr_Attribute(self, node, scope):
        obj_ev, name, span, get = self.expr(node.value, scope), node.attr, node.span, \
            B.get_attribute

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
                if type(obj) is dict:
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


def bound_targets(target) -> set:
    if isinstance(target, A.Name):
        return {target.id}
    if isinstance(target, (A.Tuple, A.List)):
        out = set()
        for e in target.elts:
            out |= bound_targets(e)
        return out
    return set()


def bound_names(stmts) -> set:
    """Names a function body binds (its locals), not looking into nested functions."""
    out: set = set()
    for s in stmts:
        if isinstance(s, A.Assign):
            for t in s.targets:
                out |= bound_targets(t)
        elif isinstance(s, A.AugAssign):
            out |= bound_targets(s.target)
        elif isinstance(s, A.For):
            out |= bound_targets(s.target) | bound_names(s.body) | bound_names(s.orelse)
        elif isinstance(s, (A.If, A.While)):
            out |= bound_names(s.body) | bound_names(s.orelse)
        elif isinstance(s, A.With):
            for _, t in s.items:
                if t is not None:
                    out |= bound_targets(t)
            out |= bound_names(s.body)
        elif isinstance(s, A.FunctionDef):
            out.add(s.name)
        elif isinstance(s, A.Import):
            out.update(alias or module.split(".")[0] for module, alias in s.names)
        elif isinstance(s, A.FromImport) and s.names != "*":
            out.update(alias or name for name, alias in s.names)
    return out
