"""The backward pass of scaled dot-product attention, read off the trace of its forward pass.

``core.attention.scaled_dot_product_attention`` computes, per head and batch element,

    scores = q·kᵀ,  scaled = scores·factor/temperature (−∞ where masked),
    weights = softmax(scaled),  output = weights·v.

Given the gradient of a loss at the output, each step is undone in reverse order. Masked
entries have weight 0, so the softmax backward gives them gradient 0 without a special case.
"""

from __future__ import annotations

import numpy as np

from core.attention import AttentionTrace


def softmax_backward(
    weights: np.ndarray,  # [..., n_k]  softmax output p
    d_weights: np.ndarray,  # [..., n_k]  dL/dp
) -> np.ndarray:  # -> [..., n_k]  dL/dz
    """The gradient at softmax's input: dz_j = p_j·(dp_j − Σ_i p_i·dp_i), i.e. J·dp.

    J = diag(p) − p·pᵀ is the softmax Jacobian (core.sharpness measures its norm); when a
    row is nearly one-hot, J is nearly 0 and hardly any gradient gets through.
    """
    return weights * (d_weights - np.sum(weights * d_weights, axis=-1, keepdims=True))


def attention_backward(
    trace: AttentionTrace,  # of q [..., n_q, d_k], k [..., n_k, d_k], v [..., n_k, d_v]
    d_output: np.ndarray,  # [..., n_q, d_v]  dL/d output
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # -> dq, dk, dv in the shapes of q, k, v
    """dL/dq, dL/dk, dL/dv from the forward trace and the gradient at the output."""
    # 4) output = weights·v
    d_weights = d_output @ np.swapaxes(trace.v, -1, -2)  # [..., n_q, n_k]
    d_v = np.swapaxes(trace.weights, -1, -2) @ d_output  # [..., n_k, d_v]
    # 3) weights = softmax(scaled)
    d_scaled = softmax_backward(trace.weights, d_weights)  # [..., n_q, n_k], 0 where masked
    # 2) scaled = scores·factor/temperature
    d_scores = d_scaled * (trace.factor / trace.temperature)  # [..., n_q, n_k]
    # 1) scores = q·kᵀ
    d_q = d_scores @ trace.k  # [..., n_q, d_k]
    d_k = np.swapaxes(d_scores, -1, -2) @ trace.q  # [..., n_k, d_k]
    return d_q, d_k, d_v
