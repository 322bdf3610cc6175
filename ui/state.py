"""Cached results for the pages: each is computed once per setting, then shared.

Every cache is keyed on the Settings themselves (a frozen dataclass), with the language
and the followed token set aside, since no result depends on them. The cached values are
read-only numpy results; cache_resource shares one object between sessions without
copying it, which keeps a class of students on one small server. Each cache has a bound,
with the reason beside it.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import streamlit as st

from core import (
    Footnote4,
    HeadDivergence,
    MHAParams,
    Pipeline,
    Sweep,
    build_pipeline,
    causal_mask,
    footnote4_experiment,
    head_divergence,
    init_params,
    sharpness_sweep,
)
from core.bert import BertOutput
from core.pipeline import sweep_scores as core_sweep_scores
from core.pipeline import uses_article
from realmodel import Encoded, ModelUnavailable, RealModel, load_model
from ui.jobs import Jobs
from ui.settings import DEFAULTS, Settings, sentence_tokens
from ui.worker import pool, ready

FOOTNOTE4_DIMS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024)
SWEEP_DIMS = (8, 16, 32, 64, 128, 256, 512, 1024)
# A pipeline holds its weight matrices (4·d_model² floats: 32 MB at d_model = 1024), so
# large models get a short cache of their own and cannot crowd out the small ones.
LARGE_D_MODEL = 256


# What only changes how results are shown: never part of a cache's key.
VIEW_ONLY = ("lang", "focus", "tour", "present", "ask")


def model_settings(settings: Settings) -> Settings:
    """The settings a result depends on: all but the language, the followed token, the
    lesson's place, the presenter view and whether questions come first."""
    return dataclasses.replace(settings, **{name: getattr(DEFAULTS, name) for name in VIEW_ONLY})


def with_changes(settings: Settings, **changes) -> Settings:
    """The same settings with a few fields changed (e.g. scaling off, to compare)."""
    return dataclasses.replace(settings, **changes)


# 4: the random weights of the d_model values in use at once (32 MB each at 1024).
@st.cache_resource(max_entries=4, show_spinner=False)
def _params(d_model: int, seed: int) -> MHAParams:
    # The random weights do not depend on the head count; cache them apart from the rest.
    return init_params(d_model, 1, seed)


def _compute_pipeline(s: Settings) -> Pipeline:
    tokens = list(sentence_tokens(s.sentence).tokens)
    article = uses_article(tokens, s.d_model, s.n_heads)
    return build_pipeline(
        tokens,
        d_model=s.d_model,
        n_heads=s.n_heads,
        seed=s.seed,
        causal=s.causal,
        scale=s.scale,
        temperature=s.temperature,
        params=None if article else _params(s.d_model, s.seed),
    )


# 64 small pipelines (under 1 MB each up to d_model 128) cover a class's sentences and the
# pages that compare two settings; large ones keep the 4 most recent (weights shared).
# (Two functions, not one wrapped twice: Streamlit names a cache after its function.)
@st.cache_resource(max_entries=64, show_spinner=False)
def _pipeline_small(s: Settings) -> Pipeline:
    return _compute_pipeline(s)


@st.cache_resource(max_entries=4, show_spinner=False)
def _pipeline_large(s: Settings) -> Pipeline:
    return _compute_pipeline(s)


def pipeline(settings: Settings) -> Pipeline:
    """The whole forward pass for these settings (cached)."""
    s = model_settings(settings)
    return (_pipeline_large if s.d_model >= LARGE_D_MODEL else _pipeline_small)(s)


# 32: a few heads' comparisons per sentence; each is only [h, h].
@st.cache_resource(max_entries=32, show_spinner=False)
def _divergence(s: Settings) -> HeadDivergence:
    return head_divergence(pipeline(s).mha.weights)


def divergence(settings: Settings) -> HeadDivergence:
    """How differently the heads attend (needs two heads or more; cached)."""
    return _divergence(model_settings(settings))


# 2: the experiment does not depend on the page's settings; one seed is used.
@st.cache_resource(max_entries=2, show_spinner=False)
def footnote4(seed: int = 0) -> Footnote4:
    """The footnote-4 experiment over FOOTNOTE4_DIMS (cached; it does not depend on the page)."""
    return footnote4_experiment(FOOTNOTE4_DIMS, seed=seed)


SWEEP_SEEDS = 8  # random models per size: one alone zig-zags, eight show the trend and spread


# 16 sentence-and-seed pairs: [8 seeds, 8 sizes, n, n] scores each, at most 2 MB.
@st.cache_resource(show_spinner=False)
def _sweep_jobs() -> Jobs:
    return Jobs(pool("pages"), keep=16)


def sweep_scores(settings: Settings) -> np.ndarray | None:
    """[SWEEP_SEEDS, len(SWEEP_DIMS), n, n]: raw q·kᵀ of one head at every swept d_model,
    for this seed and the next ones; None while they are made (the page says so).

    Drawing the models' weights takes about 0.4 s of CPU, so a worker process draws them
    (core.pipeline.sweep_scores), once for every student of the same sentence and seed.
    Temperature, scaling and the mask act on these scores afterwards: a slider move does
    not make them again.
    """
    tokens = sentence_tokens(settings.sentence).tokens
    seeds = range(settings.seed, settings.seed + SWEEP_SEEDS)
    jobs = _sweep_jobs()
    job = jobs.submit((tokens, settings.seed), core_sweep_scores, list(tokens), SWEEP_DIMS, seeds)
    return job.result if ready(jobs, job, "softmax_sweep_job", "softmax.sweep_job") else None


def sweep(settings: Settings, scores: np.ndarray, *, scale: bool) -> Sweep:
    """Sharpness at every d_model of SWEEP_DIMS (one head), over SWEEP_SEEDS random models,
    from their scores (sweep_scores)."""
    n = scores.shape[-1]
    mask = causal_mask(n) if settings.causal else None
    return sharpness_sweep(
        scores, SWEEP_DIMS, scale=scale, temperature=settings.temperature, mask=mask
    )


# One model per server process: 90 MB of weights, shared by every session.
@st.cache_resource(show_spinner=False)
def real_model() -> RealModel | str:
    """The pretrained model, read once per process; the reason as text when it cannot be had."""
    try:
        return load_model()
    except (ModelUnavailable, OSError, ValueError) as exc:
        # Cached too, so an offline server does not retry the download on every rerun.
        return str(exc)


# 8 texts: each forward pass keeps 6 layers of [12, n, n] maps and states (under 3 MB).
@st.cache_resource(max_entries=8, show_spinner=False)
def real_run(text: str) -> tuple[Encoded, BertOutput]:
    """The model's tokens and forward pass of one text (cached; the arrays are only read)."""
    model = real_model()
    encoded = model.encode(text)
    return encoded, model.forward(encoded)
