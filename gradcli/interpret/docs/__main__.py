"""`python -m gradcli.interpret.docs`: the names that still lack a summary, by language."""
from . import missing

for lang, names in missing().items():
    print(f"{lang}: {len(names)} names without a summary")
    for name in names:
        print(f"  {name}")
