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
    "wraps": ("A decorator for a wrapper function: it takes the wrapped one's name and doc.",
              "用于包装函数的装饰器：让它带上被包装函数的名称和文档。"),
    "update_wrapper": ("Copy a function's name, doc and attributes onto its wrapper (what wraps "
                       "does).", "把函数的名称、文档和属性复制到包装函数上（wraps 就是这样做的）。"),
    "WRAPPER_ASSIGNMENTS": ("The attributes update_wrapper copies: __module__, __name__, "
                            "__qualname__, __doc__…", "update_wrapper 复制的属性：__module__、"
                            "__name__、__qualname__、__doc__…"),
    "WRAPPER_UPDATES": ("The attributes update_wrapper merges: ('__dict__',).",
                        "update_wrapper 合并的属性：('__dict__',)。"),
}
