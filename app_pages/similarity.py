"""Step 1: queries and keys from X, and the score matrix Q·Kᵀ."""

import streamlit as st

from core.explain import score_terms
from ui.explain import sum_latex, terms_table
from ui.frame import fragment, open_one_head
from ui.i18n import t
from ui.quiz import ask
from ui.view import unfold
from ui.views.similarity import PAGE
from ui.widgets import (
    article_caption,
    focus_index,
    focus_picker,
    md_escape,
    scores_view,
    token_picker,
    vectors_view,
    weights_matrix_view,
)

TERMS_SHOWN = 16  # rows of the term-by-term table
TERMS_WRITTEN = 4  # terms written out in the formula

FORMULA = (  # stacked, so each line fits a phone
    r"\begin{gathered}Q = X W_Q,\qquad K = X W_K"
    r"\\ S = Q K^{\top},\qquad S_{ij} = q_i \cdot k_j\end{gathered}"
)


def projections(p, w, x_dims, k_dims) -> None:
    """X, and each weight matrix beside what it makes (on a phone: W_Q, then Q, …)."""
    vectors_view("X", p.x, p.labels, x_dims, key="x")
    for name, weights in (("Q", w.w_q), ("K", w.w_k)):
        weights_matrix_view(f"W_{name}", weights, x_dims, k_dims, key=f"w_{name.lower()}")


@fragment
def by_hand(tr, labels: list[str], k_dims: list[str]) -> None:
    """One score worked out term by term (its own pickers rerun only this part)."""
    st.markdown(t("similarity.explain_intro"))
    pick_q, pick_k = st.columns(2)
    qi = focus_picker(t("common.query"), labels, key="sim_q", container=pick_q)
    ki = token_picker(
        t("common.key"), labels, key="sim_k", default=min(3, len(labels) - 1), container=pick_k
    )
    terms = score_terms(tr, qi, ki)
    st.markdown(f"**{t('similarity.products')}**")
    names = tuple(t(f"similarity.col_{c}") for c in ("q", "k", "prod"))
    terms_table(terms, names, k_dims, shown=TERMS_SHOWN, decimals=4)
    if len(k_dims) > TERMS_SHOWN:
        st.caption(t("similarity.terms_cut", shown=TERMS_SHOWN, d=len(k_dims)))
    sum_latex(r"q \cdot k", terms, shown=TERMS_WRITTEN, decimals=4)
    names = {"q": md_escape(labels[qi]), "k": md_escape(labels[ki])}
    st.markdown(t("similarity.sum", d=len(k_dims), total=f"{terms.total:.4f}", **names))


one = open_one_head(PAGE, formula=FORMULA)
s, p, head, tr, w, labels = one.settings, one.pipeline, one.head, one.trace, one.weights, one.labels
x_dims, k_dims = one.x_dims, one.head_dims

# What a prediction needs: every token's query and key.
st.subheader(t("similarity.qk"))
left, right = st.columns(2)
with left:
    vectors_view("Q = X·W_Q", tr.q, labels, k_dims, key="q")
with right:
    vectors_view("K = X·W_K", tr.k, labels, k_dims, key="k")
unfold(t("similarity.projections"), "sim_projections", projections, p, w, x_dims, k_dims)

if ask("similarity", s, p, focus_index(labels), head):
    st.subheader(t("similarity.scores"))
    caption = t("similarity.scores_caption")
    scores_view("S = Q·Kᵀ", tr.scores, labels, key="scores", caption=caption)
    article_caption(p, "scores")
    unfold(t("similarity.explain"), "sim_by_hand", by_hand, tr, labels, k_dims)
