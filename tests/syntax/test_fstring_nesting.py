"""f-string fields nest in format specs as deep as Python lets them (one level), no deeper."""
from __future__ import annotations

import pytest

from ..conftest import run_cli

NESTED = "SyntaxError: f-string: expressions nested too deeply"


@pytest.mark.parametrize("source", ['f"{1:{2:{3}}}"', "f'{1:{2:{3:{4}}}}'",
                                    "f'" + "{1:" * 1200 + "}" * 1200 + "'"])
def test_a_spec_inside_a_spec_is_pythons_syntax_error(source):
    r = run_cli(["-e", source])
    assert (r.status, r.error_line) == (1, NESTED), r.err


def test_one_field_in_a_spec_formats():
    r = run_cli(["-e", "w = 6\nprint(f'{3.14159:{w}.{2}f}|{1:>{w}}')"])
    assert (r.status, r.out) == (0, "  3.14|     1\n"), r.err
