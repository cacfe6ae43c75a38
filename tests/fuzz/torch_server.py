"""Run programs under real PyTorch, many per process: one JSON request a line in, one answer out.

Started by tests/fuzz/differential.py with a python that has torch (the `torch-check` extra, or
/work/torchenv): importing torch takes a second, running a fuzzed program a millisecond, so one
process serves a whole run. Each request is {"source": text}; each answer is {"out": stdout,
"error": the final traceback line ("" when the program ran cleanly)}, as record.py would record
it: the program runs as a script (__name__ == "__main__"), in a fresh namespace, seeded.
This file imports only the standard library and torch: it never runs inside gradcli's venv.
"""
import contextlib
import io
import json
import sys
import traceback
import warnings


def run(source: str) -> dict:
    import torch

    torch.manual_seed(0)
    out = io.StringIO()
    error = ""
    namespace = {"__name__": "__main__", "__builtins__": __builtins__}
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # stderr is not compared; keep the pipe quiet
        try:
            exec(compile(source, "<program>", "exec"), namespace)
        except BaseException as e:  # the program's error, whatever it is, is the answer
            error = _last_line(e)
        finally:
            torch.set_grad_enabled(True)  # a program that died inside no_grad leaves it off
            torch.set_printoptions(profile="default")  # the next program prints by default
    return {"out": out.getvalue(), "error": error}


def _last_line(e: BaseException) -> str:
    """The first line of the exception a script's traceback ends with, as Python 3.11's own
    display prints it: with a NameError's or AttributeError's "Did you mean" (which the
    traceback module does not add)."""
    first = traceback.format_exception_only(type(e), e)[-1].split("\n")[0]
    shown = io.StringIO()
    with contextlib.redirect_stderr(shown):
        sys.__excepthook__(type(e), e, e.__traceback__)
    return next((line for line in reversed(shown.getvalue().split("\n"))
                 if line.startswith(first)), first)


def main() -> None:
    import torch  # noqa: F401  (paid once, before the first request)

    torch.set_num_threads(1)
    for line in sys.stdin:
        answer = run(json.loads(line)["source"])
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
