"""torch.nn.functional: activations, softmax, losses, linear, dropout and one_hot, as op rows."""
from __future__ import annotations

import math
import warnings

import numpy as np

from .. import dtypes as _dt
from ..dispatch import Rule, Op, apply, edges_first
from ..limits import check_shape
from ..tensor import Tensor
from . import pointwise as _pw
from . import xp
from .inplace import check_inplace, check_overlap, commit, inplace
from .linalg import column_major, mat1_grad, mat2_grad, matmul
from ..grad_mode import no_grad
from .reduction import aten_norm, vector_norm
from ..kernels import linalg as _kl
from ..kernels import nn as kernels
from ..kernels.fma import fma as _fma
from ..kernels.pointwise import c_log1p, exp_neg_kernel, libm, vector_steps
from .registry import FUNCTIONS, METHODS, export, row



def functional(*names: str):
    """Register under torch.nn.functional only."""
    return export(*names, torch=False, method=False, functional=True)


for _name in ("sigmoid", "tanh"):
    functional(_name)(FUNCTIONS[_name])


# ---- activations -------------------------------------------------------------------------
def _hardtanh_backward(g, x, min_val, max_val):
    # ATen's kernel: its scalar loop gives 0 where x <= lo or x >= hi (a nan passes its gradient
    # through), its whole vector steps keep the gradient where lo < x < hi (a nan's is 0)
    out = np.where((x <= min_val) | (x >= max_val), g.dtype.type(0), g)
    lanes = vector_steps(out.shape, g, x)
    if lanes is not None:
        out = np.where(lanes & np.isnan(x), g.dtype.type(0), out)
    return out


def _hardtanh_grad(node, g):
    return apply(HARDTANH_BACKWARD, (g, node.self),
                 {"min_val": node.min_val, "max_val": node.max_val})


def _gelu_backward(g, x, approximate):
    if approximate == "tanh":
        return kernels.gelu_tanh_backward(g, x)
    if kernels.uses_onednn(x):
        return kernels.onednn_gelu_backward(g, x)
    return kernels.gelu_erf_backward(g, x)


def _gelu_double_backward(node, g):
    # FunctionsManual.cpp's gelu_double_backward, operation for operation
    x, grad_output = node.self, node.grad_output
    if node.approximate == "tanh":
        beta, kappa = math.sqrt(2) * (2 / math.sqrt(math.pi)) * 0.5, 0.044715
        inner = beta * (x + kappa * xp.pow(x, 3))
        tanh_inner = xp.tanh(inner)
        sech_inner = 1 / xp.cosh(inner)
        f = 0.5 * x
        g_ = 1 - tanh_inner * tanh_inner
        h = beta * (1 + 3 * kappa * x * x)
        f_prime_gh = 0.5 * g_ * h
        g_prime = (2 * sech_inner) * (-sech_inner * tanh_inner) * h
        g_prime_fh = f * h * g_prime
        h_prime = 6 * kappa * x * beta
        h_prime_fg = f * g_ * h_prime
        return g * grad_output * (f_prime_gh + (f_prime_gh + g_prime_fh + h_prime_fg))
    beta = 2 / math.sqrt(math.pi) * math.sqrt(0.5) * 0.5
    x_sq = x * x
    pdf = beta * xp.exp(-0.5 * x_sq)
    return g * grad_output * (2 * pdf - x_sq * pdf)


GELU_BACKWARD = row(Op("gelu_backward", _pw.in_layout(_gelu_backward), "GeluBackwardBackward0",
                       ("grad_output", "self"), (
    Rule(lambda node, g: apply(GELU_BACKWARD, (g, node.self), {"approximate": node.approximate}),
         ("self",), "∂gelu_backward(g, x)/∂g = Φ(x) + x·φ(x)"),
    Rule(_gelu_double_backward, ("self", "grad_output"),
         "∂gelu_backward(g, x)/∂x = g·(2φ(x) - x²φ(x))")), dtypes="keep"))


def _silu_grad(node, g):
    s = 1 / (1 + xp.exp(-node.self))
    return g * s * (1 + node.self * (1 - s))


def _softplus_backward(g, x, beta, threshold):
    # ATen's softplus_backward kernel: (x·β) > threshold ? g : g·z/(z + 1), z = e^(x·β)
    scaled = x * x.dtype.type(beta)
    z = xp.exp(scaled)
    out = np.where(scaled > threshold, g, g * z / (z + 1))
    # laid out after the gradient, as TensorIterator lays it out (a transposed gradient gives a
    # transposed result, which a reshape then copies: UnsafeViewBackward0)
    return _pw.laid_out(out, g, x)


def _softplus_double_backward(node, g):
    # derivatives.yaml's softplus_double_backward(grad * grad_output, self, beta, threshold)
    x = _pw.scale(node.self, node.beta)
    s = apply(_pw.SIGMOID_BACKWARD, (g * node.grad_output, xp.sigmoid(x)))
    return _pw.scale(s * (x < node.threshold), node.beta)


def _softplus_grad(node, g):
    return apply(SOFTPLUS_BACKWARD, (g, node.self),
                 {"beta": node.beta, "threshold": node.threshold})


def _log_sigmoid_backward(g, x):
    # ATen's kernel: (max_deriv - sign·b/(1 + b))·g over the forward's buffer b = e^-|x|
    z = kernels.log_sigmoid_buffer(x)
    q = z / (1 + z)
    # laid out after the gradient, as ATen's grad_input (empty_like(grad_output)) is
    return _pw.laid_out(np.where(x < 0, (1 - q) * g, q * g), g, x)


def _log_sigmoid_double_backward(node, g):
    z = xp.sigmoid(node.self)   # derivatives.yaml's log_sigmoid_double_backward
    return g * node.grad_output * (z - 1) * z


def _log_sigmoid_grad(node, g):
    return apply(LOG_SIGMOID_BACKWARD, (g, node.self))


def _positive_slope(name: str, issue_name: str | None, slope: float) -> float:
    """The in-place forms save their result, which cannot be inverted through a negative slope."""
    if slope < 0:
        text = (f"In-place {name} backward calculation is triggered with a negative slope which "
                f"is not supported. This is caused by calling in-place forward function with a "
                f"negative slope, please call out-of-place version instead.")
        if issue_name:
            text += (f" File an issue at https://github.com/pytorch/pytorch if you do require "
                     f"supporting in-place {issue_name} backward calculation with negative slope")
        raise RuntimeError(text)
    return slope


# leaky_relu_backward and elu_backward as rows of their own, with derivatives.yaml's derivatives:
# a recorded second backward goes through LeakyReluBackwardBackward0 / EluBackwardBackward0
# (laid out after self, which ATen's iterator takes before the gradient there)
LEAKY_RELU_BACKWARD = row(Op("leaky_relu_backward", lambda g, x, negative_slope: _pw.laid_out(
                             np.where(x > 0, g, g * negative_slope), x, g),
                             "LeakyReluBackwardBackward0", ("grad_output", "self"), (
    Rule(lambda node, g: apply(LEAKY_RELU_BACKWARD, (g, node.self),
                               {"negative_slope": node.negative_slope}),
         ("self",), "∂leaky_relu_backward(g, x)/∂g = 1 if x > 0 else slope"),
    Rule(lambda node, g: xp.zeros_like(g), (), "∂leaky_relu_backward(g, x)/∂x = 0")),
    dtypes="keep"))


def _elu_backward(g, x, alpha, is_result=False):
    # ATen's elu_backward kernel: x <= 0 ? g·α·eˣ : g; of the in-place elu's result y,
    # y <= 0 ? g·(y + α) : g
    if is_result:
        return np.where(x <= 0, g * (x + alpha), g)
    return kernels.elu_backward(g, x, alpha)


def _elu_double_backward(node, g):
    # FunctionsManual.cpp's elu_double_backward
    # (grad * grad_output * input_scale: a MulBackward1 by elu's input_scale, 1), elu_backward
    # of it unless is_result, times (x < 0).type_as(grad)
    x = node.self
    t = _pw.scale(g * node.grad_output, 1)
    if not node.is_result:
        t = apply(ELU_BACKWARD, (t, x), {"alpha": node.alpha, "is_result": False})
    negative = x < 0
    return t * (negative.to(t.dtype) if type(negative) is Tensor else negative.astype(t.dtype))


def _elu_grad(node, g):
    return apply(ELU_BACKWARD, (g, node.self), {"alpha": node.alpha, "is_result": False})


ELU_BACKWARD = row(Op("elu_backward", _pw.in_layout(_elu_backward), "EluBackwardBackward0",
                      ("grad_output", "self"), (
    Rule(lambda node, g: apply(ELU_BACKWARD, (g, node.self),
                               {"alpha": node.alpha, "is_result": node.is_result}), ("self",),
         "∂elu_backward(g, x)/∂g = 1 if x > 0 else α·eˣ"),
    Rule(_elu_double_backward, ("self", "grad_output"),
         "∂elu_backward(g, x)/∂x = g·α·eˣ if x < 0 else 0")), dtypes="keep"))

HARDTANH_BACKWARD = row(Op("hardtanh_backward", _hardtanh_backward, "HardtanhBackwardBackward0",
                           ("grad_output", "self"), (
    Rule(lambda node, g: apply(HARDTANH_BACKWARD, (g, node.self),
                               {"min_val": node.min_val, "max_val": node.max_val}), ("self",),
         "∂hardtanh_backward(g, x)/∂g = 1 if lo < x < hi else 0"),
    Rule(lambda node, g: xp.zeros_like(g), (), "∂hardtanh_backward(g, x)/∂x = 0")),
    dtypes="keep"))
SOFTPLUS_BACKWARD = row(Op("softplus_backward", _softplus_backward,
                           "SoftplusBackwardBackward0", ("grad_output", "self"), (
    Rule(lambda node, g: apply(SOFTPLUS_BACKWARD, (g, node.self),
                               {"beta": node.beta, "threshold": node.threshold}), ("self",),
         "∂softplus_backward(g, x)/∂g = σ(βx)"),
    Rule(_softplus_double_backward, ("self", "grad_output"),
         "∂softplus_backward(g, x)/∂x = g·β·σ(βx)(1 - σ(βx)) where βx < threshold")),
    dtypes="keep"))
LOG_SIGMOID_BACKWARD = row(Op("log_sigmoid_backward", _log_sigmoid_backward,
                              "LogSigmoidBackwardBackward0", ("grad_output", "self"), (
    Rule(lambda node, g: apply(LOG_SIGMOID_BACKWARD, (g, node.self)), ("self",),
         "∂log_sigmoid_backward(g, x)/∂g = 1 - σ(x)"),
    Rule(_log_sigmoid_double_backward, ("self", "grad_output"),
         "∂log_sigmoid_backward(g, x)/∂x = g·(σ(x) - 1)·σ(x)")), dtypes="keep"))

# name       forward                  grad_fn          derivative                        saved
HARDTANH = row(Op("hardtanh", lambda a, min_val, max_val: _pw.clamp_array(
    a, a.dtype.type(min_val), a.dtype.type(max_val)),
                  "HardtanhBackward0", ("self",), (
    Rule(_hardtanh_grad, ("self",), "∂hardtanh(x)/∂x = 1 if lo < x < hi else 0"),),
    dtypes="keep"))
LEAKY_RELU = row(Op("leaky_relu", lambda a, negative_slope: np.where(
    a > 0, a, a * a.dtype.type(negative_slope)), "LeakyReluBackward0", ("self",), (
    Rule(lambda node, g: apply(LEAKY_RELU_BACKWARD, (g, node.self),
                               {"negative_slope": node.negative_slope}), ("self",),
         "∂leaky_relu(x)/∂x = 1 if x > 0 else slope"),)))
# derivatives.yaml: leaky_relu_backward(grad, result, negative_slope, true), the row above, so
# the gradient under create_graph is a LeakyReluBackwardBackward0 of the result
LEAKY_RELU_ = row(Op("leaky_relu_", LEAKY_RELU.forward, "LeakyReluBackward1", ("self",), (
    Rule(lambda node, g: apply(LEAKY_RELU_BACKWARD, (g, node.result), {
        "negative_slope": _positive_slope("leakyReLu", "leakRelu", node.negative_slope)}),
         ("result",), "∂leaky_relu(x)/∂x = 1 if x > 0 else slope"),)))
ELU = row(Op("elu", _pw.in_layout(kernels.elu), "EluBackward0", ("self",), (
    Rule(_elu_grad, ("self",), "∂elu(x)/∂x = 1 if x > 0 else α·eˣ"),)))
# derivatives.yaml: elu_backward(grad, alpha, ..., is_result=true, result), an
# EluBackwardBackward0 of the result under create_graph
ELU_ = row(Op("elu_", kernels.elu, "EluBackward1", ("self",), (
    Rule(lambda node, g: apply(ELU_BACKWARD, (g, node.result), {
        "alpha": _positive_slope("elu", None, node.alpha), "is_result": True}),
         ("result",), "∂elu(x)/∂x = 1 if x > 0 else elu(x) + α"),)))
GELU = row(Op("gelu", _pw.in_layout(kernels.gelu), "GeluBackward0", ("self",), (
    Rule(lambda node, g: apply(GELU_BACKWARD, (g, node.self), {"approximate": node.approximate}),
         ("self",), "∂gelu(x)/∂x = Φ(x) + x·φ(x)"),)))
SILU = row(Op("silu", _pw.in_layout(lambda a: a / (1 + exp_neg_kernel(a))), "SiluBackward0",
              ("self",), (Rule(_silu_grad, ("self",), "∂(x·σ(x))/∂x = σ(x)(1 + x(1 - σ(x)))"),)))
SOFTPLUS = row(Op("softplus", _pw.in_layout(kernels.softplus), "SoftplusBackward0", ("self",), (
    Rule(_softplus_grad, ("self",), "∂softplus(x)/∂x = σ(βx)"),)))
# ATen's log_sigmoid_forward allocates its result contiguous, whatever the input's layout
LOG_SIGMOID = row(Op("log_sigmoid", lambda a: _pw.c_ordered(kernels.log_sigmoid(a)),
                     "LogSigmoidBackward0", ("self",), (
    Rule(_log_sigmoid_grad, ("self",), "∂log σ(x)/∂x = 1 - σ(x)"),)))


# ATen's names for the kernels that exist for floating types only
FLOAT_KERNELS = {"leaky_relu": "leaky_relu_cpu", "leaky_relu_": "leaky_relu_cpu", "elu": "elu_cpu",
                 "elu_": "elu_cpu", "gelu": "GeluKernelImpl", "silu": "silu_cpu",
                 "softplus": "softplus_cpu", "log_sigmoid": "log_sigmoid_cpu",
                 "mse_loss": "mse_cpu", "smooth_l1_loss": "smooth_l1_cpu",
                 "huber_loss": "huber_cpu", "binary_cross_entropy": "binary_cross_entropy",
                 "binary_cross_entropy_with_logits": "log_sigmoid_cpu"}


def _apply(op: Op, inputs: tuple, params: dict | None = None) -> Tensor:
    """apply(), refusing integer tensors where ATen has only floating kernels."""
    dt = _dt.result_type(*inputs)
    if op.name in FLOAT_KERNELS and dt.category != _dt.FLOAT:
        raise NotImplementedError(f'"{FLOAT_KERNELS[op.name]}" not implemented for '
                                  f"'{_dt.type_name(dt)}'")
    return apply(op, inputs, params)


def _activation(op: Op, inplace_op: Op | None = None):
    """The F.<name>(input, ..., inplace=False) of an elementwise row with keyword parameters."""
    def run(input, params, in_place):
        if not in_place:
            return _apply(op, (input,), params)
        check_inplace(input)
        return commit(input, _apply(inplace_op or op, (input,), params))
    return run


@functional()
def relu(input, inplace=False):
    return METHODS["relu_" if inplace else "relu"](input)


@functional()
def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    return _activation(HARDTANH)(input, {"min_val": min_val, "max_val": max_val}, inplace)


@functional()
def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0, inplace)


@functional()
def leaky_relu(input, negative_slope=0.01, inplace=False):
    return _activation(LEAKY_RELU, LEAKY_RELU_)(
        input, {"negative_slope": _dt.number(negative_slope)}, inplace)


@functional()
def elu(input, alpha=1.0, inplace=False):
    return _activation(ELU, ELU_)(input, {"alpha": _dt.number(alpha)}, inplace)


@functional()
def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    return _apply(GELU, (input,), {"approximate": approximate})


@functional()
def silu(input, inplace=False):
    return _activation(SILU)(input, {}, inplace)


@functional()
def softplus(input, beta=1.0, threshold=20.0):
    return _apply(SOFTPLUS, (input,), {"beta": _dt.number(beta),
                                       "threshold": _dt.number(threshold)})


@functional()
def logsigmoid(input):
    return _apply(LOG_SIGMOID, (input,))


# ---- softmax -----------------------------------------------------------------------------
# _softmax_backward_data and _log_softmax_backward_data as ATen has them: its kernels; their own
# derivatives are those of derivatives.yaml, so that a recorded second backward goes through
# their nodes
def _softmax_double_backward(g, grad_output, dim: int, y):
    return (grad_output * g - xp.sum(y * grad_output, dim, True) * g
            - grad_output * xp.sum(y * g, dim, True))


SOFTMAX_BACKWARD_DATA = row(Op("_softmax_backward_data", kernels.softmax_backward,
                               "SoftmaxBackwardDataBackward0", ("grad_output", "output"), (
    Rule(lambda node, g: apply(SOFTMAX_BACKWARD_DATA, (g, node.output), {"dim": node.dim}),
         ("output",), "∂/∂g = (δᵢⱼ - yⱼ)yᵢ"),
    Rule(lambda node, g: _softmax_double_backward(g, node.grad_output, node.dim, node.output),
         ("grad_output", "output"), "∂/∂y = g·δ - (Σ y·g)δ - g(Σ y·δ)")), dtypes="keep"))
LOG_SOFTMAX_BACKWARD_DATA = row(Op("_log_softmax_backward_data",
                                   kernels.log_softmax_backward,
                                   "LogSoftmaxBackwardDataBackward0", ("grad_output", "output"), (
    Rule(lambda node, g: g - xp.sum(g * xp.exp(node.output), node.dim, True), ("output",),
         "∂/∂g = δ - Σ δ·eʸ"),
    Rule(lambda node, g: -xp.sum(node.grad_output, node.dim, True) * xp.exp(node.output) * g,
         ("grad_output", "output"), "∂/∂y = -(Σ g)·eʸ·δ")), dtypes="keep"))
SOFTMAX = row(Op("softmax", lambda a, dim: kernels.softmax(a.reshape(a.shape or (1,)),
                                                           dim).reshape(a.shape),
                 "SoftmaxBackward0", ("self",), (
    Rule(lambda node, g: apply(SOFTMAX_BACKWARD_DATA, (g, node.result), {"dim": node.dim}),
         ("result",), "∂softmax(x)ᵢ/∂xⱼ = yᵢ(δᵢⱼ - yⱼ)"),), dtypes="keep"))
LOG_SOFTMAX = row(Op("log_softmax", lambda a, dim: kernels.log_softmax(
    a.reshape(a.shape or (1,)), dim).reshape(a.shape), "LogSoftmaxBackward0", ("self",), (
    Rule(lambda node, g: apply(LOG_SOFTMAX_BACKWARD_DATA, (g, node.result), {"dim": node.dim}),
         ("result",), "∂log_softmax(x)ᵢ/∂xⱼ = δᵢⱼ - softmax(x)ⱼ"),), dtypes="keep"))


def _softmax_like(name: str, op: Op, input: Tensor, dim, dtype) -> Tensor:
    if dim is None:
        raise TypeError(f'{name}() missing 1 required positional arguments: "dim"')
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise TypeError(f"{name}(): argument 'dim' must be int, not {type(dim).__name__}")
    if dtype is not None:
        input = input.to(dtype)
    d = input._dim(dim)
    if input.dtype.category != _dt.FLOAT:
        if input._data.size == 0:   # ATen dispatches no kernel over no elements
            return Tensor._make(np.empty_like(input._data))
        kernel = "lastdim_kernel_impl" if d == max(input.ndim - 1, 0) else "kernel_impl"
        raise NotImplementedError(f'"{name}_{kernel}" not implemented for '
                                  f"'{_dt.type_name(input.dtype)}'")
    return apply(op, (input,), {"dim": d})


@export()
def softmax(input, dim=None, dtype=None):
    return _softmax_like("softmax", SOFTMAX, input, dim, dtype)


@export()
def log_softmax(input, dim=None, dtype=None):
    return _softmax_like("log_softmax", LOG_SOFTMAX, input, dim, dtype)


def _implicit_dim(name: str, ndim: int) -> int:
    warnings.warn(f"Implicit dimension choice for {name} has been deprecated. Change the call to "
                  f"include dim=X as an argument.", UserWarning, stacklevel=3)
    return 0 if ndim in (0, 1, 3) else 1


@functional("softmax")
def _f_softmax(input, dim=None, _stacklevel=3, dtype=None):
    return softmax(input, _implicit_dim("softmax", input.ndim) if dim is None else dim, dtype)


@functional("log_softmax")
def _f_log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    return log_softmax(input, _implicit_dim("log_softmax", input.ndim) if dim is None else dim,
                       dtype)


# ---- losses ------------------------------------------------------------------------------
REDUCTIONS = ("none", "mean", "sum")
SIZE_WARNING = ("Using a target size ({target}) that is different to the input size ({input}). "
                "This will likely lead to incorrect results due to broadcasting. Please ensure "
                "they have the same size.")


def _reduction(reduction: str) -> str:
    """torch.nn._reduction.get_enum: check the name (the deprecated alias still works)."""
    if reduction == "elementwise_mean":
        warnings.warn("reduction='elementwise_mean' is deprecated. Please use reduction='mean' "
                      "instead.", UserWarning, stacklevel=3)
        return "mean"
    if reduction not in REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return reduction


def legacy_reduction(size_average, reduce, reduction: str) -> str:
    """The reduction the deprecated size_average/reduce pair means (torch.nn._reduction's
    legacy_get_string), with PyTorch's warning; `reduction` itself when both are None."""
    if size_average is None and reduce is None:
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    reduction = "mean" if size_average and reduce else "sum" if reduce else "none"
    warnings.warn(f"size_average and reduce args will be deprecated, please use "
                  f"reduction='{reduction}' instead.", UserWarning, stacklevel=3)
    return reduction


def _broadcast_pair(input: Tensor, target: Tensor):
    """Warn when the shapes differ (as the torch.nn.functional losses do), then broadcast."""
    if target.shape != input.shape:
        warnings.warn(SIZE_WARNING.format(target=target.shape, input=input.shape), UserWarning,
                      stacklevel=3)
        try:
            shape = np.broadcast_shapes(input._data.shape, target._data.shape)
        except ValueError:
            raise _pw.broadcast_error(input, target) from None
        input = input if input._data.shape == shape else input.expand(shape)
        target = target if target._data.shape == shape else target.expand(shape)
    return input, target


def _mse_forward(a, b, reduction):
    diff = a - b
    return kernels.reduce_loss(diff * diff, reduction)


def _mean_norm(dtype, k: float, n: int, reduction: str):
    """The backward kernels' scale, k/n for a mean: C++'s k/0. is inf, which scales nothing
    (an empty loss's gradient has no element)."""
    return dtype.type(k if reduction != "mean" else k / n if n else math.inf)


def _mse_backward(g, a, b, reduction):
    # ATen's mse_loss_backward: (a - b) · (2/n or 2) · g
    norm = _mean_norm(a.dtype, 2.0, a.size, reduction)
    return (a - b) * norm * g


def _mse_grad(node, g, a, b):
    return apply(MSE_BACKWARD, (g, a, b), {"reduction": node.reduction})


def _loss_grad_output_grad(op: Op, node, g, params: dict):
    """∂loss_backward(g, x, y)/∂g (the *_double_backward_grad_output of derivatives.yaml):
    the backward again, on g itself for reduction='none', else on ones and summed against g."""
    if node.reduction == "none":
        return apply(op, (g, node.self, node.target), params)
    ones = xp.constant(np.ones(node.shapes[0], (g._data if type(g) is Tensor else g).dtype), g)
    return xp.sum(apply(op, (ones, node.self, node.target), params) * g)


def _mse_double_backward(node, g):
    # mse_loss_double_backward(grad * grad_output, self): 2 · grad, / n for a mean
    out = _pw.scale(g * node.grad_output, 2)
    return _pw.divide_by(out, math.prod(node.shapes[1])) if node.reduction == "mean" else out


def _smooth_l1_forward(a, b, reduction, beta):
    z = np.abs(a - b)
    beta, half = a.dtype.type(beta), a.dtype.type(0.5)
    return kernels.reduce_loss(np.where(z < beta, half * z * z / beta, z - half * beta),
                               reduction)


def _smooth_l1_backward(g, a, b, reduction, beta):
    # ATen's smooth_l1_backward kernel, x = a - b: -n·g below -β, n·g above β, else n·x·g/β
    x = a - b
    norm = _mean_norm(a.dtype, 1.0, x.size, reduction)
    g = np.broadcast_to(g, x.shape)
    return np.where(x <= -beta, -norm * g, np.where(x >= beta, norm * g, norm * x * g / beta))


def _smooth_l1_double_backward(node, g):
    # derivatives.yaml's smooth_l1_loss_double_backward(grad * grad_output, self, target):
    # grad · (|x - y| < β) / β, then / n for a mean (both divisions by numbers: DivBackward1)
    near = xp.abs(node.self - node.target) < node.beta
    out = _pw.divide_by(g * node.grad_output * near, node.beta)
    return _pw.divide_by(out, math.prod(node.shapes[1])) if node.reduction == "mean" else out


def _smooth_l1_grad(node, g, a, b):
    return apply(SMOOTH_L1_BACKWARD, (g, a, b), {"reduction": node.reduction, "beta": node.beta})


def _huber_forward(a, b, reduction, delta):
    z = np.abs(a - b)
    delta, half = a.dtype.type(delta), a.dtype.type(0.5)
    return kernels.reduce_loss(np.where(z < delta, half * z * z, delta * (z - half * delta)),
                               reduction)


def _huber_backward(g, a, b, reduction, delta):
    # ATen's huber_backward kernel, x = a - b: ∓n·g·δ beyond ±δ, else n·x·g
    x = a - b
    norm = _mean_norm(a.dtype, 1.0, x.size, reduction)
    g = np.broadcast_to(g, x.shape)
    return np.where(x <= -delta, -norm * g * delta,
                    np.where(x >= delta, norm * g * delta, norm * x * g))


def _huber_double_backward(node, g):
    # huber_loss_double_backward(grad * grad_output, self, target): grad · (|x - y| < δ) / n
    out = g * node.grad_output * (xp.abs(node.self - node.target) < node.delta)
    return _pw.divide_by(out, math.prod(node.shapes[1])) if node.reduction == "mean" else out


def _huber_grad(node, g, a, b):
    return apply(HUBER_BACKWARD, (g, a, b), {"reduction": node.reduction, "delta": node.delta})


# mse_loss_backward and huber_loss_backward as rows of their own, as PyTorch has them (their
# second backward goes through MseLossBackwardBackward0 / HuberLossBackwardBackward0); the
# target's gradient is the kernel with input and target swapped
MSE_BACKWARD = row(Op("mse_loss_backward", _mse_backward, "MseLossBackwardBackward0",
                      ("grad_output", "self", "target"), (
    Rule(lambda node, g: _loss_grad_output_grad(MSE_BACKWARD, node, g,
                                                {"reduction": node.reduction}),
         ("self", "target"), "∂mse_backward(g, x, y)/∂g = 2(x - y)/n"),
    Rule(_mse_double_backward, ("grad_output",), "∂mse_backward(g, x, y)/∂x = 2g/n"),
    Rule(lambda node, g: -_mse_double_backward(node, g), ("grad_output",),
         "∂mse_backward(g, x, y)/∂y = -2g/n")), dtypes="keep"))
HUBER_BACKWARD = row(Op("huber_loss_backward", _huber_backward, "HuberLossBackwardBackward0",
                        ("grad_output", "self", "target"), (
    Rule(lambda node, g: _loss_grad_output_grad(HUBER_BACKWARD, node, g, {
        "reduction": node.reduction, "delta": node.delta}), ("self", "target"),
         "∂huber_backward(g, x, y)/∂g = clamp(x - y, -δ, δ)/n"),
    Rule(_huber_double_backward, ("self", "target", "grad_output"),
         "∂huber_backward(g, x, y)/∂x = g·[|x - y| < δ]/n"),
    Rule(lambda node, g: -_huber_double_backward(node, g), ("self", "target", "grad_output"),
         "∂huber_backward(g, x, y)/∂y = -g·[|x - y| < δ]/n")), dtypes="keep"))
MSE_LOSS = row(Op("mse_loss", _mse_forward, "MseLossBackward0", ("self", "target"), (
    Rule(lambda node, g: _mse_grad(node, g, node.self, node.target), ("self", "target"),
         "∂mse/∂x = 2(x - y)/n"),
    Rule(lambda node, g: _mse_grad(node, g, node.target, node.self), ("self", "target"),
         "∂mse/∂y = 2(y - x)/n"))))
# smooth_l1_loss_backward as a row of its own (SmoothL1LossBackwardBackward0), as PyTorch has it;
# the target's gradient is the same kernel with input and target swapped
SMOOTH_L1_BACKWARD = row(Op("smooth_l1_loss_backward", _smooth_l1_backward,
                            "SmoothL1LossBackwardBackward0", ("grad_output", "self", "target"), (
    Rule(lambda node, g: _smooth_l1_grad(node, g, node.self, node.target), ("self", "target"),
         "∂smooth_l1_backward(g, x, y)/∂g = clamp((x - y)/β, -1, 1)/n"),
    Rule(_smooth_l1_double_backward, ("self", "target", "grad_output"),
         "∂smooth_l1_backward(g, x, y)/∂x = g·[|x - y| < β]/(β·n)"),
    Rule(lambda node, g: -_smooth_l1_double_backward(node, g), ("self", "target", "grad_output"),
         "∂smooth_l1_backward(g, x, y)/∂y = -g·[|x - y| < β]/(β·n)")), dtypes="keep"))
SMOOTH_L1_LOSS = row(Op("smooth_l1_loss", _smooth_l1_forward, "SmoothL1LossBackward0",
                        ("self", "target"), (
    Rule(lambda node, g: _smooth_l1_grad(node, g, node.self, node.target), ("self", "target"),
         "∂smooth_l1/∂x = clamp((x - y)/β, -1, 1)/n"),
    Rule(lambda node, g: _smooth_l1_grad(node, g, node.target, node.self), ("self", "target"),
         "∂smooth_l1/∂y = clamp((y - x)/β, -1, 1)/n"))))
HUBER_LOSS = row(Op("huber_loss", _huber_forward, "HuberLossBackward0", ("self", "target"), (
    Rule(lambda node, g: _huber_grad(node, g, node.self, node.target), ("self", "target"),
         "∂huber/∂x = clamp(x - y, -δ, δ)/n"),
    Rule(lambda node, g: _huber_grad(node, g, node.target, node.self), ("self", "target"),
         "∂huber/∂y = clamp(y - x, -δ, δ)/n"))))


@functional()
def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    reduction = legacy_reduction(size_average, reduce, reduction)
    input, target = _broadcast_pair(input, target)
    if weight is not None:
        return _weighted((input - target) ** 2, weight, input, reduction,
                         lambda w: w.sum() / weight.sum())
    return _apply(MSE_LOSS, (input, target), {"reduction": _reduction(reduction)})


@functional()
def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    reduction = legacy_reduction(size_average, reduce, reduction)
    input, target = _broadcast_pair(input, target)
    errors = (input - target).abs()
    if weight is not None:
        return _weighted(errors, weight, input, reduction, lambda w: w.sum() / weight.sum())
    return {"none": lambda: errors, "mean": errors.mean, "sum": errors.sum}[
        _reduction(reduction)]()


def _weighted(losses: Tensor, weight: Tensor, input: Tensor, reduction: str, mean) -> Tensor:
    """The weight= form of mse_loss, l1_loss and huber_loss (written in Python in PyTorch)."""
    if weight.shape != input.shape:
        raise ValueError("Weights and input must have the same size.")
    weighted = losses * weight
    reduce = {"none": lambda w: w, "sum": lambda w: w.sum(), "mean": mean}.get(reduction)
    if reduce is None:
        raise ValueError(f"Invalid reduction mode: {reduction}. Expected one of 'none', 'mean', "
                         f"'sum'.")
    return reduce(weighted)


@functional()
def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    reduction = legacy_reduction(size_average, reduce, reduction)
    input, target = _broadcast_pair(input, target)
    if beta == 0.0:
        return l1_loss(input, target, reduction=reduction)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    return _apply(SMOOTH_L1_LOSS, (input, target),
                  {"reduction": _reduction(reduction), "beta": beta})


@functional()
def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    input, target = _broadcast_pair(input, target)
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    if weight is not None:
        return _weighted(_apply(HUBER_LOSS, (input, target), {"reduction": "none", "delta": delta}),
                         weight, input, reduction, lambda w: w.mean())
    return _apply(HUBER_LOSS, (input, target), {"reduction": _reduction(reduction), "delta": delta})


def _nll_forward(a, target: Tensor, weight, reduction: str, ignore_index: int) -> tuple:
    return kernels.nll_loss(a, target._data, None if weight is None else weight._data, reduction,
                            ignore_index)


def _nll_backward(g, x, target, weight, reduction, ignore_index, total_weight, at_target,
                  weight_at_target):
    # ATen's nll_loss_backward: -(g / total_weight) (or -g) times the target's weight, at each
    # sample's target class
    if reduction == "none" and x.ndim == 2:
        coef = -np.expand_dims(g, 1)
    elif reduction == "mean":
        coef = -(g / np.asarray(total_weight))
    else:
        coef = -g
    if weight is not None:
        coef = coef * _array(weight_at_target)
    return np.where(_array(at_target), coef, 0.0)


def _array(t):
    """A tensor parameter's array (a pass on arrays reads its node's tensors as arrays)."""
    return t._data if isinstance(t, Tensor) else t


def _nll_of_grad(node, g):
    """derivatives.yaml's nll_loss_backward grad_output: nll_loss(grad, target, weight, ...)."""
    if type(g) is Tensor:
        return nll_loss(g, node.target, node.weight, ignore_index=node.ignore_index,
                        reduction=node.reduction)
    weight = node.weight
    return kernels.nll_loss(g, _array(node.target), None if weight is None else _array(weight),
                            node.reduction, node.ignore_index)[0]


_NLL_PARAMS = ("target", "weight", "reduction", "ignore_index", "total_weight", "at_target",
               "weight_at_target")
# nll_loss_backward as a row of its own, with derivatives.yaml's derivatives: a recorded
# second backward goes through NllLossBackwardBackward0
NLL_LOSS_BACKWARD = row(Op("nll_loss_backward", _nll_backward, "NllLossBackwardBackward0",
                           ("grad_output", "self"), (
    Rule(_nll_of_grad, (), "∂nll_loss_backward(g, x)/∂g = nll_loss of the gradient"),
    Rule(lambda node, g: xp.zeros_like(g), (), "∂nll_loss_backward(g, x)/∂x = 0")),
    dtypes="keep"))
NLL_LOSS = row(Op("nll_loss", lambda a, target, weight, reduction, ignore_index, **for_backward:
                  _nll_forward(a, target, weight, reduction, ignore_index)[0],
                  "NllLossBackward0", ("self",), (
    Rule(lambda node, g: apply(NLL_LOSS_BACKWARD, (g, node.self),
                               {k: getattr(node, k) for k in _NLL_PARAMS}),
         ("self",), "∂nll/∂xᵢₜ = -wₜ/Σw at each target t"),), dtypes="keep"))


def _check_target(input: Tensor, target: Tensor, weight) -> None:
    """nll_loss_nd's and nll_loss's checks, in PyTorch's order."""
    if input.ndim < 1:
        raise ValueError(f"Expected 1 or more dimensions (got {input.ndim})")
    if target.ndim > 1 and input.ndim <= 2 and target._data.shape[0] == input._data.shape[0]:
        raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")
    batch = target._data.shape[0] if target.ndim else 0
    if input.ndim == 1 and target.ndim == 1 and target._data.shape[0] != 1:
        raise ValueError(f"For 1D input, 1D target must have size 1, but got target size: "
                         f"{target._data.shape[0]}")
    if input.ndim != 1 and input._data.shape[0] != batch:
        raise ValueError(f"Expected input batch_size ({input._data.shape[0]}) to match target "
                         f"batch_size ({batch}).")
    if input.ndim > 2:
        raise NotImplementedError("gradcli's nll_loss takes 1-d or 2-d input (N, C); PyTorch's "
                                  "N-d form (nll_loss2d) is not implemented")
    if target.dtype not in (_dt.int64, _dt.uint8):
        raise RuntimeError(f"expected target dtype to be Long or Byte, but got "
                           f"{_dt.type_name(target.dtype)}")
    classes = input._data.shape[-1]
    if weight is not None and (weight.ndim != 1 or weight.numel() != classes):
        raise RuntimeError(f"weight tensor should be defined either for all {classes} classes "
                           f"or no classes but got weight tensor of shape: "
                           f"[{', '.join(map(str, weight.shape))}]")
    if input.dtype.category != _dt.FLOAT:
        raise NotImplementedError(f"\"nll_loss_out_frame\" not implemented for "
                                  f"'{_dt.type_name(input.dtype)}'")


def _not_differentiable(name: str, **tensors) -> None:
    for arg, t in tensors.items():
        if t is not None and t.requires_grad:
            raise RuntimeError(f"The function '{name}' is not differentiable with respect to "
                               f"argument '{arg}'. This input cannot have requires_grad True.")


@functional()
def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    reduction = legacy_reduction(size_average, reduce, reduction)
    reduction = _reduction(reduction)
    _check_target(input, target, weight)
    _not_differentiable("nll_loss_forward", weight=weight)
    classes = input._data.shape[-1]
    picked = target._data.reshape(-1).astype(np.int64)
    for t in picked:
        if t != ignore_index and not 0 <= t < classes:
            raise IndexError(f"Target {t} is out of bounds.")
    at_target = np.zeros(input._data.shape, bool).reshape(-1, classes)
    kept = picked != ignore_index
    at_target[np.nonzero(kept)[0], picked[kept]] = True
    at_target = Tensor._make(at_target.reshape(input._data.shape))
    weight_at_target = None
    if weight is not None:
        w = np.zeros(input._data.shape, input._data.dtype).reshape(-1, classes)
        w[np.nonzero(kept)[0], picked[kept]] = weight._data[picked[kept]]
        weight_at_target = Tensor._make(w.reshape(input._data.shape))
    _, total_weight = _nll_forward(input._data, target, weight, reduction, ignore_index)
    return apply(NLL_LOSS, (input,), {
        "target": target, "weight": weight, "reduction": reduction,
        "ignore_index": ignore_index, "total_weight": total_weight, "at_target": at_target,
        "weight_at_target": weight_at_target})


@functional()
def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    reduction = legacy_reduction(size_average, reduce, reduction)
    reduction = _reduction(reduction)
    class_dim = 0 if input.ndim == 1 else 1
    if input.shape == target.shape:
        return _soft_cross_entropy(input, target, weight, reduction, ignore_index,
                                   label_smoothing, class_dim)
    if label_smoothing > 0.0:
        if label_smoothing > 1.0:
            raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: "
                               f"{label_smoothing}")
        return _smoothed_cross_entropy(input, target, weight, reduction, ignore_index,
                                       label_smoothing, class_dim)
    return nll_loss(log_softmax(input, class_dim), target, weight, ignore_index=ignore_index,
                    reduction=reduction)


def _class_weight(weight: Tensor, input: Tensor, class_dim: int) -> Tensor:
    if input.ndim > 1:
        shape = [1] * input.ndim
        shape[class_dim] = weight._data.shape[0]
        return weight.view(shape)
    return weight


def _soft_cross_entropy(input, target, weight, reduction, ignore_index, label_smoothing,
                        class_dim):
    """cross_entropy_loss_prob_target: targets are class probabilities."""
    if target.dtype.category != _dt.FLOAT:
        raise RuntimeError(f"Expected floating point type for target with class probabilities, "
                           f"got {_dt.type_name(target.dtype)}")
    if ignore_index >= 0:
        raise RuntimeError("ignore_index is not supported for floating point target")
    if input.ndim == 0:   # ATen sizes the class dim first
        raise IndexError(f"Dimension specified as {class_dim} but tensor has no dimensions")
    classes = input._data.shape[class_dim]
    if weight is not None and (weight.ndim != 1 or weight.numel() != classes):
        raise RuntimeError(f"cross_entropy: weight tensor should be defined either for all "
                           f"{classes} classes or no classes but got weight tensor of shape: "
                           f"[{', '.join(map(str, weight.shape))}]")
    log_p = log_softmax(input, class_dim)
    if label_smoothing > 0.0:
        if label_smoothing > 1.0:
            raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: "
                               f"{label_smoothing}")
        target = _pw.scale(target, 1 - label_smoothing) + label_smoothing / classes
    terms = log_p * target
    if weight is not None:
        terms = terms * _class_weight(weight, input, class_dim)
    if reduction == "none":
        return -terms.sum(class_dim)
    if reduction == "sum":
        return -terms.sum()
    if input.numel() == 0:
        return (-terms.sum()).fill_(math.nan)
    return _pw.divide_by(-terms.sum(), input.numel() // classes)


def _smoothed_cross_entropy(input, target, weight, reduction, ignore_index, label_smoothing,
                            class_dim):
    """cross_entropy_loss_label_smoothing: class indices, with label smoothing."""
    log_p = log_softmax(input, class_dim)
    nll = nll_loss(log_p, target, weight, ignore_index=ignore_index, reduction=reduction)
    classes = input._data.shape[class_dim]
    if weight is not None:
        smooth = -(log_p * _class_weight(weight, input, class_dim)).sum(class_dim)
    else:
        smooth = -log_p.sum(class_dim)
    ignored = target == ignore_index
    smooth.masked_fill_(ignored, 0.0)
    if reduction == "mean":
        if weight is not None:
            kept = target._data[~ignored._data].reshape(-1)
            smooth = smooth.sum() / Tensor._make(weight._data[kept]).sum()
        else:
            smooth = smooth.sum() / (~ignored).sum()
    elif reduction == "sum":
        smooth = smooth.sum()
    return _pw.scale(nll, 1 - label_smoothing) + _pw.scale(smooth, label_smoothing / classes)


# ---- binary cross-entropy ----------------------------------------------------------------
def _bce_forward(a, b, weight, reduction):
    # ATen's scalar kernel: logs clamped at -100, so that 0·log 0 is 0, not nan
    if np.any(~((a >= 0) & (a <= 1))):
        raise RuntimeError("all elements of input should be between 0 and 1")
    if np.any(~((b >= 0) & (b <= 1))):
        raise RuntimeError("all elements of target should be between 0 and 1")
    floor = a.dtype.type(-100)
    log = np.maximum(libm(np.log)(a), floor)
    log1m = np.maximum(c_log1p(-a), floor)
    loss = (b - 1) * log1m - b * log
    if weight is not None:
        loss = loss * weight._data
    return kernels.reduce_loss(loss, reduction)


def _per_element(node, g, input: int = 0):
    """The gradient's remaining factors: the weight, and 1/n for a mean (n: the size of the
    node's input number `input`, the loss's input)."""
    if node.weight is not None:
        g = g * node.weight
    # a mean divides by the count as C++ does, by a number (DivBackward1)
    return _pw.divide_by(g, math.prod(node.shapes[input])) if node.reduction == "mean" else g


BCE_EPSILON = 1e-12   # Loss.cpp's EPSILON, and the eps of the double backward's formulas


def _bce_backward_forward(g, x, t, weight, reduction):
    """binary_cross_entropy_backward's CPU kernel: g·(x - t) / max((1 - x)·x, ε), then
    mul_(weight) and div_(numel) for a mean."""
    out = g * (x - t) / np.maximum((1 - x) * x, x.dtype.type(BCE_EPSILON))
    if weight is not None:   # a parameter: a tensor, or its array on a pass without a graph
        out = out * (weight._data if type(weight) is Tensor else weight)
    return out / out.dtype.type(x.size) if reduction == "mean" else out


def _bce_grad(node, g):
    return apply(BCE_BACKWARD, (g, node.self, node.target),
                 {"weight": node.weight, "reduction": node.reduction})


def _bce_target_grad(node, g):
    x = node.self
    return _per_element(node, -xp.log(x / (1 - x)) * g)


# derivatives.yaml's binary_cross_entropy_backward: FunctionsManual.cpp's
# binary_cross_entropy_double_backward (self), _grad_output and _target, term for term
def _bce_backward_grad_output(node, g):
    x = node.self
    ratio = (x - node.target) / (_pw.shift(x, BCE_EPSILON) * _pw.shift(1 - x, BCE_EPSILON))
    return _per_element(node, ratio * g, 1)


def _bce_backward_self(node, g):
    x, t = node.self, node.target
    slope = (x * x - _pw.scale(x, 2) * t + t) / (
        xp.pow(_pw.shift(x, BCE_EPSILON), 2) * xp.pow(_pw.shift(1 - x, BCE_EPSILON), 2))
    return _per_element(node, slope * (g * node.grad_output), 1)


def _bce_backward_target(node, g):
    x, res = node.self, -g * node.grad_output
    if node.weight is not None:   # the weight before the division, as the C++ multiplies
        res = res * node.weight
    res = res / xp.clamp_min((1 - x) * x, BCE_EPSILON)
    return _pw.divide_by(res, math.prod(node.shapes[1])) if node.reduction == "mean" else res


def _bce_logits_forward(a, b, weight, pos_weight, reduction):
    log_sigmoid = kernels.log_sigmoid(a)
    if pos_weight is not None:
        log_sigmoid = log_sigmoid * ((pos_weight._data - 1) * b + 1)
    loss = (1 - b) * a - log_sigmoid
    if weight is not None:
        loss = loss * weight._data
    return kernels.reduce_loss(loss, reduction)


def _bce_logits_grad(node, g):
    x, y = node.self, node.target
    if node.pos_weight is None:
        return _per_element(node, (xp.sigmoid(x) - y) * g)
    t = node.pos_weight * y
    return _per_element(node, ((t + 1 - y) * xp.sigmoid(x) - t) * g)


def _bce_logits_target_grad(node, g):
    x = node.self
    if node.pos_weight is None:
        return _per_element(node, -x * g)
    log_sigmoid = apply(LOG_SIGMOID, (-x,)) - apply(LOG_SIGMOID, (x,)) * node.pos_weight
    return _per_element(node, log_sigmoid * g)


BINARY_CROSS_ENTROPY = row(Op("binary_cross_entropy", _bce_forward, "BinaryCrossEntropyBackward0",
                              ("self", "target"), (
    Rule(_bce_grad, ("self", "target"), "∂bce/∂p = (p - y) / (p(1 - p))"),
    Rule(_bce_target_grad, ("self",), "∂bce/∂y = -log(p / (1 - p))"))))
BCE_BACKWARD = row(Op("binary_cross_entropy_backward", _bce_backward_forward,
                     "BinaryCrossEntropyBackwardBackward0", ("grad_output", "self", "target"), (
    Rule(_bce_backward_grad_output, ("self", "target"),
         "∂bce_backward(g, p, y)/∂g = (p - y) / (p(1 - p))"),
    Rule(_bce_backward_self, ("grad_output", "self", "target"),
         "∂bce_backward(g, p, y)/∂p = g(p² - 2py + y) / (p(1 - p))²"),
    Rule(_bce_backward_target, ("grad_output", "self"),
         "∂bce_backward(g, p, y)/∂y = -g / (p(1 - p))"))))
BINARY_CROSS_ENTROPY_WITH_LOGITS = row(Op(
    "binary_cross_entropy_with_logits", _bce_logits_forward,
    "BinaryCrossEntropyWithLogitsBackward0", ("self", "target"), (
        Rule(_bce_logits_grad, ("self", "target"), "∂bce(σ(z))/∂z = σ(z) - y"),
        Rule(_bce_logits_target_grad, ("self",), "∂bce(σ(z))/∂y = -z"))))


def _infer_size(*shapes) -> tuple:
    """The shape the sizes broadcast to, as F's _infer_size finds it (torch._refs'
    _broadcast_shapes): the first size that does not fit the shape so far is named."""
    common = [1] * max(len(shape) for shape in shapes)
    for index, shape in enumerate(shapes):
        for dim in range(-1, -1 - len(shape), -1):
            if common[dim] == 1:
                common[dim] = shape[dim]
            elif shape[dim] != 1 and shape[dim] != common[dim]:
                raise RuntimeError(f"Attempting to broadcast a dimension of length {shape[dim]} "
                                   f"at {dim}! Mismatching argument at index {index} had "
                                   f"torch.Size({list(shape)}); but expected shape should be "
                                   f"broadcastable to {common}")
    return tuple(common)


@functional()
def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    reduction = legacy_reduction(size_average, reduce, reduction)
    reduction = _reduction(reduction)
    if target.shape != input.shape:
        raise ValueError(f"Using a target size ({target.shape}) that is different to the input "
                         f"size ({input.shape}) is deprecated. Please ensure they have the same "
                         f"size.")
    if weight is not None:
        weight = weight.expand(_infer_size(target.shape, weight.shape))
        if weight.shape != input.shape:   # the kernel writes a loss of the input's shape
            raise RuntimeError(f"output with shape {list(input.shape)} doesn't match the "
                               f"broadcast shape {list(weight.shape)}")
    _not_differentiable("binary_cross_entropy", weight=weight)
    edges_first(BINARY_CROSS_ENTROPY, (input, target))   # the autograd kernel's, then its checks
    if target.dtype is not input.dtype:   # the kernel reads target in the loss's dtype, input's
        raise RuntimeError(f"Found dtype {_dt.type_name(target.dtype)} but expected "
                           f"{_dt.type_name(input.dtype)}")
    return _apply(BINARY_CROSS_ENTROPY, (input, target),
                  {"weight": weight, "reduction": reduction})


def _one_minus_target_times(input: Tensor, target: Tensor) -> None:
    """The errors of (1 - target).mul_(input): a bool target cannot be subtracted from, and an
    integer one cannot hold the product with a float input."""
    if target.dtype is _dt.bool_:
        raise RuntimeError("Subtraction, the `-` operator, with two bool tensors is not "
                           "supported. Use the `^` or `logical_xor()` operator instead.")
    if target.dtype.category < input.dtype.category:
        raise RuntimeError(f"result type {_dt.type_name(_dt.result_type(target, input))} can't "
                           f"be cast to the desired output type {_dt.type_name(target.dtype)}")


@functional()
def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    reduction = legacy_reduction(size_average, reduce, reduction)
    reduction = _reduction(reduction)
    if target.shape != input.shape:
        raise ValueError(f"Target size ({target.shape}) must be the same as input size "
                         f"({input.shape})")
    _not_differentiable("binary_cross_entropy_with_logits", weight=weight, pos_weight=pos_weight)
    # ATen's composite, with its errors: (pos_weight - 1) * target, (1 - target).mul_(input),
    # then loss.mul_(weight)
    for a, b in ((pos_weight, target), (input, weight)):
        if a is not None and b is not None:
            try:
                shape = np.broadcast_shapes(a.shape, b.shape)
            except ValueError:
                raise _pw.shapes_error(tuple(a.shape), tuple(b.shape)) from None
            if b is weight and shape != tuple(input.shape):   # loss.mul_(weight), in place
                raise RuntimeError(f"output with shape {list(input.shape)} doesn't match the "
                                   f"broadcast shape {list(shape)}")
        if b is target:
            _one_minus_target_times(input, target)
    return _apply(BINARY_CROSS_ENTROPY_WITH_LOGITS, (input, target),
                  {"weight": weight, "pos_weight": pos_weight, "reduction": reduction})


# ---- linear, dropout, one_hot, normalize, pairwise_distance -------------------------------
def _addmm_forward(bias, mat1, mat2, layouts=None, beta=1, alpha=1):
    return _kl.addmm(bias, mat1, mat2, beta, alpha)


def _scaled(g, factor):
    # maybe_multiply(grad, factor): a MulBackward1 when recorded, nothing when it is 1
    if factor == 1:
        return g
    return _pw.scale(g, factor) if type(g) is Tensor else g * np.asarray(factor, g.dtype)


ADDMM = row(Op("addmm", _addmm_forward, "AddmmBackward0", ("self", "mat1", "mat2"), (
    Rule(lambda node, g: _scaled(g, node.params.get("beta", 1)), (), "∂(β·b + α·A·B)/∂b = β"),
    Rule(lambda node, g: _scaled(mat1_grad(g, node.mat2, node.layouts[0]),
                                 node.params.get("alpha", 1)), ("mat2",),
         "∂(β·b + α·A·B)/∂A = α·g·Bᵀ"),
    Rule(lambda node, g: _scaled(mat2_grad(g, node.mat1, node.layouts[1]),
                                 node.params.get("alpha", 1)), ("mat1",),
         "∂(β·b + α·A·B)/∂B = α·Aᵀ·g")),
    dtypes="keep"))


@export()
def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """beta * input + alpha * (mat1 @ mat2) in one node."""
    if mat1.ndim != 2:
        raise RuntimeError(f"mat1 must be a matrix, got {mat1.ndim}-D tensor")
    return _addmm(input, mat1, mat2, beta, alpha)


def _addmm(bias: Tensor, mat1: Tensor, mat2: Tensor, beta=1, alpha=1) -> Tensor:
    """bias + mat1 @ mat2 in one node, as torch.addmm (what nn.Linear runs on 2-d input)."""
    if mat2.ndim != 2:
        raise RuntimeError(f"mat2 must be a matrix, got {mat2.ndim}-D tensor")
    for name, t in (("mat1", mat1), ("self", bias)):
        if t.dtype is not mat2.dtype:
            raise RuntimeError(f"{name} and mat2 must have the same dtype, but got "
                               f"{_dt.type_name(t.dtype)} and {_dt.type_name(mat2.dtype)}")
    (n, k), (k2, m) = mat1._data.shape, mat2._data.shape
    if k != k2:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({n}x{k} and {k2}x{m})")
    shape = bias._data.shape
    if len(shape) > 2 or any(s != 1 and s != size for s, size in zip(shape[::-1], (m, n))):
        bias.expand(n, m)  # PyTorch's message when the bias does not broadcast to the output
    params = {"layouts": (column_major(mat1), column_major(mat2))}
    if beta != 1 or alpha != 1:
        params.update(beta=beta, alpha=alpha)
    return apply(ADDMM, (bias, mat1, mat2), params)


@functional()
def linear(input, weight, bias=None):
    """ATen's linear: addmm for 2-d input with a bias, flattened to 2-d for contiguous input."""
    if bias is not None and input.ndim == 2:
        return _addmm(bias, input, weight.t())
    if bias is not None and input.is_contiguous() and (input.ndim == 3 or bias.ndim == 1):
        sizes = input._data.shape
        flat = input.reshape(math.prod(sizes[:-1]), sizes[-1])
        out = _addmm(bias, flat, weight.t())
        return out.view(*sizes[:-1], out._data.shape[1])
    out = matmul(input, weight.t())
    if bias is not None:
        out.add_(bias)
    return out


@functional()
def dropout(input, p=0.5, training=True, inplace=False):
    """Elements kept with probability 1 - p and scaled by 1/(1 - p), by PyTorch's random mask
    (a bernoulli_(1 - p) draw in memory order); the input itself when not training."""
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
    if p == 0 or not training or input.numel() == 0:
        return input
    if p == 1:
        zero = Tensor._make(np.zeros((), input._data.dtype))
        return input.mul_(zero) if inplace else input * zero
    from ..kernels.random import default_generator
    noise = Tensor._make(default_generator.bernoulli_(np.empty_like(input._data), 1 - p))
    noise.div_(1 - p)
    return input.mul_(noise) if inplace else input * noise


# ---- embedding ---------------------------------------------------------------------------
def _index_array(indices) -> np.ndarray:
    """The saved indices as an array (a backward on arrays unpacks them as one)."""
    return indices._data if isinstance(indices, Tensor) else indices


def _embedding_forward(weight, indices, padding_idx, scale_grad_by_freq):
    flat = indices._data.reshape(-1)
    return np.take(weight, flat, axis=0).reshape(indices._data.shape + weight.shape[1:])


def _embedding_dense_backward(g, indices, num_weights, padding_idx, scale_grad_by_freq):
    """embedding_dense_backward_cpu: grad_weight[k] += grad[i] for each index k but padding_idx,
    in the indices' order; with scale_grad_by_freq the add kernel's alpha 1/count(k), a fused
    multiply-add."""
    flat = _index_array(indices).reshape(-1)
    rows = np.ascontiguousarray(g).reshape(flat.size, g.shape[-1])
    out = np.zeros((num_weights, g.shape[-1]), g.dtype)
    kept = np.flatnonzero(flat != padding_idx)
    if not scale_grad_by_freq:
        np.add.at(out, flat[kept], rows[kept])
        return out
    counts = np.bincount(flat, minlength=num_weights)
    for i in kept:
        k = flat[i]
        out[k] = _fma(rows[i], g.dtype.type(1.0 / counts[k]), out[k])
    return out


def _embedding_double_backward(node, g):
    # embedding_dense_double_backward: the rows of g the indices pick, padding rows zero
    indices = _index_array(node.indices)
    flat = indices.reshape(-1)
    picked = (FUNCTIONS["index_select"](g, 0, Tensor._make(flat)) if type(g) is Tensor
              else np.take(g, flat, axis=0))
    if node.padding_idx >= 0:
        mask = xp.constant((flat == node.padding_idx)[:, None], picked)
        picked = xp.masked_fill(picked, mask, 0)
    return xp.reshape(picked, indices.shape + (-1,))


def _embedding_grad(node, g):
    return apply(EMBEDDING_DENSE_BACKWARD, (g,), {
        "indices": node.indices, "num_weights": node.shapes[0][0],
        "padding_idx": node.padding_idx, "scale_grad_by_freq": node.scale_grad_by_freq})


EMBEDDING_DENSE_BACKWARD = row(Op(
    "embedding_dense_backward", _embedding_dense_backward, "EmbeddingDenseBackwardBackward0",
    ("grad_output",), (Rule(_embedding_double_backward, (),
                            "∂(Σ g at each index)/∂g = the rows of g at the indices"),),
    dtypes="keep"))
# (the indices are saved: a second backward without retain_graph fails, as PyTorch's does)
EMBEDDING = row(Op("embedding", _embedding_forward, "EmbeddingBackward0", ("weight",), (
    Rule(_embedding_grad, (), "∂weight[i]/∂weight = g summed into row i"),), dtypes="keep",
    saved_params=("indices",)))


def _embedding_renorm(weight: Tensor, indices: Tensor, max_norm: float, norm_type: float):
    """embedding_renorm_: each row the indices name whose norm passes max_norm is scaled down
    to it (by max_norm / (norm + 1e-7)), in place and unrecorded."""
    with no_grad():
        for k in np.unique(indices._data.reshape(-1)).tolist():
            row_ = weight.detach()[k]
            norm = METHODS["norm"](row_, norm_type).item()
            if norm > max_norm:
                row_.mul_(max_norm / (norm + 1e-7))


@functional()
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    """The rows of weight that input's indices name, as torch.nn.functional.embedding."""
    if padding_idx is not None:
        if padding_idx > 0 and padding_idx >= weight.size(0) or \
                padding_idx < 0 and padding_idx < -weight.size(0):
            raise AssertionError("Padding_idx must be within num_embeddings")
        if padding_idx < 0:
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if not isinstance(input, Tensor):
        raise TypeError("embedding(): argument 'indices' (position 2) must be Tensor, not "
                        f"{type(input).__name__}")
    if sparse:
        raise NotImplementedError("gradcli has no sparse tensors: embedding(sparse=True)")
    if max_norm is not None:
        input = input.contiguous()
        _embedding_renorm(weight, input, max_norm, norm_type)
    if weight.ndim != 2:
        raise RuntimeError("'weight' must be 2-D")
    if input.dtype not in (_dt.int64, _dt.int32):
        raise RuntimeError("Expected tensor for argument #1 'indices' to have one of the "
                           "following scalar types: Long, Int; but got "
                           f"torch.{input.dtype.legacy} instead (while checking arguments for "
                           "embedding)")
    if np.any((input._data >= weight._data.shape[0]) | (input._data < 0)):
        raise IndexError("index out of range in self")
    out = apply(EMBEDDING, (weight,), {"indices": input, "padding_idx": padding_idx,
                                       "scale_grad_by_freq": bool(scale_grad_by_freq)})
    from .indexing import _keep
    return _keep(out, indices=input)


@functional()
def one_hot(input, num_classes=-1):
    if input.dtype is not _dt.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    values = input._data
    if values.size == 0:
        if num_classes == -1:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
    elif values.min() < 0:
        raise RuntimeError("Class values must be non-negative.")
    elif num_classes == -1:
        num_classes = int(values.max()) + 1
    elif values.max() >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    check_shape(values.shape + (num_classes,))
    return Tensor._make((values[..., None] == np.arange(num_classes)).astype(np.int64))


@functional()
def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    return input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input)


@export(method=False, functional=True)   # torch.pairwise_distance too
def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    """ATen's composite: the p-norm of x1 - x2 + eps along the broadcast shape's last dim (so
    its grad_fn is NormBackward1 over AddBackward1 over SubBackward0, as PyTorch's)."""
    return aten_norm(_pw.shift(x1 - x2, eps), p, max(x1.ndim, x2.ndim) - 1, keepdim)


@export(method=False, functional=True)   # torch.cosine_similarity too
def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    """ATen's composite: each input (an integral one in the common dtype, both broadcast to the
    common shape) divided by its clone()d 2-norm along dim, clamped to eps outside the graph,
    multiplied and summed."""
    common = _dt.result_type(x1, x2)
    if common.category != _dt.FLOAT:
        raise RuntimeError(f"expected common dtype to be floating point, yet common dtype is "
                           f"{_dt.type_name(common)}")
    x1, x2 = (x if x.dtype.category == _dt.FLOAT else x.to(common) for x in (x1, x2))
    shape = _pw.broadcast_shape(x1, x2)
    x1, x2 = (x if x._data.shape == shape else x.expand(*shape) for x in (x1, x2))
    norms = [vector_norm(x, 2, dim, True).clone() for x in (x1, x2)]
    with no_grad():
        for norm in norms:
            norm.clamp_min_(eps)
    return ((x1 / norms[0]) * (x2 / norms[1])).sum(dim)


# ---- in-place forms of the pointwise rows added with these -------------------------------
# (pointwise.py cannot import inplace.py, which imports it)
def _clamp_inplace(fn, name: str):
    """clamp_ & co.: as inplace(), but the dtype refusal names the C++ type, as ATen's does."""
    def method(self, *args, **kwargs):
        check_inplace(self, *args, *kwargs.values())
        check_overlap(self, *args, *kwargs.values())
        out = fn(self, *args, **kwargs)
        if out.dtype.category > self.dtype.category:
            raise RuntimeError(f"result type {_dt.type_name(out.dtype)} can't be cast to the "
                               f"desired output type {_pw.C_TYPE_NAMES[self.dtype.name]}")
        return commit(self, out)
    method.__name__ = name
    return method


for _name in ("clamp", "clip", "clamp_min", "clamp_max"):
    METHODS[_name + "_"] = _clamp_inplace(METHODS[_name], _name + "_")
for _name in ("fmod", "lerp", "hypot"):
    METHODS[_name + "_"] = inplace(METHODS[_name], _name + "_")
