"""torch.optim.lr_scheduler.<name>: change an optimizer's learning rate as epochs go by."""

PREFIX = "torch.optim.lr_scheduler"

SUMMARIES = {
    "LRScheduler": ("The base of schedulers: step() (after optimizer.step()) sets the next lr.",
                    "调度器的基类：step()（在 optimizer.step() 之后）设定下一个 lr。"),
    "StepLR": ("lr multiplied by gamma every step_size epochs.",
               "每 step_size 个 epoch 把 lr 乘以 gamma。"),
    "MultiStepLR": ("lr multiplied by gamma at each epoch listed in milestones.",
                    "在 milestones 列出的每个 epoch 把 lr 乘以 gamma。"),
    "ExponentialLR": ("lr multiplied by gamma every epoch.", "每个 epoch 把 lr 乘以 gamma。"),
    "CosineAnnealingLR": ("lr falling along half a cosine to eta_min over T_max epochs.",
                          "lr 在 T_max 个 epoch 内沿半个余弦降到 eta_min。"),
    "LambdaLR": ("lr = the initial lr × lr_lambda(epoch), your function.",
                 "lr = 初始 lr × lr_lambda(epoch)（你给的函数）。"),
}
