"""Bit-exact ports of PyTorch's CPU kernels (ATen's place): numerics only, no graph, no Tensor.

A kernel takes NumPy arrays (and plain numbers) and returns NumPy arrays whose bits are those
torch 2.13 computes on the CPU, one thread: the float32 math library it calls (SLEEF, MKL,
glibc), the orders in which its reductions add, the RNG. Put a port here, in the module named as
the op module that uses it (kernels/reduction.py for ops/reduction.py), and call it from the
row's forward in engine/ops/; a row's own formula stays in ops/. Import nothing above NumPy
here (not dispatch, graph or tensor), and say in a comment which ATen source a port follows
and what was checked against torch.
"""
