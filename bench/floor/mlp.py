"""NumPy floor of programs/mlp.grad: the same 4-layer tanh MLP, float32, backward by hand."""
import numpy as np

rng = np.random.default_rng(0)
x = rng.standard_normal((256, 512), dtype=np.float32)
params = [(rng.standard_normal((512, 512), dtype=np.float32) * np.float32(0.04),
           np.zeros(512, dtype=np.float32)) for layer in range(4)]
for step in range(10):
    hs = [x]
    for W, b in params:
        hs.append(np.tanh(hs[-1] @ W + b))
    h = hs[-1]
    loss = (h * h).mean()
    g = h * np.float32(2 / h.size)
    for i in range(3, -1, -1):
        W, b = params[i]
        g = g * (1 - hs[i + 1] * hs[i + 1])
        W_grad = hs[i].T @ g
        b_grad = g.sum(axis=0)
        g = g @ W.T
        W -= np.float32(0.1) * W_grad
        b -= np.float32(0.1) * b_grad
    print(step, round(float(loss), 4))
