"""One fuzzing round: hypothesis draws programs (valid or broken) and the checker judges each.

A valid program is run as a file, echoed through the pipe, or typed into the REPL's session; a
broken one (its bytes mutated) is run as a file or typed into the session.
"""
from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as with_seed
from hypothesis import strategies as st

from .check import Checker
from .programs import broken_program, program

CASES = st.one_of(
    program().map(lambda text: (text, "run")),
    program().map(lambda text: (text, "echo")),
    program().map(lambda text: (text, "session")),
    broken_program().map(lambda data: (data, "run")),
    broken_program().map(lambda data: (data.decode("utf-8", "replace"), "session")),
)


def fuzz_round(checker: Checker, examples: int, seed: int | None = None):
    """A test function that checks `examples` programs; it raises with the smallest failure."""
    @settings(max_examples=examples, deadline=None, database=None, derandomize=seed is None,
              phases=(Phase.generate, Phase.shrink), print_blob=False,
              suppress_health_check=(HealthCheck.too_slow, HealthCheck.data_too_large,
                                     HealthCheck.filter_too_much, HealthCheck.large_base_example))
    @given(CASES)
    def fuzz(case):
        data, mode = case
        found = checker.check(data, mode)
        assert not found, f"{mode} of {data!r}:\n" + "\n".join(found)

    return fuzz if seed is None else with_seed(seed)(fuzz)
