"""Step 1: queries and keys from X, and the score matrix Q·Kᵀ."""

import streamlit as st

from core.explain import score_terms
from ui import state
from ui.explain import sum_latex, terms_table
from ui.i18n import t
from ui.page import open_page
from ui.widgets import (
    article_caption,
    choose_head,
    dim_labels,
    focus_picker,
    matrix_view,
    md_escape,
    scores_view,
    token_picker,
    vectors_view,
)

TERMS_SHOWN = 16  # rows of the term-by-term table
TERMS_WRITTEN = 4  # terms written out in the formula

FORMULA = (  # stacked, so each line fits a phone
    r"\begin{gathered}Q = X W_Q,\qquad K = X W_K"
    r"\\ S = Q K^{\top},\qquad S_{ij} = q_i \cdot k_j\end{gathered}"
)

s = open_page("similarity", formula=FORMULA)
p = state.pipeline(s)

tr, w = p.head(choose_head(p.n_heads, key="similarity_head"))
labels = p.labels
x_dims, k_dims = dim_labels(p.d_model), dim_labels(p.d_k)

st.subheader(t("similarity.projections"))
vectors_view("X", p.x, labels, x_dims, key="x")
# Each weight matrix beside what it makes (on a phone: W_Q, then Q, then W_K, then K).
for name, weights, made in (("Q", w.w_q, tr.q), ("K", w.w_k, tr.k)):
    left, right = st.columns(2)
    with left:
        matrix_view(f"W_{name}", weights, x_dims, k_dims, key=f"w_{name.lower()}")
    with right:
        vectors_view(f"{name} = X·W_{name}", made, labels, k_dims, key=name.lower())

st.subheader(t("similarity.scores"))
scores_view("S = Q·Kᵀ", tr.scores, labels, key="scores", caption=t("similarity.scores_caption"))
article_caption(p, "scores")

st.subheader(t("similarity.explain"))
st.markdown(t("similarity.explain_intro"))
pick_q, pick_k = st.columns(2)
qi = focus_picker(t("common.query"), labels, key="sim_q", container=pick_q)
ki = token_picker(t("common.key"), labels, key="sim_k", default=min(3, p.n - 1), container=pick_k)
terms = score_terms(tr, qi, ki)
st.markdown(f"**{t('similarity.products')}**")
names = tuple(t(f"similarity.col_{c}") for c in ("q", "k", "prod"))
terms_table(terms, names, k_dims, shown=TERMS_SHOWN, decimals=3)
if p.d_k > TERMS_SHOWN:
    st.caption(t("similarity.terms_cut", shown=TERMS_SHOWN, d=p.d_k))
sum_latex(r"q \cdot k", terms, shown=TERMS_WRITTEN, decimals=2)
total = f"{terms.total:.4f}"
st.markdown(
    t("similarity.sum", d=p.d_k, total=total, q=md_escape(labels[qi]), k=md_escape(labels[ki]))
)
