"""Overview: the four steps of scaled dot-product attention as one live pipeline."""

import streamlit as st

from core.article import cited_cells
from ui import settings as cfg
from ui import state
from ui.frame import open_page, page_link
from ui.i18n import t
from ui.live import follows_temperature
from ui.quiz import ask
from ui.views.overview import PAGE, mini
from ui.widgets import (
    article_caption,
    dim_labels,
    focus_index,
    scores_view,
    vectors_view,
    weights_view,
)


def step(i: int, page: str, formula: str, live: list[str]):
    """One stage of the pipeline: its texts and link on the left; returns the chart slot."""
    box = st.container(border=True)
    box.markdown(f"#### {t('overview.step', i=i, name=t(f'overview.name{i}'))}")
    text, chart = box.columns([2, 3])
    with text:
        st.latex(formula)
        st.markdown(t(f"overview.why{i}"))
        for line in live:
            st.caption(line)
        page_link(page)
    return chart


def flows(what: str, rows: int, cols: int) -> None:
    shape = f"[{rows} × {cols}]"
    st.caption(f":material/arrow_downward: {t('overview.flows', what=t(what), shape=shape)}")


def pipeline_view(s, p, tr, labels: list[str], d_v: int) -> None:
    """The four steps, each with its live miniature (once the question is answered)."""
    st.markdown(t("overview.now", n=p.n, h=p.n_heads, d_k=p.d_k))
    if p.n_heads > 1:
        st.caption(t("overview.heads_note", h=p.n_heads, d_k=p.d_k))
    cited = cited_cells(p.tokens) if p.is_article else {}  # the article's numbers, outlined
    if cited:
        st.caption(f":material/menu_book: {t('overview.marked')}")

    with step(1, "similarity", r"S = Q K^{\top}", []):
        opts = {"marked": cited.get("scores", ()), **mini(p.n, p.n)}
        scores_view(t("overview.m_scores"), tr.scores, labels, key="ov_scores", **opts)
        article_caption(p, "scores")
    flows("overview.flow1", p.n, p.n)

    scale_note = (
        t("overview.live2_on", d_k=p.d_k, factor=f"{tr.factor:.4g}")
        if s.scale
        else t("overview.live2_off")
    )
    temp_note = (
        [t("overview.live2_temp", temp=f"{tr.temperature:g}")] if tr.temperature != 1 else []
    )
    with step(2, "scaling", r"S' = S / \sqrt{d_k}", [scale_note, *temp_note]):
        scores_view(t("overview.m_scaled"), tr.scaled, labels, key="ov_scaled", **mini(p.n, p.n))
    flows("overview.flow2", p.n, p.n)

    mask_note = t("overview.live3_on") if s.causal else t("overview.live3_off")
    with step(3, "softmax", r"A = \operatorname{softmax}(S')", [mask_note]):
        weights_view(
            t("overview.m_weights"), tr.weights, labels, key="ov_weights", **mini(p.n, p.n)
        )
    flows("overview.flow3", p.n, p.n)

    with step(4, "weighted_sum", r"O = A V", [t("overview.live4", d_v=d_v)]):
        vectors_view(
            t("overview.m_output"),
            tr.output,
            labels,
            dim_labels(d_v),
            key="ov_output",
            marked=cited.get("output", ()),
            col_title=t("common.dim"),
            **mini(p.n, d_v),
        )
        article_caption(p, "output")

    st.subheader(t("overview.more"))
    for name, column in zip(("masking", "multihead"), st.columns(2), strict=True):
        page_link(name, container=column)
        column.caption(t(f"overview.more_{name}"))


FORMULA = (
    r"\operatorname{Attention}(Q, K, V) = "
    r"\operatorname{softmax}\!\left(\frac{Q K^{\top}}{\sqrt{d_k}}\right) V"
)


@follows_temperature
def answer(s: cfg.Settings) -> None:
    """What the temperature changes: moving it reruns this alone."""
    p = state.pipeline(s)
    if ask("overview", s, p, focus_index(p.labels)):
        tr = p.mha.head(0)
        pipeline_view(s, p, tr, p.labels, tr.output.shape[1])


s = open_page(PAGE, formula=FORMULA)
p = state.pipeline(s)

if p.is_article:
    st.info(t("common.msg.article_on"), icon=":material/menu_book:")
before, links = st.columns([3, 2], vertical_alignment="center")
before.markdown(t("overview.before"))
page_link("tokens", container=links)
page_link("qkv", container=links)
answer()
