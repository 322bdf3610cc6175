"""Step 2: why scores are divided by √d_k (the paper's footnote 4), measured and shown."""

import pandas as pd
import streamlit as st

from core.article import ARTICLE_ROOT
from ui import settings as cfg
from ui import state
from ui.figures.scaling import max_weight_chart, variance_chart
from ui.frame import open_page
from ui.i18n import t
from ui.live import follows_temperature
from ui.quiz import ask
from ui.view import unfold
from ui.views.scaling import PAGE, one_row
from ui.widgets import (
    glossary,
    numbers_table,
    plain,
    show_chart,
)


def experiment_table(fn4) -> None:
    """The footnote-4 experiment's figures at every d."""
    measured = ("var_raw", "var_scaled", "max_weight_raw", "max_weight_scaled")
    names = [t(f"scaling.col_{c}") for c in ("var_raw", "var_scaled", "w_raw", "w_scaled")]
    columns = {name: fn4[field] for name, field in zip(names, measured, strict=True)}
    numbers_table(columns, pd.Index(fn4.dims, name=t("scaling.col_d")))


def measured(s: cfg.Settings) -> None:
    """Footnote 4 measured, what it does to softmax, and one row of the student's sentence."""
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
    st.markdown(f"**{t('scaling.experiment')}**")
    show_chart(variance_chart(fn4, s.d_k, t), key="variance")
    rows = fn4.n_samples // fn4.n_keys
    st.caption(t("scaling.experiment_caption", rows=rows, keys=fn4.n_keys, n=fn4.n_samples))
    st.caption(t("scaling.marker_caption", d=s.d_k, sd=f"{s.d_k**0.5:.1f}"))

    st.subheader(t("scaling.effect"))
    st.markdown(t("scaling.effect_body", keys=fn4.n_keys))
    show_chart(max_weight_chart(fn4, s.d_k, t), key="max_weight")
    unfold(t("scaling.table"), "scaling_table", experiment_table, fn4, icon=":material/table:")

    st.subheader(t("scaling.row"))
    st.markdown(t("scaling.row_body", temp=plain(s.temperature)))
    one_row(s)
    glossary("nats")
    st.markdown(t("scaling.takeaway"))


@follows_temperature
def answer(s: cfg.Settings) -> None:
    """What the temperature changes: moving it reruns this alone."""
    if ask("scaling", s, state.footnote4(), s.d_k):
        measured(s)


s = open_page(PAGE, formula=r"\mathrm{scaled}_{ij} \;=\; \frac{q_i \cdot k_j}{\sqrt{d_k}}")
root, factor = plain(s.d_k**0.5), plain(s.d_k**-0.5)
if s.d_k == 1:
    st.info(t("scaling.now_one"), icon=":material/info:")
elif s.scale:
    now = t("scaling.now_on", d_model=s.d_model, h=s.n_heads, d_k=s.d_k, root=root, factor=factor)
    st.info(now, icon=":material/straighten:")
    if state.pipeline(s).is_article:
        st.caption(t("scaling.article_root", root=ARTICLE_ROOT))
else:
    st.warning(t("scaling.now_off", d_k=s.d_k, root=root), icon=":material/warning:")


answer()
