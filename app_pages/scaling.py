"""Step 2: why scores are divided by √d_k (the paper's footnote 4), measured and shown."""

import numpy as np
import pandas as pd
import streamlit as st

from core import sharpness
from ui import settings as cfg
from ui import state
from ui.charts import unique_labels
from ui.figures.scaling import max_weight_chart, row_weights, variance_chart
from ui.i18n import t
from ui.widgets import choose_head, md_escape, notices, page_header, show_chart

ROW_KEY = "scaling_row"
DEFAULT_ROW_TOKENS = ("it", "它")  # the article's pronoun, then the last token


def plain(x: float) -> str:
    """A number with up to 4 decimals and no trailing zeros: 2, 2.8284, 0.5."""
    return f"{x:.4f}".rstrip("0").rstrip(".")


def default_row(tokens: list[str]) -> int:
    lowered = [tok.lower() for tok in tokens]
    return next((lowered.index(w) for w in DEFAULT_ROW_TOKENS if w in lowered), len(tokens) - 1)


s = cfg.current()
page_header("common.page.scaling", "scaling.intro")
notices(s)

st.latex(r"\mathrm{scaled}_{ij} \;=\; \frac{q_i \cdot k_j}{\sqrt{d_k}}")
st.caption(t("scaling.formula_caption"))
root = float(np.sqrt(s.d_k))
if s.d_k == 1:
    st.info(t("scaling.now_one"), icon=":material/info:")
elif s.scale:
    now = t(
        "scaling.now_on",
        d_model=s.d_model,
        h=s.n_heads,
        d_k=s.d_k,
        root=plain(root),
        factor=plain(1 / root),
    )
    st.info(now, icon=":material/straighten:")
else:
    st.warning(t("scaling.now_off", d_k=s.d_k, root=plain(root)), icon=":material/warning:")

# Footnote 4: the variance of q·k grows like d; dividing by √d brings it back to 1.
st.subheader(t("scaling.why"))
st.markdown(t("scaling.why_body"))
st.latex(  # stacked, so that every line fits a phone
    r"\begin{aligned}\operatorname{Var}(q\cdot k)"
    r"&=\sum_{i=1}^{d_k}\operatorname{Var}(q_i k_i)\\"
    r"&=\sum_{i=1}^{d_k} \mathbb{E}[q_i^2]\,\mathbb{E}[k_i^2]=d_k\\"
    r"\operatorname{Var}\!\left(\frac{q\cdot k}{\sqrt{d_k}}\right)"
    r"&=\frac{d_k}{d_k}=1\end{aligned}"
)

fn4 = state.footnote4()
raw_name, scaled_name = t("scaling.series_raw"), t("scaling.series_scaled")
marker = t("scaling.marker", d=s.d_k)
st.markdown(f"**{t('scaling.experiment')}**")
show_chart(
    variance_chart(
        fn4.dims,
        fn4.var_raw,
        fn4.var_scaled,
        current_d=s.d_k,
        raw_name=raw_name,
        scaled_name=scaled_name,
        x_title=t("scaling.x_dim"),
        y_title=t("scaling.y_var"),
        theory_title=t("scaling.theory"),
        marker_label=marker,
    )
)
st.caption(
    t(
        "scaling.experiment_caption",
        rows=fn4.n_samples // fn4.n_keys,
        keys=fn4.n_keys,
        n=fn4.n_samples,
    )
)
st.caption(t("scaling.marker_caption", d=s.d_k, sd=f"{root:.1f}"))

st.subheader(t("scaling.effect"))
st.markdown(t("scaling.effect_body", keys=fn4.n_keys))
show_chart(
    max_weight_chart(
        fn4.dims,
        fn4.max_weight_raw,
        fn4.max_weight_scaled,
        n_keys=fn4.n_keys,
        current_d=s.d_k,
        raw_name=t("scaling.col_w_raw"),
        scaled_name=t("scaling.col_w_scaled"),
        x_title=t("scaling.x_dim"),
        y_title=t("scaling.y_max_weight"),
        uniform_label=t("scaling.uniform", keys=fn4.n_keys),
        marker_label=marker,
    )
)
with st.expander(t("scaling.table"), icon=":material/table:"):
    cols = {
        "col_var_raw": fn4.var_raw,
        "col_var_scaled": fn4.var_scaled,
        "col_w_raw": fn4.max_weight_raw,
        "col_w_scaled": fn4.max_weight_scaled,
    }
    st.dataframe(
        pd.DataFrame(
            {t(f"scaling.{name}"): values for name, values in cols.items()},
            index=pd.Index(fn4.dims, name=t("scaling.col_d")),
        ),
        column_config={
            t(f"scaling.{name}"): st.column_config.NumberColumn(format="%.4f") for name in cols
        },
    )


@st.fragment
def one_row(s: cfg.Settings) -> None:
    """One query row of the student's sentence through softmax, scaled and unscaled."""
    p_on = state.pipeline(state.with_changes(s, scale=True))
    p_off = state.pipeline(state.with_changes(s, scale=False))
    root = float(np.sqrt(s.d_k))
    labels = unique_labels(p_on.tokens)
    if st.session_state.get(ROW_KEY) not in labels:
        st.session_state[ROW_KEY] = labels[default_row(p_on.tokens)]
    pick, head_col = st.columns(2)
    with pick:
        qi = labels.index(st.selectbox(t("scaling.pick_row"), labels, key=ROW_KEY))
    with head_col:
        head = choose_head(p_on.n_heads, key="scaling_head")

    tr_on, tr_off = p_on.mha.traces[head], p_off.mha.traces[head]
    n_allowed = int(tr_on.allowed[qi].sum())
    hmax = plain(float(np.log(n_allowed)))
    rows = {"on": tr_on.weights[qi], "off": tr_off.weights[qi]}
    titles = {
        "on": t("scaling.on_title", d_k=s.d_k, root=plain(root)),
        "off": t("scaling.off_title"),
    }
    n = len(labels)
    for side, col in zip(rows, st.columns(2), strict=True):
        w = rows[side]
        sh = sharpness(w)
        with col:
            current = (side == "on") == s.scale
            st.markdown(f"**{titles[side]}**" + (f" {t('scaling.current')}" if current else ""))
            m1, m2 = st.columns(2)
            m1.metric(
                t("scaling.max_weight"),
                f"{float(sh.max_weight):.4f}",
                help=t("scaling.max_weight_help"),
            )
            m2.metric(
                t("scaling.entropy"),
                f"{float(sh.entropy_nats):.4f}",
                help=t("scaling.entropy_help", n=n_allowed, hmax=hmax),
            )
            show_chart(
                row_weights(
                    w, labels, value_title=t("scaling.weight_axis"), label_title=t("common.key")
                )
            )
    if s.d_k == 1:
        st.caption(t("scaling.same_when_one"))
    if s.causal and n_allowed < n:
        st.caption(t("scaling.masked_caption", q=md_escape(labels[qi])))

    with st.expander(t("scaling.numbers"), icon=":material/calculate:"):
        names = [t(f"scaling.{c}") for c in ("col_score", "col_scaled", "col_on", "col_off")]
        scores = tr_on.scores[qi]
        st.dataframe(
            pd.DataFrame(
                dict(zip(names, (scores, scores / root, rows["on"], rows["off"]), strict=True)),
                index=pd.Index(labels, name=t("scaling.col_key")),
            ),
            column_config={name: st.column_config.NumberColumn(format="%.4f") for name in names},
        )
        st.caption(t("scaling.numbers_caption", temp=plain(s.temperature)))


st.subheader(t("scaling.row"))
st.markdown(t("scaling.row_body", temp=plain(s.temperature)))
one_row(s)
st.markdown(t("scaling.takeaway"))
