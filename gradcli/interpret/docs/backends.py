"""torch.backends.<name>: the optional back ends of the CPU-only build (none is there)."""

PREFIX = "torch.backends"

SUMMARIES = {
    "cudnn": ("cuDNN's switches (deterministic, benchmark): they can be set, and change nothing "
              "on the CPU.", "cuDNN 的开关（deterministic、benchmark）：可以设置，在 CPU 上不起作用。"),
    "mps.is_available": ("Can Apple's GPU (MPS) be used? False.", "能否使用苹果 GPU（MPS）？False。"),
    "mps.is_built": ("Was PyTorch built with MPS? False.", "PyTorch 是否带 MPS 构建？False。"),
    "cuda.is_built": ("Was PyTorch built with CUDA? False.", "PyTorch 是否带 CUDA 构建？False。"),
}
