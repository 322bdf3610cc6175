"""What a class looks like on a student's page: at its top, the class it is in with "Leave
the class", a message when the class cannot be reached, and the teacher's offer of a page
(a fragment that runs every session.STUDENT_POLL_S: one cheap call when nothing moved; a
second round or a reveal of a question on the student's page reruns the page). Under a
question answered before the class asked it (its verdict given then): whether the vote
counted, the second round's vote, and after the reveal the class's spread
(``student_question``); the class's own question is ui.classroom.ballot's.
"""

from __future__ import annotations

import threading

import streamlit as st

import classroom as store_api
from core.quiz.question import Question
from ui import process, registry
from ui import questions as asked
from ui import settings as cfg
from ui.classroom import session
from ui.classroom.panel import shares, spread_of
from ui.i18n import t
from ui.widgets import md_escape, show_chart

_run = threading.local()  # each session's script runs in its own thread


def student_bar() -> None:
    """At the top of a student's page: the class and "Leave", then what the teacher asks
    of it (live)."""
    m = session.studying()
    if m is None:
        return
    row = st.container(horizontal=True, vertical_alignment="center", key="class_bar")
    row.markdown(":material/groups: " + t("classroom.in_class", code=store_api.show_code(m.code)))
    row.button(t("classroom.leave"), key="class_leave", on_click=session.leave, type="tertiary")
    _run.whole = True  # this is the page's run: it draws the questions itself
    _student_bar()


def _drawn(m: session.Member) -> dict[str, tuple[int, bool]]:
    """The state of the student's page's questions in the class (round, revealed)."""
    known = m.view.questions if m.view is not None else ()
    return {b.key: (b.round, b.revealed) for b in known if b.key in m.drawn}


@st.fragment(run_every=session.STUDENT_POLL_S)  # no control here either: no link to write
def _student_bar() -> None:
    """What may change while the student reads: the class unreachable, the teacher's
    offer; usually nothing at all (a run that draws nothing costs least)."""
    follow_offer()
    whole, _run.whole = getattr(_run, "whole", False), False
    m = session.studying()
    if m is None:
        return
    before = _drawn(m)
    _, moved = session.refresh_view(m)
    if session.studying() is not m:  # the class ended: the page says so
        if not whole:
            st.rerun()
        return
    if moved and not whole and _drawn(m) != before:  # a new round or a reveal here
        st.rerun()
    code = store_api.show_code(m.code)
    if not m.joined:
        st.warning(t("classroom.joining", code=code), icon=":material/cloud_off:")
    elif not m.reachable:
        st.warning(t("classroom.unreachable"), icon=":material/cloud_off:")
    offer = m.view.offer if m.view is not None else None
    if offer is not None and offer.number > m.offer_seen:
        pages = registry.pages()
        title = pages[offer.page].title if offer.page in pages else md_escape(offer.page)
        st.html(process.styles("classroom/offer.css"))  # pinned on screen, wherever scrolled
        box = st.container(
            border=True, horizontal=True, vertical_alignment="center", key="class_offer"
        )
        box.markdown(":material/campaign: " + t("classroom.offer", page=title))
        box.button(
            t("classroom.offer_go"),
            type="primary",
            icon=":material/arrow_forward:",
            on_click=go_to_offer,
            args=(m, offer.number, offer.page, offer.link),
            key="class_offer_go",
        )
        box.button(
            t("classroom.offer_dismiss"),
            type="tertiary",
            on_click=dismiss_offer,
            args=(m, offer.number),
            key="class_offer_dismiss",
        )


def begin_questions() -> None:
    """The frame's step before the page: no question of the student's page drawn yet."""
    m = session.studying()
    if m is not None:
        m.drawn = set()


def student_question(q: Question, answered: bool) -> None:
    """Under a question on a student's page: the class's side of it."""
    m = session.studying()
    if m is None:
        return
    key = store_api.question_key(q.signature)
    outcome, detail = m.votes.get(q.signature, (None, None))
    cq = session.class_question(m, q)
    open_here = cq is not None and not cq.revealed
    voted = detail if outcome == "counted" else 0
    again = open_here and answered and cq.round > voted
    if outcome == "counted":  # one line: counted, and what comes next
        waiting = f" {t('classroom.student.waiting')}" if open_here and not again else ""
        counted = t("classroom.vote.counted_note", round=detail)
        st.caption(f":material/how_to_vote: {counted}{waiting}")
    elif outcome == "unreachable":
        st.warning(t("classroom.vote.unreachable"), icon=":material/cloud_off:")
    elif outcome == "refused" and not (detail == "not_published" and cq is not None):
        st.warning(t(f"classroom.vote.{refusal(detail)}"), icon=":material/how_to_vote:")
    if cq is None:
        return
    if cq.revealed:
        class_votes(m, cq)
    elif again:
        _vote_again(q, cq.round, key)


def class_votes(m: session.Member, cq) -> None:
    """After the reveal, under a student's question: the class's votes and the shift."""
    st.markdown(t("classroom.student.revealed"))
    show_chart(spread_of(m, cq), key=f"class_{cq.key[:8]}")
    shares(cq, f"class_{cq.key[:8]}_shift")


def refusal(reason: object) -> str:
    known = ("not_published", "closed", "not_member", "unreachable")
    return reason if reason in known else "invalid"


def _vote_again(q: Question, round_: int, key: str) -> None:
    """Round 2 on a question the student has answered: one more vote for the class."""
    widget = f"class_again_{key[:12]}"
    with st.form(f"{widget}_form", border=True):
        st.markdown(f"**{t('classroom.vote.again', round=round_)}**")
        st.caption(t("classroom.vote.again_body"))
        asked.guess_widget(q, widget, lettered=True)
        if error := st.session_state.get(f"{widget}_error"):
            st.warning(t(error), icon=":material/edit:")
        st.form_submit_button(
            t("classroom.vote.send"),
            on_click=_send_again,
            args=(q, widget),
            type="primary",
            icon=":material/how_to_vote:",
        )


def _send_again(q: Question, widget: str) -> None:
    if (read := asked.read_guess(q, widget)) is not None:
        guess, typed = read
        session.vote(q, st.session_state.get(widget), typed, guess)


# --- the teacher's offer ---------------------------------------------------------------


def dismiss_offer(m: session.Member, number: int) -> None:
    m.offer_seen = max(m.offer_seen, number)


GO = "_class_go"  # session_state: the page a student chose to follow the teacher to


def take_settings(link: str) -> None:
    """Callback: the teacher's settings (a class question's or offer's link) taken here,
    before any widget is drawn; the student stays in the class, in their own language and
    view. What "Show me" or a stop had set is the teacher's settings now: nothing to undo."""
    cfg.apply_link(link)
    st.session_state.pop(asked.SHOWN, None)


def go_to_offer(m: session.Member, number: int, page: str, link: str) -> None:
    """Callback of a student's "Go there": the teacher's settings taken, the page switched
    to next."""
    m.offer_seen = max(m.offer_seen, number)
    take_settings(link)
    pages = registry.pages()
    st.session_state[GO] = pages.get(page, pages[registry.DEFAULT_PAGE]).path


def follow_offer() -> None:
    """In the run after "Go there": to the teacher's page."""
    if path := st.session_state.pop(GO, None):
        st.switch_page(path)
