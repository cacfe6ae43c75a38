"""torch.nn.init.<name>: fill a layer's weights in place, the ways training starts from."""

PREFIX = "torch.nn.init"

_DEPRECATED = ("Deprecated: use {}_ (this one warns, then does the same).",
               "已弃用：请用 {}_（它先警告，再做同样的事）。")

SUMMARIES = {
    "calculate_gain": ("The gain advised for a nonlinearity ('relu': √2, 'tanh': 5/3).",
                       "针对某种非线性推荐的增益（'relu'：√2，'tanh'：5/3）。"),
    "uniform_": ("Fill with random numbers uniform in [a, b].", "用 [a, b] 上均匀分布的随机数填充。"),
    "normal_": ("Fill with random numbers from the normal distribution (mean, std).",
                "用服从正态分布 (mean, std) 的随机数填充。"),
    "trunc_normal_": ("Fill from the normal distribution, redrawing values outside [a, b].",
                      "用正态分布填充，落在 [a, b] 之外的值重新抽取。"),
    "constant_": ("Fill with the value val.", "用值 val 填充。"),
    "ones_": ("Fill with 1.", "用 1 填充。"),
    "zeros_": ("Fill with 0.", "用 0 填充。"),
    "eye_": ("Fill a 2-D tensor with the identity matrix.", "用单位矩阵填充二维张量。"),
    "dirac_": ("Fill a convolution's weight so that it passes its input through unchanged.",
               "填充卷积的权重，使它把输入原样传过去。"),
    "xavier_uniform_": ("Glorot's uniform fill: bound gain × √(6 / (fan_in + fan_out)).",
                        "Glorot 均匀初始化：界为 gain × √(6 / (fan_in + fan_out))。"),
    "xavier_normal_": ("Glorot's normal fill: std gain × √(2 / (fan_in + fan_out)).",
                       "Glorot 正态初始化：标准差为 gain × √(2 / (fan_in + fan_out))。"),
    "kaiming_uniform_": ("He's uniform fill for relu layers: bound gain × √(3 / fan).",
                         "用于 relu 层的 He 均匀初始化：界为 gain × √(3 / fan)。"),
    "kaiming_normal_": ("He's normal fill for relu layers: std gain / √fan.",
                        "用于 relu 层的 He 正态初始化：标准差为 gain / √fan。"),
    **{name: (_DEPRECATED[0].format(name), _DEPRECATED[1].format(name)) for name in (
        "uniform", "normal", "constant", "eye", "dirac", "xavier_uniform", "xavier_normal",
        "kaiming_uniform", "kaiming_normal")},
}
