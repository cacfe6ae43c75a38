"""collections.<name>: containers beyond list, tuple and dict."""

PREFIX = "collections"

SUMMARIES = {
    "OrderedDict": ("A dict that can also move keys to an end (move_to_end, popitem(last=…)).",
                    "还能把键移到一端的字典（move_to_end、popitem(last=…)）。"),
    "defaultdict": ("A dict that makes a missing key's value with a function (defaultdict(list)).",
                    "用函数为缺失的键生成值的字典（defaultdict(list)）。"),
    "Counter": ("A dict counting how often each item occurs (most_common gives the top ones).",
                "统计每个元素出现次数的字典（most_common 给出最多的几个）。"),
    "deque": ("A list fast at both ends (appendleft, popleft); maxlen keeps the last n.",
              "两端都快的列表（appendleft、popleft）；maxlen 只保留最后 n 个。"),
    "namedtuple": ("A tuple class whose items also have names: Point = namedtuple('Point', 'x y').",
                   "元素还带名称的元组类：Point = namedtuple('Point', 'x y')。"),
}
