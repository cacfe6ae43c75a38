"""What a clean ending looks like: the expected exit status, an error line, no traceback."""
from __future__ import annotations

import re
from dataclasses import dataclass

# The error line of a failed program: Python's `Kind: message`, PyTorch's own kinds with their
# module (torch.autograd.gradcheck.GradcheckError, torch._C._LinAlgError), a bare MemoryError or
# KeyboardInterrupt as Python prints them, or one of gradcli's own `gradcli: ...` lines.
ERROR_LINE = re.compile(r"(?:(?:torch\.[\w.]+\._?)?[A-Z]\w*(?:Error|Exception|Interrupt|Exit)"
                        r": \S.*|MemoryError|KeyboardInterrupt|gradcli: (?!internal error).*\S.*)")
# An exception of a library gradcli uses, shown as the program's: `numpy.exceptions.AxisError: ...`
FOREIGN_LINE = re.compile(r"(?!torch\.)[a-z_]\w*\.[\w.]*[A-Z]\w*: .*")
TRACEBACK = "Traceback (most recent call last)"
INTERNAL = "gradcli: internal error"   # its own line (a PyTorch message may say "internal error")
EXIT_INTERNAL = 3


@dataclass(frozen=True)
class Outcome:
    """How one run ended, whichever way it was started."""
    status: int
    out: str
    err: str

    @property
    def last_line(self) -> str:
        """The error line: the last `Kind: message` line (PyTorch's messages may go on below it),
        else the last line."""
        lines = [ln for ln in self.err.splitlines() if ln.strip()]
        errors = [ln for ln in lines if ERROR_LINE.fullmatch(ln)]
        return errors[-1] if errors else lines[-1] if lines else ""


def problems(outcome: Outcome, allowed=(0, 1)) -> list[str]:
    """Why this ending is not clean; an empty list when it is."""
    found = []
    if outcome.status == EXIT_INTERNAL or INTERNAL in outcome.err:
        found.append(f"internal error (exit {outcome.status}): {outcome.last_line}")
    if TRACEBACK in outcome.err:
        found.append("a Python traceback on stderr")
    if outcome.status not in allowed:
        found.append(f"exit status {outcome.status}, expected one of {tuple(allowed)}")
    foreign = [ln for ln in outcome.err.splitlines() if FOREIGN_LINE.fullmatch(ln)]
    if foreign:
        found.append(f"a library's exception reached the program: {foreign[-1][:200]!r}")
    elif outcome.status != 0 and not ERROR_LINE.fullmatch(outcome.last_line):
        found.append(f"stderr has no `XxxError: message` line: {outcome.last_line[:200]!r}")
    return found


def describe(outcome: Outcome) -> str:
    """The tail of a run, for assertion messages."""
    return (f"exit {outcome.status}\n--- stdout (tail)\n{outcome.out[-600:]}\n"
            f"--- stderr (tail)\n{outcome.err[-1500:]}")
