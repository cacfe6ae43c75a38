"""torch.utils.data.<name>: datasets, and loaders that cut them into shuffled batches."""

PREFIX = "torch.utils.data"

SUMMARIES = {
    "Dataset": ("The base of datasets: write __getitem__(i) and __len__().",
                "数据集的基类：实现 __getitem__(i) 与 __len__()。"),
    "TensorDataset": ("A dataset of tensors indexed together along their first dimension.",
                      "沿第一维一起索引的若干张量组成的数据集。"),
    "Subset": ("The items of a dataset at the given indices.", "数据集中给定索引处的元素。"),
    "ConcatDataset": ("Several datasets one after another, as one.", "把多个数据集首尾相接成一个。"),
    "DataLoader": ("Batches of a dataset, one per iteration (batch_size, shuffle, drop_last).",
                   "每次迭代给出数据集的一个批次（batch_size、shuffle、drop_last）。"),
    "Sampler": ("The base of samplers: the order in which a loader takes indices.",
                "采样器的基类：加载器取索引的顺序。"),
    "SequentialSampler": ("The indices 0, 1, 2, … in order.", "按顺序的索引 0、1、2、…"),
    "RandomSampler": ("The indices in a random order (what shuffle=True uses).",
                      "随机顺序的索引（shuffle=True 使用它）。"),
    "SubsetRandomSampler": ("The given indices, in a random order.", "给定的索引，按随机顺序。"),
    "BatchSampler": ("A sampler's indices grouped into lists of batch_size.",
                     "把采样器的索引分组成 batch_size 大小的列表。"),
    "random_split": ("A dataset split at random into subsets of the given lengths (or fractions).",
                     "把数据集随机分成给定长度（或比例）的子集。"),
    "default_collate": ("Items of a batch stacked into tensors (what a DataLoader does by "
                        "default).",
                        "把一个批次的元素堆叠成张量（DataLoader 默认的做法）。"),
    "default_convert": ("NumPy arrays and NumPy numbers turned into tensors (in lists and dicts "
                        "too), nothing stacked.", "把 NumPy 数组和 NumPy 数转成张量（列表和字典中的也转），不做堆叠。"),
}
