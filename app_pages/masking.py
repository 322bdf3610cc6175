"""Masking: the decoder's causal mask, the −∞ scores it makes, and the weights it leaves."""

import numpy as np
import pandas as pd
import streamlit as st

from core import AttentionTrace
from ui import settings as cfg
from ui import state
from ui.charts import unique_labels
from ui.figures.masking import mask_grid
from ui.i18n import t
from ui.widgets import (
    choose_head,
    figure_heading,
    matrix_csv,
    matrix_view,
    md_escape,
    notices,
    page_header,
    show_chart,
)


@st.fragment
def where_weight_went(masked: AttentionTrace, unmasked: AttentionTrace, labels: list[str]) -> None:
    """One query's row with and without the mask: the allowed weights are renormalised."""
    n = len(labels)
    if st.session_state.get("mask_q") not in range(n):
        st.session_state["mask_q"] = min(3, n - 1)
    qi = st.selectbox(
        t("common.query"), list(range(n)), format_func=labels.__getitem__, key="mask_q"
    )
    before, after, allowed = unmasked.weights[qi], masked.weights[qi], masked.allowed[qi]
    names = [t(f"masking.col_{c}") for c in ("key", "unmasked", "allowed", "masked")]
    st.dataframe(
        pd.DataFrame(dict(zip(names, (labels, before, allowed, after), strict=True))),
        hide_index=True,
        column_config={
            names[1]: st.column_config.NumberColumn(format="%.4f"),
            names[2]: st.column_config.CheckboxColumn(),
            names[3]: st.column_config.NumberColumn(format="%.4f"),
        },
    )
    if allowed.all():
        st.markdown(t("masking.renorm_last", q=md_escape(labels[qi])))
        return
    kept = float(before[allowed].sum())
    example = int(np.argmax(after))
    st.markdown(
        t(
            "masking.renorm",
            q=md_escape(labels[qi]),
            blocked=f"{1.0 - kept:.4f}",
            k=int(allowed.sum()),
            kept=f"{kept:.4f}",
            old=f"{before[example]:.4f}",
            new=f"{after[example]:.4f}",
        )
    )


s = cfg.current()
masked_p = state.pipeline(state.with_changes(s, causal=True))
unmasked_p = state.pipeline(state.with_changes(s, causal=False))
page_header("common.page.masking", "masking.intro")
notices(s)
st.info(
    t("masking.sidebar_on" if s.causal else "masking.sidebar_off"),
    icon=":material/visibility_off:" if s.causal else ":material/visibility:",
)

st.latex(
    r"A = \operatorname{softmax}\big(\tilde S + M\big),\qquad "
    r"M_{ij} = \begin{cases} 0 & j \le i \\ -\infty & j > i \end{cases}"
)
st.caption(t("masking.formula_caption"))

head = choose_head(masked_p.n_heads, key="masking_head")
masked, unmasked = masked_p.mha.traces[head], unmasked_p.mha.traces[head]
labels = unique_labels(masked_p.tokens)
n = masked_p.n

st.subheader(t("masking.mask"))
figure_heading(
    t("masking.mask_name"),
    t("common.shape", shape=f"[{n} × {n}]"),
    "causal_mask",
    lambda: matrix_csv(masked.allowed.astype(int), labels, labels),
)
show_chart(
    mask_grid(
        masked.allowed,
        labels,
        allowed_text=t("masking.allowed"),
        blocked_text=t("masking.blocked"),
        row_title=t("common.query"),
        col_title=t("common.key"),
        status_title=t("masking.status"),
    )
)
st.caption(t("masking.mask_caption"))

st.subheader(t("masking.scores"))
matrix_view(
    "S̃ + M",
    masked.scaled,
    labels,
    labels,
    key="masked_scaled",
    row_title=t("common.query"),
    col_title=t("common.key"),
    caption=t("masking.scores_caption"),
)

st.subheader(t("masking.weights"))
left, right = st.columns(2)
with left:
    matrix_view(
        t("masking.unmasked"),
        unmasked.weights,
        labels,
        labels,
        key="unmasked_weights",
        kind="weights",
        row_title=t("common.query"),
        col_title=t("common.key"),
        value_title=t("common.weight"),
        caption=t("masking.unmasked_caption"),
    )
with right:
    matrix_view(
        t("masking.masked"),
        masked.weights,
        labels,
        labels,
        key="masked_weights",
        kind="weights",
        row_title=t("common.query"),
        col_title=t("common.key"),
        value_title=t("common.weight"),
        caption=t("masking.masked_caption", first=md_escape(labels[0])),
    )

st.subheader(t("masking.where"))
st.markdown(t("masking.where_intro"))
where_weight_went(masked, unmasked, labels)

st.markdown(t("masking.padding"))
