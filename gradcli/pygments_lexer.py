"""A Pygments lexer for gradcli (`pygmentize -l gradcli`), on render.syntax's grammar tokens.

Pygments finds it through the `pygments.lexers` entry point; nothing else imports this module.
It is an edge of gradcli, as the command line is: it joins render's tokens to the interpreter's
builtin names, which render itself never imports.
"""
from __future__ import annotations

from functools import lru_cache

from pygments.lexer import Lexer
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, String, Text

from .render.syntax import classify

TOKENS = {"keyword": Keyword, "constant": Keyword.Constant, "name": Name,
          "builtin": Name.Builtin, "number": Number, "string": String, "comment": Comment,
          "operator": Operator, "error": Error, "": Text}


@lru_cache(maxsize=1)
def _builtin_names() -> frozenset:
    from .interpret.builtins import names  # the engine with it: only once text is lexed
    return frozenset(names())


class GradcliLexer(Lexer):
    name = "gradcli"
    aliases = ["gradcli"]
    filenames = ["*.grad"]

    def get_tokens_unprocessed(self, text):
        position = 0
        for cls, piece in classify(text, _builtin_names()):
            yield position, TOKENS[cls], piece
            position += len(piece)
