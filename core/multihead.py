"""Multi-head attention (Vaswani et al., 2017, §3.2.2): h heads side by side, then W_O."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.attention import AttentionTrace, scaled_dot_product_attention


@dataclass(frozen=True)
class MHAParams:
    """Projection weights; head i uses columns i·d_k … (i+1)·d_k − 1. No biases."""

    w_q: np.ndarray  # [d_model, h·d_k]
    w_k: np.ndarray  # [d_model, h·d_k]
    w_v: np.ndarray  # [d_model, h·d_v]
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


@dataclass(frozen=True)
class MHAResult:
    """Everything a page draws about one multi-head attention call."""

    q: np.ndarray  # [n, h·d_k]  x·W_Q
    k: np.ndarray  # [n, h·d_k]  x·W_K
    v: np.ndarray  # [n, h·d_v]  x·W_V
    trace: AttentionTrace  # batched over heads: weights [h, n, n], output [h, n, d_v]
    concat: np.ndarray  # [n, h·d_v]
    output: np.ndarray  # [n, d_model]  concat·W_O

    @property
    def n_heads(self) -> int:
        return self.trace.weights.shape[0]

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
    x: np.ndarray,  # [n, d_model]
    params: MHAParams,
    *,
    n_heads: int,
    mask: np.ndarray | None = None,  # bool [n, n], True = may attend
    scale: bool | float = True,
    temperature: float = 1.0,
) -> MHAResult:
    """Project, attend per head, concatenate, project back (-> output [n, d_model])."""
    x = np.asarray(x, dtype=np.float64)
    # 1) linear projections, all heads at once
    q, k, v = x @ params.w_q, x @ params.w_k, x @ params.w_v  # [n, h·d_k], [n, h·d_k], [n, h·d_v]
    # 2) attention in every head
    trace = scaled_dot_product_attention(
        split_heads(q, n_heads),  # [h, n, d_k]
        split_heads(k, n_heads),
        split_heads(v, n_heads),  # [h, n, d_v]
        mask=mask,
        scale=scale,
        temperature=temperature,
    )
    # 3) concatenate the heads and project back to d_model
    concat = merge_heads(trace.output)  # [n, h·d_v]
    output = concat @ params.w_o  # [n, d_model]
    return MHAResult(q=q, k=k, v=v, trace=trace, concat=concat, output=output)


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
