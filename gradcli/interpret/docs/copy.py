"""copy.<name>: copies of values (for a tensor, t.clone() is PyTorch's way)."""

PREFIX = "copy"

SUMMARIES = {
    "copy": ("A shallow copy: a new container holding the same items.", "浅拷贝：装着相同元素的新容器。"),
    "deepcopy": ("A deep copy: the items are copied too, all the way down (a tensor too).",
                 "深拷贝：元素也一层层复制（张量也一样）。"),
}
