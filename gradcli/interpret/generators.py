"""The statements of a generator function, compiled to Python generators so that a `yield`
suspends the whole call; the statements that hold no yield run as compiled everywhere else.

A compiled generator statement is `run(frame)`, a generator function whose return value is the
statement's signal (None, BREAK, CONTINUE or a Return), as `run(frame)`'s result is elsewhere.
"""
from __future__ import annotations

from typing import Callable

from ..engine.dispatch import context as engine_context
from ..syntax import ast as A
from .runtime import BREAK, CONTINUE, attach, chosen, context_exit, match_handler
from .scopes import yields

YIELD_PLACES = "gradcli takes yield as a statement or as the value of an assignment"


class GeneratorStatements:
    """Mixed into the Compiler: gblock/gstmt mirror its block/stmt."""

    def gblock(self, stmts, scope) -> Callable:
        self.nested(stmts[0] if stmts else None)
        try:
            runs = [self.gstmt(s, scope) for s in stmts]
        finally:
            self.nesting -= 1

        def run(f):
            for r in runs:
                sig = yield from r(f)
                if sig is not None:
                    return sig
            return None
        return run

    def gstmt(self, node, scope) -> Callable:
        if type(node) in (A.FunctionDef, A.ClassDef) or not yields(node):
            plain = self.stmt(node, scope)

            def run(f):
                return plain(f)
                yield   # unreachable: it makes run a generator function
            return run
        method = getattr(self, "gstmt_" + type(node).__name__, None)
        if method is None:
            raise self.error(YIELD_PLACES, node.span)
        run = method(node, scope)
        span = node.span
        if span is None or type(node) in self.UNLOCATED:
            return run
        where, ctx = (self.origin, span), engine_context

        def located(f):
            ctx.span = where
            try:
                return (yield from run(f))
            except Exception as e:
                attach(e, span)
                raise
        return located

    def _no_yield(self, *nodes) -> None:
        for node in nodes:
            if node is not None and yields(node):
                raise self.error(YIELD_PLACES, getattr(node, "span", None))

    def _yield(self, value, scope, stores=()) -> Callable:
        """`yield x` / `yield from it`, storing what was sent (or returned) in `stores`."""
        if isinstance(value, A.Yield):
            self._no_yield(value.value)
            ev = self.expr(value.value, scope) if value.value is not None else None

            def run(f):
                sent = yield (ev(f) if ev is not None else None)
                for store in stores:
                    store(f, sent)
            return run
        if isinstance(value, A.YieldFrom):
            self._no_yield(value.value)
            ev = self.expr(value.value, scope)

            def run(f):
                result = yield from ev(f)
                for store in stores:
                    store(f, result)
            return run
        raise self.error(YIELD_PLACES, value.span)

    def gstmt_ExprStmt(self, node, scope):
        return self._yield(node.value, scope)

    def gstmt_Assign(self, node, scope):
        self._no_yield(*node.targets)
        return self._yield(node.value, scope, [self.store(t, scope) for t in node.targets])

    def gstmt_If(self, node, scope):
        branches, orelse = self.if_chain(node, scope, self.gblock, self._no_yield)

        def run(f):
            body = chosen(branches, f)
            if body is not None:
                return (yield from body(f))
            if orelse is not None:
                return (yield from orelse(f))
            return None
        return run

    def gstmt_While(self, node, scope):
        self._no_yield(node.test)
        test = self.expr(node.test, scope)
        body = self._loop_body(node.body, scope, self.gblock)
        orelse = self.gblock(node.orelse, scope) if node.orelse else None
        span = node.test.span

        def run(f):
            while True:
                try:
                    ok = True if test(f) else False
                except Exception as e:
                    raise attach(e, span)
                if not ok:
                    break
                sig = yield from body(f)
                if sig is not None:
                    if sig is BREAK:
                        return None
                    if sig is CONTINUE:
                        continue
                    return sig
            if orelse is not None:
                return (yield from orelse(f))
            return None
        return run

    def gstmt_For(self, node, scope):
        self._no_yield(node.iter, node.target)
        it = self.expr(node.iter, scope)
        store = self.store(node.target, scope)
        body = self._loop_body(node.body, scope, self.gblock)
        orelse = self.gblock(node.orelse, scope) if node.orelse else None
        span = node.iter.span

        def run(f):
            try:
                items = iter(it(f))
            except Exception as e:
                raise attach(e, span)
            for item in items:
                store(f, item)
                sig = yield from body(f)
                if sig is not None:
                    if sig is BREAK:
                        return None
                    if sig is CONTINUE:
                        continue
                    return sig
            if orelse is not None:
                return (yield from orelse(f))
            return None
        return run

    def gstmt_With(self, node, scope):
        self._no_yield(*(e for e, _ in node.items))
        items = self.with_items(node, scope)
        body = self.gblock(node.body, scope)
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
                result = (yield from body(f)) if i == last else (yield from enter(f, i + 1))
            except BaseException as e:
                if not exit_(type(e), e, e.__traceback__):
                    raise
                return None
            exit_(None, None, None)
            return result

        return lambda f: enter(f, 0)

    def gstmt_Try(self, node, scope):
        body = self.gblock(node.body, scope)
        handlers = self.handlers(node, scope, self.gblock)
        orelse = self.gblock(node.orelse, scope) if node.orelse else None
        final = self.gblock(node.finalbody, scope) if node.finalbody else None

        def run(f):
            try:
                try:
                    sig = yield from body(f)
                except BaseException as e:
                    handler = match_handler(handlers, f, e)
                    if handler is None:
                        raise
                    _, store, delete, hbody, _ = handler
                    if store is None:
                        return (yield from hbody(f))
                    store(f, e)
                    try:
                        return (yield from hbody(f))
                    finally:
                        delete(f)
                if orelse is not None:
                    sig = yield from orelse(f)
                return sig
            finally:
                if final is not None:
                    fsig = yield from final(f)
                    if fsig is not None:
                        return fsig   # noqa: B012 (a return in finally wins, as in Python)
        return run
