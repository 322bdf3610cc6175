"""The experiments: the same seeds trained with and without ÷√d_k, and the sweep over d_k.

compare() trains both sides of one setting from the same weights and data; scaling_sweep()
does so at every d_k of DIMS and counts the steps each seed took to a target accuracy;
verdict() says which side got there first.

Shapes: S seeds (the models of one side); T steps (the longest run's); m values of d_k in
a sweep.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

import numpy as np

from core.sharpness import max_entropy
from core.train.config import TrainConfig, check, estimate_seconds
from core.train.loop import HISTORY, TrainRun, make_example, train_side
from core.train.recall import RecallBatch

Progress = Callable[[float], None]  # called with the fraction of the work done, 0 … 1

# ---------------------------------------------------------------------------- two sides


def steps_to_accuracy(accuracy: np.ndarray, target: float, window: int = 10) -> int | None:
    """Steps until the mean accuracy of the last `window` steps first reaches `target`.

    [T] -> int, or None if it never does. One batch's accuracy is noisy; the trailing
    mean keeps a lucky batch from counting.
    """
    window = max(1, int(window))
    if len(accuracy) < window:
        return None
    trailing = np.convolve(accuracy, np.ones(window) / window, mode="valid")  # [T − window + 1]
    hits = np.flatnonzero(trailing >= target - 1e-12)
    return int(hits[0]) + window if len(hits) else None


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


def at_target(c: Comparison, target: float) -> Comparison:
    """The same runs read at another target accuracy: only the steps to it are counted again."""
    if target == c.target:
        return c
    scaled, unscaled = (
        side(s.runs, target, c.window, c.config.steps) for s in (c.scaled, c.unscaled)
    )
    return replace(c, target=target, scaled=scaled, unscaled=unscaled)


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
    check(config)
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
        check(c)
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


# ---------------------------------------------------------------------------- the verdict

CLOSE = 0.2  # two sides whose mean steps differ by less than this share are close


def verdict(scaled_steps, scaled_reached, unscaled_steps, unscaled_reached) -> str:
    """Which side got to the target first, over the seeds ([S] each, not reached = budget).

    "close" when every seed got there and the two sides' ranges overlap or their means are
    within CLOSE of each other; else "scaled_first" or "unscaled_first" when every seed of
    one side was faster than every seed of the other; "neither" when no seed got there, and
    "mixed" for the rest (ranges that overlap, with some seeds not there).
    """
    a, b = np.asarray(scaled_steps, dtype=float), np.asarray(unscaled_steps, dtype=float)
    if not (np.any(scaled_reached) or np.any(unscaled_reached)):
        return "neither"
    if np.all(scaled_reached) and np.all(unscaled_reached):
        overlap = a.min() <= b.max() and b.min() <= a.max()
        if overlap or abs(a.mean() - b.mean()) < CLOSE * max(a.mean(), b.mean()):
            return "close"
    if np.all(scaled_reached) and a.max() < b.min():
        return "scaled_first"
    if np.all(unscaled_reached) and b.max() < a.min():
        return "unscaled_first"
    return "mixed"


def sweep_verdicts(sweep: ScalingSweep) -> dict[str, list[int]]:
    """The d_k of the sweep grouped by their verdict(), in the order the verdicts first come."""
    groups: dict[str, list[int]] = {}
    for i, d in enumerate(sweep.dims):
        a, b = sweep.scaled, sweep.unscaled
        code = verdict(a.steps[i], a.reached[i], b.steps[i], b.reached[i])
        groups.setdefault(code, []).append(int(d))
    return groups
