"""The grammar: what parses to what, what is incomplete, and the errors with their places."""
from __future__ import annotations

from itertools import product

import pytest

from gradcli.errors import IncompleteInput, ProgramSyntaxError
from gradcli.syntax import ast as A
from gradcli.syntax import parse


def only(source: str):
    (stmt,) = parse(source).body
    return stmt


@pytest.mark.parametrize("source, kind", [
    ("x = 1", A.Assign), ("a, b = 1, 2", A.Assign), ("x.data *= 100", A.AugAssign),
    ("x[0, 1:] = 2", A.Assign), ("import torch", A.Import),
    ("import torch.nn.functional as F", A.Import), ("from torch import nn", A.FromImport),
    ("with torch.no_grad():\n    y = x", A.With), ("for i in range(3):\n    pass", A.For),
    ("while x:\n    break", A.While), ("if a:\n    pass\nelif b:\n    pass\nelse:\n    pass", A.If),
    ("def f(a, b=2):\n    return a", A.FunctionDef), ("x.backward()", A.ExprStmt),
    ("del a, b.c, d[0],", A.Delete), ("del [a, (b, c)]", A.Delete),
    # CPython only warns of a number run into one of these keywords
    ("x = 1if y else 0o7and 2", A.Assign),
])
def test_statements(source, kind):
    assert type(only(source)) is kind


@pytest.mark.parametrize("source, value", [
    ("1e-3", 1e-3), ("1.", 1.0), ("0x1F", 31), ("1_000", 1000), ("'a' 'b'", "ab"),
    ("True", True), ("None", None), ("...", Ellipsis), ('"""x"""', "x"), ("r'\\n'", "\\n"),
])
def test_literals(source, value):
    assert only(source).value.value == value


@pytest.mark.parametrize("source, shape", [
    ("-x ** 2", "(- (x ** 2))"),
    ("a + b * c", "(a + (b * c))"),
    ("a @ b + c", "((a @ b) + c)"),
    ("a // b ** -1", "(a // (b ** (- 1)))"),
    ("not a and b or c", "(((not a) and b) or c)"),
    ("a < b <= c", "(a < b <= c)"),
    ("a if b else c", "(a if b else c)"),
    ("x & y | z", "((x & y) | z)"),
    ("a is not b", "(a is not b)"),
    ("a not in b", "(a not in b)"),
])
def test_precedence(source, shape):
    assert show(only(source).value) == shape


def show(e) -> str:
    if isinstance(e, A.Name):
        return e.id
    if isinstance(e, A.Constant):
        return repr(e.value)
    if isinstance(e, A.BinOp):
        return f"({show(e.left)} {e.op} {show(e.right)})"
    if isinstance(e, A.BoolOp):
        return f"({show(e.left)} {e.op} {show(e.right)})"
    if isinstance(e, A.UnaryOp):
        return f"({e.op} {show(e.operand)})"
    if isinstance(e, A.Not):
        return f"(not {show(e.operand)})"
    if isinstance(e, A.Compare):
        parts = [show(e.left)] + [f"{o} {show(c)}" for o, c in zip(e.ops, e.comparators)]
        return "(" + " ".join(parts) + ")"
    if isinstance(e, A.IfExp):
        return f"({show(e.body)} if {show(e.test)} else {show(e.orelse)})"
    raise AssertionError(type(e))


def test_fstring_parts():
    e = only('f"{loss.item():.4f} at {i!r:>3} {{}}"').value
    assert isinstance(e, A.FString)
    assert [p for p in e.parts if isinstance(p, str)] == [" at ", " {}"]
    values = [p for p in e.parts if isinstance(p, A.FormattedValue)]
    assert values[0].spec.parts == (".4f",) and values[1].conversion == "r"


def test_starred_arguments():
    call = only("torch.zeros(*shape, dtype=d)").value
    assert isinstance(call.args[0], A.Starred) and call.keywords[0][0] == "dtype"


def test_spans_point_at_the_source():
    call = only("y = torch.ones(2)").value
    assert (call.span.line, call.span.col, call.span.end_col) == (1, 5, 18)


@pytest.mark.parametrize("source", ["with x:", "f(1,", "x = [1,\n2", "s = '''abc", "if x:\n"])
def test_incomplete_input_is_its_own_outcome(source):
    with pytest.raises(IncompleteInput):
        parse(source, interactive=True)


@pytest.mark.parametrize("source, message, line, col, kind", [
    (*case, "SyntaxError") if len(case) == 4 else case for case in [
    ("x = = 2", "invalid syntax", 1, 5),
    ("x = 1 +", "invalid syntax", 1, 8),
    ("if x:\ny = 1", "expected an indented block after 'if' statement on line 1", 2, 1,
     "IndentationError"),
    ("if x:\n    a\n  b", "unindent does not match any outer indentation level", 3, 3,
     "IndentationError"),
    ("x = 1\n    y = 2", "unexpected indent", 2, 5, "IndentationError"),
    ("# a comment\n  x = 1", "unexpected indent", 2, 3, "IndentationError"),
    ("f(a=1, 2)", "positional argument follows keyword argument", 1, 8),
    ("1 = x", "cannot assign to literal here. Maybe you meant '==' instead of '='?", 1, 1),
    # CPython asks about '==' only of one target before one '=' (invalid_named_expression)
    ("True = 1", "cannot assign to True", 1, 1),
    ("x = f() = 1", "cannot assign to function call", 1, 5),
    ("a, f() = 1, 2", "cannot assign to function call here. Maybe you meant '==' instead of "
     "'='?", 1, 4),
    ("(a, f()) = 1, 2", "cannot assign to function call", 1, 5),
    ("for 1 in x:\n    pass", "cannot assign to literal", 1, 5),
    ("x == 1 = 2", "cannot assign to comparison", 1, 1),
    ("a, b += 1", "'tuple' is an illegal expression for augmented assignment", 1, 1),
    ("f() += 1", "'function call' is an illegal expression for augmented assignment", 1, 1),
    ("s = 'abc", "unterminated string literal (detected at line 1)", 1, 5),
    ('s = """abc\n\n', "unterminated triple-quoted string literal (detected at line 2)", 1, 5),
    # CPython's tokenizer passes ASCII it does not know to the parser; others are its error
    ("x = $", "invalid syntax", 1, 5),
    ("!pip install d2l", "invalid syntax", 1, 1),
    ("x = 1 \uff0c 2", "invalid character '\uff0c' (U+FF0C)", 1, 7),
    ("y = (x +\nprint(y)", "'(' was never closed", 1, 5),
    # a tokenizer error anywhere in the file is reported over a generic "invalid syntax"
    ("net = f(1,\n        2\nX = 3\n", "'(' was never closed", 1, 8),
    ("a b\nprint(1))", "unmatched ')'", 2, 9),
    ("x = (1,\n 2]", "closing parenthesis ']' does not match opening parenthesis '(' on line 1",
     2, 3),
    # CPython's own words for two common slips
    ("for i in x\n    pass", "expected ':'", 1, 11),
    ("print x.grad", "Missing parentheses in call to 'print'. Did you mean print(...)?", 1, 7),
    # a file that ends early: its last line, column 0 (no caret), as CPython reports it
    ("def f(x):", "expected an indented block after function definition on line 1", 1, 0,
     "IndentationError"),
    ("if x:\n    pass\nelse:  # c\n\n",
     "expected an indented block after 'else' statement on line 3", 4, 0, "IndentationError"),
    ("try:\n    pass\n# c", "expected 'except' or 'finally' block", 3, 0),
    ("try:\n    pass\nx = 1", "expected 'except' or 'finally' block", 3, 1),
    ("@d\ndef f(a,\n      b):\nreturn 1",
     "expected an indented block after function definition on line 2", 4, 1, "IndentationError"),
    ("def f(a=1, b):\n  pass", "non-default argument follows default argument", 1, 12),
    ("x = b'raw'", "bytes literals are not supported", 1, 5),
    ("f'{}'", "f-string: valid expression required before '}'", 1, 1),
    ("f(/x)", "invalid syntax", 1, 3),
    # two of CPython's invalid_ rules, for slips learners make
    ("print(1 2)", "invalid syntax. Perhaps you forgot a comma?", 1, 7),
    ("w = torch.tensor([1. 2.], requires_grad=True)",
     "invalid syntax. Perhaps you forgot a comma?", 1, 19),
    ("f(x for x in y z)", "invalid syntax", 1, 16),
    ("f(x 'a')", "invalid syntax", 1, 5),
    ("x = [1, 2\ny = 3", "'[' was never closed", 1, 5),
    ("if x = 1:\n    pass", "invalid syntax. Maybe you meant '==' or ':=' instead of '='?", 1, 4),
    ("x = *y", "invalid syntax", 1, 7),
    ("x = 1 if 2", "expected 'else' after 'if' expression", 1, 5),
    ("print(x if y, 3)", "expected 'else' after 'if' expression", 1, 7),
    ("def f():\n    return 1 if 2", "expected 'else' after 'if' expression", 2, 12),
    ("x = {1: 2, 3}", "':' expected after dictionary key", 1, 12),
    ("d = {'lr': 0.1,\n     'momentum'}", "':' expected after dictionary key", 2, 15),
    ("x = {1: }", "expression expected after dictionary key and ':'", 1, 7),
    ("del 1", "cannot delete literal", 1, 5),
    ("del f()", "cannot delete function call", 1, 5),
    ("del (a, 1)", "cannot delete literal", 1, 9),
    # a bracket never closed is CPython's report only when the parser stops on a later line
    ("def f(:\n    pass", "invalid syntax", 1, 7),
    # numbers as CPython's tokenizer reads them (a caret where its read position stands)
    ("y = 2x + 1", "invalid decimal literal", 1, 5),
    ("x = 5kg", "invalid decimal literal", 1, 5),
    ("x = 1.e", "invalid decimal literal", 1, 6),
    ("x = 1e+", "invalid decimal literal", 1, 7),
    ("x = 0b102", "invalid digit '2' in binary literal", 1, 9),
    ("x = 0o8", "invalid digit '8' in octal literal", 1, 7),
    ("x = 0x", "invalid hexadecimal literal", 1, 6),
    ("n = 007", "leading zeros in decimal integer literals are not permitted; use an 0o prefix "
     "for octal integers", 1, 5),
    ("x = 3.14.15", "invalid syntax", 1, 9),
    ("x = a\u00b2b", "invalid character '\u00b2' (U+00B2)", 1, 6),
    ("x = 1\u00a0+ 2", "invalid non-printable character U+00A0", 1, 6),
    # what gradcli does not take yet is named, at its line
    ("x = 1\nmatch x:\n    case 1:\n        pass",
     "gradcli does not support the 'match' statement yet", 2, 1),
    ("async def f():\n    pass", "gradcli does not support 'async' functions and statements yet",
     1, 1),
    ("def f():\n    y = await g()", "gradcli does not support 'await' yet", 2, 5),
    ("type Vector = list", "gradcli does not support the 'type' statement yet", 1, 1),
    ("def first[T](xs):\n    return xs[0]", "gradcli does not support type parameters ('[T]') yet",
     1, 1),
    ("if (n := len(a)) > 2:\n    pass",
     "gradcli does not support assignment expressions (':=') yet", 1, 1),
    ("match(x) = 3", "cannot assign to function call here. Maybe you meant '==' instead of "
     "'='?", 1, 1),
]])
def test_syntax_errors(source, message, line, col, kind):
    with pytest.raises(ProgramSyntaxError) as info:
        parse(source, "t.grad")
    e = info.value
    assert (e.message, e.span.line, e.span.col, e.kind) == (message, line, col, kind)


@pytest.mark.parametrize("source, hint", [
    ("x = = 2", "unexpected '=', expected an expression"),
    ("x = 1 +", "unexpected end of line, expected an expression"),
    ("%matplotlib inline", "unexpected '%'"),
    ("!pip install d2l", "unexpected '!'"),
    ("f(/x)", "unexpected '/'"),
    ("print(1))", ""),   # CPython's own words ("unmatched ')'") need no hint
])
def test_what_the_parser_met_is_a_hint_below_cpythons_words(source, hint):
    with pytest.raises(ProgramSyntaxError) as info:
        parse(source, "t.grad")
    assert info.value.hint == hint


# Indents of tabs and spaces, put in the three slots of each program below: every variant must
# be a TabError on the line CPython's own compile() names, or no TabError when it finds none. A
# tab reaches the next multiple of 8 or counts 1; an indent is consistent when both measures
# order it alike, and only indents that start logical lines at bracket depth 0 count.
INDENTS = ["", " ", "  ", "\t", " \t", "\t ", "\t  ", "        ", "\t\t", "    \t", "\t    "]
TAB_PROGRAMS = {
    "nested": "if 1:\n{}if 1:\n{}x = 1\n{}y = 2\n",
    "brackets": "if 1:\n{}x = (1,\n{}2)\n{}y = 2\n",
    "comment": "if 1:\n{}x = 1\n\n{}# c\n{}y = 2\n",
    "string": "if 1:\n{}x = '''\n{}'''\n{}y = 2\n",
    "continuation": "if 1:\n{}x = 1 + \\\n{}2\n{}y = 2\n",
}


def tab_error_line(source: str) -> int | None:
    try:
        parse(source, "t.grad")
    except ProgramSyntaxError as e:
        return e.span.line if e.kind == "TabError" else None
    return None


def cpython_tab_error_line(source: str) -> int | None:
    try:
        compile(source, "t.py", "exec")
    except TabError as e:
        return e.lineno
    except SyntaxError:
        return None
    return None


@pytest.mark.parametrize("template", TAB_PROGRAMS.values(), ids=TAB_PROGRAMS)
def test_tab_errors_are_cpythons(template):
    verdicts = [(s, tab_error_line(s), cpython_tab_error_line(s))
                for s in (template.format(*indents) for indents in product(INDENTS, repeat=3))]
    assert [v for v in verdicts if v[1] != v[2]] == []
    assert any(v[2] for v in verdicts)     # the variants do include TabErrors


@pytest.mark.parametrize("source", [
    # a form feed starts the indent's count again, as CPython's tokenizer does
    "if True:\n\f    x = 1\n  \f    y = 2\n\f\nprint(x, y)",
    "if True:\n    x = 1\n    \f  y = 2\nprint(y)",
    # identifiers are read in NFKC
    "ｐｒｉｎｔ('nfkc')\nclass A:\n    ｆｉｅｌｄ = 3\nprint(A.field, A().ｆｉｅｌｄ, f'{A.ｆｉｅｌｄ!a}')",
])
def test_lexing_is_pythons(source):
    import contextlib
    import io
    from ..conftest import run_cli
    expected = io.StringIO()
    try:
        with contextlib.redirect_stdout(expected):
            exec(compile(source, "prog.grad", "exec"), {})
        python = (0, expected.getvalue(), "")
    except SyntaxError as e:
        python = (1, "", f"{type(e).__name__}: {e.msg}")
    r = run_cli(["-e", source])
    assert (r.status, r.out, r.error_line if r.status else "") == python, r.err


def test_adjacent_string_literals_join_in_linear_time():
    import time

    def parse_time(n: int) -> float:
        source = "s = (\n" + "".join(f"    'line {i}'\n" for i in range(n)) + ")\n"
        start = time.process_time()
        assert len(parse(source).body[0].value.value) == sum(len(f"line {i}") for i in range(n))
        return time.process_time() - start
    # quadratic joining made 8 times the literals cost 64 times the time
    assert parse_time(40_000) < 20 * max(parse_time(5_000), 0.005)
