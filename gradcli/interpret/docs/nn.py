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
    "Identity": ("Returns its input unchanged (a placeholder layer).", "原样返回输入（占位用的层）。"),
    # ---- layers
    "Linear": ("y = x @ weight.T + bias, weight (out_features, in_features) learned.",
               "y = x @ weight.T + bias，weight（out_features, in_features）是学习得到的。"),
    "Flatten": ("Dimensions start_dim … end_dim merged into one (the batch dimension kept).",
                "把 start_dim 到 end_dim 的各维合并为一维（保留批次维）。"),
    "Unflatten": ("One dimension split into the given sizes.", "把一维拆分为给定的各维大小。"),
    "Dropout": ("Zeroes elements with probability p in training (scaling the rest); nothing in "
                "eval().", "训练时以概率 p 把元素置零（其余放大）；eval() 时不做任何事。"),
    "Conv2d": ("A 2-D convolution layer: out_channels filters of kernel_size over the input's "
               "channels.", "二维卷积层：out_channels 个 kernel_size 大小的卷积核作用于输入的各通道。"),
    "MaxPool2d": ("Keeps the largest value of each kernel_size window.",
                  "保留每个 kernel_size 窗口中的最大值。"),
    "AvgPool2d": ("Averages each kernel_size window.", "对每个 kernel_size 窗口求平均。"),
    "AdaptiveAvgPool2d": ("Averages to a fixed output_size, whatever the input size.",
                          "求平均到固定的 output_size，与输入大小无关。"),
    "BatchNorm1d": ("Normalizes each feature by the batch's statistics (running ones in eval()).",
                    "按批次统计量对每个特征归一化（eval() 时用滑动统计量）。"),
    "BatchNorm2d": ("Normalizes each channel of (N, C, H, W) by the batch's statistics.",
                    "按批次统计量对 (N, C, H, W) 的每个通道归一化。"),
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
