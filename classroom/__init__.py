"""The class on the projector: a class votes on the page's question, discusses, votes again.

Storage and rules only, no Streamlit: the UI calls a store (``open_store``) and draws what
it returns. The layer above core: it imports core (the questions, their parsing) and
nothing else of the project.

The poll, as a store keeps it:

- A **class** is opened by the teacher: a short code for students (classroom.codes) and a
  secret teacher key, which only the teacher's link carries and every teacher call needs.
- Students **join** with the code: an anonymous random id each, for the class's length.
  A member counts as here while seen in the last bounds.PRESENT_S (its page refreshing
  its view marks it, every bounds.HEARTBEAT_S at most).
- The teacher's page **publishes** its questions (``publish``: page, the settings as the
  link's query string, and core Questions). A question is known by its signature (so by
  its page and settings) and kept with its answer, which no call returns before the
  reveal. Publishing again, from another page or at other settings, makes those the
  current questions; earlier ones that got no vote are dropped, those with votes are kept.
- A question has **rounds**: round 1 opens when it is published, round 2 when the teacher
  says "Discuss and vote again" (round 1 stays, closed). A student's **vote** counts if the
  signature of the question the student answered is one the class was asked and not yet
  revealed: it goes to the round open now, one vote per student and round, a new one
  replacing the old. So a vote at other settings or on another page records nothing, and
  a thousand votes from one student count once.
- **Reveal** closes the question's voting and shows the answer with the tallies: the share
  right in each round, and the shift between them (Peer Instruction's before and after).
- **Bring the class here**: an offer of the teacher's page and settings, numbered so a
  student's page shows each once; students are not moved without a click.
- Each class has two **versions**: one bumped by every change (the projector asks
  ``board(since=stamp)``, one cheap read when nothing moved) and one bumped only by what a
  student sees (questions, rounds, reveals, offers: ``student_view(since=stamp)``), so a
  student cannot even count the votes coming in.
- **Ending** the class, or bounds.IDLE_S (12 h) without a change, deletes it and all it
  holds; before ending, ``tallies`` gives the anonymous counts for ``tallies_csv``.

Bounds on what one class can store: classroom.bounds. Failures: classroom.errors (every
refusal is a ``ClassError``; ``StoreUnavailable`` when the store cannot be reached).

The whole loop, as the UI would call it::

    store = open_store(setting(SETTING, os.environ, st.secrets))
    new = store.open_class()                          # the teacher: code + key
    store.publish(new.code, new.teacher_key, "softmax", "d=64&heads=4", questions)
    me = new_student_id()                             # a student's session
    store.join(typed_code, me)
    store.vote(typed_code, me, question.signature, guess)
    board = store.board(new.code, new.teacher_key)    # the projector, no answer in it
    store.next_round(new.code, new.teacher_key, question.signature)
    store.reveal(new.code, new.teacher_key, question.signature)
    view = store.student_view(typed_code, me)         # the spread and the answer now
    csv_text = tallies_csv(store.tallies(new.code, new.teacher_key))
    store.end_class(new.code, new.teacher_key)
"""

from classroom.bounds import IDLE_S
from classroom.codes import new_student_id, parse_code, show_code
from classroom.errors import (
    BadRequest,
    ClassError,
    ClassFull,
    ClassNotFound,
    InvalidVote,
    NotMember,
    NotOpen,
    NotTeacher,
    StoreUnavailable,
)
from classroom.export import Tally, tallies_csv
from classroom.factory import SETTING, open_store
from classroom.poll import Bar, QuestionBoard, RoundTally, Shift, question_key
from classroom.qr import qr_svg
from classroom.setting import setting
from classroom.store import ClassStore
from classroom.views import Board, NewClass, Offer, StudentView

__all__ = [
    "IDLE_S",
    "SETTING",
    "BadRequest",
    "Bar",
    "Board",
    "ClassError",
    "ClassFull",
    "ClassNotFound",
    "ClassStore",
    "InvalidVote",
    "NewClass",
    "NotMember",
    "NotOpen",
    "NotTeacher",
    "Offer",
    "QuestionBoard",
    "RoundTally",
    "Shift",
    "StoreUnavailable",
    "StudentView",
    "Tally",
    "new_student_id",
    "open_store",
    "parse_code",
    "qr_svg",
    "question_key",
    "setting",
    "show_code",
    "tallies_csv",
]
