"""torch.optim: the optimizers (SGD, Adam, AdamW, Adagrad, RMSprop, Adadelta) and, in
lr_scheduler, the learning-rate schedulers."""
from .adadelta import Adadelta
from .adagrad import Adagrad
from .adam import Adam, AdamW
from .optimizer import Optimizer
from .rmsprop import RMSprop
from .sgd import SGD

# the modules PyTorch defines them in, which `type(opt)` shows: <class 'torch.optim.sgd.SGD'>
for _cls, _module in ((Optimizer, "optimizer"), (SGD, "sgd"), (Adam, "adam"), (AdamW, "adamw"),
                      (Adagrad, "adagrad"), (RMSprop, "rmsprop"), (Adadelta, "adadelta")):
    _cls.__module__ = f"torch.optim.{_module}"

__all__ = ["Adadelta", "Adagrad", "Adam", "AdamW", "Optimizer", "RMSprop", "SGD"]
