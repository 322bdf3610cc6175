"""The projector's charts (ui.figures.classroom) filled from their templates: each the very
spec Altair builds, in both languages, for a choice and a number question, one round or
two, before and after the reveal; and what they show is what classroom.poll counted."""

from __future__ import annotations

import pytest
from test_chart_templates import assert_as_altair_builds

from classroom.poll import class_question, question_board
from core.quiz.question import Question
from ui.figures import classroom as figures
from ui.i18n import t
from ui.questions import shown

CHOICE = Question(
    "weighted_sum.negative", "c", "choice", "quiz.choice.yes",
    choices=("quiz.choice.yes", "quiz.choice.no"),
)  # fmt: skip
NUMBER = Question("softmax.sum", "c", "number", 1.0, tolerance=0.05)
VOTES = {  # round -> student -> the vote as stored
    CHOICE.id: {1: {"a": "quiz.choice.no", "b": "quiz.choice.no", "c": "quiz.choice.yes"},
             2: {"a": "quiz.choice.yes", "b": "quiz.choice.no"}},
    NUMBER.id: {1: {"a": "1.0", "b": "0.5", "c": "2.0", "d": "1.02"},
             2: {"a": "1.0", "b": "0.98"}},
}  # fmt: skip


def board(q: Question, rounds: int, revealed: bool):
    votes = {r: VOTES[q.id][r] for r in range(1, rounds + 1)}
    return question_board(class_question("p", "", q), rounds, revealed, votes)


CASES = [(q, r, rev) for q in (CHOICE, NUMBER) for r in (1, 2) for rev in (False, True)]


@pytest.mark.parametrize(("q", "rounds", "revealed"), CASES)
def test_the_spread_is_the_spec_altair_builds(monkeypatch, lang, q, rounds, revealed):
    cq = board(q, rounds, revealed)
    (figure,) = assert_as_altair_builds(monkeypatch, figures.spread, cq, label=shown, text=t)
    data = figure.data.to_pandas()
    for r in cq.rounds:  # every bar of every round, with poll's count
        mine = data[data["series"] == t("classroom.board.round", round=r.round)]
        assert mine["value"].tolist() == [bar.count for bar in r.bars]
    assert data["hl"].any() == revealed  # the answer outlined only once revealed
    answer_shown = t("classroom.board.answer", label="").strip("() （）")
    assert any(answer_shown in label for label in data["label"]) == revealed


@pytest.mark.parametrize("q", [CHOICE, NUMBER])
def test_the_before_and_after_is_the_spec_altair_builds(monkeypatch, lang, q):
    cq = board(q, 2, True)
    (figure,) = assert_as_altair_builds(monkeypatch, figures.before_after, cq.shift, text=t)
    data = figure.data.to_pandas()
    assert data["value"].tolist() == [cq.shift.before, cq.shift.after]
    assert data["text"].tolist() == [
        figures.percent(cq.shift.before),
        figures.percent(cq.shift.after),
    ]
