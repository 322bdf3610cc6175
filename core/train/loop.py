"""Train the attention model of core.train.model by hand: fresh data every step, Adam.

Shapes: S models, one per seed, are trained side by side (every array has the leading
seed axis and no operation mixes seeds); B sequences a step, n tokens a sequence, the last
n_q of them queries; h heads. A run's history has one value per step done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields

import numpy as np

from core.sharpness import row_entropy, softmax_jacobian_norm
from core.train.adam import adam_init, adam_step
from core.train.config import TrainConfig, check
from core.train.model import (
    Forward,
    Weights,
    backward,
    forward,
    generators,
    init_weights,
    pack,
    unpack,
)
from core.train.recall import RecallBatch, recall_batch

CHUNK = 50  # steps of data drawn at once; the data of step t does not depend on the run's length


def _stack(batches: list[RecallBatch]) -> RecallBatch:
    return RecallBatch(
        **{f.name: np.stack([b[f.name] for b in batches]) for f in fields(batches[0])}
    )


def batches(config: TrainConfig, seeds: Iterable[int]):
    """Endless [S, B, …] batches: each seed's own stream of fresh sequences."""
    rngs = [generators(seed)[1] for seed in seeds]
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
    check(config)
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
