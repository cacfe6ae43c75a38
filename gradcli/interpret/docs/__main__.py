"""`python -m gradcli.interpret.docs`: the names that still lack a summary, by language (the
edge's tools, graph, explain, gradcheck and help, are tests/interpret/test_docs.py's)."""
from ..interpreter import Interpreter
from . import missing

for lang, names in missing(Interpreter(lambda text: None).builtins).items():
    print(f"{lang}: {len(names)} names without a summary")
    for name in names:
        print(f"  {name}")
