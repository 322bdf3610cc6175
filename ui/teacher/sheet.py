"""The lesson on one sheet, offered to the teacher: a download in the sidebar's sharing area,
in the presenter view only (it holds the answers and the notes).

The sheet is made when it is downloaded, not on every run: every stop's questions at the
teacher's settings (ui.teacher.stops), their notes (ui.teacher.note_text) and the numbers to
work them by hand, put on the page by ui.teacher.sheet_html.
"""

from __future__ import annotations

from urllib.parse import urlencode

import streamlit as st

from ui import registry, state
from ui import settings as cfg
from ui.i18n import lang, t
from ui.settings import Settings
from ui.teacher import note_text, stops
from ui.teacher.notes import for_teacher
from ui.teacher.sheet_html import SheetStop, lesson_html

SHOWN_SETTINGS = ("sentence", "d_model", "n_heads", "scale", "causal", "temperature", "seed")


def settings_lines(s: Settings, language: str) -> list[tuple[str, str]]:
    """Each shared setting of the lesson, named as the sidebar names it."""
    lines = []
    for name in SHOWN_SETTINGS:
        value = getattr(s, name)
        if isinstance(value, bool):
            value = note_text.text("quiz.shown_on" if value else "quiz.shown_off", language)
        lines.append((note_text.text(f"common.sb.name_{name}", language), str(value)))
    return lines


def lesson_link(s: Settings, page_url: str | None) -> str:
    """The lesson's first stop at these settings (the shared ones: each page's own controls
    start where the sheet's numbers were made, at their defaults)."""
    query = urlencode(cfg.to_params(state.with_changes(s, tour=1)))
    base = (page_url or "").split("?")[0].rsplit("/", 1)[0]
    return f"{base}/{registry.tour()[0]}?{query}" if base else ""


def build(s: Settings, language: str, link: str = "") -> str:
    """The sheet's HTML for these settings, in one language."""
    found = []
    for k, (page, questions) in enumerate(stops.lesson(s), 1):
        title = note_text.text(f"{page}.title", language)
        if questions is None:
            missing = note_text.text("teacher.sheet.no_model", language)
            found.append(SheetStop(k, title, None, missing=missing))
            continue
        note = note_text.stop_note(page, questions, language)
        found.append(SheetStop(k, title, note, givens=stops.givens(s, page, language)))
    return lesson_html(found, settings_lines(s, language), link, language)


def offer(box, settings: Settings) -> None:
    """The sheet's download, for the teacher alone (the presenter view, no student's)."""
    if not for_teacher(settings):
        return
    language, link = lang(), lesson_link(settings, st.context.url)
    box.download_button(
        t("teacher.sheet.download"),
        data=lambda: build(settings, language, link).encode("utf-8"),
        file_name=f"attention-lab-lesson-{language}.html",
        mime="text/html",
        icon=":material/print:",
        help=t("teacher.sheet.download_help"),
        key="teacher_sheet",
        on_click="ignore",
    )
