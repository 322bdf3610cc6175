"""Grouped-query attention (Ainslie et al., 2023): h query heads share g key/value heads.

g = h is multi-head attention (MHA), g = 1 multi-query attention (MQA, Shazeer, 2019),
anything between is GQA. Query head i reads key/value head i // (h/g): the heads are
grouped in order, as PyTorch's ``scaled_dot_product_attention(..., enable_gqa=True)`` and
the Hugging Face models do. The attention itself is ``scaled_dot_product_attention``, on
the key/value heads repeated to one per query head; core.multihead.multi_head_attention
makes the projections around it (its n_kv_heads).
"""

from __future__ import annotations

import numpy as np

from core.attention import AttentionTrace, scaled_dot_product_attention


def kv_head_choices(h: int) -> list[int]:
    """The numbers of key/value heads h query heads can share: the divisors of h."""
    if h < 1:
        raise ValueError(f"h must be at least 1, not {h}")
    return [g for g in range(1, h + 1) if h % g == 0]


def attention_kind(h: int, g: int) -> str:
    """The name of h query heads over g key/value heads: "MHA" (g = h), "MQA" (g = 1, h > 1)
    or "GQA" (between)."""
    kv_head_of(h, g)  # raises unless g divides h
    if g == h:
        return "MHA"
    return "MQA" if g == 1 else "GQA"


def kv_head_of(h: int, g: int) -> np.ndarray:  # -> [h] int
    """The key/value head each query head reads: query head i reads head i // (h/g)."""
    if g < 1 or h % g:
        raise ValueError(f"{g} key/value heads cannot be shared evenly by {h} query heads")
    return np.arange(h) // (h // g)


def repeat_kv(x: np.ndarray, h: int) -> np.ndarray:  # [..., g, n, d] -> [..., h, n, d]
    """Each key/value head repeated for the query heads that read it (a copy)."""
    return np.take(x, kv_head_of(h, x.shape[-3]), axis=-3)


def gqa_attention(
    q: np.ndarray,  # [..., h, n_q, d_k]
    k: np.ndarray,  # [..., g, n_k, d_k]
    v: np.ndarray,  # [..., g, n_k, d_v]
    *,
    mask: np.ndarray | None = None,  # bool, broadcastable to [..., h, n_q, n_k]; True = may attend
    scale: bool | float = True,
    temperature: float = 1.0,
) -> AttentionTrace:  # its k, v repeated to [..., h, n_k, ·]; output [..., h, n_q, d_v]
    """Attention of h query heads over g key/value heads, every step of it."""
    h = q.shape[-3]
    return scaled_dot_product_attention(
        q, repeat_kv(k, h), repeat_kv(v, h), mask=mask, scale=scale, temperature=temperature
    )
