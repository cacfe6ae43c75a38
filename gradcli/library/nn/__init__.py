"""torch.nn: Module, Parameter, the containers, layers and losses (imported on first use)."""
from __future__ import annotations

from . import (activation, batchnorm, container, conv, distance, dropout, flatten, init, linear,
               loss, module, parameter, pooling, rnn, sparse)

# the classes torch.nn offers, by the submodule that defines them
_CLASSES = {
    module: ("Module",),
    parameter: ("Parameter", "UninitializedParameter", "UninitializedBuffer"),
    container: ("Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict"),
    linear: ("Identity", "Linear", "LazyLinear"),
    flatten: ("Flatten", "Unflatten"),
    dropout: ("Dropout",),
    conv: ("Conv2d", "LazyConv2d"),
    pooling: ("MaxPool2d", "AvgPool2d", "AdaptiveAvgPool2d", "AdaptiveMaxPool2d"),
    distance: ("PairwiseDistance", "CosineSimilarity"),
    batchnorm: ("BatchNorm1d", "BatchNorm2d", "LazyBatchNorm1d", "LazyBatchNorm2d"),
    activation: ("ReLU", "ReLU6", "Hardtanh", "Sigmoid", "Tanh", "SiLU", "ELU", "GELU",
                 "LeakyReLU", "LogSigmoid", "Softplus", "PReLU", "Softmax", "LogSoftmax"),
    sparse: ("Embedding",),
    rnn: ("RNNBase", "RNN", "GRU", "LSTM", "RNNCellBase", "RNNCell", "GRUCell", "LSTMCell"),
    loss: ("L1Loss", "MSELoss", "NLLLoss", "CrossEntropyLoss", "BCELoss", "BCEWithLogitsLoss",
           "SmoothL1Loss", "HuberLoss"),
}


def entries() -> dict:
    """The names of torch.nn (its submodules functional and init are registered apart)."""
    return {name: getattr(source, name) for source, names in _CLASSES.items() for name in names}
