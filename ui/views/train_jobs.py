"""The Train page's trainings: run in a worker process, each computed once, shared by all.

A training takes up to about ten seconds of CPU; run in the server's interpreter it would
hold the lock every other student's rerun needs. So it runs in the "train" worker process
(ui.worker), one at a time, and the sessions that ask for the same settings share one job.
"""

from __future__ import annotations

import dataclasses

import streamlit as st

from core.train.config import WIDTH_LIMIT, TrainConfig, estimate_seconds
from core.train.experiment import DIMS, Comparison, ScalingSweep, at_target, compare, scaling_sweep
from ui.jobs import Jobs
from ui.worker import pool, ready

WINDOW = 10  # steps the accuracy is averaged over before it counts as reached


@st.cache_resource(show_spinner=False)
def _jobs() -> tuple[Jobs, Jobs]:
    """The trainings kept, once per server process, run by the "train" worker: 16
    comparisons (each holds 2 sides × its seeds × 6 measures per step, validate() bounds
    steps × seeds: at most about 3 MB) and 8 sweeps (small, [5, seeds] counts, but 5–20 s
    each to make)."""
    workers = pool("train")
    return Jobs(workers, keep=16), Jobs(workers, keep=8)


# 16 settings: one step of each side is a few milliseconds (60 ms at the largest settings) and
# a few kilobytes; computed here, since the page's question needs it before any training.
@st.cache_resource(max_entries=16, show_spinner=False)
def first_step(config: TrainConfig) -> Comparison:
    """Both runs after a single step: where training starts (the train page's question)."""
    return compare(dataclasses.replace(config, steps=1), target=0.9, window=1)


def comparison(config: TrainConfig, target: float) -> Comparison | None:
    """core.train.experiment.compare() of these settings, read at this target, once trained;
    None while it is pending or after it failed, with that said on the page."""
    jobs = _jobs()[0]
    job = jobs.submit(config, compare, config, window=WINDOW)
    return at_target(job.result, target) if ready(jobs, job, "train", "train") else None


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


def train_sweep(config: TrainConfig, target: float) -> ScalingSweep | None:
    """Steps to the target against d_k (core.train.experiment.DIMS), scaled and unscaled, at the
    settings of sweep_config(config), once trained; None while pending or after a failure."""
    c = sweep_config(config)
    jobs = _jobs()[1]
    job = jobs.submit((c, target), scaling_sweep, c, DIMS, target=target, window=WINDOW)
    return job.result if ready(jobs, job, "train_sweep", "train") else None
