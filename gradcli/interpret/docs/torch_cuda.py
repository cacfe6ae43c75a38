"""torch.cuda.<name>: the GPU as the CPU-only build describes it (there is none)."""

PREFIX = "torch.cuda"

_NONE = ("Needs a GPU: raises 'Torch not compiled with CUDA enabled', as the CPU build does.",
         "需要 GPU：与纯 CPU 版本一样报错 'Torch not compiled with CUDA enabled'。")
_ZERO = ("Bytes of GPU memory in use: 0, there is no GPU.", "已用的 GPU 内存字节数：0，没有 GPU。")
_NOTHING = ("Does nothing: there is no GPU.", "什么也不做：没有 GPU。")

SUMMARIES = {
    "is_available": ("Is there a GPU to compute on? False: gradcli computes on the CPU.",
                     "是否有可用的 GPU？False：gradcli 在 CPU 上计算。"),
    "device_count": ("The number of GPUs: 0.", "GPU 的数量：0。"),
    "is_initialized": ("Has CUDA started? False.", "CUDA 是否已初始化？False。"),
    "is_bf16_supported": ("Does the GPU compute in bfloat16? False.", "GPU 是否支持 bfloat16？False。"),
    "memory_allocated": _ZERO,
    "max_memory_allocated": _ZERO,
    "memory_reserved": _ZERO,
    "manual_seed": _NOTHING,
    "manual_seed_all": _NOTHING,
    "empty_cache": _NOTHING,
    "current_device": _NONE,
    "get_device_name": _NONE,
    "get_device_properties": _NONE,
    "get_device_capability": _NONE,
    "synchronize": _NONE,
    "set_device": _NONE,
    "device": ("A context manager that selects a GPU: it can be made, but entering it raises "
               "'PyTorch was compiled without CUDA support'.",
               "选择 GPU 的上下文管理器：可以创建，进入时报错 "
               "'PyTorch was compiled without CUDA support'。"),
}
