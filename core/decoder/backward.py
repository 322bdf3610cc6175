"""The decoder's loss and its gradients, written out: the forward pass undone step by step.

The loss is the mean cross-entropy of predicting each next character. The attention's
own backward is core.train.backprop's, the one the Train page's model uses; the rest are the
products of the forward pass transposed. Shapes as in core.decoder.model, with T = the
number of predictions (every position of every text).
"""

from __future__ import annotations

import numpy as np

from core.decoder.model import DecoderConfig, DecoderForward, DecoderWeights, forward
from core.train.backprop import attention_backward
from core.train.model import heads, unheads


def token_losses(
    log_probs: np.ndarray, targets: np.ndarray
) -> np.ndarray:  # [..., n, V], [..., n] -> [..., n]
    """−log p(target) at every position, nats: how surprised the model is by each next character."""
    return -np.take_along_axis(log_probs, np.asarray(targets)[..., None], axis=-1)[..., 0]


def backward(
    w: DecoderWeights,
    fwd: DecoderForward,
    probs: np.ndarray,  # [..., n, V]  softmax of fwd.logits
    targets: np.ndarray,  # [..., n]
    config: DecoderConfig,
) -> DecoderWeights:  # -> dLoss/d every parameter
    """The gradient of the mean of token_losses with respect to every weight, in the forward
    pass's float type."""
    w = w.astype(fwd.logits.dtype)
    d_model, h = config.d_model, config.n_heads
    n = fwd.ids.shape[-1]
    flat = lambda a: a.reshape(-1, a.shape[-1])  # noqa: E731  [..., n, c] -> [T, c]
    # 5) loss = mean −log softmax(logits)[target]: d logits = (softmax − one-hot) / T
    d_logits = flat(probs).copy()  # [T, V]
    count = d_logits.shape[0]
    d_logits[np.arange(count), np.asarray(targets).reshape(-1)] -= 1.0
    d_logits /= count
    d_w_u = flat(fwd.x[-1]).T @ d_logits  # [d_model, V]
    d_x = d_logits @ w.w_u.T  # [T, d_model]
    grads = {name: np.zeros_like(w[name]) for name in ("w_q", "w_k", "w_v", "w_o")}
    for layer in reversed(range(config.n_layers)):
        x = flat(fwd.x[layer])  # [T, d_model]  this layer's input
        # 4) x_{l+1} = x_l + concat·W_O: the residual passes d_x on unchanged
        grads["w_o"][layer] = flat(fwd.concat[layer]).T @ d_x  # [h·d_v, d_model]
        d_concat = (d_x @ w.w_o[layer].T).reshape(fwd.concat[layer].shape)  # [..., n, h·d_v]
        # 3) attention, core.train.backprop's backward
        d_q, d_k, d_v = attention_backward(fwd.traces[layer], heads(d_concat, h))
        # 2) q = x·W_Q, k = x·W_K, v = x·W_V: each sends its share back into x
        for name, d in (("w_q", d_q), ("w_k", d_k), ("w_v", d_v)):
            d = flat(unheads(d))  # [T, h·d_k]
            grads[name][layer] = x.T @ d  # [d_model, h·d_k]
            d_x = d_x + d @ w[name][layer].T  # [T, d_model]
    # 1) x_0 = E[ids] + P[:n]: each row of E gets the sum over the positions holding its
    # character, each row of P the sum over the texts
    d_e = np.zeros_like(w.e)
    np.add.at(d_e, np.asarray(fwd.ids).reshape(-1), d_x)
    d_p = np.zeros_like(w.p)
    d_p[:n] = d_x.reshape(-1, n, d_model).sum(axis=0)
    return DecoderWeights(e=d_e, p=d_p, **grads, w_u=d_w_u)


def loss_and_grads(
    w: DecoderWeights,
    inputs: np.ndarray,
    targets: np.ndarray,
    config: DecoderConfig,
    dtype=np.float64,
) -> tuple[np.ndarray, DecoderWeights]:  # [..., n], [..., n] -> losses [..., n], gradients
    """Every prediction's loss and the gradient of their mean: one training step's work (in
    float64, or float32 as training runs)."""
    fwd = forward(w, inputs, config, dtype=dtype)
    log_probs = fwd.log_probs()  # [..., n, V]
    losses = token_losses(log_probs, targets)
    return losses, backward(w, fwd, np.exp(log_probs, out=log_probs), targets, config)
