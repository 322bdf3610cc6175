"""What both stores share: every argument checked the same way, the teacher key checked in
constant time, the store's failures turned into StoreUnavailable, and the views cut from
what the store read. A store subclasses ``StoreBase`` and provides its primitives (the
methods starting with an underscore), each one atomic in the store.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from classroom import bounds, codes, export, views
from classroom.errors import BadRequest, ClassFull, ClassNotFound, NotOpen
from classroom.outage import QUIET_S, Outage
from classroom.poll import ClassQuestion, canonical_vote, class_question, question_key
from core.quiz.question import Question

# Questions a vote was checked against, kept per process: a published question never
# changes (its key is its signature's), so a vote needs one call to the store, not two.
ASKED_KEPT = 512


class StoreBase:
    """The ClassStore calls, on a store's primitives."""

    # The store's own exceptions that mean it cannot be reached (or cannot work).
    failures: tuple[type[BaseException], ...] = ()

    def __init__(self, *, clock: Callable[[], float] = time.time, quiet_s: float = QUIET_S) -> None:
        self.clock = clock  # seconds, as time.time: a test moves it to expire a class
        self.outage = Outage(quiet_s)
        self._asked: dict[tuple[str, str], ClassQuestion] = {}

    @contextmanager
    def _reach(self, code: str | None = None) -> Iterator[None]:
        """The store's work: its failures become StoreUnavailable; a class not found whose
        code was ended (``end_class``) in the last bounds.IDLE_S is said to have "ended",
        so a student reads that rather than a mistyped code."""
        try:
            with self.outage.guard(self.failures):
                yield
        except ClassNotFound as gone:
            if code is None or gone.reason != "not_found":
                raise
            with self.outage.guard(self.failures):
                ended = self._ended(code, self.clock())
            if not ended:
                raise
            raise ClassNotFound("ended") from None

    # --- the teacher ----------------------------------------------------------------------

    def open_class(self) -> views.NewClass:
        key = codes.new_teacher_key()
        with self._reach():
            for _ in range(8):  # taken 8 times in a row: (10⁴ / 2.6·10¹³)⁸ ≈ 10⁻⁷⁵
                code = codes.new_code()
                if self._create(code, codes.key_hash(key), self.clock()):
                    return views.NewClass(code, key)
        raise ClassFull("classes")  # unreachable in practice

    def _teacher(self, code: object, key: object) -> tuple[str, float]:
        """The class's code once the key is checked, and the time of the call."""
        code, now = codes.parse_code(code), self.clock()
        with self._reach(code):
            stored = self._key_hash(code, now)
        codes.check_key(key, stored)
        return code, now

    def publish(
        self, code: str, key: str, page: str, link: str, questions: Sequence[Question]
    ) -> None:
        code, now = self._teacher(code, key)
        asked = [class_question(page, link, q) for q in questions]
        if len(asked) > bounds.MAX_CURRENT or len({q.key for q in asked}) < len(asked):
            raise BadRequest("bad_question")
        if key in page or key in link:
            raise BadRequest("link_has_key")
        with self._reach():
            self._publish(code, asked, now)

    def next_round(self, code: str, key: str, signature: str) -> None:
        code, now = self._teacher(code, key)
        qkey = question_key(signature)
        with self._reach():
            self._next_round(code, qkey, now)

    def reveal(self, code: str, key: str, signature: str) -> None:
        code, now = self._teacher(code, key)
        qkey = question_key(signature)
        with self._reach():
            self._reveal(code, qkey, now)

    def bring_here(self, code: str, key: str, page: str, link: str) -> views.Offer:
        code, now = self._teacher(code, key)
        if not isinstance(page, str) or not isinstance(link, str):
            raise BadRequest("bad_request")
        if len(page) > bounds.MAX_PAGE_CHARS or len(link) > bounds.MAX_LINK_CHARS:
            raise BadRequest("too_long")
        if key in page or key in link:
            raise BadRequest("link_has_key")
        with self._reach():
            return self._offer(code, page, link, now)

    def board(
        self, code: str, key: str, since: tuple[int, int] | None = None
    ) -> views.Board | None:
        code, now = codes.parse_code(code), self.clock()
        with self._reach(code):
            stored, version, present = self._stamp(code, now)
        codes.check_key(key, stored)
        if isinstance(since, tuple | list) and tuple(since) == (version, present):
            return None
        with self._reach():
            return views.board(self._snapshot(code, now, "current"))

    def tallies(self, code: str, key: str) -> list[export.Tally]:
        code, now = self._teacher(code, key)
        with self._reach():
            return export.tallies(self._snapshot(code, now, "all"))

    def end_class(self, code: str, key: str) -> None:
        code, now = self._teacher(code, key)
        with self._reach():
            self._delete(code, now)

    # --- a student ------------------------------------------------------------------------

    def join(self, code: str, student: str) -> None:
        code, student = codes.parse_code(code), codes.parse_student(student)
        with self._reach(code):
            self._join(code, student, self.clock())

    def leave(self, code: str, student: str) -> None:
        code, student = codes.parse_code(code), codes.parse_student(student)
        with self._reach(code):
            self._leave(code, student, self.clock())

    def vote(self, code: str, student: str, signature: str, guess: object) -> int:
        code, student = codes.parse_code(code), codes.parse_student(student)
        qkey = question_key(signature)
        asked = self._asked.get((code, qkey))
        if asked is None:
            with self._reach(code):
                asked = self._question(code, qkey, self.clock())
            if asked is None:
                raise NotOpen("not_published")
            if len(self._asked) >= ASKED_KEPT:
                self._asked.clear()
            self._asked[code, qkey] = asked
        value = canonical_vote(asked, guess)
        with self._reach(code):  # which checks again that the question is asked and open
            return self._vote(code, student, qkey, value, self.clock())

    def student_view(
        self, code: str, student: str, since: int | None = None
    ) -> views.StudentView | None:
        code, student = codes.parse_code(code), codes.parse_student(student)
        now = self.clock()
        with self._reach(code):
            stamp = self._student_stamp(code, student, now)
        if since is not None and since == stamp:
            return None
        with self._reach(code):
            return views.student_view(self._snapshot(code, now, "revealed"), student)

    def close(self) -> None:
        pass

    # --- the primitives a store provides (each atomic; ClassError for a refusal) ----------

    def _create(self, code: str, key_hash: str, now: float) -> bool:
        """Open a class under this code; False if the code is taken (ClassFull: too many)."""
        raise NotImplementedError

    def _delete(self, code: str, now: float) -> None:
        """Delete the class, and keep its code as ended (nothing else) for bounds.IDLE_S."""
        raise NotImplementedError

    def _ended(self, code: str, now: float) -> bool:
        """Whether a class of this code was ended in the last bounds.IDLE_S."""
        raise NotImplementedError

    def _key_hash(self, code: str, now: float) -> str:
        raise NotImplementedError

    def _stamp(self, code: str, now: float) -> tuple[str, int, int]:
        """(key hash, version, students present): one cheap read."""
        raise NotImplementedError

    def _publish(self, code: str, questions: list[ClassQuestion], now: float) -> None:
        raise NotImplementedError

    def _next_round(self, code: str, qkey: str, now: float) -> None:
        raise NotImplementedError

    def _reveal(self, code: str, qkey: str, now: float) -> None:
        raise NotImplementedError

    def _offer(self, code: str, page: str, link: str, now: float) -> views.Offer:
        raise NotImplementedError

    def _join(self, code: str, student: str, now: float) -> None:
        raise NotImplementedError

    def _leave(self, code: str, student: str, now: float) -> None:
        raise NotImplementedError

    def _question(self, code: str, qkey: str, now: float) -> ClassQuestion | None:
        raise NotImplementedError

    def _vote(self, code: str, student: str, qkey: str, value: str, now: float) -> int:
        """Record a checked vote if the student is a member and the question open."""
        raise NotImplementedError

    def _student_stamp(self, code: str, student: str, now: float) -> int:
        """The class's student version, the student marked here (a member only)."""
        raise NotImplementedError

    def _snapshot(self, code: str, now: float, votes_of: str) -> views.Snapshot:
        """The class; questions: the current ones ("current", "revealed") or all ("all");
        votes: of the current questions, of the current revealed ones, or of all."""
        raise NotImplementedError
