"""warnings.<name>: emit warnings and choose which are shown, ignored or made errors."""

PREFIX = "warnings"

SUMMARIES = {
    "warn": ("Emit a warning (UserWarning unless a category is given); the program goes on.",
             "发出警告（未给类别时为 UserWarning）；程序继续运行。"),
    "filterwarnings": ("Choose what a kind of warning does: 'ignore', 'error', 'always', 'once'…",
                       "决定某类警告的处理方式：'ignore'、'error'、'always'、'once'…"),
    "simplefilter": ("filterwarnings for every message of a category.",
                     "对某一类别的所有消息使用 filterwarnings。"),
    "resetwarnings": ("Forget every filter set by the program.", "清除程序设定的所有过滤规则。"),
    "catch_warnings": ("`with warnings.catch_warnings():` the filters come back as they were "
                       "(record=True lists the warnings).",
                       "`with warnings.catch_warnings():` 结束后过滤规则恢复原样（record=True 记录警告）。"),
}
