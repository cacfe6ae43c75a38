"""gradcli's autograd engine on NumPy: tensors, the op table, graph nodes and backward."""
import numpy as _np

from . import ops  # noqa: F401  (installs Tensor's methods)
from .backward import backward, grad
from .dtypes import DType
from .grad_mode import enable_grad, inference_mode, is_grad_enabled, no_grad, set_grad_enabled
from .graph import AccumulateGrad, Node
from .tensor import Size, Tensor


# PyTorch computes inf and nan silently (log(0), 0/0); so does the engine, without NumPy's
# RuntimeWarnings reaching the program's stderr
_np.seterr(all="ignore")
_NUMPY_PRINT_DEFAULTS = _np.get_printoptions()   # a program's np.set_printoptions is undone too


def reset() -> None:
    """Back to the state of a fresh process: grad mode on, the default generator freshly seeded,
    float32 the default dtype, one thread, no warn-once warning given yet, the CPU the default
    device, PyTorch's and NumPy's default print options."""
    from . import dtypes as _dt
    from . import once, settings
    from .device import reset_default_device
    from . import grad_mode as _gm
    from .format import reset_printoptions
    from .kernels.random import default_generator
    _gm.state.enabled = True
    once.reset()
    settings.reset()
    default_generator.seed()
    _dt.default_float = _dt.float32
    reset_default_device()
    reset_printoptions()
    _np.set_printoptions(**_NUMPY_PRINT_DEFAULTS)


__all__ = ["AccumulateGrad", "DType", "Node", "Size", "Tensor", "backward", "enable_grad", "grad",
           "inference_mode", "is_grad_enabled", "no_grad", "reset", "set_grad_enabled"]
