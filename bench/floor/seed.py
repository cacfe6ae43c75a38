"""NumPy floor of programs/seed.grad: the same arithmetic, gradients by hand, no graph."""
import numpy as np

x = np.ones((2, 2), dtype=np.float32)
y = x + 2
z = y * y * 3
out = z.mean()
print(out)
grad_z = np.full_like(z, 1 / z.size)
grad_y = grad_z * 3 * y * 2
x_grad = grad_y.copy()
print(True, False, False, False)
print(x_grad)
print(None)
print(None)
print(None)
x_grad += np.ones_like(x)
print(x_grad)
x_grad[...] = 0
x_grad += np.ones_like(x)
print(x_grad)
