"""Step 2, scaling: the footnote-4 experiment, and one query row of the student's sentence
through softmax, scaled and unscaled, side by side, with its numbers."""

from collections.abc import Sequence

import numpy as np
import pandas as pd
import streamlit as st

from core import footnote4_experiment, max_entropy, quiz, sharpness
from ui import settings as cfg
from ui import state
from ui.figures.scaling import max_weight_chart, row_weights, variance_chart
from ui.i18n import t
from ui.page import Page
from ui.state import FOOTNOTE4_DIMS
from ui.view import unfold
from ui.widgets import (
    choose_head,
    focus_picker,
    md_escape,
    numbers_table,
    plain,
    show_chart,
)


def one_row(s: cfg.Settings) -> None:
    """One query row of the student's sentence through softmax, scaled and unscaled."""
    p_on = state.pipeline(state.with_changes(s, scale=True))
    p_off = state.pipeline(state.with_changes(s, scale=False))
    labels = p_on.labels
    pick, head_col = st.columns(2)
    qi = focus_picker(t("scaling.pick_row"), labels, key="scaling_row", container=pick)
    with head_col:
        head = choose_head(p_on.n_heads, key="scaling_head")
    tr = {"on": p_on.mha.head(head), "off": p_off.mha.head(head)}
    n_allowed = int(tr["on"].allowed[qi].sum())
    root = plain(1 / tr["on"].factor)
    titles = {"on": t("scaling.on_title", d_k=s.d_k, root=root), "off": t("scaling.off_title")}
    for side, col in zip(tr, st.columns(2), strict=True):
        w = tr[side].weights[qi]
        sh = sharpness(w)
        current = f" {t('scaling.current')}" if (side == "on") == s.scale else ""
        col.markdown(f"**{titles[side]}**{current}")
        m1, m2 = col.columns(2)
        m1.metric(
            t("scaling.max_weight"),
            f"{float(sh.max_weight):.4f}",
            help=t("scaling.max_weight_help"),
        )
        hmax = plain(max_entropy(n_allowed))
        m2.metric(
            t("scaling.entropy"),
            f"{float(sh.entropy_nats):.4f}",
            help=t("scaling.entropy_help", n=n_allowed, hmax=hmax),
        )
        with col:
            show_chart(
                row_weights(
                    w, labels, value_title=t("scaling.weight_axis"), label_title=t("common.key")
                ),
                key=f"row_{side}",
            )
    if s.d_k == 1:
        st.caption(t("scaling.same_when_one"))
    if s.causal and n_allowed < len(labels):
        st.caption(t("scaling.masked_caption", q=md_escape(labels[qi])))
    unfold(
        t("scaling.numbers"),
        "scaling_numbers",
        row_numbers,
        tr["on"],
        tr["off"],
        qi,
        labels,
        s.temperature,
        icon=":material/calculate:",
    )


def row_numbers(on, off, qi: int, labels: list[str], temperature: float) -> None:
    """The row's scores and weights, scaled and not, as numbers."""
    row = (on.scores[qi], on.divided[qi], on.weights[qi], off.weights[qi])
    names = [t(f"scaling.{c}") for c in ("col_score", "col_scaled", "col_on", "col_off")]
    numbers_table(dict(zip(names, row, strict=True)), pd.Index(labels, name=t("scaling.col_key")))
    st.caption(t("scaling.numbers_caption", temp=plain(temperature)))


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    n = len(labels)
    row_weights(np.full(n, 1.0 / n), labels, value_title="w", label_title="k")
    fn4 = footnote4_experiment(FOOTNOTE4_DIMS, n_rows=2, n_keys=2)
    for d in d_models:
        variance_chart(fn4, d, t)
        max_weight_chart(fn4, d, t)


PAGE = Page(
    "scaling",
    icon=":material/straighten:",
    section="steps",
    tour="lesson",
    questions={"scaling": quiz.scaling_questions},
    warm=warm,
)
