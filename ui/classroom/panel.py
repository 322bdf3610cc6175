"""What a class looks like: the join link's first view, the sidebar's join or teach, and
the teacher's panel and projector.

- The sidebar's "Join or teach a class" (inside the Share popover: nothing is sent until it
  is opened) takes a code or opens a class (``join_or_teach``).
- The teacher's page shows, at its top, the class's code, join link and QR code with
  "Bring the class here", the tallies' CSV and "End the class" (``teacher_panel``); in
  place of its question box the projector (``projector``): each question with its choices,
  how many are in class and have voted, the spread of the votes (never the answer before
  "Reveal"), "Discuss and vote again", "Reveal", and the next step the votes suggest when
  the teacher asks (ui.teacher.advice). The spread is a fragment that runs every
  session.TEACHER_POLL_S: one cheap store call (``board(since=…)``) when nothing moved,
  the last board drawn again.
- A student's page: ui.classroom.student (it draws the class's spread and shift with
  ``spread_of`` and ``shares`` from here).
"""

from __future__ import annotations

import functools
import threading

import streamlit as st

import classroom as store_api
from classroom import address
from core.quiz.question import Question
from ui import questions as asked
from ui import registry
from ui import settings as cfg
from ui.classroom import join, session
from ui.figures.classroom import before_after, percent, spread
from ui.i18n import LANG_NAMES, lang, t
from ui.teacher import advice
from ui.view import unfold
from ui.widgets import md_escape, show_chart

_run = threading.local()  # each session's script runs in its own thread
FIGURES_KEPT = 8  # a session's spreads kept for the same votes (a page asks one or two)


def show_notice() -> None:
    """A message the class left for this run (a bad link, a class that ended), once."""
    if key := st.session_state.pop(session.NOTICE, None):
        st.info(t(key), icon=":material/groups:")


# --- the join link's first view -----------------------------------------------------------


def landing(page: str) -> bool:
    """The first view of a join link: the class joined, the teacher's page, one button to
    open it (see session.LANDING); True when drawn (the frame draws nothing else)."""
    m = session.studying()
    if m is None or not st.session_state.get(session.LANDING):
        st.session_state.pop(session.LANDING, None)
        return False
    code = store_api.show_code(m.code)
    title = registry.pages()[page].title
    st.header(title)
    st.markdown(":material/groups: " + t("classroom.in_class", code=code))
    st.markdown(t("classroom.landing", page=title))
    row = st.container(horizontal=True, vertical_alignment="center")
    row.button(
        t("classroom.landing_open"),
        type="primary",
        icon=":material/arrow_forward:",
        on_click=session.landed,
        key="class_landed",
    )
    other = "en" if lang() == "zh" else "zh"  # the phone's language guessed wrong: one tap
    row.button(
        LANG_NAMES[other],
        icon=":material/translate:",
        on_click=session.switch_language,
        args=(other,),
        type="tertiary",
        key="class_landing_lang",
    )
    if not m.joined:
        st.warning(t("classroom.joining", code=code), icon=":material/cloud_off:")
    return True


# --- the sidebar ------------------------------------------------------------------------


def join_or_teach(box) -> None:
    """Inside the sidebar's Share popover: a code to join, or "Teach a class"."""
    m = session.member()
    if m is not None:
        return
    box.markdown(f":material/groups: **{t('classroom.sb.class')}**")
    box.caption(t("classroom.sb.class_help"))
    form = box.form("class_join", border=False, enter_to_submit=True)
    form.text_input(
        t("classroom.sb.code"),
        key="class_code",
        max_chars=store_api.codes.MAX_TYPED_CODE,
        placeholder=t("classroom.sb.code_placeholder"),
    )
    form.form_submit_button(
        t("classroom.sb.join"),
        on_click=session.join_typed,
        args=("class_code",),
        icon=":material/login:",
    )
    teach_button(box, key="class_teach_sidebar")


def teach_button(box=st, key: str = "class_teach_page") -> None:
    """ "Teach a class": in the sidebar, and in the presenter view's question box."""
    box.button(
        t("classroom.sb.teach"),
        icon=":material/co_present:",
        on_click=session.start_teaching,
        help=t("classroom.sb.teach_help"),
        key=key,
    )


# --- the teacher ------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _qr(link: str, title: str) -> str:
    return store_api.qr_svg(link, title=title)


def _join_box(m: session.Member, page: str, settings: cfg.Settings) -> None:
    """The class's code, and the link and QR code at an address phones in the room can
    open (which the projector names when it is not the one in the teacher's browser), or
    plainly why there is none."""
    where = join.join_address(page)
    code = store_api.show_code(m.code)
    if where.base is None:
        st.markdown(f"# {code}")
        st.warning(t(f"classroom.panel.no_address.{where.source}"), icon=":material/wifi_off:")
    else:
        link = join.join_link(m, settings, where.base)
        qr, about = st.columns([2, 3], vertical_alignment="center")
        with qr:
            st.image(_qr(link, t("classroom.panel.qr_title", code=code)), width="stretch")
        with about:
            st.markdown(f"# {code}")
            st.markdown(t("classroom.panel.how"))
            st.code(link, language=None, wrap_lines=True)
            if where.source in (address.NETWORK, address.SETTING):
                said = t(f"classroom.panel.via_{where.source}", host=md_escape(where.host))
                st.caption(f":material/wifi: {said}")
    for caution in where.cautions:  # a setting left out; a container's own address
        st.warning(t(f"classroom.panel.caution.{caution}"), icon=":material/warning:")


def teacher_panel(page: str, settings: cfg.Settings) -> None:
    """At the top of the teacher's page: the class's code, how to join, and its controls."""
    m = session.teaching()
    if m is None:
        return
    _run.asked = []  # this run's questions, published together (a page may ask twice)
    _run.page = page
    session.refresh_board(m)
    code = store_api.show_code(m.code)
    box = st.container(border=True, key="class_panel")
    with box:
        st.markdown(f":material/co_present: **{t('classroom.panel.title', code=code)}**")
        if "class_join_open" not in st.session_state:  # open until the teacher folds it
            st.session_state["class_join_open"] = True
        unfold(t("classroom.panel.join"), "class_join_open", _join_box, m, page, settings)
        row = st.container(horizontal=True)
        if row.button(
            t("classroom.panel.bring"),
            icon=":material/campaign:",
            help=t("classroom.panel.bring_help"),
            key="class_bring",
        ) and session.bring_here(m, page, settings):
            st.toast(t("classroom.panel.brought"), icon=":material/campaign:")
        row.download_button(
            t("classroom.panel.csv"),
            data=lambda: session.tallies_csv(m),
            file_name=f"class-{code}.csv",
            mime="text/csv",
            icon=":material/download:",
            help=t("classroom.panel.csv_help"),
            key="class_csv",
            on_click="ignore",
        )
        end = row.popover(t("classroom.panel.end"), icon=":material/stop_circle:", key="class_end")
        end.markdown(t("classroom.panel.end_confirm"))
        end.button(
            t("classroom.panel.end_now"),
            type="primary",
            on_click=session.end_class,
            args=(m,),
            key="class_end_now",
        )


def projector(name: str, questions: list[Question], settings: cfg.Settings) -> bool:
    """The teacher's question box: the class votes, the spread shows without the answer,
    then the reveal; True once every question here is revealed (the page may go on).

    Only the spread of the questions still open is live (one fragment for them all: one
    run per refresh, three elements or so); the buttons and whatever is revealed are
    drawn by the page's run (a click reruns the page)."""
    m = session.teaching()
    on_page = getattr(_run, "asked", None)  # the page's questions so far in this run
    if on_page is None:
        on_page = _run.asked = []
    on_page += [q for q in questions if q.signature not in {a.signature for a in on_page}]
    m.asked = list(on_page)
    page = getattr(_run, "page", registry.DEFAULT_PAGE)
    if not {q.signature for q in on_page} <= set(m.published):
        session.publish(m, page, on_page, settings)
        session.refresh_board(m)
    title = t("quiz.title_n", n=len(questions)) if len(questions) > 1 else t("quiz.title")
    numbered = len(questions) > 1
    live: list[tuple[int, Question]] = []
    with st.container(border=True, key=f"quiz_{name}_box"):
        st.markdown(f":material/how_to_vote: **{title}**")
        for i, q in enumerate(questions, 1):
            number = f"**{i}.** " if numbered else ""
            st.markdown(number + asked.question_text(q))
            if choices := asked.choices_text(q):
                st.markdown(choices)
            else:
                st.caption(t("classroom.board.number"))
            cq = session.class_question(m, q)
            if cq is not None and cq.revealed:
                _revealed(m, name, i, q, cq, settings)
            else:
                live.append((i, q))
        if live:
            rounds = tuple(getattr(session.class_question(m, q), "round", 0) for _, q in live)
            _board(m.code, name, live, numbered, page, rounds)
            for i, q in live:
                _moves(m, name, i, q, numbered)
    return not live


def _revealed(m, name: str, i: int, q: Question, cq, settings: cfg.Settings) -> None:
    """A question revealed: its votes, the share right in each round and the shift, the
    answer and why (the page goes on below once every question is)."""
    if any(r.voters for r in cq.rounds):
        show_chart(spread_of(m, cq), key=f"class_{name}_{i}")
    shares(cq, f"class_{name}_{i}_shift")
    asked.answers().setdefault(q.signature, asked.REVEALED)
    asked.verdict(q, asked.answers()[q.signature], settings)


def _choice_label(choice: str) -> str:
    """A choice as a chart shows it: a text key translated, a token as it is (a chart's
    label is plain text, not markdown)."""
    return t(choice) if choice.startswith(asked.TEXT_KEYS) else choice


def spread_of(m: session.Member, cq, title: str = ""):
    """The spread of a question's votes, made again only when they moved (the projector
    redraws it every second)."""
    key = (cq, title, lang())
    if key not in m.figures:
        if len(m.figures) >= FIGURES_KEPT:
            m.figures.clear()
        m.figures[key] = spread(cq, label=_choice_label, text=t, title=title)
    return m.figures[key]


def _moves(m, name: str, i: int, q: Question, numbered: bool) -> None:
    """The teacher's moves on an open question ("Discuss and vote again", "Reveal",
    "Suggest a next step": a click reruns the page), and the step last suggested."""
    cq = session.class_question(m, q)
    if cq is None:
        return
    prefix = t("classroom.board.question", n=i) if numbered else ""
    row = st.container(horizontal=True, vertical_alignment="center")
    if prefix:
        row.markdown(f"**{prefix}**")
    if cq.round == 1:
        row.button(
            t("classroom.board.again"),
            icon=":material/forum:",
            on_click=session.next_round,
            args=(m, q.signature),
            help=t("classroom.board.again_help"),
            key=f"class_again_{name}_{i}",
        )
    row.button(
        t("classroom.board.reveal"),
        icon=":material/visibility:",
        type="primary",
        on_click=_reveal,
        args=(m, q),
        help=t("classroom.board.reveal_help"),
        key=f"class_reveal_{name}_{i}",
    )
    advice.button(row, m, q, key=f"class_advice_{name}_{i}")
    advice.suggested(m, q, prefix)  # as asked for: not live (it would answer the room)


# A plain st.fragment: it moves no control, so the link has nothing to take in, and writing it
# was a tenth of the refresh's CPU (0.5 of 6.3 ms a run).
@st.fragment(run_every=session.TEACHER_POLL_S)
def _board(code: str, name: str, live: list, numbered: bool, page: str, rounds: tuple) -> None:
    """The live part of the projector: how many are in class and have voted, and the
    spread of each open question's votes (one cheap store call when nothing moved). A
    round opened or a question revealed from another tab (the teacher's link opened
    twice) reruns the page, whose buttons follow."""
    m = session.teaching()
    if m is None or m.code != code:
        return
    if m.asked and not {q.signature for q in m.asked} <= set(m.published):
        session.publish(m, page, m.asked, cfg.current())
    session.refresh_board(m)
    if not m.reachable:
        st.warning(t("classroom.panel.unreachable"), icon=":material/cloud_off:")
    boards = [(i, session.class_question(m, q)) for i, q in live]
    now = tuple(getattr(cq, "round", 0) for _, cq in boards)
    if now != rounds or any(cq is not None and cq.revealed for _, cq in boards):
        st.rerun()  # moved elsewhere
    present = m.board.present if m.board else 0
    counts = []
    for i, cq in boards:
        if cq is None:
            counts.append(t("classroom.panel.not_asked"))
            continue
        voters = cq.rounds[-1].voters if cq.rounds else 0
        line = t("classroom.board.voted", voters=voters, round=cq.round)
        if numbered:
            question = t("classroom.board.question", n=i)
            line = t("classroom.board.question_line", question=question, line=line)
        counts.append(line)
    st.markdown(t("classroom.board.present", present=present) + " · " + " · ".join(counts))
    for i, cq in boards:
        if cq is not None and any(r.voters for r in cq.rounds):
            title = t("classroom.board.question", n=i) if numbered else ""
            show_chart(spread_of(m, cq, title), key=f"class_{name}_{i}")


def _reveal(m: session.Member, q: Question) -> None:
    session.reveal(m, q.signature)
    asked.answers().setdefault(q.signature, asked.REVEALED)


def shares(cq, key: str) -> None:
    """After the reveal: the share right in each round, and the shift between them."""
    if cq.shift is not None:
        first, second = cq.rounds
        st.markdown(
            t(
                "classroom.board.shares",
                first=first.right,
                voters1=first.voters,
                share1=percent(first.share_right),
                second=second.right,
                voters2=second.voters,
                share2=percent(second.share_right),
            )
        )
        show_chart(before_after(cq.shift, text=t), key=key)
        s = cq.shift
        st.caption(
            t(
                "classroom.board.moves",
                became_right=s.became_right,
                became_wrong=s.became_wrong,
                stayed_right=s.stayed_right,
                stayed_wrong=s.stayed_wrong,
            )
        )
    elif cq.rounds:
        r = cq.rounds[-1]
        st.markdown(
            t(
                "classroom.board.share_one",
                right=r.right,
                voters=r.voters,
                share=percent(r.share_right),
            )
        )
