"""The differential test's PyTorch starts as soon as the tests are collected, so that importing
torch overlaps the tests that run before it instead of holding up the suite."""
from __future__ import annotations

from . import differential

SHORT_RUN = "tests/fuzz/test_differential.py::test_a_short_run_agrees_with_pytorch"


def pytest_collection_finish(session) -> None:
    # an xdist worker collects every test but runs only some: there torch starts with the test
    python = differential.torch_python()
    if python is not None and not hasattr(session.config, "workerinput") and \
            any(item.nodeid == SHORT_RUN for item in session.items):
        differential.start_early(python)


def pytest_sessionfinish(session) -> None:
    differential.close_early()
