"""The one-layer attention model that core.train.loop trains, its forward and backward pass.

The model reads an associative-recall sequence (core.train.recall) and answers at each query:

    x = E[key] + E[value]  (one table, both tokens)     [S, B·n, d_model]
    q, k, v = x·W_Q, x·W_K, x·W_V, split into h heads   [h, S, B, n, d_k | d_v]
    attention = core.attention.scaled_dot_product_attention(q, k, v)
    y = concat(heads)·W_O at the query tokens           [S, B·n_q, d_model]
    logits = y·W_U, loss = cross-entropy with the asked value

Shapes: S models, one per seed, side by side; B sequences a batch; n tokens a sequence, the
last n_q of them queries; V rows of the vocabulary (mm's m, k, n are a matrix product's
own). Every array has the leading seed axis
and no operation mixes seeds, so a seed's run is the same whatever runs beside it (numpy's
cost per call is then paid once for all seeds). Forward and backward are written out step
by step; the attention's own backward is in core.train.backprop.

At the start, the components of x, q and k have unit variance, the setting of the paper's
footnote 4, so the unscaled scores q·k have variance ≈ d_k, and with ÷√d_k ≈ 1. d_k is
set on its own, not as d_model/h: d_model and the value width d_v = d_model/h stay fixed
while d_k moves, so between two values of d_k only the size of the scores changes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, fields

import numpy as np

from core.attention import AttentionTrace, causal_mask, scaled_dot_product_attention, softmax
from core.multihead import merge_heads, split_heads
from core.train.backprop import attention_backward
from core.train.config import TrainConfig
from core.train.recall import RecallBatch


def generators(seed: int) -> tuple[np.random.Generator, np.random.Generator]:
    """The weights' and the data's generators of a seed: scaled and unscaled runs share both."""
    init, data = np.random.SeedSequence(int(seed)).spawn(2)
    return np.random.default_rng(init), np.random.default_rng(data)


@dataclass(frozen=True)
class Weights:
    """Every trained parameter of S models (or a gradient of the same shapes). No biases.

    The vocabulary has n_keys key tokens, then n_values value tokens, then the blank that a
    query carries instead of a value: V = n_keys + n_values + 1 rows of embeddings.
    """

    e: np.ndarray  # [S, V, d_model]  token embeddings
    w_q: np.ndarray  # [S, d_model, h·d_k]
    w_k: np.ndarray  # [S, d_model, h·d_k]
    w_v: np.ndarray  # [S, d_model, h·d_v]
    w_o: np.ndarray  # [S, h·d_v, d_model]
    w_u: np.ndarray  # [S, d_model, n_values]  the read-out

    def names(self) -> list[str]:
        return [f.name for f in fields(self)]

    def __getitem__(self, name: str) -> np.ndarray:
        return getattr(self, name)


def init_weights(config: TrainConfig, seeds: Iterable[int]) -> Weights:
    """Gaussian weights, one model per seed, giving x, q, k, v, y unit-variance components."""
    c, hk, hv = config, config.n_heads * config.d_k, config.n_heads * config.d_v
    shapes = {  # name: (rows, columns, variance)
        "e": (c.n_keys + c.n_values + 1, c.d_model, 0.5),  # x = key row + value row: variance 1
        "w_q": (c.d_model, hk, 1.0 / c.d_model),  # q = x·W_Q: variance 1 (footnote 4)
        "w_k": (c.d_model, hk, 1.0 / c.d_model),
        "w_v": (c.d_model, hv, 1.0 / c.d_model),
        "w_o": (hv, c.d_model, 1.0 / hv),
        "w_u": (c.d_model, c.n_values, 1.0 / c.d_model),
    }
    per_seed = []
    for seed in seeds:
        rng = generators(seed)[0]
        per_seed.append({n: rng.normal(0, math.sqrt(v), (r, k)) for n, (r, k, v) in shapes.items()})
    return Weights(**{name: np.stack([w[name] for w in per_seed]) for name in shapes})


def token_ids(batch: RecallBatch, n_keys: int) -> tuple[np.ndarray, np.ndarray]:
    """[S, B, n] keys and values -> their rows of the vocabulary, [S, B·n] each."""
    s = batch.keys.shape[0]
    return batch.keys.reshape(s, -1), n_keys + batch.values.reshape(s, -1)


def heads(a: np.ndarray, n_heads: int) -> np.ndarray:
    """[..., h·d] -> [h, ..., d]: core.multihead.split_heads over all tokens at once."""
    lead = a.shape[:-1]
    return split_heads(a.reshape(-1, a.shape[-1]), n_heads).reshape(n_heads, *lead, -1)


def unheads(a: np.ndarray) -> np.ndarray:
    """[h, ..., d] -> [..., h·d]: core.multihead.merge_heads, the inverse of heads()."""
    h, *lead, d = a.shape
    return merge_heads(a.reshape(h, -1, d)).reshape(*lead, h * d)


# OpenBLAS runs a product of m·k·n above 2^18 on all its threads. On a shared 2-core server
# those threads wait for each other and for the other work: under load, training ran 5x
# slower (and used 6x the CPU) than with one thread. Products are therefore done in blocks
# below that size, each on one thread.
BLOCK = 1 << 18


def mm(a: np.ndarray, b: np.ndarray) -> np.ndarray:  # [S, m, k], [S, k, n] -> [S, m, n]
    """a·b for each seed, in blocks of rows (or of columns, if wider) small enough for one thread.

    Blocks along the longer side keep the other factor in cache, read once per block.
    """
    s, m, k = a.shape
    n = b.shape[-1]
    if m * k * n <= BLOCK:
        return a @ b
    out = np.empty((s, m, n))
    if m >= n:
        r = max(1, BLOCK // (k * n))
        for i in range(0, m, r):
            np.matmul(a[:, i : i + r], b, out=out[:, i : i + r])
    else:
        c = max(1, BLOCK // (m * k))
        for j in range(0, n, c):
            np.matmul(a, b[:, :, j : j + c], out=out[:, :, j : j + c])
    return out


def tmm(a: np.ndarray, b: np.ndarray) -> np.ndarray:  # [S, m, k], [S, m, n] -> [S, k, n]
    """aᵀ·b for each seed: a sum over the m rows, e.g. a weight's gradient xᵀ·dq."""
    return mm(_t(a), b)


def _t(a: np.ndarray) -> np.ndarray:
    """[S, r, c] -> [S, c, r]: each seed's matrix transposed."""
    return np.swapaxes(a, -1, -2)


@dataclass(frozen=True)
class Forward:
    """Every intermediate of one forward pass that the backward pass or a page needs.

    r is the number of attention rows computed: n_q (the queries) or n (every_row=True).
    """

    trace: AttentionTrace  # batched [h, S, B, …]: q [h, S, B, r, d_k], weights [h, S, B, r, n]
    concat: np.ndarray  # [S, B·n_q, h·d_v]  the heads' outputs at the query tokens
    y: np.ndarray  # [S, B·n_q, d_model]  concat·W_O
    logits: np.ndarray  # [S, B·n_q, n_values]
    probs: np.ndarray  # [S, B·n_q, n_values]  softmax of the logits
    loss: np.ndarray  # [S]  mean cross-entropy, nats
    accuracy: np.ndarray  # [S]  share of queries whose largest logit is the asked value


def _cross_entropy(logits: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """[S, B·n_q, n_values], [S, B·n_q] -> [S]: the mean over the queries of
    −log softmax(logits)[target], by a stable logsumexp."""
    m = np.max(logits, axis=-1)  # [S, B·n_q]
    log_total = m + np.log(np.sum(np.exp(logits - m[..., None]), axis=-1))
    picked = logits.reshape(-1, logits.shape[-1])[np.arange(targets.size), targets.ravel()]
    return np.mean(log_total - picked.reshape(targets.shape), axis=-1)


def embed(w: Weights, batch: RecallBatch) -> np.ndarray:  # -> [S, B·n, d_model]
    """x = E[key] + E[value] for every token, each seed with its own table."""
    s, v, d_model = w.e.shape
    key, value = token_ids(batch, v - w.w_u.shape[2] - 1)
    table = w.e.reshape(s * v, d_model)  # [S·V, d_model]: seed i's rows start at i·V
    first = np.arange(s)[:, None] * v
    x = np.take(table, key + first, axis=0)  # np.take: 9x faster than take_along_axis here
    x += np.take(table, value + first, axis=0)
    return x


def forward(
    w: Weights,
    batch: RecallBatch,
    *,
    n_heads: int,
    scale: bool,
    causal: bool,
    every_row: bool = False,
) -> Forward:
    """S models on their batches [S, B, n], from tokens to the loss (-> loss [S]).

    Only the query tokens are read out, so only their rows of attention are computed
    (n_q of the n rows; the loss and its gradients are the same). every_row=True computes
    all n rows, for drawing the whole attention map.
    """
    s, b, n = batch.keys.shape
    n_q = batch.targets.shape[-1]
    first = 0 if every_row else n - n_q  # the first row of attention computed
    # 1) embeddings
    x = embed(w, batch)  # [S, B·n, d_model]
    rows = x.reshape(s, b, n, -1)[:, :, first:].reshape(s, b * (n - first), -1)
    # 2) projections, split into heads: q [h, S, B, n − first, d_k], k, v [h, S, B, n, ·]
    q = heads(mm(rows, w.w_q).reshape(s, b, n - first, -1), n_heads)
    k, v = (heads(mm(x, m).reshape(s, b, n, -1), n_heads) for m in (w.w_k, w.w_v))
    # 3) attention, the same function the pages draw
    mask = causal_mask(n)[first:] if causal else None
    trace = scaled_dot_product_attention(q, k, v, mask=mask, scale=scale)
    # 4) concatenate the heads at the query tokens, project back
    concat = unheads(trace.output)[:, :, -n_q:].reshape(s, b * n_q, -1)  # [S, B·n_q, h·d_v]
    y = mm(concat, w.w_o)  # [S, B·n_q, d_model]
    # 5) read-out and loss
    logits = mm(y, w.w_u)  # [S, B·n_q, n_values]
    targets = batch.targets.reshape(s, b * n_q)
    accuracy = np.mean(np.argmax(logits, axis=-1) == targets, axis=-1)
    loss = _cross_entropy(logits, targets)
    return Forward(trace, concat, y, logits, softmax(logits), loss, accuracy)


def backward(w: Weights, batch: RecallBatch, fwd: Forward) -> Weights:
    """dLoss/d every parameter, for each seed its own loss; forward undone in reverse order."""
    s, b, n = batch.keys.shape
    h, _, _, r, _ = fwd.trace.output.shape  # r: the rows of attention computed
    hv = w.w_o.shape[1]  # h·d_v
    n_q = batch.targets.shape[-1]
    count = b * n_q  # predictions per seed
    # 5) loss = mean cross-entropy of softmax(logits): d logits = (probs − one-hot) / count
    d_logits = fwd.probs / count  # [S, B·n_q, n_values]
    targets = batch.targets.reshape(s, count)
    d_logits[np.arange(s)[:, None], np.arange(count), targets] -= 1.0 / count
    d_w_u = tmm(fwd.y, d_logits)  # [S, d_model, n_values]
    d_y = mm(d_logits, _t(w.w_u))  # [S, B·n_q, d_model]
    # 4) y = concat·W_O, taken at the query tokens only
    d_w_o = tmm(fwd.concat, d_y)  # [S, h·d_v, d_model]
    d_concat = np.zeros((s, b, r, hv))  # [S, B, r, h·d_v]
    d_concat[:, :, r - n_q :] = mm(d_y, _t(w.w_o)).reshape(s, b, n_q, hv)
    # 3) attention
    d_q, d_k, d_v = attention_backward(fwd.trace, heads(d_concat, h))  # [h, S, B, r | n, ·]
    # 2) projections and 1) embeddings. x = one-hot·E (two ones a row: key and value), so
    # x·W = one-hot·(E·W). The gradient at E·W is G = one-hotᵀ·d, each table row's share of
    # its tokens' gradients; then dW = Eᵀ·G and dE = G·Wᵀ. The same sums as xᵀ·d and d·Wᵀ,
    # with V rows in place of B·n tokens: half the work.
    key, value = token_ids(batch, w.e.shape[1] - w.w_u.shape[2] - 1)
    vocabulary = np.arange(w.e.shape[1])
    one_hot = (key[..., None] == vocabulary) | (value[..., None] == vocabulary)  # [S, B·n, V]
    one_hot = one_hot.astype(float)
    one_hot_q = one_hot.reshape(s, b, n, -1)[:, :, n - r :].reshape(s, b * r, -1)
    d_e = np.zeros_like(w.e)
    grads = {}
    for name, tokens, d in (("w_q", one_hot_q, d_q), ("w_k", one_hot, d_k), ("w_v", one_hot, d_v)):
        g = tmm(tokens, unheads(d).reshape(s, tokens.shape[1], -1))  # [S, V, c]
        grads[name] = tmm(w.e, g)  # [S, d_model, c]
        d_e += mm(g, _t(w[name]))  # [S, V, d_model]
    return Weights(e=d_e, **grads, w_o=d_w_o, w_u=d_w_u)


def pack(w: Weights) -> np.ndarray:  # -> [S, n_params]
    """Each seed's parameters in one row, so that Adam is a few operations, not a few per matrix."""
    s = w.e.shape[0]
    return np.concatenate([w[name].reshape(s, -1) for name in w.names()], axis=1)


def unpack(theta: np.ndarray, like: Weights) -> Weights:  # [S, n_params] -> views of theta
    """The inverse of pack(): views into theta, shaped like the parameters of `like`."""
    parts, start = {}, 0
    for name in like.names():
        shape = like[name].shape
        size = math.prod(shape[1:])
        parts[name] = theta[:, start : start + size].reshape(shape)
        start += size
    return Weights(**parts)
