"""Multi-head attention: h heads side by side, their concatenation, and the W_O projection."""

import numpy as np
import pandas as pd
import streamlit as st

from ui import settings as cfg
from ui import state
from ui.charts import unique_labels
from ui.figures.multihead import head_groups, head_maps, head_outputs
from ui.i18n import t
from ui.widgets import (
    dim_labels,
    figure_heading,
    matrix_csv,
    matrix_view,
    notices,
    page_header,
    show_chart,
)

OUTPUT_DIMS_SHOWN = 16  # per head, in the small multiples of the outputs


@st.cache_data(max_entries=32, show_spinner=False)
def head_divergence(weights: np.ndarray) -> np.ndarray:
    """[h, n, n] weights -> [h, h] mean Jensen–Shannon divergence (bits) between heads.

    Head a and head b are compared row by row (query by query); 0 = the same
    distribution, 1 = no key in common. Symmetric, with an exact 0 diagonal.
    """
    p, q = weights[:, None], weights[None, :]  # [h, 1, n, n], [1, h, n, n]
    m = (p + q) / 2  # [h, h, n, n]

    def kl_to_m(a: np.ndarray) -> np.ndarray:
        # a > 0 with m == 0 happens only when a/2 underflows; its term is then ~a, i.e. 0.
        ok = (a > 0) & (m > 0)
        ratio = np.divide(a, m, out=np.ones(ok.shape), where=ok)
        return np.sum(a * np.log2(ratio), axis=-1)  # [h, h, n]

    js = (0.5 * kl_to_m(p) + 0.5 * kl_to_m(q)).mean(axis=-1)  # [h, h]
    js = np.clip((js + js.T) / 2, 0.0, 1.0)
    np.fill_diagonal(js, 0.0)
    return js


def one_or_many(key: str, h: int) -> str:
    """The text key for one head ("…_one") or for several."""
    return f"{key}_one" if h == 1 else key


def show_groups(figures: list) -> None:
    """One chart per group of heads; two groups side by side where the screen is wide."""
    if len(figures) == 1:
        show_chart(figures[0])
        return
    columns = st.columns(2)
    for k, figure in enumerate(figures):
        with columns[k % 2]:
            show_chart(figure)


def maps_csv(weights: np.ndarray, labels: list[str]) -> str:
    """All heads' weights as tidy CSV rows: head, query, key, weight."""
    h, n, _ = weights.shape
    return pd.DataFrame(
        {
            "head": np.repeat(np.arange(1, h + 1), n * n),
            "query": np.tile(np.repeat(labels, n), h),
            "key": np.tile(labels, h * n),
            "weight": weights.ravel(),
        }
    ).to_csv(index=False, float_format="%.10g")


s = cfg.current()
p = state.pipeline(s)
page_header("common.page.multihead", "multihead.intro")
notices(s)

st.latex(
    r"\mathrm{MultiHead}(Q,K,V) = \mathrm{Concat}(\mathrm{head}_1,\dots,\mathrm{head}_h)\,W_O,"
    r"\qquad \mathrm{head}_i = \mathrm{Attention}(X W_Q^{(i)},\, X W_K^{(i)},\, X W_V^{(i)})"
)
st.caption(t("multihead.formula_caption"))

h, n, d_v, d = p.n_heads, p.n, p.d_k, p.d_model
mha = p.mha
labels = unique_labels(p.tokens)
heads = [t("common.head_n", i=i) for i in range(1, h + 1)]
groups = head_groups(h)
st.markdown(t(one_or_many("multihead.widths", h), h=h, d_v=d_v, total=h * d_v))
if h == 1:
    st.info(t("multihead.one_head"), icon=":material/view_column:")

st.subheader(t("multihead.maps"))
figure_heading(
    t("multihead.maps_name"),
    t(one_or_many("multihead.maps_shape", h), h=h, n=n),
    "head_weights",
    lambda: maps_csv(mha.weights, labels),
)
show_groups(
    [
        head_maps(
            mha.weights[g],
            labels,
            heads[g.start : g.stop],
            n_heads=h,
            row_title=t("common.query"),
            col_title=t("common.key"),
            value_title=t("common.weight"),
            head_title=t("common.head"),
        )
        for g in groups
    ]
)
st.caption(t("multihead.maps_caption"))

if h > 1:
    st.subheader(t("multihead.diversity"))
    st.markdown(t("multihead.diversity_intro"))
    js = head_divergence(mha.weights)
    matrix_view(
        t("multihead.js_name"),
        js,
        heads,
        heads,
        key="head_divergence",
        kind="weights",
        value_title=t("multihead.js_value"),
    )
    pairs = np.triu_indices(h, k=1)
    values = js[pairs]
    hi, lo = int(np.argmax(values)), int(np.argmin(values))
    if h == 2:
        st.markdown(t("multihead.js_summary_two", mean=f"{values.mean():.3f}"))
    else:
        st.markdown(
            t(
                "multihead.js_summary",
                mean=f"{values.mean():.3f}",
                a=pairs[0][hi] + 1,
                b=pairs[1][hi] + 1,
                hi=f"{values[hi]:.3f}",
                c=pairs[0][lo] + 1,
                d=pairs[1][lo] + 1,
                lo=f"{values[lo]:.3f}",
            )
        )
    st.caption(t("multihead.js_random"))

concat_dims = [f"{i}.{c}" for i in range(1, h + 1) for c in range(1, d_v + 1)]
shown = min(d_v, OUTPUT_DIMS_SHOWN)
st.subheader(t("multihead.outputs"))
figure_heading(
    t("multihead.outputs_name"),
    t(one_or_many("multihead.outputs_shape", h), h=h, n=n, d_v=d_v),
    "head_outputs",
    lambda: matrix_csv(mha.concat, labels, concat_dims),
)
outputs = mha.head_outputs[:, :, :shown]
bound = float(np.max(np.abs(outputs)))
show_groups(
    [
        head_outputs(
            outputs[g],
            labels,
            dim_labels(shown),
            heads[g.start : g.stop],
            n_heads=h,
            bound=bound,
            row_title=t("common.token"),
            col_title=t("common.dim"),
            value_title=t("common.value"),
            head_title=t("common.head"),
        )
        for g in groups
    ]
)
st.caption(t("multihead.outputs_caption"))
if shown < d_v:
    st.caption(t("multihead.outputs_cut", shown=shown, d_v=d_v))

st.subheader(t("multihead.concat"))
matrix_view(
    "Concat(head_1 … head_h)",
    mha.concat,
    labels,
    concat_dims,
    key="concat",
    row_title=t("common.token"),
    caption=t("multihead.concat_caption", total=h * d_v),
)

st.subheader(t("multihead.projection"))
left, right = st.columns(2)
with left:
    matrix_view(
        "W_O",
        p.params.w_o,
        concat_dims,
        dim_labels(d),
        key="w_o",
        caption=t("multihead.w_o_caption", hd=h * d_v, d=d),
    )
with right:
    matrix_view(
        "MultiHead = Concat·W_O",
        mha.output,
        labels,
        dim_labels(d),
        key="mha_output",
        row_title=t("common.token"),
        caption=t("multihead.output_caption", d=d),
    )
