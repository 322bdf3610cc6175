"""How a page's question reads and answers: its texts, the guess widget, the verdict, and
the answers a session has given (ui.quiz asks the questions; ui.classroom.panel draws them on
the projector and under a student's vote)."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from core.quiz import Question, parse_number, printed
from ui import question_words as words
from ui import registry, state
from ui import settings as cfg
from ui.i18n import lang, t
from ui.question_words import TEXT_KEYS, letter, text_key
from ui.settings import Settings
from ui.widgets import md_escape

ANSWERS = "quiz_answers"  # session_state: signature -> {"guess", "right", "skipped"}
REVEALED = {"guess": None, "right": None, "skipped": True}  # shown without a guess
RADIO_MAX = 4  # up to this many choices as buttons in a row; more as a drop-down


def _plain(value) -> str:
    """A choice as a drop-down shows it: plain text, where Markdown's escapes would show
    (a "." token is ".", not "\\.")."""
    return t(value) if isinstance(value, str) and value.startswith(TEXT_KEYS) else str(value)


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


def read_guess(q: Question, widget: str):
    """The guess in a question's answer control ``widget``, as (guess, what the student
    typed or chose, as shown); None after keeping the reason in ``{widget}_error`` (a text
    key: nothing given, or a number that does not read as one)."""
    raw = st.session_state.get(widget)
    st.session_state[f"{widget}_error"] = None
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        st.session_state[f"{widget}_error"] = "quiz.msg.empty"
        return None
    if q.kind != "number":
        return raw, shown(raw)
    try:
        return parse_number(raw), md_escape(str(raw).strip())  # as the student typed it
    except ValueError as reason:
        st.session_state[f"{widget}_error"] = f"quiz.msg.{reason}"
        return None


def _texts(q: Question, text_key: str, **extra) -> str:
    return words.filled(q, t(text_key), shown, **extra)


def question_text(q: Question) -> str:
    """The question as the student reads it."""
    return _texts(q, text_key(q, "ask"))


def answer_text(q: Question) -> str:
    """The answer as the verdict states it (ui.question_words)."""
    return words.answer_text(q, lang(), shown)


def answers() -> dict:
    return st.session_state.setdefault(ANSWERS, {})


SHOWN = "_show_me"  # session_state: what "Show me" changed, {"page", "before", "after"}
OPENED = "_stop_opened"  # session_state: the lesson's stop whose settings were applied


def _apply(changes: dict, page: str, why: str = "quiz.shown") -> None:
    """ "Show me": set the shared controls (the frame keeps them valid and in the link), and
    keep what they were, so that one click (``undo_show_me``) puts them back. ``why``: the
    text that says so ("quiz.shown"; "common.tour.opens_on" for a stop's own settings)."""
    record = st.session_state.get(SHOWN) or {"page": page, "before": {}, "after": {}}
    before = {name: st.session_state.get(name) for name in changes}
    same = record["page"] == page
    record = {  # a second "Show me" on the page adds to the first; the oldest values win
        "page": page,
        "why": record.get("why", why) if same else why,
        "before": {**before, **record["before"]} if same else before,
        "after": {**record["after"], **changes} if same else dict(changes),
    }
    st.session_state[SHOWN] = record
    for name, value in changes.items():
        st.session_state[name] = value


def showing(page: str, settings: Settings) -> bool:
    """Whether the settings are those a question's "Show me" just set on this page: they were
    chosen to show an answer, so the page's questions at them (a new question when they
    ask about a setting it moved, Scaling's d_k) are shown answered, not asked anew. The
    first run after it notes the settings; a later change (a new sentence) asks as before."""
    record = st.session_state.get(SHOWN)
    if not record or record["page"] != page or record.get("why", "quiz.shown") != "quiz.shown":
        return False
    return record.setdefault("settings", settings) == settings


def undo_show_me() -> None:
    """Callback: the settings as they were before "Show me"."""
    record = st.session_state.pop(SHOWN, None)
    for name, value in (record or {}).get("before", {}).items():
        st.session_state[name] = value


def settle_settings(page: str) -> None:
    """The frame, before the sidebar is drawn: in the lesson, a stop opens on the lesson's
    own settings, not on what "Show me" set on another stop (d_model 512 and no scaling
    made Weighted sum's weights one-hot, with nothing on screen to say why); a stop that
    declares settings of its own (``Page.opens_on``: Multi-head's eight heads) opens on
    them once, as an undoable change."""
    stop = st.session_state.get("tour")
    record = st.session_state.get(SHOWN)
    if record and record["page"] != page and stop:
        undo_show_me()
    if not stop or page not in registry.tour():
        st.session_state.pop(OPENED, None)
        return
    if st.session_state.get(OPENED) != stop:
        st.session_state[OPENED] = stop
        if changes := registry.pages()[page].opens_on:
            _apply(dict(changes), page, why="common.tour.opens_on")


def _setting_text(name: str, value) -> str:
    if isinstance(value, bool):
        value = t("quiz.shown_on" if value else "quiz.shown_off")
    return f"{t(f'common.sb.name_{name}')} = {md_escape(str(value))}"


def show_me_notice() -> None:
    """Under the page's heading while "Show me" holds: which settings it carries, and the
    one click that undoes it."""
    record = st.session_state.get(SHOWN)
    if not record:
        return
    changed = {n: v for n, v in record["after"].items() if record["before"].get(n) != v}
    said = t("common.list_sep").join(_setting_text(n, v) for n, v in changed.items())
    box = st.container(border=True, horizontal=True, vertical_alignment="center")
    why = record.get("why", "quiz.shown")
    if why != "quiz.shown" and (name := registry.pages()[record["page"]].opens_on_name):
        said = t(name)  # the stop's settings by name: their numbers would answer its question
    box.markdown(t(why, settings=said or "—"))
    undo = "quiz.undo" if why == "quiz.shown" else "common.tour.undo_opens_on"
    box.button(t(undo), key="show_me_undo", on_click=undo_show_me, icon=":material/undo:")


def _lettered(q: Question, show: Callable[[str], str]) -> Callable[[str], str]:
    """A choice's label with its letter in front, as the projector lists it ("B · ate")."""
    place = {c: k for k, c in enumerate(q.choices)}
    return lambda c: f"{letter(place[c])} · {show(c)}" if c in place else show(c)


def guess_widget(q: Question, key: str, lettered: bool = False) -> None:
    """The widget a guess is given with; ``lettered``: each choice with its letter, as the
    projector shows them (a student in a class)."""
    label = t("quiz.your_answer")
    if q.kind == "number":
        st.text_input(label, key=key, help=t("quiz.number_help"))
    elif len(q.choices) <= RADIO_MAX:
        show = _lettered(q, shown) if lettered else shown
        st.radio(label, q.choices, index=None, format_func=show, key=key, horizontal=True)
    else:
        st.selectbox(
            label,
            q.choices,
            index=None,
            format_func=_lettered(q, _plain) if lettered else _plain,
            key=key,
            placeholder=t("quiz.choose"),
        )


def choices_text(q: Question) -> str:
    """The choices as a lettered list, one a line, for a class voting by hand (the presenter
    view): on one line "A. I B. ate … I. ." ran the letters into the tokens."""
    if q.kind == "number":
        return ""
    return "\n".join(f"- **{letter(k)}** · {shown(c)}" for k, c in enumerate(q.choices))


def verdict_line(q: Question, record: dict, prefix: str = "") -> None:
    """Right, not quite, or the answer shown without a guess (``prefix``: the round's name,
    in a class)."""
    answer = answer_text(q)
    if record["skipped"]:
        st.info(prefix + t("quiz.skipped", answer=answer), icon=":material/visibility:")
    elif record["right"]:
        st.success(prefix + t("quiz.right", answer=answer), icon=":material/check_circle:")
    else:
        said = t("quiz.wrong", guess=record["guess"], answer=answer)
        st.error(prefix + said, icon=":material/cancel:")


def verdict(q: Question, record: dict, settings: Settings) -> None:
    """The verdict on a guess, then why, and the settings to try."""
    verdict_line(q, record)
    explanation(q, settings)


def explanation(q: Question, settings: Settings) -> None:
    """Why the answer is what it is, the claim it supports, and "Try this"."""
    why = _texts(q, q.why or text_key(q, "why"), answer=shown(q.answer, q.decimals))
    st.markdown(why + "\n\n" + t("quiz.claim", claim=t(f"quiz.claim.{q.claim}")))
    changed = state.with_changes(settings, **q.try_this)
    if changed != settings:  # offered only where it changes something
        st.button(
            t("quiz.try_this"),
            key=f"try_{q.signature}",
            on_click=_apply,
            args=(q.try_this, q.id.partition(".")[0]),
            help=t("quiz.try_this_help", link=cfg.share_link(changed, st.context.url)),
            icon=":material/tune:",
        )
