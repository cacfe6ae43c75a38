"""torch.version.<name>: the build gradcli mirrors (torch 2.13.0, CPU only)."""

PREFIX = "torch.version"

SUMMARIES = {
    "cuda": ("The CUDA version PyTorch was built with: None, a CPU-only build.",
             "构建 PyTorch 所用的 CUDA 版本：None，纯 CPU 版本。"),
    "hip": ("The ROCm (HIP) version PyTorch was built with: None.", "构建 PyTorch 所用的 ROCm（HIP）版本：None。"),
    "debug": ("Is this a debug build? False.", "是否为调试版本？False。"),
}
