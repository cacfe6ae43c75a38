"""Random programs in the grammar's shapes over small random tensors, and their broken mutations.

Every torch function, Tensor method and torch.nn.functional function of the op registry is called
with arguments chosen by its parameters' names (a tensor for `input`, a dim for `dim`, ...), so
that most calls get past argument checking into the engine. Work is capped by construction:
tensors have at most a few elements, loops run at most three times, mutations never add digits.
"""
from __future__ import annotations

import functools
import inspect
import re

from hypothesis import strategies as st

from gradcli.engine.ops import FUNCTIONAL, FUNCTIONS, METHODS

TENSORS = ("a", "b", "c")        # made by every program's prelude
LOCALS = ("t", "u", "v")         # what statements assign
FUNCS = ("g", "h")               # what defs define
SHAPES = ((), (3,), (2, 3), (1, 3), (3, 1), (2, 1, 3), (0,), (3, 3), (2, 0))
NUMBERS = ("0", "1", "2", "3", "-1", "-2", "0.5", "-0.25", "1.5", "2.0", "1e-3", "1e3",
           "float('inf')", "float('nan')", "True", "False")
STRINGS = ("'s'", '"q"', r"'a\tb'", r"'\u00e9\x41\N{BULLET}'", r"r'\d+'", '"""long\nstring"""',
           "'{}-{!r}'.format(1, 's')", "'%s|%d' % ('x', 3)", "f'{{}}{1:>4}{2!r}'", "'' 'joined'",
           "b'x'", "'é'")
LITERALS = ("0x1F", "1_000", "1e5", ".5", "5.", "00", "1E-3", "0b1", "0o7", "1j")
DTYPES = ("torch.float32", "torch.float64", "torch.int64", "torch.int32", "torch.bool",
          "torch.float16", "torch.uint8")
BINARY = ("+", "-", "*", "/", "//", "%", "**", "@", "&", "|", "^", "==", "!=", "<", "<=", ">",
          ">=", "and", "or", "is", "is not", "in")
UNARY = ("-", "+", "~", "not ")
ATTRIBUTES = ("T", "mT", "grad", "grad_fn", "shape", "dtype", "data", "is_leaf", "requires_grad",
              "ndim", "device", "_version", "retains_grad")
GRAPH_WALKS = (".grad_fn.next_functions", ".grad_fn._saved_self", ".grad_fn._saved_other",
               ".grad_fn._saved_result", ".grad_fn.name()",
               ".grad_fn.next_functions[0][0].variable")
CONVERSIONS = (".item()", ".tolist()", ".size()", ".size(0)", ".numel()", ".dim()")
BUILTINS = ("sum", "max", "min", "abs", "len", "float", "int", "bool", "round", "sorted", "list",
            "tuple", "str", "repr", "any", "all", "isinstance", "enumerate", "zip", "reversed")
NOT_PASSED = {"out", "generator", "layout", "memory_format", "pin_memory", "names", "device",
              "_stacklevel", "sparse_grad"}

TENSOR_PARAMS = {"input", "self", "other", "tensor", "tensor1", "tensor2", "mat1", "mat2", "vec",
                 "vec1", "vec2", "target", "weight", "bias", "src", "values", "pos_weight",
                 "exponent", "end", "like", "data"}
DIM_PARAMS = {"dim", "dim0", "dim1", "dim2", "start_dim", "end_dim", "axis", "offset", "diagonal",
              "shifts"}
BOOL_PARAMS = {"keepdim", "unbiased", "requires_grad", "inplace", "accumulate", "training",
               "non_blocking", "copy", "upper", "largest", "sorted", "size_average", "reduce"}
SIZE_PARAMS = {"size", "shape", "sizes", "dims", "split_sizes", "repeats", "dims_"}
COUNT_PARAMS = {"n", "m", "k", "chunks", "sections", "split_size_or_sections", "steps", "length",
                "num_classes", "low", "high", "start", "step"}
SCALAR_PARAMS = {"alpha", "beta", "value", "fill_value", "p", "eps", "min", "max", "min_val",
                 "max_val", "threshold", "negative_slope", "lambd", "scale", "delta", "correction",
                 "label_smoothing", "ignore_index", "g"}
CHOICE_PARAMS = {"reduction": ("'mean'", "'sum'", "'none'"),
                 "rounding_mode": ("'floor'", "'trunc'", "None"),
                 "approximate": ("'none'", "'tanh'"),
                 "dtype": DTYPES}


@functools.lru_cache(maxsize=None)
def _signature(fn):
    try:
        return tuple(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return None


# Strategies are built once and reused: building one costs more than drawing from it.
@functools.lru_cache(maxsize=None)
def pick(options: tuple):
    return st.sampled_from(options)


@functools.lru_cache(maxsize=None)
def ints(lo: int, hi: int):
    return st.integers(lo, hi)


BOOLS = st.booleans()
SIZES = st.lists(st.sampled_from(("1", "2", "3", "0", "-1")), max_size=3)


def strategy(fn):
    """st.composite, with the strategy for each argument list built once."""
    return functools.lru_cache(maxsize=None)(st.composite(fn))


CALLABLES = {
    "function": tuple(sorted(FUNCTIONS)),
    "method": tuple(sorted(n for n in METHODS if not n.startswith("_"))),
    "functional": tuple(sorted(FUNCTIONAL)),
}


# ---- values --------------------------------------------------------------------------------------
@strategy
def nested(draw, shape, kind):
    if not shape:
        if kind == "bool":
            return draw(pick(("True", "False")))
        if kind == "int":
            return str(draw(ints(-3, 3)))
        return draw(pick(NUMBERS[:12]))
    return "[" + ", ".join(draw(nested(shape[1:], kind)) for _ in range(shape[0])) + "]"


@strategy
def tensor_literal(draw):
    shape = draw(pick(SHAPES))
    sizes = ", ".join(map(str, shape)) or "()"   # a 0-d factory takes (): torch.zeros(())
    kind = draw(pick(("float", "float", "float", "int", "bool")))
    grad = kind == "float" and draw(BOOLS)
    flag = ", requires_grad=True" if grad else ""
    form = draw(ints(0, 5))
    if form == 0 or kind != "float":
        dtype = ", dtype=torch.float64" if kind == "float" and draw(BOOLS) else ""
        return f"torch.tensor({draw(nested(shape, kind))}{dtype}{flag})"
    if form == 1:
        return f"torch.randn({sizes}{', ' if sizes else ''}requires_grad={grad})"
    if form == 2:
        return f"torch.ones({sizes}{', ' if sizes and grad else ''}{'grad' if grad else ''})"
    if form == 3:
        return f"torch.zeros({sizes}){'.requires_grad_()' if grad else ''}"
    if form == 4:
        return f"torch.rand({sizes}{', ' if sizes else ''}dtype=torch.float64{flag})"
    return f"torch.full(({sizes}{',' if len(shape) == 1 else ''}), 0.5{flag})"


@functools.lru_cache(maxsize=None)
def leaf():
    return st.one_of(
        pick(TENSORS), pick(TENSORS), pick(LOCALS),
        pick(NUMBERS), pick(("None", "(0, 1)", "[0, 1]", "...")), pick(STRINGS), pick(LITERALS),
        pick(DTYPES), tensor_literal())


@functools.lru_cache(maxsize=None)
def index():
    return pick((
        "0", "-1", "1", ":", "1:", "::2", ":, 0", "..., 0", "None", "0, None", "a > 0",
        "torch.tensor([0, 1])", "[0, 0]", "torch.tensor(True)", "2:1", "0, 0, 0", "-4", ":, :, 0",
    ))


@strategy
def value_for(draw, name, depth):
    """An argument for a parameter, by what its name says it wants (sometimes anything)."""
    if draw(ints(0, 9)) == 0:
        return draw(expr(depth - 1))
    if name in TENSOR_PARAMS:
        return draw(expr(depth - 1)) if draw(BOOLS) else draw(pick(TENSORS))
    if name in DIM_PARAMS:
        return draw(pick(("0", "1", "-1", "2", "-2", "(0, 1)", "(0,)")))
    if name in BOOL_PARAMS:
        return draw(pick(("True", "False")))
    if name in SIZE_PARAMS:
        return draw(pick(("(2, 3)", "(3,)", "(-1,)", "(3, 2)", "(1, 3)", "()", "(6,)", "(2, -1)",
                          "(0, 1)", "(1, 0)")))
    if name in COUNT_PARAMS:
        return draw(pick(("0", "1", "2", "3", "-1")))
    if name in SCALAR_PARAMS:
        return draw(pick(NUMBERS))
    if name in ("condition", "mask"):
        return draw(pick(("a > 0", "b < 0.5", "c == c", "torch.tensor([True, False])")))
    if name in ("index", "indices"):  # select takes an int, gather and the rest a tensor
        return draw(pick(("0", "1", "torch.tensor([0, 1])", "torch.tensor([[0], [1]])")))
    if name in CHOICE_PARAMS:
        return draw(pick(CHOICE_PARAMS[name]))
    if name == "tensors":
        return draw(pick(("[a, a]", "(a, b)", "[a]", "[]", "[a, b, c]")))
    return draw(expr(depth - 1))


@functools.lru_cache(maxsize=None)
def some(depth: int):
    return st.lists(expr(depth), max_size=2)


@strategy
def arguments(draw, fn, skip_self, depth):
    params = _signature(fn)
    if params is None:
        return ", ".join(draw(some(depth - 1)))
    if skip_self:
        params = params[1:]
    out, keywords = [], False
    for p in params:
        if p.kind is p.VAR_KEYWORD or p.name in NOT_PASSED:
            continue
        if p.kind is p.VAR_POSITIONAL:
            if not keywords:
                out += draw(SIZES)
            continue
        required = p.default is p.empty and p.kind is not p.KEYWORD_ONLY
        if not required and draw(ints(0, 2)) > 0:
            continue
        value = draw(value_for(p.name, depth))
        if p.kind is p.KEYWORD_ONLY or keywords or (not required and draw(BOOLS)):
            keywords = True
            out.append(f"{p.name}={value}")
        else:
            out.append(value)
    return ", ".join(out)


# ---- expressions ---------------------------------------------------------------------------------
@strategy
def call(draw, depth):
    kind = draw(pick(("function", "function", "method", "method", "functional")))
    name = draw(pick(CALLABLES[kind]))
    if kind == "function":
        fn = FUNCTIONS[name]
        prefix = draw(pick(("torch.", "torch.", "")))
        return f"{prefix}{name}({draw(arguments(fn, False, depth))})"
    if kind == "functional":
        return f"F.{name}({draw(arguments(FUNCTIONAL[name], False, depth))})"
    owner = draw(pick(TENSORS)) if draw(BOOLS) else draw(atom(depth - 1))
    return f"{owner}.{name}({draw(arguments(METHODS[name], True, depth))})"


@strategy
def atom(draw, depth):
    """An expression that may take `.x`, `[i]` or `(...)` after it."""
    if depth <= 0:
        return draw(pick(TENSORS + LOCALS))
    form = draw(ints(0, 3))
    if form == 0:
        return draw(pick(TENSORS))
    if form == 1:
        return f"({draw(expr(depth - 1))})"
    if form == 2:
        return draw(call(depth - 1))
    return draw(pick(LOCALS))


@strategy
def expr(draw, depth=3):
    if depth <= 0:
        return draw(leaf())
    form = draw(ints(0, 21))
    sub = expr(depth - 1)
    if form <= 3:
        return draw(leaf())
    if form <= 6:
        return draw(call(depth))
    if form == 7:
        return f"({draw(sub)} {draw(pick(BINARY))} {draw(sub)})"
    if form == 8:
        return f"({draw(pick(UNARY))}{draw(sub)})"
    if form == 9:
        return f"{draw(atom(depth))}.{draw(pick(ATTRIBUTES))}"
    if form == 10:
        return f"{draw(atom(depth))}[{draw(index())}]"
    if form == 11:
        return f"({draw(sub)} if {draw(sub)} else {draw(sub)})"
    if form == 12:
        return f"[{draw(sub)}, {draw(sub)}]" if draw(BOOLS) else f"({draw(sub)},)"
    if form == 13:
        return f"(lambda p, q=1: {draw(expr(depth - 1))})({draw(sub)})"
    if form == 14:
        return f"{draw(pick(BUILTINS))}({draw(sub)})"
    if form == 15:  # quotes cannot nest before Python 3.12: the field holds no string
        conv = draw(pick(("", "!r", "!s", ":.3f", ":>8", "")))
        return f"f'<{{{draw(atom(0))}{draw(pick(('', '.sum()', '.grad', '[0]')))}{conv}}}>'"
    if form == 16:
        return f"[{draw(sub)} for p in range({draw(ints(0, 3))})]"
    if form == 17:
        return draw(atom(depth)) + draw(pick(GRAPH_WALKS))
    if form == 18:
        return draw(atom(depth)) + draw(pick(CONVERSIONS))
    if form == 19:
        target = draw(pick(TENSORS))
        return (f"torch.autograd.grad({draw(sub)}, [{target}], "
                f"create_graph={draw(BOOLS)}, retain_graph=True, allow_unused=True)")
    if form == 20:
        return f"{{'k': {draw(sub)}, 1: {draw(sub)}}}"
    return f"{draw(pick(FUNCS))}({draw(sub)})"


# ---- statements ----------------------------------------------------------------------------------
CALLS_A_DEF = re.compile(r"\b(?:%s)\(" % "|".join(FUNCS))
SETTERS = ("{name}.grad = None", "{name}.grad = {e}", "{name}.data = {e}",
           "{name}.requires_grad = {b}", "{name}.requires_grad_()", "{name}.retain_grad()",
           "{name}.zero_()", "{name}.detach_()", "{name}.add_({e})", "{name}.mul_({e})")
BACKWARDS = ("({e}).sum().backward()", "({e}).backward()", "backward(({e}).sum())",
             "({e}).sum().backward(retain_graph=True)", "({e}).sum().backward(create_graph=True)",
             "({e}).backward(torch.ones_like({e}))", "torch.autograd.backward([({e}).sum()])",
             "({e}).sum().backward(inputs=[a])")


def indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]


@strategy
def block(draw, depth, in_loop=False, in_def=False, whiles=True):
    return [line for _ in range(draw(ints(1, 3)))
            for line in draw(statement(depth, in_loop, in_def, whiles))]


@strategy
def statement(draw, depth=2, in_loop=False, in_def=False, whiles=True):
    """One statement (with its block). `whiles`: may write a while loop, which a mutation could
    make endless (mutated programs are made without them, so that any hang is gradcli's)."""
    e = expr(2)
    target = pick(LOCALS)
    form = draw(ints(0, 30 if depth > 0 else 14))
    if form <= 2:
        return [f"{draw(target)} = {draw(e)}"]
    if form == 3:
        return [f"{draw(target)}, {draw(target)} = {draw(e)}"]
    if form == 4:
        op = draw(pick(("+", "-", "*", "/", "**", "@", "//")))
        return [f"{draw(pick(TENSORS + LOCALS))} {op}= {draw(e)}"]
    if form == 5:
        return [f"{draw(pick(TENSORS + LOCALS))}[{draw(index())}] = {draw(e)}"]
    if form == 6:
        return [draw(pick(SETTERS)).format(name=draw(pick(TENSORS + LOCALS)), e=draw(e),
                                           b=draw(BOOLS))]
    if form <= 8:
        return [f"print({draw(e)})"]
    if form == 9:
        return [f"{draw(e)}"]
    if form <= 11:
        return [draw(pick(BACKWARDS)).format(e=draw(e))]
    if form == 12:
        return [draw(pick(("import torch", "import torch.nn.functional as F",
                                      "import math", "from torch import ones",
                                      "import torch.autograd", "pass")))]
    if form == 13:
        return [draw(pick(("break", "continue"))) if in_loop else "pass"]
    if form == 14:
        return [f"return {draw(e)}" if in_def else "pass"]
    inner = block(depth - 1, in_loop, in_def, whiles)
    if form <= 16:
        manager = draw(pick(("torch.no_grad()", "torch.enable_grad()",
                                        "torch.set_grad_enabled(False)",
                                        "torch.set_grad_enabled(True)",
                                        "torch.inference_mode()", "torch.no_grad() as m")))
        return [f"with {manager}:"] + indent(draw(inner))
    if form <= 18:
        body = draw(block(depth - 1, True, in_def, whiles))
        if draw(BOOLS):
            return [f"for i in range({draw(ints(0, 3))}):"] + indent(body)
        return [f"for i in {draw(pick(TENSORS + ('[a, b]',)))}:"] + indent(body)
    if form == 19 and whiles:
        limit = draw(ints(0, 3))
        body = draw(block(depth - 1, True, in_def, whiles))
        n = f"n{depth}"  # a counter per level: an inner loop must not reset an outer one
        return [f"{n} = 0", f"while {n} < {limit}:", f"    {n} += 1"] + indent(body)
    if form <= 21:
        lines = [f"if {draw(e)}:"] + indent(draw(inner))
        if draw(BOOLS):
            lines += [f"elif {draw(e)}:"] + indent(draw(inner))
        if draw(BOOLS):
            lines += ["else:"] + indent(draw(inner))
        return lines
    if form <= 24:   # try/except: a gradcli bug is never caught (it ends the run, exit 3)
        lines = ["try:"] + indent(draw(inner)) + \
            [f"except {draw(pick(('Exception', 'RuntimeError', 'TypeError', 'ValueError')))} "
             f"as err:", "    print(type(err).__name__)"]
        if draw(BOOLS):
            lines += ["finally:", f"    print({draw(e)})"]
        return lines
    if form <= 26:   # a class of the program's, an nn.Module's subclass or not
        body = draw(block(depth - 1, False, True, whiles)) + [f"return {draw(e)}"]
        body = [CALLS_A_DEF.sub("abs(", line) for line in body]
        base = draw(pick(("", "(torch.nn.Module)")))
        init = ["def __init__(self, p):"] + indent(
            (["super().__init__()"] if base else []) + ["self.p = p"])
        return ([f"class K{base}:"] + indent(init + ["def f(self, p, q=1):"] + indent(body))
                + [f"k = K({draw(e)})", f"print(k.f({draw(e)}))"])
    if form <= 28:   # a generator, consumed by a loop or by list()
        body = draw(block(depth - 1, False, True, whiles))
        body = [CALLS_A_DEF.sub("abs(", line) for line in body]
        gen = ["def gen(p):", "    for i in range(2):"] + indent(indent(
            body + [f"yield {draw(e)}"]))
        use = draw(pick(("for y in gen({e}):\n    print(y)", "print(list(gen({e})))",
                         "print(sum(x for x in gen({e})))")))
        return gen + use.format(e=draw(e)).split("\n")
    name = draw(pick(FUNCS))
    body = draw(block(depth - 1, False, True, whiles)) + [f"return {draw(e)}"]
    # a def calling itself (or the other def) may branch into 2 ** 150 calls: the program's own
    # endless loop, not gradcli's, so bodies call abs() instead
    return [f"def {name}(p, q=1):"] + indent([CALLS_A_DEF.sub("abs(", line) for line in body])


@strategy
def program(draw, whiles=True) -> str:
    """A program: tensors a, b, c (and t, u, v naming them), then a few random statements."""
    lines = [f"{name} = {draw(tensor_literal())}" for name in TENSORS]
    lines += [f"{', '.join(LOCALS)} = {', '.join(TENSORS)}"]
    for _ in range(draw(ints(1, 8))):
        lines += draw(statement(whiles=whiles))
    return "\n".join(lines) + "\n"


# ---- mutations -----------------------------------------------------------------------------------
TOKEN = re.compile(rb"\w+|\s+|.", re.S)
PIECES = (b"(", b")", b"[", b"]", b"{", b"}", b":", b",", b".", b"=", b"**", b"@", b"'", b'"',
          b"f'", b"'''", b"\\", b"#", b"\n", b"    ", b"\t", b"lambda", b"for", b"in", b"if",
          b"else", b"def", b"return", b"with", b"not", b"...", b";", b"!r", b"{x}", b"\r",
          b"\x00", b"\xff", b"\xc3", b"\xe2\x80\xa8", b"grad", b"torch", b"None")
NON_DIGITS = tuple(bytes([i]) for i in range(256) if not 0x30 <= i <= 0x39)
JUNK = st.lists(st.sampled_from(NON_DIGITS), min_size=1, max_size=4)


@st.composite  # not cached: its argument is the program
def mutation(draw, data: bytes) -> bytes:
    tokens = TOKEN.findall(data)
    if not tokens:
        return data
    i = draw(ints(0, len(tokens) - 1))
    op = draw(ints(0, 8))
    if op == 0:
        del tokens[i]
    elif op == 1:
        tokens.insert(i, tokens[i] + b" ")  # a space keeps a copied number from growing
    elif op == 2 and i + 1 < len(tokens):
        tokens[i], tokens[i + 1] = tokens[i + 1], tokens[i]
    elif op == 3:
        tokens.insert(i, b"".join(draw(JUNK)))
    elif op == 4:
        tokens[i] = draw(pick(PIECES))
    elif op == 5:
        return data[:draw(ints(0, len(data)))]
    else:
        lines = data.split(b"\n")
        j = draw(ints(0, len(lines) - 1))
        if op == 6:
            del lines[j]
        elif op == 7:
            lines.insert(j, lines[j])
        else:
            lines[j] = draw(pick((b"    ", b"\t", b" ", b""))) + \
                (lines[j][4:] if lines[j].startswith(b"    ") and draw(BOOLS) else lines[j])
        return b"\n".join(lines)
    return b"".join(tokens)


@strategy
def broken_program(draw) -> bytes:
    data = draw(program(whiles=False)).encode()
    for _ in range(draw(ints(1, 3))):
        data = draw(mutation(data))
    return data
