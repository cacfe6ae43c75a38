"""Every function and method of the op table, given arguments of the wrong kind, against what
PyTorch printed for the same calls (arguments_reference.json, recorded by record_arguments.py).

No call may end in a gradcli bug (which no except clause catches: the program would stop with
exit status 3), and a call that both refuse must be refused with PyTorch's exception and
message. gradcli may run a call PyTorch refuses (it checks arguments only when a call fails, so
that calls that succeed pay nothing), or refuse one PyTorch runs, with its own NotImplementedError.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..conftest import run_cli
from .arguments_table import calls, outcomes, program

REFERENCE = Path(__file__).with_name("arguments_reference.json")


@pytest.fixture(scope="module")
def reference() -> dict[str, str]:
    recorded = json.loads(REFERENCE.read_text())
    return {call: recorded["messages"][i] for call, i in recorded["calls"].items()}


@pytest.fixture(scope="module")
def ran(tmp_path_factory):
    path = tmp_path_factory.mktemp("arguments") / "table.grad"
    path.write_text(program(calls()))
    return run_cli(["run", str(path)])


def test_the_table_is_recorded(reference):
    assert sorted(reference) == sorted(set(calls()))


def test_no_call_ends_in_a_gradcli_bug(ran):
    assert (ran.status, ran.err if ran.status else "") == (0, "")


LACKS = "NotImplementedError: gradcli does not implement"


def test_calls_both_refuse_get_pytorchs_words(ran, reference):
    differ = {}
    for call, got in outcomes(ran.out).items():
        expected = reference[call]
        if "ok" not in (got, expected) and got != expected and not got.startswith(LACKS):
            differ[call] = (got, expected)
    assert differ == {}


def test_gradcli_refuses_only_what_it_lacks(ran, reference):
    refused = {call: got for call, got in outcomes(ran.out).items()
               if reference[call] == "ok" and got != "ok" and not got.startswith(LACKS)}
    assert refused == {}
