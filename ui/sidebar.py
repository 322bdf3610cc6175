"""The shared sidebar: the lesson, the language, the model's settings, sharing and the view.

Every control is a keyed widget, synced to the link by the frame (ui.settings). A page
that does not use a setting does not show its control (the Train page has its own model;
the Q, K, V page its own query): the sidebar says in one line which settings apply.
"""

from __future__ import annotations

import streamlit as st

from core import MAX_TOKENS
from ui import registry
from ui import settings as cfg
from ui.classroom import panel as class_panel
from ui.frame import go_to_stop
from ui.i18n import LANG_NAMES, t
from ui.live import temperature_slot
from ui.page import MODEL_CONTROLS, Page
from ui.quiz import score
from ui.settings import Settings
from ui.teacher import sheet as teacher_sheet


def _model_controls(uses: tuple[str, ...]) -> None:
    """The shared settings of the model that this page uses, in the usual order."""
    if "sentence" in uses:
        st.text_area(
            t("common.sb.sentence"),
            key="sentence",
            max_chars=cfg.MAX_SENTENCE_CHARS,
            height=80,
            help=t("common.sb.sentence_help", max=MAX_TOKENS),
        )
    if "focus" in uses:
        st.selectbox(
            t("common.sb.focus"),
            cfg.sentence_tokens(st.session_state["sentence"]).labels,
            key="focus",
            placeholder=t("common.pick"),
            help=t("common.sb.focus_help"),
        )
    if "d_model" in uses:
        st.select_slider(
            t("common.sb.d_model"),
            options=cfg.D_MODEL_OPTIONS,
            key="d_model",
            help=t("common.sb.d_model_help"),
        )
    if "n_heads" in uses:
        st.select_slider(
            t("common.sb.heads"),
            options=cfg.head_options(st.session_state["d_model"]),
            key="n_heads",
            help=t("common.sb.heads_help"),
        )
        s = cfg.current()
        st.caption(t("common.sb.dk", d_model=s.d_model, h=s.n_heads, d_k=s.d_k))
    if "scale" in uses:
        st.toggle(t("common.sb.scale"), key="scale", help=t("common.sb.scale_help"))
    if "causal" in uses:
        st.toggle(t("common.sb.causal"), key="causal", help=t("common.sb.causal_help"))
    if "temperature" in uses:  # its place, for the page (ui.live)
        temperature_slot()
    if "seed" in uses:
        st.number_input(
            t("common.sb.seed"),
            min_value=0,
            max_value=cfg.SEED_MAX,
            step=1,
            key="seed",
            help=t("common.sb.seed_help"),
        )
    if "d_model" in uses:
        st.button(
            t("common.sb.article"),
            icon=":material/restart_alt:",
            on_click=cfg.restore_article,
            help=t("common.sb.article_help"),
            width="stretch",
        )


def applies(uses: tuple[str, ...]) -> str | None:
    """The line that says which shared settings apply on a page that does not use them all."""
    if uses == MODEL_CONTROLS:
        return None
    if not uses:
        return t("common.sb.uses_none")
    names = t("common.list_sep").join(t(f"common.sb.name_{name}") for name in uses)
    return t("common.sb.uses", names=names)


def controls(page: Page) -> None:
    """The lesson's start, the language and the model's settings this page uses."""
    if not st.session_state["tour"] and st.button(
        t("common.tour.start"),
        icon=":material/school:",
        type="primary",
        width="stretch",
        help=t(
            "common.tour.start_help",
            n=len(registry.part("lesson")),
            further=len(registry.part("further")),
        ),
    ):
        go_to_stop(1)
    st.segmented_control(
        t("common.sb.language"),
        options=list(LANG_NAMES),
        format_func=LANG_NAMES.get,
        key="lang",
        required=True,
    )
    if line := applies(page.controls):
        st.caption(line)
    _model_controls(page.controls)


def sharing(settings: Settings) -> None:
    """The link of this view and a class to join or teach (folded: made and sent only when
    asked for), the presenter view, questions first, and the score."""
    box = st.popover(
        t("common.sb.share"),
        icon=":material/share:",
        help=t("common.sb.share_help"),
        key="share",
        on_change="rerun",
        width="stretch",
    )
    if box.open:
        box.code(cfg.share_link(settings, st.context.url), language=None, wrap_lines=True)
        class_panel.join_or_teach(box)
        teacher_sheet.offer(box, settings)  # the lesson on one sheet: presenter view only
    st.toggle(t("common.sb.present"), key="present", help=t("common.sb.present_help"))
    st.toggle(t("common.sb.ask"), key="ask", help=t("common.sb.ask_help"))
    answered, right, skipped = score()
    if answered or skipped:
        st.caption(t("quiz.score", answered=answered, right=right, skipped=skipped))
