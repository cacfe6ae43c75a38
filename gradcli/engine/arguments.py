"""PyTorch's argument parser: a function's declared signatures, and the TypeError PyTorch raises
for a call that fits none of them.

A port of torch/csrc/utils/python_arg_parser.cpp (how a call is matched against the signatures,
the checks each parameter type makes, the messages) and invalid_arguments.cpp (the "received an
invalid combination of arguments" listing, quirks included: it re-parses the printed
signatures). Signatures are written as PyTorch's generated bindings write them, with
native_functions.yaml's type names (engine/ops/signatures.py holds them all):

    chunk(Tensor input, int chunks, int dim=0)
    sum(Tensor input, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)
    add(Tensor input, Scalar alpha, Tensor other)|deprecated

`T?` takes None, `int[N]` (N > 0) takes one int for the list, `|deprecated` and `|hidden` match
without being shown. A function PyTorch writes in Python (`def f(input, p=0.5)`) binds as Python
binds, and a method that takes no arguments (`()|noargs`) or exactly one (`(obj)|onearg`)
says so as CPython does.

Nothing here runs when a call succeeds: a call site asks `Parser.error` only after the engine
failed, so the messages cost the happy path nothing.
"""
from __future__ import annotations

import ast
import operator
import re
from typing import Callable

import numpy as np

from . import once
from .dtypes import DType, tp_name
from .tensor import Device, Tensor

# python_arg_parser.cpp's should_allow_numbers_as_tensors: a Python number binds to a Tensor
NUMBERS_AS_TENSORS = frozenset(
    f"{name}{suffix}" for name in ("add", "div", "divide", "mul", "multiply", "sub", "subtract",
                                   "true_divide", "floor_divide")
    for suffix in ("", "_", "_out")) | {"to", "_to_copy", "copy_", "copy", "_conj"}

# numpy_compatibility_arg_names: other keywords a parameter answers to (torch.sum(t, axis=0))
NUMPY_NAMES = {"dim": ("axis",), "keepdim": ("keepdims",), "input": ("x", "a", "x1"),
               "other": ("x2",)}

# FunctionParameter::type_name(): how a message names each type
TYPE_NAMES = {
    "Tensor": "Tensor", "Scalar": "Number", "int": "int", "SymInt": "int", "float": "float",
    "complex": "complex", "Tensor[]": "tuple of Tensors", "Tensor?[]": "tuple of Tensors",
    "int[]": "tuple of ints", "SymInt[]": "tuple of ints", "float[]": "tuple of floats",
    "Generator": "torch.Generator", "bool": "bool", "PyObject": "object",
    "ScalarType": "torch.dtype", "Layout": "torch.layout", "MemoryFormat": "torch.memory_format",
    "Device": "torch.device", "str": "str", "Dimname": "name", "Dimname[]": "tuple of names",
    "Scalar[]": "tuple of Scalars",
}


# ---- what a value is, as CPython and PyTorch's checks see it --------------------------------
_TYPE_NAMES: dict[type, str] = {DType: "torch.dtype", Device: "torch.device"}


def name_type(cls: type, name: str) -> None:
    """Say what Python calls a class the program can hold (its tp_name, which PyTorch's
    messages print): gradcli's own classes of modules, builtins and functions."""
    _TYPE_NAMES[cls] = name


def type_name(value) -> str:
    """Py_TYPE(value)->tp_name: what PyTorch's messages call the value's type."""
    return _TYPE_NAMES.get(type(value)) or tp_name(value)


def _is_long(v) -> bool:          # THPUtils_checkLong: an int, not a bool
    return isinstance(v, (int, np.integer)) and not isinstance(v, (bool, np.bool_))


def _is_double(v) -> bool:        # THPUtils_checkDouble: a float or any int (bool included)
    return isinstance(v, (float, int, np.floating, np.integer, np.bool_))


def _is_scalar(v) -> bool:        # THPUtils_checkScalar
    return isinstance(v, (float, int, complex, np.number, np.bool_))


def _is_index(v) -> bool:         # THPUtils_checkIndex: an int, or what has __index__
    if isinstance(v, (bool, np.bool_)):
        return False
    if _is_long(v):
        return True
    try:
        v.__index__()
    except Exception:
        return False
    return True


def _scalar_tensor(v, integral: bool = False) -> bool:
    if not isinstance(v, Tensor) or v.requires_grad or v.ndim != 0:
        return False
    return not integral or v.dtype.category == 1


def _generator(v) -> bool:
    from .kernels.random import Generator
    return isinstance(v, Generator)


def _int_list(v, size: int, symint: bool) -> tuple[bool, int]:
    """is_int_list / is_int_or_symint_list: a list or tuple whose first item is an int (the rest
    are not checked), or one int where the list has a size; with the index of the item that is
    not (only the SymInt form says which)."""
    if isinstance(v, (tuple, list)):
        if not v or _is_index(v[0]):
            return True, -1
        return False, 0 if symint else -1
    return size > 0 and _is_index(v), -1


def _tensor_list(v, argnum: int) -> bool:
    if not isinstance(v, (tuple, list)):
        return False
    for i, item in enumerate(v):
        if not isinstance(item, Tensor):
            raise TypeError(f"expected Tensor as element {i} in argument {argnum}, but got "
                            f"{type_name(item)}")
    return True


def _dimname(v) -> bool:
    return v is None or isinstance(v, str)


def _dimname_list(v) -> bool:     # THPUtils_checkDimnameList: the first item only
    return isinstance(v, (tuple, list)) and (not v or _dimname(v[0]))


# THPPythonScalarType_Check: Python's own number types stand for dtypes
PYTHON_SCALAR_TYPES = (float, int, bool, complex)


CHECKS: dict[str, Callable] = {
    "Scalar": lambda p, v, i: (_is_scalar(v) or _is_double(v) or _scalar_tensor(v), -1),
    "complex": lambda p, v, i: (isinstance(v, complex) or _is_double(v) or _scalar_tensor(v),
                                -1),
    "float": lambda p, v, i: (_is_double(v) or _scalar_tensor(v), -1),
    "int": lambda p, v, i: (_is_long(v) or _scalar_tensor(v, integral=True), -1),
    "SymInt": lambda p, v, i: (_is_index(v), -1),
    "Dimname": lambda p, v, i: (_dimname(v), -1),
    "Dimname[]": lambda p, v, i: (_dimname_list(v) or (p.size == 1 and _dimname(v)), -1),
    "Tensor[]": lambda p, v, i: (_tensor_list(v, i), -1),
    "Tensor?[]": lambda p, v, i: (_tensor_list(v, i), -1),
    "int[]": lambda p, v, i: _int_list(v, p.size, False),
    "SymInt[]": lambda p, v, i: _int_list(v, p.size, True),
    "float[]": lambda p, v, i: (isinstance(v, (tuple, list)) and
                                (not v or _is_double(v[0]) or isinstance(v[0], complex)), -1),
    "Scalar[]": lambda p, v, i: (isinstance(v, (tuple, list)) and all(map(_is_scalar, v)), -1),
    "Generator": lambda p, v, i: (_generator(v), -1),
    "bool": lambda p, v, i: (isinstance(v, bool), -1),
    "PyObject": lambda p, v, i: (True, -1),
    "ScalarType": lambda p, v, i: (isinstance(v, DType) or
                                   any(v is t for t in PYTHON_SCALAR_TYPES), -1),
    "Layout": lambda p, v, i: (False, -1),
    "MemoryFormat": lambda p, v, i: (False, -1),
    "Device": lambda p, v, i: (_is_long(v) or isinstance(v, (str, Device)), -1),
    "str": lambda p, v, i: (isinstance(v, str), -1),
}


# ---- a signature, as FunctionSignature parses and checks it ----------------------------------
class Parameter:
    """One formal parameter: `int[1]? dim=None` (FunctionParameter)."""

    __slots__ = ("name", "type", "size", "optional", "allow_none", "keyword_only", "default",
                 "numbers_as_tensors")

    def __init__(self, text: str, keyword_only: bool, numbers_as_tensors: bool) -> None:
        kind, _, rest = text.partition(" ")
        name, eq, default = rest.partition("=")
        self.allow_none = kind.endswith("?") or default == "None"
        kind = kind.rstrip("?")
        size = re.fullmatch(r"(\w+)\[(\d+)\]", kind)
        self.size = int(size.group(2)) if size else 0
        self.type = f"{size.group(1)}[]" if size else kind
        if self.type not in TYPE_NAMES:
            raise ValueError(f"unknown parameter type in {text!r}")
        self.name, self.optional, self.default = name, bool(eq), default if eq else None
        self.keyword_only = keyword_only
        self.numbers_as_tensors = numbers_as_tensors

    def check(self, value, argnum: int) -> tuple[bool, int]:
        if self.type == "Tensor":
            return isinstance(value, Tensor) or (self.numbers_as_tensors and
                                                 _is_scalar(value)), -1
        return CHECKS[self.type](self, value, argnum)

    def __str__(self) -> str:
        shown = f"{TYPE_NAMES[self.type]} {self.name}"
        return f"{shown} = {self.default}" if self.optional else shown


class Signature:
    """One overload: its parameters, and parse(), which binds a call or says why not."""

    def __init__(self, text: str) -> None:
        head, _, flag = text.partition("|")
        self.name, _, params = head.partition("(")
        self.hidden = flag in ("hidden", "deprecated")
        self.deprecated = flag == "deprecated"
        numbers = self.name in NUMBERS_AS_TENSORS
        self.params, keyword_only = [], False
        for item in filter(None, params[:-1].split(", ")):
            if item == "*":
                keyword_only = True
            else:
                self.params.append(Parameter(item, keyword_only, numbers))
        self.min_args = sum(not p.optional for p in self.params)
        self.max_args = len(self.params)
        self.max_pos_args = sum(not p.keyword_only for p in self.params)

    def __str__(self) -> str:
        parts, starred = [], False
        for p in self.params:
            if p.keyword_only and not starred:
                parts.append("*")
                starred = True
            parts.append(str(p))
        return "(" + ", ".join(parts) + ")"

    def parse(self, args: tuple, kwargs: dict, raise_error: bool) -> list | None:
        """FunctionSignature::parse: the parameters the call binds, with their values (None
        when it does not bind; with raise_error, the TypeError that says why not)."""
        nargs, remaining, bound = len(args), len(kwargs), []
        # one positional int list takes its ints one by one: expand(5, 3) is expand((5, 3))
        varargs = self.max_pos_args == 1 and self.params[0].type in ("int[]", "SymInt[]") \
            and _int_list(args, self.params[0].size, True)[0]
        if nargs > self.max_pos_args and not varargs:
            return self._fail(raise_error, self._extra_args, nargs)
        arg_pos = 0
        for i, param in enumerate(self.params):
            is_kwd, value, given = False, None, False
            if arg_pos < nargs:
                if param.keyword_only:
                    return self._fail(raise_error, self._extra_args, nargs)
                value, given = args[arg_pos], True
            else:
                is_kwd = True
                for key in (param.name, *NUMPY_NAMES.get(param.name, ())):
                    if key in kwargs:
                        value, given = kwargs[key], True
                        break
            if (not given and param.optional) or (given and value is None and param.allow_none):
                pass
            elif not given:
                return self._fail(raise_error, self._missing, i)
            else:
                ok, failed = param.check(value, i)
                if not ok:
                    if varargs and arg_pos == 0 and not is_kwd:
                        bound.append((param, args))
                        arg_pos = nargs
                        continue
                    if not raise_error:
                        return None
                    raise self._wrong_type(param, value, is_kwd, arg_pos, failed, args)
                bound.append((param, value))
            if not is_kwd:
                arg_pos += 1
            elif given:
                remaining -= 1
        if remaining > 0:
            return self._fail(raise_error, self._extra_kwargs, kwargs, nargs)
        return bound

    @staticmethod
    def _fail(raise_error: bool, error: Callable, *args) -> None:
        if raise_error:
            raise error(*args)
        return None

    def unpack(self, bound: list) -> None:
        """PythonArgs' conversions: an int list's items after the first, which parse() did not
        look at, must each be an int."""
        for param, value in bound:
            if param.type in ("int[]", "SymInt[]") and isinstance(value, (tuple, list)):
                for i, item in enumerate(value):
                    if not _is_index(item):
                        raise TypeError(
                            f"{self.name}(): argument '{param.name}' failed to unpack the object "
                            f"at pos {i + 1} with error \"type must be tuple of ints,but got "
                            f"{type_name(item)}\"")

    def _wrong_type(self, param, value, is_kwd, arg_pos, failed, args) -> TypeError:
        expected = TYPE_NAMES[param.type]
        if is_kwd:
            return TypeError(f"{self.name}(): argument '{param.name}' must be {expected}, not "
                             f"{type_name(value)}")
        if failed != -1:
            items = value if isinstance(value, (tuple, list)) else args
            return TypeError(f"{self.name}(): argument '{param.name}' (position {arg_pos + 1}) "
                             f"must be {expected}, but found element of type "
                             f"{type_name(items[failed])} at pos {failed}")
        return TypeError(f"{self.name}(): argument '{param.name}' (position {arg_pos + 1}) must "
                         f"be {expected}, not {type_name(value)}")

    def _extra_args(self, nargs: int) -> TypeError:
        if self.min_args != self.max_pos_args:
            return TypeError(f"{self.name}() takes from {self.min_args} to {self.max_pos_args} "
                             f"positional arguments but {nargs} were given")
        most = self.max_pos_args
        return TypeError(f"{self.name}() takes {most} positional argument"
                         f"{'' if most == 1 else 's'} but {nargs} "
                         f"{'was' if nargs == 1 else 'were'} given")

    def _missing(self, index: int) -> TypeError:
        names = [f'"{p.name}"' for p in self.params[index:] if not p.optional]
        # PyTorch's own plural slip: "missing 1 required positional arguments"
        return TypeError(f"{self.name}() missing {len(names)} required positional argument"
                         f"{'s' if len(names) == 1 else ''}: {', '.join(names)}")

    def _extra_kwargs(self, kwargs: dict, nargs: int) -> TypeError:
        names = [p.name for p in self.params]
        for key in kwargs:
            if not isinstance(key, str):
                return TypeError("keywords must be strings")
            if key not in names:
                return TypeError(f"{self.name}() got an unexpected keyword argument '{key}'")
            if names.index(key) < nargs:
                return TypeError(f"{self.name}() got multiple values for argument '{key}'")
        return TypeError("invalid keyword arguments")


class Parser:
    """A function's overloads (PythonArgParser): error() is None when a call binds to one of
    them, else the TypeError PyTorch raises for it."""

    def __init__(self, lines: list[str]) -> None:
        signatures = [Signature(line) for line in lines]
        # deprecated signatures are tried last
        self.signatures = [s for s in signatures if not s.deprecated] + \
            [s for s in signatures if s.deprecated]
        self.name = signatures[0].name

    def error(self, args: tuple, kwargs: dict, owner=None) -> TypeError | None:
        try:
            if len(self.signatures) == 1:
                self.signatures[0].unpack(self.signatures[0].parse(args, kwargs, True))
                return None
            for signature in self.signatures:
                bound = signature.parse(args, kwargs, False)
                if bound is not None:
                    signature.unpack(bound)
                    return None
            return self._print_error(args, kwargs)
        except TypeError as e:
            return e

    def deprecated(self, args: tuple, kwargs: dict) -> tuple[dict, str] | None:
        """A call that binds only a deprecated overload (t.add_(-lr, grad): add_(Scalar alpha,
        Tensor other)), as PyTorch runs it: the arguments by name, for the current overload,
        and the warning PyTorch gives (once a program). None when the call binds no deprecated
        overload, or binds a current one too."""
        if any(not s.deprecated and s.parse(args, kwargs, False) is not None
               for s in self.signatures):
            return None
        for signature in self.signatures:
            bound = signature.parse(args, kwargs, False) if signature.deprecated else None
            if bound is not None:
                current = "".join(f"\n\t{self.name}{s}" for s in self.signatures if not s.hidden)
                return {param.name: value for param, value in bound}, DEPRECATED.format(
                    name=self.name, signature=signature, current=current)
        return None

    def _print_error(self, args: tuple, kwargs: dict) -> TypeError:
        count = len(args) + len(kwargs)
        plausible = [s for s in self.signatures
                     if s.min_args <= count <= s.max_args and not s.hidden]
        if len(plausible) == 1:
            plausible[0].parse(args, kwargs, True)
        options = [str(s) for s in self.signatures if not s.hidden]
        return TypeError(invalid_arguments(args, kwargs, f"{self.name}()", options))


# python_arg_parser.cpp's warning for a deprecated overload (TORCH_WARN_ONCE: one a process)
DEPRECATED = ("This overload of {name} is deprecated:\n\t{name}{signature}\nConsider using one "
              "of the following signatures instead:{current} (Triggered internally at "
              "/__w/pytorch/pytorch/torch/csrc/utils/python_arg_parser.cpp:1841.)")


def warn_deprecated(message: str) -> None:
    """PyTorch warns of the first deprecated overload a process calls, and never again."""
    once.warn_once("deprecated overload", message)


# ---- invalid_arguments.cpp: the listing, from the printed signatures --------------------------
def _matcher(type_text: str, nullable: bool) -> Callable:
    accepted = {"float": ("float", "int", "long"), "int": ("int", "long")}.get(
        type_text, (type_text,))

    def matches(value) -> bool:
        return (nullable and value is None) or type_name(value) in accepted
    return matches


def _parse_option(option: str, kwargs: dict) -> tuple[list, bool, bool, str]:
    """_parseOption: the option's arguments as invalid_arguments.cpp reads the printed
    signature back (by splitting at ", " and at the last space), and the text to print."""
    arguments = []
    for arg in option[1:-1].split(", "):
        nullable = arg[:1] == "["
        if nullable:
            arg = arg[1:-len(" or None]")]
        end = arg.rfind(" ")
        name = arg[end + 1:]
        if "..." in arg:
            end -= 4
        arguments.append((name, _matcher(arg[:end] if end >= 0 else arg, nullable)))
    return arguments, "..." in option, False, option


def _argcount_match(option, args, kwargs) -> bool:
    arguments, variadic, _, _ = option
    got = len(args) + len(kwargs)
    return got == len(arguments) or (variadic and got > len(arguments))


def _described(value) -> str:
    if isinstance(value, (tuple, list)):
        inner = ", ".join(type_name(v) for v in value)
        if isinstance(value, tuple):
            return f"tuple of ({inner}{',' if len(value) == 1 else ''})"
        return f"list of [{inner}]"
    return type_name(value)


def _formatted(option, args, kwargs) -> str:
    arguments, variadic, _, _ = option
    parts = []
    values = list(args) + [kwargs[arguments[i][0]] if arguments[i][0] in kwargs else None
                           for i in range(len(args), len(args) + len(kwargs))]
    for i, value in enumerate(values):
        if i < len(arguments):
            matching = arguments[i][1](value)
        else:
            matching = variadic and arguments[-1][1](value)
        name = f"{arguments[i][0]}=" if i >= len(args) else ""
        text = f"{name}{_described(value)}"
        parts.append(text if matching else f"!{text}!")
    return "(" + ", ".join(parts) + ")"


def _arg_desc(args, kwargs) -> str:
    parts = [type_name(a) for a in args] + [f"{k}={type_name(v)}" for k, v in kwargs.items()]
    if args or not kwargs:
        return "(" + ", ".join(parts) + ")"
    return "(" + "".join(p + ", " for p in parts) + ")"   # the C++ keeps a trailing ", " here


def describe(args, kwargs) -> str:
    """The types of a call's arguments, as PyTorch's messages list them: (Tensor, int, k=str)."""
    return _arg_desc(args, kwargs)


def _unmatched_kwargs(option, kwargs) -> list[str]:
    arguments = option[0]
    start = max(len(arguments) - len(kwargs), 0)
    names = {name for name, _ in arguments[start:]}
    return [k for k in kwargs if k not in names]


def invalid_arguments(args: tuple, kwargs: dict, function: str, options: list[str]) -> str:
    """format_invalid_args: "f() received an invalid combination of arguments - got (...),
    but expected one of: ..." """
    text = f"{function} received an invalid combination of arguments - "
    if len(options) == 1:
        option = _parse_option(options[0], kwargs)
        unmatched = _unmatched_kwargs(option, kwargs) if kwargs else []
        if unmatched:
            return text + "got unrecognized keyword arguments: " + ", ".join(unmatched)
        got = _formatted(option, args, kwargs) if _argcount_match(option, args, kwargs) \
            else _arg_desc(args, kwargs)
        return text + f"got {got}, but expected {option[3]}"
    text += f"got {_arg_desc(args, kwargs)}, but expected one of:\n"
    for printed in options:
        option = _parse_option(printed, kwargs)
        text += f" * {printed}\n"
        if _argcount_match(option, args, kwargs):
            unmatched = _unmatched_kwargs(option, kwargs) if kwargs else []
            if unmatched:
                text += ("      didn't match because some of the keywords were incorrect: " +
                         ", ".join(unmatched) + "\n")
            else:
                text += ("      didn't match because some of the arguments have invalid "
                         f"types: {_formatted(option, args, kwargs)}\n")
    return text


# ---- functions PyTorch writes in Python, and methods that take nothing ------------------------
class PythonSignature:
    """A function PyTorch defines in Python (`def Tensor.norm(self, p='fro', ...)` for a method):
    a call binds as CPython 3.11 binds it, and fails with its words, in its order; the values'
    types are the body's business."""

    def __init__(self, text: str, body: list[str] | None = None) -> None:
        head, _, params = text[len("def "):].partition("(")
        self.name, self.body = head, body or []
        self.positional, self.keyword_only, self.defaults = [], [], {}
        self.positional_only = 0      # how many of the positional ones come before a `/`
        self.more_keywords = False    # a `**kwargs` takes any other keyword
        self.more_positional = False  # a `*args` takes any other positional argument
        target = self.positional
        for item in filter(None, params[:-1].split(", ")):
            if item == "*" or item[0] == "*" != item[1]:
                self.more_positional = item != "*"
                target = self.keyword_only
                continue
            if item == "/":
                self.positional_only = len(self.positional)
                continue
            if item.startswith("**"):
                self.more_keywords = True
                continue
            name, eq, default = item.partition("=")
            target.append(name)
            if eq:
                self.defaults[name] = ast.literal_eval(default)
        # a method's self is bound already: it counts among the positional arguments
        self.bound = 1 if self.positional[:1] in (["self"], ["cls"]) and "." in head else 0

    def error(self, args: tuple, kwargs: dict, owner=None) -> Exception | None:
        wrong = self._binding(args, kwargs)
        if wrong is not None or not self.body:
            return wrong
        values = dict(self.defaults)
        values.update(zip(self.positional, ((owner,) if self.bound else ()) + tuple(args)))
        values.update(kwargs)
        return walk(self.body, values)

    def _binding(self, args: tuple, kwargs: dict) -> TypeError | None:
        n, names = len(args) + self.bound, self.positional
        only = names[:self.positional_only]
        for key in kwargs:
            if key in only or key not in names and key not in self.keyword_only:
                passed = [k for k in kwargs if k in only]
                if passed:
                    return TypeError(f"{self.name}() got some positional-only arguments passed "
                                     f"as keyword arguments: '{', '.join(passed)}'")
                if self.more_keywords:
                    continue
                return TypeError(f"{self.name}() got an unexpected keyword argument '{key}'")
            if key in names[:n]:
                return TypeError(f"{self.name}() got multiple values for argument '{key}'")
        if n > len(names) and not self.more_positional:
            return TypeError(self._too_many(n, kwargs))
        missing = [p for p in names[n:] if p not in self.defaults and p not in kwargs]
        if missing:
            return TypeError(f"{self.name}() missing {_count(missing, 'required positional')}"
                             f": {_listed(missing)}")
        missing = [p for p in self.keyword_only if p not in self.defaults and p not in kwargs]
        if missing:
            return TypeError(f"{self.name}() missing {_count(missing, 'required keyword-only')}"
                             f": {_listed(missing)}")
        return None

    def _too_many(self, n: int, kwargs: dict) -> str:
        most = len(self.positional)
        least = most - len(set(self.defaults) & set(self.positional))
        takes = f"{most} positional argument{'s' if most != 1 else ''}" if least == most else \
            f"from {least} to {most} positional arguments"
        given = sum(1 for k in kwargs if k in self.keyword_only)
        also = f" positional argument{'s' if n != 1 else ''} (and {given} keyword-only " \
               f"argument{'s' if given != 1 else ''})" if given else ""
        return f"{self.name}() takes {takes} but {n}{also} {'was' if n == 1 else 'were'} given"


def _count(names: list[str], kind: str) -> str:
    return f"{len(names)} {kind} argument{'s' if len(names) != 1 else ''}"


def _listed(names: list[str]) -> str:
    quoted = [f"'{n}'" for n in names]
    if len(quoted) <= 2:
        return " and ".join(quoted)
    return ", ".join(quoted[:-1]) + ", and " + quoted[-1]


class FixedArguments:
    """A function bound as METH_NOARGS (`TensorBase.abs()|noargs`) or METH_O
    (`torch._VariableFunctionsClass.from_numpy(ndarray)|onearg`): CPython's words for the
    arguments it refuses, keywords first."""

    def __init__(self, qualname: str, one: bool) -> None:
        self.qualname = qualname
        self.one = one

    def error(self, args: tuple, kwargs: dict, owner=None) -> TypeError | None:
        if kwargs:
            return TypeError(f"{self.qualname}() takes no keyword arguments")
        if self.one and len(args) != 1:
            return TypeError(f"{self.qualname}() takes exactly one argument ({len(args)} given)")
        if not self.one and args:
            return TypeError(f"{self.qualname}() takes no arguments ({len(args)} given)")
        return None


def parser(lines: list[str], body: list[str] | None = None):
    """The parser of one function's declared lines (see the module docstring); `body`, what a
    function written in Python does with its arguments (engine/signatures.py's BODIES)."""
    if lines[0].startswith("def "):
        return PythonSignature(lines[0], body)
    if lines[0].endswith(("|noargs", "|onearg")):
        return FixedArguments(lines[0].partition("(")[0], lines[0].endswith("|onearg"))
    return Parser(lines)


# ---- the bodies of PyTorch's Python functions, walked as far as their arguments decide ---------
COMPARISONS = {"<": operator.lt, ">": operator.gt, "<=": operator.le, ">=": operator.ge}
GUARDS = [
    (re.compile(r"(\w+) is None"), lambda v: v is None),
    (re.compile(r"(\w+) is not None"), lambda v: v is not None),
    (re.compile(r"(\w+) is a str"), lambda v: isinstance(v, str)),
    (re.compile(r"(\w+) is not a str"), lambda v: not isinstance(v, str)),
    (re.compile(r"(\w+) is an int"), lambda v: isinstance(v, int)),
    (re.compile(r"(\w+) is not an int"), lambda v: not isinstance(v, int)),
    (re.compile(r"(\w+) is a Tensor"), lambda v: isinstance(v, Tensor)),
    (re.compile(r"(\w+) is not a Tensor"), lambda v: not isinstance(v, Tensor)),
    (re.compile(r"not (\w+)"), lambda v: not v),
    (re.compile(r"(\w+)"), bool),
]
STOP = object()   # a step after which the function raises an error of its own


def walk(steps: list[str], values: dict) -> Exception | None:
    """The error the first step that fails raises, or None when none does."""
    for step in steps:
        text, _, guard = step.partition(" if ")
        try:
            if guard and not all(_holds(g, values) for g in guard.split(" and ")):
                continue
            outcome = _step(text, values)
        except Exception as e:   # what Python raises running the body: bool(t), a comparison
            return e
        if outcome is STOP:
            return None
        if outcome is not None:
            return outcome
    return None


def _holds(guard: str, values: dict) -> bool:
    for pattern, test in GUARDS:
        match = pattern.fullmatch(guard)
        if match:
            return test(values[match.group(1)])
    raise ValueError(f"unknown condition {guard!r}")


def _value(text: str, values: dict):
    return values[text] if text in values else ast.literal_eval(text)


def _call_arguments(text: str, values: dict) -> tuple[tuple, dict]:
    args, kwargs = [], {}
    for item in filter(None, text.split(", ")):
        key, eq, value = item.partition("=")
        if eq:
            kwargs[key] = _value(value, values)
        else:
            args.append(_value(item, values))
    return tuple(args), kwargs


def _attribute(value, name: str) -> AttributeError | None:
    """Python's AttributeError for `value.name`, which only a tensor has."""
    if isinstance(value, Tensor):
        return None
    return AttributeError(f"'{type_name(value)}' object has no attribute '{name}'")


def _step(text: str, values: dict):
    compared = re.fullmatch(r"(\S+) (<=|>=|<|>) (\S+)", text)
    if compared:
        a, b = _value(compared.group(1), values), _value(compared.group(3), values)
        try:
            result = COMPARISONS[compared.group(2)](a, b)
        except TypeError:
            return TypeError(f"'{compared.group(2)}' not supported between instances of "
                             f"'{type_name(a)}' and '{type_name(b)}'")
        return STOP if result else None
    if text.startswith("iter "):
        value = values[text[5:]]
        try:
            iter(value)
        except TypeError:
            return TypeError(f"'{type_name(value)}' object is not iterable")
        return None
    call = re.fullmatch(r"(?:(\w+)\.)?(\w+)(?:\((.*)\))?", text)
    owner, name, arguments = call.groups()
    if arguments is None:                      # x.size: an attribute read
        return _attribute(values[owner], name)
    args, kwargs = _call_arguments(arguments, values)
    if owner is None:
        return parser_for("native", name).error(args, kwargs)
    if owner == "torch":
        return parser_for("torch", name).error(args, kwargs)
    tensor = values[owner]                     # x.method(...): a method of the argument
    return _attribute(tensor, name) or parser_for("Tensor", name).error(args, kwargs, tensor)


# ---- the declared signatures, read on first need ----------------------------------------------
_DECLARED: dict[str, dict[str, list[str]]] = {}
_BODIES: dict[tuple[str, str], list[str]] = {}
_PARSERS: dict[tuple[str, str], object] = {}


def _joined(sheet: str) -> list[str]:
    """A sheet's lines, each with the indented lines that continue it."""
    joined: list[str] = []
    for line in sheet.strip("\n").split("\n"):
        if line[:1] == " " and joined:
            joined[-1] += " " + line.strip()
        elif line.strip():
            joined.append(line)
    return joined


def _read(sheet: str) -> dict[str, list[str]]:
    """A sheet's lines by the public name they serve (see engine/signatures.py)."""
    from .signatures import OPTIONS
    table: dict[str, list[str]] = {}
    for line in _joined(sheet):
        names, colon, declared = line.partition(": ")
        if not colon or "(" in names:
            declared = line
            own = declared.removeprefix("def ").partition("(")[0]
            names = own.rpartition(".")[2]
        for name in names.split(", "):
            table.setdefault(name, []).append(declared.replace("{options}", OPTIONS))
    return table


def _as_method(lines: list[str]) -> list[str]:
    """torch.<name>'s overloads as Tensor.<name>'s: each that takes a Tensor `input` (or
    `self`), without it and without `out`; a method left with no parameter takes none."""
    methods = []
    for line in lines:
        if line.startswith("def "):
            return []
        head, _, flag = line.partition("|")
        name, _, params = head.partition("(")
        items = params[:-1].split(", ") if params[:-1] else []
        selfs = [i for i, p in enumerate(items) if re.fullmatch(r"Tensor (input|self)", p)]
        if not selfs:
            continue
        kept = [p for i, p in enumerate(items)
                if i != selfs[0] and not re.fullmatch(r"\S+ out(=None)?", p)]
        if kept[-1:] == ["*"]:
            kept.pop()
        methods.append(f"{name}({', '.join(kept)})" + (f"|{flag}" if flag else ""))
    if len(methods) == 1 and methods[0].endswith("()"):
        return [f"TensorBase.{methods[0]}|noargs"]
    return methods


def declared(namespace: str, name: str) -> list[str]:
    """The declared lines of a public function: namespace "torch", "torch.nn.functional",
    "torch.autograd", or "Tensor" for a method."""
    if not _DECLARED:
        from .signatures import BODIES, SHEETS
        _DECLARED.update({ns: _read(sheet) for ns, sheet in SHEETS.items()})
        for line in _joined(BODIES):
            where, _, steps = line.partition(": ")
            _BODIES[tuple(where.rsplit(".", 1))] = steps.split("; ")
    lines = _DECLARED.get(namespace, {}).get(name)
    if lines is None and namespace == "Tensor":
        lines = _as_method(_DECLARED["torch"].get(name, []))
    return lines or []


def parser_for(namespace: str, name: str):
    """The parser of a public function's declared signatures, or None if it has none."""
    key = (namespace, name)
    if key not in _PARSERS:
        lines = declared(namespace, name)
        _PARSERS[key] = parser(lines, _BODIES.get(key)) if lines else None
    return _PARSERS[key]
