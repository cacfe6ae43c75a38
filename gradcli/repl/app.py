"""The terminal REPL: a prompt_toolkit prompt (highlighting, completion, history) over a Session."""
from __future__ import annotations

from prompt_toolkit import PromptSession
from prompt_toolkit.application.current import get_app
from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
from prompt_toolkit.filters import Condition
from prompt_toolkit.input import create_input
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.output import ColorDepth, create_output

from .. import i18n
from ..render.console import RichRenderer
from ..render.pager import Pager
from ..render.plain import REPORT
from ..render.syntax import classify
from .command_table import Quit
from .completer import GradcliCompleter
from .history import open_history
from .lexer import GradcliLexer, style
from .session import Session

EXIT_OK = 0
PROMPT, CONTINUATION, PASTE = ">>> ", "... ", "(paste) "
INDENT = "    "


def run_repl(env, args, colour: bool) -> int:
    """Read, run, show, until Ctrl-D or :quit; 0 either way."""
    renderer = RichRenderer(env.stdout, env.stderr, colour, traceback=args.traceback,
                            pager=Pager(env.stdout, env.environ))
    session = Session(renderer, environ=env.environ)
    renderer.note(i18n.t("repl.banner"))
    paste = PasteMode()
    prompt = build_prompt(session, open_history(env.environ, renderer.note), colour,
                          create_input(env.stdin), create_output(env.stdout), paste)
    return loop(prompt, session, paste)


class PasteMode:
    """F3, as in CPython 3.13's REPL, for terminals without bracketed paste: while it is on,
    Enter only opens a new line (nothing runs, nothing is indented for you); F3 again leaves
    it, and the next Enter runs the whole block."""

    def __init__(self) -> None:
        self.on = False

    def prompt(self, marker: str) -> str:
        return PASTE if self.on else marker


def build_prompt(session, history, colour: bool, input=None, output=None,
                 paste: PasteMode | None = None) -> PromptSession:
    paste = paste or PasteMode()
    return PromptSession(
        multiline=True,
        prompt_continuation=lambda width, line, wrap: [
            ("class:prompt.continuation", paste.prompt(CONTINUATION).rjust(width))],
        key_bindings=key_bindings(session, paste),
        lexer=GradcliLexer(session.interpreter.builtins),
        completer=GradcliCompleter(session),
        complete_while_typing=False,
        auto_suggest=AutoSuggestFromHistory(),
        history=history,
        style=style(),
        include_default_pygments_style=False,
        color_depth=None if colour else ColorDepth.DEPTH_1_BIT,
        input=input,
        output=output,
    )


def loop(prompt: PromptSession, session, paste: PasteMode | None = None) -> int:
    paste = paste or PasteMode()
    while True:
        try:
            marker = CONTINUATION if session.continues else PROMPT
            session.push(prompt.prompt(lambda: [("class:prompt.main", paste.prompt(marker))]))
        except EOFError:
            return EXIT_OK
        except Quit as leave:
            return leave.status
        except KeyboardInterrupt:  # drops the line being typed, or stops the program running
            session.reset_buffer()
            session.renderer.interrupted()
        except Exception as e:  # the last guard: a gradcli bug must not cost the variables
            session.reset_buffer()
            session.renderer.problem(f"gradcli: internal error: {type(e).__name__}: {e} "
                                     f"({REPORT})")


def key_bindings(session, paste: PasteMode) -> KeyBindings:
    """Enter runs a complete input and otherwise opens the next line, indented as Python's
    blocks are; Tab at the start of a line indents; Alt-Enter always opens a new line; F3
    turns paste mode on and off."""
    kb = KeyBindings()
    at_line_start = Condition(
        lambda: not get_app().current_buffer.document.current_line_before_cursor.strip())

    @kb.add("f3")
    def paste_mode(event) -> None:
        paste.on = not paste.on

    @kb.add("enter")
    def enter(event) -> None:
        buffer = event.current_buffer
        if buffer.complete_state and buffer.complete_state.current_completion:
            buffer.complete_state = None  # Enter takes the completion chosen in the menu
            return
        if paste.on:   # the pasted text brings its own indentation
            buffer.newline(copy_margin=False)
            return
        document = buffer.document
        editing_inside = "\n" in document.text and document.text_after_cursor.strip()
        if editing_inside or session.needs_more(document.text):
            new_line(buffer)
        else:
            buffer.validate_and_handle()

    @kb.add("escape", "enter")
    def alt_enter(event) -> None:
        new_line(event.current_buffer)

    @kb.add("tab", filter=at_line_start & ~Condition(lambda: paste.on))
    def indent(event) -> None:
        event.current_buffer.insert_text(INDENT)

    return kb


def new_line(buffer) -> None:
    """A new line with the indentation of this one, one level deeper after a `:`."""
    line = buffer.document.current_line_before_cursor
    buffer.newline(copy_margin=True)
    if _opens_block(line):
        buffer.insert_text(INDENT)


def _opens_block(line: str) -> bool:
    code = [(cls, piece) for cls, piece in classify(line) if cls not in ("", "comment")]
    return bool(code) and code[-1][0] == "operator" and code[-1][1].endswith(":")
