"""Floor of the 10,000-line parse row: CPython parses and compiles the same file to bytecode."""
import sys

with open(sys.argv[1], encoding="utf-8") as fh:
    compile(fh.read(), sys.argv[1], "exec")
