"""Train a one-layer attention model by hand, with and without ÷√d_k, and watch it learn.

The model reads an associative-recall sequence (core.recall) and answers at each query:

    x = E[key] + E[value]  (one table, both tokens)     [S, B·n, d_model]
    q, k, v = x·W_Q, x·W_K, x·W_V, split into h heads   [h, S, B, n, d_k | d_v]
    attention = core.attention.scaled_dot_product_attention(q, k, v)
    y = concat(heads)·W_O at the query tokens           [S, B·n_q, d_model]
    logits = y·W_U, loss = cross-entropy with the asked value

S models, one per seed, are trained side by side: every array has a leading seed axis and
no operation mixes seeds, so a seed's run is the same whatever runs beside it (numpy's
cost per call is then paid once for all seeds). Forward and backward are written out step
by step (the attention's own backward is in core.backprop) and Adam updates everything.

At the start, the components of x, q and k have unit variance, the setting of the paper's
footnote 4, so the unscaled scores q·k have variance ≈ d_k, and with ÷√d_k ≈ 1. d_k is
set on its own, not as d_model/h: d_model and the value width d_v = d_model/h stay fixed
while d_k moves, so between two values of d_k only the size of the scores changes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields, replace

import numpy as np

from core.attention import AttentionTrace, causal_mask, scaled_dot_product_attention, softmax
from core.backprop import attention_backward
from core.multihead import merge_heads, split_heads
from core.recall import RecallBatch, recall_batch
from core.sharpness import max_entropy, row_entropy, softmax_jacobian_norm

Progress = Callable[[float], None]  # called with the fraction of the work done, 0 … 1

# ---------------------------------------------------------------------------- settings


@dataclass(frozen=True)
class TrainConfig:
    """One training setting; validate() makes one from anything (e.g. a link's text)."""

    d_k: int = 64  # query/key width per head
    n_heads: int = 1
    scale: bool = True  # ÷√d_k (compare() trains both)
    causal: bool = True  # the decoder's mask
    lr: float = 0.01  # Adam's step size
    steps: int = 150
    n_seeds: int = 3  # models per side, seeds seed, seed + 1, …
    seed: int = 0
    d_model: int = 32
    batch: int = 32  # sequences per step
    n_pairs: int = 8  # key-value tokens per sequence
    n_queries: int = 4  # query tokens per sequence
    n_keys: int = 16
    n_values: int = 16

    @property
    def d_v(self) -> int:
        return max(1, self.d_model // self.n_heads)

    @property
    def n(self) -> int:
        return self.n_pairs + self.n_queries

    @property
    def seeds(self) -> np.ndarray:  # [n_seeds]
        return self.seed + np.arange(self.n_seeds)

    @property
    def task(self) -> dict[str, int]:
        """The arguments of core.recall.recall_batch."""
        names = ("n_pairs", "n_queries", "n_keys", "n_values")
        return {name: getattr(self, name) for name in names}


def _check(config: TrainConfig) -> None:
    """Refuse what cannot be computed at all; validate() is the gentle way in."""
    sizes = ("d_k", "n_heads", "n_seeds", "d_model", "batch", "n_pairs", "n_queries")
    if any(getattr(config, name) < 1 for name in sizes) or config.steps < 0:
        raise ValueError(f"sizes must be positive and steps non-negative: {config}")
    if not config.n_queries <= config.n_pairs <= config.n_keys or config.n_values < 1:
        raise ValueError("need n_queries <= n_pairs <= n_keys and n_values >= 1")
    if not config.lr >= 0:
        raise ValueError("the learning rate must be a number >= 0")


# ---------------------------------------------------------------------------- the model


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
        rng = _rngs(seed)[0]
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


def _cross_entropy(logits: np.ndarray, targets: np.ndarray) -> np.ndarray:  # [S, R, P], [S, R]
    """[S] mean over R rows of −log softmax(logits)[target], by a stable logsumexp."""
    m = np.max(logits, axis=-1)  # [S, R]
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


# ---------------------------------------------------------------------------- Adam


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


@dataclass(frozen=True)
class Adam:
    """Adam's running moments (Kingma & Ba, 2015) after `t` updates, over pack()'s rows."""

    m: np.ndarray  # [S, n_params]
    v: np.ndarray  # [S, n_params]
    t: int = 0


BETA1, BETA2, EPS = 0.9, 0.999, 1e-8


def adam_init(theta: np.ndarray) -> Adam:
    return Adam(m=np.zeros_like(theta), v=np.zeros_like(theta), t=0)


def adam_step(
    theta: np.ndarray, grad: np.ndarray, state: Adam, lr: float
) -> tuple[np.ndarray, Adam]:  # [S, n_params], [S, n_params] -> new [S, n_params]
    """One Adam update; returns a new array, so the weights before it stay as they were."""
    t = state.t + 1
    m = BETA1 * state.m + (1 - BETA1) * grad
    v = BETA2 * state.v + (1 - BETA2) * (grad * grad)
    step = lr * math.sqrt(1 - BETA2**t) / (1 - BETA1**t)  # both bias corrections in one factor
    eps = EPS * math.sqrt(1 - BETA2**t)  # ε of the bias-corrected form m̂ / (√v̂ + ε)
    return theta - step * m / (np.sqrt(v) + eps), Adam(m=m, v=v, t=t)


# ---------------------------------------------------------------------------- training


def _rngs(seed: int) -> tuple[np.random.Generator, np.random.Generator]:
    """The weights' and the data's generators of a seed: scaled and unscaled runs share both."""
    init, data = np.random.SeedSequence(int(seed)).spawn(2)
    return np.random.default_rng(init), np.random.default_rng(data)


CHUNK = 50  # steps of data drawn at once; the data of step t does not depend on the run's length


def _stack(batches: list[RecallBatch]) -> RecallBatch:
    return RecallBatch(
        **{f.name: np.stack([b[f.name] for b in batches]) for f in fields(batches[0])}
    )


def batches(config: TrainConfig, seeds: Iterable[int]):
    """Endless [S, B, …] batches: each seed's own stream of fresh sequences."""
    rngs = [_rngs(seed)[1] for seed in seeds]
    b = config.batch
    while True:
        chunk = _stack([recall_batch(rng, CHUNK * b, **config.task) for rng in rngs])
        for i in range(CHUNK):
            yield RecallBatch(
                **{f.name: chunk[f.name][:, i * b : (i + 1) * b] for f in fields(chunk)}
            )


def make_example(config: TrainConfig) -> RecallBatch:
    """The one sequence whose attention is drawn before and after training ([1, n] arrays)."""
    rng = np.random.default_rng(np.random.SeedSequence(config.seed).spawn(3)[2])
    return recall_batch(rng, 1, **config.task)


@dataclass(frozen=True)
class TrainRun:
    """One seed's training, step by step. Every array is finite: a run that diverges stops."""

    seed: int
    scale: bool
    loss: np.ndarray  # [steps_done]  on each step's fresh batch, before its update
    accuracy: np.ndarray  # [steps_done]  on the same batch
    grad_norm_q: np.ndarray  # [steps_done]  Frobenius norm of dLoss/dW_Q
    grad_norm_k: np.ndarray  # [steps_done]  … of dLoss/dW_K
    entropy: np.ndarray  # [steps_done]  mean entropy (nats) of the query tokens' attention rows
    softmax_gradient: np.ndarray  # [steps_done]  mean norm of those rows' softmax Jacobian
    weights_before: np.ndarray  # [h, n, n]  the example's attention at the start
    weights_after: np.ndarray  # [h, n, n]  … after the last finite step
    diverged: bool  # a loss or gradient became NaN or inf
    diverged_at: int | None  # the step at which it did (= steps_done), else None

    @property
    def steps_done(self) -> int:
        return len(self.loss)

    def __getitem__(self, name: str):
        return getattr(self, name)


HISTORY = ("loss", "accuracy", "grad_norm_q", "grad_norm_k", "entropy", "softmax_gradient")


def _measures(fwd: Forward, grad: Weights, n_q: int) -> np.ndarray:  # -> [6, S] in HISTORY order
    query_rows = fwd.trace.weights[..., -n_q:, :]  # [h, S, B, n_q, n]
    return np.stack(
        [
            fwd.loss,
            fwd.accuracy,
            np.sqrt(np.sum(grad.w_q**2, axis=(1, 2))),
            np.sqrt(np.sum(grad.w_k**2, axis=(1, 2))),
            np.mean(row_entropy(query_rows), axis=(0, 2, 3)),
            np.mean(softmax_jacobian_norm(query_rows), axis=(0, 2, 3)),
        ]
    )


def _maps(theta: np.ndarray, like: Weights, example: RecallBatch, options: dict) -> np.ndarray:
    """[h, S, n, n]: every seed's attention on the example (stacked [S, 1, n])."""
    with np.errstate(all="ignore"):
        fwd = forward(unpack(theta, like), example, **options, every_row=True)
    return fwd.trace.weights[:, :, 0]


def train_side(
    config: TrainConfig,
    *,
    scale: bool | None = None,
    seeds: Iterable[int] | None = None,
    example: RecallBatch | None = None,
    on_step: Callable[[int], None] | None = None,
    until: tuple[float, int] | None = None,
) -> tuple[TrainRun, ...]:
    """Train one model per seed (default config.seeds) for config.steps steps of Adam.

    Each step draws fresh sequences, so a step's accuracy is measured on data the model has
    not seen. on_step(t) is called after step t (0-based). until=(target, window) stops once
    every seed's accuracy, averaged over the last `window` steps, has reached `target`. A NaN
    or inf in a seed's loss, measures or gradients ends that seed's run there, without that
    step; its weights stay those of its last finite step.
    """
    _check(config)
    scale = config.scale if scale is None else bool(scale)
    seeds = [int(s) for s in (config.seeds if seeds is None else seeds)]
    like = init_weights(config, seeds)
    theta = last = pack(like)  # [S, n_params]; last: the weights of the last finite step
    state, w = adam_init(theta), like
    options = {"n_heads": config.n_heads, "scale": scale, "causal": config.causal}
    example = _stack([make_example(config) if example is None else example] * len(seeds))
    before = _maps(theta, like, example, options)  # [h, S, n, n]
    history = np.zeros((len(HISTORY), len(seeds), config.steps))
    done = np.zeros(len(seeds), dtype=int)
    alive = np.ones(len(seeds), dtype=bool)
    reached = np.zeros(len(seeds), dtype=bool)  # for `until`
    data = batches(config, seeds)
    for t in range(config.steps):
        batch = next(data)
        with np.errstate(all="ignore"):  # a diverging run is caught below, by its values
            fwd = forward(w, batch, **options)
            grad = backward(w, batch, fwd)
            row = _measures(fwd, grad, config.n_queries)  # [6, S]
            g = pack(grad)  # [S, n_params]
        finite = np.all(np.isfinite(row), axis=0) & np.all(np.isfinite(g), axis=1)
        broke = alive & ~finite
        alive &= ~broke
        theta = np.where(broke[:, None], last, theta)  # a broken seed keeps its last good weights
        history[:, alive, t] = row[:, alive]
        done[alive] = t + 1
        if not alive.any():
            break
        g = np.where(alive[:, None], g, 0.0)
        last = theta
        updated, state = adam_step(theta, g, state, config.lr)
        theta = np.where(alive[:, None], updated, theta)
        w = unpack(theta, like)
        if on_step is not None:
            on_step(t)
        if until is not None:
            target, window = until
            if t + 1 >= window:
                trailing = np.mean(history[1, :, t + 1 - window : t + 1], axis=1)  # [S]
                reached |= trailing >= target - 1e-12
            if np.all(reached | ~alive):
                break
    after = _maps(theta, like, example, options)
    broke = alive & ~np.all(np.isfinite(after), axis=(0, 2, 3))  # the last update broke them
    if broke.any():
        after = np.where(broke[None, :, None, None], _maps(last, like, example, options), after)
        alive &= ~broke
    return tuple(
        TrainRun(
            seed=seed,
            scale=scale,
            **{name: history[j, i, : done[i]].copy() for j, name in enumerate(HISTORY)},
            weights_before=before[:, i],
            weights_after=after[:, i],
            diverged=not alive[i],
            diverged_at=None if alive[i] else int(done[i]),
        )
        for i, seed in enumerate(seeds)
    )


def train_run(config: TrainConfig, **options) -> TrainRun:
    """One seed's run (config.seed unless seeds=[…] is given); see train_side."""
    return train_side(config, **{"seeds": [config.seed], **options})[0]


def steps_to_accuracy(accuracy: np.ndarray, target: float, window: int = 10) -> int | None:
    """Steps until the mean accuracy of the last `window` steps first reaches `target`.

    [steps] -> int, or None if it never does. One batch's accuracy is noisy; the trailing
    mean keeps a lucky batch from counting.
    """
    window = max(1, int(window))
    if len(accuracy) < window:
        return None
    trailing = np.convolve(accuracy, np.ones(window) / window, mode="valid")  # [steps − w + 1]
    hits = np.flatnonzero(trailing >= target - 1e-12)
    return int(hits[0]) + window if len(hits) else None


# ---------------------------------------------------------------------------- two sides


@dataclass(frozen=True)
class Band:
    """One measure over the seeds, step by step: mean and spread of the runs still going."""

    mean: np.ndarray  # [T]  T = the longest run's steps
    lo: np.ndarray  # [T]  smallest over the seeds
    hi: np.ndarray  # [T]  largest
    count: np.ndarray  # [T] int, runs that reached the step (fewer after a divergence)


def band(histories: list[np.ndarray]) -> Band:
    """[S] arrays of lengths ≤ T -> a Band over the seeds that got that far."""
    t = max((len(h) for h in histories), default=0)
    valid = np.array([np.arange(t) < len(h) for h in histories]).reshape(len(histories), t)
    values = np.zeros((len(histories), t))
    for row, h in zip(values, histories, strict=True):
        row[: len(h)] = h
    count = valid.sum(axis=0)
    return Band(
        mean=np.sum(values, axis=0) / np.maximum(count, 1),
        lo=np.min(np.where(valid, values, np.inf), axis=0, initial=np.inf),
        hi=np.max(np.where(valid, values, -np.inf), axis=0, initial=-np.inf),
        count=count,
    )


@dataclass(frozen=True)
class Side:
    """All seeds of one side of the comparison: with ÷√d_k (scale=True) or without."""

    scale: bool
    runs: tuple[TrainRun, ...]
    loss: Band
    accuracy: Band
    grad_norm_q: Band
    grad_norm_k: Band
    entropy: Band
    softmax_gradient: Band
    steps_to_target: np.ndarray  # [S] int; a seed that never got there: the budget of steps
    reached: np.ndarray  # [S] bool, True where the target accuracy was reached
    diverged: np.ndarray  # [S] bool

    def __getitem__(self, name: str):
        return getattr(self, name)


def side(runs: tuple[TrainRun, ...], target: float, window: int, budget: int) -> Side:
    """Summarise one side's runs: a Band per measure, the steps each seed took to the target.

    A seed that did not get there (in `budget` steps, or before it diverged) counts as
    `budget`: at least that many, so a run that diverged early never looks fast.
    """
    steps = [steps_to_accuracy(r.accuracy, target, window) for r in runs]
    return Side(
        scale=runs[0].scale,
        runs=runs,
        **{name: band([r[name] for r in runs]) for name in HISTORY},
        steps_to_target=np.array([budget if s is None else s for s in steps]),
        reached=np.array([s is not None for s in steps]),
        diverged=np.array([r.diverged for r in runs]),
    )


@dataclass(frozen=True)
class Comparison:
    """The same seeds and data trained with and without ÷√d_k."""

    config: TrainConfig
    target: float  # accuracy that counts as learned
    window: int  # steps the accuracy is averaged over before it counts
    example: RecallBatch  # the sequence whose attention is drawn ([1, n] arrays)
    uniform_entropy: float  # mean over the query rows of ln(keys they may see): even attention
    scaled: Side
    unscaled: Side


def uniform_entropy(config: TrainConfig) -> float:
    """The mean entropy of the query rows if they attended evenly to all they may see, nats."""
    seen = range(config.n_pairs + 1, config.n + 1) if config.causal else [config.n]
    return float(np.mean([max_entropy(k) for k in seen]))


class _Ticker:
    """Turns steps done into progress(fraction), called every `every` steps and at the end."""

    def __init__(self, progress: Progress | None, total: float, every: int):
        self.progress, self.total, self.every = progress, max(total, 1e-12), max(1, int(every))
        self.done = 0.0

    def step(self, weight: float) -> Callable[[int], None]:
        def on_step(t: int) -> None:
            if self.progress is not None and (t + 1) % self.every == 0:
                self.progress(min(1.0, (self.done + (t + 1) * weight) / self.total))

        return on_step

    def finish(self, work: float) -> None:
        self.done += work
        if self.progress is not None:
            self.progress(min(1.0, self.done / self.total))


def compare(
    config: TrainConfig,
    *,
    target: float = 0.9,
    window: int = 10,
    progress: Progress | None = None,
    progress_every: int = 10,
) -> Comparison:
    """Train config.n_seeds seeds with and without ÷√d_k, from the same weights and data."""
    _check(config)
    example = make_example(config)
    ticker = _Ticker(progress, 2 * config.steps, progress_every)
    sides = {}
    for scale in (True, False):
        runs = train_side(config, scale=scale, example=example, on_step=ticker.step(1.0))
        ticker.finish(config.steps)
        sides[scale] = side(runs, target, window, config.steps)
    return Comparison(
        config, target, window, example, uniform_entropy(config), sides[True], sides[False]
    )


# ---------------------------------------------------------------------------- the punchline

DIMS = (4, 16, 64, 256, 512)


@dataclass(frozen=True)
class SweepSide:
    """One side of the sweep: a row per d_k, a column per seed."""

    scale: bool
    steps: np.ndarray  # [m, S] int, steps to the target; where not reached: the budget
    reached: np.ndarray  # [m, S] bool
    diverged: np.ndarray  # [m, S] bool
    final_loss: np.ndarray  # [m, S]  mean loss of the last `window` steps run
    steps_mean: np.ndarray  # [m]  over the seeds (a lower bound where some did not reach it)
    steps_lo: np.ndarray  # [m]
    steps_hi: np.ndarray  # [m]


@dataclass(frozen=True)
class ScalingSweep:
    """Steps to a target accuracy against d_k, with and without ÷√d_k."""

    config: TrainConfig  # every setting but d_k (and scale)
    dims: np.ndarray  # [m]  the d_k values
    seeds: np.ndarray  # [S]
    target: float
    window: int
    budget: int  # steps a run may take
    until_target: bool  # True: a d_k stopped once all its seeds reached the target
    scaled: SweepSide
    unscaled: SweepSide


def _sweep_side(
    scale: bool, runs: list[tuple[TrainRun, ...]], target: float, window: int, budget: int
) -> SweepSide:
    sides = [side(r, target, window, budget) for r in runs]
    steps = np.array([s.steps_to_target for s in sides])  # [m, S]
    return SweepSide(
        scale=scale,
        steps=steps,
        reached=np.array([s.reached for s in sides]),
        diverged=np.array([s.diverged for s in sides]),
        final_loss=np.array(
            [[np.mean(r.loss[-window:]) for r in rs] for rs in runs]  # sweep runs ≥ 1 step
        ),
        steps_mean=steps.mean(axis=1),
        steps_lo=steps.min(axis=1),
        steps_hi=steps.max(axis=1),
    )


def scaling_sweep(
    config: TrainConfig,
    dims: Iterable[int] = DIMS,
    *,
    target: float = 0.9,
    window: int = 10,
    until_target: bool = True,
    progress: Progress | None = None,
    progress_every: int = 10,
) -> ScalingSweep:
    """For each d_k in dims, compare()'s two sides; the steps each seed took to `target`.

    until_target=True stops a side at a d_k as soon as all its seeds got there (the steps to
    the target are all it needs); False trains every run for config.steps steps, so that
    final_loss is the loss after a fixed budget. validate() does not bound a sweep's time:
    estimate_seconds() of each d_k's config, added up, is an upper bound of it.
    """
    dims = np.array([int(d) for d in dims])
    configs = [replace(config, d_k=int(d)) for d in dims]
    for c in configs:
        _check(c)
    if config.steps < 1:
        raise ValueError("a sweep needs at least one step")
    work = [estimate_seconds(c) for c in configs]
    ticker = _Ticker(progress, sum(work), progress_every)
    runs: dict[bool, list] = {True: [], False: []}
    for c, seconds in zip(configs, work, strict=True):
        for scale in (True, False):
            runs[scale].append(
                train_side(
                    c,
                    scale=scale,
                    on_step=ticker.step(seconds / 2 / max(c.steps, 1)),
                    until=(target, window) if until_target else None,
                )
            )
            ticker.finish(seconds / 2)
    return ScalingSweep(
        config=config,
        dims=dims,
        seeds=config.seeds,
        target=target,
        window=window,
        budget=config.steps,
        until_target=until_target,
        scaled=_sweep_side(True, runs[True], target, window, config.steps),
        unscaled=_sweep_side(False, runs[False], target, window, config.steps),
    )


# ---------------------------------------------------------------------------- validation

# Lowest and highest accepted value of every setting. The time limit below keeps the largest
# combinations in check.
LIMITS: dict[str, tuple[float, float]] = {
    "d_k": (1, 512),
    "n_heads": (1, 8),
    "lr": (1e-4, 1.0),
    "steps": (10, 2000),
    "n_seeds": (1, 10),
    "seed": (0, 2**31 - 1),
    "d_model": (4, 64),
    "batch": (1, 64),
    "n_pairs": (1, 16),
    "n_queries": (1, 16),
    "n_keys": (1, 32),
    "n_values": (2, 32),
}
WIDTH_LIMIT = 1024  # h·d_k at most: the heads are cut to fit
TIME_LIMIT = 10.0  # seconds compare() may take by estimate_seconds(); then steps and seeds shrink
# What validate() gives up first when a setting would take too long, and how far it goes;
# then steps grow back as far as the time allows.
SHRINK = (("steps", 100), ("n_seeds", 2), ("steps", 10), ("n_seeds", 1), ("batch", 1))

REASONS = {
    "invalid": "not a valid value; the default is used",
    "too_small": "below the smallest allowed value",
    "too_large": "above the largest allowed value",
    "rounded": "not a whole number; rounded",
    "unknown": "not a setting; ignored",
    "n_pairs": "more key-value tokens than keys; one per key",
    "n_queries": "more queries than key-value tokens; one per token",
    "width": f"lowered so that heads × d_k is at most {WIDTH_LIMIT}",
    "time": f"lowered so that training takes at most about {TIME_LIMIT:g} s",
}


@dataclass(frozen=True)
class Adjustment:
    """One setting that validate() changed: what was given, what is used, and why."""

    name: str
    given: object
    used: object
    reason: str  # a key of REASONS, for a page to translate

    def __str__(self) -> str:
        return f"{self.name}: {self.given!r} -> {self.used!r} ({REASONS[self.reason]})"


@dataclass(frozen=True)
class Validated:
    """What validate() returns: a config safe to train and every change it took to get it."""

    config: TrainConfig
    adjustments: tuple[Adjustment, ...]

    @property
    def changed(self) -> bool:
        return bool(self.adjustments)

    @property
    def messages(self) -> list[str]:
        return [str(a) for a in self.adjustments]


_TRUE, _FALSE = {"1", "true", "on", "yes"}, {"0", "false", "off", "no"}


def _parse(value: object, kind: type) -> bool | float | None:
    """value as a bool or a number, or None when it is not one (NaN is not a number here)."""
    if kind is bool:
        if isinstance(value, (bool, np.bool_)):
            return bool(value)
        text = str(value).strip().lower()
        return True if text in _TRUE else False if text in _FALSE else None
    try:
        number = float(value.strip() if isinstance(value, str) else value)
    except (TypeError, ValueError, OverflowError):
        return None
    return None if math.isnan(number) else number


def _setting(name: str, value: object, default: object, out: list[Adjustment]) -> object:
    """One setting parsed and clamped to LIMITS; what changed is appended to `out`."""
    parsed = _parse(value, type(default))
    if parsed is None:
        out.append(Adjustment(name, value, default, "invalid"))
        return default
    if isinstance(default, bool):
        return parsed
    lo, hi = LIMITS[name]
    clamped = min(max(parsed, lo), hi)
    used = round(clamped) if isinstance(default, int) else float(clamped)
    if parsed < lo or parsed > hi:
        out.append(Adjustment(name, value, used, "too_small" if parsed < lo else "too_large"))
    elif used != parsed:
        out.append(Adjustment(name, value, used, "rounded"))
    return used


def validate(
    settings: Mapping[str, object] | TrainConfig | None = None, **overrides: object
) -> Validated:
    """Any settings (numbers, text from a link, a TrainConfig) -> a config safe to train.

    Every setting is parsed, then clamped to LIMITS; a value that is not one is replaced by
    the default. n_pairs is cut to n_keys, n_queries to n_pairs, and the heads so that
    h·d_k ≤ WIDTH_LIMIT. If compare() would then take more than TIME_LIMIT seconds by
    estimate_seconds(), steps and seeds are lowered in the order of SHRINK (and steps grow
    back as far as the time allows). Every change is reported as an Adjustment.
    """
    given = dict(vars(settings)) if isinstance(settings, TrainConfig) else dict(settings or {})
    given.update(overrides)
    defaults = TrainConfig()
    out: list[Adjustment] = []
    values: dict[str, object] = {}
    for name, value in given.items():
        if name not in LIMITS and name not in ("scale", "causal"):
            out.append(Adjustment(name, value, None, "unknown"))
            continue
        values[name] = _setting(name, value, getattr(defaults, name), out)
    config = replace(defaults, **values)
    if config.n_pairs > config.n_keys:
        out.append(Adjustment("n_pairs", config.n_pairs, config.n_keys, "n_pairs"))
        config = replace(config, n_pairs=config.n_keys)
    if config.n_queries > config.n_pairs:
        out.append(Adjustment("n_queries", config.n_queries, config.n_pairs, "n_queries"))
        config = replace(config, n_queries=config.n_pairs)
    if config.n_heads * config.d_k > WIDTH_LIMIT:
        heads = max(1, WIDTH_LIMIT // config.d_k)
        out.append(Adjustment("n_heads", config.n_heads, heads, "width"))
        config = replace(config, n_heads=heads)
    config = _fit_time(config, out)
    return Validated(config, tuple(out))


def _largest(config: TrainConfig, name: str, lo: int, hi: int) -> int:
    """The largest value of `name` in [lo, hi] with which compare() fits the time, else lo."""
    while lo < hi:
        mid = (lo + hi + 1) // 2
        fits = estimate_seconds(replace(config, **{name: mid})) <= TIME_LIMIT
        lo, hi = (mid, hi) if fits else (lo, mid - 1)
    return lo


def _fit_time(config: TrainConfig, out: list[Adjustment]) -> TrainConfig:
    """Lower steps, seeds, batch (SHRINK) until compare(config) fits in TIME_LIMIT."""
    given = config
    for name, floor in SHRINK:
        if estimate_seconds(config) > TIME_LIMIT and getattr(config, name) > floor:
            config = replace(config, **{name: _largest(config, name, floor, getattr(config, name))})
    config = replace(config, steps=_largest(config, "steps", config.steps, given.steps))
    for name in ("steps", "n_seeds", "batch"):
        if getattr(config, name) != getattr(given, name):
            out.append(Adjustment(name, getattr(given, name), getattr(config, name), "time"))
    return config


# Seconds per step of one side on this project's 2-core benchmark machine (bench: train),
# measured under a load of 5–8 (CPU time): a fixed cost, one per seed, and one per
# floating-point operation of a seed's step (6 GFLOP/s: the products are narrow).
STEP_SECONDS, SEED_SECONDS, FLOP_SECONDS = 0.5e-3, 0.5e-3, 1.0 / 6e9


def step_flops(config: TrainConfig) -> float:
    """Floating-point operations of one seed's step, forward and backward, roughly."""
    c = config
    tokens, queries = c.batch * c.n, c.batch * c.n_queries
    hk, hv = c.n_heads * c.d_k, c.n_heads * c.d_v
    projections = 2 * c.d_model * (queries * hk + tokens * (hk + hv))  # q at the queries only
    attention = 2 * queries * c.n * hk + 2 * queries * c.n * hv  # q·kᵀ, weights·v
    read_out = 2 * queries * c.d_model * (hv + c.n_values)  # W_O, W_U
    return 3 * (projections + attention + read_out)  # the backward costs about twice the forward


def estimate_seconds(config: TrainConfig) -> float:
    """About how long compare(config) takes (both sides, all seeds) on the benchmark machine."""
    per_seed = SEED_SECONDS + step_flops(config) * FLOP_SECONDS
    return 2 * config.steps * (STEP_SECONDS + config.n_seeds * per_seed)
