"""NumPy floor of programs/chain.grad: 200,000 multiplications forward, 200,000 backward."""
import sys

import numpy as np

n = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
c = np.float32(1.0000001)
y = np.float32(1.0)
for i in range(n):
    y = y * c
g = np.float32(1.0)
for i in range(n):
    g = g * c
print(y)
print(g)
