"""The Real model page's own widgets: what to do without the model, one head up close."""

from __future__ import annotations

import streamlit as st

from core import quiz
from core.bert import BertOutput, HeadMatch
from core.lines import strongest_heads
from core.tokens import is_cjk
from realmodel import FIX_COMMAND
from realmodel.loader import ENV_VAR
from ui import state
from ui.charts import bars
from ui.figures.multihead import head_maps
from ui.frame import fragment
from ui.i18n import t
from ui.lines import lines_view
from ui.page import Page
from ui.widgets import md_escape, show_chart, show_charts, weights_view


def unavailable(reason: str, *, stop: bool = True) -> None:
    """No model: what to install (or where to put it), the reason, and a retry; then the
    page stops there, unless ``stop`` is False (a section of a page that works without it)."""
    message = "real_model.unavailable" if stop else "real_model.unavailable_section"
    st.warning(t(message), icon=":material/cloud_off:")
    st.code(FIX_COMMAND, language="bash")
    st.caption(t("real_model.unavailable_more", env=ENV_VAR))
    with st.expander(t("real_model.details")):
        st.text(reason)
    if st.button(t("real_model.retry"), icon=":material/refresh:"):
        state.real_model.clear()
        st.rerun()
    if stop:
        st.stop()


def unknown(encoded, vocab: str) -> None:
    """Which pieces of the text the model reads as [UNK], and why (not in its vocabulary)."""
    pieces = t("common.list_sep").join(f"“{md_escape(text)}”" for text in encoded.unknown)
    words = encoded.n - 2  # [CLS] and [SEP] aside
    found = {"unknown": len(encoded.unknown), "words": words, "vocab": vocab, "pieces": pieces}
    text = t("real_model.unknown", **found)
    if any(is_cjk(piece) for piece in encoded.unknown):
        text += " " + t("real_model.unknown_cjk")
    st.warning(text, icon=":material/translate:")


ALL_HEADS_MAX_TOKENS = 24  # twelve maps of up to 24 × 24 cells stay readable side by side


@fragment  # the close-up's layer and head rerun only this part of the page
def up_close(
    out: BertOutput, labels: list[str], qi: int, ki: int, best: HeadMatch, key: str, present: bool
):
    """One head up close (closeup), then the whole of its layer, as on the Multi-head page."""
    st.subheader(t("real_model.closeup"))
    st.markdown(t("real_model.closeup_intro"))
    layer = closeup(out, labels, qi, ki, best, key=key)
    st.subheader(t("real_model.all_heads", layer=layer))
    if (n := len(labels)) <= ALL_HEADS_MAX_TOKENS:
        maps = head_maps(out.attentions[layer - 1], labels, t, focus=qi, large=present)
        show_charts(maps, key="real_heads")
        st.caption(t("real_model.all_heads_caption"))
    else:
        st.info(t("real_model.all_heads_too_many", n=n, max=ALL_HEADS_MAX_TOKENS))


def closeup(out: BertOutput, labels: list[str], qi: int, ki: int, best: HeadMatch, key: str) -> int:
    """One head up close, starting at the strongest head for the link; returns its layer."""
    pick_layer, pick_head = st.columns(2)
    layers, heads = list(range(1, out.n_layers + 1)), list(range(1, out.n_heads + 1))
    layer = pick_layer.select_slider(
        t("real_model.col_layer"), options=layers, value=best.layer + 1, key=f"real_layer_{key}"
    )
    head = pick_head.select_slider(
        t("real_model.col_head"), options=heads, value=best.head + 1, key=f"real_head_{key}"
    )
    weights = out.attentions[layer - 1, head - 1]  # [n, n]
    name = t("real_model.map_name", layer=layer, head=head)
    caption = t("real_model.map_caption")
    weights_view(name, weights, labels, key=f"real_map_l{layer}_h{head}", caption=caption, focus=qi)
    st.markdown(f"**{t('real_model.row_title', q=f'“{md_escape(labels[qi])}”')}**")
    row = bars(
        weights[qi],
        labels,
        value_title=t("common.weight"),
        label_title=t("common.key"),
        highlight=ki,
    )
    show_chart(row, key="real_row")
    return layer


LINES_HEADS = 3  # heads drawn at first: the layer's strongest for the link


@fragment  # its layer and heads rerun only this view
def lines(out: BertOutput, labels: list[str], qi: int, ki: int, best: HeadMatch, key: str) -> None:
    """The query's attention as lines to every key, in the layer chosen (at first the one
    with the strongest head for the link), its strongest heads for the link shown first."""
    st.subheader(t("real_model.lines", q=f"“{md_escape(labels[qi])}”"))
    st.markdown(t("real_model.lines_intro", k=f"“{md_escape(labels[ki])}”"))
    layer = st.select_slider(
        t("real_model.lines_layer"),
        options=list(range(1, out.n_layers + 1)),
        value=best.layer + 1,
        key=f"real_lines_layer_{key}",
    )
    weights = out.attentions[layer - 1]  # [h, n, n]
    names = [t("real_model.head_short", i=i) for i in range(1, out.n_heads + 1)]
    default = strongest_heads(weights, qi, ki, LINES_HEADS)
    heads_key = f"real_lines_heads_{key}_{layer}"  # each layer starts at its own strongest
    keys = {"key": "real_lines", "heads_key": heads_key}
    lines_view(weights, labels, qi, names, default=default, marked=ki, **keys)


PAGE = Page(
    "real_model",
    icon=":material/model_training:",
    section="more",
    tour="lesson",
    controls=("sentence", "focus"),  # a trained model has its own sizes and weights
    questions={"real_model": quiz.real_model_questions},
)
