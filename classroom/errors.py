"""What a class call can refuse: one exception family, each with a reason for its message.

The UI catches ``ClassError`` and shows the message of ``err.reason`` (a short key such as
"not_found" or "closed"); ``StoreUnavailable`` is the one that means "the store cannot be
reached now, try again", which the UI treats as a passing outage rather than a refusal.
No call lets any other exception out for what a student or a link can send.
"""

from __future__ import annotations


class ClassError(Exception):
    """A class call refused; ``reason`` names why, for the UI's message."""

    reason = "error"

    def __init__(self, reason: str | None = None) -> None:
        if reason:
            self.reason = reason
        super().__init__(self.reason)


class StoreUnavailable(ClassError):
    """The store cannot be reached (down, timed out, locked, out of space): try again later.

    Raised by every call of a store when it cannot do its work, and at once, without
    trying, for a short while after such a failure (see ``classroom.outage``)."""

    reason = "unavailable"


class ClassNotFound(ClassError):
    """No open class has this code: unknown or expired ("not_found"), ended by its teacher
    in the last 12 hours ("ended"), or not a code at all ("malformed_code")."""

    reason = "not_found"


class NotTeacher(ClassError):
    """The teacher key is wrong or malformed: no teacher control works without it."""

    reason = "not_teacher"


class NotMember(ClassError):
    """This student has not joined the class or has left it ("not_member"), or the id is
    none that classroom.codes makes ("malformed_student"): join again."""

    reason = "not_member"


class NotOpen(ClassError):
    """The vote records nothing: the question is not one the teacher put to the class
    ("not_published": another page, other settings) or its voting is over ("closed")."""

    reason = "not_published"


class InvalidVote(ClassError):
    """The guess is not an answer to the question: "not_a_choice", "empty", "not_a_number",
    "too_large" (core.quiz.parse_number's reasons) or "too_long"."""

    reason = "invalid"


class ClassFull(ClassError):
    """A bound of classroom.bounds is reached: "members", "questions" or "classes"."""

    reason = "full"


class BadRequest(ClassError):
    """What the page sent cannot be stored: too long ("too_long"), a question of an unknown
    kind, without choices or asked twice ("bad_question"), a link holding the teacher key
    ("link_has_key"), or not text at all ("bad_request")."""

    reason = "bad_request"
