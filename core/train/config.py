"""A training's settings: what they are, which values are allowed, and what they cost.

validate() makes a setting safe to train from anything (numbers, a link's text); every
change it makes is reported, for a page to say. estimate_seconds() is the time of
core.train.experiment.compare() at a setting, which validate() keeps under TIME_LIMIT.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

import numpy as np

from core.parse import parse_flag

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
        """The arguments of core.train.recall.recall_batch."""
        names = ("n_pairs", "n_queries", "n_keys", "n_values")
        return {name: getattr(self, name) for name in names}


def check(config: TrainConfig) -> None:
    """Refuse what cannot be computed at all; validate() is the gentle way in."""
    sizes = ("d_k", "n_heads", "n_seeds", "d_model", "batch", "n_pairs", "n_queries")
    if any(getattr(config, name) < 1 for name in sizes) or config.steps < 0:
        raise ValueError(f"sizes must be positive and steps non-negative: {config}")
    if not config.n_queries <= config.n_pairs <= config.n_keys or config.n_values < 1:
        raise ValueError("need n_queries <= n_pairs <= n_keys and n_values >= 1")
    if not config.lr >= 0:
        raise ValueError("the learning rate must be a number >= 0")


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


def _parse(value: object, kind: type) -> bool | float | None:
    """value as a bool or a number, or None when it is not one (NaN is not a number here)."""
    if kind is bool:
        return parse_flag(value)
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
