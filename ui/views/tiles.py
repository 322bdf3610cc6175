"""Softmax one tile at a time: the page's declaration, its tile size, and its cached results
(the walk in tiles, the memory each way).

Each result is keyed on the model's settings (ui.state.model_settings) or on plain values,
with a bound and the reason beside it, as in ui.state.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import streamlit as st

from core import quiz
from core.long_context.online_softmax import TileWalk, online_softmax, tiled_attention
from core.long_context.tile_memory import CHART_N, LONGEST, TileMemory, tile_memory
from ui import state
from ui.figures.tiles import output_lines, tile_row, walk_lines
from ui.figures.tiles_memory import memory_chart
from ui.i18n import t
from ui.page import Page, Param
from ui.settings import Settings

TILE = Param("tiles_b", "tile", 2)  # at the article's 9 tokens: 5 tiles, the last one short
# A head as FlashAttention runs it, for the "realistic" figure at 128 k tokens.
REAL_TILE, REAL_D_V = 128, 64


def tile_options(n: int) -> list[int]:
    """Tile sizes to offer: powers of two up to the first that holds all n keys (one tile)."""
    options = [1]
    while options[-1] < n:
        options.append(2 * options[-1])
    return options


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


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    """A walk at its first and last step, and the memory."""
    n = len(labels)
    for d in d_models:
        w = online_softmax(np.zeros(n), np.zeros((n, d)), 2)
        for step in (1, w.n_tiles):
            tile_row(w, labels, step, t)
            walk_lines(w, step, t)
            output_lines(w, step, t)
        memory_chart(tile_memory(CHART_N, tile=2, d_v=d), n, t)


PAGE = Page(
    "tiles",
    icon=":material/view_week:",
    section="further",
    tour="further",
    params=(TILE,),
    questions={"tiles": quiz.tiles_questions},
    warm=warm,
)
