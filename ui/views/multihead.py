"""Parts of the Multi-head page: the article's eight heads (the preset and what each head
is made to do) and how different the heads are."""

from __future__ import annotations

import streamlit as st

from core import quiz
from core.pipeline import Pipeline
from ui import settings as cfg
from ui import state
from ui.figures.multihead import head_names
from ui.frame import fragment
from ui.i18n import t
from ui.lines import lines_view
from ui.page import Page
from ui.widgets import glossary, matrix_view, md_escape, num


def panel_names(p: Pipeline) -> list[str]:
    """The heads' names over their maps: with the preset, each with what it is made to do."""
    names = head_names(p.n_heads, t)
    if not p.designed_heads:
        return names
    roles = [t(f"multihead.role_short.{head.role}") for head, _ in p.designed_heads]
    pairs = zip(names, roles, strict=True)
    return [t("multihead.head_role", head=name, role=role) for name, role in pairs]


def article_heads(p: Pipeline) -> None:
    """With the preset on, what each of the eight heads is made to do, and the weight its
    query gives its key; otherwise the button that sets the preset."""
    if not p.designed_heads:
        st.button(
            t("multihead.preset"),
            icon=":material/view_module:",
            on_click=cfg.restore_article_heads,
            help=t("multihead.preset_help"),
            key="multihead_preset",
        )
        return
    lines = [
        t(
            "multihead.designed_line",
            i=i,
            role=t(f"multihead.role.{head.role}"),
            q=md_escape(head.query),
            k=md_escape(head.key),
            w=num(weight, 2),
        )
        for i, (head, weight) in enumerate(p.designed_heads, 1)
    ]
    body = t("multihead.designed_intro") + "\n\n" + "\n".join(f"- {line}" for line in lines)
    st.info(body, icon=":material/view_module:")


def article_widths(p: Pipeline) -> None:
    """With the preset on, after the question: the widths that add up, and W_O's shape."""
    if p.designed_heads:
        st.info(
            t("multihead.designed_widths", h=p.n_heads, d_k=p.d_k, d=p.d_model),
            icon=":material/merge:",
        )


def diversity(s, p: Pipeline) -> None:
    """How differently the heads attend: the Jensen–Shannon divergence of every pair."""
    n_heads = p.n_heads
    st.subheader(t("multihead.diversity"))
    st.markdown(t("multihead.diversity_intro"))
    glossary("js")
    js = state.divergence(s)
    heads = head_names(n_heads, t)
    value = {"value_title": t("multihead.js_value")}
    name = t("multihead.js_name")
    matrix_view(name, js.matrix, heads, heads, key="head_divergence", kind="weights", **value)
    (a, b, hi), (c, e, lo) = js.most, js.least
    if n_heads == 2:
        st.markdown(t("multihead.js_summary_two", mean=f"{js.mean:.3f}"))
    else:
        pairs = {
            "a": a + 1,
            "b": b + 1,
            "hi": f"{hi:.3f}",
            "c": c + 1,
            "d": e + 1,
            "lo": f"{lo:.3f}",
        }
        st.markdown(t("multihead.js_summary", mean=f"{js.mean:.3f}", **pairs))
    st.caption(t("multihead.js_designed" if p.hand_made else "multihead.js_random"))


LINES_HEADS = 4  # heads drawn at first: on the article's eight, pronoun, object, praise, previous


@fragment  # its head switch reruns only this view
def lines(p: Pipeline, qi: int) -> None:
    """The followed token's attention in every head as lines to every key."""
    labels = p.labels
    st.subheader(t("multihead.lines", q=f"“{md_escape(labels[qi])}”"))
    st.markdown(t("multihead.lines_intro", shown=min(p.n_heads, LINES_HEADS)))
    names = head_names(p.n_heads, t)
    default = list(range(min(p.n_heads, LINES_HEADS)))
    heads_key = f"multihead_lines_heads_{p.n_heads}"  # each head count starts at its defaults
    lines_view(
        p.mha.weights, labels, qi, names, default=default, key="mh_lines", heads_key=heads_key
    )


PAGE = Page(
    "multihead",
    icon=":material/view_column:",
    section="more",
    tour="lesson",
    questions={"multihead": quiz.multihead_questions},
    opens_on=cfg.ARTICLE_HEADS,
    opens_on_name="multihead.opens_on",
)
