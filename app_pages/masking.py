"""Masking: the decoder's causal mask, the −∞ scores it makes, and the weights it leaves."""

import streamlit as st

from core import AttentionTrace
from core.explain import mask_shift
from ui import settings as cfg
from ui import state
from ui.figures.masking import mask_grid
from ui.frame import open_page
from ui.i18n import t
from ui.live import follows_temperature
from ui.quiz import ask
from ui.views.masking import PAGE
from ui.widgets import (
    choose_head,
    figure_heading,
    focus_index,
    focus_picker,
    matrix_csv,
    md_escape,
    numbers_table,
    scores_view,
    show_chart,
    weights_view,
)

FORMULA = (  # stacked, so each line fits a phone
    r"\begin{gathered}A = \operatorname{softmax}\big(\tilde S + M\big)\\"
    r"M_{ij} = \begin{cases} 0 & j \le i \\ -\infty & j > i \end{cases}\end{gathered}"
)


def where_weight_went(masked: AttentionTrace, unmasked: AttentionTrace, labels: list[str]) -> None:
    """One query's row with and without the mask: the allowed weights are renormalised."""
    qi = focus_picker(t("common.query"), labels, key="mask_q")
    shift = mask_shift(unmasked.weights[qi], masked.weights[qi], masked.allowed[qi])
    names = [t(f"masking.col_{c}") for c in ("key", "unmasked", "allowed", "masked")]
    row = (labels, unmasked.weights[qi], shift.allowed, masked.weights[qi])
    numbers_table(
        dict(zip(names, row, strict=True)), config={names[2]: st.column_config.CheckboxColumn()}
    )
    q = md_escape(labels[qi])
    if shift.allowed.all():
        st.markdown(t("masking.renorm_last", q=q))
        return
    numbers = {
        "blocked": shift.blocked,
        "kept": shift.kept,
        "old": shift.before,
        "new": shift.after,
    }
    shown = {name: f"{value:.4f}" for name, value in numbers.items()}
    st.markdown(t("masking.renorm", q=q, k=shift.n_allowed, **shown))


def masked_view(masked: AttentionTrace, unmasked: AttentionTrace, labels: list[str]) -> None:
    """The masked scores, the weights with and without the mask, and where the weight went."""
    st.subheader(t("masking.scores"))
    caption = t("masking.scores_caption")
    scores_view("S̃ + M", masked.scaled, labels, key="masked_scaled", caption=caption)

    st.subheader(t("masking.weights"))
    left, right = st.columns(2)
    with left:
        weights_view(
            t("masking.unmasked"),
            unmasked.weights,
            labels,
            key="unmasked_weights",
            caption=t("masking.unmasked_caption"),
        )
    with right:
        weights_view(
            t("masking.masked"),
            masked.weights,
            labels,
            key="masked_weights",
            caption=t("masking.masked_caption", first=md_escape(labels[0])),
        )

    st.subheader(t("masking.where"))
    st.markdown(t("masking.where_intro"))
    where_weight_went(masked, unmasked, labels)

    st.markdown(t("masking.padding"))


@follows_temperature
def answer(s: cfg.Settings, head: int) -> None:
    """What the temperature changes: moving it reruns this alone."""
    masked_p = state.pipeline(state.with_changes(s, causal=True))
    unmasked_p = state.pipeline(state.with_changes(s, causal=False))
    masked, unmasked = masked_p.mha.head(head), unmasked_p.mha.head(head)
    if ask("masking", s, masked_p, focus_index(masked_p.labels), head):
        masked_view(masked, unmasked, masked_p.labels)


s = open_page(PAGE, formula=FORMULA)
masked_p = state.pipeline(state.with_changes(s, causal=True))
unmasked_p = state.pipeline(state.with_changes(s, causal=False))
st.info(
    t("masking.sidebar_on" if s.causal else "masking.sidebar_off"),
    icon=":material/visibility_off:" if s.causal else ":material/visibility:",
)

head = choose_head(masked_p.n_heads, key="masking_head")
masked, unmasked = masked_p.mha.head(head), unmasked_p.mha.head(head)
labels = masked_p.labels
n = masked_p.n

st.subheader(t("masking.mask"))
figure_heading(
    t("masking.mask_name"),
    t("common.shape", shape=f"[{n} × {n}]"),
    "causal_mask",
    lambda: matrix_csv(masked.allowed.astype(int), labels, labels),
)
grid_texts = {
    "allowed_text": t("masking.allowed"),
    "blocked_text": t("masking.blocked"),
    "row_title": t("common.query"),
    "col_title": t("common.key"),
    "status_title": t("masking.status"),
}
show_chart(mask_grid(masked.allowed, labels, **grid_texts), key="causal_mask")
st.caption(t("masking.mask_caption"))

answer(head)
