"""Q, K, V intuition: a small film catalogue as keys and values, a query built by hand; and
its check by hand, one value component of the blend, film by film."""

from collections.abc import Sequence

import numpy as np
import streamlit as st

from core import AttentionTrace, quiz
from core import recommender as films
from core.explain import output_terms
from ui.charts import PRESENT_CELL, heatmap
from ui.figures.qkv import film_bars
from ui.i18n import t
from ui.page import Page
from ui.widgets import index_picker, numbers_table

TITLE_PX, VALUE_PX = 130, 64  # a title and three values fit a phone's column


def check_by_hand(tr: AttentionTrace, titles: list[str], names: list[str]) -> None:
    """One value component of the blend, film by film: weight × value, and their sum."""
    c = index_picker(t("qkv.component"), names, len(names) - 1, key="qkv_component")
    terms = output_terms(tr, 0, c)
    columns = {
        t("qkv.col_title"): titles,
        t("qkv.col_weight"): terms.a,
        t("qkv.col_value"): terms.b,
        t("qkv.col_product"): terms.products,
    }  # the scores are in the chart above; four columns fit a phone
    number = st.column_config.NumberColumn
    config = {name: number(format="%.3f", width=VALUE_PX) for name in list(columns)[1:]}
    config[t("qkv.col_value")] = number(format="%d", width=VALUE_PX)
    config[t("qkv.col_title")] = st.column_config.TextColumn(width=TITLE_PX)
    numbers_table(columns, decimals=3, config=config)
    st.caption(t("qkv.check_caption"))
    written = " + ".join(f"{w:.3f} × {v:g}" for w, v in zip(terms.a, terms.b, strict=True))
    st.markdown(t("qkv.sum", name=names[c], terms=written, total=f"{terms.total:.2f}"))


TITLE_LIMIT = 260  # pixels of a film's title beside the keys' rows, the projector's too


def warm(labels: list[str], d_models: Sequence[int]) -> None:
    film_bars(films.recommend(np.ones(4)), list(films.FILMS), t)
    for present in (False, True):  # the keys K, as ui.widgets.matrix_view draws them
        cell = PRESENT_CELL if present else None
        shape = {"row_title": "r", "col_title": "c", "value_title": "v", "decimals": 1}
        heatmap(films.FILM_KEYS, list(films.FILMS), list(films.TAGS), kind="weights",
                label_limit=TITLE_LIMIT, present=present, cell=cell, **shape)  # fmt: skip


PAGE = Page(
    "qkv",
    icon=":material/search:",
    section="start",
    tour="lesson",
    controls=(),  # its own query, over its own catalogue of films
    questions={"qkv": quiz.qkv_questions},
    warm=warm,
)
