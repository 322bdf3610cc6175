"""A class in a session: the store, whether this session teaches or sits in a class, and
what each call to the store answered (the drawing is ui.classroom.panel's).

Nothing here runs for a session that is in no class: no store is opened, no fragment
polls. A session joins or teaches by a link (``?class=<code>``, the teacher's own
``?class=<code>&teach=<key>``), by the code typed in the sidebar, or by "Teach a class".

Where the secrets live: the teacher key in the teacher's session and in the teacher's own
URL (so a reload, or a replica taking over after another died, keeps the teacher
teaching); never in a link the app shows or shares (ui.settings.share_link and the join
link leave it out, and the store refuses a link that holds it). A student is an
anonymous random id (classroom.new_student_id), kept in the session and in the student's
own URL (``me=``) in the same way: a reload, or the other replica after one died, is the
same member, so a vote given again replaces the one the store may already hold instead
of counting twice. No link the app shows holds it, and nothing else about a student is
kept anywhere.

Every call to the store is made through ``_call``: a ClassError (the only exceptions the
store raises for what a link or a student sends) becomes a message key, and
StoreUnavailable marks the class unreachable until a later call gets through, so the
class recovers by itself while every page works as without it.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import urlencode

import streamlit as st

import classroom
from classroom import (
    Board,
    ClassError,
    ClassNotFound,
    ClassStore,
    NotTeacher,
    StoreUnavailable,
    StudentView,
)
from core.quiz.question import Question
from ui import settings as cfg

SESSION = "_class"  # session_state: this session's Member; absent outside a class
NOTICE = "_class_notice"  # session_state: a message key to show once (a bad link, an end)
READY = "_class_ready"  # session_state: the link's class was read (a session's first run)
# session_state: the session came by a join link and has not opened the page yet. A whole
# class opens the link within seconds (the QR code), and a page's first view costs a
# server 45–130 ms of CPU: 150 of them queue for 7–20 s on one process. So the join link's
# first view is light (the class joined, the teacher's page named, one button), and each
# student opens the page with a tap, a few seconds apart.
LANDING = "_class_landing"
CODE_PARAM, KEY_PARAM, STUDENT_PARAM = "class", "teach", "me"  # the class in a URL
# Left out of the link a class is joined by and a student is brought to: the teacher's
# own view (the presenter view, questions on or off, the lesson's stop) is not the class's.
TEACHER_ONLY = ("present", "ask", "tour")
TEACHER_POLL_S = 1.0  # the projector: a vote shows within about a second
# A student's page looks for the teacher's moves (a second round, a reveal, an offer):
# 150 students every 4 s are 37 cheap runs a second; the heartbeat is every 30 s anyway.
STUDENT_POLL_S = 4.0


@dataclass
class Member:
    """This session in a class: as its teacher (``key``) or as a student (``student``)."""

    code: str
    key: str | None = None  # the teacher key: the teacher's session only
    student: str | None = None  # the anonymous id: a student's session only
    joined: bool = False  # a student's join has reached the store
    reachable: bool = True  # the last call reached the store
    stamp: object = None  # of the last board or student view: "anything new since?"
    board: Board | None = None  # the teacher's last board
    view: StudentView | None = None  # a student's last view of the class
    published: tuple[str, ...] = ()  # the signatures the teacher's page put to the class
    # signature -> ("counted", round) | ("refused", reason) | ("unreachable", None)
    votes: dict[str, tuple[str, object]] = field(default_factory=dict)
    # signature -> round -> (the vote as the student reads it, as checked): what the store
    # counted, kept for the page alone (ui.classroom.ballot holds the verdict back)
    ballots: dict[str, dict[int, tuple[str, object]]] = field(default_factory=dict)
    offer_seen: int = 0  # the last offer a student's page showed or dismissed
    asked: list[Question] = field(default_factory=list)  # the teacher's page's, last run
    drawn: set[str] = field(default_factory=set)  # keys of the questions a student's page drew
    figures: dict = field(default_factory=dict)  # spreads drawn, by their votes (class_panel)

    @property
    def teaching(self) -> bool:
        return self.key is not None

    def link_params(self) -> dict[str, str]:
        """The class's part of this session's own URL (never of a link it shares)."""
        if self.key is not None:
            return {CODE_PARAM: self.code, KEY_PARAM: self.key}
        return {CODE_PARAM: self.code, STUDENT_PARAM: self.student}


def secrets():
    try:  # a deployment's secrets.toml, where it has one (Community Cloud's settings)
        return st.secrets if st.secrets.load_if_toml_exists() else None
    except (OSError, ValueError):  # an unreadable or malformed secrets file: none
        return None


def _setting() -> str:
    return classroom.setting(classroom.SETTING, os.environ, secrets())


@st.cache_resource(show_spinner=False)
def store() -> ClassStore:
    """The class store of this server process (ATTENTION_LAB_CLASS_STORE; SQLite by
    default), opened the first time a session is in a class."""
    return classroom.open_store(_setting())


def member() -> Member | None:
    return st.session_state.get(SESSION)


def teaching() -> Member | None:
    """This session's class, if it teaches one."""
    m = member()
    return m if m is not None and m.teaching else None


def studying() -> Member | None:
    """This session's class, if it sits in one as a student."""
    m = member()
    return m if m is not None and not m.teaching else None


def notice(key: str | None) -> None:
    st.session_state[NOTICE] = key


def _end(key: str) -> None:
    """This session is in no class any more (it ended, expired, or the link was bad)."""
    st.session_state.pop(SESSION, None)
    notice(key)


def _call(m: Member | None, call: Callable, *args):
    """One store call: (True, its result), or (False, the refusal's reason). An outage
    marks the class unreachable; a class that is gone, or a key refused, ends this
    session's class with a message."""
    try:
        result = call(*args)
    except StoreUnavailable:
        if m is not None:
            m.reachable = False
        return False, "unavailable"
    except (ClassNotFound, NotTeacher) as refused:
        if m is not None:
            _end(f"classroom.msg.{refused.reason}")
        return False, refused.reason
    except ClassError as refused:
        if m is not None:
            m.reachable = True
        return False, refused.reason
    except ValueError:  # ATTENTION_LAB_CLASS_STORE names no store: as if it were down
        if m is not None:
            m.reachable = False
        return False, "unavailable"
    if m is not None:
        m.reachable = True
    return True, result


def _store_call(name: str) -> Callable:
    """A store method, looked up at call time (the store is opened on its first use)."""
    return lambda *args, **kwargs: getattr(store(), name)(*args, **kwargs)


# --- a session's first run: the class in its link ------------------------------------------


def begin() -> None:
    """The frame's step after the settings: on a session's first run, the class its link
    names (the teacher's, or one to join); on every run, the class in the session's URL."""
    if READY not in st.session_state:
        st.session_state[READY] = True
        params = st.query_params
        code, key, me = (params.get(p) for p in (CODE_PARAM, KEY_PARAM, STUDENT_PARAM))
        if code is not None and key is not None:
            _teach_from_link(code, key)
        elif code is not None:
            if cfg.PARAMS["lang"] not in params:  # a join link: in the phone's own language
                st.session_state["lang"] = phone_language(st.context.locale)
            if join(code, me) and me is None:
                st.session_state[LANDING] = True  # a join link's first view: see LANDING
    m = member()
    st.session_state[cfg.CLASS_LINK] = m.link_params() if m is not None else {}


def phone_language(locale: str | None) -> str:
    """The app's language for a browser's preferred one (navigator.language: "zh-CN",
    "zh-Hant-TW", "en-GB", …): Chinese for any Chinese, else English."""
    return "zh" if (locale or "").lower().split("-")[0] == "zh" else "en"


def switch_language(value: str) -> None:
    """Callback of the join link's one-tap language switch."""
    st.session_state["lang"] = value


def _teach_from_link(code: str, key: str) -> None:
    try:
        code = classroom.parse_code(code)
    except ClassError:
        notice("classroom.msg.malformed_code")
        return
    m = Member(code, key=key)
    st.session_state[SESSION] = m
    ok, found = _call(m, _store_call("board"), code, key)
    if ok:
        m.board, m.stamp = found, found.stamp


def join(raw_code: object, me: str | None = None) -> bool:
    """Join the class with this code (from a link or typed); False with a message when
    there is none. A store that cannot be reached keeps the code: the page joins when it
    is back. ``me``: the student id of the session's own URL (a reload, or a replica taking
    over from one that died), kept when it is one; else a new one."""
    try:
        code = classroom.parse_code(raw_code)
    except ClassError:
        notice("classroom.msg.malformed_code")
        return False
    old = member()
    if old is not None and old.code == code:
        return True
    if old is not None:
        leave()
    try:
        student = classroom.codes.parse_student(me)
    except ClassError:  # none, or not an id this app makes
        student = classroom.new_student_id()
    m = Member(code, student=student)
    st.session_state[SESSION] = m
    return _join(m)


def _join(m: Member) -> bool:
    ok, _ = _call(m, _store_call("join"), m.code, m.student)
    m.joined = ok
    return ok or member() is m  # unreachable: still in, joined later


def landed() -> None:
    """Callback of the join link's "Open the page"."""
    st.session_state.pop(LANDING, None)


def join_typed(key: str) -> None:
    """Callback of the sidebar's "Join": the code typed in the widget ``key``."""
    if join(st.session_state.get(key, "")):
        notice(None)
        st.session_state[key] = ""


def leave() -> None:
    """Leave the class (a student), or stop teaching it here (the class goes on)."""
    m = st.session_state.pop(SESSION, None)
    if m is not None and m.student is not None and m.joined:
        _call(None, _store_call("leave"), m.code, m.student)
    st.session_state[cfg.CLASS_LINK] = {}


# --- the teacher ------------------------------------------------------------------------


def start_teaching() -> None:
    """Callback of "Teach a class": a new class, taught from this session, on the projector."""
    old = member()
    if old is not None and old.teaching:
        return
    ok, new = _call(None, _store_call("open_class"))
    if not ok:
        notice(f"classroom.msg.{new}")
        return
    if old is not None:
        leave()
    st.session_state[SESSION] = Member(new.code, key=new.teacher_key)
    st.session_state[cfg.CLASS_LINK] = st.session_state[SESSION].link_params()
    st.session_state["present"] = True  # the class is taught on a projector
    notice(None)


def class_query(settings: cfg.Settings) -> str:
    """The teacher's settings as the query string a class is sent to: the page's view,
    without what only the teacher's own screen uses (and never the key)."""
    params = cfg.to_params(settings) | cfg.page_params()
    for key in TEACHER_ONLY:
        params.pop(cfg.PARAMS[key], None)
    return urlencode(params)


def publish(m: Member, page: str, questions: list[Question], settings: cfg.Settings) -> None:
    """Put the teacher's page's questions to the class (once per set of questions)."""
    signatures = tuple(q.signature for q in questions)
    if signatures == m.published:
        return
    ok, _ = _call(m, _store_call("publish"), m.code, m.key, page, class_query(settings), questions)
    if ok:
        m.published = signatures
        m.stamp = None  # the board has new questions: read it whole


def refresh_board(m: Member) -> Board | None:
    """The projector's board, read whole only when something moved since the last one."""
    ok, found = _call(m, _store_call("board"), m.code, m.key, m.stamp)
    if ok and found is not None:
        m.board, m.stamp = found, found.stamp
    return m.board


def next_round(m: Member, signature: str) -> None:
    ok, _ = _call(m, _store_call("next_round"), m.code, m.key, signature)
    if ok:
        m.stamp = None


def reveal(m: Member, signature: str) -> None:
    ok, _ = _call(m, _store_call("reveal"), m.code, m.key, signature)
    if ok:
        m.stamp = None


def bring_here(m: Member, page: str, settings: cfg.Settings) -> bool:
    ok, _ = _call(m, _store_call("bring_here"), m.code, m.key, page, class_query(settings))
    return ok


def tallies(m: Member) -> list[classroom.Tally] | None:
    """The class's anonymous tallies (each value counted right or not), None when the store
    cannot be reached."""
    ok, rows = _call(m, _store_call("tallies"), m.code, m.key)
    return rows if ok else None


def tallies_csv(m: Member) -> str:
    """The class's anonymous tallies as CSV (only the header when the store is down)."""
    return classroom.tallies_csv(tallies(m) or [])


def end_class(m: Member) -> None:
    """Callback of "End the class": deleted with everything it holds."""
    ok, reason = _call(m, _store_call("end_class"), m.code, m.key)
    if ok:
        _end("classroom.msg.ended_by_you")
    elif reason == "unavailable":
        notice("classroom.msg.end_unavailable")
    st.session_state[cfg.CLASS_LINK] = {}


# --- a student --------------------------------------------------------------------------


def refresh_view(m: Member) -> tuple[StudentView | None, bool]:
    """A student's view of the class and whether it moved (one cheap call when it did
    not); joins first if the store was down when the student came."""
    if not m.joined and not _join(m):
        return m.view, False
    ok, found = _call(m, _store_call("student_view"), m.code, m.student, m.stamp)
    if not ok and found == "not_member":  # the store lost the member (restarted empty)
        m.joined = False
        return m.view, False
    if ok and found is not None:
        m.view, m.stamp = found, found.stamp
        return found, True
    return m.view, False


def vote(q: Question, raw: object, shown: str = "", guess: object = None) -> str | None:
    """Record a committed guess for the class (the raw text: the store normalizes it; the
    page keeps it as ``shown`` and as checked, ``guess``), and what the store said, for the
    page to show; returns that ("counted", "refused", "unreachable"), None outside a class."""
    m = studying()
    if m is None:
        return None
    if not m.joined:
        _join(m)
    ok, result = _call(m, _store_call("vote"), m.code, m.student, q.signature, raw)
    if not ok and result == "not_member" and _join(m):  # lost membership: once more
        ok, result = _call(m, _store_call("vote"), m.code, m.student, q.signature, raw)
    if ok:
        m.votes[q.signature] = ("counted", result)
        m.ballots.setdefault(q.signature, {})[result] = (shown, raw if guess is None else guess)
        if class_question(m, q) is None:  # published since the page last looked: see it
            refresh_view(m)
    elif result == "unavailable":
        m.votes[q.signature] = ("unreachable", None)
    elif member() is m:
        m.votes[q.signature] = ("refused", result)
    return m.votes.get(q.signature, ("refused", None))[0]


def class_question(m: Member, q: Question):
    """The class's state of this question (classroom.QuestionBoard), or None when the
    class is not asking it (another page, other settings)."""
    known = m.board if m.teaching else m.view
    if known is None:
        return None
    key = classroom.question_key(q.signature)
    return next((b for b in known.questions if b.key == key), None)
