"""Going further: softmax one tile of keys at a time, as FlashAttention computes it."""

import streamlit as st

from core import Pipeline
from core.long_context.online_softmax import TileWalk
from core.long_context.tile_memory import LONGEST
from ui import settings as cfg
from ui import state
from ui.explain import tile_history, tile_step_worked
from ui.figures.tiles import OUTPUT_DIMS, output_lines, tile_row, walk_lines
from ui.figures.tiles_memory import memory_chart, size_text
from ui.frame import fragment, open_page
from ui.i18n import t
from ui.live import follows_temperature
from ui.quiz import ask
from ui.view import unfold
from ui.views import tiles as view
from ui.widgets import (
    choose_head,
    focus_index,
    glossary,
    md_escape,
    sci,
    show_chart,
    vector_text,
)

FORMULA = (  # one update to a line, so that each fits a phone
    r"\begin{gathered}m_t=\max\big(m_{t-1},\ \max_{j\in t} x_j\big)"
    r"\\ \ell_t=e^{\,m_{t-1}-m_t}\,\ell_{t-1}+\textstyle\sum_{j\in t} e^{\,x_j-m_t}"
    r"\\ a_t=e^{\,m_{t-1}-m_t}\,a_{t-1}+\textstyle\sum_{j\in t} e^{\,x_j-m_t}\,v_j"
    r"\\ o=a_T\,/\,\ell_T\end{gathered}"
)
LISTED = 8  # tiles listed by their keys before the question
STEP = "tiles_step"  # session_state: the tiles walked; STEP + "_of": the row they are of


def listing(walk: TileWalk, labels: list[str]) -> str:
    """The row's keys in their tiles: [I ate] [the cake] … (the first LISTED tiles)."""
    tiles = [
        "[" + " ".join(md_escape(x) for x in labels[a:b]) + "]"
        for a, b in zip(walk.starts[:LISTED], walk.stops[:LISTED], strict=True)
    ]
    if walk.n_tiles > LISTED:
        tiles.append(t("tiles.row_more", more=walk.n_tiles - LISTED))
    return " ".join(tiles)


@fragment
def walk_view(walk: TileWalk, labels: list[str], qi: int, row: tuple) -> None:
    """The walk up to the chosen tile: the row, the tile's update, m, ℓ and the output."""
    st.subheader(t("tiles.walk"))
    if st.session_state.get(f"{STEP}_of") != row:  # a new row starts again at its first tile
        st.session_state[STEP], st.session_state[f"{STEP}_of"] = 1, row
    last = walk.n_tiles
    if last > 1:
        help_text = t("tiles.step_help")
        step = st.slider(t("tiles.step"), 1, last, key=STEP, help=help_text)
    else:
        step = 1
        st.caption(t("tiles.one_tile", tile=walk.tile))
    show_chart(tile_row(walk, labels, step, t), key="tiles_row")
    st.caption(t("tiles.row_caption"))
    tile_step_worked(walk, labels, qi, step - 1)
    left, right = st.columns(2)
    with left:
        show_chart(walk_lines(walk, step, t), key="tiles_ml")
    with right:
        show_chart(output_lines(walk, step, t), key="tiles_output")
    said = [t("tiles.lines_caption")]
    if walk.v.shape[1] > OUTPUT_DIMS:
        said.append(t("tiles.dims_cut", shown=OUTPUT_DIMS, d_v=walk.v.shape[1]))
    if step < last:
        said.append(t("tiles.walk_on", last=last))
    st.caption(" ".join(said))
    unfold(t("tiles.history"), "tiles_history", tile_history, walk, labels, step)
    if step < last:
        return
    with st.container(border=True):
        diff = {"diff": sci(walk.max_difference), "wdiff": sci(walk.max_weight_difference)}
        out, full = vector_text(walk.output), vector_text(walk.full_output)
        st.markdown(t("tiles.result", out=out, full=full, token=md_escape(labels[qi]), **diff))


def memory(n: int, tile: int, d_v: int) -> None:
    """What each way holds as n grows to 128 k, and at this sentence."""
    chart, here, real = view.memory(n, tile, d_v)
    st.markdown(t("tiles.memory_body"))
    show_chart(memory_chart(chart, n, t), key="tiles_bytes")
    numbers = {"n": n, "tile": tile, "d_v": d_v, "full": int(here.full[0])}
    numbers |= {"tiled": int(here.tiled[0]), "full_row": int(here.full_row[0])}
    numbers |= {"tiled_row": int(here.tiled_row[0]), "crossover": here.crossover}
    st.markdown(t("tiles.memory_here", row_crossover=here.row_crossover, **numbers))
    full, tiled = chart.full_bytes[-1], chart.tiled_bytes[-1]
    sizes = {"full": size_text(full), "tiled": size_text(tiled), "real_tile": real.tile}
    sizes |= {"real_full": size_text(real.full_bytes[0]), "real_d_v": real.d_v}
    sizes |= {"real_tiled": size_text(real.tiled_bytes[0]), "ratio": f"{real.ratio[0]:,.0f}"}
    st.markdown(t("tiles.memory_long", longest=f"{LONGEST:,}", **sizes))


@fragment
def tiles(s: cfg.Settings, p: Pipeline, head: int, qi: int) -> None:
    """The tile size, the row in tiles, the questions, then the walk and what it saves."""
    options = view.tile_options(p.n)
    tile = view.TILE.whole(options)
    st.select_slider(t("tiles.tile"), options, key=view.TILE.key, help=t("tiles.tile_help"))
    walk = view.walk(s, head, tile, qi)
    token = p.labels[qi]
    shown = {"token": md_escape(token), "n": p.n, "tiles": walk.n_tiles, "tile": tile}
    st.markdown(t("tiles.row", listing=listing(walk, p.labels), **shown))
    if ask("tiles", s, walk, token):
        walk_view(walk, p.labels, qi, (tuple(p.tokens), tile, head, qi))
        unfold(t("tiles.memory"), "tiles_memory", memory, p.n, tile, p.d_k)
        st.markdown(t("tiles.not_shown"))


@follows_temperature
def tiled(s: cfg.Settings, head: int, qi: int) -> None:
    """What the temperature changes: moving it reruns this alone."""
    tiles(s, state.pipeline(s), head, qi)


s = open_page(view.PAGE, formula=FORMULA)
p = state.pipeline(s)
head = choose_head(p.n_heads, key="tiles_head")
glossary("online_softmax", "tile")
tiled(head, focus_index(p.labels))
