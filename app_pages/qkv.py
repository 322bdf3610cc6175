"""Q, K, V intuition: a six-film recommender computed by the attention formula itself."""

import numpy as np
import pandas as pd
import streamlit as st

from core import AttentionTrace
from core import recommender as films
from ui.figures.qkv import QUERY_MAX, film_bars
from ui.frame import fragment, open_page, page_link
from ui.i18n import t
from ui.quiz import ask
from ui.view import unfold
from ui.views.qkv import PAGE, TITLE_LIMIT, check_by_hand
from ui.widgets import matrix_view, section, show_chart

QUERY_STEP = 0.5


def catalogue(titles: list[str]) -> None:
    """Every film's key K (its tags, a matrix in [0, 1]) and its value V (what you get back).

    K is drawn as a matrix and V as a narrow table, so that both fit a phone.
    """
    tags = [t(f"qkv.tag_{tag}") for tag in films.TAGS]
    keys, values = st.columns([3, 2])
    scale = {"kind": "weights", "value_title": t("qkv.tag_value"), "decimals": 1}
    # A film's whole title beside its row (a token's 90 px cut them: "Starship La…").
    axes = {
        "row_title": t("qkv.col_title"),
        "col_title": t("qkv.tag_value"),
        "label_limit": TITLE_LIMIT,
    }
    with keys:
        matrix_view(t("qkv.keys"), films.FILM_KEYS, titles, tags, key="film_keys", **scale, **axes)
    with values:
        st.markdown(f"**{t('qkv.values')}**")
        # A static table, whose cells wrap: a grid's fixed columns cut the titles and the
        # headers ("Letters from the Lighthous", "V: adven…"), worse on a projector.
        whole = np.rint(films.FILM_VALUES).astype(int)  # scores out of 10 and minutes
        frame = pd.DataFrame(whole, columns=[t(f"qkv.val_{v}") for v in films.VALUES])
        frame.insert(0, t("qkv.col_title"), titles)
        st.table(frame, hide_index=True)
        st.caption(t("qkv.val_scale_help") + " " + t("qkv.val_minutes_help"))


def query_controls() -> tuple[np.ndarray, float]:
    """The query, one slider per tag, and the temperature."""
    tag = {"min_value": 0.0, "max_value": QUERY_MAX, "step": QUERY_STEP, "format": "%.1f"}
    q = [
        col.slider(
            t(f"qkv.tag_{name}"),
            value=films.DEFAULT_QUERY[name],
            key=f"qkv_q_{name}",
            help=t("qkv.slider_help"),
            **tag,
        )
        # two to a row: on a phone the columns stack anyway, and fewer blocks rerun faster
        for col, name in zip(st.columns(2) + st.columns(2), films.TAGS, strict=True)
    ]
    temp = {"min_value": 0.1, "max_value": 3.0, "value": 1.0, "step": 0.1, "format": "%.1f"}
    temperature = st.slider(
        t("qkv.temperature"), key="qkv_temp", help=t("qkv.temperature_help"), **temp
    )
    st.caption(t("qkv.temperature_why"))
    return np.array(q), temperature


def blend(tr: AttentionTrace, titles: list[str]) -> None:
    """The scores, the weights and what comes back: the blend of the films' values."""
    st.latex(  # one formula per line, so that a phone does not cut them off
        r"\begin{gathered} s_j = q \cdot k_j \\ "
        r"w = \operatorname{softmax}\!\left(\frac{s}{\sqrt{4}\;T}\right) \\ "
        r"o = \sum_j w_j\, v_j \end{gathered}"
    )
    st.caption(t("qkv.formula_caption"))
    charts = zip(("scores", "weights"), film_bars(tr, titles, t), st.columns(2), strict=True)
    for name, figure, column in charts:
        column.markdown(f"**{t(f'qkv.{name}')}**")
        with column:
            show_chart(figure, key=f"film_{name}")
    if not tr.q.any():
        st.info(t("qkv.uniform"), icon=":material/balance:")

    st.subheader(t("qkv.blend"))
    st.markdown(t("qkv.blend_explain"))
    names = [t(f"qkv.short_{name}") for name in films.VALUES]
    for metric_col, name, value in zip(
        st.columns(len(films.VALUES)), names, tr.output[0], strict=True
    ):
        metric_col.metric(name, f"{value:.2f}")
    unfold(t("qkv.check"), "qkv_check", check_by_hand, tr, titles, names)


@fragment
def recommender(s, titles: list[str]) -> None:
    """The query's sliders, the question, then what the query gets (reruns on its own)."""
    st.subheader(t("qkv.query"))
    q, temperature = query_controls()
    if ask("qkv", s, q, temperature):
        blend(films.recommend(q, temperature), titles)


s = open_page(PAGE, about_input=False)
titles = [t(f"qkv.item_{name}") for name in films.FILMS]
st.markdown(t("qkv.roles") + f"\n\n### {t('qkv.catalogue')}")
catalogue(titles)
st.caption(t("qkv.catalogue_caption"))
recommender(s, titles)

section(t("qkv.bridge_title"), t("qkv.bridge"))
page_link("similarity", label="common.next")
page_link("weighted_sum")
