"""Tokens & position: embeddings, the sinusoidal positional encoding, X = E + PE, a swap."""

import numpy as np
import pandas as pd
import streamlit as st

from ui import settings as cfg
from ui import state
from ui.charts import unique_labels
from ui.figures.tokens import pe_curves
from ui.i18n import t
from ui.widgets import dim_labels, matrix_view, md_escape, notices, page_header, show_chart

MAX_CURVES = 6
ROW_PX = 35  # height of one st.dataframe row


def default_curves(d_model: int) -> list[int]:
    """0-based PE columns to plot first: the fastest sin/cos pair and a few slower sines."""
    if d_model <= 4:
        return list(range(d_model))
    slower = {2 * int(f * d_model / 2) for f in (1 / 8, 1 / 4, 1 / 2)}
    return sorted({0, 1} | slower)


def swapped(n: int, a: int, b: int) -> np.ndarray:
    """[n] the order of the positions after swapping a and b (its own inverse)."""
    order = np.arange(n)
    order[[a, b]] = order[[b, a]]
    return order


s = cfg.current()
p = state.pipeline(s)
page_header("common.page.tokens", "tokens.intro")
notices(s)
if p.is_article:
    st.info(t("tokens.article_x"), icon=":material/menu_book:")

labels = unique_labels(p.tokens)
dims = dim_labels(p.d_model)
positions = [str(i) for i in range(p.n)]

st.subheader(t("tokens.tokens_title"))
table, explain = st.columns([1, 2])
table.dataframe(
    pd.DataFrame({t("tokens.col_pos"): range(p.n), t("tokens.col_token"): p.tokens}),
    hide_index=True,
    height=ROW_PX * (min(p.n, 8) + 1) + 3,
)
explain.markdown(t("tokens.tokens_explain", n=p.n))

st.subheader(t("tokens.embed_title"))
st.markdown(t("tokens.embed_explain", d=p.d_model))
matrix_view("E", p.embeddings, labels, dims, key="tok_e", row_title=t("common.token"))

st.subheader(t("tokens.pe_title"))
st.latex(  # one formula per line, so that a phone does not cut them off
    r"\begin{gathered} "
    r"PE_{(pos,\,2i)} = \sin\!\left(\frac{pos}{10000^{2i/d_{model}}}\right) \\ "
    r"PE_{(pos,\,2i+1)} = \cos\!\left(\frac{pos}{10000^{2i/d_{model}}}\right) "
    r"\end{gathered}"
)
st.markdown(t("tokens.pe_explain"))
st.caption(t("tokens.pe_columns"))
matrix_view(
    "PE",
    p.positions,
    positions,
    dims,
    key="tok_pe",
    row_title=t("tokens.position"),
    domain=(-1.0, 1.0),
)


@st.fragment
def curves() -> None:
    st.markdown(f"**{t('tokens.curves_title')}**")
    picked = st.multiselect(
        t("tokens.curves_pick"),
        options=list(range(p.d_model)),
        default=default_curves(p.d_model)[:MAX_CURVES],
        format_func=lambda j: str(j + 1),
        max_selections=MAX_CURVES,
        key=f"tok_curves_{p.d_model}",
        help=t("tokens.curves_pick_help", max=MAX_CURVES),
    )
    columns = sorted(picked)
    if not columns:
        return
    names = [t("tokens.curve_label", j=j + 1, fn="sin" if j % 2 == 0 else "cos") for j in columns]
    show_chart(
        pe_curves(
            p.positions,
            columns,
            names,
            position_title=t("tokens.position"),
            value_title=t("common.value"),
            label_title=t("tokens.column"),
            wavelength_title=t("tokens.wavelength"),
        )
    )
    st.caption(t("tokens.curves_caption", last=p.n - 1))


curves()

st.subheader(t("tokens.x_title"))
st.markdown(t("tokens.x_explain"))
matrix_view("X = E + PE", p.x, labels, dims, key="tok_x", row_title=t("common.token"))

st.subheader(t("tokens.swap_title"))
st.markdown(t("tokens.swap_intro"))


def sentence_line(tokens: list[str], bold: set[int]) -> str:
    return " ".join(
        f"**{md_escape(tok)}**" if i in bold else md_escape(tok) for i, tok in enumerate(tokens)
    )


@st.fragment
def swap_demo() -> None:
    n = p.n
    if n < 2:
        st.info(t("tokens.swap_one"), icon=":material/swap_horiz:")
        return
    options = list(range(n))

    def fmt(i: int) -> str:  # option labels are plain text, never markdown
        return f"{i} · {p.tokens[i]}"

    pick_a, pick_b = st.columns(2)
    a = pick_a.selectbox(t("tokens.swap_a"), options, index=0, format_func=fmt, key=f"tok_a_{n}")
    b = pick_b.selectbox(
        t("tokens.swap_b"), options, index=min(3, n - 1), format_func=fmt, key=f"tok_b_{n}"
    )
    if a == b:
        st.info(t("tokens.swap_same"), icon=":material/swap_horiz:")
        return
    order = swapped(n, a, b)
    new_tokens = [p.tokens[i] for i in order]
    st.markdown(t("tokens.before", sentence=sentence_line(p.tokens, {a, b})))
    st.markdown(t("tokens.after", sentence=sentence_line(new_tokens, {a, b})))

    e_new = p.embeddings[order]  # [n, d_model]  every embedding travels with its word
    x_new = e_new + p.positions  # [n, d_model]  the positions stay where they are
    # Row k: the word first at position k. X is rebuilt as E + PE (the article's X agrees
    # to the last digit) so that unmoved words give exactly 0, not a rounding -0.00.
    delta = x_new[order] - (p.embeddings + p.positions)  # [n, d_model]

    new_labels = unique_labels(new_tokens)
    left, right = st.columns(2)
    with left:
        matrix_view(
            t("tokens.e_swapped"),
            e_new,
            new_labels,
            dims,
            key="tok_e_swapped",
            row_title=t("common.token"),
            caption=t("tokens.e_swapped_caption"),
        )
    with right:
        matrix_view(
            t("tokens.x_swapped"),
            x_new,
            new_labels,
            dims,
            key="tok_x_swapped",
            row_title=t("common.token"),
            caption=t("tokens.x_swapped_caption"),
        )
    st.markdown(f"**{t('tokens.delta_title')}**")
    matrix_view(
        t("tokens.delta"),
        delta,
        labels,
        dims,
        key="tok_delta",
        row_title=t("common.token"),
        caption=t("tokens.delta_caption"),
    )
    st.markdown(
        t(
            "tokens.delta_explain",
            a=md_escape(labels[a]),
            b=md_escape(labels[b]),
            i=a,
            j=b,
        )
    )


swap_demo()

st.subheader(t("tokens.missing_title"))
st.markdown(t("tokens.missing"))
st.page_link(
    "app_pages/qkv.py",
    label=t("common.next", page=t("common.page.qkv")),
    icon=":material/search:",
)
