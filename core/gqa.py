"""Grouped-query attention (Ainslie et al., 2023): h query heads share g key/value heads.

g = h is multi-head attention (MHA), g = 1 multi-query attention (MQA, Shazeer, 2019),
anything between is GQA. Query head i reads key/value head i // (h/g): the heads are
grouped in order, as PyTorch's ``scaled_dot_product_attention(..., enable_gqa=True)`` and
the Hugging Face models do. The attention itself is ``scaled_dot_product_attention``, on
the key/value heads repeated to one per query head.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import AttentionTrace, scaled_dot_product_attention
from core.multihead import MHAParams, merge_heads, split_heads


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


@dataclass(frozen=True)
class GQAParams:
    """Projection weights with g key/value heads; head j uses columns j·d_k … (j+1)·d_k − 1."""

    w_q: np.ndarray  # [d_model, h·d_k]
    w_k: np.ndarray  # [d_model, g·d_k]
    w_v: np.ndarray  # [d_model, g·d_v]
    w_o: np.ndarray  # [h·d_v, d_model]


def gqa_params(params: MHAParams, h: int, g: int) -> GQAParams:
    """GQA weights from multi-head ones: each group's key and value heads mean-pooled.

    This is how Ainslie et al. (2023, §2.1) turn a multi-head checkpoint into a GQA one
    before a short further training: the W_K (and W_V) columns of the h/g heads in a group
    are averaged into the group's one head. W_Q and W_O stay as they are. With g = h
    nothing is averaged: the weights are the multi-head ones exactly.
    """
    kv_head_of(h, g)  # raises unless g divides h

    def pool(w: np.ndarray) -> np.ndarray:  # [d_model, h·d] -> [d_model, g·d]
        d_model, width = w.shape
        return w.reshape(d_model, g, h // g, width // h).mean(axis=2).reshape(d_model, -1)

    return GQAParams(w_q=params.w_q, w_k=pool(params.w_k), w_v=pool(params.w_v), w_o=params.w_o)


@dataclass(frozen=True)
class GQAResult:
    """Everything a page draws about one grouped-query attention call."""

    q: np.ndarray  # [n, h·d_k]  x·W_Q
    k: np.ndarray  # [n, g·d_k]  x·W_K: g heads, not h
    v: np.ndarray  # [n, g·d_v]  x·W_V
    kv_head: np.ndarray  # [h] int  the key/value head query head i reads
    trace: AttentionTrace  # batched over the h query heads: weights [h, n, n]
    concat: np.ndarray  # [n, h·d_v]
    output: np.ndarray  # [n, d_model]  concat·W_O

    @property
    def n_heads(self) -> int:
        return len(self.kv_head)

    @property
    def n_kv_heads(self) -> int:
        return int(self.kv_head[-1]) + 1

    @property
    def weights(self) -> np.ndarray:  # [h, n, n]
        return self.trace.weights

    @property
    def head_outputs(self) -> np.ndarray:  # [h, n, d_v]
        return self.trace.output

    def readers(self, j: int) -> np.ndarray:  # -> [h/g] int
        """The query heads that read key/value head j."""
        return np.flatnonzero(self.kv_head == j)


def grouped_query_attention(
    x: np.ndarray,  # [n, d_model]
    params: GQAParams,
    *,
    n_heads: int,
    n_kv_heads: int,
    mask: np.ndarray | None = None,  # bool [n, n], True = may attend
    scale: bool | float = True,
    temperature: float = 1.0,
) -> GQAResult:
    """Project (g key/value heads), attend per query head, concatenate, project back."""
    x = np.asarray(x, dtype=np.float64)
    # 1) linear projections: h query heads, g key/value heads
    q, k, v = x @ params.w_q, x @ params.w_k, x @ params.w_v  # [n, h·d_k], [n, g·d_k], [n, g·d_v]
    # 2) attention in every query head, over the key/value head of its group
    trace = gqa_attention(
        split_heads(q, n_heads),  # [h, n, d_k]
        split_heads(k, n_kv_heads),  # [g, n, d_k]
        split_heads(v, n_kv_heads),  # [g, n, d_v]
        mask=mask,
        scale=scale,
        temperature=temperature,
    )
    # 3) concatenate the heads and project back to d_model
    concat = merge_heads(trace.output)  # [n, h·d_v]
    return GQAResult(
        q=q,
        k=k,
        v=v,
        kv_head=kv_head_of(n_heads, n_kv_heads),
        trace=trace,
        concat=concat,
        output=concat @ params.w_o,  # [n, d_model]
    )
