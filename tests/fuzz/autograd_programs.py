"""Random valid autograd programs, for comparing gradcli with PyTorch statement by statement.

A program is a list of statements (a `with` block is one): a prelude of seeded leaves (float32 or
float64, 0-3 dims, literal values that include 0, -0.0 and ±1), then 3-12 ops drawn from the
templates below, each applied to tensors whose shapes it fits (broadcasting, matmul in 1-3 dims,
views, indexing, joins, in-place ops on non-leaves, detach, no_grad), with values, grads and
grad_fns printed, and an ending: backward (with retain_graph and a second backward, or
retain_grad), or autograd.grad with create_graph then a second backward. Shapes are tracked so
that most programs run; where the tracking is loose the program errs, in both, as it should.
Programs are lists so that the minimiser can drop statements.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np

PRELUDE = ("import torch", "import torch.nn.functional as F")
VALUES = (0.0, 0.5, -0.5, 1.0, -1.0, 1.5, -1.5, 2.0, -2.0, 0.25, -0.75, 3.0, -0.0)
SIZES = (1, 2, 3, 3, 2)

UNARY = ("exp", "log", "sin", "cos", "tan", "tanh", "sigmoid", "sqrt", "rsqrt", "abs", "neg",
         "exp2", "expm1", "log1p", "log2", "log10", "reciprocal", "erf", "atan", "asin", "acos",
         "sinh", "cosh", "square", "sign", "floor", "ceil", "round", "trunc", "relu")
ACTIVATIONS = ("gelu({})", "gelu({}, approximate='tanh')", "silu({})", "elu({})",
               "elu({}, alpha=0.5)", "leaky_relu({}, 0.1)", "softplus({})",
               "softplus({}, beta=2.0)", "logsigmoid({})", "hardtanh({})", "relu6({})",
               "sigmoid({})", "tanh({})", "relu({})")
REDUCTIONS = ("sum", "mean", "prod", "amax", "amin", "logsumexp", "var", "std", "norm", "max",
              "min")
BINARY = ("+", "-", "*", "/")
BINARY_FUNCTIONS = ("torch.maximum({}, {})", "torch.minimum({}, {})", "torch.hypot({}, {})",
                    "torch.lerp({}, {}, 0.25)")
INPLACE = ("mul_(2)", "add_(1.5)", "sub_(0.5)", "div_(2.0)", "relu_()", "sigmoid_()", "tanh_()",
           "exp_()", "zero_()", "clamp_(min=0.0)", "clamp_(-0.5, 0.5)", "pow_(2)", "neg_()",
           "abs_()", "sqrt_()", "sin_()", "fill_(0.5)")

# ---- every differentiable row of the op table (engine/ops, ROWS), each by a form that reaches it
# (row, statement with {0}, {1}... fresh leaves of the given shapes and {out} the result, shape of
# the result). A backward-of-backward row is reached by its forward op and the create_graph
# endings. tests/fuzz/test_differential.py walks the table against the registry.
ROW_FORMS = (
    ("AbsBackward0", "{out} = {0}.abs()", [(2, 3)], (2, 3)),
    ("AcosBackward0", "{out} = ({0} * 0.5).acos()", [(3,)], (3,)),
    ("AdaptiveAvgPool2DBackward0", "{out} = F.adaptive_avg_pool2d({0}, 2)", [(1, 2, 3, 3)],
     (1, 2, 2, 2)),
    ("AdaptiveAvgPool2DBackwardBackward0", "{out} = F.adaptive_avg_pool2d({0}, (1, 2))",
     [(2, 3, 3)], (2, 1, 2)),
    ("AdaptiveMaxPool2DBackward0", "{out} = F.adaptive_max_pool2d({0}, 2)", [(1, 2, 3, 3)],
     (1, 2, 2, 2)),
    ("AdaptiveMaxPool2DBackwardBackward0", "{out} = F.adaptive_max_pool2d({0}, (1, 2))",
     [(2, 3, 3)], (2, 1, 2)),
    ("AddmvBackward0", "{out} = torch.addmv({0}, {1}, {2}, beta=0.5, alpha=2)",
     [(2,), (2, 3), (3,)], (2,)),
    ("AddBackward0", "{out} = {0} + {1}", [(2, 3), (3,)], (2, 3)),
    ("AddBackward1", "{out} = F.pairwise_distance({0}, {1}, 1.0)", [(2, 3), (2, 3)], (2,)),
    ("AddcdivBackward0", "{out} = torch.addcdiv({0}, {1}, {2}, value=0.5)", [(3,), (2, 3), (3,)],
     (2, 3)),
    ("AddcmulBackward0", "{out} = torch.addcmul({0}, {1}, {2}, value=-1.5)",
     [(2, 1), (2, 3), (3,)], (2, 3)),
    ("AddmmBackward0", "{out} = F.linear({0}, {1}, {2})", [(2, 3), (4, 3), (4,)], (2, 4)),
    ("AliasBackward0", "{out} = {0}[...]", [(2, 2)], (2, 2)),
    ("AminmaxBackward0", "{out} = torch.aminmax({0}, dim=1)[1] * 2 + torch.aminmax({0})[0]",
     [(2, 3)], (2,)),
    ("AmaxBackward0", "{out} = {0}.amax(dim=0)", [(3, 2)], (2,)),
    ("AminBackward0", "{out} = {0}.amin()", [(3, 2)], ()),
    ("AsStridedBackward0", "{out} = ({0} * 1)[1:]; {out}.mul_(2)", [(3, 2)], (2, 2)),
    ("AsinBackward0", "{out} = ({0} * 0.5).asin()", [(3,)], (3,)),
    ("AtanBackward0", "{out} = {0}.atan()", [(3,)], (3,)),
    ("Atan2Backward0", "{out} = torch.atan2({0}, {1} - 1)", [(2, 3), (3,)], (2, 3)),
    ("AvgPool2DBackward0", "{out} = F.avg_pool2d({0}, 2)", [(1, 1, 4, 4)], (1, 1, 2, 2)),
    ("AvgPool2DBackwardBackward0", "{out} = F.avg_pool2d({0}, 2, stride=1)", [(1, 3, 3)],
     (1, 2, 2)),
    ("BernoulliBackward0", "torch.manual_seed(4); {out} = torch.bernoulli({0}.sigmoid())",
     [(3,)], (3,)),
    ("BernoulliBackward1", "torch.manual_seed(5); {out} = ({0} * 1).bernoulli_({1}.sigmoid())",
     [(3,), (3,)], (3,)),
    ("BernoulliBackward2", "torch.manual_seed(6); {out} = ({0} * 1).bernoulli_(0.5)", [(3,)],
     (3,)),
    ("BinaryCrossEntropyBackward0",
     "{out} = F.binary_cross_entropy({0}.sigmoid(), {1}.sigmoid().detach())", [(2, 3), (2, 3)],
     ()),
    ("BinaryCrossEntropyBackwardBackward0",
     "{out} = F.binary_cross_entropy({0}.sigmoid(), {1}.sigmoid(), reduction='none')",
     [(3,), (3,)], (3,)),
    ("BinaryCrossEntropyWithLogitsBackward0",
     "{out} = F.binary_cross_entropy_with_logits({0}, {1}.sigmoid().detach())", [(3,), (3,)],
     ()),
    ("BaddbmmBackward0", "{out} = torch.baddbmm({0}, {1}, {2}, alpha=0.5)",
     [(2, 2), (2, 2, 3), (2, 3, 2)], (2, 2, 2)),
    ("BmmBackward0", "{out} = torch.bmm({0}, {1})", [(2, 2, 3), (2, 3, 2)], (2, 2, 2)),
    ("CatBackward0", "{out} = torch.cat([{0}, {1}])", [(2,), (3,)], (5,)),
    ("CeilBackward0", "{out} = {0}.ceil()", [(3,)], (3,)),
    ("ClampBackward0", "{out} = {0}.clamp({1} - 1, {1} + 1)", [(2, 3), (3,)], (2, 3)),
    ("ClampBackward1", "{out} = {0}.clamp(-0.5, 1.0)", [(3,)], (3,)),
    ("ClampMaxBackward0", "{out} = {0}.clamp_max(0.5)", [(3,)], (3,)),
    ("ClampMaxBackward1", "{out} = {0}.clamp_max({1})", [(2, 3), (3,)], (2, 3)),
    ("ClampMinBackward0", "{out} = {0}.clamp_min(0.25)", [(3,)], (3,)),
    ("ClampMinBackward1", "{out} = {0}.clamp_min({1})", [(3,), (3,)], (3,)),
    ("CloneBackward0", "{out} = {0}.clone()", [(3,)], (3,)),
    ("ConstantPadNdBackward0", "{out} = F.pad({0}, (1, 2))", [(2, 2)], (2, 5)),
    ("ConvolutionBackward0", "{out} = F.conv2d({0}, {1}, padding=1)",
     [(1, 1, 3, 3), (2, 1, 2, 2)], (1, 2, 4, 4)),
    ("ConvolutionBackwardBackward0", "{out} = F.conv2d({0}, {1}, {2})",
     [(1, 2, 3, 3), (1, 2, 2, 2), (1,)], (1, 1, 2, 2)),
    ("CosBackward0", "{out} = {0}.cos()", [(3,)], (3,)),
    ("CoshBackward0", "{out} = {0}.cosh()", [(3,)], (3,)),
    ("CumprodBackward0", "{out} = {0}.cumprod(0)", [(3, 2)], (3, 2)),
    ("CumsumBackward0", "{out} = {0}.cumsum(0)", [(3, 2)], (3, 2)),
    ("Deg2RadBackward0", "{out} = torch.deg2rad({0})", [(3,)], (3,)),
    ("DiagEmbedBackward0", "{out} = torch.diag({0})", [(3,)], (3, 3)),
    ("DiagonalBackward0", "{out} = {0}.diagonal()", [(2, 3)], (2,)),
    ("DiagonalBackward0_copy", "{out} = torch.diag({0})", [(3, 2)], (2,)),
    ("DiagonalBackwardBackward0", "{out} = {0}.diagonal(1)", [(3, 3)], (2,)),
    ("DistBackward0", "{out} = torch.dist({0}, {1}, 3)", [(2, 3), (3,)], ()),
    ("DivBackward0", "{out} = {0} / {1}", [(2, 3), (3,)], (2, 3)),
    ("DivBackward1", "{out} = {0}.mean()", [(2, 3)], ()),
    ("DivBackward2", "{out} = torch.div({0}, {1}, rounding_mode='floor')", [(3,), (3,)], (3,)),
    ("DotBackward0", "{out} = torch.dot({0}, {1})", [(3,), (3,)], ()),
    ("EmbeddingBackward0", "{out} = F.embedding(torch.tensor([[2, 0], [2, 1]]), {0})", [(3, 2)],
     (2, 2, 2)),
    ("EmbeddingDenseBackwardBackward0",
     "{out} = F.embedding(torch.tensor([1, 1, 0]), {0}, padding_idx=0)", [(3, 2)], (3, 2)),
    ("EluBackward0", "{out} = F.elu({0}, alpha=0.5)", [(3,)], (3,)),
    ("EluBackward1", "{out} = F.elu({0} * 1, inplace=True)", [(3,)], (3,)),
    ("EluBackwardBackward0", "{out} = F.elu({0})", [(2, 2)], (2, 2)),
    ("ErfBackward0", "{out} = {0}.erf()", [(3,)], (3,)),
    ("Exp2Backward0", "{out} = {0}.exp2()", [(3,)], (3,)),
    ("ExpBackward0", "{out} = {0}.exp()", [(3,)], (3,)),
    ("ExpandBackward0", "{out} = {0}.expand(2, 3)", [(3,)], (2, 3)),
    ("Expm1Backward0", "{out} = {0}.expm1()", [(3,)], (3,)),
    ("FillBackward2", "{out} = {0} * 1; {out}.fill_(0.5)", [(3,)], (3,)),
    ("FillBackward3", "{out} = {0} * 1; {out}[...] = {1}", [(3,), ()], (3,)),
    ("FlipBackward0", "{out} = {0}.flip(0)", [(3, 2)], (3, 2)),
    ("FloorBackward0", "{out} = {0}.floor()", [(3,)], (3,)),
    ("FmodBackward0", "{out} = torch.fmod({0}, 1.5)", [(3,)], (3,)),
    ("FmodBackward1", "{out} = torch.fmod({0}, {1})", [(3,), (3,)], (3,)),
    ("FracBackward0", "{out} = {0}.frac()", [(3,)], (3,)),
    ("GatherBackward0", "{out} = {0}.gather(1, torch.tensor([[0, 0], [1, 0]]))", [(2, 2)],
     (2, 2)),
    ("GeluBackward0", "{out} = F.gelu({0})", [(3,)], (3,)),
    ("GeluBackwardBackward0", "{out} = F.gelu({0}, approximate='tanh')", [(3,)], (3,)),
    ("HardtanhBackward0", "{out} = F.hardtanh({0}, -0.5, 1.0)", [(3,)], (3,)),
    ("HardtanhBackwardBackward0", "{out} = F.relu6({0} * 3)", [(3,)], (3,)),
    ("HuberLossBackward0", "{out} = F.huber_loss({0}, {1}, delta=0.5)", [(3,), (3,)], ()),
    ("HuberLossBackwardBackward0", "{out} = F.huber_loss({0}, {1}, reduction='none')",
     [(2, 2), (2,)], (2, 2)),
    ("HypotBackward0", "{out} = torch.hypot({0}, {1})", [(3,), (3,)], (3,)),
    ("IndexAddBackward0", "{out} = {0}.index_select(0, torch.tensor([1, 1, 0]))", [(2, 2)],
     (3, 2)),
    ("IndexBackward0", "{out} = {0}[[1, 0, 1]]", [(2, 2)], (3, 2)),
    ("IndexCopyBackward0", "{out} = {0}.index_copy(0, torch.tensor([1]), {1})", [(2, 3), (1, 3)],
     (2, 3)),
    ("IndexFillBackward0", "{out} = {0}.index_fill(1, torch.tensor([0, 2]), -1.0)", [(2, 3)],
     (2, 3)),
    ("IndexPutBackward0", "{out} = {0} * 1; {out}[[0, 2]] = {1}", [(3,), (2,)], (3,)),
    ("IndexPutImplBackward0", "{out} = {0}[torch.tensor([2, 0])]", [(3,)], (2,)),
    ("IndexSelectBackward0", "{out} = {0}.index_select(1, torch.tensor([0, 0]))", [(2, 2)],
     (2, 2)),
    ("KthvalueBackward0", "{out} = {0}.kthvalue(2, dim=1).values", [(2, 3)], (2,)),
    ("LeakyReluBackward0", "{out} = F.leaky_relu({0}, 0.1)", [(3,)], (3,)),
    ("LeakyReluBackward1", "{out} = F.leaky_relu({0} * 1, 0.2, inplace=True)", [(3,)], (3,)),
    ("LeakyReluBackwardBackward0", "{out} = F.leaky_relu({0} * {0}, 0.2)", [(3,)], (3,)),
    ("LerpBackward0", "{out} = torch.lerp({0}, {1}, 0.25)", [(3,), (3,)], (3,)),
    ("LerpBackward1", "{out} = torch.lerp({0}, {1}, {2})", [(3,), (3,), (3,)], (3,)),
    ("LinalgCrossBackward0", "{out} = torch.linalg.cross({0}, {1})", [(2, 3), (1, 3)], (2, 3)),
    ("LinalgDetBackward0", "{out} = torch.linalg.det({0})", [(2, 2)], ()),
    ("LinalgInvExBackward0", "{out} = torch.linalg.inv({0} + torch.eye(2, dtype={0}.dtype) * 3)",
     [(2, 2)], (2, 2)),
    ("LinalgSolveExBackward0",
     "{out} = torch.linalg.det({0} + torch.eye(2, dtype={0}.dtype) * 3)", [(2, 2)], ()),
    ("LinalgSvdBackward0", "{out} = torch.linalg.svd({0}, full_matrices=False)[1]", [(3, 2)],
     (2,)),
    ("LinalgVectorNormBackward0", "{out} = {0}.norm()", [(3,)], ()),
    ("Log10Backward0", "{out} = {0}.log10()", [(3,)], (3,)),
    ("Log1PBackward0", "{out} = {0}.log1p()", [(3,)], (3,)),
    ("Log2Backward0", "{out} = {0}.log2()", [(3,)], (3,)),
    ("LogBackward0", "{out} = {0}.log()", [(3,)], (3,)),
    ("LogSigmoidBackward0", "{out} = F.logsigmoid({0})", [(3,)], (3,)),
    ("LogSigmoidBackwardBackward0", "{out} = F.logsigmoid({0} * 2)", [(3,)], (3,)),
    ("LogSoftmaxBackward0", "{out} = {0}.log_softmax(0)", [(3, 2)], (3, 2)),
    ("LogSoftmaxBackwardDataBackward0", "{out} = F.log_softmax({0}, dim=-1)", [(2, 3)], (2, 3)),
    ("LogsumexpBackward0", "{out} = {0}.logsumexp(1)", [(2, 3)], (2,)),
    ("MaskedFillBackward0", "{out} = {0}.masked_fill({0} < 0, 0.5)", [(3,)], (3,)),
    ("MaskedFillBackward1", "{out} = {0}.masked_fill({0} > 1, {1})", [(2, 3), ()], (2, 3)),
    ("MaskedScatterBackward0", "{out} = {0}.masked_select({0} > 0.5)", [(2, 3)], (0,)),
    ("MaskedSelectBackward0", "{out} = {0}.masked_select({0} < 0.5)", [(2, 2)], (0,)),
    ("MaxBackward0", "{out} = {0}.max(dim=1)[0]", [(2, 3)], (2,)),
    ("MaxBackward1", "{out} = {0}.max()", [(2, 3)], ()),
    ("MaxPool2DWithIndicesBackward0", "{out} = F.max_pool2d({0}, 2)", [(1, 1, 4, 4)],
     (1, 1, 2, 2)),
    ("MaxPool2DWithIndicesBackwardBackward0", "{out} = F.max_pool2d({0}, 2, stride=1)",
     [(1, 3, 3)], (1, 2, 2)),
    ("MaximumBackward0", "{out} = torch.maximum({0}, {1})", [(3,), (3,)], (3,)),
    ("MeanBackward0", "{out} = {0}.mean()", [(3,)], ()),
    ("MeanBackward1", "{out} = {0}.mean(dim=0)", [(3, 2)], (2,)),
    ("MedianBackward0", "{out} = {0}.median()", [(2, 3)], ()),
    ("MedianBackward1", "{out} = torch.median({0}, 0, keepdim=True)[0]", [(3, 2)], (1, 2)),
    ("MinBackward0", "{out} = {0}.min(dim=0).values", [(3, 2)], (2,)),
    ("MinBackward1", "{out} = {0}.min()", [(3,)], ()),
    ("MinimumBackward0", "{out} = torch.minimum({0}, {1})", [(3,), (3,)], (3,)),
    ("MmBackward0", "{out} = torch.mm({0}, {1})", [(2, 3), (3, 2)], (2, 2)),
    ("ModeBackward0", "{out} = ({0} > 0.9).float().add({0}).mode(dim=0).values", [(3, 2)],
     (2,)),
    ("MseLossBackward0", "{out} = F.mse_loss({0}, {1})", [(3,), (3,)], ()),
    ("MseLossBackwardBackward0", "{out} = F.mse_loss({0}, {1}, reduction='sum')",
     [(3,), (3,)], ()),
    ("MulBackward0", "{out} = {0} * {1}", [(3,), (3,)], (3,)),
    ("MulBackward1", "{out} = {0}.exp2()", [(3,)], (3,)),
    ("MvBackward0", "{out} = torch.mv({0}, {1})", [(2, 3), (3,)], (2,)),
    ("NanmedianBackward0", "{out} = {0}.nanmedian()", [(4,)], ()),
    ("NanmedianBackward1", "{out} = {0}.nanmedian(dim=1).values", [(2, 3)], (2,)),
    ("NativeBatchNormBackward0", "{out} = F.batch_norm({0}, None, None, training=True)",
     [(3, 2)], (3, 2)),
    ("NativeBatchNormBackwardBackward0",
     "{out} = F.batch_norm({0}, None, None, {1}, {2}, training=True)", [(3, 2), (2,), (2,)],
     (3, 2)),
    ("NegBackward0", "{out} = -{0}", [(3,)], (3,)),
    ("NllLossBackward0", "{out} = F.nll_loss({0}.log_softmax(1), torch.tensor([0, 2, 1]))",
     [(3, 3)], ()),
    ("NllLossBackwardBackward0",
     "{out} = F.nll_loss(({0} * {0}).log_softmax(1), torch.tensor([0, 2, 1]))", [(3, 3)], ()),
    ("NormBackward1", "{out} = F.pairwise_distance({0}, {1}, 3.0)", [(2, 3), (3,)], (2,)),
    ("NormalBackward1", "torch.manual_seed(1); {out} = torch.normal({0}, 0.5)", [(3,)], (3,)),
    ("NormalBackward2", "torch.manual_seed(2); {out} = torch.normal(0.5, {0}.abs())", [(3,)],
     (3,)),
    ("NormalBackward3", "torch.manual_seed(3); {out} = torch.normal({0}, {1}.abs())",
     [(3,), (3,)], (3,)),
    ("PermuteBackward0", "{out} = {0}.permute(2, 0, 1)", [(1, 2, 3)], (3, 1, 2)),
    ("PowBackward0", "{out} = {0} ** 3", [(3,)], (3,)),
    ("PowBackward1", "{out} = {0}.abs() ** {1}", [(3,), (3,)], (3,)),
    ("PowBackward2", "{out} = 2 ** {0}", [(3,)], (3,)),
    ("PreluKernelBackward0", "{out} = F.prelu({0}, {1})", [(2, 3), (1,)], (2, 3)),
    ("PreluKernelBackwardBackward0", "{out} = F.prelu({0}, {1})", [(2, 3), (3,)], (2, 3)),
    ("ProdBackward0", "{out} = {0}.prod()", [(3,)], ()),
    ("ProdBackward1", "{out} = {0}.prod(dim=1, keepdim=True)", [(2, 3)], (2, 1)),
    ("PutBackward0", "{out} = {0}.take(torch.tensor([[3, 0], [1, 3]]))", [(2, 2)], (2, 2)),
    ("Rad2DegBackward0", "{out} = {0}.rad2deg()", [(2, 2)], (2, 2)),
    ("ReciprocalBackward0", "{out} = {0}.reciprocal()", [(3,)], (3,)),
    ("ReluBackward0", "{out} = {0}.relu()", [(3,)], (3,)),
    ("RemainderBackward0", "{out} = torch.remainder({0}, 1.5)", [(3,)], (3,)),
    ("RemainderBackward1", "{out} = torch.remainder({0}, {1})", [(3,), (3,)], (3,)),
    ("RepeatBackward0", "{out} = {0}.repeat(2, 1)", [(3,)], (2, 3)),
    ("ReshapeAliasBackward0", "{out} = {0}[:, 1].reshape(-1)", [(3, 3)], (3,)),
    ("RollBackward0", "{out} = {0}.roll(1, 0)", [(3,)], (3,)),
    ("RoundBackward0", "{out} = {0}.round()", [(3,)], (3,)),
    ("RoundBackward1", "{out} = {0}.round(decimals=1)", [(3,)], (3,)),
    ("RsqrtBackward0", "{out} = {0}.rsqrt()", [(3,)], (3,)),
    ("RsubBackward1", "{out} = 2 - {0}", [(3,)], (3,)),
    ("ScatterAddBackward0", "{out} = {0}.gather(0, torch.tensor([1, 1]))", [(3,)], (2,)),
    ("ScatterBackward0", "{out} = {0}.max(dim=0)[0]", [(3, 2)], (2,)),
    ("ScatterBackward1", "{out} = {0}.scatter(0, torch.tensor([[1, 0]]), 2.5)", [(3, 2)], (3, 2)),
    ("SelectBackward0", "{out} = {0}[1]", [(2, 3)], (3,)),
    ("SelectBackwardBackward0", "{out} = {0}.select(1, 0)", [(2, 3)], (2,)),
    ("SigmoidBackward0", "{out} = {0}.sigmoid()", [(3,)], (3,)),
    ("SigmoidBackwardBackward0", "{out} = torch.sigmoid({0})", [(2, 2)], (2, 2)),
    ("SgnBackward0", "{out} = torch.abs({0})", [(3,)], (3,)),
    ("SignBackward0", "{out} = {0}.sign()", [(3,)], (3,)),
    ("SiluBackward0", "{out} = F.silu({0})", [(3,)], (3,)),
    ("SinBackward0", "{out} = {0}.sin()", [(3,)], (3,)),
    ("SinhBackward0", "{out} = {0}.sinh()", [(3,)], (3,)),
    ("SliceBackward0", "{out} = {0}[:, 1:]", [(2, 3)], (2, 2)),
    ("SliceBackwardBackward0", "{out} = {0}[1:]", [(3,)], (2,)),
    ("SmoothL1LossBackward0", "{out} = F.smooth_l1_loss({0}, {1}, beta=0.5)", [(3,), (3,)],
     ()),
    ("SmoothL1LossBackwardBackward0", "{out} = F.smooth_l1_loss({0}, {1}, reduction='sum')",
     [(2, 2), (2, 2)], ()),
    ("SoftmaxBackward0", "{out} = {0}.softmax(0)", [(3, 2)], (3, 2)),
    ("SoftmaxBackwardDataBackward0", "{out} = F.softmax({0}, dim=-1)", [(2, 3)], (2, 3)),
    ("SoftplusBackward0", "{out} = F.softplus({0}, beta=2.0)", [(3,)], (3,)),
    ("SoftplusBackwardBackward0", "{out} = F.softplus({0})", [(2, 2)], (2, 2)),
    ("SortBackward0", "{out} = torch.sort({0}, dim=0)[0]", [(3, 2)], (3, 2)),
    ("SplitBackward0", "{out} = {0}.split(2)[0]", [(3,)], (2,)),
    ("SplitWithSizesBackward0", "{out} = {0}.split([1, 2])[1]", [(3,)], (2,)),
    ("SqrtBackward0", "{out} = {0}.sqrt()", [(3,)], (3,)),
    ("SqueezeBackward0", "{out} = {0}.squeeze()", [(1, 3)], (3,)),
    ("SqueezeBackward1", "{out} = {0}.squeeze(1)", [(3, 1)], (3,)),
    ("SqueezeBackward2", "{out} = {0}.squeeze((0, 2))", [(1, 3, 1)], (3,)),
    ("SqueezeBackward4", "{out} = {0} @ {1}", [(3,), (3, 2)], (2,)),
    ("SqueezeBackward3", "{out} = ({0} * 1).squeeze_()", [(1, 3)], (3,)),
    ("SqueezeBackward5", "{out} = ({0} * 1).squeeze_((0, 2))", [(1, 3, 1)], (3,)),
    ("StackBackward0", "{out} = torch.stack([{0}, {1}], 1)", [(3,), (3,)], (3, 2)),
    ("StdMeanBackward0", "{out} = torch.std_mean({0}, dim=0)[0] + torch.std_mean({0})[1]",
     [(3, 2)], (2,)),
    ("StdBackward0", "{out} = {0}.std(dim=0)", [(3, 2)], (2,)),
    ("SubBackward0", "{out} = {0} - {1}", [(3,), (2, 3)], (2, 3)),
    ("SumBackward0", "{out} = {0}.sum()", [(3,)], ()),
    ("SumBackward1", "{out} = {0}.sum(dim=1)", [(2, 3)], (2,)),
    ("TBackward0", "{out} = {0}.t()", [(2, 3)], (3, 2)),
    ("TBackward1", "{out} = ({0} * 1).t_()", [(2, 3)], (3, 2)),
    ("TakeBackward0", "{out} = {0}.take(torch.tensor([3, 0]))", [(2, 2)], (2,)),
    ("TanBackward0", "{out} = {0}.tan()", [(3,)], (3,)),
    ("TanhBackward0", "{out} = {0}.tanh()", [(3,)], (3,)),
    ("TanhBackwardBackward0", "{out} = torch.tanh({0})", [(2, 2)], (2, 2)),
    ("ThresholdBackwardBackward0", "{out} = F.relu({0} * {0})", [(3,)], (3,)),
    ("ToCopyBackward0", "{out} = {0}.double() + {0}.float()", [(3,)], (3,)),
    ("TraceBackward0", "{out} = torch.trace({0})", [(2, 3)], ()),
    ("TopkBackward0", "{out} = {0}.topk(2, dim=0, sorted=False)[0]", [(3, 2)], (2, 2)),
    ("TransposeBackward0", "{out} = {0}.transpose(0, 1)", [(2, 3)], (3, 2)),
    ("TransposeBackward1", "{out} = ({0} * 1).transpose_(0, 1)", [(2, 3)], (3, 2)),
    ("TrilBackward0", "{out} = {0}.tril()", [(3, 3)], (3, 3)),
    ("TriuBackward0", "{out} = {0}.triu(1)", [(3, 3)], (3, 3)),
    ("TruncBackward0", "{out} = {0}.trunc()", [(3,)], (3,)),
    ("UnbindBackward0", "{out} = {0}.unbind(1)[0]", [(2, 3)], (2,)),
    ("UnsafeViewBackward0", "{out} = {0} @ {1}", [(2, 2, 3), (2, 3, 2)], (2, 2, 2)),
    ("UnsqueezeBackward0", "{out} = {0}.unsqueeze(1)", [(3,)], (3, 1)),
    ("UnsqueezeBackward1", "{out} = ({0} * 1).unsqueeze_(1)", [(3,)], (3, 1)),
    ("VarMeanBackward0", "{out} = torch.var_mean({0}, 1, keepdim=True)[1] * 3", [(2, 3)],
     (2, 1)),
    ("VarBackward0", "{out} = {0}.var()", [(3,)], ()),
    ("ViewBackward0", "{out} = {0}.view(3, 2)", [(2, 3)], (3, 2)),
    ("WhereBackward0", "{out} = torch.where({0} > 0, {0}, {1})", [(3,), (3,)], (3,)),
    ("ZeroBackward0", "{out} = {0} * 1; {out}.zero_()", [(3,)], (3,)),
    ("torch::autograd::CopyBackwards", "{out} = {0} * 1; {out}.copy_({1})", [(3,), (3,)],
     (3,)),
    ("torch::autograd::CopySlices", "{out} = {0} * 1; {out}[0] = {1}", [(2, 3), (3,)],
     (2, 3)),
)


@dataclass
class Var:
    name: str
    shape: tuple
    dtype: str          # "float32" or "float64"
    grad: bool          # requires grad
    leaf: bool


def _broadcast(*shapes):
    try:
        return tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        return None


class Builder:
    """One program under construction: its statements and the tensors it has named."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.lines: list[str] = list(PRELUDE)
        self.vars: list[Var] = []
        self.count = 0

    # ---- helpers
    def fresh(self, prefix: str = "t") -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def literal(self, shape: tuple) -> str:
        rng = self.rng
        if not shape:
            v = rng.choice(VALUES) if rng.random() < 0.6 else round(rng.uniform(-2, 2), 3)
            return repr(v)
        return "[" + ", ".join(self.literal(shape[1:]) for _ in range(shape[0])) + "]"

    def shape(self) -> tuple:
        rng = self.rng
        nd = rng.choice((0, 1, 1, 2, 2, 2, 3, 3))
        shape = tuple(rng.choice(SIZES) for _ in range(nd))
        if shape and rng.random() < 0.03:
            shape = shape[:-1] + (0,)
        return shape

    def leaf(self, shape: tuple | None = None, dtype: str | None = None,
             grad: bool | None = None, prefix: str = "w") -> Var:
        rng = self.rng
        shape = self.shape() if shape is None else shape
        dtype = dtype or rng.choice(("float32", "float64"))
        grad = rng.random() < 0.75 if grad is None else grad
        name = self.fresh(prefix)
        args = [self.literal(shape) if shape else self.literal(())]
        if dtype == "float64":
            args.append("dtype=torch.float64")
        if grad:
            args.append("requires_grad=True")
        if 0 in shape:  # an empty literal has no shape of its own
            factory = "torch.zeros(" + ", ".join(map(str, shape))
            self.lines.append(f"{name} = {factory}{', ' + ', '.join(args[1:]) if args[1:] else ''})")
        else:
            self.lines.append(f"{name} = torch.tensor({', '.join(args)})")
        var = Var(name, shape, dtype, grad, True)
        self.vars.append(var)
        return var

    def pick(self, pred=lambda v: True) -> Var | None:
        fits = [v for v in self.vars if pred(v)]
        return self.rng.choice(fits) if fits else None

    def dim(self, v: Var) -> int:
        nd = len(v.shape)
        return self.rng.randrange(-nd, nd) if nd else self.rng.choice((0, -1))

    def result(self, expr: str, shape: tuple, dtype: str, grad: bool, show: float = 0.5) -> Var:
        name = self.fresh()
        self.lines.append(f"{name} = {expr}")
        var = Var(name, shape, dtype, grad, not grad)
        self.vars.append(var)
        if self.rng.random() < show:
            self.show(var)
        return var

    def show(self, v: Var) -> None:
        rng = self.rng
        r = rng.random()
        if r < 0.7:
            self.lines.append(f"print({v.name})")
        elif r < 0.85:
            self.lines.append(f"print({v.name}.grad_fn)")
        elif r < 0.93:
            self.lines.append(f"print({v.name}.sum().item())")
        else:
            self.lines.append(f"print({v.name}.shape, {v.name}.requires_grad, {v.name}.is_leaf)")

    # ---- ops: each returns False when it does not apply to what the program has
    def op_unary(self) -> bool:
        v = self.pick()
        m = self.rng.choice(UNARY)
        expr = f"{v.name}.{m}()" if self.rng.random() < 0.7 else f"torch.{m}({v.name})"
        self.result(expr, v.shape, v.dtype, v.grad)
        return True

    def op_activation(self) -> bool:
        v = self.pick()
        self.result("F." + self.rng.choice(ACTIVATIONS).format(v.name), v.shape, v.dtype, v.grad)
        return True

    def op_softmax(self) -> bool:
        v = self.pick()
        f = self.rng.choice(("softmax", "log_softmax"))
        form = self.rng.choice((f"F.{f}({v.name}, dim={{}})", f"{v.name}.{f}({{}})",
                                f"torch.{f}({v.name}, {{}})"))
        self.result(form.format(self.dim(v)), v.shape, v.dtype, v.grad)
        return True

    def op_reduction(self) -> bool:
        rng = self.rng
        v = self.pick()
        m = rng.choice(REDUCTIONS)
        if m == "logsumexp" or rng.random() < 0.5:
            d = self.dim(v)
            keep = rng.random() < 0.4
            shape = list(v.shape)
            if shape:
                if keep:
                    shape[d] = 1
                else:
                    del shape[d]
            expr = f"{v.name}.{m}(dim={d}{', keepdim=True' if keep else ''})"
            if m in ("max", "min"):
                expr += rng.choice((".values", "[0]", ".indices"))
                grad = v.grad and not expr.endswith("indices")
                return bool(self.result(expr, tuple(shape), v.dtype if grad or
                                        not expr.endswith("indices") else "int64", grad))
            return bool(self.result(expr, tuple(shape), v.dtype, v.grad))
        if m == "var" and rng.random() < 0.3:
            return bool(self.result(f"{v.name}.var(unbiased=False)", (), v.dtype, v.grad))
        return bool(self.result(f"{v.name}.{m}()", (), v.dtype, v.grad))

    def op_cumsum(self) -> bool:
        v = self.pick()
        return bool(self.result(f"{v.name}.cumsum({self.dim(v)})", v.shape, v.dtype, v.grad))

    def partner(self, v: Var) -> Var:
        """A tensor that broadcasts with v: one the program has, or a new leaf."""
        fits = [w for w in self.vars if w.dtype != "int64" and _broadcast(v.shape, w.shape)]
        if fits and self.rng.random() < 0.6:
            return self.rng.choice(fits)
        shape = v.shape[self.rng.randrange(len(v.shape) + 1):]
        if shape and self.rng.random() < 0.3:
            shape = (1,) + shape[1:]
        return self.leaf(shape, dtype=v.dtype if self.rng.random() < 0.8 else None)

    def op_binary(self) -> bool:
        rng = self.rng
        v = self.pick(lambda v: v.dtype != "int64")
        if v is None:
            return False
        if rng.random() < 0.25:
            c = rng.choice(("2", "0.5", "-1.5", "3"))
            op = rng.choice(BINARY)
            expr = f"{c} {op} {v.name}" if rng.random() < 0.5 else f"{v.name} {op} {c}"
            return bool(self.result(expr, v.shape, v.dtype, v.grad))
        w = self.partner(v)
        dtype = "float64" if "float64" in (v.dtype, w.dtype) else "float32"
        if rng.random() < 0.7:
            expr = f"{v.name} {rng.choice(BINARY)} {w.name}"
        else:
            expr = rng.choice(BINARY_FUNCTIONS).format(v.name, w.name)
        return bool(self.result(expr, _broadcast(v.shape, w.shape), dtype, v.grad or w.grad))

    def op_pow(self) -> bool:
        v = self.pick(lambda v: v.dtype != "int64")
        if v is None:
            return False
        form = self.rng.choice(("{0} ** 2", "{0}.pow(3)", "{0}.abs() ** 1.5", "torch.pow({0}, {0})",
                                "2 ** {0}", "{0}.pow(0.5)", "{0} ** -1", "{0}.square()"))
        return bool(self.result(form.format(v.name), v.shape, v.dtype, v.grad))

    def op_matmul(self) -> bool:
        rng = self.rng
        v = self.pick(lambda v: len(v.shape) >= 1 and v.dtype != "int64")
        if v is None:
            return False
        n = v.shape[-1]
        k = rng.choice((1, 2, 3))
        m = rng.choice(SIZES)
        if k == 1:
            shape = (n,)
        elif k == 2:
            shape = (n, m)
        else:
            batch = v.shape[0] if len(v.shape) == 3 and rng.random() < 0.7 else rng.choice((1, 2))
            shape = (batch, n, m)
        w = self.leaf(shape, dtype=v.dtype if rng.random() < 0.9 else None)
        left, right = v, w
        if rng.random() < 0.3 and len(shape) >= 2 and len(v.shape) <= 2:  # w.mT @ v: (m, n) @ (n,...)
            left, right = w, v
            wexpr = f"{w.name}.mT" if len(shape) == 3 else f"{w.name}.T"
            a, b = np.empty(shape[:-2] + (shape[-1], shape[-2])), np.empty(v.shape)
            expr = f"{wexpr} @ {v.name}"
        else:
            a, b = np.empty(v.shape), np.empty(shape)
            fn = rng.choice(("{} @ {}", "torch.matmul({}, {})", "{}.matmul({})"))
            expr = fn.format(v.name, w.name)
        try:
            out = np.matmul(a, b).shape
        except ValueError:
            out = ()
        dtype = "float64" if "float64" in (v.dtype, w.dtype) else "float32"
        return bool(self.result(expr, tuple(out), dtype, left.grad or right.grad))

    def op_view(self) -> bool:
        rng = self.rng
        v = self.pick()
        s, nd = v.shape, len(v.shape)
        forms = [("{}.reshape(-1)", (int(np.prod(s)),)), ("{}.flatten()", (int(np.prod(s)),)),
                 ("{}.unsqueeze(0)", (1,) + s), ("{}.squeeze()", tuple(x for x in s if x != 1)),
                 ("{}.clone()", s), ("{}.contiguous()", s), ("{}[None]", (1,) + s),
                 ("{}.expand(2, *{}.shape)", (2,) + s)]
        if nd >= 1:
            d = self.dim(v)
            rest = s[:d % nd] + s[d % nd + 1:]
            forms += [("{}[0]", s[1:]), ("{}[-1]", s[1:]), ("{}.view(-1)", (int(np.prod(s)),)),
                      (f"{{}}.select({d}, 0)", rest), (f"{{}}.squeeze({d})",
                                                     rest if s[d] == 1 else s),
                      (f"{{}}.flip({d})", s), (f"{{}}.roll(1, {d})", s),
                      (f"{{}}.narrow({d}, 0, 1)", s[:d % nd] + (1,) + s[d % nd + 1:]),
                      ("{}[1:]", (max(s[0] - 1, 0),) + s[1:]), ("{}[..., ::2]",
                                                              s[:-1] + ((s[-1] + 1) // 2,)),
                      ("{}.repeat(" + ", ".join(["2"] + ["1"] * (nd - 1)) + ")",
                       (2 * s[0],) + s[1:])]
        if nd <= 2:
            forms += [("{}.t()", s[::-1])]
        if nd >= 2:
            p = list(range(nd))
            rng.shuffle(p)
            forms += [("{}.T", s[::-1]), ("{}.mT", s[:-2] + (s[-1], s[-2])),
                      ("{}.transpose(0, 1)", (s[1], s[0]) + s[2:]),
                      (f"{{}}.permute({', '.join(map(str, p))})", tuple(s[i] for i in p)),
                      ("{}.diagonal()", s[2:] + (min(s[0], s[1]),)), ("{}.tril()", s),
                      ("{}.triu(1)", s), ("{}[:, 1:]", (s[0], max(s[1] - 1, 0)) + s[2:]),
                      ("{}.reshape(" + str(s[-1]) + ", -1)", (s[-1], int(np.prod(s[:-1])))),
                      ("{}[:, 0].reshape(-1)", (s[0],) + s[2:] if nd > 2 else (s[0],))]
        form, shape = rng.choice(forms)
        return bool(self.result(form.format(v.name, v.name), shape, v.dtype, v.grad))

    def op_index(self) -> bool:
        rng = self.rng
        v = self.pick(lambda v: len(v.shape) >= 1 and v.shape[0] > 0)
        if v is None:
            return False
        s, n = v.shape, v.shape[0]
        idx = [rng.randrange(n) for _ in range(rng.choice((1, 2, 3)))]
        forms = [(f"{{0}}[torch.tensor({idx})]", (len(idx),) + s[1:]),
                 (f"{{0}}.index_select(0, torch.tensor({idx}))", (len(idx),) + s[1:]),
                 (f"{{0}}[{idx}]", (len(idx),) + s[1:]),
                 ("{0}[{0} > 0]", (0,)), ("{0}.masked_select({0} < 0.5)", (0,)),
                 (f"{{0}}.take(torch.tensor({idx}))", (len(idx),))]
        d = self.dim(v)
        index = self.ints(s, s[d])
        forms.append((f"{{0}}.gather({d}, torch.tensor({index}))", s))
        form, shape = rng.choice(forms)
        return bool(self.result(form.format(v.name), shape, v.dtype, v.grad))

    def ints(self, shape: tuple, bound: int) -> str:
        if not shape:
            return str(self.rng.randrange(max(bound, 1)))
        return "[" + ", ".join(self.ints(shape[1:], bound) for _ in range(shape[0])) + "]"

    def op_join(self) -> bool:
        rng = self.rng
        v = self.pick(lambda v: v.dtype != "int64")
        if v is None:
            return False
        others = [w for w in self.vars if w.shape == v.shape and w is not v
                  and w.dtype != "int64"] or [v]
        w = rng.choice(others)
        nd = len(v.shape)
        dtype = "float64" if "float64" in (v.dtype, w.dtype) else "float32"
        grad = v.grad or w.grad
        d = self.dim(v)
        if rng.random() < 0.4 or nd == 0:
            shape = v.shape[:d % (nd + 1)] + (2,) + v.shape[d % (nd + 1):] if nd else (2,)
            dd = d if nd else 0
            return bool(self.result(f"torch.stack([{v.name}, {w.name}], {dd})", shape, dtype, grad))
        if rng.random() < 0.6:
            shape = list(v.shape)
            shape[d] *= 2
            return bool(self.result(f"torch.cat(({v.name}, {w.name}), dim={d})", tuple(shape),
                                    dtype, grad))
        shape = v.shape[:d % nd] + v.shape[d % nd + 1:]
        form = rng.choice((f"{v.name}.unbind({d})[0]", f"{v.name}.split(1, {d})[-1]",
                           f"{v.name}.chunk(2, {d})[0]"))
        if "unbind" not in form:
            shape = v.shape[:d % nd] + (1,) + v.shape[d % nd + 1:]
        return bool(self.result(form, shape, v.dtype, v.grad))

    def op_select(self) -> bool:
        rng = self.rng
        v = self.pick(lambda v: v.dtype != "int64")
        if v is None:
            return False
        r = rng.random()
        if r < 0.35:
            w = self.partner(v)
            shape = _broadcast(v.shape, w.shape)
            cond = rng.choice((f"{v.name} > 0", f"{w.name} < {v.name}", f"{v.name} != 0.5"))
            dtype = "float64" if "float64" in (v.dtype, w.dtype) else "float32"
            return bool(self.result(f"torch.where({cond}, {v.name}, {w.name})", shape, dtype,
                                    v.grad or w.grad))
        if r < 0.45:
            return bool(self.result(f"torch.where({v.name} < 0, {v.name}, 0.0)", v.shape,
                                    v.dtype, v.grad))
        form = rng.choice(("{0}.clamp(-0.5, 1.0)", "{0}.clamp(min=0.0)", "{0}.clamp(max=0.5)",
                           "{0}.clamp_min(0.25)", "{0}.masked_fill({0} < 0, 0.5)",
                           "{0}.masked_fill({0} > 1, float('-inf'))", "torch.clamp({0}, 0, 0)"))
        return bool(self.result(form.format(v.name), v.shape, v.dtype, v.grad))

    def op_inplace(self) -> bool:
        rng = self.rng
        v = self.pick(lambda v: not v.leaf or not v.grad)
        if v is None:
            return False
        if rng.random() < 0.15 and v.shape:
            self.lines.append(f"{v.name}[0] = {rng.choice(('0.5', '-1.0', '0.0'))}")
        elif rng.random() < 0.15:
            w = self.pick(lambda w: _broadcast(v.shape, w.shape) == v.shape
                          and w.dtype != "int64")
            if w is None:
                return False
            self.lines.append(f"{v.name}.{rng.choice(('add_', 'mul_', 'sub_'))}({w.name})")
            v.grad = v.grad or w.grad
        else:
            self.lines.append(f"{v.name}.{rng.choice(INPLACE)}")
        if rng.random() < 0.5:
            self.show(v)
        return True

    def op_expanded_inplace(self) -> bool:
        rng = self.rng
        shape = self.shape()
        base = f"torch.zeros({shape})"
        name = self.fresh("e")
        self.lines.append(f"{name} = {base}.expand(2, *{base}.shape)")
        self.lines.append(f"{name}.{rng.choice(INPLACE)}")
        self.lines.append(f"print({name})")
        self.vars.append(Var(name, (2,) + shape, "float32", False, True))
        return True

    def op_detach(self) -> bool:
        v = self.pick(lambda v: v.grad)
        if v is None:
            return False
        if self.rng.random() < 0.5:
            return bool(self.result(f"{v.name}.detach()", v.shape, v.dtype, False))
        w = self.partner(v)
        dtype = "float64" if "float64" in (v.dtype, w.dtype) else "float32"
        return bool(self.result(f"{v.name}.detach() * {w.name}", _broadcast(v.shape, w.shape),
                                dtype, w.grad))

    def op_no_grad(self) -> bool:
        v = self.pick(lambda v: v.dtype != "int64")
        if v is None:
            return False
        name = self.fresh()
        expr = self.rng.choice(("{0} * 2", "{0}.exp()", "{0}.sum()", "{0} + {0}"))
        self.lines.append(f"with torch.no_grad():\n    {name} = {expr.format(v.name)}\n"
                          f"    print({name}.requires_grad)")
        shape = () if "sum" in expr else v.shape
        self.vars.append(Var(name, shape, v.dtype, False, True))
        return True

    def op_row(self) -> bool:
        """One of ROW_FORMS, on fresh leaves of one dtype: every row of the op table is drawn."""
        rng = self.rng
        _, form, shapes, shape = rng.choice(ROW_FORMS)
        dtype = rng.choice(("float32", "float64"))
        leaves = [self.leaf(s, dtype=dtype) for s in shapes]
        name = self.fresh()
        self.lines.append(form.format(*(v.name for v in leaves), out=name))
        var = Var(name, shape, dtype, any(v.grad for v in leaves), False)
        var.leaf = not var.grad
        self.vars.append(var)
        if rng.random() < 0.5:
            self.show(var)
        return True

    OPS = (("op_unary", 10), ("op_activation", 6), ("op_softmax", 4), ("op_reduction", 8),
           ("op_cumsum", 2), ("op_binary", 10), ("op_pow", 4), ("op_matmul", 6), ("op_view", 8),
           ("op_index", 5), ("op_join", 4), ("op_select", 6), ("op_inplace", 6),
           ("op_expanded_inplace", 1), ("op_detach", 2), ("op_no_grad", 2), ("op_row", 8))

    # ---- endings
    def ending(self) -> None:
        rng = self.rng
        out = self.pick(lambda v: v.grad and not v.leaf) or self.pick()
        leaves = [v for v in self.vars if v.leaf and v.grad]
        if out is None:
            return
        loss = self.fresh("loss")
        self.lines.append(f"{loss} = {out.name}.{rng.choice(('sum', 'mean'))}()")
        r = rng.random()
        if r < 0.45 or not leaves:
            mid = self.pick(lambda v: not v.leaf and v.grad) if rng.random() < 0.3 else None
            if mid is not None:
                self.lines.append(f"{mid.name}.retain_grad()")
            retain = rng.random() < 0.4
            self.lines.append(f"{loss}.backward({'retain_graph=True' if retain else ''})")
            for v in leaves:
                self.lines.append(f"print({v.name}.grad)")
            if mid is not None:
                self.lines.append(f"print({mid.name}.grad)")
            if rng.random() < 0.3:
                self.lines.append(f"{loss}.backward()")
                for v in leaves:
                    self.lines.append(f"print({v.name}.grad)")
            return
        chosen = rng.sample(leaves, min(len(leaves), rng.choice((1, 2))))
        names = ", ".join(v.name for v in chosen)
        g = self.fresh("g")
        self.lines.append(f"{g} = torch.autograd.grad({loss}, [{names}], create_graph=True)")
        self.lines.append(f"print({g})")
        self.lines.append(f"print([x.grad_fn for x in {g}])")
        second = rng.choice(("{0}[0].sum()", "({0}[0] * {0}[0]).sum()",
                             "({0}[0].exp() * 0.5).sum()", "{0}[-1].mean()"))
        self.lines.append(f"{second.format(g)}.backward()")
        for v in chosen:
            self.lines.append(f"print({v.name}.grad)")


def program(seed: int) -> list[str]:
    """The statements of the program drawn by `seed` (the same seed, the same program)."""
    rng = random.Random(seed)
    b = Builder(rng)
    for _ in range(rng.choice((1, 1, 2, 3))):
        b.leaf(prefix="x")
    ops, weights = zip(*Builder.OPS)
    done = 0
    target = rng.randint(3, 12)
    while done < target:
        if getattr(b, rng.choices(ops, weights)[0])():
            done += 1
    b.ending()
    return b.lines


def source(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"
