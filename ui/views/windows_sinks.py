"""The real model's attention sinks, drawn: the Which keys a query may see page's section on
where all-MiniLM-L6-v2 puts its spare attention ([CLS] and [SEP], layer by layer and head by
head), from the Real model page's own run."""

from __future__ import annotations

import streamlit as st

from core import ARTICLE_SENTENCE
from core.tokens import MAX_SENTENCE_CHARS
from realmodel import MAX_TOKENS
from ui import state
from ui.figures.windows import sink_lines
from ui.i18n import t
from ui.settings import Settings
from ui.views.real_model import unavailable
from ui.views.windows import sinks
from ui.widgets import matrix_view, show_chart

STRONGEST = 5  # heads listed by their share on [CLS]


def sink_section(s: Settings) -> None:
    """The real model's attention on [CLS] and [SEP]: by layer and head, and by layer."""
    with st.spinner(t("real_model.loading")):
        model = state.real_model()
    if isinstance(model, str):
        unavailable(model, stop=False)
        return
    text = s.sentence[:MAX_SENTENCE_CHARS]
    encoded, shares = sinks(text if text.strip() else ARTICLE_SENTENCE)
    if encoded.truncated:
        st.info(t("real_model.truncated", max=MAX_TOKENS), icon=":material/content_cut:")
    st.markdown(t("windows.sinks_intro"))
    # Bare numbers under the axis titles "layer" and "head": on a phone, twelve cells and
    # their two-place numbers just fit beside them.
    layers = [str(i) for i in range(1, shares.first.shape[0] + 1)]
    heads = [str(i) for i in range(1, shares.first.shape[1] + 1)]
    axes = {"row_title": t("windows.layer"), "col_title": t("common.head"), "kind": "weights"}
    axes["value_title"] = t("windows.share")
    for column, which, name in zip(st.columns(2), ("first", "sep"), ("cls", "sep"), strict=True):
        with column:
            grid = shares.shares(which)
            matrix_view(t(f"windows.{name}_grid"), grid, layers, heads, key=f"sinks_{name}", **axes)
    show_chart(sink_lines(shares, t), key="sinks_layers")
    st.caption(t("windows.lines_caption", heads=shares.first.shape[1]))
    n, total = len(shares.tokens), shares.first.size
    means = {"cls": f"{shares.mean('first'):.3f}", "sep": f"{shares.mean('sep'):.3f}"}
    which = "sink_cls" if shares.mean("first") > shares.mean("sep") else "sink_sep"
    st.markdown(t(f"windows.{which}", total=total, even=f"{shares.uniform:.3f}", **means))
    strongest = t("common.list_sep").join(
        t("windows.head_at", layer=h.layer + 1, head=h.head + 1, share=f"{h.share:.3f}")
        for h in shares.strongest("first", STRONGEST)
    )
    top = {"top": f"{shares.first_top_overall:.0%}", "top_first": f"{shares.first_top[0]:.0%}"}
    top |= {"top_last": f"{shares.first_top[-1]:.0%}", "last": len(shares.first_top)}
    top |= {"above": shares.above("first", 0.5), "total": total, "strongest": strongest}
    st.markdown(t("windows.sinks_found", **top))
    rows = len(shares.rows)
    every = rows == n  # a text with no word piece: every row is averaged
    st.caption(
        t("windows.sinks_rows_all", n=n) if every else t("windows.sinks_rows", rows=rows, n=n)
    )
