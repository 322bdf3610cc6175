"""The teacher's notes on a stop, folded above its questions, in the presenter view only.

ui.quiz.ask calls ``draw`` with the very questions the page is asking (made by core from
the results the page draws), so a note's numbers are those the class sees. Nothing is drawn,
and so nothing is sent, outside the presenter view or to a student in a class (who may
switch the presenter view on: the notes name the answers). The words: ui.teacher.note_text.
"""

from __future__ import annotations

import streamlit as st

from core.quiz import Question
from core.quiz.teaching import DISCUSS_MINUTES, SHOW_MINUTES, VOTE_MINUTES
from ui import registry
from ui.classroom import session
from ui.i18n import lang, t
from ui.settings import Settings
from ui.teacher.note_text import QuestionNote, StopNote, stop_note
from ui.widgets import md_escape


def for_teacher(settings: Settings) -> bool:
    """Whether this session may see the notes: the presenter view, and no student's."""
    return settings.present and session.studying() is None


def _question(note: QuestionNote, n: int | None) -> str:
    head = f"**{t('teacher.notes.question', n=n)}** · " if n else ""
    parts = [head + f"**{t('teacher.notes.answer')}** {md_escape(note.answer)}"]
    if note.wrong:
        items = [
            f"- **{md_escape(w.shown) if w.shown else t('teacher.notes.kind')}**"
            + t("teacher.notes.sep")
            + md_escape(w.means)
            for w in note.wrong
        ]
        parts.append(f"**{t('teacher.notes.wrong')}**\n\n" + "\n".join(items))
    parts.append(f"**{t('teacher.notes.discuss')}** {md_escape(note.discuss)}")
    parts.append(f"**{t('teacher.notes.after')}** {md_escape(note.after)}")
    return "\n\n".join(parts)


def markdown(note: StopNote, primary: bool) -> str:
    """A stop's notes as one Markdown text: its idea and minutes (with the page's own
    questions; the minutes of a later part's questions alone), then each question's answer,
    wrong answers, prompt and explanation."""
    low, high = note.minutes
    if primary:
        show = SHOW_MINUTES[note.page]
        times = {"show": show, "vote": VOTE_MINUTES, "discuss": DISCUSS_MINUTES}
        parts = [
            f"**{t('teacher.notes.idea')}** {md_escape(note.idea)}",
            t("teacher.notes.minutes", low=low, high=high, **times),
        ]
    else:
        parts = [t("teacher.notes.minutes_more", low=low, high=high)]
    numbered = len(note.questions) > 1
    parts += [_question(q, n if numbered else None) for n, q in enumerate(note.questions, 1)]
    return "\n\n".join(parts)


def draw(name: str, questions: list[Question], settings: Settings) -> None:
    """The notes on the questions named ``name``, folded, for the teacher alone."""
    if not for_teacher(settings):
        return
    page = registry.page_asking(name)
    primary = name == page
    note = stop_note(page, questions, lang(), primary)
    with st.expander(t("teacher.notes.title"), icon=":material/school:"):
        st.markdown(markdown(note, primary))
