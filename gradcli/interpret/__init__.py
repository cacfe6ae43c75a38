"""The interpreter: programs (ASTs) compiled to closures and run on the engine."""
from .interpreter import InternalError, Interpreter
from .pymodules import ShownWarning

__all__ = ["InternalError", "Interpreter", "ShownWarning"]
