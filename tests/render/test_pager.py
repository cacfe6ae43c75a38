"""The pager: long output on a terminal goes through $PAGER; a pipe never pages."""
from __future__ import annotations

import fcntl
import io
import os
import struct
import termios

from gradcli.render.console import RichRenderer
from gradcli.render.pager import Pager
from gradcli.render.plain import terminal_size


class Terminal(io.StringIO):
    """A stream that says it is a terminal of 24 lines."""

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("no descriptor")   # os.get_terminal_size cannot ask it


def test_a_pipe_never_pages():
    assert not Pager(io.StringIO(), {"PAGER": "less"}).wanted(10_000)
    out = io.StringIO()
    renderer = RichRenderer(out, io.StringIO(), colour=False, pager=Pager(out, {"PAGER": "x"}))
    renderer.long("line\n" * 500)
    renderer.print("line\n" * 500)
    assert out.getvalue().count("line\n") == 1000


def test_a_terminal_without_a_known_size_does_not_page():
    assert not Pager(Terminal(), {"PAGER": "less"}).wanted(10_000)


def test_a_pty_nobody_sized_has_no_known_size():
    # `script` and editors' shells make such terminals: 0 x 0, which must not mean one column
    # (hints a character to a line) or no lines (every output paged)
    main, side = os.openpty()
    try:
        with os.fdopen(side, "w", closefd=False) as stream:
            fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 0, 0, 0, 0))
            assert terminal_size(stream) is None
            assert not Pager(stream, {"PAGER": "less"}).wanted(10_000)
            fcntl.ioctl(side, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            assert tuple(terminal_size(stream)) == (80, 24)
    finally:
        os.close(main)
        os.close(side)


def test_show_hands_the_text_to_the_pager_command(tmp_path):
    kept = tmp_path / "paged.txt"
    Pager(io.StringIO(), {"PAGER": f"cat > {kept}"}).show("a\nb\n")
    assert kept.read_text() == "a\nb\n"


def test_less_gets_the_colour_option_even_with_a_less_variable_of_its_own():
    assert Pager(io.StringIO(), {"LESS": "-FX"}).environ["LESS"] == "RFX"
