"""Step 4: the attention weights mix the value vectors, O = A·V."""

import numpy as np
import pandas as pd
import streamlit as st

from core import AttentionTrace
from ui import settings as cfg
from ui import state
from ui.charts import unique_labels
from ui.i18n import t
from ui.widgets import choose_head, dim_labels, matrix_view, md_escape, notices, page_header

TERMS_IN_FORMULA = 4


def point_at(qi: int, dim: int) -> None:
    """Callback: show this output cell in the explainer below."""
    st.session_state["ws_q"] = qi
    st.session_state["ws_dim"] = dim


def valid_choice(key: str, n: int, default: int) -> None:
    """Keep a remembered choice inside the current range (the sentence may have shrunk)."""
    if st.session_state.get(key) not in range(n):
        st.session_state[key] = default


@st.fragment
def explain_cell(tr: AttentionTrace, labels: list[str]) -> None:
    """One output value as the sum of weight × value over every key."""
    n, d_v = tr.v.shape
    valid_choice("ws_q", n, min(3, n - 1))
    valid_choice("ws_dim", d_v, 0)
    pick_q, pick_dim = st.columns(2)
    qi = pick_q.selectbox(
        t("common.query"), list(range(n)), format_func=labels.__getitem__, key="ws_q"
    )
    dim = pick_dim.selectbox(
        t("weighted_sum.out_dim"), list(range(d_v)), format_func=lambda c: str(c + 1), key="ws_dim"
    )
    weights, values = tr.weights[qi], tr.v[:, dim]
    products = weights * values
    total = float(np.sum(products))
    st.markdown(f"**{t('weighted_sum.terms')}**")
    names = [t(f"weighted_sum.col_{c}") for c in ("key", "w", "v", "prod")]
    st.dataframe(
        pd.DataFrame(dict(zip(names, (labels, weights, values, products), strict=True))),
        hide_index=True,
        column_config={name: st.column_config.NumberColumn(format="%.4f") for name in names[1:]},
    )
    shown = slice(0, TERMS_IN_FORMULA)
    terms = " + ".join(
        f"({a:.3f})({b:.3f})" for a, b in zip(weights[shown], values[shown], strict=True)
    )
    more = r" + \dots" if n > TERMS_IN_FORMULA else ""
    cell = f"O_{{{qi + 1},{dim + 1}}}"
    st.latex(rf"{cell} = \sum_j A_{{{qi + 1},j}}\,V_{{j,{dim + 1}}} = {terms}{more} = {total:.4f}")
    st.markdown(
        t(
            "weighted_sum.sum",
            n=n,
            total=f"{total:.4f}",
            q=md_escape(labels[qi]),
            dim=dim + 1,
        )
    )
    st.caption(
        t(
            "weighted_sum.between",
            lo=f"{values.min():.4f}",
            hi=f"{values.max():.4f}",
            dim=dim + 1,
        )
    )
    if not tr.allowed[qi].all():
        st.caption(t("weighted_sum.masked_zero"))


s = cfg.current()
p = state.pipeline(s)
page_header("common.page.weighted_sum", "weighted_sum.intro")
notices(s)

st.latex(r"V = X W_V,\qquad O = A\,V,\qquad O_{ic} = \sum_{j} A_{ij}\,V_{jc}")
st.caption(t("weighted_sum.formula_caption"))

head = choose_head(p.n_heads, key="weighted_sum_head")
tr = p.mha.traces[head]
labels = unique_labels(p.tokens)
cols_v = slice(head * p.d_k, (head + 1) * p.d_k)
x_dims, v_dims = dim_labels(p.d_model), dim_labels(p.d_k)

st.subheader(t("weighted_sum.values"))
left, right = st.columns(2)
with left:
    matrix_view("X", p.x, labels, x_dims, key="x", row_title=t("common.token"))
with right:
    matrix_view("W_V", p.params.w_v[:, cols_v], x_dims, v_dims, key="w_v")
st.caption(t("weighted_sum.values_caption"))

st.subheader(t("weighted_sum.mix"))
left, right = st.columns(2)
with left:
    matrix_view(
        "A",
        tr.weights,
        labels,
        labels,
        key="weights",
        kind="weights",
        row_title=t("common.query"),
        col_title=t("common.key"),
        value_title=t("common.weight"),
        caption=t("weighted_sum.weights_caption"),
    )
with right:
    matrix_view(
        "V = X·W_V",
        tr.v,
        labels,
        v_dims,
        key="v",
        row_title=t("common.key"),
        col_title=t("common.dim"),
        caption=t("weighted_sum.v_caption"),
    )

st.subheader(t("weighted_sum.output"))
matrix_view(
    "O = A·V",
    tr.output,
    labels,
    v_dims,
    key="output",
    row_title=t("common.query"),
    col_title=t("common.dim"),
    caption=t("weighted_sum.output_caption"),
)

lowest = np.unravel_index(int(np.argmin(tr.output)), tr.output.shape)
with st.container(border=True):
    st.markdown(f":material/priority_high: **{t('weighted_sum.not_prob_title')}**")
    st.markdown(t("weighted_sum.not_prob"))
    if tr.output[lowest] < 0:
        qi, dim = int(lowest[0]), int(lowest[1])
        st.markdown(
            t(
                "weighted_sum.negative_here",
                token=md_escape(labels[qi]),
                dim=dim + 1,
                value=f"{tr.output[lowest]:.4f}",
            )
        )
        st.button(
            t("weighted_sum.show_cell"),
            icon=":material/arrow_downward:",
            on_click=point_at,
            args=(qi, dim),
            key="ws_point",
        )
    elif tr.v.min() >= 0:
        st.markdown(t("weighted_sum.no_negative_v"))
    else:
        st.markdown(t("weighted_sum.no_negative"))

st.subheader(t("weighted_sum.explain"))
st.markdown(t("weighted_sum.explain_intro"))
explain_cell(tr, labels)
