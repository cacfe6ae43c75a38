"""One-line summaries, in gradcli's own words, of what help() describes: Python's builtins,
gradcli's tools, torch's functions and Tensor's methods, by qualified name."""
from __future__ import annotations

from .. import i18n

EN = {
    # Python
    "print": "Write the values, separated by sep and ended by end, to the output.",
    "range": "The integers from start up to (not including) stop, step by step.",
    "len": "The number of items in a container (a tensor's size along its first dimension).",
    "enumerate": "Pairs (index, item) for the items of an iterable.",
    "zip": "Tuples of the items at the same position in several iterables.",
    "int": "An integer made from a number or a string.",
    "float": "A floating-point number made from a number or a string.",
    "str": "The text of a value, as print shows it.",
    "bool": "True or False, as an if would take the value.",
    "list": "A new list of the items of an iterable.",
    "tuple": "A new tuple of the items of an iterable.",
    "dict": "A new dictionary from key-value pairs or keywords.",
    "set": "A new set of the distinct items of an iterable.",
    "sorted": "A new sorted list of the items (key= and reverse= choose the order).",
    "reversed": "The items of a sequence, last first.",
    "any": "True if any item is true.",
    "all": "True if every item is true.",
    "map": "The function applied to each item (to items of several iterables in step).",
    "filter": "The items for which the function is true.",
    "repr": "The text of a value as the REPL shows it.",
    "isinstance": "Is the value of this class (or of one of a tuple of classes)?",
    "issubclass": "Is the class this class or built on it?",
    "divmod": "The quotient and the remainder of a floor division.",
    "hash": "The hash of a value (what dictionaries and sets use).",
    "chr": "The character with this Unicode code point.",
    "ord": "The Unicode code point of a character.",
    "format": "A value formatted by a format spec, as in an f-string.",
    "sum": "The sum of the items (of a tensor: torch.sum).",
    "abs": "The absolute value (of a tensor: elementwise).",
    "round": "A number rounded to ndigits decimals (of a tensor: torch.round).",
    "pow": "base ** exp (of tensors: torch.pow).",
    "max": "The largest item (of a tensor: torch.max).",
    "min": "The smallest item (of a tensor: torch.min).",
    "type": "The class of a value.",
    "object": "The base of every class.",
    "super": "The next class along the method resolution order, to call its methods.",
    "property": "A method read as an attribute (with @name.setter to assign it).",
    "staticmethod": "A method that takes no self.",
    "classmethod": "A method that takes the class as its first argument.",
    "getattr": "An attribute by name, or the default when it is missing.",
    "hasattr": "Does the value have this attribute?",
    "setattr": "Assign an attribute by name.",
    "delattr": "Delete an attribute by name.",
    "id": "A number that identifies the value while it exists.",
    "iter": "An iterator over the items of a value.",
    "next": "The next item of an iterator (or the default when it is exhausted).",
    "callable": "Can the value be called?",
    "help": "What a name or value is: its signature and a one-line summary.",
    "dir": "The names in scope, or the attributes of a value.",
    "exit": "Leave the program (or the session).",
    "quit": "Leave the program (or the session).",
    # gradcli's tools
    "graph": "Draw the backward graph of a tensor (format='dot' gives Graphviz).",
    "explain": "Narrate the backward pass of a tensor, node by node (nothing changes).",
    "gradcheck": "Compare analytic and numeric derivatives, element by element.",
    "backward": "t.backward(): the gradients of t with respect to the leaves.",
}

ZH = {
    "print": "把各个值（以 sep 分隔、以 end 结尾）写到输出。",
    "range": "从 start 到 stop（不含）按 step 步进的整数。",
    "len": "容器中元素的个数（张量为第一维的大小）。",
    "enumerate": "可迭代对象中每个元素的（序号, 元素）对。",
    "zip": "把多个可迭代对象同一位置的元素组成元组。",
    "int": "由数或字符串得到的整数。",
    "float": "由数或字符串得到的浮点数。",
    "str": "值的文本，与 print 显示的相同。",
    "bool": "把值当作 if 的条件时得到的 True 或 False。",
    "list": "由可迭代对象的元素组成的新列表。",
    "tuple": "由可迭代对象的元素组成的新元组。",
    "dict": "由键值对或关键字参数组成的新字典。",
    "set": "由可迭代对象中不重复的元素组成的新集合。",
    "sorted": "排好序的新列表（key= 与 reverse= 决定顺序）。",
    "reversed": "序列中的元素，从最后一个开始。",
    "any": "只要有一个元素为真就返回 True。",
    "all": "所有元素都为真才返回 True。",
    "map": "把函数作用于每个元素（多个可迭代对象时逐项一起作用）。",
    "filter": "使函数为真的那些元素。",
    "repr": "值在交互环境中显示的文本。",
    "isinstance": "值是否属于这个类（或元组中某个类）？",
    "issubclass": "这个类是否就是该类或以它为基础？",
    "divmod": "整除的商和余数。",
    "hash": "值的哈希（字典和集合使用它）。",
    "chr": "该 Unicode 码位对应的字符。",
    "ord": "字符的 Unicode 码位。",
    "format": "按格式说明格式化一个值，与 f-string 中相同。",
    "sum": "元素之和（张量时为 torch.sum）。",
    "abs": "绝对值（张量时逐元素）。",
    "round": "保留 ndigits 位小数（张量时为 torch.round）。",
    "pow": "base ** exp（张量时为 torch.pow）。",
    "max": "最大的元素（张量时为 torch.max）。",
    "min": "最小的元素（张量时为 torch.min）。",
    "type": "值所属的类。",
    "object": "所有类的基类。",
    "super": "沿方法解析顺序的下一个类，用来调用它的方法。",
    "property": "像属性一样读取的方法（用 @name.setter 定义赋值）。",
    "staticmethod": "不接收 self 的方法。",
    "classmethod": "第一个参数是类本身的方法。",
    "getattr": "按名称取属性，不存在时返回默认值。",
    "hasattr": "值是否有这个属性？",
    "setattr": "按名称给属性赋值。",
    "delattr": "按名称删除属性。",
    "id": "在值存在期间标识它的一个数。",
    "iter": "遍历值中元素的迭代器。",
    "next": "迭代器的下一个元素（用尽时返回默认值）。",
    "callable": "这个值能否被调用？",
    "help": "一个名称或值是什么：它的签名和一句话说明。",
    "dir": "当前作用域中的名称，或一个值的属性。",
    "exit": "结束程序（或会话）。",
    "quit": "结束程序（或会话）。",
    "graph": "画出张量的反向传播图（format='dot' 输出 Graphviz）。",
    "explain": "逐个节点讲解张量的反向传播过程（不改变任何东西）。",
    "gradcheck": "逐元素比较解析导数与数值导数。",
    "backward": "t.backward()：t 对各叶子节点的梯度。",
}

i18n.register({"en": {f"doc.{k}": v for k, v in EN.items()},
               "zh": {f"doc.{k}": v for k, v in ZH.items()}})


def summary(name: str) -> str | None:
    """The one-line summary of `name` in the current language, if there is one."""
    try:
        return i18n.t(f"doc.{name}")
    except KeyError:
        return None


_names: dict[int, str] = {}


def name_of(value) -> str | None:
    """The qualified name help() knows `value` by: torch.ones, torch.nn.functional.relu,
    Tensor.backward, print."""
    if not _names:
        from . import builtins as B
        from ..engine.ops import METHODS
        for name, fn in METHODS.items():
            if not name.startswith("__"):
                _names.setdefault(id(fn), f"Tensor.{name}")
        for module in (B.functional, B.torch):
            for name, fn in module.entries.items():
                _names[id(fn)] = f"{module.name}.{name}"
        for name, fn in B.PYTHON.items():
            _names[id(fn)] = name
    return _names.get(id(value))
