"""The interpreter: programs (ASTs) compiled to closures and run on the engine."""
from .interpreter import InternalError, Interpreter, Warning_

__all__ = ["InternalError", "Interpreter", "Warning_"]
