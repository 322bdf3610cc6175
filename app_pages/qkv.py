"""Q, K, V intuition: a six-film recommender computed by the attention formula itself."""

import math

import numpy as np
import pandas as pd
import streamlit as st

from core import scaled_dot_product_attention
from ui.charts import bars
from ui.i18n import t
from ui.widgets import page_header, show_chart

FILM_BARS_HEIGHT = 250  # pixels, axis included: six bars with room for their labels
TAGS = ("adventure", "humour", "romance", "scifi")  # the key dimensions (d_k = 4)
VALUES = ("adventure", "humour", "minutes")  # the value dimensions (d_v = 3)
# film: keys [adventure, humour, romance, sci-fi] in [0, 1]; values [adventure, humour, minutes]
CATALOGUE = {
    "starship": ([0.7, 0.2, 0.1, 1.0], [8, 3, 128]),
    "noodle": ([0.5, 1.0, 0.1, 0.0], [6, 9, 97]),
    "letters": ([0.1, 0.3, 1.0, 0.0], [1, 4, 112]),
    "desert": ([1.0, 0.2, 0.2, 0.1], [9, 2, 141]),
    "robot": ([0.2, 0.8, 0.3, 0.7], [3, 8, 101]),
    "orbit": ([0.2, 0.1, 0.9, 0.6], [3, 2, 118]),
}
K = np.array([keys for keys, _ in CATALOGUE.values()], dtype=np.float64)  # [6, 4]
V = np.array([values for _, values in CATALOGUE.values()], dtype=np.float64)  # [6, 3]
QUERY_DEFAULT = {"adventure": 3.0, "humour": 1.0, "romance": 0.0, "scifi": 4.0}
QUERY_MAX, QUERY_STEP = 5.0, 0.5
# The largest possible score, plus room for its number: the axis stays put as q moves.
SCORE_AXIS = (0.0, math.ceil(1.15 * QUERY_MAX * K.sum(axis=1).max()))

page_header("common.page.qkv", "qkv.intro")
st.markdown(t("qkv.roles"))

titles = [t(f"qkv.item_{name}") for name in CATALOGUE]
tag_names = [t(f"qkv.tag_{tag}") for tag in TAGS]
value_cols = [t(f"qkv.val_{v}") for v in VALUES]

st.subheader(t("qkv.catalogue"))
key_cols = [t("qkv.key_col", tag=name) for name in tag_names]
st.dataframe(
    pd.DataFrame(
        {
            t("qkv.col_title"): titles,
            **dict(zip(key_cols, K.T, strict=True)),
            **dict(zip(value_cols, V.T, strict=True)),
        }
    ),
    hide_index=True,
    column_config={
        **{
            col: st.column_config.ProgressColumn(
                col, min_value=0.0, max_value=1.0, format="%.1f", width="small"
            )
            for col in key_cols
        },
        **{
            col: st.column_config.NumberColumn(col, format="%d", width="small", help=t(help_key))
            for col, help_key in zip(
                value_cols,
                ("qkv.val_scale_help", "qkv.val_scale_help", "qkv.val_minutes_help"),
                strict=True,
            )
        },
    },
)
st.caption(t("qkv.catalogue_caption"))


@st.fragment
def recommender() -> None:
    st.subheader(t("qkv.query"))
    q = np.array(
        [
            slider_col.slider(
                name,
                min_value=0.0,
                max_value=QUERY_MAX,
                value=QUERY_DEFAULT[tag],
                step=QUERY_STEP,
                format="%.1f",
                key=f"qkv_q_{tag}",
                help=t("qkv.slider_help"),
            )
            for slider_col, tag, name in zip(st.columns(len(TAGS)), TAGS, tag_names, strict=True)
        ]
    )  # [d_k = 4]
    temperature = st.slider(
        t("qkv.temperature"),
        min_value=0.1,
        max_value=3.0,
        value=1.0,
        step=0.1,
        format="%.1f",
        key="qkv_temp",
        help=t("qkv.temperature_help"),
    )
    st.caption(t("qkv.temperature_why"))

    tr = scaled_dot_product_attention(q[None, :], K, V, scale=True, temperature=temperature)
    scores, scaled, weights, blend = tr.scores[0], tr.scaled[0], tr.weights[0], tr.output[0]

    st.latex(  # one formula per line, so that a phone does not cut them off
        r"\begin{gathered} s_j = q \cdot k_j \\ "
        r"w = \operatorname{softmax}\!\left(\frac{s}{\sqrt{4}\;T}\right) \\ "
        r"o = \sum_j w_j\, v_j \end{gathered}"
    )
    st.caption(t("qkv.formula_caption"))
    best = int(np.argmax(weights))
    left, right = st.columns(2)
    with left:
        st.markdown(f"**{t('qkv.scores')}**")
        score = t("qkv.score")
        show_chart(
            bars(
                scores,
                titles,
                value_title=score,
                domain=SCORE_AXIS,
                decimals=2,
                height=FILM_BARS_HEIGHT,
            )
        )
    with right:
        st.markdown(f"**{t('qkv.weights')}**")
        weight = t("common.weight")
        show_chart(
            bars(
                weights,
                titles,
                value_title=weight,
                domain=(0.0, 1.15),  # room for the number beside a bar of weight 1
                ticks=(0.0, 0.2, 0.4, 0.6, 0.8, 1.0),
                highlight=best,
                height=FILM_BARS_HEIGHT,
            )
        )
    if not q.any():
        st.info(t("qkv.uniform"), icon=":material/balance:")

    st.subheader(t("qkv.blend"))
    st.markdown(t("qkv.blend_explain"))
    names = [t(f"qkv.short_{name}") for name in VALUES]
    for metric_col, name, value in zip(st.columns(len(VALUES)), names, blend, strict=True):
        metric_col.metric(name, f"{value:.2f}")

    st.markdown(f"**{t('qkv.check')}**")
    c = st.selectbox(
        t("qkv.component"),
        range(len(VALUES)),
        index=len(VALUES) - 1,
        format_func=names.__getitem__,
        key="qkv_component",
    )
    st.dataframe(
        pd.DataFrame(
            {
                t("qkv.col_title"): titles,
                t("qkv.score"): scores,
                t("qkv.col_scaled"): scaled,
                t("qkv.col_weight"): weights,
                t("qkv.col_value"): V[:, c],
                t("qkv.col_product"): weights * V[:, c],
            }
        ),
        hide_index=True,
        column_config={
            t("qkv.score"): st.column_config.NumberColumn(format="%.2f"),
            t("qkv.col_scaled"): st.column_config.NumberColumn(format="%.3f"),
            t("qkv.col_weight"): st.column_config.NumberColumn(format="%.3f"),
            t("qkv.col_value"): st.column_config.NumberColumn(format="%d"),
            t("qkv.col_product"): st.column_config.NumberColumn(format="%.3f"),
        },
    )
    st.caption(t("qkv.check_caption"))
    terms = " + ".join(f"{w:.3f} × {v:g}" for w, v in zip(weights, V[:, c], strict=True))
    st.markdown(t("qkv.sum", name=names[c], terms=terms, total=f"{blend[c]:.2f}"))


recommender()

st.subheader(t("qkv.bridge_title"))
st.markdown(t("qkv.bridge"))
first, second = st.columns(2)
first.page_link(
    "app_pages/similarity.py",
    label=t("common.next", page=t("common.page.similarity")),
    icon=":material/grid_on:",
)
second.page_link(
    "app_pages/weighted_sum.py",
    label=t("common.go_to", page=t("common.page.weighted_sum")),
    icon=":material/functions:",
)
