"""torch.nn.functional.<name> (F.<name>): activations, losses and layers as functions."""

PREFIX = "torch.nn.functional"

SUMMARIES = {
    # activations
    "relu": ("max(x, 0) for each element: negatives become 0.", "逐元素计算 max(x, 0)：负数变为 0。"),
    "relu6": ("relu capped at 6: min(max(x, 0), 6).", "上限为 6 的 relu：min(max(x, 0), 6)。"),
    "leaky_relu": ("x for positives, negative_slope × x for negatives.",
                   "正数为 x，负数为 negative_slope × x。"),
    "elu": ("x for positives, alpha × (e^x - 1) for negatives.", "正数为 x，负数为 alpha × (e^x - 1)。"),
    "gelu": ("x × Φ(x), Φ the standard normal CDF ('tanh' approximates it).",
             "x × Φ(x)，Φ 为标准正态分布函数（'tanh' 为近似）。"),
    "silu": ("x × sigmoid(x) (also called swish).", "x × sigmoid(x)（也叫 swish）。"),
    "softplus": ("log(1 + e^(beta·x)) / beta: a smooth relu.", "log(1 + e^(beta·x)) / beta：平滑的 relu。"),
    "hardtanh": ("x clamped to [min_val, max_val].", "把 x 截断到 [min_val, max_val]。"),
    "sigmoid": ("1 / (1 + e^-x) for each element: between 0 and 1.",
                "逐元素计算 1 / (1 + e^-x)：在 0 与 1 之间。"),
    "logsigmoid": ("log(sigmoid(x)), computed stably.", "稳定地计算 log(sigmoid(x))。"),
    "tanh": ("The hyperbolic tangent of each element: between -1 and 1.",
             "逐元素求双曲正切：在 -1 与 1 之间。"),
    "softmax": ("exp(x) / sum(exp(x)) along dim: probabilities that sum to 1.",
                "沿 dim 计算 exp(x) / sum(exp(x))：和为 1 的概率。"),
    "log_softmax": ("log(softmax(x)) along dim, computed stably (what nll_loss takes).",
                    "沿 dim 稳定地计算 log(softmax(x))（nll_loss 的输入）。"),
    # losses
    "mse_loss": ("The mean squared error between input and target.", "input 与 target 的均方误差。"),
    "l1_loss": ("The mean absolute error between input and target.", "input 与 target 的平均绝对误差。"),
    "smooth_l1_loss": ("Squared error below beta, absolute error above it.",
                       "误差小于 beta 时取平方误差，否则取绝对误差。"),
    "huber_loss": ("Squared error below delta, delta-scaled absolute error above it.",
                   "误差小于 delta 时取平方误差，否则取按 delta 缩放的绝对误差。"),
    "nll_loss": ("The negative log-likelihood of the target classes, from log-probabilities.",
                 "由对数概率计算目标类别的负对数似然。"),
    "cross_entropy": ("Cross-entropy of raw scores (logits) against target classes: "
                      "log_softmax then nll_loss.",
                      "原始得分（logits）对目标类别的交叉熵：先 log_softmax 再 nll_loss。"),
    "binary_cross_entropy": ("Binary cross-entropy of probabilities (0 … 1) against targets.",
                             "概率（0 到 1）相对目标的二元交叉熵。"),
    "binary_cross_entropy_with_logits": ("Binary cross-entropy of raw scores: sigmoid inside, "
                                         "computed stably.",
                                         "原始得分的二元交叉熵：内部先 sigmoid，计算稳定。"),
    # layers as functions
    "linear": ("input @ weight.T + bias: a fully connected layer.",
               "input @ weight.T + bias：全连接层。"),
    "dropout": ("Each element zeroed with probability p while training, the rest scaled by "
                "1/(1-p).", "训练时每个元素以概率 p 置零，其余乘以 1/(1-p)。"),
    "normalize": ("The vectors along dim divided by their p-norm.", "沿 dim 的向量除以其 p-范数。"),
    "cosine_similarity": ("x1·x2 / (‖x1‖·‖x2‖) along dim (each norm at least eps).",
                          "沿 dim 计算 x1·x2 / (‖x1‖·‖x2‖)（每个范数至少为 eps）。"),
    "pairwise_distance": ("The p-norm of x1 - x2 (+ eps) along the last dim, for each row.",
                          "逐行计算 x1 - x2（加 eps）沿最后一维的 p-范数。"),
    "embedding": ("The rows of weight that the integer indices in input name (a lookup table).",
                  "按 input 中的整数下标取出 weight 的对应行（查表）。"),
    "one_hot": ("Class indices as rows of 0s with a 1 at the index.", "把类别下标变为只在该位置为 1 的行。"),
    "conv2d": ("A 2-D convolution: weight (out, in/groups, kH, kW) slid over (N, C, H, W) input.",
               "二维卷积：把 weight（out, in/groups, kH, kW）在 (N, C, H, W) 输入上滑动。"),
    "max_pool2d": ("The largest value of each kernel_size window, stride apart.",
                   "每个 kernel_size 窗口（间隔 stride）中的最大值。"),
    "avg_pool2d": ("The mean of each kernel_size window, stride apart.",
                   "每个 kernel_size 窗口（间隔 stride）的平均值。"),
    "adaptive_avg_pool2d": ("Means over windows chosen so the output is output_size, whatever "
                            "the input's.", "自动选择窗口求平均，使输出大小为 output_size（与输入大小无关）。"),
    "adaptive_max_pool2d": ("Maxima over windows chosen so the output is output_size "
                            "(return_indices=True also gives their flat positions).",
                            "自动选择窗口取最大值，使输出大小为 output_size（return_indices=True 时同时返回展平位置）。"),
    "batch_norm": ("Normalize each channel by the batch's mean and variance (training) or the "
                   "running ones.", "按批次（训练时）或滑动的均值与方差对每个通道做归一化。"),
    "pad": ("The tensor padded: pad=(left, right, top, bottom, …) from the last dimension.",
            "给张量加边：pad=(左, 右, 上, 下, …)，从最后一维开始。"),
    "prelu": ("x for positives, weight × x for negatives, weight learned.",
              "正数为 x，负数为 weight × x，weight 是可学习的。"),
}
