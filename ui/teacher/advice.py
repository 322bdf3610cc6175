"""The projector's suggested next step after a round's votes (classroom.advice's thresholds),
worked out when the teacher asks for it.

A suggestion that followed the votes live would answer the room: everyone reads the
projector while the round is open, so a student who moves their vote and watches the line
learns whether the choice moved to is right (7 of 10 right says "discuss"; one more right
says "more than 70 % chose the answer"). So the step is a snapshot: the teacher presses
"Suggest a next step" (beside the question's moves), the votes in at that moment decide it,
and the line says how many votes it used and stays as it is while votes move, until the
teacher asks again. A new round or the reveal puts it away.

The share right is worked out in the teacher's own session, which holds the question and
its answer: for a choice from the board's bars (one per choice), for a number from the
class's tallies (each value counted right or not by the store), read at that moment only.
The line names no choice and states no share: the room reads it too.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from classroom.advice import MOVE_ON_ABOVE, RETEACH_BELOW, next_step
from core.quiz import Question
from ui.classroom import session
from ui.i18n import t

ASKED = "_advice"  # session_state: question key -> the Advice the teacher last asked for


@dataclass(frozen=True)
class Advice:
    """The step a round's votes suggested when the teacher asked, and how many it used."""

    round: int
    voters: int
    step: str | None  # one of classroom.advice.STEPS; None: no vote yet


def right_and_voters(m: session.Member, q: Question, cq) -> tuple[int, int] | None:
    """How many chose the answer in the open round, and how many voted in it (None when the
    class's tallies cannot be read)."""
    now = cq.rounds[-1]
    if q.kind == "choice":
        return next((b.count for b in now.bars if b.label == q.answer), 0), now.voters
    rows = session.tallies(m)
    if rows is None:
        return None
    settings = f"{cq.page}?{cq.link}" if cq.link else cq.page
    rows = [r for r in rows if (r.question, r.settings, r.round) == (q.id, settings, cq.round)]
    return sum(r.count for r in rows if r.right), sum(r.count for r in rows)


def take(m: session.Member, q: Question) -> None:
    """Callback of "Suggest a next step": the step the votes in now suggest, kept."""
    session.refresh_board(m)
    cq = session.class_question(m, q)
    if cq is None or cq.revealed or not cq.rounds:
        return
    counted = right_and_voters(m, q, cq)
    if counted is not None:
        kept = st.session_state.setdefault(ASKED, {})
        kept[cq.key] = Advice(cq.round, counted[1], next_step(*counted))


def line(step: str, round_: int) -> str:
    """The suggestion for a step after round 1 or round 2."""
    return t(
        f"teacher.advice.{step}_{min(round_, 2)}",
        low=RETEACH_BELOW,
        high=MOVE_ON_ABOVE,
        again=t("classroom.board.again"),
    )


def button(row, m: session.Member, q: Question, key: str) -> None:
    """ "Suggest a next step", among the question's moves."""
    row.button(
        t("teacher.advice.ask"),
        icon=":material/lightbulb:",
        on_click=take,
        args=(m, q),
        help=t("teacher.advice.ask_help"),
        key=key,
    )


def suggested(m: session.Member, q: Question, question: str = "") -> None:
    """The step last asked for on this question, in its round (``question``: "Question 1"
    when the page asks more than one)."""
    cq = session.class_question(m, q)
    advice = st.session_state.get(ASKED, {}).get(cq.key) if cq is not None else None
    if advice is None or advice.round != cq.round:
        return
    which = f"{question} · " if question else ""
    used = t(f"teacher.advice.from{'_one' if advice.voters == 1 else ''}", voters=advice.voters)
    said = line(advice.step, advice.round) if advice.step else t("classroom.board.no_votes")
    title = f"**{which}{t('teacher.advice.title')}**{used}{t('teacher.notes.sep')}"
    st.markdown(f":material/lightbulb: {title}{said}")
