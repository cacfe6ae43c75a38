"""torch.nn.<name>: modules (layers, activations, losses) that hold their parameters, and the
containers that build networks from them."""

PREFIX = "torch.nn"

SUMMARIES = {
    # ---- building networks
    "Module": ("The base of every layer and network: write __init__ (the layers) and forward(x).",
               "所有层和网络的基类：在 __init__ 中定义层，在 forward(x) 中计算。"),
    "Parameter": ("A tensor a module learns: requires grad, listed by module.parameters().",
                  "模块要学习的张量：需要梯度，会出现在 module.parameters() 中。"),
    "Sequential": ("Modules called one after another, each on the previous one's output.",
                   "依次调用的模块，每个作用于前一个的输出。"),
    "ModuleList": ("A list of modules whose parameters the owner registers.",
                   "模块的列表，其参数会登记到所属模块中。"),
    "ModuleDict": ("A dictionary of modules whose parameters the owner registers.",
                   "模块的字典，其参数会登记到所属模块中。"),
    "ParameterList": ("A list of Parameters the owner registers.", "会登记到所属模块中的 Parameter 列表。"),
    "ParameterDict": ("A dictionary of Parameters the owner registers.",
                      "会登记到所属模块中的 Parameter 字典。"),
    "UninitializedParameter": ("A lazy module's parameter before its first call: no shape "
                               "yet, and usable only once the call gives it one.",
                               "惰性模块首次调用前的参数：还没有形状，首次调用赋予形状后才能使用。"),
    "UninitializedBuffer": ("A lazy module's buffer before its first call: no shape yet.",
                            "惰性模块首次调用前的缓冲区：还没有形状。"),
    "Identity": ("Returns its input unchanged (a placeholder layer).", "原样返回输入（占位用的层）。"),
    # ---- layers
    "Linear": ("y = x @ weight.T + bias, weight (out_features, in_features) learned.",
               "y = x @ weight.T + bias，weight（out_features, in_features）是学习得到的。"),
    "LazyLinear": ("A Linear whose in_features the first input gives (its last dimension); "
                   "it becomes a Linear then.",
                   "in_features 由首个输入（最后一维）决定的 Linear；首次调用后变成 Linear。"),
    "Flatten": ("Dimensions start_dim … end_dim merged into one (the batch dimension kept).",
                "把 start_dim 到 end_dim 的各维合并为一维（保留批次维）。"),
    "Unflatten": ("One dimension split into the given sizes.", "把一维拆分为给定的各维大小。"),
    "Dropout": ("Zeroes elements with probability p in training (scaling the rest); nothing in "
                "eval().", "训练时以概率 p 把元素置零（其余放大）；eval() 时不做任何事。"),
    "Conv2d": ("A 2-D convolution layer: out_channels filters of kernel_size over the input's "
               "channels.", "二维卷积层：out_channels 个 kernel_size 大小的卷积核作用于输入的各通道。"),
    "LazyConv2d": ("A Conv2d whose in_channels the first input gives; it becomes a Conv2d then.",
                   "in_channels 由首个输入决定的 Conv2d；首次调用后变成 Conv2d。"),
    "MaxPool2d": ("Keeps the largest value of each kernel_size window.",
                  "保留每个 kernel_size 窗口中的最大值。"),
    "AvgPool2d": ("Averages each kernel_size window.", "对每个 kernel_size 窗口求平均。"),
    "AdaptiveAvgPool2d": ("Averages to a fixed output_size, whatever the input size.",
                          "求平均到固定的 output_size，与输入大小无关。"),
    "AdaptiveMaxPool2d": ("Maxima over windows chosen so the output is output_size "
                          "(return_indices=True also gives where they are).",
                          "自动选择窗口取最大值，使输出大小为 output_size（return_indices=True 时同时返回位置）。"),
    "PairwiseDistance": ("The p-norm of x1 - x2 (+ eps) along the last dim, as a layer.",
                         "作为层：x1 - x2（加 eps）沿最后一维的 p-范数。"),
    "CosineSimilarity": ("x1·x2 / (‖x1‖·‖x2‖) along dim, as a layer.",
                         "作为层：沿 dim 的余弦相似度 x1·x2 / (‖x1‖·‖x2‖)。"),
    "BatchNorm1d": ("Normalizes each feature by the batch's statistics (running ones in eval()).",
                    "按批次统计量对每个特征归一化（eval() 时用滑动统计量）。"),
    "BatchNorm2d": ("Normalizes each channel of (N, C, H, W) by the batch's statistics.",
                    "按批次统计量对 (N, C, H, W) 的每个通道归一化。"),
    "LazyBatchNorm1d": ("A BatchNorm1d whose num_features the first input gives.",
                        "num_features 由首个输入决定的 BatchNorm1d。"),
    "LazyBatchNorm2d": ("A BatchNorm2d whose num_features the first input gives.",
                        "num_features 由首个输入决定的 BatchNorm2d。"),
    "Embedding": ("A table of num_embeddings learned vectors of embedding_dim, looked up by "
                  "integer index.", "按整数下标查找的表：num_embeddings 个长度为 embedding_dim 的可学习向量。"),
    "Embedding.from_pretrained": ("An Embedding holding the given 2-D tensor (frozen unless "
                                  "freeze=False).", "用给定二维张量构造的 Embedding（除非 freeze=False，否则不训练）。"),
    # ---- recurrent layers
    "RNNBase": ("What RNN, GRU and LSTM share: parameters per layer and direction, checks, repr.",
                "RNN、GRU 和 LSTM 的共同基类：每层每个方向的参数、检查与显示。"),
    "RNN": ("An Elman RNN over a sequence: h_t = tanh(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + "
            "b_hh); returns (output, h_n).",
            "序列上的 Elman RNN：h_t = tanh(x_t W_ih^T + b_ih + h_{t-1} W_hh^T + b_hh)；返回 "
            "(output, h_n)。"),
    "GRU": ("A gated recurrent unit over a sequence (reset, update, new gates); returns "
            "(output, h_n).", "序列上的门控循环单元（重置门、更新门、候选状态）；返回 (output, h_n)。"),
    "LSTM": ("A long short-term memory over a sequence; returns (output, (h_n, c_n)).",
             "序列上的长短期记忆网络；返回 (output, (h_n, c_n))。"),
    "RNNCellBase": ("What RNNCell, GRUCell and LSTMCell share: weight_ih, weight_hh and biases.",
                    "RNNCell、GRUCell 和 LSTMCell 的共同基类：weight_ih、weight_hh 与偏置。"),
    "RNNCell": ("One time step of an Elman RNN: h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh).",
                "Elman RNN 的一个时间步：h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)。"),
    "GRUCell": ("One time step of a GRU: the new hidden state from x and h.",
                "GRU 的一个时间步：由 x 和 h 得到新的隐状态。"),
    "LSTMCell": ("One time step of an LSTM: (h', c') from x and (h, c).",
                 "LSTM 的一个时间步：由 x 和 (h, c) 得到 (h', c')。"),
    # ---- activations (the functions of torch.nn.functional, as layers)
    "ReLU": ("max(x, 0) as a layer.", "层形式的 max(x, 0)。"),
    "ReLU6": ("min(max(x, 0), 6) as a layer.", "层形式的 min(max(x, 0), 6)。"),
    "Hardtanh": ("x clamped to [min_val, max_val], as a layer.", "层形式的截断到 [min_val, max_val]。"),
    "Sigmoid": ("1 / (1 + e^-x) as a layer.", "层形式的 1 / (1 + e^-x)。"),
    "Tanh": ("The hyperbolic tangent as a layer.", "层形式的双曲正切。"),
    "SiLU": ("x × sigmoid(x) as a layer.", "层形式的 x × sigmoid(x)。"),
    "ELU": ("x for positives, alpha × (e^x - 1) for negatives, as a layer.",
            "层形式的：正数为 x，负数为 alpha × (e^x - 1)。"),
    "GELU": ("x × Φ(x) as a layer.", "层形式的 x × Φ(x)。"),
    "LeakyReLU": ("x for positives, negative_slope × x for negatives, as a layer.",
                  "层形式的：正数为 x，负数为 negative_slope × x。"),
    "LogSigmoid": ("log(sigmoid(x)) as a layer.", "层形式的 log(sigmoid(x))。"),
    "Softplus": ("log(1 + e^(beta·x)) / beta as a layer.", "层形式的 log(1 + e^(beta·x)) / beta。"),
    "PReLU": ("leaky relu whose negative slope is a learned parameter.",
              "负半轴斜率是可学习参数的 leaky relu。"),
    "Softmax": ("softmax along dim as a layer: probabilities that sum to 1.",
                "层形式的沿 dim 的 softmax：和为 1 的概率。"),
    "LogSoftmax": ("log_softmax along dim as a layer (what NLLLoss takes).",
                   "层形式的沿 dim 的 log_softmax（NLLLoss 的输入）。"),
    # ---- losses: called as loss(input, target)
    "L1Loss": ("The mean absolute error, as a module: loss(input, target).",
               "模块形式的平均绝对误差：loss(input, target)。"),
    "MSELoss": ("The mean squared error, as a module: loss(input, target).",
                "模块形式的均方误差：loss(input, target)。"),
    "NLLLoss": ("The negative log-likelihood of the target classes, from log-probabilities.",
                "由对数概率计算目标类别的负对数似然。"),
    "CrossEntropyLoss": ("Cross-entropy of raw scores (logits) against class indices or "
                         "probabilities.", "原始得分（logits）相对类别下标或概率的交叉熵。"),
    "BCELoss": ("Binary cross-entropy of probabilities (after a sigmoid) against 0/1 targets.",
                "概率（经过 sigmoid 后）相对 0/1 目标的二元交叉熵。"),
    "BCEWithLogitsLoss": ("Binary cross-entropy of raw scores, sigmoid inside (more stable than "
                          "BCELoss).", "原始得分的二元交叉熵，内部做 sigmoid（比 BCELoss 更稳定）。"),
    "SmoothL1Loss": ("Squared error below beta, absolute error above it, as a module.",
                     "模块形式：误差小于 beta 时取平方误差，否则取绝对误差。"),
    "HuberLoss": ("Squared error below delta, delta-scaled absolute error above it.",
                  "误差小于 delta 时取平方误差，否则取按 delta 缩放的绝对误差。"),
}

# ---- what a module offers (every layer and network inherits these rows)
MODULE_METHODS = {
    "forward": ("The computation on the input; call the module itself, model(x), which runs the "
                "hooks too.", "对输入的计算；请直接调用模块 model(x)，它还会运行钩子。"),
    "parameters": ("The parameters of this module and every submodule, one by one (what an "
                   "optimizer takes).", "本模块及所有子模块的参数，逐个给出（优化器要的就是它）。"),
    "named_parameters": ("(name, parameter) pairs: 'fc.weight', 'fc.bias', …",
                         "（名称, 参数）对：'fc.weight'、'fc.bias'、…"),
    "buffers": ("The buffers (state that is not learned, like running_mean), one by one.",
                "逐个给出缓冲区（不学习的状态，例如 running_mean）。"),
    "named_buffers": ("(name, buffer) pairs.", "（名称, 缓冲区）对。"),
    "children": ("The direct submodules, one by one.", "逐个给出直接子模块。"),
    "named_children": ("(name, submodule) pairs of the direct submodules.", "直接子模块的（名称, 子模块）对。"),
    "modules": ("This module and every module inside it, depth first.", "本模块及其中的所有模块，深度优先。"),
    "named_modules": ("(name, module) pairs for this module ('') and every module inside it.",
                      "本模块（名称为 ''）及其中所有模块的（名称, 模块）对。"),
    "train": ("Training mode (dropout drops, batch norm uses the batch); returns the module.",
              "训练模式（dropout 生效，batch norm 用批次统计）；返回模块本身。"),
    "eval": ("Evaluation mode (no dropout, batch norm uses running statistics); returns the "
             "module.", "评估模式（不做 dropout，batch norm 用滑动统计量）；返回模块本身。"),
    "zero_grad": ("Clear the .grad of every parameter (set to None by default).",
                  "清空所有参数的 .grad（默认设为 None）。"),
    "requires_grad_": ("Turn gradient tracking of every parameter on or off (to freeze layers).",
                       "打开或关闭所有参数的梯度跟踪（用于冻结层）。"),
    "state_dict": ("The parameters and buffers by name, as a dict to save or load.",
                   "按名称排列的参数和缓冲区（字典），用于保存或加载。"),
    "load_state_dict": ("Copy parameters and buffers from a state_dict (strict: names must match).",
                        "从 state_dict 复制参数和缓冲区（strict：名称必须一致）。"),
    "apply": ("Call fn on every submodule and then on this module (to initialize weights).",
              "对每个子模块再对本模块调用 fn（常用于初始化权重）。"),
    "to": ("Move or convert the parameters and buffers (dtype, device); returns the module.",
           "移动或转换参数和缓冲区（dtype、device）；返回模块本身。"),
    "float": ("Parameters and buffers as float32; returns the module.",
              "把参数和缓冲区转为 float32；返回模块本身。"),
    "double": ("Parameters and buffers as float64; returns the module.",
               "把参数和缓冲区转为 float64；返回模块本身。"),
    "type": ("Parameters and buffers as the given dtype; returns the module.",
             "把参数和缓冲区转为给定 dtype；返回模块本身。"),
    "cpu": ("The module on the CPU (where gradcli always is); returns the module.",
            "把模块放到 CPU 上（gradcli 总在 CPU 上）；返回模块本身。"),
    "cuda": ("Move the module to a GPU (gradcli has none).", "把模块移到 GPU 上（gradcli 没有 GPU）。"),
    "add_module": ("Register a submodule under a name (the same as self.name = module).",
                   "以某个名称登记子模块（与 self.name = module 相同）。"),
    "register_module": ("The same as add_module.", "与 add_module 相同。"),
    "register_parameter": ("Register a Parameter under a name (None leaves a slot for it).",
                           "以某个名称登记 Parameter（None 表示留出位置）。"),
    "register_buffer": ("Register a tensor that is state but not learned (saved in state_dict).",
                        "登记一个属于状态但不学习的张量（会存入 state_dict）。"),
    "get_submodule": ("The submodule at a dotted name: 'encoder.fc'.", "按点分名称取子模块：'encoder.fc'。"),
    "set_submodule": ("Replace the submodule at a dotted name.", "替换点分名称处的子模块。"),
    "get_parameter": ("The parameter at a dotted name: 'fc.weight'.", "按点分名称取参数：'fc.weight'。"),
    "get_buffer": ("The buffer at a dotted name.", "按点分名称取缓冲区。"),
    "extra_repr": ("The text inside the parentheses when the module prints (override it).",
                   "模块打印时括号里的文字（可以重写）。"),
    "register_forward_pre_hook": ("hook(module, args) runs before forward (it may change the "
                                  "input).", "在 forward 之前运行 hook(module, args)（可以修改输入）。"),
    "register_forward_hook": ("hook(module, args, output) runs after forward (it may change the "
                              "output).", "在 forward 之后运行 hook(module, args, output)（可以修改输出）。"),
    "register_full_backward_hook": ("hook(module, grad_input, grad_output) runs when the "
                                    "gradients of the module's inputs are computed.",
                                    "计算出模块输入的梯度时运行 hook(module, grad_input, grad_output)。"),
    "register_full_backward_pre_hook": ("hook(module, grad_output) runs before the module's "
                                        "gradients are computed.",
                                        "在计算模块的梯度之前运行 hook(module, grad_output)。"),
    "register_backward_hook": ("The older form of register_full_backward_hook (deprecated).",
                               "register_full_backward_hook 的旧形式（已弃用）。"),
}
_LIST = {
    "append": ("Add a module at the end.", "在末尾添加一个模块。"),
    "extend": ("Add the modules of an iterable at the end.", "在末尾添加可迭代对象中的模块。"),
    "insert": ("Insert a module before an index.", "在某个索引之前插入模块。"),
    "pop": ("Remove the module at an index and return it.", "移除并返回某个索引处的模块。"),
}
_DICT = {
    "keys": ("The names.", "所有名称。"),
    "values": ("The entries.", "所有条目。"),
    "items": ("(name, entry) pairs.", "（名称, 条目）对。"),
    "update": ("Add or replace entries from a mapping or from pairs.", "用映射或键值对添加或替换条目。"),
    "pop": ("Remove the entry of a name and return it.", "移除并返回某个名称的条目。"),
    "clear": ("Remove every entry.", "移除所有条目。"),
}
SUMMARIES.update({f"Module.{n}": row for n, row in MODULE_METHODS.items()})
SUMMARIES.update({f"{c}.{n}": row for c in ("Sequential", "ModuleList")
                  for n, row in _LIST.items()})
SUMMARIES.update({f"{c}.{n}": row for c in ("ModuleDict", "ParameterDict")
                  for n, row in _DICT.items()})
SUMMARIES.update({f"ParameterList.{n}": (en.replace("module", "parameter"), zh.replace("模块", "参数"))
                  for n, (en, zh) in _LIST.items() if n in ("append", "extend")})
SUMMARIES.update({
    "ParameterDict.get": ("The parameter of a name, or the default.", "某个名称的参数，没有时返回默认值。"),
    "ParameterDict.setdefault": ("The parameter of a name, set to the default first if missing.",
                                 "某个名称的参数，缺失时先设为默认值。"),
    "ParameterDict.popitem": ("Remove the last (name, parameter) pair and return it.",
                              "移除并返回最后一个（名称, 参数）对。"),
    "ParameterDict.copy": ("A new ParameterDict holding the same parameters.",
                           "装着相同参数的新 ParameterDict。"),
    "ParameterDict.fromkeys": ("A ParameterDict with the given names, each set to one value.",
                               "由给定名称组成、每个都设为同一个值的 ParameterDict。"),
})
for _layer in ("Linear", "Conv2d", "PReLU", "BatchNorm1d", "BatchNorm2d", "Embedding"):
    SUMMARIES[f"{_layer}.reset_parameters"] = ("Draw the learned parameters afresh, as the "
                                               "constructor did.", "像构造时那样重新初始化可学习参数。")
for _layer in ("BatchNorm1d", "BatchNorm2d"):
    SUMMARIES[f"{_layer}.reset_running_stats"] = ("running_mean back to 0, running_var to 1, "
                                                  "the count to 0.",
                                                  "running_mean 归 0，running_var 归 1，计数归 0。")
for _layer in ("LazyLinear", "LazyConv2d", "LazyBatchNorm1d", "LazyBatchNorm2d"):
    SUMMARIES.update({
        f"{_layer}.cls_to_become": ("The class the module becomes at its first call.",
                                    "模块首次调用时变成的类。"),
        f"{_layer}.has_uninitialized_params": ("Whether a parameter or buffer still has no "
                                               "shape.", "是否还有尚无形状的参数或缓冲区。"),
        f"{_layer}.initialize_parameters": ("Give the parameters their shapes from this input "
                                            "and initialise them (the first call does it).",
                                            "按这个输入确定参数形状并初始化（首次调用会做这件事）。"),
    })
RNN_METHODS = {
    "check_forward_args": ("Check the input and hidden state as forward does (PyTorch's errors).",
                           "像 forward 那样检查输入和隐状态（PyTorch 的报错）。"),
    "check_hidden_size": ("Check that a hidden state has the expected size.",
                          "检查隐状态的形状是否符合预期。"),
    "check_input": ("Check the input's dtype, dimensions and last size.",
                    "检查输入的 dtype、维数和最后一维大小。"),
    "flatten_parameters": ("cuDNN's packing of the weights: nothing to do on the CPU.",
                           "cuDNN 的权重打包：在 CPU 上什么也不做。"),
    "get_expected_hidden_size": ("(num_layers × directions, batch, hidden_size) for this input.",
                                 "该输入对应的隐状态形状 (num_layers × 方向数, batch, hidden_size)。"),
    "permute_hidden": ("The hidden state reordered for a sorted packed batch (as is here).",
                       "为排序后的打包批次重排隐状态（这里原样返回）。"),
    "reset_parameters": ("Draw every parameter afresh, uniform in ±1/√hidden_size.",
                         "重新初始化所有参数，在 ±1/√hidden_size 内均匀分布。"),
}
for _layer in ("RNNBase", "RNN", "GRU", "LSTM"):
    SUMMARIES.update({f"{_layer}.{n}": row for n, row in RNN_METHODS.items()})
SUMMARIES["LSTM.get_expected_cell_size"] = ("(num_layers × directions, batch, hidden_size): the "
                                            "cell state's expected size.",
                                            "细胞状态应有的形状 (num_layers × 方向数, batch, hidden_size)。")
for _layer in ("RNNCellBase", "RNNCell", "GRUCell", "LSTMCell"):
    SUMMARIES[f"{_layer}.reset_parameters"] = RNN_METHODS["reset_parameters"]
