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
    footnote4_experiment,
    init_params,
    sharpness,
)
from core.pipeline import uses_article
from ui.settings import Settings, sentence_tokens

FOOTNOTE4_DIMS = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024)


@st.cache_resource(max_entries=4, show_spinner=False)
def _params(d_model: int, seed: int) -> MHAParams:
    # The random weights do not depend on the head count; cache them apart from the rest.
    return init_params(d_model, 1, seed)


@st.cache_resource(max_entries=64, show_spinner=False)
def _pipeline(
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


@st.cache_resource(max_entries=32, show_spinner=False)
def sharpness_sweep(
    tokens: tuple[str, ...], seed: int, causal: bool, scale: bool, temperature: float
) -> dict[str, np.ndarray]:
    """Mean sharpness of head 1 over every model dimension, one head, for the sweep chart."""
    rows = {"d_model": [], "entropy": [], "max_weight": [], "effective": [], "grad_norm": []}
    for d in (8, 16, 32, 64, 128, 256, 512, 1024):
        p = _pipeline(tokens, d, 1, seed, causal, scale, temperature)
        s = sharpness(p.mha.weights[0])
        rows["d_model"].append(d)
        rows["entropy"].append(float(s.entropy_nats.mean()))
        rows["max_weight"].append(float(s.max_weight.mean()))
        rows["effective"].append(float(s.effective_tokens.mean()))
        rows["grad_norm"].append(float(s.grad_norm.mean()))
    return {k: np.asarray(v) for k, v in rows.items()}
