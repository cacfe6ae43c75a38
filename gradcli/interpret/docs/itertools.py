"""itertools.<name>: iterators built from iterators, computed as they are read."""

PREFIX = "itertools"

SUMMARIES = {
    "count": ("start, start + step, … without end.", "start、start + step、…，没有尽头。"),
    "cycle": ("The items of an iterable, again and again without end.", "不断重复可迭代对象的元素，没有尽头。"),
    "repeat": ("The same value, times times (or without end).", "同一个值重复 times 次（或无限次）。"),
    "islice": ("Items start:stop:step of an iterator, like slicing a list.",
               "迭代器的第 start:stop:step 项，就像列表切片。"),
    "chain": ("The items of several iterables, one after another.", "依次给出多个可迭代对象的元素。"),
    "permutations": ("Every ordering of r items from the iterable, as tuples.",
                     "从可迭代对象中取 r 个元素的所有排列（元组）。"),
    "combinations": ("Every choice of r items, in their order, without repeats.",
                     "取 r 个元素的所有组合（保持原顺序，不重复）。"),
    "combinations_with_replacement": ("Every choice of r items where an item may repeat.",
                                      "取 r 个元素、允许重复的所有组合。"),
    "product": ("Every tuple taking one item from each iterable (nested for loops).",
                "从每个可迭代对象各取一个元素的所有元组（相当于嵌套 for 循环）。"),
    "zip_longest": ("zip that goes on to the longest, filling with fillvalue.",
                    "一直到最长者为止的 zip，缺的用 fillvalue 填充。"),
    "compress": ("The items whose selector is true.", "选择器为真的那些元素。"),
    "pairwise": ("Overlapping pairs: (a, b), (b, c), (c, d)…", "相邻重叠的对：(a, b)、(b, c)、(c, d)…"),
    "tee": ("n independent iterators over the same items.", "遍历同一组元素的 n 个独立迭代器。"),
    "accumulate": ("Running totals (or running results of func).", "累计和（或 func 的累计结果）。"),
    "starmap": ("func(*args) for each tuple of arguments.", "对每个参数元组调用 func(*args)。"),
    "filterfalse": ("The items for which the function is false.", "使函数为假的那些元素。"),
    "takewhile": ("Items from the start while the function is true.", "从头开始、函数为真期间的元素。"),
    "dropwhile": ("Items after the first one for which the function is false.",
                  "从第一个使函数为假的元素开始的所有元素。"),
    "groupby": ("(key, group) for each run of consecutive items with the same key.",
                "连续且键相同的元素组成的 (键, 组)。"),
}
