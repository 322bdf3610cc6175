"""Multi-head attention (Vaswani et al., 2017, §3.2.2): h heads side by side, then W_O.

One computation covers the three kinds the pages show. Multi-head self-attention reads
the keys and values of its own tokens, one key/value head per query head. Grouped-query
attention (Ainslie et al., 2023; core.gqa) has g key/value heads that the h query heads
share in groups: g = h is multi-head attention, g = 1 multi-query attention.
Cross-attention (§3.2.3) takes its keys and values from another sequence (the encoder's
tokens) while the queries come from its own.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import AttentionTrace
from core.gqa import gqa_attention, kv_head_of


@dataclass(frozen=True)
class MHAParams:
    """Projection weights; head i uses columns i·d_k … (i+1)·d_k − 1. No biases.

    W_K and W_V have g ≤ h heads' columns: h for multi-head attention, fewer where query
    heads share key/value heads (grouped-query attention).
    """

    w_q: np.ndarray  # [d_model, h·d_k]
    w_k: np.ndarray  # [d_model, g·d_k]
    w_v: np.ndarray  # [d_model, g·d_v]
    w_o: np.ndarray  # [h·d_v, d_model]

    def head(self, i: int, n_heads: int) -> HeadParams:
        """Head i's own slices of W_Q, W_K, W_V (its columns i·d_k … (i+1)·d_k − 1)."""
        d_k, d_v = self.w_q.shape[1] // n_heads, self.w_v.shape[1] // n_heads
        return HeadParams(
            w_q=self.w_q[:, i * d_k : (i + 1) * d_k],
            w_k=self.w_k[:, i * d_k : (i + 1) * d_k],
            w_v=self.w_v[:, i * d_v : (i + 1) * d_v],
        )


@dataclass(frozen=True)
class HeadParams:
    """One head's projections: views into the full matrices, nothing copied."""

    w_q: np.ndarray  # [d_model, d_k]
    w_k: np.ndarray  # [d_model, d_k]
    w_v: np.ndarray  # [d_model, d_v]


def init_params(d_model: int, n_heads: int, seed: int) -> MHAParams:
    """Random weights with d_k = d_v = d_model/h, N(0, 1/d_model) so projections keep variance."""
    if n_heads < 1 or d_model % n_heads:
        raise ValueError(f"d_model={d_model} is not divisible by n_heads={n_heads}")
    w_q, w_k, w_v, w_o = draw_weights(d_model, seed, 4)
    return MHAParams(w_q=w_q, w_k=w_k, w_v=w_v, w_o=w_o)


def draw_weights(d_model: int, seed: int, count: int) -> list[np.ndarray]:  # count × [d, d]
    """The first ``count`` of W_Q, W_K, W_V, W_O as init_params draws them, N(0, 1/d_model)."""
    rng = np.random.default_rng(seed)
    std = 1.0 / np.sqrt(d_model)
    return [rng.normal(0.0, std, size=(d_model, d_model)) for _ in range(count)]


def split_heads(x: np.ndarray, n_heads: int) -> np.ndarray:
    """[n, h·d] -> [h, n, d]: head i takes columns i·d … (i+1)·d − 1."""
    n, width = x.shape
    return x.reshape(n, n_heads, width // n_heads).transpose(1, 0, 2)


def merge_heads(x: np.ndarray) -> np.ndarray:
    """[h, n, d] -> [n, h·d]: the concatenation of the heads' outputs."""
    n_heads, n, d = x.shape
    return x.transpose(1, 0, 2).reshape(n, n_heads * d)


def pool_kv_heads(params: MHAParams, h: int, g: int) -> MHAParams:
    """Grouped-query weights from multi-head ones: each group's key and value heads averaged.

    This is how Ainslie et al. (2023, §2.1) turn a multi-head checkpoint into a GQA one
    before a short further training: the W_K (and W_V) columns of the h/g heads in a group
    are averaged into the group's one head. W_Q and W_O stay as they are. With g = h
    nothing is averaged: the weights are the multi-head ones exactly.
    """
    kv_head_of(h, g)  # raises unless g divides h

    def pool(w: np.ndarray) -> np.ndarray:  # [d_model, h·d] -> [d_model, g·d]
        d_model, width = w.shape
        return w.reshape(d_model, g, h // g, width // h).mean(axis=2).reshape(d_model, -1)

    return MHAParams(w_q=params.w_q, w_k=pool(params.w_k), w_v=pool(params.w_v), w_o=params.w_o)


@dataclass(frozen=True)
class MHAResult:
    """Everything a page draws about one multi-head attention call."""

    q: np.ndarray  # [n_q, h·d_k]  x·W_Q
    k: np.ndarray  # [n_k, g·d_k]  memory·W_K: g key/value heads (g = h but with GQA)
    v: np.ndarray  # [n_k, g·d_v]  memory·W_V
    trace: AttentionTrace  # batched over the h query heads: weights [h, n_q, n_k]
    concat: np.ndarray  # [n_q, h·d_v]
    output: np.ndarray  # [n_q, d_model]  concat·W_O
    kv_head: np.ndarray  # [h] int  the key/value head query head i reads

    @property
    def n_heads(self) -> int:
        return self.trace.weights.shape[0]

    @property
    def n_kv_heads(self) -> int:
        return int(self.kv_head[-1]) + 1

    def readers(self, j: int) -> np.ndarray:  # -> [h/g] int
        """The query heads that read key/value head j."""
        return np.flatnonzero(self.kv_head == j)

    @property
    def weights(self) -> np.ndarray:  # [h, n, n]
        return self.trace.weights

    @property
    def head_outputs(self) -> np.ndarray:  # [h, n, d_v]
        return self.trace.output

    def head(self, i: int) -> AttentionTrace:
        """Head i's own full trace."""
        return self.trace.select(i)


def multi_head_attention(
    x: np.ndarray,  # [n_q, d_model]  the tokens that ask
    params: MHAParams,
    *,
    n_heads: int,
    n_kv_heads: int | None = None,  # g: key/value heads the h query heads share; None: h
    memory: np.ndarray | None = None,  # [n_k, d_model]  whose keys and values; None: x's
    mask: np.ndarray | None = None,  # bool [n_q, n_k], True = may attend
    scale: bool | float = True,
    temperature: float = 1.0,
) -> MHAResult:
    """Project, attend per head, concatenate, project back (-> output [n_q, d_model]).

    Self-attention by default; ``n_kv_heads`` makes it grouped-query attention, ``memory``
    cross-attention (queries from x, keys and values from memory).
    """
    h = n_heads
    g = h if n_kv_heads is None else n_kv_heads
    kv_head = kv_head_of(h, g)  # raises unless g divides h
    x = np.asarray(x, dtype=np.float64)
    memory = x if memory is None else np.asarray(memory, dtype=np.float64)
    # 1) linear projections: h query heads from x, g key/value heads from the memory
    q = x @ params.w_q  # [n_q, h·d_k]
    k, v = memory @ params.w_k, memory @ params.w_v  # [n_k, g·d_k], [n_k, g·d_v]
    # 2) attention in every query head, over the key/value head of its group
    trace = gqa_attention(
        split_heads(q, h),  # [h, n_q, d_k]
        split_heads(k, g),  # [g, n_k, d_k]
        split_heads(v, g),  # [g, n_k, d_v]
        mask=mask,
        scale=scale,
        temperature=temperature,
    )  # weights [h, n_q, n_k]
    # 3) concatenate the heads and project back to d_model
    concat = merge_heads(trace.output)  # [n_q, h·d_v]
    output = concat @ params.w_o  # [n_q, d_model]
    return MHAResult(q=q, k=k, v=v, trace=trace, concat=concat, output=output, kv_head=kv_head)


@dataclass(frozen=True)
class HeadDivergence:
    """How differently the heads attend: the Jensen–Shannon divergence of every pair."""

    matrix: np.ndarray  # [h, h]  in bits: 0 = the same weights, 1 = no key in common
    mean: float  # over the h·(h−1)/2 pairs
    most: tuple[int, int, float]  # the pair (a < b) that differs most, and its divergence
    least: tuple[int, int, float]  # the pair that differs least


def head_divergence(weights: np.ndarray) -> HeadDivergence:  # [h, n, n] -> [h, h], h >= 2
    """Mean Jensen–Shannon divergence (bits) between every two heads, query row by row.

    Symmetric, with an exact 0 diagonal, and between 0 and 1.
    """
    p, q = weights[:, None], weights[None, :]  # [h, 1, n, n], [1, h, n, n]
    m = (p + q) / 2  # [h, h, n, n]

    def kl_to_m(a: np.ndarray) -> np.ndarray:  # -> [h, h, n]
        # a > 0 with m == 0 happens only when a/2 underflows; its term is then ~a, i.e. 0.
        ok = (a > 0) & (m > 0)
        ratio = np.divide(a, m, out=np.ones(ok.shape), where=ok)
        return np.sum(a * np.log2(ratio), axis=-1)

    js = (0.5 * kl_to_m(p) + 0.5 * kl_to_m(q)).mean(axis=-1)  # [h, h]
    js = np.clip((js + js.T) / 2, 0.0, 1.0)
    np.fill_diagonal(js, 0.0)
    a, b = np.triu_indices(js.shape[0], k=1)
    pairs = js[a, b]
    hi, lo = int(np.argmax(pairs)), int(np.argmin(pairs))
    return HeadDivergence(
        matrix=js,
        mean=float(pairs.mean()),
        most=(int(a[hi]), int(b[hi]), float(pairs[hi])),
        least=(int(a[lo]), int(b[lo]), float(pairs[lo])),
    )
