"""Meta-commands: the table, each built-in command, and register() for other modules."""
from __future__ import annotations

import io
import re

import pytest

from gradcli import i18n
from gradcli.interpret import modules
from gradcli.render import layout
from gradcli.render.console import RichRenderer
from gradcli.repl.session import Session
from gradcli.repl import command_table

from ..conftest import run_cli


def test_vars_is_a_table_of_what_autograd_knows(seen):
    seen.push("x = ones(2, 2, grad)", "y = (x * 2).sum()", "n = 3", "i = tensor([1, 2])",
              ":vars")
    lines = [line.rstrip() for line in seen.out.splitlines()]
    assert lines[0].split() == ["name", "shape", "dtype", "requires_grad", "is_leaf", "grad_fn"]
    assert set(lines[1]) == {"─"}
    assert lines[2:6] == [
        "x      [2, 2]   torch.float32   True            True",
        "y      []       torch.float32   True            False     SumBackward0",
        "n               int",
        "i      [2]      torch.int64     False           True",
    ]


def test_vars_without_variables_says_so(seen):
    seen.push(":vars")
    assert (seen.out, seen.err) == ("", "no variables yet\n")


def test_reset_forgets_variables_last_value_and_inputs(seen):
    seen.push("x = ones(2)", "7", ":reset", "x")
    assert "NameError: name 'x' is not defined" in seen.err
    seen.push("_")
    assert "NameError: name '_' is not defined" in seen.err
    assert seen.session.inputs == []


def test_save_writes_a_script_that_gradcli_run_runs_again(seen, tmp_path):
    script = tmp_path / "session.grad"
    seen.push("x = ones(2, grad)", "y = (x * 3).sum()", "oops(", ")", "y.backward()",
              "for i in range(2):", "    print(i, x.grad)", "", f":save {script}")
    assert script.read_text() == ("x = ones(2, grad)\ny = (x * 3).sum()\ny.backward()\n"
                                  "for i in range(2):\n    print(i, x.grad)\n")
    assert seen.err.endswith(f"4 inputs saved to {script}\n")
    r = run_cli(["run", str(script)])
    assert (r.status, r.out) == (0, "0 tensor([3., 3.])\n1 tensor([3., 3.])\n")


def test_save_keeps_what_an_input_that_stopped_had_done(seen, tmp_path):
    # the session goes on with what ran before the error: the saved script must too
    script = tmp_path / "session.grad"
    seen.push("a = 1; b = undefined; c = 2", "total = 0",
              "for i in range(5):\n    total += i\n    if i == 3: nope()\n", "",
              "print(a, total)", f":save {script}")
    assert seen.out == "1 6\n"
    assert script.read_text() == (
        "a = 1\ntotal = 0\ntry:   # in the session this stopped with NameError\n"
        "    for i in range(5):\n        total += i\n        if i == 3: nope()\n"
        "except Exception:\n    pass\nprint(a, total)\n")
    r = run_cli(["run", str(script)])
    assert (r.status, r.out, r.err) == (0, "1 6\n", "")


def test_load_runs_a_file_into_the_session_as_a_script(seen, tmp_path):
    script = tmp_path / "lib.grad"
    script.write_text("w = ones(3, grad)\nw * 2\nprint('loaded')\n")
    seen.push(f":load {script}", "w.sum()")
    assert seen.out == "loaded\ntensor(3., grad_fn=<SumBackward0>)\n"
    assert seen.session.inputs[0] == script.read_text()


def test_load_reports_the_files_error_with_its_name_and_line(seen, tmp_path):
    script = tmp_path / "bad.grad"
    script.write_text("a = 1\nb = a.backward()\n")
    seen.push(f":load {script}", "a")
    assert f'File "{script}", line 2' in seen.err
    assert seen.out == "1\n"


@pytest.mark.parametrize("line, complaint", [
    (":load", ":load needs FILE"),
    (":save", ":save needs FILE"),
    (":load /nonexistent/x.grad", "cannot read /nonexistent/x.grad: No such file or directory"),
    (":save /nonexistent/x.grad", "cannot write /nonexistent/x.grad: No such file or directory"),
    (":frobnicate", "unknown command :frobnicate (:help lists them)"),
    (":lang fr", "unknown language fr: choose en, zh"),
])
def test_a_command_that_cannot_work_says_why(seen, line, complaint):
    assert seen.push(line) is False
    assert seen.err == complaint + "\n"


def test_lang_switches_gradcli_words_not_pytorchs(seen):
    seen.push(":lang zh", "tensor([1, 2], requires_grad=True)")
    assert seen.err.splitlines() == [
        "gradcli 现在使用中文",
        "RuntimeError: Only Tensors of floating point and complex dtype can require gradients",
        "    tensor([1, 2], requires_grad=True)",
        "    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        "提示：只有浮点张量才有梯度：把 `1` 写成 `1.`，或传入 `dtype=torch.float32`。",
    ]


def test_quit_ends_the_session(seen):
    with pytest.raises(command_table.Quit):
        seen.push(":quit")


def test_help_covers_the_language_the_builtins_and_every_command(seen):
    seen.push(":help")
    text = " ".join(seen.out.split())
    for words in ("The language", "Builtins", "Meta-commands", "ones", "requires_grad",
                  "backward"):
        assert words in text
    for name, command in command_table.COMMANDS.items():
        assert f":{name} {command.usage}".strip() in text
        assert " ".join(i18n.t(command.help).split()) in text


def test_help_names_every_module_a_program_can_import(seen):
    # a module the registry offers and :help leaves out would not be found; one named there
    # that cannot be imported would mislead
    seen.push(":help")
    text = " ".join(seen.out.split())
    listed = re.search(r"import: (.*?) Meta-commands", text).group(1).split(", ")
    assert listed == sorted(modules.MODULES)


@pytest.mark.parametrize("lang, columns", [("en", 50), ("zh", 50), ("zh", 80), ("zh", 37)])
def test_help_breaks_its_prose_between_words_never_inside_one(seen, lang, columns):
    # Chinese may break between any two of its characters; an English word or a piece of code
    # inside it (assert, requires_grad=True) stays whole
    out = io.StringIO()
    session = Session(RichRenderer(out, io.StringIO(), colour=False, width=columns))
    session.push(f":lang {lang}")
    session.push(":help")
    lines = out.getvalue().splitlines()
    ascii_words = {w for line in lines for w in re.findall(r"[A-Za-z_]+", line)}
    keys = ["repl.help.language", "repl.help.keys"] + [c.help for c in command_table.COMMANDS.values()]
    for key in keys:
        assert set(re.findall(r"[A-Za-z_]+", i18n.t(key))) <= ascii_words, key
    assert max(map(layout.width, lines)) <= columns
    assert not any(line.lstrip().startswith(("，", "。", "）", "、", "；")) for line in lines)
    assert "…" not in out.getvalue()   # nothing cut short


def test_register_adds_a_command_in_one_line(seen, monkeypatch):
    monkeypatch.setattr(command_table, "COMMANDS", dict(command_table.COMMANDS))
    i18n.register({"en": {"test.cmd.shout": "say the argument louder"}})
    command_table.register("shout", lambda s, arg: s.renderer.out(arg.upper() + "\n"),
                      "test.cmd.shout", usage="WORDS")
    seen.push(":shout hello there", ":help")
    assert seen.out.startswith("HELLO THERE\n")
    assert ":shout WORDS" in seen.out and "say the argument louder" in seen.out


def test_a_colon_inside_an_input_is_code_not_a_command(seen):
    assert seen.push("[1, 2, 3][1") is True
    assert seen.push(":]") is False
    assert seen.out == "[2, 3]\n"


def test_every_meta_command_is_described_in_both_languages():
    from gradcli.repl.command_table import COMMANDS
    for command in COMMANDS.values():
        for lang in i18n.LANGUAGES:
            assert i18n._catalogs[lang].get(command.help), (lang, command.name)


def test_help_on_an_unknown_meta_command(seen):
    seen.push(":help :nope")
    assert seen.err == "unknown command :nope (:help lists them)\n"
