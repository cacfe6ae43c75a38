"""Write gradcli/syntax/tables.json from grammar/gradcli.lark (needs lark), after a change to
either: `.venv/bin/python tests/syntax/write_tables.py`. test_tables.py fails until it is run."""
from __future__ import annotations

from gradcli.syntax import tables


def main() -> None:
    with open(tables.SHIPPED, "w", encoding="utf-8") as fh:
        fh.write(tables.dumps(tables.build(tables.grammar_text())))
    print(f"wrote {tables.SHIPPED}")


if __name__ == "__main__":
    main()
