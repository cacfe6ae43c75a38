"""torch.distributions.<name>: probability distributions to sample from and to score values by."""

PREFIX = "torch.distributions"

CLASSES = {
    "Distribution": ("The base of distributions: sample, log_prob, mean, variance, entropy; "
                     "batch_shape and event_shape.", "分布的基类：sample、log_prob、mean、variance、"
                     "entropy，以及 batch_shape 与 event_shape。"),
    "Categorical": ("One of K categories (0 … K-1), drawn with the given probs or logits.",
                    "按给定 probs 或 logits 从 K 个类别（0 … K-1）中取一个。"),
    "Multinomial": ("The counts of each of K categories in total_count independent draws.",
                    "total_count 次独立抽取中 K 个类别各自出现的次数。"),
    "Normal": ("The normal (Gaussian) distribution of mean loc and standard deviation scale.",
               "均值为 loc、标准差为 scale 的正态（高斯）分布。"),
    "Uniform": ("The uniform distribution on [low, high).", "区间 [low, high) 上的均匀分布。"),
    "Bernoulli": ("1 with probability probs (or sigmoid(logits)), else 0.",
                  "以概率 probs（或 sigmoid(logits)）取 1，否则取 0。"),
}
SUMMARIES = dict(CLASSES)
# each class again in the module PyTorch defines it in (from torch.distributions import normal)
SUMMARIES.update({f"{name.lower()}.{name}": text for name, text in CLASSES.items()})
METHODS = {
    "sample": ("A sample of shape sample_shape + batch_shape + event_shape (no gradient).",
               "形状为 sample_shape + batch_shape + event_shape 的样本（不带梯度）。"),
    "rsample": ("A reparameterised sample, through which gradients reach the parameters.",
                "重参数化的样本，梯度可经它传回参数。"),
    "log_prob": ("The log of the probability (density) of value.", "value 的概率（密度）的对数。"),
    "cdf": ("The cumulative distribution function at value.", "value 处的累积分布函数。"),
    "icdf": ("The inverse of the cumulative distribution function at value.",
             "value 处的累积分布函数的反函数。"),
    "entropy": ("The entropy, one per batch element.", "熵，每个批元素一个。"),
    "perplexity": ("exp(entropy()).", "exp(entropy())。"),
    "enumerate_support": ("Every value a discrete distribution can take, along dim 0.",
                          "离散分布可取的所有值，沿第 0 维排列。"),
    "set_default_validate_args": ("Turn the checks of parameters and values on or off for all "
                                  "distributions.", "为所有分布打开或关闭参数与取值的检查。"),
}
SUMMARIES.update({f"Distribution.{name}": text for name, text in METHODS.items()})
SUMMARIES.update({
    "constraints.Constraint": ("The base of constraints: check(value) says which values lie in "
                               "the set.", "约束的基类：check(value) 指出哪些值在集合内。"),
    "constraints.Constraint.check": ("A bool tensor: which values satisfy the constraint.",
                                     "布尔张量：哪些值满足约束。"),
    "constraints.boolean": ("The values 0 and 1.", "取值 0 与 1。"),
    "constraints.dependent": ("A constraint that depends on other parameters (never checked).",
                              "依赖其他参数的约束（不做检查）。"),
    "constraints.real": ("Every real number (not NaN).", "所有实数（非 NaN）。"),
    "constraints.real_vector": ("Vectors of real numbers.", "实数向量。"),
    "constraints.positive": ("Numbers above 0.", "大于 0 的数。"),
    "constraints.unit_interval": ("Numbers in [0, 1].", "[0, 1] 内的数。"),
    "constraints.nonnegative_integer": ("Whole numbers from 0 up.", "从 0 起的整数。"),
    "constraints.simplex": ("Vectors of non-negative numbers that sum to 1.",
                            "元素非负且和为 1 的向量。"),
    "constraints.greater_than": ("Numbers above lower_bound.", "大于 lower_bound 的数。"),
    "constraints.less_than": ("Numbers below upper_bound.", "小于 upper_bound 的数。"),
    "constraints.interval": ("Numbers in [lower_bound, upper_bound].",
                             "[lower_bound, upper_bound] 内的数。"),
    "constraints.integer_interval": ("Whole numbers in [lower_bound, upper_bound].",
                                     "[lower_bound, upper_bound] 内的整数。"),
    "constraints.multinomial": ("Count vectors of non-negative entries summing to at most "
                                "upper_bound.", "元素非负、总和不超过 upper_bound 的计数向量。"),
})
