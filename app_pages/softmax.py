"""Step 3: softmax turns each row of scores into weights; how sharp the rows are, and why."""

import numpy as np
import pandas as pd
import streamlit as st

from core import sharpness
from ui import settings as cfg
from ui import state
from ui.charts import unique_labels
from ui.figures.softmax import sweep_chart
from ui.i18n import t
from ui.widgets import choose_head, matrix_view, md_escape, notices, page_header, show_chart

ROW_KEY = "softmax_row"
DEFAULT_ROW_TOKENS = ("it", "它")  # the article's pronoun, then the last token
TERMS_SHOWN = 3
SHIFT_BEYOND = 10.0  # |largest z| past which e^z is unreadable, so e^(z − m) is shown
GRAD_NORM_MAX = 0.5  # ‖diag(p) − ppᵀ‖_F peaks at two keys sharing ½ each


def plain(x: float) -> str:
    """A number with up to 4 decimals and no trailing zeros: 2, 0.05, 1.4142."""
    return f"{x:.4f}".rstrip("0").rstrip(".")


def default_row(tokens: list[str]) -> int:
    lowered = [tok.lower() for tok in tokens]
    return next((lowered.index(w) for w in DEFAULT_ROW_TOKENS if w in lowered), len(tokens) - 1)


s = cfg.current()
p = state.pipeline(s)
page_header("common.page.softmax", "softmax.intro")
notices(s)

z_def = r"\frac{q\cdot k_j}{\sqrt{d_k}\;T}" if s.scale else r"\frac{q\cdot k_j}{T}"
# Formulas are stacked (gathered) so that each line fits a phone.
st.latex(
    r"\begin{gathered}p_j=\mathrm{softmax}(z)_j=\frac{e^{z_j}}{\sum_{l=1}^{n} e^{z_l}}"
    r"\\ z_j=" + z_def + r"\end{gathered}"
)
if s.scale:
    st.caption(t("softmax.formula_caption_on", d_k=s.d_k, temp=plain(s.temperature)))
else:
    st.caption(t("softmax.formula_caption_off", temp=plain(s.temperature)))

head = choose_head(p.n_heads, key="softmax_head")
tr = p.mha.traces[head]
labels = unique_labels(p.tokens)
n = p.n

st.subheader(t("softmax.weights"))
matrix_view(
    "A = softmax(Z)",
    tr.weights,
    labels,
    labels,
    key="softmax_weights",
    kind="weights",
    row_title=t("common.query"),
    col_title=t("common.key"),
    value_title=t("common.weight"),
    caption=t("softmax.weights_caption"),
)
if s.causal:
    st.caption(t("softmax.weights_masked"))


@st.fragment
def one_row(s: cfg.Settings, head: int) -> None:
    """Softmax of one chosen row, term by term: e^z, the sum, each term divided by it."""
    p = state.pipeline(s)
    tr = p.mha.traces[head]
    labels = unique_labels(p.tokens)
    if st.session_state.get(ROW_KEY) not in labels:
        st.session_state[ROW_KEY] = labels[default_row(p.tokens)]
    qi = labels.index(st.selectbox(t("softmax.pick_row"), labels, key=ROW_KEY))
    keys = np.flatnonzero(tr.allowed[qi])  # the masked keys drop out: e^(−∞) = 0
    z = tr.scaled[qi, keys]
    top = float(z.max())
    m = top if abs(top) > SHIFT_BEYOND else 0.0
    e = np.exp(z - m)
    total = float(e.sum())
    w = tr.weights[qi, keys]
    exp_col = t("softmax.col_exp_shift") if m else t("softmax.col_exp")
    names = [t("softmax.col_key"), t("softmax.col_z"), exp_col, t("softmax.col_p")]
    st.dataframe(
        pd.DataFrame(
            dict(zip(names, ([labels[j] for j in keys], z, e, w), strict=True)),
            index=pd.Index(keys + 1, name=t("softmax.col_j")),
        ),
        column_config={name: st.column_config.NumberColumn(format="%.4f") for name in names[1:]},
    )
    if m:
        st.caption(t("softmax.shifted", m=f"{m:.4f}"))
    if len(keys) < p.n:
        st.caption(t("softmax.row_masked", q=md_escape(labels[qi])))

    sym = "z_l - m" if m else "z_l"
    shown = min(TERMS_SHOWN, len(keys))
    terms = " + ".join(f"e^{{{v - m:.4f}}}" for v in z[:shown])
    more = r" + \dots" if len(keys) > shown else ""
    st.latex(
        rf"\begin{{aligned}}\sum_{{l}} e^{{{sym}}} &= {terms}{more}\\ &= {total:.4f}\end{{aligned}}"
    )
    if len(keys) > shown:
        st.caption(t("softmax.terms_cut", shown=shown, n=len(keys)))
    best = int(np.argmax(w))
    jb = int(keys[best]) + 1
    st.latex(
        rf"p_{{{jb}}} = \frac{{e^{{{z[best] - m:.4f}}}}}{{{total:.4f}}}"
        rf" = \frac{{{e[best]:.4f}}}{{{total:.4f}}} = {w[best]:.4f}"
    )
    st.markdown(
        t(
            "softmax.row_result",
            q=md_escape(labels[qi]),
            j=jb,
            k=md_escape(labels[keys[best]]),
            p=f"**{w[best]:.4f}**",
            total=f"{w.sum():.4f}",
        )
    )


st.subheader(t("softmax.by_hand"))
st.markdown(t("softmax.by_hand_intro"))
one_row(s, head)

# How sharp is every row of this head?
st.subheader(t("softmax.sharpness"))
st.markdown(t("softmax.sharpness_body"))
st.latex(
    r"\begin{gathered}H=-\sum_j p_j\ln p_j,\qquad N_\mathrm{eff}=e^{H}\\ "
    r"\|J\|_F=\Big\|\operatorname{diag}(p)-p\,p^{\top}\Big\|_F\end{gathered}"
)
sh = sharpness(tr.weights)  # fields [n]
hmax = float(np.log(n))
cols = st.columns(4)
cols[0].metric(
    t("softmax.mean_entropy"),
    f"{sh.entropy_nats.mean():.4f}",
    help=t(
        "softmax.mean_entropy_help", bits=f"{sh.entropy_bits.mean():.4f}", n=n, hmax=plain(hmax)
    ),
)
cols[1].metric(
    t("softmax.mean_effective"),
    f"{sh.effective_tokens.mean():.4f}",
    help=t("softmax.mean_effective_help", n=n),
)
cols[2].metric(
    t("softmax.mean_max"), f"{sh.max_weight.mean():.4f}", help=t("softmax.mean_max_help")
)
cols[3].metric(
    t("softmax.mean_grad"), f"{sh.grad_norm.mean():.4f}", help=t("softmax.mean_grad_help")
)
measures = {
    "col_entropy": (sh.entropy_nats, 0.0, hmax),
    "col_bits": (sh.entropy_bits, None, None),
    "col_effective": (sh.effective_tokens, 1.0, float(n)),
    "col_max": (sh.max_weight, 0.0, 1.0),
    "col_grad": (sh.grad_norm, 0.0, GRAD_NORM_MAX),
}
config = {}
for name, (_, lo, hi) in measures.items():
    label = t(f"softmax.{name}")
    if lo is None or hi <= lo:
        config[label] = st.column_config.NumberColumn(format="%.4f")
    else:
        config[label] = st.column_config.ProgressColumn(format="%.4f", min_value=lo, max_value=hi)
st.dataframe(
    pd.DataFrame(
        {t(f"softmax.{name}"): values for name, (values, _, _) in measures.items()},
        index=pd.Index(labels, name=t("softmax.col_query")),
    ),
    column_config=config,
)
st.caption(t("softmax.table_caption", n=n))

st.subheader(t("softmax.why_bad"))
st.markdown(t("softmax.why_bad_body"))
st.latex(
    r"\begin{gathered}\frac{\partial p_i}{\partial z_j}=p_i\,(\delta_{ij}-p_j)\\ "
    r"J=\operatorname{diag}(p)-p\,p^{\top}\;\xrightarrow{\;p\,\to\,\text{one-hot}\;}\;0"
    r"\end{gathered}"
)

# The same sentence at every d_model, with the current and the opposite scaling.
st.subheader(t("softmax.sweep"))
st.markdown(t("softmax.sweep_body"))
tokens = tuple(p.tokens)
mine = state.sharpness_sweep(tokens, s.seed, s.causal, s.scale, s.temperature)
other = state.sharpness_sweep(tokens, s.seed, s.causal, not s.scale, s.temperature)
on_name, off_name = t("softmax.series_on"), t("softmax.series_off")
if s.scale:
    on_name = t("softmax.series_current", name=on_name)
else:
    off_name = t("softmax.series_current", name=off_name)
panels = [
    ("entropy", "mean_entropy", False),
    ("effective", "mean_effective", False),
    ("max_weight", "mean_max", True),
    ("grad_norm", "mean_grad", False),
]
for row in (panels[:2], panels[2:]):
    for (field, title, unit), col in zip(row, st.columns(2), strict=True):
        with col:
            show_chart(
                sweep_chart(
                    mine["d_model"],
                    mine[field],
                    other[field],
                    current_d=s.d_model,
                    scale_on=s.scale,
                    on_name=on_name,
                    off_name=off_name,
                    x_title=t("softmax.x_d_model"),
                    y_title=t(f"softmax.{title}"),
                    marker_label=t("softmax.marker", d=s.d_model),
                    unit_interval=unit,
                )
            )
if s.d_model < state.SWEEP_DIMS[0]:
    st.caption(t("softmax.sweep_small", d=s.d_model))
elif s.n_heads > 1:
    st.caption(t("softmax.sweep_heads", h=s.n_heads, d_k=s.d_k))

st.subheader(t("softmax.temperature"))
st.markdown(t("softmax.temperature_body", temp=plain(s.temperature)))
st.latex(
    r"\begin{gathered}\lim_{T\to 0}\,\mathrm{softmax}\!\left(\tfrac{s}{T}\right)"
    r"=\text{one-hot}\big(\arg\max_j s_j\big)\\ "
    r"\lim_{T\to\infty}\,\mathrm{softmax}\!\left(\tfrac{s}{T}\right)_j=\frac{1}{n}"
    r"\end{gathered}"
)
st.caption(t("softmax.temperature_caption"))
