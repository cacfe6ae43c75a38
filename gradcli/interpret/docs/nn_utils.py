"""torch.nn.utils.<name>: clipping gradients, and all parameters as one vector."""

PREFIX = "torch.nn.utils"

SUMMARIES = {
    "clip_grad_norm_": ("Scale all gradients together so their total norm is at most max_norm; "
                        "returns the norm they had.",
                        "把所有梯度一起缩放，使总范数不超过 max_norm；返回缩放前的总范数。"),
    "clip_grad_value_": ("Clamp every gradient element into [-clip_value, clip_value].",
                         "把每个梯度元素截断到 [-clip_value, clip_value] 之内。"),
    "get_total_norm": ("The norm of the given tensors taken together as one vector.",
                       "把给定张量合成一个向量时的范数。"),
    "clip_grads_with_norm_": ("Scale the gradients by max_norm / total_norm where that is "
                              "below 1.", "在 max_norm / total_norm 小于 1 时按它缩放梯度。"),
    "parameters_to_vector": ("All parameters flattened and joined into one 1-D tensor.",
                             "把所有参数展平并连接成一个一维张量。"),
    "vector_to_parameters": ("Give each parameter its slice of a 1-D tensor, in order.",
                             "按顺序把一维张量的各段分给每个参数。"),
}
