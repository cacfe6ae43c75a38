"""The terminal REPL: a line-by-line loop over a Session."""
from __future__ import annotations

from ..render.text import error_text, warning_text
from .session import Session

EXIT_OK = 0


def run_repl(env, args) -> int:
    def report(e) -> None:
        env.stdout.flush()
        env.stderr.write(error_text(e) if hasattr(e, "headline") else f"internal error: {e}\n")

    session = Session(env.stdout.write, report,
                      on_warning=lambda w: env.stderr.write(warning_text(w)))
    more = False
    while True:
        try:
            line = input("... " if more else ">>> ")
        except EOFError:
            env.stdout.write("\n")
            return EXIT_OK
        except KeyboardInterrupt:
            env.stdout.write("\nKeyboardInterrupt\n")
            session.reset_buffer()
            more = False
            continue
        try:
            more = session.push(line)
        except KeyboardInterrupt:
            env.stderr.write("KeyboardInterrupt\n")
            session.reset_buffer()
            more = False
