"""timeit.<name>: how long a function takes (gradcli times functions, not strings of code)."""

PREFIX = "timeit"

SUMMARIES = {
    "default_timer": ("The clock timeit uses: time.perf_counter.",
                      "timeit 使用的时钟：time.perf_counter。"),
    "timeit": ("Seconds taken by number calls of a function (after one call of setup).",
               "调用函数 number 次所花的秒数（之前先调用一次 setup）。"),
    "repeat": ("timeit done repeat times: a list of seconds (take the smallest).",
               "把 timeit 做 repeat 次：秒数的列表（取最小的）。"),
}
