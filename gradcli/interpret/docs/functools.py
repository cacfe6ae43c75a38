"""functools.<name>: functions that make or change functions."""

PREFIX = "functools"

SUMMARIES = {
    "reduce": ("Fold the items into one value with a two-argument function: ((a+b)+c)+…",
               "用二元函数把元素归并成一个值：((a+b)+c)+…"),
    "partial": ("A function with some arguments already given.", "预先给定部分参数的函数。"),
    "lru_cache": ("A decorator that remembers a function's results for arguments seen before.",
                  "记住函数对已见过参数的结果的装饰器。"),
    "cache": ("lru_cache without a size limit.", "没有大小上限的 lru_cache。"),
    "cmp_to_key": ("A key= for sorted made from an old-style compare function.",
                   "由旧式比较函数得到可用于 sorted 的 key=。"),
}
