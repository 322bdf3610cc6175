"""Step 3: softmax turns each row of scores into weights; how sharp the rows are, and why."""

import streamlit as st

from core.explain import softmax_terms
from ui import settings as cfg
from ui import state
from ui.explain import sharpness_readout, softmax_worked
from ui.figures.softmax import sweep_charts
from ui.frame import fragment, open_page
from ui.i18n import t
from ui.live import follows_temperature
from ui.quiz import ask
from ui.view import unfold
from ui.views.softmax import PAGE
from ui.widgets import (
    choose_head,
    focus_index,
    focus_picker,
    glossary,
    plain,
    show_chart,
    weights_view,
)

TERMS_SHOWN = 3
SHARP_D = 512  # the question's model: one head this wide, with and without ÷√d_k


@fragment
def one_row(tr, labels: list[str]) -> None:
    """Softmax of one chosen row, term by term: e^z, the sum, each term divided by it."""
    qi = focus_picker(t("softmax.pick_row"), labels, key="softmax_row")
    softmax_worked(softmax_terms(tr, qi), labels, qi, shown=TERMS_SHOWN)


def sweep(s: cfg.Settings) -> None:
    """The same sentence at every d_model, with the current and the opposite scaling."""
    st.markdown(t("softmax.sweep_body", seeds=state.SWEEP_SEEDS, more=state.SWEEP_SEEDS - 1))
    if (scores := state.sweep_scores(s)) is None:  # being made: the page says how far
        return
    mine, other = (state.sweep(s, scores, scale=on) for on in (s.scale, not s.scale))
    panels = sweep_charts(mine, other, current_d=s.d_model, scale_on=s.scale, text=t)
    for row in (panels[:2], panels[2:]):
        for (key, figure), col in zip(row, st.columns(2), strict=True):
            with col:
                show_chart(figure, key=key)
    if s.d_model < state.SWEEP_DIMS[0]:
        st.caption(t("softmax.sweep_small", d=s.d_model))
    elif s.n_heads > 1:
        st.caption(t("softmax.sweep_heads", h=s.n_heads, d_k=s.d_k))


def weights(s: cfg.Settings, p) -> None:
    """The weights, one row worked out, how sharp every row is, and what sharpness costs."""
    head = choose_head(p.n_heads, key="softmax_head")
    tr = p.mha.head(head)
    labels = p.labels
    st.subheader(t("softmax.weights"))
    weights_view(
        "A = softmax(Z)",
        tr.weights,
        labels,
        key="softmax_weights",
        caption=t("softmax.weights_caption"),
    )
    if s.causal:
        st.caption(t("softmax.weights_masked"))
    unfold(t("softmax.by_hand"), "softmax_by_hand", one_row, tr, labels)

    # How sharp is every row of this head?
    st.subheader(t("softmax.sharpness"))
    st.markdown(t("softmax.exaggerates") + " " + t("softmax.sharpness_body"))
    glossary("nats", "jacobian", "frobenius")
    st.latex(
        r"\begin{gathered}H=-\sum_j p_j\ln p_j,\qquad N_\mathrm{eff}=e^{H}\\ "
        r"\|J\|_F=\Big\|\operatorname{diag}(p)-p\,p^{\top}\Big\|_F\end{gathered}"
    )
    sharpness_readout(tr.weights, labels)
    st.caption(t("softmax.table_caption", n=p.n))

    st.subheader(t("softmax.why_bad"))
    st.markdown(t("softmax.why_bad_body"))
    glossary("jacobian", "delta")
    st.latex(
        r"\begin{gathered}\frac{\partial p_i}{\partial z_j}=p_i\,(\delta_{ij}-p_j)\\ "
        r"J=\operatorname{diag}(p)-p\,p^{\top}\;\xrightarrow{\;p\,\to\,\text{one-hot}\;}\;0"
        r"\end{gathered}"
    )
    unfold(t("softmax.sweep"), "softmax_sweep", sweep, s, icon=":material/query_stats:")

    st.subheader(t("softmax.temperature"))
    st.markdown(t("softmax.temperature_body", temp=plain(s.temperature)))
    st.latex(
        r"\begin{gathered}\lim_{T\to 0}\,\mathrm{softmax}\!\left(\tfrac{s}{T}\right)"
        r"=\text{one-hot}\big(\arg\max_j s_j\big)\\ "
        r"\lim_{T\to\infty}\,\mathrm{softmax}\!\left(\tfrac{s}{T}\right)_j=\frac{1}{n}"
        r"\end{gathered}"
    )
    st.caption(t("softmax.temperature_caption"))


@follows_temperature
def sharpness(s: cfg.Settings) -> None:
    """What the temperature changes: moving it reruns this alone."""
    p = state.pipeline(s)
    scale_key = "softmax.formula_caption_on" if s.scale else "softmax.formula_caption_off"
    st.caption(t(scale_key, d_k=s.d_k, temp=plain(s.temperature)))

    wide = state.with_changes(s, d_model=SHARP_D, n_heads=1)
    scaled, unscaled = (state.pipeline(state.with_changes(wide, scale=on)) for on in (True, False))
    if ask("softmax", s, p, scaled, unscaled, focus_index(p.labels)):
        weights(s, p)


s = open_page(PAGE)
z_def = r"\frac{q\cdot k_j}{\sqrt{d_k}\;T}" if s.scale else r"\frac{q\cdot k_j}{T}"
# Formulas are stacked (gathered) so that each line fits a phone.
st.latex(
    r"\begin{gathered}p_j=\mathrm{softmax}(z)_j=\frac{e^{z_j}}{\sum_{l=1}^{n} e^{z_l}}"
    r"\\ z_j=" + z_def + r"\end{gathered}"
)
sharpness()
