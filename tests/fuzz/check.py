"""Run one fuzzed program in-process, as `gradcli run`, a pipe or the REPL would; say what failed.

The REPL's session goes on after each error, so the statements after a failing one run too.
"""
from __future__ import annotations

import io
import os
import re
import signal
import tempfile
import traceback

from gradcli import engine
from gradcli.engine import grad_mode
from gradcli.engine.signatures import BODIES
from gradcli.render.plain import PlainRenderer
from gradcli.repl.session import Session

from ..conftest import run_cli
from ..security.outcome import Outcome, describe, problems

# Far above what a capped program needs (milliseconds): past it, gradcli itself is hanging.
SECONDS = 5
# `'X' object has no attribute 'y'` where the program never wrote `.y`: an engine function used an
# argument without checking its type (PyTorch says which argument must be a Tensor instead),
# unless PyTorch's own Python code reads `.y` from its arguments (F.mse_loss reads target.size).
LEAKED_ATTRIBUTE = re.compile(r"^AttributeError: .* has no attribute '(\w+)'$", re.M)
PYTORCH_READS = frozenset(name for line in BODIES.split("\n") for name in re.findall(
    r"\b(?!torch\.)[A-Za-z_]\w*\.(\w+)", line if line[:1] == " " else line.partition(": ")[2]))
# NumPy's own words in the error of a program that never said `numpy`: an engine failure shown as
# the program's (its exception may print as a builtin kind, its message is still NumPy's).
NUMPY_WORDS = re.compile(r"\b(?:numpy|ndarray|ufunc)\b|dtype\('|\barray of (?:dimension|size)\b"
                         r"|\bnp\.\w")


class Hang(BaseException):
    """Raised by the alarm: a BaseException, so that no `except Exception` in gradcli eats it."""


def _alarm(signum, frame):
    raise Hang()


class Checker:
    """Runs programs from a private empty directory; each `check` returns the problems found.

    NumPy's words in the error of a program that never says `numpy` count as a problem; with
    `leaks`, so does an AttributeError about an attribute the program never wrote (an engine
    function that used an argument without checking its type).
    """

    def __init__(self, leaks: bool = False) -> None:
        self.leaks = leaks
        self.folder = tempfile.TemporaryDirectory(prefix="gradcli-fuzz-")
        self.cwd = os.path.join(self.folder.name, "cwd")
        os.mkdir(self.cwd)
        self.path = os.path.join(self.folder.name, "prog.grad")
        self.runs = 0

    def close(self) -> None:
        self.folder.cleanup()

    def check(self, data: bytes | str, mode: str = "run") -> list[str]:
        """Problems with running `data`: a file through `run`, text through the echoing pipe
        (`echo`), or text typed line by line into a REPL session (`session`)."""
        self.runs += 1
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
        if mode == "run":
            # a new file each time: ext4 flushes a file truncated and written again to the disk
            # when it is closed (auto_da_alloc), milliseconds that were half of each check
            if os.path.exists(self.path):
                os.unlink(self.path)
            with open(self.path, "wb") as fh:
                fh.write(data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass"))
        here = os.getcwd()
        os.chdir(self.cwd)
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, SECONDS)
        try:
            if mode == "session":
                result = _session(text)
            else:
                result = run_cli(["run", self.path] if mode == "run" else [], text)
        except Hang:  # the programs' loops are bounded (mutated ones have no while)
            return [f"no answer within {SECONDS} s"]
        except KeyboardInterrupt:
            raise
        except BaseException as e:  # anything escaping main() is a crash
            return [f"{type(e).__name__} escaped the CLI: {e}\n{traceback.format_exc()}"]
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            os.chdir(here)
        if result.status == 130 or "KeyboardInterrupt" in result.err.splitlines():
            raise KeyboardInterrupt  # the CLI caught the user's Ctrl-C meant for the fuzzer
        outcome = Outcome(result.status, result.out, result.err)
        found = problems(outcome)
        if os.listdir(self.cwd):
            found.append(f"the program wrote {os.listdir(self.cwd)}")
        if not grad_mode.is_grad_enabled() and "set_grad_enabled" not in text:
            found.append("grad mode left off after the program ended")
        if "numpy" not in text and NUMPY_WORDS.search(outcome.last_line):
            found.append(f"NumPy's message reached the program: {outcome.last_line[:200]!r}")
        if self.leaks:
            found += [f"engine AttributeError leaked: {m.group(0)}"
                      for m in LEAKED_ATTRIBUTE.finditer(outcome.err)
                      # the program's own `x.name` (Python allows blanks after the dot)
                      if not re.search(rf"\.\s*{m.group(1)}\b", text)
                      and m.group(1) not in PYTORCH_READS]
        return [f"{p}\n{describe(outcome)}" for p in found]


def _session(text: str) -> Outcome:
    """The REPL's core fed the program a line at a time (lines that would be meta-commands, which
    can write files, are made comments)."""
    engine.reset()
    out, err = io.StringIO(), io.StringIO()
    session = Session(PlainRenderer(out, err))
    for line in text.split("\n") + [""]:
        session.push("#" + line if line.lstrip().startswith(":") else line)
    return Outcome(0, out.getvalue(), err.getvalue())
