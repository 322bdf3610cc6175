"""Small pieces every page uses: a matrix with its CSV, the page heading, notices."""

from __future__ import annotations

import re

import altair as alt
import numpy as np
import pandas as pd
import streamlit as st

from core import MAX_TOKENS
from ui.charts import Figure, heatmap, unique_labels
from ui.i18n import t
from ui.settings import Settings, sentence_tokens

MAX_SHOWN = 64  # rows and columns drawn of a matrix; its CSV has them all


def choose_head(n_heads: int, key: str) -> int:
    """A head picker when there is more than one head; returns the 0-based head index."""
    if n_heads == 1:
        return 0
    picked = st.select_slider(
        t("common.choose_head"), options=list(range(1, n_heads + 1)), value=1, key=key
    )
    return int(picked) - 1


def dim_labels(n: int, prefix: str = "") -> list[str]:
    """Column labels for vector dimensions: 1, 2, … (or with a prefix, e.g. "q1")."""
    return [f"{prefix}{i}" for i in range(1, n + 1)]


def matrix_csv(m: np.ndarray, rows, cols) -> str:
    """The matrix as CSV, labelled rows and columns, full precision, masked cells as -inf."""
    df = pd.DataFrame(
        np.asarray(m, dtype=np.float64), index=unique_labels(rows), columns=unique_labels(cols)
    )
    return df.to_csv(float_format="%.10g")


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", text).strip("_").lower() or "matrix"


def figure_heading(name: str, shape: str, key: str, csv) -> None:
    """A figure's bold name, its shape, and a button that downloads its data as CSV.

    ``csv`` is a function returning the CSV text: it runs only when the button is pressed.
    """
    title, button = st.columns([4, 1], vertical_alignment="bottom")
    title.markdown(f"**{name}** · {shape}")
    button.download_button(
        t("common.csv"),
        data=csv,
        file_name=f"{_slug(key)}.csv",
        mime="text/csv",
        key=f"csv_{key}",
        icon=":material/download:",
        help=t("common.csv_help", name=name),
        on_click="ignore",
    )


def matrix_view(
    name: str,
    m: np.ndarray,
    rows,
    cols,
    *,
    key: str,
    kind: str = "signed",
    caption: str | None = None,
    **chart_args,
) -> None:
    """A titled heatmap of a matrix, its shape, and a button to download it as CSV.

    Only the first MAX_SHOWN rows and columns are drawn (a student cannot read more, and
    a browser draws them slowly); the CSV always has all of them.
    """
    m = np.asarray(m)
    r, c = m.shape
    figure_heading(
        name, t("common.shape", shape=f"[{r} × {c}]"), key, lambda: matrix_csv(m, rows, cols)
    )
    chart_args.setdefault("value_title", t("common.value"))
    shown = m[:MAX_SHOWN, :MAX_SHOWN]
    show_chart(
        heatmap(shown, list(rows)[:MAX_SHOWN], list(cols)[:MAX_SHOWN], kind=kind, **chart_args)
    )
    if r > MAX_SHOWN or c > MAX_SHOWN:
        st.caption(t("common.cut", rows=min(r, MAX_SHOWN), cols=min(c, MAX_SHOWN), r=r, c=c))
    if caption:
        st.caption(caption)


def show_chart(chart: Figure | alt.TopLevelMixin, **kwargs) -> None:
    """Draw a Figure (cached layout + data) or an Altair chart across the column."""
    if isinstance(chart, Figure):
        # No copy of the cached layout: Streamlit copies the spec's top level before it
        # sets anything, and changes nothing below it.
        st.vega_lite_chart(chart.data, chart.spec, width="stretch", **kwargs)
    else:
        st.altair_chart(chart, width="stretch", **kwargs)


def notices(settings: Settings) -> None:
    """What every page says about the input: empty sentence, trimmed text, article numbers."""
    info = sentence_tokens(settings.sentence)
    if info.empty:
        st.warning(t("common.msg.empty_sentence"), icon=":material/edit_off:")
    if info.trimmed_from:
        st.info(
            t("common.msg.trimmed", total=info.trimmed_from, max=MAX_TOKENS),
            icon=":material/content_cut:",
        )


def page_header(title_key: str, intro_key: str | None = None) -> None:
    """The page title and its one-paragraph introduction."""
    st.header(t(title_key))
    if intro_key:
        st.markdown(t(intro_key))


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")


def md_escape(text: str) -> str:
    """User text made inert inside Markdown: every formatting character is escaped."""
    return _MD_SPECIAL.sub(r"\\\1", str(text))
