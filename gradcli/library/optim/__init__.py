"""torch.optim: the optimizers (SGD, Adam, AdamW, Adagrad, RMSprop, Adadelta, Adamax, ASGD,
Rprop, LBFGS) and, in lr_scheduler, the learning-rate schedulers."""
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adam import Adam, AdamW
from .adamax import Adamax
from .asgd import ASGD
from .lbfgs import LBFGS
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .rprop import Rprop
from .sgd import SGD

# the modules PyTorch defines them in, which `type(opt)` shows: <class 'torch.optim.sgd.SGD'>
for _cls, _module in ((Optimizer, "optimizer"), (SGD, "sgd"), (Adam, "adam"), (AdamW, "adamw"),
                      (Adagrad, "adagrad"), (RMSprop, "rmsprop"), (Adadelta, "adadelta"),
                      (Adamax, "adamax"), (ASGD, "asgd"), (Rprop, "rprop"), (LBFGS, "lbfgs")):
    _cls.__module__ = f"torch.optim.{_module}"

__all__ = ["ASGD", "Adadelta", "Adagrad", "Adam", "AdamW", "Adamax", "LBFGS", "Optimizer",
           "RMSprop", "Rprop", "SGD"]
