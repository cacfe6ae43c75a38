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
    "ReduceLROnPlateau": ("lr multiplied by factor once step(metric) stops improving for "
                          "patience epochs.", "当 step(metric) 连续 patience 个 epoch 不再改善时，"
                          "把 lr 乘以 factor。"),
}
SUMMARIES.update({
    "LRScheduler.step": ("Go to the next epoch and set each group's lr (after optimizer.step()).",
                         "进入下一个 epoch 并设定各组的 lr（在 optimizer.step() 之后调用）。"),
    "LRScheduler.get_last_lr": ("The lr of each parameter group, as last set.", "各参数组最近一次设定的 lr。"),
    "LRScheduler.get_lr": ("The rule of the schedule: the lrs for the current epoch (step() calls "
                           "it).", "调度规则：当前 epoch 的 lr（由 step() 调用）。"),
    "LRScheduler.state_dict": ("The scheduler's state (epoch, last lr…), as a dict to save.",
                               "调度器的状态（epoch、最近的 lr 等）（字典），用于保存。"),
    "LRScheduler.load_state_dict": ("Restore the state from a state_dict.", "从 state_dict 恢复状态。"),
    "ReduceLROnPlateau.is_better": ("Is metric a better than best, by the threshold?",
                                    "指标 a 是否比 best 更好（超过阈值）？"),
})
