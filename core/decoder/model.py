"""A small decoder-only transformer, attention only: its weights and its forward pass.

    x_0 = E[token] + P[position]                                    [..., n, d_model]
    for each layer l, causal multi-head attention (core.attention's function):
        q, k, v = x_l·W_Q[l], x_l·W_K[l], x_l·W_V[l], split into h heads   [h, ..., n, d_k]
        x_{l+1} = x_l + concat(heads)·W_O[l]                        [..., n, d_model]
    logits = x_L·W_U                                                [..., n, V]

Attention only: no MLP, no LayerNorm, no biases. The residual stream is then the sum of the
embeddings and of what each head wrote, and the only way a character reaches a later
prediction is through a head, which is what the page shows: the previous-token heads and
the induction heads that form in it (Elhage et al., 2021; Olsson et al., 2022, studied
this kind of model). The trial that sized this model found both kinds of head in 2 layers
of 4 heads without an MLP; a LayerNorm would add a per-token division that the page would
have to draw and undo, and training converged without it (realmodel/decoder/training.json).

Shapes: ``n`` characters (at most n_ctx), V characters in the vocabulary, L layers, h heads
of d_k = d_v = d_model/h; ``...`` any leading batch dimensions (B texts when training).
The pages' arithmetic is float64 whatever the weights' type: the shipped weights are
float32, and in float64 the forward pass is the same on every machine to about 1e-15, which
lets a test hold the cached generation (core.generate.kvcache, float64) to the uncached
pass. Training asks for float32 (``dtype``): 1.4 to 2 times faster on this model, and the
type its checkpoints are shipped in.

A head switched off (``off``) still attends, but its output is not added to the residual
stream: no later layer and no prediction sees what it read. That is how the page shows
that an induction head needs the previous-token head below it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np

from core.attention import AttentionTrace, causal_mask, scaled_dot_product_attention
from core.train.model import heads, unheads


@dataclass(frozen=True)
class DecoderConfig:
    """The decoder's sizes."""

    n_vocab: int  # V
    n_ctx: int = 128  # the longest text it reads: one learned position each
    d_model: int = 64
    n_heads: int = 4  # h
    n_layers: int = 2  # L

    def __post_init__(self):
        if min(self.n_vocab, self.n_ctx, self.d_model, self.n_heads, self.n_layers) < 1:
            raise ValueError("every size of the decoder must be at least 1")
        if self.d_model % self.n_heads:
            raise ValueError(f"d_model={self.d_model} is not divisible by h={self.n_heads}")

    @property
    def d_k(self) -> int:
        return self.d_model // self.n_heads


@dataclass(frozen=True)
class DecoderWeights:
    """Every trained parameter (or a gradient of the same shapes)."""

    e: np.ndarray  # [V, d_model]  token embeddings
    p: np.ndarray  # [n_ctx, d_model]  learned position embeddings
    w_q: np.ndarray  # [L, d_model, h·d_k]
    w_k: np.ndarray  # [L, d_model, h·d_k]
    w_v: np.ndarray  # [L, d_model, h·d_v]
    w_o: np.ndarray  # [L, h·d_v, d_model]
    w_u: np.ndarray  # [d_model, V]  the read-out (unembedding)

    @staticmethod
    def names() -> list[str]:
        return [f.name for f in fields(DecoderWeights)]

    def __getitem__(self, name: str) -> np.ndarray:
        return getattr(self, name)

    def astype(self, dtype) -> DecoderWeights:
        """The same weights in another float type (no copy when already of that type)."""
        return DecoderWeights(**{n: self[n].astype(dtype, copy=False) for n in self.names()})

    @property
    def n_params(self) -> int:
        return sum(self[n].size for n in self.names())

    @property
    def nbytes(self) -> int:
        return sum(self[n].nbytes for n in self.names())


def init_weights(config: DecoderConfig, rng: np.random.Generator) -> DecoderWeights:
    """Gaussian weights (float64) that give unit-variance components to x_0, q, k, v.

    E and P each have variance 1/2, so x_0 = E + P has variance 1 and, with W_Q and W_K of
    variance 1/d_model, q and k have unit variance: scores/√d_k start with variance 1, the
    paper's footnote 4. W_U is 10 times smaller, so the first predictions are nearly uniform
    (loss ≈ log V) rather than confidently wrong.
    """
    c, hd = config, config.n_heads * config.d_k
    shapes = {  # name: (shape, standard deviation)
        "e": ((c.n_vocab, c.d_model), np.sqrt(0.5)),
        "p": ((c.n_ctx, c.d_model), np.sqrt(0.5)),
        "w_q": ((c.n_layers, c.d_model, hd), 1 / np.sqrt(c.d_model)),
        "w_k": ((c.n_layers, c.d_model, hd), 1 / np.sqrt(c.d_model)),
        "w_v": ((c.n_layers, c.d_model, hd), 1 / np.sqrt(c.d_model)),
        "w_o": ((c.n_layers, hd, c.d_model), 1 / np.sqrt(hd)),
        "w_u": ((c.d_model, c.n_vocab), 0.1 / np.sqrt(c.d_model)),
    }
    return DecoderWeights(**{n: rng.normal(0.0, s, size) for n, (size, s) in shapes.items()})


@dataclass(frozen=True)
class DecoderForward:
    """Every intermediate of one forward pass that a page or the backward pass needs."""

    ids: np.ndarray  # [..., n]
    x: tuple[
        np.ndarray, ...
    ]  # L + 1 × [..., n, d_model]  the residual stream into each layer, and out
    traces: tuple[AttentionTrace, ...]  # L × batched over heads: weights [h, ..., n, n]
    concat: tuple[np.ndarray, ...]  # L × [..., n, h·d_v]  the heads' outputs side by side
    logits: np.ndarray  # [..., n, V]  logits[..., i, :] predicts the character after i

    @property
    def attention(self) -> np.ndarray:  # [L, h, ..., n, n]
        """Every layer's and head's attention weights, rows summing to 1."""
        return np.stack([t.weights for t in self.traces])

    def log_probs(self) -> np.ndarray:  # [..., n, V]
        """log softmax of the logits: the model's log-probability of each next character."""
        m = self.logits.max(axis=-1, keepdims=True)
        z = self.logits - m
        return z - np.log(np.sum(np.exp(z), axis=-1, keepdims=True))


def check_ids(ids: np.ndarray, config: DecoderConfig) -> np.ndarray:
    """The ids as an int array if the model can read them, else ValueError saying why."""
    ids = np.asarray(ids)
    if ids.ndim < 1 or ids.shape[-1] < 1:
        raise ValueError("there is no character to read: the text is empty")
    if ids.shape[-1] > config.n_ctx:
        raise ValueError(f"the model reads at most {config.n_ctx} characters, not {ids.shape[-1]}")
    if not np.issubdtype(ids.dtype, np.integer) or ids.min() < 0 or ids.max() >= config.n_vocab:
        raise ValueError(f"character ids must be whole numbers in 0 … {config.n_vocab - 1}")
    return ids


def head_keep(off: np.ndarray, config: DecoderConfig, dtype=np.float64) -> np.ndarray:
    """[L, h] bool of heads switched off -> [L, h·d_v]: 0 over an off head's columns of the
    concatenation, 1 elsewhere."""
    off = np.asarray(off, dtype=bool)
    if off.shape != (config.n_layers, config.n_heads):
        raise ValueError(f"heads switched off must be [{config.n_layers}, {config.n_heads}]")
    return np.repeat(~off, config.d_k, axis=1).astype(dtype)


def forward(
    w: DecoderWeights,
    ids: np.ndarray,
    config: DecoderConfig,
    *,
    off: np.ndarray | None = None,  # [L, h] bool: True for a head switched off
    dtype=np.float64,
) -> DecoderForward:
    """The decoder on texts [..., n] of ids (-> logits [..., n, V]), in float64 unless
    training asks for float32; with the heads of ``off`` switched off (their output never
    reaches the residual stream)."""
    ids = check_ids(ids, config)
    w = w.astype(dtype)
    keep = None if off is None else head_keep(off, config, dtype)  # [L, h·d_v]
    n, h = ids.shape[-1], config.n_heads
    mask = causal_mask(n)  # [n, n]: position i reads positions 0 … i
    # 1) embeddings: the character's row of E plus its position's row of P
    x = w.e[ids] + w.p[:n]  # [..., n, d_model]
    xs, traces, concats = [x], [], []
    for layer in range(config.n_layers):
        # 2) projections, split into heads
        q, k, v = (heads(x @ m[layer], h) for m in (w.w_q, w.w_k, w.w_v))  # [h, ..., n, d_k]
        # 3) causal attention, the same function every page draws
        trace = scaled_dot_product_attention(q, k, v, mask=mask)
        # 4) the heads side by side, projected back and added to the residual stream
        concat = unheads(trace.output)  # [..., n, h·d_v]
        if keep is not None:
            concat = concat * keep[layer]  # a head switched off writes nothing
        x = x + concat @ w.w_o[layer]  # [..., n, d_model]
        xs.append(x)
        traces.append(trace)
        concats.append(concat)
    # 5) read-out
    logits = x @ w.w_u  # [..., n, V]
    return DecoderForward(ids, tuple(xs), tuple(traces), tuple(concats), logits)
