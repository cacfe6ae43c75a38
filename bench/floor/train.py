"""NumPy floor of programs/train.grad: the same 784-256-10 MLP, cross-entropy, SGD, by hand."""
import numpy as np

rng = np.random.default_rng(0)
X = rng.standard_normal((256, 784), dtype=np.float32)
y = rng.integers(0, 10, 256)
bound1, bound2 = np.float32(1 / np.sqrt(784)), np.float32(1 / np.sqrt(256))
W1 = rng.uniform(-bound1, bound1, (256, 784)).astype(np.float32)
b1 = rng.uniform(-bound1, bound1, 256).astype(np.float32)
W2 = rng.uniform(-bound2, bound2, (10, 256)).astype(np.float32)
b2 = rng.uniform(-bound2, bound2, 10).astype(np.float32)
lr = np.float32(0.1)
for step in range(20):
    h_pre = X @ W1.T + b1
    h = np.maximum(h_pre, 0)
    logits = h @ W2.T + b2
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    loss = -log_probs[np.arange(256), y].mean()
    g = np.exp(log_probs)
    g[np.arange(256), y] -= 1
    g /= 256
    W2_grad, b2_grad = g.T @ h, g.sum(axis=0)
    g = (g @ W2) * (h_pre > 0)
    W1_grad, b1_grad = g.T @ X, g.sum(axis=0)
    W1 -= lr * W1_grad
    b1 -= lr * b1_grad
    W2 -= lr * W2_grad
    b2 -= lr * b2_grad
    print(step, round(float(loss), 4))
