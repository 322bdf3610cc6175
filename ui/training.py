"""The Train page's trainings: run in a worker process, each computed once, shared by all.

A training takes up to about ten seconds of CPU; run in the server's interpreter it would
hold the lock every other student's rerun needs. So it runs in a worker process (ui.jobs),
one at a time, and the sessions that ask for the same settings share one job. While a
job is pending, its place in the queue or its progress is redrawn by a fragment that
polls it, not by rerunning the page; when the job ends, the page reruns and draws it.
"""

from __future__ import annotations

import dataclasses

import streamlit as st

from core.experiment import DIMS, Comparison, ScalingSweep, at_target, compare, scaling_sweep
from core.train_config import WIDTH_LIMIT, TrainConfig, estimate_seconds
from ui.i18n import t
from ui.jobs import BUSY, DONE, FAILED, QUEUED, Job, Jobs, Workers
from ui.widgets import md_escape

# One training at a time: Community Cloud gives a server at most two cores, and the other
# one serves the pages; a second worker would take it while a class is reading.
WORKERS = 1
# When the server and the worker want the same core, the server's pages come first: a
# rerun waits for nobody, a training a little longer.
NICE = 10
# A worker that has trained nothing for this long ends, giving back its 70–90 MB (a server
# on Community Cloud has 690 MB at least); the next training starts one again, in ~1 s.
IDLE = 600.0
WINDOW = 10  # steps the accuracy is averaged over before it counts as reached
POLL = 1.0  # seconds between two looks at a pending training (a fragment rerun, ~ms each)


@st.cache_resource(show_spinner=False)
def _jobs() -> tuple[Jobs, Jobs]:
    """The worker and its queue, once per server process, with the trainings it keeps:
    16 comparisons (each holds 2 sides × its seeds × 6 measures per step, validate() bounds
    steps × seeds: at most about 3 MB) and 8 sweeps (small, [5, seeds] counts, but 5–20 s
    each to make)."""
    workers = Workers(WORKERS, nice=NICE, idle=IDLE)
    return Jobs(workers, keep=16), Jobs(workers, keep=8)


# 16 settings: one step of each side is a few milliseconds (60 ms at the largest settings) and
# a few kilobytes; computed here, since the page's question needs it before any training.
@st.cache_resource(max_entries=16, show_spinner=False)
def first_step(config: TrainConfig) -> Comparison:
    """Both runs after a single step: where training starts (the train page's question)."""
    return compare(dataclasses.replace(config, steps=1), target=0.9, window=1)


def comparison(config: TrainConfig, target: float) -> Comparison | None:
    """core.experiment.compare() of these settings, read at this target, once trained;
    None while it is pending or after it failed, with that said on the page."""
    jobs = _jobs()[0]
    job = jobs.submit(config, compare, config, window=WINDOW)
    return at_target(job.result, target) if _ready(jobs, job, "train") else None


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
    """Steps to the target against d_k (core.experiment.DIMS), scaled and unscaled, at the
    settings of sweep_config(config), once trained; None while pending or after a failure."""
    c = sweep_config(config)
    jobs = _jobs()[1]
    job = jobs.submit((c, target), scaling_sweep, c, DIMS, target=target, window=WINDOW)
    return job.result if _ready(jobs, job, "train_sweep") else None


def _ready(jobs: Jobs, job: Job, key: str) -> bool:
    """True when the job is done; else its state on the page: pending (polled), or failed
    with a button to try again. `key`: the page's prefix for the keys of these elements."""
    if job.state == DONE:
        return True
    if job.state == FAILED:
        busy = job.error == BUSY
        text = t("train.busy") if busy else t("train.failed", error=md_escape(job.error))
        st.error(text, icon=":material/error:")
        st.button(t("train.retry"), key=f"{key}_retry", on_click=jobs.retry, args=(job,))
        return False
    st.fragment(_pending, run_every=POLL)(jobs, job)
    return False


def _pending(jobs: Jobs, job: Job) -> None:
    """A pending job's place in the queue or its progress; the whole page once it ends."""
    if job.finished:
        st.rerun()
    if job.state == QUEUED:
        st.progress(0.0, text=t("train.queued", ahead=jobs.workers.ahead(job)))
    else:
        st.progress(job.progress, text=t("train.progress", percent=round(100 * job.progress)))
