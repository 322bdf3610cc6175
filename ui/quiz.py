"""Predict, then reveal: a page's questions (core/quiz.py), asked before it shows the answer.

Each question sits in its own box at the top of the page. The student commits a guess
(a choice, a token, or a typed number); only then does the box say whether it was right,
give the answer and the reason, and offer to set the controls that show it. Answers are
kept per session by the question's signature, so a new sentence or a new d_model asks
afresh; nothing is stored on the server or shared between students.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from core import quiz
from core.quiz import Question
from core.recommender import DEFAULT_QUERY, TAGS
from ui import settings as cfg
from ui import state
from ui.i18n import t
from ui.settings import Settings
from ui.tour import TOUR
from ui.widgets import focus_index, md_escape, num

ANSWERS = "quiz_answers"  # session_state: signature -> {"guess": shown text, "right": bool}
TEXT_KEYS = ("qkv.", "quiz.")  # a value that is one of these is a text key, shown translated
RADIO_MAX = 4  # up to this many choices as buttons in a row; more as a drop-down


def _shown(value) -> str:
    """A value of a question's text as the student reads it."""
    if isinstance(value, float):
        return num(value, 4 if abs(value) < 10 else 2)
    if isinstance(value, str) and value.startswith(TEXT_KEYS):
        return t(value)
    if isinstance(value, str):
        return md_escape(value)
    return str(value)


def _texts(q: Question, text_key: str, **extra) -> str:
    values = {name: _shown(v) for name, v in {**q.values, **q.reveal, **extra}.items()}
    return t(text_key, **values)


def _answer_text(q: Question) -> str:
    if q.kind == "number" and q.tolerance:  # a measured number: two places are plenty
        return t("quiz.roughly", answer=num(q.answer, 2), tolerance=num(q.tolerance, 2))
    return _shown(q.answer)


def answers() -> dict:
    return st.session_state.setdefault(ANSWERS, {})


def score() -> tuple[int, int]:
    """(answered, right) over this session's questions."""
    done = answers().values()
    return len(done), sum(record["right"] for record in done)


def _commit(q: Question, key: str, index: int) -> None:
    """Form callback: check the guess; keep it, or say what is wrong with it."""
    raw = st.session_state.get(f"{key}_guess")
    st.session_state[f"{key}_error"] = None
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        st.session_state[f"{key}_error"] = "quiz.msg.empty"
        return
    if q.kind == "number":
        try:
            guess = quiz.parse_number(raw)
        except ValueError as reason:
            st.session_state[f"{key}_error"] = f"quiz.msg.{reason}"
            return
        shown = md_escape(str(raw).strip())  # as the student typed it
    else:
        guess, shown = raw, _shown(raw)
    answers()[q.signature] = {"guess": shown, "right": q.is_right(guess)}
    st.session_state["question"] = index  # the link now names the question reached


def _apply(changes: dict) -> None:
    """ "Show me": set the shared controls (the frame keeps them valid and in the link)."""
    for name, value in changes.items():
        st.session_state[name] = value


def _guess_widget(q: Question, key: str) -> None:
    label = t("quiz.your_answer")
    if q.kind == "number":
        st.text_input(label, key=f"{key}_guess", help=t("quiz.number_help"))
    elif len(q.choices) <= RADIO_MAX:
        st.radio(
            label, q.choices, index=None, format_func=_shown, key=f"{key}_guess", horizontal=True
        )
    else:
        st.selectbox(label, q.choices, index=None, format_func=_shown, key=f"{key}_guess")


def _reveal(q: Question, record: dict, settings: Settings) -> None:
    answer = _answer_text(q)
    if record["right"]:
        st.success(t("quiz.right", answer=answer), icon=":material/check_circle:")
    else:
        st.error(t("quiz.wrong", guess=record["guess"], answer=answer), icon=":material/cancel:")
    st.markdown(_texts(q, q.why or f"quiz.{q.id}.why", answer=_shown(q.answer)))
    if q.try_this:
        st.button(
            t("quiz.try_this"),
            key=f"try_{q.signature}",
            on_click=_apply,
            args=(q.try_this,),
            help=t("quiz.try_this_help"),
            icon=":material/tune:",
        )
        changed = state.with_changes(settings, **q.try_this)
        st.caption(t("quiz.link", link=cfg.share_link(changed, st.context.url)))


def ask(name: str, questions: list[Question], settings: Settings) -> None:
    """The page's questions, each in its own box; the one the link names is open."""
    for i, q in enumerate(questions, start=1):
        label = t("quiz.numbered", i=i, n=len(questions)) if len(questions) > 1 else None
        on_tour = settings.tour > 0 and name in TOUR
        opened = settings.question == i or (settings.question == 0 and on_tour and i == 1)
        key = f"quiz_{name}_{i}"
        with st.expander(label or t("quiz.title"), expanded=opened, icon=":material/psychology:"):
            st.markdown(_texts(q, f"quiz.{q.id}.ask"))
            record = answers().get(q.signature)
            if record:  # only now: the claim it tests would give the answer away
                _reveal(q, record, settings)
                st.caption(t("quiz.claim", claim=t(f"quiz.claim.{q.claim}")))
                continue
            with st.form(key, border=False):
                _guess_widget(q, key)
                if error := st.session_state.get(f"{key}_error"):
                    st.warning(t(error), icon=":material/edit:")
                st.form_submit_button(t("quiz.check"), on_click=_commit, args=(q, key, i))


# --- each page's questions, from the results it draws ------------------------------------


def _query() -> list[float]:
    return [float(st.session_state.get(f"qkv_q_{tag}", DEFAULT_QUERY[tag])) for tag in TAGS]


def _softmax(s: Settings) -> list[Question]:
    p = state.pipeline(s)
    big = state.with_changes(s, d_model=512, n_heads=1)
    scaled, unscaled = (
        state.pipeline(state.with_changes(big, scale=True)),
        state.pipeline(state.with_changes(big, scale=False)),
    )
    return quiz.softmax_questions(p, scaled, unscaled, focus_index(p.labels))


QUESTIONS: dict[str, Callable[[Settings], list[Question]]] = {
    "overview": lambda s: quiz.overview_questions(
        state.pipeline(s), focus_index(state.pipeline(s).labels)
    ),
    "tokens": lambda s: quiz.tokens_questions(state.pipeline(s)),
    "qkv": lambda s: quiz.qkv_questions(_query(), float(st.session_state.get("qkv_temp", 1.0))),
    "similarity": lambda s: quiz.similarity_questions(
        state.pipeline(s), focus_index(state.pipeline(s).labels)
    ),
    "scaling": lambda s: quiz.scaling_questions(state.footnote4(), s.d_k),
    "softmax": _softmax,
    "weighted_sum": lambda s: quiz.weighted_sum_questions(
        state.pipeline(s), focus_index(state.pipeline(s).labels)
    ),
    "masking": lambda s: quiz.masking_questions(
        state.pipeline(state.with_changes(s, causal=True)), focus_index(state.pipeline(s).labels)
    ),
    "multihead": lambda s: quiz.multihead_questions(state.pipeline(s)),
}
