"""Which keys a query may see: the page's declaration, its own controls, and its cached
results (the masks, the receptive field and the real model's sinks).

Each result is keyed on the model's settings (ui.state.model_settings) or on plain values,
with a bound and the reason beside it, as in ui.state.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import streamlit as st

from core import quiz, scaled_dot_product_attention
from core.long_context.receptive_field import ReceptiveField, receptive_field
from core.long_context.sinks import SinkShares, sink_shares
from core.long_context.windows import MaskPattern, build_mask, mask_patterns, window_mask
from realmodel import Encoded
from ui import state
from ui.figures.windows import pattern_map, reach_grid, sink_lines
from ui.i18n import t
from ui.page import Page, Param, uses
from ui.settings import Settings

WINDOW = Param("windows_w", "window", 3)
SINKS = Param("windows_s", "sinks", 1)
LAYERS = Param("windows_layers", "layers", 4)
LAYERS_OPTIONS = tuple(range(1, 13))  # up to BERT-base's and GPT-2's 12 layers
REACH_MASKS = ("window", "sinks")  # what every layer uses in the receptive field


def window_options(n: int) -> list[int]:
    """A window of 1 (each token alone) to n (a causal mask)."""
    return list(range(1, n + 1))


def sinks_options(n: int) -> list[int]:
    """No sink to every token a sink."""
    return list(range(0, n + 1))


# 32: a class's sentences at a few windows; four [n, n] traces each (at most 64 tokens).
@st.cache_resource(max_entries=32, show_spinner=False)
def _patterns(s: Settings, head: int, window: int, sinks: int) -> list[MaskPattern]:
    return mask_patterns(state.pipeline(s).mha.head(head), window=window, sinks=sinks)


def patterns(settings: Settings, head: int, window: int, sinks: int) -> list[MaskPattern]:
    """Every mask of core.long_context.windows on one head of the toy model (cached). The
    sidebar's causal mask is set aside: each pattern is its own mask."""
    s = state.with_changes(state.model_settings(settings), causal=False)
    return _patterns(s, head, window, sinks)


# 64: lengths × masks × depths; each is at most [13, 64] booleans.
@st.cache_resource(max_entries=64, show_spinner=False)
def reach(n: int, kind: str, window: int, sinks: int, layers: int) -> ReceptiveField:
    """What the last of n tokens depends on after 0 … ``layers`` layers of this mask."""
    return receptive_field(build_mask(kind, n, window=window, sinks=sinks), layers, query=-1)


# 8 texts, as ui.state.real_run: each is two [6, 12] grids and the tokens.
@st.cache_resource(max_entries=8, show_spinner=False)
def sinks(text: str) -> tuple[Encoded, SinkShares]:
    """The real model's shares of attention on [CLS] and [SEP] for this text, from the Real
    model page's own run (ui.state.real_run)."""
    encoded, out = state.real_run(text)
    return encoded, sink_shares(out.attentions, encoded.tokens)


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    """The four masks, the receptive field, and the real model's sinks (six layers of
    twelve heads)."""
    n = len(labels)
    for d in d_models:
        trace = scaled_dot_product_attention(*(np.zeros((n, d)) for _ in range(3)))
        for pattern in mask_patterns(trace, window=3, sinks=1):
            pattern_map(pattern, labels, 0, "title", t)
    reach_grid(receptive_field(window_mask(n, 3), 4), labels, t)
    pieces = ["[CLS]", *labels, "[SEP]"]
    even = np.full((6, 12, n + 2, n + 2), 1.0 / (n + 2))
    sink_lines(sink_shares(even, pieces), t)


PAGE = Page(
    "windows",
    icon=":material/filter_center_focus:",
    section="further",
    tour="further",
    controls=uses("causal"),  # each pattern is its own mask
    params=(WINDOW, SINKS, LAYERS),
    questions={"windows": quiz.window_questions},
    warm=warm,
)
