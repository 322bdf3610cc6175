"""The poll's rules: a vote's check, and the spread of the votes, which must not tell the
answer before the reveal."""

from __future__ import annotations

import pytest

from classroom import bounds, poll
from classroom.errors import BadRequest, InvalidVote
from core.quiz import NUMBER_LIMIT
from core.quiz.question import Question

CHOICE = Question("overview.top", "compare", "choice", "cake", choices=("I", "ate", "cake", "it"))
NUMBER = Question("softmax.sum", "sum", "number", 1.0, tolerance=0.005, decimals=3)


def asked(q: Question) -> poll.ClassQuestion:
    return poll.class_question("page", "d=8", q)


def test_a_choice_vote_must_be_one_of_the_choices_exactly():
    q = asked(CHOICE)
    assert poll.canonical_vote(q, "cake") == "cake"
    for wrong in ("Cake", "cake ", "quiz.choice.up", "", 3, None, True, ["cake"], {"a": 1}):
        with pytest.raises(InvalidVote):
            poll.canonical_vote(q, wrong)


def test_a_number_vote_is_parsed_like_a_guess_and_stored_canonically():
    q = asked(NUMBER)
    same = ("0.5", "0,5", " 0.50 ", "０.５", 0.5, ".5")
    assert {poll.canonical_vote(q, g) for g in same} == {"0.5"}
    assert poll.canonical_vote(q, "-0") == "0.0"
    assert poll.canonical_vote(q, str(NUMBER_LIMIT)) == "1000000.0"
    reasons = {
        "": "empty",
        "abc": "not_a_number",
        "1e7": "too_large",
        "nan": "too_large",
        "inf": "too_large",
        float("nan"): "too_large",
        "9" * 300: "too_long",
    }
    for wrong, reason in reasons.items():
        with pytest.raises(InvalidVote) as refused:
            poll.canonical_vote(q, wrong)
        assert refused.value.reason == reason
    for wrong in (None, True, [1.0]):
        with pytest.raises(InvalidVote):
            poll.canonical_vote(q, wrong)
    for huge in (10**400, 10**100_000, -(10**7)):  # sent as numbers by a crafted message
        with pytest.raises(InvalidVote) as refused:
            poll.canonical_vote(q, huge)
        assert refused.value.reason == "too_large"


def test_a_question_is_checked_against_the_bounds_before_it_is_published():
    poll.class_question("page", "x" * bounds.MAX_LINK_CHARS, CHOICE)
    with pytest.raises(BadRequest, match="too_long"):
        poll.class_question("page", "x" * (bounds.MAX_LINK_CHARS + 1), CHOICE)
    with pytest.raises(BadRequest, match="too_long"):
        poll.class_question("p" * (bounds.MAX_PAGE_CHARS + 1), "", CHOICE)
    many = Question("x", "compare", "choice", "0", choices=tuple(map(str, range(200))))
    with pytest.raises(BadRequest):
        poll.class_question("page", "", many)
    with pytest.raises(BadRequest):
        poll.class_question("page", "", Question("x", "sum", "slider", 1.0))
    for answer, tolerance in (("many", 0.1), (float("nan"), 0.1), (1.0, -1.0), (1.0, None)):
        with pytest.raises(BadRequest):
            poll.class_question(
                "page", "", Question("x", "sum", "number", answer, tolerance=tolerance)
            )
    with pytest.raises(BadRequest):
        poll.question_key("s" * (bounds.MAX_SIGNATURE_CHARS + 1))
    assert poll.question_key(CHOICE.signature) == asked(CHOICE).key
    other = Question(
        "overview.top", "compare", "choice", "cake", choices=CHOICE.choices, values={"token": "it"}
    )
    assert poll.question_key(other.signature) != asked(CHOICE).key


def test_a_question_keeps_what_it_needs_through_json():
    for q in (asked(CHOICE), asked(NUMBER)):
        assert poll.from_json(poll.to_json(q)) == q


def bars(board: poll.QuestionBoard, r: int = 0) -> list[tuple[str, int]]:
    return [(b.label, b.count) for b in board.rounds[r].bars]


def test_choice_bars_list_every_choice_and_mark_the_answer_only_after_the_reveal():
    q = asked(CHOICE)
    votes = {1: {"a": "cake", "b": "it", "c": "cake"}}
    before = poll.question_board(q, 1, False, votes)
    assert bars(before) == [("I", 0), ("ate", 0), ("cake", 2), ("it", 1)]
    assert before.answer is None and before.rounds[0].right is None
    assert {b.right for b in before.rounds[0].bars} == {None}
    after = poll.question_board(q, 1, True, votes)
    assert after.answer == "cake" and after.rounds[0].right == 2
    assert [b.right for b in after.rounds[0].bars] == [False, False, True, False]
    assert after.rounds[0].share_right == pytest.approx(2 / 3)


def test_number_bins_before_the_reveal_do_not_depend_on_the_answer():
    votes = {1: {"a": "60", "b": "64", "c": "70", "d": "100", "e": "8"}}
    boards = [
        poll.question_board(
            asked(Question("scaling.grow", "grow", "number", a, tolerance=t)), 1, False, votes
        )
        for a, t in ((64.0, 16.0), (63.7, 15.93), (100.0, 1.0), (8.0, 0.25))
    ]
    first = boards[0].rounds[0].bars
    assert all(b.rounds[0].bars == first for b in boards)
    counts = {5: 1, 60: 2, 70: 1, 100: 1}  # bins of 5 (a round width from the votes)
    assert bars(boards[0]) == [(f"{lo}–{lo + 5}", counts.get(lo, 0)) for lo in range(5, 105, 5)]


def test_after_the_reveal_the_middle_bin_is_exactly_the_range_counted_right():
    q = asked(NUMBER)  # 1.0 ± 0.005
    votes = {1: {"a": "1.0", "b": "1.005", "c": "0.995", "d": "1.0051", "e": "0.98", "f": "5"}}
    board = poll.question_board(q, 1, True, votes)
    right = [b for b in board.rounds[0].bars if b.right]
    assert len(right) == 1 and right[0].count == 3 and board.rounds[0].right == 3
    assert right[0].lo == pytest.approx(0.995) and right[0].hi == pytest.approx(1.005)
    assert sum(b.count for b in board.rounds[0].bars) == 6


def test_far_guesses_are_pooled_so_a_histogram_stays_readable():
    q = asked(NUMBER)
    votes = {1: {f"s{i}": str(1 + i / 100) for i in range(40)} | {"far": "900000", "low": "-5"}}
    for revealed in (False, True):
        board = poll.question_board(q, 1, revealed, votes)
        got = board.rounds[0].bars
        assert len(got) <= poll.MAX_BINS + 2
        assert sum(b.count for b in got) == 42
        assert got[0].lo is None and got[-1].hi is None


def test_an_exact_answer_gets_a_bar_per_value_given():
    q = asked(Question("similarity.count", "compare", "number", 64))
    votes = {1: {"a": "64", "b": "16", "c": "64", "d": "8.5"}}
    assert bars(poll.question_board(q, 1, False, votes)) == [("8.5", 1), ("16", 1), ("64", 2)]
    after = poll.question_board(q, 1, True, votes)
    assert [b.right for b in after.rounds[0].bars] == [False, False, True]


def test_both_rounds_share_their_bars_and_the_shift_follows_each_student():
    q = asked(CHOICE)
    votes = {
        1: {"a": "cake", "b": "it", "c": "it", "d": "I", "e": "cake"},
        2: {"a": "cake", "b": "cake", "c": "it", "d": "cake", "f": "cake"},
    }
    board = poll.question_board(q, 2, True, votes)
    assert [r.round for r in board.rounds] == [1, 2]
    assert [b.label for b in board.rounds[0].bars] == [b.label for b in board.rounds[1].bars]
    assert board.shift == poll.Shift(
        before=2 / 5, after=4 / 5, stayed_right=1, became_right=2, became_wrong=0, stayed_wrong=1
    )
    assert poll.question_board(q, 2, False, votes).shift is None
    hidden = poll.question_board(q, 2, True, None)
    assert hidden.rounds == () and hidden.answer == "cake"
