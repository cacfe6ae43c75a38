"""torch.optim.<name>: optimizers that update parameters from their .grad at each step()."""

PREFIX = "torch.optim"

SUMMARIES = {
    "Optimizer": ("The base of optimizers: step() updates the params, zero_grad() clears "
                  "their .grad.",
                  "优化器的基类：step() 更新参数，zero_grad() 清空它们的 .grad。"),
    "SGD": ("Stochastic gradient descent: p -= lr × grad (momentum, nesterov, weight_decay).",
            "随机梯度下降：p -= lr × grad（可选 momentum、nesterov、weight_decay）。"),
    "Adam": ("Adam: steps scaled by running averages of the gradient and of its square.",
             "Adam：步长按梯度及其平方的滑动平均缩放。"),
    "AdamW": ("Adam with weight decay applied to the weights directly, apart from the gradient.",
              "权重衰减直接作用于权重（与梯度分开）的 Adam。"),
    "Adamax": ("Adam with a decaying maximum of gradient sizes in place of the squared average.",
               "用逐步衰减的梯度幅值最大值代替平方平均的 Adam。"),
    "Adagrad": ("Steps divided by the root of the sum of all past squared gradients.",
                "步长除以历史梯度平方和的平方根。"),
    "Adadelta": ("Steps sized by running averages of squared gradients and of squared steps.",
                 "步长由梯度平方与更新量平方的滑动平均决定。"),
    "RMSprop": ("Steps divided by the root of a running average of squared gradients.",
                "步长除以梯度平方滑动平均的平方根。"),
    "Rprop": ("Steps that follow only the sign of the gradient, growing or shrinking by etas.",
              "只看梯度符号的步长，按 etas 增大或缩小。"),
    "ASGD": ("SGD that also keeps an average of the parameters (in its state, 'ax').",
             "同时保存参数平均值（状态中的 'ax'）的 SGD。"),
    "LBFGS": ("L-BFGS, a quasi-Newton method: step(closure) calls your closure to reevaluate "
              "the loss.", "L-BFGS 拟牛顿法：step(closure) 调用你的 closure 重新计算损失。"),
}
SUMMARIES.update({
    "Optimizer.step": ("Update every parameter from its .grad (call after loss.backward()).",
                       "根据 .grad 更新每个参数（在 loss.backward() 之后调用）。"),
    "Optimizer.zero_grad": ("Clear the .grad of every parameter (set to None by default) before "
                            "the next backward().", "在下一次 backward() 之前清空每个参数的 "
                            ".grad（默认设为 None）。"),
    "Optimizer.add_param_group": ("Add a group of parameters with its own options (lr, …).",
                                  "添加一组参数，可带自己的选项（lr 等）。"),
    "Optimizer.state_dict": ("The optimizer's state and options, as a dict to save.",
                             "优化器的状态和选项（字典），用于保存。"),
    "Optimizer.load_state_dict": ("Restore the state and options from a state_dict.",
                                  "从 state_dict 恢复状态和选项。"),
})
