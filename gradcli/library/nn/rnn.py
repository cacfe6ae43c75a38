"""RNN, GRU, LSTM and their cells: the Python modules of torch/nn/modules/rnn.py over the
composite CPU implementation of ATen's RNN.cpp, op for op (so values, gradients and grad_fns are
the ops'), in the order ATen makes them."""
from __future__ import annotations

import math
import numbers
import warnings

from ...engine import factories
from ...engine.ops import FUNCTIONAL, FUNCTIONS
from . import init
from .module import Module
from .parameter import Parameter, typename

_MODULE = "torch.nn.modules.rnn"
_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "GRU": 3, "LSTM": 4}


# ---- ATen's cells (RNN.cpp): one time step ------------------------------------------------
def _linear(input, weight, bias):
    return FUNCTIONAL["linear"](input, weight, bias)


def _simple_cell(nonlinearity: str):
    def cell(input, hidden, params, precomputed=False):
        # SimpleCell: linear_hh(h).add_(linear_ih(x)); the hidden side is made first
        w_ih, w_hh, b_ih, b_hh = params
        gates = _linear(hidden, w_hh, b_hh)
        return FUNCTIONS[nonlinearity](gates + (input if precomputed else
                                                _linear(input, w_ih, b_ih)))
    return cell


def _gru_cell(input, hidden, params, precomputed=False):
    """GRUCell: r = σ(h_r + x_r), z = σ(h_z + x_z), n = tanh(x_n + h_n·r), h' = (h - n)·z + n.
    ATen works in place on unsafe_chunk's views of the gate matrices, so σ runs over rows of
    the (batch, 3·hidden) layout: the r and z sums keep a strided layout here too, which decides
    which elements the vectorised sigmoid reaches."""
    w_ih, w_hh, b_ih, b_hh = params
    gi = input if precomputed else _linear(input, w_ih, b_ih)
    gh = _linear(hidden, w_hh, b_hh)
    size = hidden.shape[1]
    r, z = (gh[:, :2 * size] + gi[:, :2 * size]).chunk(2, 1)
    reset, update = r.sigmoid(), z.sigmoid()
    new = (gi[:, 2 * size:] + gh[:, 2 * size:] * reset).tanh()
    return (hidden - new) * update + new


def _lstm_cell(input, hidden, params, precomputed=False):
    """LSTMCell: gates = linear_hh(h) + linear_ih(x), chunked into i, f, g, o (σ, σ, tanh, σ);
    c' = f·c + i·g, h' = o·tanh(c')."""
    w_ih, w_hh, b_ih, b_hh = params
    hx, cx = hidden
    gates = _linear(hx, w_hh, b_hh) + (input if precomputed else _linear(input, w_ih, b_ih))
    i, f, g, o = gates.chunk(4, 1)
    ingate, forgetgate, cellgate, outgate = i.sigmoid(), f.sigmoid(), g.tanh(), o.sigmoid()
    cy = forgetgate * cx + ingate * cellgate
    return outgate * cy.tanh(), cy


_CELLS = {"RNN_TANH": _simple_cell("tanh"), "RNN_RELU": _simple_cell("relu"),
          "GRU": _gru_cell, "LSTM": _lstm_cell}


def _output_of(hidden):
    return hidden[0] if isinstance(hidden, tuple) else hidden


# ---- ATen's layers: FullLayer, FullBidirectionalLayer, apply_layer_stack --------------------
def _steps(cell, inputs: list, hidden, params) -> tuple[list, object]:
    outputs = []
    for step in inputs:
        hidden = cell(step, hidden, params, True)
        outputs.append(_output_of(hidden))
    return outputs, hidden


def _layer(cell, input, hidden, params):
    # on the CPU the input projection of every time step is one linear, unbound per step
    outputs, hidden = _steps(cell, list(_linear(input, params[0], params[2]).unbind(0)),
                             hidden, params)
    return FUNCTIONS["stack"](outputs, 0), hidden


def _bidirectional_layer(cell, input, hidden, params):
    forward, forward_hidden = _layer(cell, input, hidden[0], params[0])
    steps = list(_linear(input, params[1][0], params[1][2]).unbind(0))
    outputs, backward_hidden = _steps(cell, steps[::-1], hidden[1], params[1])
    backward = FUNCTIONS["stack"](outputs[::-1], 0)
    return FUNCTIONS["cat"]([forward, backward], forward.dim() - 1), \
        [forward_hidden, backward_hidden]


def _run(mode: str, input, hiddens: list, params: list, num_layers: int, dropout: float,
         train: bool, bidirectional: bool):
    """_rnn_impl: the layers one after the other (dropout between them while training); the
    output and each layer's (and direction's) final hidden state."""
    cell, finals = _CELLS[mode], []
    if bidirectional:
        hiddens = [hiddens[i:i + 2] for i in range(0, len(hiddens), 2)]
        params = [params[i:i + 2] for i in range(0, len(params), 2)]
    for layer in range(num_layers):
        if bidirectional:
            input, final = _bidirectional_layer(cell, input, hiddens[layer], params[layer])
            finals.extend(final)
        else:
            input, final = _layer(cell, input, hiddens[layer], params[layer])
            finals.append(final)
        if dropout != 0 and train and layer < num_layers - 1:
            input = FUNCTIONAL["dropout"](input, dropout, True)
    return input, finals


# ---- the modules --------------------------------------------------------------------------
class RNNBase(Module):
    """What RNN, GRU and LSTM share: their parameters (weight_ih_l0, weight_hh_l0, bias_ih_l0,
    bias_hh_l0, then _reverse, per layer), initialisation, checks and repr."""

    __module__ = _MODULE

    def __init__(self, mode: str, input_size: int, hidden_size: int, num_layers: int = 1,
                 bias: bool = True, batch_first: bool = False, dropout: float = 0.0,
                 bidirectional: bool = False, proj_size: int = 0, device=None,
                 dtype=None) -> None:
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        directions = 2 if bidirectional else 1
        _check_arguments(dropout, num_layers, bias, batch_first, input_size, hidden_size,
                         proj_size)
        if proj_size > 0:
            raise NotImplementedError("gradcli's LSTM does not implement proj_size yet")
        if mode not in _GATES:
            raise ValueError("Unrecognized RNN mode: " + mode)
        gate_size = _GATES[mode] * hidden_size
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(directions):
                layer_input_size = input_size if layer == 0 else hidden_size * directions
                shapes = [(gate_size, layer_input_size), (gate_size, hidden_size)]
                names = ["weight_ih_l{}{}", "weight_hh_l{}{}"]
                if bias:
                    shapes += [(gate_size,), (gate_size,)]
                    names += ["bias_ih_l{}{}", "bias_hh_l{}{}"]
                suffix = "_reverse" if direction == 1 else ""
                names = [name.format(layer, suffix) for name in names]
                for name, shape in zip(names, shapes):
                    setattr(self, name, Parameter(factories.empty(shape, dtype=dtype,
                                                                  device=device)))
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)
        self.reset_parameters()

    @property
    def _flat_weights(self) -> list:
        return [getattr(self, name, None) for name in self._flat_weights_names]

    @property
    def all_weights(self) -> list:
        return [[getattr(self, name) for name in names] for names in self._all_weights]

    def flatten_parameters(self) -> None:
        """cuDNN's packing of the weights: nothing to do on the CPU."""

    def reset_parameters(self) -> None:
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def check_input(self, input, batch_sizes) -> None:
        weight = self._flat_weights[0]
        if input.dtype is not weight.dtype:
            raise ValueError(f"RNN input dtype ({input.dtype}) does not match weight dtype "
                             f"({weight.dtype}). Convert input: input.to({weight.dtype}), or "
                             f"convert model: model.to({input.dtype})")
        if input.dim() != 3:
            raise RuntimeError(f"input must have 3 dimensions, got {input.dim()}")
        if self.input_size != input.size(-1):
            raise RuntimeError("input.size(-1) must be equal to input_size. Expected "
                               f"{self.input_size}, got {input.size(-1)}")

    def get_expected_hidden_size(self, input, batch_sizes) -> tuple:
        mini_batch = input.size(0) if self.batch_first else input.size(1)
        directions = 2 if self.bidirectional else 1
        return (self.num_layers * directions, mini_batch, self.hidden_size)

    def check_hidden_size(self, hx, expected_hidden_size: tuple,
                          msg: str = "Expected hidden size {}, got {}") -> None:
        if hx.size() != expected_hidden_size:
            raise RuntimeError(msg.format(expected_hidden_size, list(hx.size())))

    def check_forward_args(self, input, hidden, batch_sizes) -> None:
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden, self.get_expected_hidden_size(input, batch_sizes))

    def permute_hidden(self, hx, permutation):
        return hx

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        if self.proj_size != 0:
            s += f", proj_size={self.proj_size}"
        if self.num_layers != 1:
            s += f", num_layers={self.num_layers}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if self.batch_first is not False:
            s += f", batch_first={self.batch_first}"
        if self.dropout != 0:
            s += f", dropout={self.dropout}"
        if self.bidirectional is not False:
            s += f", bidirectional={self.bidirectional}"
        return s

    def _batched(self, input, hx, kind: str):
        """nn.RNN/GRU's forward up to the kernel: unbatched input gets a batch dim, hx zeros."""
        if input.dim() not in (2, 3):
            space = " tensor" if kind == "RNN" else ""
            raise ValueError(f"{kind}: Expected input to be 2D or 3D, got {input.dim()}D"
                             f"{space} instead")
        batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not batched:
            input = input.unsqueeze(batch_dim)
            if hx is not None:
                if hx.dim() != 2:
                    raise RuntimeError("For unbatched 2-D input, hx should also be 2-D but got "
                                       f"{hx.dim()}-D tensor")
                hx = hx.unsqueeze(1)
        elif hx is not None and hx.dim() != 3:
            raise RuntimeError("For batched 3-D input, hx should also be 3-D but got "
                               f"{hx.dim()}-D tensor")
        if hx is None:
            hx = self._zeros(input)
        return input, hx, batched, batch_dim

    def _one_hidden_forward(self, input, hx, kind: str):
        """nn.RNN's and nn.GRU's forward: (output, h_n)."""
        input, hx, batched, batch_dim = self._batched(input, hx, kind)
        self.check_forward_args(input, hx, None)
        output, finals = self._impl(input, list(hx.unbind(0)))
        if self.batch_first:
            output.transpose_(0, 1)   # in place, as ONE_HIDDEN_RNN does: TransposeBackward1
        hidden = FUNCTIONS["stack"](finals, 0)
        if not batched:
            return output.squeeze(batch_dim), hidden.squeeze(1)
        return output, hidden

    def _zeros(self, input):
        directions = 2 if self.bidirectional else 1
        batch = input.size(0) if self.batch_first else input.size(1)
        return factories.zeros(self.num_layers * directions, batch, self.hidden_size,
                               dtype=input.dtype)

    def _impl(self, input, hiddens: list):
        """_VF.rnn_tanh/rnn_relu/gru/lstm (ONE_HIDDEN_RNN, lstm): batch-first input is
        transposed to time-first and back."""
        if self.batch_first:
            input = input.transpose(0, 1)
        weights = self._flat_weights
        per_layer = 4 if self.bias else 2
        params = [tuple(weights[i:i + per_layer]) + (None, None)[:4 - per_layer]
                  for i in range(0, len(weights), per_layer)]
        return _run(self.mode, input, hiddens, params, self.num_layers, self.dropout,
                    self.training, self.bidirectional)


def _check_arguments(dropout, num_layers, bias, batch_first, input_size, hidden_size,
                     proj_size) -> None:
    if (not isinstance(dropout, numbers.Number) or not 0 <= dropout <= 1
            or isinstance(dropout, bool)):
        raise ValueError("dropout should be a number in range [0, 1] representing the "
                         "probability of an element being zeroed")
    if dropout > 0 and num_layers == 1:
        warnings.warn("dropout option adds dropout after all but last recurrent layer, so "
                      "non-zero dropout expects num_layers greater than 1, but got "
                      f"dropout={dropout} and num_layers={num_layers}", UserWarning)
    for name, value in (("bias", bias), ("batch_first", batch_first)):
        if not isinstance(value, bool):
            raise TypeError(f"{name} should be of type bool, got: {typename(value)}")
    for name, value in (("input_size", input_size), ("hidden_size", hidden_size)):
        if not isinstance(value, int):
            raise TypeError(f"{name} should be of type int, got: {typename(value)}")
        if value <= 0:
            raise ValueError(f"{name} must be greater than zero")
    if num_layers <= 0:
        raise ValueError("num_layers must be greater than zero")
    if proj_size < 0:
        raise ValueError("proj_size should be a positive integer or zero to disable projections")
    if proj_size >= hidden_size:
        raise ValueError("proj_size has to be smaller than hidden_size")


class RNN(RNNBase):
    """An Elman RNN: h_t = tanh(x_t W_ihᵀ + b_ih + h_{t-1} W_hhᵀ + b_hh) (or relu)."""

    __module__ = _MODULE

    def __init__(self, *args, **kwargs) -> None:
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        modes = {"tanh": "RNN_TANH", "relu": "RNN_RELU"}
        if self.nonlinearity not in modes:
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' "
                             "or 'relu'.")
        super().__init__(modes[self.nonlinearity], *args, **kwargs)

    def forward(self, input, hx=None):
        return self._one_hidden_forward(input, hx, "RNN")


class GRU(RNNBase):
    """A gated recurrent unit (reset, update and new gates in that order)."""

    __module__ = _MODULE

    def __init__(self, *args, **kwargs) -> None:
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)

    def forward(self, input, hx=None):
        return self._one_hidden_forward(input, hx, "GRU")


class LSTM(RNNBase):
    """A long short-term memory (input, forget, cell and output gates in that order); returns
    (output, (h_n, c_n))."""

    __module__ = _MODULE

    def __init__(self, *args, **kwargs) -> None:
        super().__init__("LSTM", *args, **kwargs)

    def get_expected_cell_size(self, input, batch_sizes) -> tuple:
        return self.get_expected_hidden_size(input, batch_sizes)

    def check_forward_args(self, input, hidden, batch_sizes) -> None:
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden[0], self.get_expected_hidden_size(input, batch_sizes),
                               "Expected hidden[0] size {}, got {}")
        self.check_hidden_size(hidden[1], self.get_expected_cell_size(input, batch_sizes),
                               "Expected hidden[1] size {}, got {}")

    def forward(self, input, hx=None):
        if input.dim() not in (2, 3):
            raise ValueError(f"LSTM: Expected input to be 2D or 3D, got {input.dim()}D instead")
        batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not batched:
            input = input.unsqueeze(batch_dim)
        if hx is None:
            hx = (self._zeros(input), self._zeros(input))
        else:
            dims = (hx[0].dim(), hx[1].dim())
            if batched and dims != (3, 3):
                raise RuntimeError("For batched 3-D input, hx and cx should also be 3-D but "
                                   f"got ({dims[0]}-D, {dims[1]}-D) tensors")
            if not batched:
                if dims != (2, 2):
                    raise RuntimeError("For unbatched 2-D input, hx and cx should also be 2-D "
                                       f"but got ({dims[0]}-D, {dims[1]}-D) tensors")
                hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
        self.check_forward_args(input, hx, None)
        output, finals = self._impl(input, list(zip(hx[0].unbind(0), hx[1].unbind(0))))
        if self.batch_first:
            output = output.transpose(0, 1)
        h = FUNCTIONS["stack"]([pair[0] for pair in finals], 0)
        c = FUNCTIONS["stack"]([pair[1] for pair in finals], 0)
        if not batched:
            return output.squeeze(batch_dim), (h.squeeze(1), c.squeeze(1))
        return output, (h, c)


class RNNCellBase(Module):
    __module__ = _MODULE

    def __init__(self, input_size: int, hidden_size: int, bias: bool, num_chunks: int,
                 device=None, dtype=None) -> None:
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        gates = num_chunks * hidden_size
        self.weight_ih = Parameter(factories.empty((gates, input_size), dtype=dtype,
                                                   device=device))
        self.weight_hh = Parameter(factories.empty((gates, hidden_size), dtype=dtype,
                                                   device=device))
        if bias:
            self.bias_ih = Parameter(factories.empty(gates, dtype=dtype, device=device))
            self.bias_hh = Parameter(factories.empty(gates, dtype=dtype, device=device))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self) -> str:
        s = f"{self.input_size}, {self.hidden_size}"
        if self.bias is not True:
            s += f", bias={self.bias}"
        if getattr(self, "nonlinearity", "tanh") != "tanh":
            s += f", nonlinearity={self.nonlinearity}"
        return s

    reset_parameters = RNNBase.reset_parameters

    def _params(self) -> tuple:
        return (self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)

    def _cell_checks(self, input, hiddens: tuple) -> None:
        """check_rnn_cell_forward_input/_hidden (RNN.cpp)."""
        if input.shape[1] != self.weight_ih.shape[1]:
            raise RuntimeError(f"input has inconsistent input_size: got {input.shape[1]} "
                               f"expected {self.weight_ih.shape[1]}")
        for label, hx in enumerate(hiddens):
            if input.shape[0] != hx.shape[0]:
                raise RuntimeError(f"Input batch size {input.shape[0]} doesn't match hidden"
                                   f"{label} batch size {hx.shape[0]}")
            if hx.shape[1] != self.weight_hh.shape[1]:
                raise RuntimeError(f"hidden{label} has inconsistent hidden_size: got "
                                   f"{hx.shape[1]}, expected {self.weight_hh.shape[1]}")

    def _one_hidden(self, kind: str, input, hx):
        if input.dim() not in (1, 2):
            raise ValueError(f"{kind}: Expected input to be 1D or 2D, got {input.dim()}D "
                             "instead")
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f"{kind}: Expected hidden to be 1D or 2D, got {hx.dim()}D instead")
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = factories.zeros(input.size(0), self.hidden_size, dtype=input.dtype)
        elif not batched:
            hx = hx.unsqueeze(0)
        self._cell_checks(input, (hx,))
        return input, hx, batched


class RNNCell(RNNCellBase):
    __module__ = _MODULE

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True,
                 nonlinearity: str = "tanh", device=None, dtype=None) -> None:
        super().__init__(input_size, hidden_size, bias, 1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        input, hx, batched = self._one_hidden("RNNCell", input, hx)
        mode = "RNN_TANH" if self.nonlinearity == "tanh" else "RNN_RELU"
        ret = _CELLS[mode](input, hx, self._params())
        return ret if batched else ret.squeeze(0)


class GRUCell(RNNCellBase):
    __module__ = _MODULE

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True, device=None,
                 dtype=None) -> None:
        super().__init__(input_size, hidden_size, bias, 3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        input, hx, batched = self._one_hidden("GRUCell", input, hx)
        ret = _gru_cell(input, hx, self._params())
        return ret if batched else ret.squeeze(0)


class LSTMCell(RNNCellBase):
    __module__ = _MODULE

    def __init__(self, input_size: int, hidden_size: int, bias: bool = True, device=None,
                 dtype=None) -> None:
        super().__init__(input_size, hidden_size, bias, 4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f"LSTMCell: Expected input to be 1D or 2D, got {input.dim()}D "
                             "instead")
        if hx is not None:
            for index, value in enumerate(hx):
                if value.dim() not in (1, 2):
                    raise ValueError(f"LSTMCell: Expected hx[{index}] to be 1D or 2D, got "
                                     f"{value.dim()}D instead")
        batched = input.dim() == 2
        if not batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = factories.zeros(input.size(0), self.hidden_size, dtype=input.dtype)
            hx = (zeros, zeros)
        elif not batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
        self._cell_checks(input, tuple(hx))
        h, c = _lstm_cell(input, tuple(hx), self._params())
        return (h, c) if batched else (h.squeeze(0), c.squeeze(0))

