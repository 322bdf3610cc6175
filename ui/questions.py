"""How a page's question reads and answers: its texts, the guess widget, the verdict, and
the answers a session has given (ui.quiz asks the questions; ui.class_panel draws them on
the projector and under a student's vote)."""

from __future__ import annotations

import streamlit as st

from core.quiz import Question, printed
from ui import settings as cfg
from ui import state
from ui.i18n import t
from ui.settings import Settings
from ui.widgets import md_escape

ANSWERS = "quiz_answers"  # session_state: signature -> {"guess", "right", "skipped"}
TEXT_KEYS = ("qkv.", "quiz.")  # a value that is one of these is a text key, shown translated
REVEALED = {"guess": None, "right": None, "skipped": True}  # shown without a guess
RADIO_MAX = 4  # up to this many choices as buttons in a row; more as a drop-down


def shown(value, decimals: int | None = None) -> str:
    """A value of a question's text as the student reads it (numbers as the page prints
    them: ``decimals`` places, or 2 by default)."""
    if isinstance(value, float):
        return printed(value, 2 if decimals is None else decimals)
    if isinstance(value, str) and value.startswith(TEXT_KEYS):
        return t(value)
    if isinstance(value, str):
        return md_escape(value)
    return str(value)


def text_key(q: Question, part: str) -> str:
    """Where a question's texts are: its page's catalogue, "<page>.quiz.<rest>.<part>" for
    the question "<page>.<rest>" (part "ask" or "why")."""
    page, _, rest = q.id.partition(".")
    return f"{page}.quiz.{rest}.{part}"


def _texts(q: Question, text_key: str, **extra) -> str:
    values = {name: shown(v) for name, v in {**q.values, **q.reveal, **extra}.items()}
    return t(text_key, **values)


def question_text(q: Question) -> str:
    """The question as the student reads it."""
    return _texts(q, text_key(q, "ask"))


def answer_text(q: Question) -> str:
    if q.kind == "number" and q.theory:  # measured: what theory says, what this sample gave
        values = {"answer": shown(q.answer, q.decimals), "tolerance": shown(q.tolerance)}
        return t("quiz.measured", theory=q.theory, **values)
    if q.kind == "number" and q.tolerance:  # what counts as right
        return t("quiz.roughly", answer=shown(q.answer, q.decimals), tolerance=shown(q.tolerance))
    return shown(q.answer, q.decimals)


def answers() -> dict:
    return st.session_state.setdefault(ANSWERS, {})


def _apply(changes: dict) -> None:
    """ "Show me": set the shared controls (the frame keeps them valid and in the link)."""
    for name, value in changes.items():
        st.session_state[name] = value


def guess_widget(q: Question, key: str) -> None:
    label = t("quiz.your_answer")
    if q.kind == "number":
        st.text_input(label, key=key, help=t("quiz.number_help"))
    elif len(q.choices) <= RADIO_MAX:
        st.radio(label, q.choices, index=None, format_func=shown, key=key, horizontal=True)
    else:
        st.selectbox(
            label,
            q.choices,
            index=None,
            format_func=shown,
            key=key,
            placeholder=t("quiz.choose"),
        )


def choices_text(q: Question) -> str:
    """The choices as a lettered list, for a class voting by hand (the presenter view)."""
    if q.kind == "number":
        return ""
    # A hard line break after each: "A. yes" is no list item to markdown, and a plain
    # newline would run the choices together on one line.
    return "  \n".join(f"{chr(65 + k)}. {shown(c)}" for k, c in enumerate(q.choices))


def verdict(q: Question, record: dict, settings: Settings) -> None:
    answer = answer_text(q)
    if record["skipped"]:
        st.info(t("quiz.skipped", answer=answer), icon=":material/visibility:")
    elif record["right"]:
        st.success(t("quiz.right", answer=answer), icon=":material/check_circle:")
    else:
        st.error(t("quiz.wrong", guess=record["guess"], answer=answer), icon=":material/cancel:")
    why = _texts(q, q.why or text_key(q, "why"), answer=shown(q.answer, q.decimals))
    st.markdown(why + "\n\n" + t("quiz.claim", claim=t(f"quiz.claim.{q.claim}")))
    if q.try_this:
        changed = state.with_changes(settings, **q.try_this)
        st.button(
            t("quiz.try_this"),
            key=f"try_{q.signature}",
            on_click=_apply,
            args=(q.try_this,),
            help=t("quiz.try_this_help", link=cfg.share_link(changed, st.context.url)),
            icon=":material/tune:",
        )
