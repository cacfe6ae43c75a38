"""statistics.<name>: statistics of plain numbers in lists (tensors take torch.mean, torch.std)."""

PREFIX = "statistics"

SUMMARIES = {
    "mean": ("The arithmetic mean of the data.", "数据的算术平均值。"),
    "fmean": ("The mean, computed in floats (faster).", "用浮点数计算的平均值（更快）。"),
    "geometric_mean": ("The n-th root of the product of n positive values.", "n 个正数之积的 n 次方根。"),
    "harmonic_mean": ("n divided by the sum of the reciprocals.", "n 除以各倒数之和。"),
    "median": ("The middle value (the mean of the two middle ones for an even count).",
               "中位数（个数为偶数时取中间两个的平均）。"),
    "median_low": ("The median, the lower middle value for an even count.", "中位数，个数为偶数时取较小的中间值。"),
    "median_high": ("The median, the higher middle value for an even count.", "中位数，个数为偶数时取较大的中间值。"),
    "median_grouped": ("The median of grouped continuous data, interpolated.", "分组连续数据的中位数（插值）。"),
    "mode": ("The most common value.", "出现最多的值。"),
    "multimode": ("Every most common value, as a list.", "所有出现最多的值（列表）。"),
    "pstdev": ("The population standard deviation (divides by n).", "总体标准差（除以 n）。"),
    "pvariance": ("The population variance (divides by n).", "总体方差（除以 n）。"),
    "stdev": ("The sample standard deviation (divides by n - 1, as torch.std).",
              "样本标准差（除以 n - 1，与 torch.std 相同）。"),
    "variance": ("The sample variance (divides by n - 1, as torch.var).",
                 "样本方差（除以 n - 1，与 torch.var 相同）。"),
    "quantiles": ("The cut points dividing the data into n equal groups (quartiles for n=4).",
                  "把数据分成 n 等份的分割点（n=4 时为四分位数）。"),
    "StatisticsError": ("The error of a statistic that does not exist (the mean of no data).",
                        "统计量不存在时的错误（例如空数据的平均值）。"),
}
