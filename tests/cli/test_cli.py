"""The command line as a user meets it: a real process, its output and its exit status."""
from __future__ import annotations

import subprocess

import pytest

from ..conftest import gradcli_command, run_cli, subprocess_env

SEED = "x = ones(2,2, grad); y = x+2; out = mean(y*y*3); backward(out); x.grad"


def gradcli(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(gradcli_command() + list(args), input=stdin, capture_output=True,
                          text=True, env=subprocess_env(), timeout=60)


def test_pipe_echoes_expression_values():
    p = gradcli(stdin=SEED)
    assert (p.returncode, p.stdout, p.stderr) == (
        0, "tensor([[4.5000, 4.5000],\n        [4.5000, 4.5000]])\n", "")


def test_eval_echoes():
    p = gradcli("-e", "ones(2)*3")
    assert (p.returncode, p.stdout) == (0, "tensor([3., 3.])\n")


def test_run_prints_only_what_print_writes(tmp_path):
    script = tmp_path / "s.grad"
    script.write_text("x = ones(2)\nx * 2\nprint(x + 1)\n")
    p = gradcli("run", str(script))
    assert (p.returncode, p.stdout) == (0, "tensor([2., 2.])\n")


def test_syntax_error_exits_1_and_names_its_line(tmp_path):
    script = tmp_path / "bad.grad"
    script.write_text("x = ones(2)\ny = (x +\nprint(y)\n")
    p = gradcli("run", str(script))
    assert p.returncode == 1
    assert f'File "{script}", line 2' in p.stderr
    assert p.stderr.splitlines()[-1] == "SyntaxError: '(' was never closed"
    assert "Traceback" not in p.stderr


def test_runtime_error_keeps_pytorch_text_and_output_before_it(tmp_path):
    script = tmp_path / "err.grad"
    script.write_text("print(1)\nx = torch.ones(2)\nx.backward()\nprint(2)\n")
    p = gradcli("run", str(script))
    assert (p.returncode, p.stdout) == (1, "1\n")
    assert p.stderr.endswith("RuntimeError: element 0 of tensors does not require grad and "
                             "does not have a grad_fn\n")
    assert "    x.backward()\n    ^^^^^^^^^^^^\n" in p.stderr


# ---- in-process: the same paths without a process per case ------------------------------------
@pytest.mark.parametrize("args", [["--bogus"], ["run"], ["frobnicate"], ["--color", "pink"]])
def test_bad_command_line_exits_2(args, capsys):
    assert run_cli(args).status == 2
    assert "usage: gradcli" in capsys.readouterr().err   # argparse writes to sys.stderr


def test_missing_script_exits_2(tmp_path):
    r = run_cli(["run", str(tmp_path / "nope.grad")])
    assert r.status == 2
    assert "cannot read" in r.err


def test_version_and_help(capsys):
    assert run_cli(["--version"]).status == 0
    assert capsys.readouterr().out.startswith("gradcli ")
    assert run_cli(["--help"]).status == 0
    assert "run" in capsys.readouterr().out


@pytest.mark.parametrize("source, out", [
    ("1 + 2", "3\n"),
    ("x = 5", ""),
    ("'a' * 2", "'aa'\n"),
    ("None", ""),
    ("print('hi'); 7", "hi\n7\n"),
    ("[ones(1), zeros(())]", "[tensor([1.]), tensor(0.)]\n"),
])
def test_echo(source, out):
    r = run_cli(["-e", source])
    assert (r.status, r.out, r.err) == (0, out, "")


def test_nonleaf_grad_warning_goes_to_stderr_once_per_line(tmp_path):
    script = tmp_path / "w.grad"
    script.write_text("a = torch.ones(2, requires_grad=True)\nb = a * 2\n"
                      "for i in range(3):\n    print(b.grad)\n")
    r = run_cli(["run", str(script)])
    assert r.out == "None\nNone\nNone\n"
    assert r.err.count("UserWarning: The .grad attribute of a Tensor that is not a leaf") == 1
    assert f"{script}:4: UserWarning:" in r.err
    assert r.err.endswith("\n  print(b.grad)\n")


def test_invalid_utf8_is_a_syntax_error_naming_the_line(tmp_path):
    script = tmp_path / "bytes.grad"
    script.write_bytes(b"x = 1\ny = '\xff'\n")
    r = run_cli(["run", str(script)])
    assert r.status == 1
    assert "line 2" in r.err and r.error_line.startswith("SyntaxError: ")


@pytest.mark.parametrize("args", [[], ["run", "-"]], ids=["echo", "run_stdin"])
def test_invalid_utf8_on_stdin_is_the_error_a_file_gives(tmp_path, args):
    data = b"x = 1\ny = '\xff'\n"
    script = tmp_path / "bytes.grad"
    script.write_bytes(data)
    p = subprocess.run(gradcli_command() + args, input=data, capture_output=True,
                       env=subprocess_env(), timeout=60)
    assert p.returncode == 1
    assert p.stderr.decode().replace("<stdin>", str(script)) == run_cli(["run", str(script)]).err


def test_nul_byte_is_a_syntax_error(tmp_path):
    script = tmp_path / "nul.grad"
    script.write_bytes(b"x = 1\x00\n")
    r = run_cli(["run", str(script)])
    assert (r.status, r.error_line) == (1, "SyntaxError: source code cannot contain null bytes")


SCRIPT_NAMES = ("['__annotations__', '__builtins__', '__cached__', '__doc__', '__file__', "
                "'__loader__', '__name__', '__package__', '__spec__']\n")
TYPED_NAMES = ("['__annotations__', '__builtins__', '__doc__', '__loader__', '__name__', "
               "'__package__', '__spec__']\n")


@pytest.mark.parametrize("argv, stdin, names", [
    (["run", "-"], "print(dir())\n", SCRIPT_NAMES),   # python3 - < file: a script
    (["-e", "print(dir())"], "", TYPED_NAMES),          # python3 -c: no file
    ([], "print(dir())\n", TYPED_NAMES),                # typed (echoed): Python's REPL
])
def test_dir_names_a_file_only_where_python_has_one(argv, stdin, names):
    assert run_cli(argv, stdin).out == names
