"""What a class call returns: the teacher's board, a student's view, and what they are made of.

A store reads a class as one ``Snapshot`` (raw: questions, their state, the votes), and the
functions here decide what each side may see of it, so both stores show the same: the
teacher's board has every current question's votes, never an answer before its reveal; a
student's view has no vote of anyone before the reveal, then the spread and the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from classroom.poll import ClassQuestion, QuestionBoard, question_board


@dataclass(frozen=True)
class NewClass:
    """A class just opened: its code (for students) and the teacher's key (teacher only)."""

    code: str
    teacher_key: str


@dataclass(frozen=True)
class Offer:
    """ "Bring the class here": the teacher's page and settings, offered to every student.

    ``number`` counts the offers of the class (1, 2, …): a student's page shows an offer
    whose number it has not shown yet, so each appears once."""

    number: int
    page: str
    link: str


@dataclass(frozen=True)
class Board:
    """The teacher's (and the projector's) view of the class."""

    code: str
    stamp: tuple[int, int]  # (version, present): board(since=stamp) is None until it moves
    present: int  # students seen in the last bounds.PRESENT_S seconds, not left
    joined: int  # ids that ever joined (the bound MAX_MEMBERS counts these)
    questions: tuple[QuestionBoard, ...]  # the teacher's page's, in its order, with votes
    offer: Offer | None

    def voters(self, key: str) -> int:
        """How many voted in the open round of the question with this key."""
        for q in self.questions:
            if q.key == key and q.rounds:
                return q.rounds[-1].voters
        return 0


@dataclass(frozen=True)
class StudentView:
    """A student's view of the class: what is asked, and the votes only once revealed."""

    code: str
    stamp: int  # student_view(since=stamp) is None until something a student sees moves
    questions: tuple[QuestionBoard, ...]  # the teacher's page's; tallies and answer if revealed
    offer: Offer | None
    # The student's own votes on the revealed questions: question key -> round -> vote (as
    # classroom.poll.canonical_vote stored it). Nothing of an open question: the page keeps
    # what it sent, and a vote's verdict waits for the reveal.
    mine: dict[str, dict[int, str]] = field(default_factory=dict, compare=False)

    def question(self, key: str) -> QuestionBoard | None:
        """The class's question with this key (a student's own question, by its
        signature's poll.question_key), or None when the class is not asking it."""
        return next((q for q in self.questions if q.key == key), None)


@dataclass
class Snapshot:
    """A class as a store reads it, before anyone's view is cut from it."""

    code: str
    version: int  # bumped by every change
    student_version: int  # bumped by changes a student sees (questions, rounds, reveals, offers)
    present: int
    joined: int
    current: list[str]  # the keys of the teacher's page's questions, in order
    questions: dict[str, tuple[ClassQuestion, int, bool]]  # key -> (question, round, revealed)
    votes: dict[str, dict[int, dict[str, str]]] = field(default_factory=dict)  # key -> r -> s -> v
    offer: Offer | None = None


def board(s: Snapshot) -> Board:
    boards = tuple(
        question_board(q, round_open, revealed, s.votes.get(key, {}))
        for key in s.current
        for q, round_open, revealed in [s.questions[key]]
    )
    return Board(s.code, (s.version, s.present), s.present, s.joined, boards, s.offer)


def student_view(s: Snapshot, student: str) -> StudentView:
    boards = tuple(
        question_board(q, round_open, revealed, s.votes.get(key, {}) if revealed else None)
        for key in s.current
        for q, round_open, revealed in [s.questions[key]]
    )
    mine = {}
    for key in s.current:
        own = {r: v[student] for r, v in s.votes.get(key, {}).items() if student in v}
        if own and s.questions[key][2]:  # revealed: the votes were read
            mine[key] = own
    return StudentView(s.code, s.student_version, boards, s.offer, mine)
