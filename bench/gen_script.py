"""Write the 10,000-line script of the parse row: realistic statements, all under `if False:`."""
from __future__ import annotations

import argparse
import sys

# One block of a tutorial-like program; {i} keeps every block's names apart.
BLOCK = '''\
x{i} = torch.ones(2, 2, requires_grad=True)
y{i} = x{i} + 2 * x{i} - 1.5
z{i} = (y{i} * y{i} * 3).mean()
z{i}.backward()
print(f"block {i}: {{z{i}.item():.4f}}", x{i}.grad)
def f{i}(a, b=2):
    c = a * b + torch.exp(a)
    return c.sum()
for k in range(3):
    if k % 2 == 0:
        w{i} = f{i}(x{i}, b=k)
    else:
        w{i} = torch.tanh(x{i} @ x{i}.t())
with torch.no_grad():
    x{i}.grad.zero_()
vals{i} = [v * 2 for v in range(4) if v > 1]
cfg{i} = {{"lr": 0.1, "steps": [1, 2, 3]}}
print(vals{i}, cfg{i}["lr"], len(vals{i}))
total{i} = sum(vals{i}) + max(1, 2) if len(vals{i}) else -1
# the end of block {i}
'''


def script(lines: int = 10000) -> str:
    """`import torch`, then `if False:` over blocks up to `lines` lines in all."""
    head = ["import torch", "", "if False:"]
    body: list[str] = []
    i = 0
    while len(head) + len(body) < lines:
        body.extend("    " + line for line in BLOCK.format(i=i).splitlines())
        i += 1
    return "\n".join(head + body[:lines - len(head)]) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("out", help="where to write the script")
    ap.add_argument("--lines", type=int, default=10000)
    args = ap.parse_args(argv)
    with open(args.out, "w", encoding="utf-8") as fh:
        fh.write(script(args.lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
