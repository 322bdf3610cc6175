"""The Generating page's results, cached, and the page's own controls that live in the link.

The decode (core.generate.kvcache.generate) depends on the model's settings and on g, the number of
key/value heads, and not on the step shown: moving the step, playing the sentence or
picking a head only reads the one cached Generation. The counts take well under a
millisecond, and are kept all the same, since every student asks for the same few; the
memory calculator's numbers take microseconds and are made on every run.
"""

from __future__ import annotations

import numpy as np
import streamlit as st

from core.generate.inference_cost import DecodeWork, decode_work, in_units, kv_cache_bytes
from core.generate.kvcache import Generation
from core.generate.kvcache import generate as generate_tokens
from core.generate.model_configs import PRESETS
from core.gqa import kv_head_choices
from core.multihead import pool_kv_heads
from ui import state
from ui.page import Param
from ui.settings import Settings
from ui.widgets import plain

CHART_POINTS = 200  # steps drawn of a long count; its numbers are the whole count's
LENGTHS = (1000, 10_000)  # the long texts the counts compare with the sentence
MEMORY_POINTS = 101  # contexts along the memory chart's line


def _compute(s: Settings, g: int) -> Generation:
    p = state.pipeline(s)
    params = pool_kv_heads(p.params, s.n_heads, g)
    return generate_tokens(
        p.x,
        params,
        n_heads=s.n_heads,
        n_kv_heads=g,
        scale=s.scale,
        temperature=s.temperature,
    )


# A Generation is about the size of its full pass (the steps are views into one cache): under
# 1 MB up to d_model 128, so 32 cover a class's sentences at a few g; up to 20 MB at
# d_model 1024 and 64 tokens, so large models keep the 4 most recent. (Two functions, not
# one wrapped twice: Streamlit names a cache after its function.)
@st.cache_resource(max_entries=32, show_spinner=False)
def _generation_small(s: Settings, g: int) -> Generation:
    return _compute(s, g)


@st.cache_resource(max_entries=4, show_spinner=False)
def _generation_large(s: Settings, g: int) -> Generation:
    return _compute(s, g)


def generation(settings: Settings, g: int) -> Generation:
    """The sentence generated token by token with a cache of g key/value heads, beside the
    whole causal pass (cached). The mask is always on while generating, so the sidebar's
    switch is no part of the key."""
    s = state.with_changes(state.model_settings(settings), causal=True)
    large = s.d_model >= state.LARGE_D_MODEL
    return (_generation_large if large else _generation_small)(s, g)


# 16: the sentence's length and the two long ones, for the few model sizes in use at once.
@st.cache_resource(max_entries=16, show_spinner=False)
def work(n: int, d_model: int, n_heads: int, d_k: int) -> DecodeWork:
    """Multiply-adds of generating n tokens with one key/value head per query head (the
    model of the steps above), thinned to CHART_POINTS steps for a chart."""
    counted = decode_work(n, d_model=d_model, n_heads=n_heads, n_kv_heads=n_heads, d_k=d_k)
    return counted.thinned(CHART_POINTS)


def memory_lines(n_tokens: int, number_type: str, batch: int, kv_heads: dict[str, int]):
    """Every preset's cache (bytes) at MEMORY_POINTS contexts from 0 to ``n_tokens``:
    (contexts [m], {preset: bytes [m]}), each preset with the g given in ``kv_heads``."""
    contexts = np.linspace(0, n_tokens, MEMORY_POINTS).round().astype(np.int64)
    lines = {}
    for key, c in PRESETS.items():
        shape = {"n_layers": c.n_layers, "n_kv_heads": kv_heads[key], "d_head": c.d_head}
        lines[key] = kv_cache_bytes(
            **shape, n_tokens=contexts, number_type=number_type, batch=batch
        )
    return contexts, lines


def in_units_text(n_bytes: float) -> tuple[str, str]:
    """A size in the binary unit that suits it, to two places at most: ("1", "GiB")."""
    value, unit = in_units(n_bytes)
    return plain(round(value, 2)), unit


def size_text(n_bytes: float) -> str:
    """A size with its unit: "1 GiB", "2.5 MiB"."""
    return " ".join(in_units_text(n_bytes))


def count_text(n: int) -> str:
    """A whole number with its thousands apart: 2 000 400 040."""
    return f"{int(n):,}".replace(",", "\u202f")


# ---------------------------------------------------------------------- the page's controls

STEP = Param("gen_step", "step")  # the step shown; absent until moved, then in the link
PICK = "gen_step_pick"  # the step's slider, which keeps its value under STEP
PLAYING = "gen_playing"  # the steps move on by themselves
KV_HEADS = Param("gen_g", "g")  # g of the sharing section; the same


def step_shown(n: int, default: int) -> int:
    """The step shown (1 … n): the one moved to or linked, else ``default`` (the followed
    token's), so that the link names a step only once a student has chosen one."""
    if STEP.key not in st.session_state:
        return default
    return STEP.whole(range(1, n + 1), default)


def kv_heads_shown(h: int) -> int:
    """g: the count chosen or linked, made a divisor of h (the nearest), else heads that
    share: the largest divisor below h (2 of 4, 1 of 2), grouped-query attention, which the
    section is about (at g = h nothing is shared: "1× fewer", a group of 1)."""
    default = max(g for g in kv_head_choices(h) if g < h) if h > 1 else h
    if KV_HEADS.key not in st.session_state:
        return default
    return KV_HEADS.whole(kv_head_choices(h), default)


def keep(key: str, widget_key: str) -> None:
    """A widget's callback: its value kept under ``key``, the name the link reads."""
    st.session_state[key] = st.session_state[widget_key]
