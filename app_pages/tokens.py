"""Tokens & position: embeddings, the sinusoidal positional encoding, X = E + PE, a swap."""

import streamlit as st

from core import Pipeline, swap_positions
from core.tokens import pe_columns_to_show
from ui import state
from ui.charts import unique_labels
from ui.figures.tokens import pe_curves
from ui.frame import fragment, open_page, page_link
from ui.i18n import t
from ui.quiz import ask
from ui.view import unfold
from ui.views.tokens import PAGE
from ui.widgets import (
    dim_labels,
    index_picker,
    matrix_view,
    md_escape,
    section,
    show_chart,
    tokens_text,
    vectors_view,
)

MAX_CURVES = 6


@fragment
def curves(p: Pipeline) -> None:
    picked = st.multiselect(
        t("tokens.curves_pick"),
        options=list(range(p.d_model)),
        default=pe_columns_to_show(p.d_model)[:MAX_CURVES],
        format_func=lambda j: str(j + 1),
        max_selections=MAX_CURVES,
        placeholder=t("common.pick_many"),
        key=f"tok_curves_{p.d_model}",
        help=t("tokens.curves_pick_help", max=MAX_CURVES),
    )
    if picked:
        show_chart(pe_curves(p.positions, sorted(picked), t), key="pe_curves")
        st.caption(t("tokens.curves_caption", last=p.n - 1))


def pick_pair(p: Pipeline) -> tuple[int, int]:
    """The two positions to swap (0 and 3 at first), as two pickers side by side."""
    labels = [f"{i} · {token}" for i, token in enumerate(p.tokens)]  # plain text, not markdown
    a_col, b_col = st.columns(2)
    a = index_picker(t("tokens.swap_a"), labels, 0, key=f"tok_a_{p.n}", container=a_col)
    b = index_picker(
        t("tokens.swap_b"), labels, min(3, p.n - 1), key=f"tok_b_{p.n}", container=b_col
    )
    return a, b


@fragment
def swap_demo(p: Pipeline) -> None:
    if p.n < 2:
        st.info(t("tokens.swap_one"), icon=":material/swap_horiz:")
        return
    a, b = pick_pair(p)
    if a == b:
        st.info(t("tokens.swap_same"), icon=":material/swap_horiz:")
        return
    swap = swap_positions(p.embeddings, p.positions, a, b)
    new_tokens = [p.tokens[i] for i in swap.order]
    st.markdown(t("tokens.before", sentence=tokens_text(p.tokens, {a, b})))
    st.markdown(t("tokens.after", sentence=tokens_text(new_tokens, {a, b})))
    dims, labels = dim_labels(p.d_model), p.labels
    new_labels = unique_labels(new_tokens)
    views = {"e_swapped": (swap.embeddings, new_labels), "x_swapped": (swap.x, new_labels)}
    for (name, (m, rows)), column in zip(views.items(), st.columns(2), strict=True):
        with column:
            caption = t(f"tokens.{name}_caption")
            vectors_view(t(f"tokens.{name}"), m, rows, dims, key=f"tok_{name}", caption=caption)
    st.markdown(f"**{t('tokens.delta_title')}**")
    caption = t("tokens.delta_caption")
    vectors_view(t("tokens.delta"), swap.delta, labels, dims, key="tok_delta", caption=caption)
    names = {"a": md_escape(labels[a]), "b": md_escape(labels[b])}
    st.markdown(t("tokens.delta_explain", i=a, j=b, **names))


s = open_page(PAGE)
p = state.pipeline(s)
if p.is_article:
    st.info(t("tokens.article_x"), icon=":material/menu_book:")
labels, dims = p.labels, dim_labels(p.d_model)

# The tokens with their positions, one line of text (a table of two columns costs a rerun
# five times as much).
listing = " · ".join(f"`{i}` {md_escape(token)}" for i, token in enumerate(p.tokens))
section(t("tokens.tokens_title"), f"{listing}\n\n{t('tokens.tokens_explain', n=p.n)}")

explain = "tokens.embed_explain_article" if p.is_article else "tokens.embed_explain"
section(t("tokens.embed_title"), t(explain, d=p.d_model))
vectors_view("E", p.embeddings, labels, dims, key="tok_e")

section(t("tokens.pe_title"))
st.latex(  # one formula per line, so that a phone does not cut them off
    r"\begin{gathered} "
    r"PE_{(pos,\,2i)} = \sin\!\left(\frac{pos}{10000^{2i/d_{model}}}\right) \\ "
    r"PE_{(pos,\,2i+1)} = \cos\!\left(\frac{pos}{10000^{2i/d_{model}}}\right) "
    r"\end{gathered}"
)
st.markdown(t("tokens.pe_explain"))
st.caption(t("tokens.pe_columns"))
positions = [str(i) for i in range(p.n)]
pe_axes = {"row_title": t("tokens.position"), "domain": (-1.0, 1.0)}
matrix_view("PE", p.positions, positions, dims, key="tok_pe", **pe_axes)
unfold(t("tokens.curves_title"), "tok_curves", curves, p, icon=":material/show_chart:")

section(t("tokens.x_title"), t("tokens.x_explain"))
vectors_view("X = E + PE", p.x, labels, dims, key="tok_x")

section(t("tokens.swap_title"), t("tokens.swap_intro"))
if ask("tokens", s, p):
    swap_demo(p)

section(t("tokens.missing_title"), t("tokens.missing"))
page_link("qkv", label="common.next")
