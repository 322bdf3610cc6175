"""The RoPE page's results, its own controls and its tables: one cached core view per
setting, the explorer's positions read back from the link, and the sections it unfolds."""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np
import pandas as pd
import streamlit as st

from core import quiz
from core.rope.compare import (
    DISTANCES,
    STARTS,
    DistanceScores,
    RopeView,
    ShiftProof,
    rope_view,
    score_by_distance,
)
from core.rope.rotary import DEFAULT_BASE, pair_dims, rope_score, rope_wavelength
from core.tokens import pe_wavelength
from ui import state
from ui.figures.rope import distance_curves, shown_pairs, turning_pairs, wavelengths
from ui.frame import page_link
from ui.i18n import t
from ui.page import Page, Param, uses
from ui.settings import Settings, head_options
from ui.widgets import matrix_view, num, numbers_table, show_chart

# 10 000: the paper's and Llama 2's base; 500 000: Llama 3's.
BASES = (100, 1_000, 10_000, 100_000, 500_000)
POSITIONS = tuple(range(64))  # the explorer's places: as many as a sentence has tokens
SHIFTS = tuple(range(0, 33))
QUESTION_SHIFT = 5  # the question moves both tokens this far
ROWS_SHOWN = 16  # rows of the pair-by-pair tables
PLACES = "_rope_places"  # session_state: the tokens the explorer's positions were set for
# The page's own controls; the defaults are the article's: "it" (followed) and "cake", at
# positions 5 and 3, the paper's base, and the question's shift.
KEY = Param("rope_key", "key", "cake")
POS_Q = Param("rope_pos_q", "pq", 5)
POS_K = Param("rope_pos_k", "pk", 3)
BASE = Param("rope_base", "base", 10_000)
SHIFT = Param("rope_shift", "shift", QUESTION_SHIFT)


# 128 views: a class's sentences and tokens times a few positions each; one is a few
# vectors of d_k and three curves of 64 points (under 40 kB at d_model 1024). lru_cache
# rather than st.cache_resource: the key's own hash (frozen settings and whole numbers) is
# exact, and a hit then costs microseconds, where st.cache_resource hashes the arguments'
# contents for about a millisecond, twice a run.
@functools.lru_cache(maxsize=128)
def _view(s: Settings, qi: int, ki: int, pos_q: int, pos_k: int, base: int, shift: int) -> RopeView:
    p = state.pipeline(s)
    head = p.params.head(0, p.n_heads)
    return rope_view(
        p.embeddings[qi], p.embeddings[ki], head.w_q, head.w_k, pos_q, pos_k, shift=shift,
        base=float(base),
    )  # fmt: skip


def view(
    settings: Settings,
    qi: int,
    ki: int,
    pos_q: int,
    pos_k: int,
    *,
    base: int = int(DEFAULT_BASE),
    shift: int = QUESTION_SHIFT,
) -> RopeView:
    """Head 1's q of token qi turned to pos_q and k of token ki to pos_k (core.rope.compare)."""
    return _view(state.model_settings(settings), qi, ki, pos_q, pos_k, base, shift)


def fewer_heads(d_model: int) -> int:
    """The most heads that leave each head a pair to turn (d_k ≥ 2)."""
    return max(h for h in head_options(d_model) if d_model // h >= 2)


def places(labels: list[str], qi: int, ki: int) -> tuple[int, int]:
    """The explorer's two positions: the tokens' own places in the sentence until the student
    moves them (or a link gives them); picking other tokens puts them back at theirs."""
    mark = (tuple(labels), qi, ki)
    if st.session_state.get(PLACES, mark) != mark:
        st.session_state[POS_Q.key], st.session_state[POS_K.key] = qi, ki
    st.session_state[PLACES] = mark
    return POS_Q.whole(POSITIONS, qi), POS_K.whole(POSITIONS, ki)


def base_text(base: int) -> str:
    """A base as the page writes it: 10 000, with a thin space between thousands."""
    return f"{base:,}".replace(",", "\u2009")


def degrees(radians: np.ndarray) -> np.ndarray:
    """Angles in degrees, turned into [0, 360): a student reads a turn on a dial."""
    return np.degrees(np.asarray(radians, dtype=np.float64)) % 360


def pair_table(view: RopeView, names: list[str]) -> None:
    """q and k before and after turning, then each pair's dimensions, wavelength, the turn
    between q and k, and its share of q·k. ``names``: the four vectors' row labels."""
    pair = view.pair
    vectors = np.stack([view.q, view.k, pair.q.rotated, pair.k.rotated])  # [4, d_k]
    axes = {"row_title": t("rope.vector"), "col_title": t("common.dim")}
    dims = [str(i) for i in range(1, len(view.q) + 1)]
    matrix_view("q, k, q′, k′", vectors, names, dims, key="rope_vectors", **axes)
    rows = slice(0, ROWS_SHOWN)
    names = [t(f"rope.col_{c}") for c in ("dims", "wavelength", "between", "share")]
    dims = [f"{a + 1}, {b + 1}" for a, b in pair.q.dims[rows]]
    between = degrees(pair.relative_angle[rows])
    values = (dims, pair.q.wavelength[rows], between, pair.pair_scores[rows])
    one_place = st.column_config.NumberColumn(format="%.1f")
    numbers_table(
        dict(zip(names, values, strict=True)),
        pd.Index(np.arange(pair.q.n_pairs)[rows], name="i"),
        config=dict.fromkeys(names[1:3], one_place),
    )
    st.caption(t("rope.pair_table_caption"))
    if pair.q.n_pairs > ROWS_SHOWN:
        st.caption(t("rope.rows_cut", shown=ROWS_SHOWN, n=pair.q.n_pairs))


def figures(x: float) -> str:
    """A score to four significant figures: a rounding-sized difference shows as one (1.11e-16)."""
    return f"{x:.4g}"


def proof_table(proof: ShiftProof) -> None:
    """The score before and after both tokens move, and the difference, RoPE beside the
    sinusoid. A Markdown table: six numbers, in the text's own size (the presenter view's
    too), at a fraction of a data grid's cost."""
    after = {"q": proof.pos_q + proof.shift, "k": proof.pos_k + proof.shift}
    rows = [t("rope.row_before", q=proof.pos_q, k=proof.pos_k), t("rope.row_after", **after)]
    rows.append(t("rope.row_difference"))
    rope_ = (proof.rope_before, proof.rope_after, proof.rope_difference)
    sines = (proof.sinusoidal_before, proof.sinusoidal_after, proof.sinusoidal_difference)
    lines = [f"| | {t('rope.scheme_rope')} | {t('rope.scheme_sinusoidal')} |", "|---|---:|---:|"]
    lines += [
        f"| {row} | {figures(a)} | {figures(b)} |"
        for row, a, b in zip(rows, rope_, sines, strict=True)
    ]
    st.markdown("\n".join(lines))


def waves(d_k: int, d_model: int, n_heads: int, base: int) -> None:
    """Each pair's wavelength beside the Tokens page's sin–cos columns."""
    mine = rope_wavelength(d_k, base)
    theirs = pe_wavelength(np.arange(0, d_model, 2), d_model)
    series = [t("rope.series_rope", d_k=d_k, base=base_text(base))]
    series.append(t("rope.series_pe", d=d_model))
    show_chart(wavelengths(mine, theirs, series, t), key="rope_wavelengths")
    last = {"last": num(mine[-1], 1), "i": d_k // 2 - 1}
    st.markdown(t("rope.waves_body", first=num(mine[0], 2), base=base_text(base), **last))
    why = "rope.waves_heads" if n_heads > 1 else "rope.waves_base"
    same = n_heads == 1 and base == BASES[2]
    st.caption(t("rope.waves_same" if same else why, h=n_heads, d_k=d_k, d=d_model))
    page_link("tokens")


def pair_speeds(d_k: int, d_model: int, n_heads: int, base: int) -> None:
    """How fast each pair turns, and which dimensions make a pair."""
    waves(d_k, d_model, n_heads, base)
    st.markdown(f"**{t('rope.conventions')}**")
    conventions(d_k)


def conventions(d_k: int) -> None:
    """Which dimensions make a pair in the two conventions; the app's is the first."""
    st.markdown(t("rope.conventions_body"))
    rows = slice(0, ROWS_SHOWN)
    pairs = [
        [f"{a + 1}, {b + 1}" for a, b in pair_dims(d_k, c)[rows]] for c in ("interleaved", "halves")
    ]
    names = [t("rope.col_interleaved"), t("rope.col_halves")]
    numbers_table(
        dict(zip(names, pairs, strict=True)), pd.Index(np.arange(d_k // 2)[rows], name="i")
    )


FEW_PAIRS = 4  # up to this many pairs, no decay with distance to be seen: say why


def distances(curves: DistanceScores, distance: int, d_k: int) -> None:
    """The score against the distance, both schemes side by side, and how far apart their
    curves lie."""
    for (key, figure), column in zip(
        distance_curves(curves, distance, t), st.columns(2), strict=True
    ):
        with column:
            show_chart(figure, key=key)
    spread = {"rope": figures(curves.rope_spread), "sin": figures(curves.sinusoidal_spread)}
    st.caption(t("rope.curves_caption", **spread))
    if d_k // 2 <= FEW_PAIRS:
        st.caption(t("rope.curves_few_pairs", d_k=d_k, pairs=d_k // 2))


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    for d in d_models:
        pair = rope_score(np.ones(d), np.ones(d), 5, 3)
        turning_pairs(pair, shown_pairs(pair.q.n_pairs), "q", "k", t)
        w = np.eye(d)
        curves = score_by_distance(np.ones(d), np.ones(d), w, w, DISTANCES, STARTS)
        for distance in (2, -1):  # marked on the curves, and not
            distance_curves(curves, distance, t)
        wavelengths(rope_wavelength(d), rope_wavelength(d), ["a", "b"], t)


PAGE = Page(
    "rope",
    icon=":material/rotate_right:",
    section="further",
    tour="further",
    controls=uses("scale", "causal", "temperature"),  # scores of two tokens, no softmax
    params=(KEY, POS_Q, POS_K, BASE, SHIFT),
    questions={"rope": quiz.rope_questions},
    warm=warm,
)
