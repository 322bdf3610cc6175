"""Predict, then reveal: a page's questions, asked where their answers would show.

A page calls ``ask(name, questions)`` at the point after which its figures give the answer
away; ``ask`` draws the questions and returns whether the rest may be drawn. Until every
question there is answered or skipped, nothing after it is made or sent: a student sees the
question and what is needed to think about it, commits a guess (or asks to be shown without
guessing, which counts as skipped), and only then the verdict, the reason and the figures
that prove it. With "Questions first" off (the sidebar, ``ask=0`` in the link) the page
shows everything at once and the questions wait, folded, at the same place. In the
presenter view there is no guess to type: the class votes, then the teacher reveals.

Answers are kept per session by the question's signature, so a new sentence or a new
d_model asks afresh. Outside a class nothing is stored on the server or shared between
students. In a class (ui.classroom.session) a committed guess is also a vote: "Check" records it
for the class, under the question's signature (the student's page and settings). While the
class has a question open on the page, the page holds back its verdicts and its rest,
whatever the student's own settings ("Questions first" off, another followed token or
model size, the presenter view, a stop's own settings): on the class's question "Check" is
a vote and the page says it is in; a question at other settings waits, and the page
offers the class's settings; "Check" and "Show me" look at the class again before keeping
anything, for a page drawn before it asked (ui.classroom.ballot). A question answered
before the class asked it keeps its verdict. Once revealed, or on a page the class is not
voting on, the page is as outside a class. The teacher's page draws the projector
(ui.classroom.panel) in place of the question box.
"""

from __future__ import annotations

import streamlit as st

from core.quiz import Question
from ui import registry
from ui.classroom import ballot, session
from ui.classroom import panel as class_panel
from ui.classroom import student as class_student
from ui.i18n import t
from ui.questions import (
    REVEALED,
    answers,
    choices_text,
    guess_widget,
    question_text,
    read_guess,
    showing,
    verdict,
)
from ui.settings import Settings
from ui.teacher import notes as teacher_notes
from ui.view import follow_whole_page, mark_whole_page, unfold


def score() -> tuple[int, int, int]:
    """(answered, right, skipped) over this session's questions."""
    done = list(answers().values())
    guessed = [r for r in done if not r["skipped"]]
    return len(guessed), sum(bool(r["right"]) for r in guessed), len(done) - len(guessed)


def _guess_key(name: str, i: int) -> str:
    return f"quiz_{name}_{i}_guess"


def _check(name: str, pending: list[tuple[int, Question]]) -> None:
    """Form callback, "Check": keep each guess given, or say what is wrong with it. In a
    class that holds the page (asked since it was drawn, too), no verdict is kept."""
    held = ballot.recheck(registry.page_asking(name))
    for i, q in pending:
        key = _guess_key(name, i)
        if (read := read_guess(q, key)) is None:
            continue
        guess, typed = read
        raw = st.session_state[key]
        # In a class the guess is the student's vote too; on the class's question, only that.
        outcome = session.vote(q, raw, typed, guess)
        if outcome == "counted" or (outcome and ballot.holds(q, answers())) or held:
            continue
        answers()[q.signature] = {"guess": typed, "right": q.is_right(guess), "skipped": False}
    mark_whole_page()  # the score in the sidebar


def _skip(name: str, pending: list[tuple[int, Question]]) -> None:
    """Form callback, "Show me without guessing": the answers, counted as skipped; nothing
    while a class holds the page (asked since it was drawn, too)."""
    if ballot.recheck(registry.page_asking(name)):
        return
    for _, q in pending:
        answers()[q.signature] = dict(REVEALED)
    mark_whole_page()


def _questions(name: str, questions: list[Question], settings: Settings) -> bool:
    """The questions' verdicts, then a form for those not answered yet; True when none is
    left and no class holds the page."""
    records = answers()
    class_open = ballot.open_here(registry.page_asking(name))
    ballot.watch(questions, class_open)  # a new round or a reveal there reruns the page
    pending, held, waiting = [], set(), False
    for i, q in enumerate(questions, 1):
        how = ballot.state(q, records)
        if how == ballot.REVEALED:  # the class's question, revealed: the verdict per round
            st.markdown(question_text(q))
            rounds = ballot.verdicts(q)
            ballot.revealed(q, rounds, settings)
            if rounds:  # the session's score counts the last round's vote
                records[q.signature] = list(rounds.values())[-1]
            records.setdefault(q.signature, dict(REVEALED))
        elif how is None and q.signature in records:
            st.markdown(question_text(q))
            verdict(q, records[q.signature], settings)
            class_student.student_question(q, answered=True)
        elif how is None and class_open:  # not the class's (other settings): it waits too
            waiting = True
        else:
            pending.append((i, q))
            held |= {q.signature} if how == ballot.OPEN else set()
    if pending:
        _form(name, pending, held, bool(class_open), settings)
    if class_open:
        ballot.held_note(name, class_open, questions, waiting)
    return not pending and not class_open


def _form(name: str, pending: list, held: set, page_held: bool, settings: Settings) -> None:
    """The questions not answered yet: a guess each and "Check" (in a class: "Vote"), and
    "Show me" unless a class holds them; in the presenter view (no class), the choices to
    vote on by hand and "Reveal"."""
    in_class = session.studying() is not None
    present = settings.present and not in_class  # a student in class votes in any view
    said = {q.signature: ballot.notes(q) for _, q in pending if q.signature in held}
    once = len(said) > 1 and len({tuple(n) for n in said.values()}) == 1  # said once, below
    with st.form(f"quiz_{name}", border=False):
        for i, q in pending:
            key = _guess_key(name, i)
            st.markdown(question_text(q))
            if present:
                if choices := choices_text(q):
                    st.markdown(choices)
                continue
            guess_widget(q, key, lettered=in_class)
            if error := st.session_state.get(f"{key}_error"):
                st.warning(t(error), icon=":material/edit:")
            if q.signature in held and not once:  # the vote is in: no verdict until the reveal
                ballot.show(said[q.signature])
        if once:
            ballot.show(next(iter(said.values())))
        if not present:
            st.form_submit_button(
                t("classroom.vote.send" if held else "quiz.check"),
                on_click=_check,
                args=(name, pending),
                type="primary",
                key=f"quiz_{name}_check",
            )
        if not held and not page_held:  # "Show me" would give the class's answer away
            st.form_submit_button(
                t("quiz.reveal" if present else "quiz.skip"),
                on_click=_skip,
                args=(name, pending),
                help=t("quiz.reveal_help" if present else "quiz.skip_help"),
                key=f"quiz_{name}_skip",
            )
    for _, q in pending:  # in a class: a vote that did not count
        if q.signature not in held:
            class_student.student_question(q, answered=False)
    if settings.present and session.member() is None:  # the class votes on its phones
        class_panel.teach_button()


def ask(name: str, settings: Settings, *results) -> bool:
    """The page's questions (those its declaration names ``name``, made from the ``results``
    the page draws) at the point where their answers would show; True once the rest of the page may
    be drawn (every question answered or skipped, or questions off)."""
    follow_whole_page()  # a guess committed in a fragment: the score in the sidebar too
    questions = registry.questions()[name](*results)
    teacher_notes.draw(name, questions, settings)  # in the presenter view only, folded
    # A student in a class voting on a question here: the page waits, questions first or not.
    class_open = ballot.open_here(registry.page_asking(name))
    if not questions and not class_open:
        return True
    if showing(questions[0].id.partition(".")[0], settings):  # "Show me" shows, not asks
        for q in questions:
            answers().setdefault(q.signature, dict(REVEALED))
    if session.teaching() is not None:  # the projector: the class's votes, then the reveal
        return class_panel.projector(name, questions, settings)
    title = t("quiz.title_n", n=len(questions)) if len(questions) > 1 else t("quiz.title")
    if not settings.ask and not class_open:  # explored freely: all shows, the questions wait
        unfold(title, f"quiz_{name}_open", _questions, name, questions, settings)
        return True
    box = st.container(border=True, key=f"quiz_{name}_box")
    with box:
        st.markdown(f":material/psychology: **{title}**")
        return _questions(name, questions, settings)
