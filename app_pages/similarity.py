"""Step 1: queries and keys from X, and the score matrix Q·Kᵀ."""

import numpy as np
import pandas as pd
import streamlit as st

from ui import settings as cfg
from ui import state
from ui.charts import unique_labels
from ui.i18n import t
from ui.widgets import choose_head, dim_labels, matrix_view, md_escape, notices, page_header

TERMS_SHOWN = 16

s = cfg.current()
p = state.pipeline(s)
page_header("common.page.similarity", "similarity.intro")
notices(s)

# Stacked, so each line fits a phone.
st.latex(
    r"\begin{gathered}Q = X W_Q,\qquad K = X W_K"
    r"\\ S = Q K^{\top},\qquad S_{ij} = q_i \cdot k_j\end{gathered}"
)
st.caption(t("similarity.formula_caption"))

head = choose_head(p.n_heads, key="similarity_head")
tr = p.mha.traces[head]
labels = unique_labels(p.tokens)
cols_k = slice(head * p.d_k, (head + 1) * p.d_k)
x_dims, k_dims = dim_labels(p.d_model), dim_labels(p.d_k)

st.subheader(t("similarity.projections"))
left, right = st.columns(2)
with left:
    matrix_view("X", p.x, labels, x_dims, key="x", row_title=t("common.token"))
    matrix_view("Q = X·W_Q", tr.q, labels, k_dims, key="q", row_title=t("common.token"))
with right:
    matrix_view("W_Q", p.params.w_q[:, cols_k], x_dims, k_dims, key="w_q")
    matrix_view("W_K", p.params.w_k[:, cols_k], x_dims, k_dims, key="w_k")
matrix_view("K = X·W_K", tr.k, labels, k_dims, key="k", row_title=t("common.token"))

st.subheader(t("similarity.scores"))
matrix_view(
    "S = Q·Kᵀ",
    tr.scores,
    labels,
    labels,
    key="scores",
    row_title=t("common.query"),
    col_title=t("common.key"),
    caption=t("similarity.scores_caption"),
)

st.subheader(t("similarity.explain"))
st.markdown(t("similarity.explain_intro"))
pick_q, pick_k = st.columns(2)
options = list(range(p.n))
lowered = [tok.lower() for tok in p.tokens]
start = lowered.index("it") if "it" in lowered else 0  # the article's question: it -> ?
qi = pick_q.selectbox(
    t("common.query"), options, index=start, format_func=labels.__getitem__, key="sim_q"
)
ki = pick_k.selectbox(
    t("common.key"), options, index=min(3, p.n - 1), format_func=labels.__getitem__, key="sim_k"
)
q, k = tr.q[qi], tr.k[ki]
products = q * k
shown = min(TERMS_SHOWN, p.d_k)
st.markdown(f"**{t('similarity.products')}**")
st.dataframe(
    pd.DataFrame(
        {
            t("similarity.col_q"): q[:shown],
            t("similarity.col_k"): k[:shown],
            t("similarity.col_prod"): products[:shown],
        },
        index=k_dims[:shown],
    ),
    column_config={
        name: st.column_config.NumberColumn(format="%.3f")
        for name in (t("similarity.col_q"), t("similarity.col_k"), t("similarity.col_prod"))
    },
)
if shown < p.d_k:
    st.caption(t("similarity.terms_cut", shown=shown, d=p.d_k))
terms = " + ".join(f"({a:.2f})({b:.2f})" for a, b in zip(q[:4], k[:4], strict=True))
more = r" + \dots" if p.d_k > 4 else ""
st.latex(rf"q \cdot k = {terms}{more} = {np.sum(products):.4f}")
st.markdown(
    t(
        "similarity.sum",
        d=p.d_k,
        total=f"{tr.scores[qi, ki]:.4f}",
        q=md_escape(labels[qi]),
        k=md_escape(labels[ki]),
    )
)
