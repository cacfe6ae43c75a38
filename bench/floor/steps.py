"""NumPy floor of programs/steps.grad: 50,000 steps h = tanh(h*w + b), then their backward."""
import numpy as np

rng = np.random.default_rng(0)
w = rng.standard_normal(8, dtype=np.float32)
b = rng.standard_normal(8, dtype=np.float32)
h = np.zeros(8, dtype=np.float32)
hs = [h]
for i in range(50000):
    h = np.tanh(h * w + b)
    hs.append(h)
loss = h.sum()
g = np.ones(8, dtype=np.float32)
w_grad = np.zeros(8, dtype=np.float32)
b_grad = np.zeros(8, dtype=np.float32)
for i in range(50000, 0, -1):
    g = g * (1 - hs[i] * hs[i])
    b_grad += g
    w_grad += g * hs[i - 1]
    g = g * w
print(loss)
print(w_grad)
print(b_grad)
