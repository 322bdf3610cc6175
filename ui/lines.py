"""The line view of attention on a page: a head switch, the chart, and its text."""

from __future__ import annotations

import numpy as np
import streamlit as st

from ui.charts.memo import remembered
from ui.figures.lines import LinesView, attention_lines
from ui.i18n import lang, t
from ui.widgets import show_chart


def head_switch(names: list[str], default: list[int], key: str) -> list[int]:
    """Which heads to draw: a toggle per head (the defaults on at first), kept under
    ``key`` (prefix it with the page's name)."""
    picked = st.segmented_control(
        t("lines.heads"),
        list(range(len(names))),
        selection_mode="multi",
        default=[int(h) for h in default],
        format_func=lambda h: names[h],
        key=key,
        help=t("lines.heads_help"),
    )
    return sorted(int(h) for h in picked or [])


def show_lines(view: LinesView) -> None:
    """Draw a line view: its chart, the strongest keys in words, and what it leaves out."""
    if view.figure is None:
        st.info(view.summary, icon=":material/touch_app:")
        return
    # Two columns of tokens read best close together: on a wide screen the lines take
    # three fifths of the width (on a phone the columns stack, and they take it all).
    with st.columns([3, 2])[0]:
        show_chart(view.figure, key=view.key)
    st.markdown(view.summary)
    st.caption(view.caption)


def lines_view(
    weights: np.ndarray,  # [h, n, n]  one row per query
    labels: list[str],  # n
    query: int,
    names: list[str],  # h
    *,
    default: list[int],  # the heads shown at first
    key: str,  # the chart's key
    heads_key: str,  # the head switch's key, prefixed by the page's name
    marked: int | None = None,  # a key to print in bold too
    tell_apart: bool = True,  # repeated labels numbered, "the (2)"
) -> None:
    """A head switch and the line view of ``query``'s attention in the heads it shows."""
    shown = head_switch(names, default, heads_key)
    present = bool(st.session_state.get("present"))
    options = {"present": present, "marked": marked, "tell_apart": tell_apart}
    show_lines(_view(weights, labels, query, names, shown, key, lang(), **options))


@remembered  # every rerun of the page redraws it: a move that leaves the weights keeps it
def _view(weights, labels, query, names, shown, key, language: str, **options) -> LinesView:
    """attention_lines in ``language`` (a part of the key, so a switch makes it anew)."""
    return attention_lines(weights, labels, query, names, shown, key, t, **options)
