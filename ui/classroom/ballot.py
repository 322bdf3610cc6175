"""In a class, a vote is a vote: on the question the class is asked, a student's "Check"
records the vote and says so, and the verdict waits for the teacher's reveal.

Peer Instruction asks first, lets neighbours argue, asks again, and only then answers: a
verdict under the first vote would make the second one measure nothing. So until the
reveal a student's page shows the question, the vote given (which may change until its
round closes) and "Your vote is in", and nothing from which the answer can be read: no
verdict, no explanation, and not the rest of the page that ``ui.quiz.ask`` holds back (the
session's score does not count a vote either). After the reveal, the student's own
verdict for each round they voted in (from the store's view, so a page opened again has
them too), the explanation and the class's spread; then the page goes on.

The whole page waits while the class votes on a question there (``open_here``), not only
the question with the class's signature: a student at other settings (another followed
token, sentence or model size, a stop's own settings) asks another question, but the
page's figures still show the class's answer. Such a question waits unanswered; the page
says why and offers the class's settings (``held_note``). A question the student had
answered before the class asked it keeps its verdict (given then), and the rest waits all
the same. On a page the class is not voting on, a question is answered as outside a class.

What here draws only draws: the page (ui.quiz) keeps the session's score from
``verdicts`` and says which class questions it drew (``watch``).
"""

from __future__ import annotations

import streamlit as st

import classroom as store_api
from classroom import QuestionBoard
from core.quiz.question import Question
from ui import questions as asked
from ui.classroom import session
from ui.classroom.student import class_votes, refusal, take_settings
from ui.i18n import t
from ui.settings import Settings

OPEN, REVEALED = "open", "revealed"


def state(q: Question, records: dict) -> str | None:
    """OPEN: the class holds this question's verdict back (asked and not revealed, or
    voted on and not revealed yet); REVEALED: revealed to a student who voted on it or had
    not answered it; None: a question as outside a class."""
    m = session.studying()
    if m is None:
        return None
    cq = session.class_question(m, q)
    if cq is not None and cq.revealed:
        voted = q.signature in m.ballots or cq.key in _mine(m)
        return REVEALED if voted or q.signature not in records else None
    if q.signature in records:  # answered before the class asked it: the verdict is out
        return None
    if cq is not None or q.signature in m.ballots:
        return OPEN
    return None


def _mine(m: session.Member) -> dict[str, dict[int, str]]:
    return m.view.mine if m.view is not None else {}


def open_here(page: str) -> tuple[QuestionBoard, ...]:
    """The class's questions asked on ``page`` and not revealed yet, for a student in class.
    While there is one, the page's rest is held back whatever the student's own settings:
    another followed token, sentence or model size asks another question, but its figures
    (a whole weights matrix, a yes or no that holds at every size) show the class's answer."""
    m = session.studying()
    if m is None or m.view is None:
        return ()
    return tuple(b for b in m.view.questions if b.page == page and not b.revealed)


def recheck(page: str) -> tuple[QuestionBoard, ...]:
    """``open_here``, as the store has it now: for a callback about to keep an answer
    ("Check", "Show me") on a page drawn before the class asked (its view is up to
    session.STUDENT_POLL_S old; one cheap call when nothing moved)."""
    m = session.studying()
    if m is not None and not open_here(page):
        session.refresh_view(m)
    return open_here(page)


def watch(questions: list[Question], boards: tuple[QuestionBoard, ...] = ()) -> None:
    """The page drew these questions and waits on these class questions: a new round or a
    reveal of one (the class's, at whatever settings) reruns it (ui.classroom.student's
    poll); the reveal of one it waits on lets the page go on."""
    m = session.studying()
    if m is not None:
        m.drawn.update(store_api.question_key(q.signature) for q in questions)
        m.drawn.update(b.key for b in boards)


def held_note(
    name: str, class_open: tuple[QuestionBoard, ...], questions: list[Question], waiting: bool
) -> None:
    """Under the questions of a page the class holds: why the rest waits; and where some of
    the student's questions here are not the class's (``waiting``: other settings; or none
    is), the class's settings to take, to vote with everyone."""
    m = session.studying()
    if not waiting and any(session.class_question(m, q) is not None for q in questions):
        st.caption(f":material/hourglass_top: {t('classroom.held')}")
        return
    st.info(t("classroom.held.elsewhere"), icon=":material/tune:")
    st.button(
        t("classroom.held.take"),
        type="primary",
        icon=":material/arrow_forward:",
        on_click=take_settings,
        args=(class_open[0].link,),
        key=f"class_take_{name}",
    )


def holds(q: Question, records: dict) -> bool:
    """Whether "Check" on this question is a vote whose verdict waits (after the vote)."""
    return state(q, records) == OPEN


def notes(q: Question) -> list[tuple[str, str, str]]:
    """What to say under a question the class holds, as (kind, text, icon): the vote
    counted (or not, and why), and what comes next; the same words whatever the vote."""
    m = session.studying()
    if m is None:
        return []
    cq = session.class_question(m, q)
    given = m.ballots.get(q.signature, {})
    round_open = cq.round if cq is not None else max(given, default=1)
    outcome, detail = m.votes.get(q.signature, (None, None))
    said = []
    if outcome == "unreachable":
        said.append(("warning", t("classroom.vote.unreachable"), ":material/cloud_off:"))
    elif outcome == "refused" and detail not in ("not_published", None):
        said.append(("warning", t(f"classroom.vote.{refusal(detail)}"), ":material/how_to_vote:"))
    if round_open in given:
        said.append(("info", t("classroom.vote.counted"), ":material/how_to_vote:"))
        if cq is None:  # the class moved on (another page, other settings): it waits
            said.append(("caption", t("classroom.vote.waiting"), ""))
        else:
            said.append(("caption", t("classroom.vote.counted_note", round=round_open), ""))
    elif given:  # voted in round 1, round 2 is open
        said.append(("info", t("classroom.vote.again", round=round_open), ":material/forum:"))
        said.append(("caption", t("classroom.vote.again_body"), ""))
    return said


def show(said: list[tuple[str, str, str]]) -> None:
    for kind, text, icon in said:
        if kind == "caption":
            st.caption(text)
        else:
            getattr(st, kind)(text, icon=icon)


def _shown_vote(q: Question, value: str) -> str:
    """A vote as the store kept it (poll.canonical_vote), as the student reads it."""
    if q.kind != "number":
        return asked.shown(value)
    number = float(value)
    return str(int(number)) if number.is_integer() else repr(number)


def verdicts(q: Question) -> dict[int, dict]:
    """A revealed question's verdicts on the student's own votes, by round: the store's
    view of them, or what this page sent when that view is older than its votes."""
    m = session.studying()
    key = store_api.question_key(q.signature)
    stored = _mine(m).get(key, {})
    if stored:
        given = {r: (_shown_vote(q, v), v) for r, v in stored.items()}
    else:
        given = m.ballots.get(q.signature, {})
    return {
        r: {"guess": shown, "right": q.is_right(guess), "skipped": False}
        for r, (shown, guess) in sorted(given.items())
    }


def revealed(q: Question, rounds: dict[int, dict], settings: Settings) -> None:
    """A revealed question: the verdict on each round's vote (``verdicts``; "shown
    without a guess" when there is none), why, and the class's votes."""
    m = session.studying()
    cq = session.class_question(m, q)
    named = cq.round > 1 or len(rounds) > 1  # the class voted twice: say which round
    for r, record in rounds.items():
        prefix = f"**{t('classroom.board.round', round=r)}** · " if named else ""
        asked.verdict_line(q, record, prefix)
    if not rounds:
        asked.verdict_line(q, asked.answers().get(q.signature, asked.REVEALED))
    asked.explanation(q, settings)
    class_votes(m, cq)
