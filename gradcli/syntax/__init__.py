"""The language's syntax: grammar/gradcli.lark parsed into the AST of syntax.ast."""
from .parser import parse

__all__ = ["parse"]
