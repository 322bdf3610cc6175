"""The projector's suggested next step after a round's votes (classroom.advice's thresholds).

Drawn under the spreads by the projector's live part (ui.classroom.panel): for each open
question that has votes in its round, one line saying what to do next. The share right is
worked out here, in the teacher's own session, which holds the question and its answer:
for a choice from the board's bars (one per choice), for a number from the class's tallies
(the values given, each counted right or not by the store), read again only when the votes
moved. The line names no choice and states no share: the room reads it too.
"""

from __future__ import annotations

import streamlit as st

import classroom
from classroom.advice import MOVE_ON_ABOVE, RETEACH_BELOW, next_step
from core.quiz import Question
from ui.classroom import session
from ui.i18n import t

TALLIES = "_advice_tallies"  # session_state: (the board's stamp, the class's tallies)


def _tallies(m: session.Member) -> list[classroom.Tally]:
    """The class's tallies, read once per board (the projector redraws every second)."""
    stamp = m.board.stamp if m.board else None
    kept = st.session_state.get(TALLIES)
    if kept is None or kept[0] != stamp:
        try:
            rows = session.store().tallies(m.code, m.key)
        except (classroom.ClassError, ValueError):  # unreachable: no suggestion this time
            return []
        st.session_state[TALLIES] = kept = (stamp, rows)
    return kept[1]


def right_and_voters(m: session.Member, q: Question, cq) -> tuple[int, int]:
    """How many chose the answer in the open round, and how many voted in it."""
    now = cq.rounds[-1]
    if q.kind == "choice":
        return next((b.count for b in now.bars if b.label == q.answer), 0), now.voters
    settings = f"{cq.page}?{cq.link}" if cq.link else cq.page
    rows = [
        r for r in _tallies(m) if (r.question, r.settings, r.round) == (q.id, settings, cq.round)
    ]
    return sum(r.count for r in rows if r.right), sum(r.count for r in rows)


def line(step: str, round_: int) -> str:
    """The suggestion for a step after round 1 or round 2."""
    return t(
        f"teacher.advice.{step}_{min(round_, 2)}",
        low=RETEACH_BELOW,
        high=MOVE_ON_ABOVE,
        again=t("classroom.board.again"),
    )


def suggest(m: session.Member, live: list[tuple[int, Question]], numbered: bool) -> None:
    """Under the spreads: the next step each open question's votes suggest."""
    for i, q in live:
        cq = session.class_question(m, q)
        if cq is None or not cq.rounds or not cq.rounds[-1].voters:
            continue
        step = next_step(*right_and_voters(m, q, cq))
        if step is None:
            continue
        which = f"{t('classroom.board.question', n=i)} · " if numbered else ""
        label = f"{which}{t('teacher.advice.title')}{t('teacher.notes.sep')}".strip()
        st.markdown(f":material/lightbulb: **{label}** {line(step, cq.round)}")
