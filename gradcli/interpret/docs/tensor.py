"""Tensor.<name>: what a tensor holds and the methods that are not torch functions. A method
without a row here reads torch.<name>'s; NAME_ (in place) reads NAME's, marked as in place."""

PREFIX = "Tensor"

SUMMARIES = {
    # autograd
    "backward": ("Compute the gradients of this tensor with respect to the leaves, and add "
                 "them to their .grad.", "计算这个张量对各叶子的梯度，并累加到它们的 .grad 中。"),
    "grad": ("The gradient backward() left in a leaf (None until then; it adds up until "
             "zeroed).", "backward() 留在叶子中的梯度（之前为 None；清零前会不断累加）。"),
    "requires_grad": ("Does autograd record what is computed from this tensor?",
                      "自动求导是否记录由这个张量进行的计算？"),
    "requires_grad_": ("Start (or stop) recording what is computed from this leaf.",
                       "开始（或停止）记录由这个叶子进行的计算。"),
    "grad_fn": ("The node of the backward graph that made this tensor (None for a leaf).",
                "产生这个张量的反向图节点（叶子为 None）。"),
    "is_leaf": ("Was this tensor made by you rather than computed from one that requires "
                "grad? Only leaves keep .grad.", "这个张量是你直接创建的（而非由需要梯度的张量算出）吗？"
                "只有叶子保留 .grad。"),
    "retain_grad": ("Keep .grad for this non-leaf too at the next backward().",
                    "下一次 backward() 时也为这个非叶子保留 .grad。"),
    "register_hook": ("hook(grad) runs when this tensor's gradient is computed; a tensor it "
                      "returns replaces it.", "计算出这个张量的梯度时调用 hook(grad)；它返回的张量会替换该梯度。"),
    "is_inference": ("Was this tensor made inside inference_mode()?",
                     "这个张量是否在 inference_mode() 中创建？"),
    "type": ("With no argument, the legacy type name ('torch.FloatTensor'); with a dtype, the "
             "tensor cast to it.", "不带参数时返回旧式类型名（'torch.FloatTensor'）；给出 dtype "
             "时返回转换后的张量。"),
    "cuda": ("Send the tensor to a GPU: PyTorch's CPU build (and gradcli) has none, so it "
             "raises.", "把张量送到 GPU：PyTorch 的 CPU 版本（以及 gradcli）没有 GPU，因此报错。"),
    "retains_grad": ("Will this non-leaf keep its .grad (retain_grad() was called)?",
                     "这个非叶子是否会保留 .grad（调用过 retain_grad()）？"),
    "detach": ("The same values, cut from the graph: a tensor that requires no grad.",
               "数值相同但脱离计算图、不需要梯度的张量。"),
    "detach_": ("Cut this tensor from the graph, in place.", "原地把这个张量从计算图中分离。"),
    "data": ("The values without the graph (as detach(), but changes to it are not checked "
             "by autograd).", "不带计算图的数值（同 detach()，但对它的修改不受自动求导检查）。"),
    "_version": ("How many times the tensor was changed in place (backward checks it).",
                 "张量被原地修改的次数（backward 会检查它）。"),
    # what it is
    "shape": ("The size of each dimension, as a torch.Size.", "各维的大小（torch.Size）。"),
    "size": ("The shape, or the size of dimension dim.", "形状，或第 dim 维的大小。"),
    "dtype": ("The type of the elements (torch.float32, torch.int64…).",
              "元素的类型（torch.float32、torch.int64 等）。"),
    "device": ("Where the tensor lives: always the CPU in gradcli.", "张量所在的设备：在 gradcli 中总是 CPU。"),
    "ndim": ("The number of dimensions.", "维数。"),
    "dim": ("The number of dimensions.", "维数。"),
    "ndimension": ("The number of dimensions (an older name for dim()).", "维数（dim() 的旧名称）。"),
    "nelement": ("The number of elements (another name for numel()).", "元素个数（numel() 的别名）。"),
    "element_size": ("The bytes one element takes.", "一个元素占用的字节数。"),
    "is_floating_point": ("Is the dtype a floating-point one?", "dtype 是否为浮点类型？"),
    "is_contiguous": ("Are the elements laid out in memory in row order?",
                      "元素在内存中是否按行连续存放？"),
    "is_cuda": ("Is the tensor on a GPU? Never in gradcli.", "张量是否在 GPU 上？在 gradcli 中总是否。"),
    "T": ("The tensor with its dimensions reversed (a matrix's transpose).",
          "各维顺序颠倒后的张量（矩阵即转置）。"),
    "mT": ("The transpose of the last two dimensions (of each matrix in a batch).",
           "最后两维的转置（对批量中的每个矩阵）。"),
    # values out
    "item": ("The value of a one-element tensor as a Python number.", "单元素张量的值（Python 数）。"),
    "tolist": ("The values as (nested) Python lists.", "以（嵌套的）Python 列表给出数值。"),
    "numpy": ("The values as a NumPy array (gradcli keeps it a tensor).",
              "以 NumPy 数组给出数值（gradcli 中仍是张量）。"),
    # conversions
    "to": ("A copy with another dtype (or the tensor itself when nothing changes).",
           "换成另一 dtype 的副本（无需改变时返回自身）。"),
    "type_as": ("A copy with the dtype of the other tensor.", "换成另一个张量的 dtype 的副本。"),
    "float": ("The values as torch.float32.", "转成 torch.float32。"),
    "double": ("The values as torch.float64.", "转成 torch.float64。"),
    "half": ("The values as torch.float16.", "转成 torch.float16。"),
    "int": ("The values as torch.int32.", "转成 torch.int32。"),
    "long": ("The values as torch.int64.", "转成 torch.int64。"),
    "short": ("The values as torch.int16.", "转成 torch.int16。"),
    "byte": ("The values as torch.uint8.", "转成 torch.uint8。"),
    "bool": ("The values as torch.bool (nonzero is True).", "转成 torch.bool（非零为 True）。"),
    "cpu": ("The tensor on the CPU: itself.", "CPU 上的张量：即它本身。"),
    "contiguous": ("The tensor with its elements in row order (a copy only if they were not).",
                   "元素按行连续存放的张量（不连续时才复制）。"),
    # in place and shapes
    "zero_": ("Set every element to 0, in place (as x.grad.zero_() between steps).",
              "原地把所有元素置 0（例如每步之间的 x.grad.zero_()）。"),
    "fill_": ("Set every element to value, in place.", "原地把所有元素设为 value。"),
    "copy_": ("Copy the values of src into this tensor, in place.", "原地把 src 的值复制进这个张量。"),
    "normal_": ("Fill with random numbers from a normal distribution, in place.",
                "原地填入服从正态分布的随机数。"),
    "uniform_": ("Fill with random numbers uniform in [a, b), in place.",
                 "原地填入在 [a, b) 上均匀分布的随机数。"),
    "repeat": ("The tensor tiled the given number of times along each dimension (a copy).",
               "沿各维按给定次数平铺张量（复制）。"),
    "sum_to_size": ("Summed down to the given size, as broadcasting's gradient is.",
                    "求和缩减到给定大小，与广播的梯度相同。"),
    # devices and the old API
    "cuda": ("A copy on the GPU: this CPU-only build raises, as PyTorch's does.",
             "复制到 GPU：与 PyTorch 的纯 CPU 版本一样会报错。"),
    "get_device": ("The GPU index of the tensor; -1 on the CPU.", "张量所在 GPU 的编号；在 CPU 上为 -1。"),
    "new": ("The old constructor of this tensor's dtype: a size (values 0 here) or data.",
            "本张量 dtype 的旧构造器：给大小（这里数值为 0）或数据。"),
    "new_empty": ("A tensor of the given size, with this one's dtype and device, values not set.",
                  "给定大小、dtype 与设备同本张量、数值未设定的张量。"),
    "new_full": ("A tensor of the given size filled with fill_value, with this one's dtype.",
                 "给定大小、以 fill_value 填充、dtype 同本张量的张量。"),
    "new_ones": ("Ones of the given size, with this tensor's dtype and device.",
                 "给定大小、dtype 与设备同本张量的全 1 张量。"),
    "new_tensor": ("A tensor of the given data (copied), with this one's dtype and device.",
                   "存放给定数据（复制）、dtype 与设备同本张量的张量。"),
    "new_zeros": ("Zeros of the given size, with this tensor's dtype and device.",
                  "给定大小、dtype 与设备同本张量的全 0 张量。"),
    "type": ("With no argument, the type's name ('torch.FloatTensor'); with one, a converted copy.",
             "不给参数时返回类型名（'torch.FloatTensor'）；给出类型时返回转换后的副本。"),
    # views torch offers as methods only
    "view": ("A view with a new shape sharing the storage (-1 is inferred).",
             "共享存储的新形状视图（-1 会自动推断）。"),
    "view_as": ("A view with the shape of the other tensor.", "形状与另一个张量相同的视图。"),
    "reshape_as": ("reshape to the shape of the other tensor.", "按另一个张量的形状 reshape。"),
    "expand": ("A view repeating dimensions of size 1 to the given size, without copying.",
               "把大小为 1 的维扩展到给定大小的视图，不复制数据。"),
    "expand_as": ("expand to the shape of the other tensor.", "扩展到另一个张量的形状。"),
}
