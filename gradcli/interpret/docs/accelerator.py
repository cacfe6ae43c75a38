"""torch.accelerator.<name>: the accelerator (GPU, MPS…) as the CPU-only build sees it: none."""

PREFIX = "torch.accelerator"

_NONE = ("Needs an accelerator: raises RuntimeError, as the CPU build does.",
         "需要加速器：与纯 CPU 版本一样抛出 RuntimeError。")

SUMMARIES = {
    "is_available": ("Is there an accelerator? False: gradcli computes on the CPU.",
                     "是否有加速器？False：gradcli 在 CPU 上计算。"),
    "device_count": ("The number of accelerators: 0.", "加速器的数量：0。"),
    "current_accelerator": ("The accelerator's device, or None: None here.", "加速器对应的设备，没有时为 None：这里为 None。"),
    "current_device_index": _NONE,
    "set_device_index": _NONE,
    "synchronize": _NONE,
}
