"""The Train page's trainings: each computed once per setting, then shared by every session.

A training takes seconds, so it is not a cache entry that every asker recomputes: the
first asker trains, the others wait for the same result (Slot).
"""

from __future__ import annotations

import dataclasses
import functools
import threading

import streamlit as st

from core.experiment import (
    DIMS,
    Comparison,
    Progress,
    ScalingSweep,
    at_target,
    compare,
    scaling_sweep,
)
from core.train_config import WIDTH_LIMIT, TrainConfig, estimate_seconds


class Slot:
    """One training result, computed once by whoever asks first (the others wait for it).

    Training reports its progress to the page's bar; Streamlit would record those calls in
    a cached function and replay them on every hit, so the cache holds this slot and the
    training runs outside the cached function, in result().
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.value = None

    def result(self, compute):
        with self.lock:
            if self.value is None:
                self.value = compute()
            return self.value


WINDOW = 10  # steps the accuracy is averaged over before it counts as reached


# 16 comparisons: the few settings a class tries at once. Each keeps 2 sides × its seeds ×
# 6 measures per step (validate() bounds steps × seeds by time): at most about 3 MB.
@st.cache_resource(max_entries=16, show_spinner=False)
def _comparison(config: TrainConfig) -> Slot:
    return Slot()


# 16 settings: one step of each side is a few milliseconds and a few kilobytes.
@st.cache_resource(max_entries=16, show_spinner=False)
def first_step(config: TrainConfig) -> Comparison:
    """Both runs after a single step: where training starts (the train page's question)."""
    return compare(dataclasses.replace(config, steps=1), target=0.9, window=1)


def comparison(config: TrainConfig, target: float, progress: Progress | None = None) -> Comparison:
    """core.experiment.compare() of these settings, trained once (cached), read at this target."""
    c = _comparison(config).result(lambda: compare(config, window=WINDOW, progress=progress))
    return at_target(c, target)


SWEEP_SEEDS_MAX = 3
SWEEP_BUDGETS = (300, 200, 100)  # steps a run may take in the sweep, the largest that fits
# estimate_seconds() assumes every run takes the whole budget; a sweep stops a side once its
# seeds reached the target, and took 15 s where 39 s were estimated (3 seeds, 300 steps).
SWEEP_BOUND = 40.0


def sweep_config(config: TrainConfig) -> TrainConfig:
    """The settings of the d_k sweep: the page's, with at most SWEEP_SEEDS_MAX seeds, heads
    that fit d_k = 512, and the largest budget whose estimate fits SWEEP_BOUND."""
    c = dataclasses.replace(
        config,
        d_k=TrainConfig().d_k,  # the sweep sets its own: one cache entry for every d_k
        n_seeds=min(config.n_seeds, SWEEP_SEEDS_MAX),
        n_heads=min(config.n_heads, WIDTH_LIMIT // max(DIMS)),
    )
    for steps in SWEEP_BUDGETS:
        c = dataclasses.replace(c, steps=steps)
        if sweep_seconds(c) <= SWEEP_BOUND:
            break
    return c


def sweep_seconds(config: TrainConfig) -> float:
    """The sweep's time if every run took the whole budget: an upper bound."""
    return sum(estimate_seconds(dataclasses.replace(config, d_k=int(d))) for d in DIMS)


# 8 sweeps: their results are small ([5, seeds] counts) but each takes 5–20 s to make.
@st.cache_resource(max_entries=8, show_spinner=False)
def _sweep(config: TrainConfig, target: float) -> Slot:
    return Slot()


def train_sweep(
    config: TrainConfig, target: float, progress: Progress | None = None
) -> ScalingSweep:
    """Steps to the target against d_k (core.experiment.DIMS), scaled and unscaled, at the
    settings of sweep_config(config) (cached)."""
    c = sweep_config(config)
    compute = functools.partial(
        scaling_sweep, c, DIMS, target=target, window=WINDOW, progress=progress
    )
    return _sweep(c, target).result(compute)
