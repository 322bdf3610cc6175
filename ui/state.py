"""Cached results for the pages: each is computed once per setting, then shared.

The cached values are read-only numpy results; cache_resource shares one object between
sessions without copying it, which keeps a class of students on one small server.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from core import (
    Footnote4,
    MHAParams,
    Pipeline,
    build_pipeline,
    causal_mask,
    footnote4_experiment,
    init_params,
    scale_factor,
    sharpness,
    softmax,
)
from core.pipeline import uses_article
from ui.settings import Settings, sentence_tokens

FOOTNOTE4_DIMS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024)


@st.cache_resource(max_entries=4, show_spinner=False)
def _params(d_model: int, seed: int) -> MHAParams:
    # The random weights do not depend on the head count; cache them apart from the rest.
    return init_params(d_model, 1, seed)


def _compute_pipeline(
    tokens: tuple[str, ...],
    d_model: int,
    n_heads: int,
    seed: int,
    causal: bool,
    scale: bool,
    temperature: float,
) -> Pipeline:
    params = None if uses_article(list(tokens), d_model, n_heads) else _params(d_model, seed)
    return build_pipeline(
        list(tokens),
        d_model=d_model,
        n_heads=n_heads,
        seed=seed,
        causal=causal,
        scale=scale,
        temperature=temperature,
        params=params,
    )


# A pipeline holds its weight matrices (4·d_model² floats: 32 MB at d_model = 1024), so
# large models get a short cache of their own and cannot crowd out the small ones.
LARGE_D_MODEL = 256
# (Two functions, not one wrapped twice: Streamlit names a cache after its function.)


@st.cache_resource(max_entries=64, show_spinner=False)
def _pipeline_small(*args) -> Pipeline:
    return _compute_pipeline(*args)


@st.cache_resource(max_entries=4, show_spinner=False)
def _pipeline_large(*args) -> Pipeline:
    return _compute_pipeline(*args)


def _pipeline(tokens: tuple[str, ...], d_model: int, *args) -> Pipeline:
    cache = _pipeline_large if d_model >= LARGE_D_MODEL else _pipeline_small
    return cache(tokens, d_model, *args)


def pipeline(settings: Settings) -> Pipeline:
    """The whole forward pass for these settings (cached)."""
    tokens = sentence_tokens(settings.sentence).tokens
    return _pipeline(
        tokens,
        settings.d_model,
        settings.n_heads,
        settings.seed,
        settings.causal,
        settings.scale,
        settings.temperature,
    )


def with_changes(settings: Settings, **changes) -> Settings:
    """The same settings with a few fields changed (e.g. scaling off, to compare)."""
    return Settings(**{**settings.__dict__, **changes})


@st.cache_resource(max_entries=2, show_spinner=False)
def footnote4(seed: int = 0) -> Footnote4:
    """The footnote-4 experiment over FOOTNOTE4_DIMS (cached; it does not depend on the page)."""
    return footnote4_experiment(FOOTNOTE4_DIMS, seed=seed)


SWEEP_DIMS = (8, 16, 32, 64, 128, 256, 512, 1024)


@st.cache_resource(max_entries=16, show_spinner=False)
def sweep_scores(tokens: tuple[str, ...], seed: int) -> np.ndarray:
    """[len(SWEEP_DIMS), n, n]: raw q·kᵀ of one head at every swept d_model.

    Only drawing the weights is slow; temperature, scaling and the mask act on these
    scores afterwards, so a slider move does not rebuild eight models.
    """
    return np.stack(
        [
            build_pipeline(list(tokens), d_model=d, n_heads=1, seed=seed).mha.trace.scores[0]
            for d in SWEEP_DIMS
        ]
    )


def sharpness_sweep(
    tokens: tuple[str, ...], seed: int, causal: bool, scale: bool, temperature: float
) -> dict[str, np.ndarray]:
    """Mean sharpness over the rows at every swept d_model (one head), for the sweep chart."""
    scores = sweep_scores(tokens, seed)  # [m, n, n]
    factors = np.array([scale_factor(scale, d) for d in SWEEP_DIMS])[:, None, None]
    z = scores * (factors / temperature)  # the same arithmetic as the attention step
    if causal:
        z = np.where(causal_mask(scores.shape[-1]), z, -np.inf)
    sh = sharpness(softmax(z))  # fields [m, n]
    return {
        "d_model": np.asarray(SWEEP_DIMS),
        "entropy": sh.entropy_nats.mean(axis=-1),
        "max_weight": sh.max_weight.mean(axis=-1),
        "effective": sh.effective_tokens.mean(axis=-1),
        "grad_norm": sh.grad_norm.mean(axis=-1),
    }
