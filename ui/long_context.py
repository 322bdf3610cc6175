"""Cached results of the long-context pages: the walk in tiles (Softmax one tile at a time),
the masks, the receptive field and the real model's sinks (Which keys a query may see).

Each is keyed on the model's settings (ui.state.model_settings) or on plain values, with a
bound and the reason beside it, as in ui.state.
"""

from __future__ import annotations

import streamlit as st

from core.long_context.online_softmax import TileWalk, tiled_attention
from core.long_context.receptive_field import ReceptiveField, receptive_field
from core.long_context.sinks import SinkShares, sink_shares
from core.long_context.tile_memory import CHART_N, LONGEST, TileMemory, tile_memory
from core.long_context.windows import MaskPattern, build_mask, mask_patterns
from realmodel import Encoded
from ui import state
from ui.settings import Settings

# A head as FlashAttention runs it, for the "realistic" figure at 128 k tokens.
REAL_TILE, REAL_D_V = 128, 64


# 64: a class's sentences, each at a few tile sizes and followed tokens; a walk is at most
# [64, 1024] floats (64 tiles of one key at d_v 1024), 0.5 MB.
@st.cache_resource(max_entries=64, show_spinner=False)
def _walk(s: Settings, head: int, tile: int, query: int) -> TileWalk:
    return tiled_attention(state.pipeline(s).mha.head(head), tile, query=query)


def walk(settings: Settings, head: int, tile: int, query: int) -> TileWalk:
    """The followed query's row walked in tiles of ``tile`` keys (cached)."""
    return _walk(state.model_settings(settings), head, tile, query)


# 32: tile sizes × value widths in use; each is three lengths' worth of a few numbers.
@st.cache_resource(max_entries=32, show_spinner=False)
def memory(n: int, tile: int, d_v: int) -> tuple[TileMemory, TileMemory, TileMemory]:
    """Numbers held each way: over the chart's lengths (1 … 128 k), at this sentence's n, and
    for a head as FlashAttention runs it at 128 k tokens (float16: 2 bytes a number)."""
    return (
        tile_memory(CHART_N, tile=tile, d_v=d_v),
        tile_memory(n, tile=tile, d_v=d_v),
        tile_memory(LONGEST, tile=REAL_TILE, d_v=REAL_D_V, bytes_per_number=2),
    )


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
