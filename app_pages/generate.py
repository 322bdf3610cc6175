"""Generating text: a decoder one token at a time, its KV cache, and heads that share it."""

import numpy as np
import streamlit as st

from ui import generation as gen
from ui import settings as cfg
from ui.figures.generate import DIMS_SHOWN, step_table
from ui.generate_view import calculator, sharing, why_cache
from ui.i18n import t
from ui.page import open_page
from ui.quiz import ask
from ui.view import unfold
from ui.widgets import (
    choose_head,
    dim_labels,
    figure_heading,
    focus_index,
    glossary,
    matrix_csv,
    md_escape,
    show_chart,
    weights_view,
)

PLAY_EVERY = 0.8  # seconds a step while playing
PLAYING, PICK, INLINE = "gen_playing", "gen_step_pick", "gen_inline"


def formula(scale: bool) -> str:
    """The cache's growth and the step that reads it (stacked, so each line fits a phone)."""
    divisor = r"\sqrt{d_k}\,T" if scale else "T"
    return (
        r"\begin{gathered}K_{1:t} = \begin{bmatrix} K_{1:t-1} \\ k_t \end{bmatrix},\quad"
        r" V_{1:t} = \begin{bmatrix} V_{1:t-1} \\ v_t \end{bmatrix}\\"
        rf" o_t = \operatorname{{softmax}}\!\left(\frac{{q_t\,K_{{1:t}}^{{\top}}}}{{{divisor}}}"
        r"\right) V_{1:t}\end{gathered}"
    )


def toggle_play(n: int, default: int) -> None:
    """Play: the next step at once (the first, after the last), then one every PLAY_EVERY
    seconds; Pause: stay where it is."""
    playing = not st.session_state.get(PLAYING, False)
    if playing:
        step = gen.step_shown(n, default)
        st.session_state[gen.STEP] = 1 if step >= n else step + 1
    st.session_state[PLAYING] = playing


def picked() -> None:
    """The step moved by hand: it stays there."""
    st.session_state[gen.STEP] = st.session_state[PICK]
    st.session_state[PLAYING] = False


def full_map(g_, labels: list[str], head: int, step: int) -> None:
    """The whole sentence's causal weights, computed at once, with row t outlined."""
    name = t("generate.full_name")
    weights_view(name, g_.full.weights[head], labels, key="gen_full", focus=step - 1)
    st.caption(t("generate.full_caption", t=step))


def step_view(g_, labels: list[str], head: int, focus: int) -> None:
    """Step t: its slider, the cache as the step leaves it, and the proof."""
    n = g_.n
    step = gen.step_shown(n, focus + 1)
    if n > 1:
        st.session_state[PICK] = step
        st.select_slider(
            t("generate.step"),
            options=list(range(1, n + 1)),
            format_func=lambda k: f"{k} · {labels[k - 1]}",
            key=PICK,
            on_change=picked,
        )
    s_t = g_.step(step)
    j = int(g_.kv_head[head])  # the key/value head this query head reads
    keys, values = s_t.keys[j], s_t.values[j]
    d_k, d_v = keys.shape[1], values.shape[1]
    cols = [f"k{c}" for c in dim_labels(d_k)] + [t("generate.col_weight")]
    cols += [f"v{c}" for c in dim_labels(d_v)]
    cache = np.hstack([keys, s_t.weights[head][:, None], values])
    figure_heading(
        t("generate.step_name", t=step, token=md_escape(labels[step - 1])),
        t("generate.step_shape", t=step, n=n, d_k=d_k, d_v=d_v),
        "gen_step",
        lambda: matrix_csv(cache, labels[:step], cols),
    )
    last = g_.steps[-1]
    scale_from = (g_.full.q, last.keys[j], last.values[j], g_.full.head_outputs[head])
    names = tuple(t(f"generate.{k}") for k in ("row_query", "row_output", "col_weight"))
    table = step_table(
        s_t.query[head], keys, s_t.weights[head], values, s_t.head_outputs[head], labels,
        scale_from=scale_from, names=names, titles=(t("common.value"), t("common.weight")),
        present=bool(st.session_state.get("present")),
    )  # fmt: skip
    show_chart(table, key="gen_step")
    cut = t("generate.step_cut", shown=DIMS_SHOWN, d=d_k) if d_k > DIMS_SHOWN else ""
    diffs = {"diff": gen.tiny_text(g_.step_diff[step - 1]), "max": gen.tiny_text(g_.max_diff)}
    st.caption(t("generate.step_caption", t=step, n=n, cut=cut, **diffs))
    unfold(t("generate.full", t=step), "gen_full_open", full_map, g_, labels, head, step)
    gen.sync_link()


def tick(g_, labels: list[str], head: int, focus: int) -> None:
    """While playing: the step shown when the fragment is drawn, the next one every
    PLAY_EVERY seconds. At the last step, or once the step was moved by hand, the whole
    page once: that stops the timer."""
    inline = st.session_state.pop(INLINE, False)
    if not st.session_state.get(PLAYING):
        st.rerun()
    if not inline:
        st.session_state[gen.STEP] = min(gen.step_shown(g_.n, focus + 1) + 1, g_.n)
    if gen.step_shown(g_.n, focus + 1) == g_.n:
        st.session_state[PLAYING] = False
        st.rerun()
    step_view(g_, labels, head, focus)


@st.fragment
def one_at_a_time(g_, labels: list[str], focus: int) -> None:
    """Playing, the head and the step: only this part reruns when they move."""
    n_heads, playing = len(g_.kv_head), st.session_state.get(PLAYING, False)
    bar = st.container(horizontal=True, vertical_alignment="bottom") if n_heads > 1 else st
    if g_.n > 1:
        bar.button(
            t("generate.pause" if playing else "generate.play"),
            icon=":material/pause:" if playing else ":material/play_arrow:",
            key="gen_play",
            on_click=toggle_play,
            args=(g_.n, focus + 1),
            help=t("generate.play_help", seconds=PLAY_EVERY),
        )
    head = 0
    if n_heads > 1:
        with bar:
            head = choose_head(n_heads, key="gen_head")
    if playing:
        st.session_state[INLINE] = True
        st.fragment(run_every=PLAY_EVERY)(tick)(g_, labels, head, focus)
    else:
        step_view(g_, labels, head, focus)


s = open_page("generate", formula=formula(cfg.current().scale))
mha = gen.generation(s, s.n_heads)  # one key/value head per query head, as the sidebar sets
labels = list(cfg.sentence_tokens(s.sentence).labels)
focus = focus_index(labels)

st.subheader(t("generate.steps"))
glossary("decoder", "kv_cache")
one_at_a_time(mha, labels, focus)

work = gen.work(mha.n, s.d_model, s.n_heads, s.d_k)
if ask("generate", s, work):
    why_cache(s, mha.n)
unfold(t("generate.share"), "gen_share", sharing, s, labels, focus, icon=":material/hub:")
unfold(t("generate.memory"), "gen_memory", calculator, s, icon=":material/memory:")
