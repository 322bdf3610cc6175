"""The class store's interface: every call the teacher's panel, the projector and a student's
page make. Two stores implement it alike (classroom.sqlite_store, classroom.redis_store)
and pass one test suite; classroom.factory picks one from a setting.

Every call can raise a ``ClassError`` (classroom.errors) and nothing else for whatever a
student, a link or a crafted message sends; ``StoreUnavailable`` when the store cannot be
reached. Calls that change a class are safe to repeat (a vote replaces the student's vote
of that round, a join of a member only marks them seen, a second reveal changes nothing),
so a call retried after a lost reply counts nothing twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from classroom.export import Tally
from classroom.views import Board, NewClass, Offer, StudentView
from core.quiz.question import Question


class ClassStore(Protocol):
    # --- the teacher (every call but open_class needs the teacher key) --------------------

    def open_class(self) -> NewClass:
        """A new class: its code and the teacher's key (shown once, kept only as a hash)."""
        ...

    def publish(
        self, code: str, key: str, page: str, link: str, questions: Sequence[Question]
    ) -> None:
        """Put the teacher's page's questions to the class (``link``: the query string of
        the teacher's settings, without the key). Their first round opens; questions asked
        before that got no vote are dropped. Publishing the same questions again changes
        nothing."""
        ...

    def next_round(self, code: str, key: str, signature: str) -> None:
        """ "Discuss and vote again": round 2 of this question opens, round 1 is kept."""
        ...

    def reveal(self, code: str, key: str, signature: str) -> None:
        """The answer shows, to the teacher and the students; voting on it ends."""
        ...

    def bring_here(self, code: str, key: str, page: str, link: str) -> Offer:
        """Offer every student a link to this page and these settings."""
        ...

    def board(self, code: str, key: str, since: tuple[int, int] | None = None) -> Board | None:
        """The projector's view; None when nothing moved since the board stamped ``since``
        (one cheap read: the refresh of a live projector)."""
        ...

    def tallies(self, code: str, key: str) -> list[Tally]:
        """The anonymous tallies of every question voted on (classroom.export.tallies_csv)."""
        ...

    def end_class(self, code: str, key: str) -> None:
        """Delete the class and everything in it, now."""
        ...

    # --- a student ------------------------------------------------------------------------

    def join(self, code: str, student: str) -> None:
        """Join (or come back to) a class by its code (typed or from the link)."""
        ...

    def leave(self, code: str, student: str) -> None:
        """Leave: no longer counted as here; the votes given stay in the tallies."""
        ...

    def vote(self, code: str, student: str, signature: str, guess: object) -> int:
        """Record a committed guess on the question with this signature (the student's own
        page's, at the student's settings) for its open round; returns that round.
        NotOpen when the class is not asking that question or its voting is over,
        InvalidVote when the guess is no answer to it."""
        ...

    def student_view(self, code: str, student: str, since: int | None = None) -> StudentView | None:
        """What a student may see of the class; None when nothing a student sees moved
        since ``since``. Also marks the student as here (written at most every
        bounds.HEARTBEAT_S)."""
        ...

    def close(self) -> None:
        """Let go of connections and files (the store may be used again after)."""
        ...
