"""Step 4: the attention weights mix the value vectors, O = A·V."""

import streamlit as st

from core import AttentionTrace
from core.explain import most_negative, output_terms
from ui import settings as cfg
from ui import state
from ui.explain import output_worked
from ui.frame import fragment, open_one_head
from ui.i18n import t
from ui.live import follows_temperature
from ui.quiz import ask
from ui.view import unfold
from ui.views.weighted_sum import PAGE
from ui.widgets import (
    article_caption,
    focus_index,
    focus_picker,
    md_escape,
    vectors_view,
    weights_matrix_view,
    weights_view,
)

FORMULA = (  # stacked, so each line fits a phone
    r"\begin{gathered}V = X W_V,\qquad O = A\,V\\ O_{ic} = \sum_{j} A_{ij}\,V_{jc}\end{gathered}"
)
TERMS_IN_FORMULA = 4


def point_at(query: str, dim: int) -> None:
    """Callback: follow this token and show this output cell in the explainer below."""
    st.session_state["focus"] = query
    st.session_state["ws_dim"] = dim


@fragment
def explain_cell(tr: AttentionTrace, labels: list[str]) -> None:
    """One output value as the sum of weight × value over every key."""
    d_v = tr.v.shape[1]
    if st.session_state.get("ws_dim") not in range(d_v):
        st.session_state["ws_dim"] = 0
    pick_q, pick_dim = st.columns(2)
    qi = focus_picker(t("common.query"), labels, key="ws_q", container=pick_q)
    dim = pick_dim.selectbox(
        t("weighted_sum.out_dim"),
        list(range(d_v)),
        format_func=lambda c: str(c + 1),
        key="ws_dim",
        placeholder=t("common.pick"),
    )
    output_worked(output_terms(tr, qi, dim), labels, qi, dim, shown=TERMS_IN_FORMULA)
    if not tr.allowed[qi].all():
        st.caption(t("weighted_sum.masked_zero"))


def values(p, w, x_dims: list[str], v_dims: list[str]) -> None:
    """X and W_V, whose product is V."""
    vectors_view("X", p.x, p.labels, x_dims, key="x")
    weights_matrix_view("W_V", w.w_v, x_dims, v_dims, key="w_v")
    st.caption(t("weighted_sum.values_caption"))


def output(p, tr, labels: list[str], v_dims: list[str]) -> None:
    """O = A·V, why it is not a probability, and one value worked out."""
    by_query = {"row_title": t("common.query"), "caption": t("weighted_sum.output_caption")}
    by_dim = {"col_title": t("common.dim")}
    st.subheader(t("weighted_sum.output"))
    vectors_view("O = A·V", tr.output, labels, v_dims, key="output", **by_query, **by_dim)
    article_caption(p, "output")

    lowest = most_negative(tr.output)
    with st.container(border=True):
        st.markdown(f":material/priority_high: **{t('weighted_sum.not_prob_title')}**")
        st.markdown(t("weighted_sum.not_prob"))
        if lowest:
            qi, dim, value = lowest
            token = md_escape(labels[qi])
            shown = {"token": token, "dim": dim + 1, "value": f"{value:.4f}"}
            st.markdown(t("weighted_sum.negative_here", **shown))
            st.button(
                t("weighted_sum.show_cell"),
                icon=":material/arrow_downward:",
                on_click=point_at,
                args=(labels[qi], dim),
                key="ws_point",
            )
        elif most_negative(tr.v) is None:
            st.markdown(t("weighted_sum.no_negative_v"))
        else:
            st.markdown(t("weighted_sum.no_negative"))

    st.subheader(t("weighted_sum.explain"))
    st.markdown(t("weighted_sum.explain_intro"))
    explain_cell(tr, labels)


@follows_temperature
def mix(s: cfg.Settings, head: int, x_dims: list[str], v_dims: list[str]) -> None:
    """What the temperature changes: moving it reruns this alone."""
    p = state.pipeline(s)
    tr, w = p.head(head)
    labels = p.labels
    # What a prediction needs: the weights and the values they mix.
    st.subheader(t("weighted_sum.mix"))
    left, right = st.columns(2)
    with left:
        caption = t("weighted_sum.weights_caption")
        weights_view("A", tr.weights, labels, key="weights", caption=caption)
    with right:
        by_key = {"row_title": t("common.key"), "caption": t("weighted_sum.v_caption")}
        by_dim = {"col_title": t("common.dim")}
        vectors_view("V = X·W_V", tr.v, labels, v_dims, key="v", focus=None, **by_key, **by_dim)
    unfold(t("weighted_sum.values"), "ws_values", values, p, w, x_dims, v_dims)

    if ask("weighted_sum", s, p, focus_index(labels), head):
        output(p, tr, labels, v_dims)


one = open_one_head(PAGE, formula=FORMULA)
mix(one.head, one.x_dims, one.head_dims)
