"""Both class stores, one suite: the whole loop, what a hostile client may send, bounds,
expiry, replicas, a restart, the store stopped mid-class, and votes at once.

SQLite in a file under tmp_path; Redis a real redis-server, started by the module on a
free port (one per pytest worker) and stopped by its PID; each test has its own key
prefix there. Without redis-server the Redis half is skipped, except under CI.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
from conftest import IN_CI

from classroom import bounds, codes, poll
from classroom.errors import (
    BadRequest,
    ClassFull,
    ClassNotFound,
    InvalidVote,
    NotMember,
    NotOpen,
    NotTeacher,
    StoreUnavailable,
)
from classroom.export import tallies_csv
from classroom.redis_store import RedisStore
from classroom.sqlite_store import SQLiteStore
from core.quiz.question import Question
from harness.redis_server import RedisServer, redis_server_path

ROOT = Path(__file__).resolve().parent.parent
START = 1_900_000_000.0  # the tests' clock: a class's time is whatever the store is told

CHOICE = Question(
    "overview.top",
    "compare",
    "choice",
    "cake",
    choices=("I", "ate", "the", "cake", "it"),
    values={"token": "it"},
)
NUMBER = Question("softmax.sum", "sum", "number", 0.8734, tolerance=0.01, values={"token": "it"})
# The same question at other settings (another followed token): another signature.
ELSEWHERE = dataclasses.replace(CHOICE, values={"token": "cake"})


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def redis_or_skip() -> str:
    found = redis_server_path()
    if found is None:
        message = "redis-server is not installed (apt-get install redis-server)"
        if IN_CI:
            pytest.fail(f"CI installs redis-server, but it is missing: {message}", pytrace=False)
        pytest.skip(message)
    return found


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    redis_or_skip()
    with RedisServer(tmp_path_factory.mktemp("redis")) as server:
        yield server


class Stores:
    """Store objects on one store: two of them are two replicas (or one after a restart)."""

    def __init__(self, kind: str, where) -> None:
        self.kind, self.where, self.clock = kind, where, Clock()
        self.prefix = f"test-{uuid.uuid4().hex}"
        self.made: list = []

    def new(self, **kwargs):
        kwargs = {"clock": self.clock, "quiet_s": 0.0} | kwargs
        if self.kind == "sqlite":
            store = SQLiteStore(self.where, **kwargs)
        else:
            store = RedisStore(self.where, prefix=self.prefix, **kwargs)
        self.made.append(store)
        return store

    def stored(self, code: str) -> int:
        """How many records of this class the store holds (rows, or keys)."""
        if self.kind == "redis":
            return len(self.made[0].client.keys(f"{self.prefix}:{{{code}}}*"))
        with sqlite3.connect(self.where) as con:
            return sum(
                con.execute(f"SELECT count(*) FROM {table} WHERE code = ?", (code,)).fetchone()[0]
                for table in ("classes", "members", "questions", "votes")
            )

    def close(self) -> None:
        for store in self.made:
            store.close()


@pytest.fixture(params=["sqlite", "redis"])
def stores(request, tmp_path):
    if request.param == "sqlite":
        made = Stores("sqlite", tmp_path / "data" / "classes.sqlite3")
    else:
        made = Stores("redis", request.getfixturevalue("redis_server").url)
    yield made
    made.close()


@pytest.fixture
def store(stores):
    return stores.new()


def students(n: int) -> list[str]:
    return [codes.new_student_id() for _ in range(n)]


def opened(store, questions=(CHOICE, NUMBER)):
    new = store.open_class()
    store.publish(new.code, new.teacher_key, "overview", "d=4&focus=it", list(questions))
    return new


def counts(board, i: int = 0, r: int = -1) -> dict[str, int]:
    return {b.label: b.count for b in board.questions[i].rounds[r].bars if b.count}


# --- the whole loop ---------------------------------------------------------------------------


def test_the_whole_loop(stores):
    store, clock = stores.new(), stores.clock
    new = store.open_class()
    code, key = new.code, new.teacher_key
    assert codes.parse_code(code) == code and len(key) == 43
    store.publish(code, key, "overview", "d=4&focus=it", [CHOICE, NUMBER])
    room = students(6)
    typed = (code.lower(), codes.show_code(code), " ".join(code), code, code, code)
    for sid, as_typed in zip(room, typed, strict=True):
        store.join(as_typed, sid)
    first = ("cake", "it", "it", "I", "cake", "it")
    for sid, guess in zip(room, first, strict=True):
        assert store.vote(code, sid, CHOICE.signature, guess) == 1
    for sid, guess in zip(room[:4], ("0.87", "0,874", "0.5", "1"), strict=True):
        store.vote(code, sid, NUMBER.signature, guess)

    board = store.board(code, key)
    assert board.present == 6 and board.joined == 6
    assert [q.id for q in board.questions] == ["overview.top", "softmax.sum"]
    choice, number = board.questions
    assert counts(board) == {"cake": 2, "it": 3, "I": 1}
    assert choice.rounds[0].voters == 6 and number.rounds[0].voters == 4
    for q in board.questions:  # the projector never marks the answer before the reveal
        assert q.answer is None and not q.revealed and q.shift is None
        assert {b.right for r in q.rounds for b in r.bars} == {None}
        assert {r.right for r in q.rounds} == {None}
    assert "0.8734" not in repr(board)
    view = store.student_view(code, room[0])
    assert [q.rounds for q in view.questions] == [(), ()]  # no vote of anyone
    assert {q.answer for q in view.questions} == {None}
    assert view.mine == {}  # not even the student's own, before the reveal

    store.next_round(code, key, CHOICE.signature)  # "Discuss and vote again"
    second = ("cake", "cake", "it", "cake", "cake", "cake")
    for sid, guess in zip(room, second, strict=True):
        assert store.vote(code, sid, CHOICE.signature, guess) == 2
    board = store.board(code, key)
    assert [r.round for r in board.questions[0].rounds] == [1, 2]
    assert counts(board, r=0) == {"cake": 2, "it": 3, "I": 1}  # round 1 stays as it was
    assert counts(board, r=1) == {"cake": 5, "it": 1}

    store.reveal(code, key, CHOICE.signature)
    board = store.board(code, key)
    choice = board.questions[0]
    assert choice.revealed and choice.answer == "cake"
    assert [r.share_right for r in choice.rounds] == [pytest.approx(2 / 6), pytest.approx(5 / 6)]
    assert choice.shift == poll.Shift(2 / 6, 5 / 6, 2, 3, 0, 1)
    assert board.questions[1].answer is None  # the other question is not revealed
    view = store.student_view(code, room[1])
    assert view.questions[0].answer == "cake" and view.questions[0].shift == choice.shift
    assert view.questions[0].rounds == choice.rounds
    assert view.questions[1].rounds == () and view.questions[1].answer is None
    assert view.question(poll.question_key(CHOICE.signature)) == view.questions[0]
    # each student's own votes on the revealed question, per round (their verdicts), and
    # nothing of the question still open
    assert view.mine == {poll.question_key(CHOICE.signature): {1: "it", 2: "cake"}}
    assert store.student_view(code, room[3]).mine == {
        poll.question_key(CHOICE.signature): {1: "I", 2: "cake"}
    }

    text = tallies_csv(store.tallies(code, key))
    lines = text.removeprefix("\ufeff").splitlines()
    assert lines[0] == (
        "question,settings,round,choice,count,right,share_right_round_1,share_right_round_2,shift"
    )
    # The choice's shares right: 2 of 6, then 5 of 6, a shift of 3 in 6.
    shares = "0.333,0.833,0.500"
    assert lines[1:6] == [f"overview.top,overview?d=4&focus=it,1,{c},{shares}" for c in
                          ("I,1,0", "ate,0,0", "the,0,0", "cake,2,1", "it,3,0")]  # fmt: skip
    assert lines[6:11] == [f"overview.top,overview?d=4&focus=it,2,{c},{shares}" for c in
                           ("I,0,0", "ate,0,0", "the,0,0", "cake,5,1", "it,1,0")]  # fmt: skip
    # The number: two of four within 0.01 of the answer as read, 0.87 (0.87 and 0.874).
    assert lines[11:] == [f"softmax.sum,overview?d=4&focus=it,1,{v},0.500,," for v in
                          ("0.5,1,0", "0.87,1,1", "0.874,1,1", "1.0,1,0")]  # fmt: skip
    assert not any(sid in text for sid in room) and key not in text

    store.end_class(code, key)
    calls = (
        lambda: store.join(code, room[0]),
        lambda: store.vote(code, room[0], CHOICE.signature, "cake"),
        lambda: store.board(code, key),
        lambda: store.student_view(code, room[0]),
        lambda: store.publish(code, key, "overview", "", [CHOICE]),
    )
    for call in calls:  # a student (or the teacher's page) reads that the class ended
        with pytest.raises(ClassNotFound) as gone:
            call()
        assert gone.value.reason == "ended"
    clock.now += bounds.IDLE_S + 1  # then, like any class long gone, none by that code
    store.open_class()
    for call in calls:
        with pytest.raises(ClassNotFound) as gone:
            call()
        assert gone.value.reason == "not_found"


def test_a_refresh_with_nothing_new_returns_nothing(store):
    new = opened(store)
    (a, b) = students(2)
    store.join(new.code, a)
    board = store.board(new.code, new.teacher_key)
    assert store.board(new.code, new.teacher_key, since=board.stamp) is None
    store.join(new.code, b)  # one more here
    board = store.board(new.code, new.teacher_key, since=board.stamp)
    assert board.present == 2
    store.vote(new.code, a, CHOICE.signature, "it")
    board = store.board(new.code, new.teacher_key, since=board.stamp)
    assert counts(board) == {"it": 1}
    store.vote(new.code, a, CHOICE.signature, "it")  # the same vote again: nothing moved
    assert store.board(new.code, new.teacher_key, since=board.stamp) is None
    store.leave(new.code, b)
    assert store.board(new.code, new.teacher_key, since=board.stamp).present == 1


def test_students_see_nothing_move_while_votes_come_in(store):
    """A student's refresh cannot even count the votes: only what a student sees moves it."""
    new = opened(store)
    room = students(3)
    for sid in room:
        store.join(new.code, sid)
    view = store.student_view(new.code, room[0])
    for sid in room:
        store.vote(new.code, sid, CHOICE.signature, "it")
        assert store.student_view(new.code, room[0], since=view.stamp) is None
    store.next_round(new.code, new.teacher_key, CHOICE.signature)
    view = store.student_view(new.code, room[0], since=view.stamp)
    assert view.questions[0].round == 2 and view.questions[0].rounds == ()
    store.reveal(new.code, new.teacher_key, CHOICE.signature)
    view = store.student_view(new.code, room[0], since=view.stamp)
    assert view.questions[0].rounds[0].voters == 3


def test_bring_the_class_here_is_offered_once_each_time(store):
    new = opened(store)
    (sid,) = students(1)
    store.join(new.code, sid)
    assert store.student_view(new.code, sid).offer is None
    first = store.bring_here(new.code, new.teacher_key, "softmax", "d=64&heads=4")
    view = store.student_view(new.code, sid)
    assert view.offer == first and first.number == 1 and first.page == "softmax"
    second = store.bring_here(new.code, new.teacher_key, "masking", "mask=1")
    assert store.student_view(new.code, sid, since=view.stamp).offer.number == 2 == second.number
    assert store.board(new.code, new.teacher_key).offer == second


def test_publishing_again_keeps_what_was_voted_on_and_forgets_the_rest(store):
    new = store.open_class()
    code, key = new.code, new.teacher_key
    (sid,) = students(1)
    store.join(code, sid)
    store.publish(code, key, "overview", "d=4", [CHOICE])
    store.vote(code, sid, CHOICE.signature, "it")
    store.publish(code, key, "softmax", "d=8", [NUMBER])  # the teacher moves on
    assert [q.id for q in store.board(code, key).questions] == ["softmax.sum"]
    with pytest.raises(InvalidVote):  # the store was asked for NUMBER, but no vote counted
        store.vote(code, sid, NUMBER.signature, "many")
    store.publish(code, key, "overview", "d=4", [ELSEWHERE])  # NUMBER had no vote
    with pytest.raises(NotOpen):
        store.vote(code, sid, NUMBER.signature, "0.87")
    store.publish(code, key, "overview", "d=4", [CHOICE])  # back: its votes are there
    assert counts(store.board(code, key)) == {"it": 1}
    assert {t.question for t in store.tallies(code, key)} == {"overview.top"}
    stamp = store.board(code, key).stamp
    store.publish(code, key, "overview", "d=4", [CHOICE])  # a rerun of the teacher's page
    assert store.board(code, key, since=stamp) is None


# --- what a hostile client may send ------------------------------------------------------------


FORGED_CODES = ["", "K7M4QX9P", "0O1IL0O1I", "<script>alert(1)</script>", None, 7, "x" * 5000]


def test_forged_and_unknown_codes_get_a_refusal(store):
    opened(store)
    (sid,) = students(1)
    unknown = "".join(reversed(codes.new_code()))
    for code in [*FORGED_CODES, unknown]:
        for call in (
            lambda c=code: store.join(c, sid),
            lambda c=code: store.vote(c, sid, CHOICE.signature, "it"),
            lambda c=code: store.student_view(c, sid),
            lambda c=code: store.board(c, codes.new_teacher_key()),
        ):
            with pytest.raises(ClassNotFound) as refused:
                call()
            assert refused.value.reason == ("not_found" if code == unknown else "malformed_code")


def test_no_teacher_control_works_without_the_key(store):
    new = opened(store)
    other = store.open_class()
    room = students(2)
    for sid in room:
        store.join(new.code, sid)
    store.vote(new.code, room[0], CHOICE.signature, "it")
    before = store.board(new.code, new.teacher_key)
    flipped = new.teacher_key[:-1] + ("A" if new.teacher_key[-1] != "A" else "B")
    forged = [
        flipped,
        other.teacher_key,  # another class's key
        room[0],  # a student pretending
        new.code,
        codes.key_hash(new.teacher_key),  # the stored hash itself
        "",
        None,
        42,
        new.teacher_key + "x",
    ]
    for key in forged:
        for call in (
            lambda k=key: store.publish(new.code, k, "overview", "", [ELSEWHERE]),
            lambda k=key: store.next_round(new.code, k, CHOICE.signature),
            lambda k=key: store.reveal(new.code, k, CHOICE.signature),
            lambda k=key: store.bring_here(new.code, k, "softmax", ""),
            lambda k=key: store.board(new.code, k),
            lambda k=key: store.tallies(new.code, k),
            lambda k=key: store.end_class(new.code, k),
        ):
            with pytest.raises(NotTeacher):
                call()
    assert store.board(new.code, new.teacher_key) == before


def test_only_an_answer_to_the_question_is_recorded(store):
    new = opened(store)
    (sid,) = students(1)
    store.join(new.code, sid)
    outside = ["Cake", "cake ", "quiz.choice.up", "", "x" * 10_000, 3, None, True, ["it"], {}]
    for guess in outside:
        with pytest.raises(InvalidVote):
            store.vote(new.code, sid, CHOICE.signature, guess)
    for guess in ["abc", "1e7", "nan", "-inf", "", "0x10", None, [0.5]]:
        with pytest.raises(InvalidVote):
            store.vote(new.code, sid, NUMBER.signature, guess)
    board = store.board(new.code, new.teacher_key)
    assert [q.rounds[0].voters for q in board.questions] == [0, 0]


def test_a_vote_for_another_page_or_other_settings_records_nothing(store):
    new = opened(store)
    (sid,) = students(1)
    store.join(new.code, sid)
    scaling = Question("scaling.shrink", "shrink", "number", 1.0, tolerance=0.25)
    for q in (ELSEWHERE, scaling):
        with pytest.raises(NotOpen) as refused:
            store.vote(new.code, sid, q.signature, q.answer)
        assert refused.value.reason == "not_published"
    for signature in (None, 5, "s" * (bounds.MAX_SIGNATURE_CHARS + 1)):
        with pytest.raises(BadRequest):
            store.vote(new.code, sid, signature, "it")
    assert store.board(new.code, new.teacher_key).questions[0].rounds[0].voters == 0


def test_a_thousand_votes_from_one_student_count_once_a_round(store):
    new = opened(store)
    (sid,) = students(1)
    store.join(new.code, sid)
    for i in range(1000):
        store.vote(new.code, sid, CHOICE.signature, CHOICE.choices[i % 5])
    board = store.board(new.code, new.teacher_key)
    assert board.questions[0].rounds[0].voters == 1
    assert counts(board) == {CHOICE.choices[999 % 5]: 1}


def test_only_members_vote_and_only_while_the_question_is_open(store):
    new = opened(store)
    a, b = students(2)
    for sid in (a, "not-an-id", "A" * 22):
        with pytest.raises(NotMember):
            store.vote(new.code, sid, CHOICE.signature, "it")
    store.join(new.code, a)
    store.join(new.code, b)
    store.leave(new.code, b)
    with pytest.raises(NotMember):
        store.vote(new.code, b, CHOICE.signature, "it")
    with pytest.raises(NotMember):
        store.student_view(new.code, b)
    store.join(new.code, b)  # back again: the same id, not a new member
    assert store.board(new.code, new.teacher_key).joined == 2
    store.reveal(new.code, new.teacher_key, CHOICE.signature)
    with pytest.raises(NotOpen) as refused:
        store.vote(new.code, a, CHOICE.signature, "it")
    assert refused.value.reason == "closed"
    with pytest.raises(NotOpen):
        store.next_round(new.code, new.teacher_key, CHOICE.signature)
    store.reveal(new.code, new.teacher_key, CHOICE.signature)  # again: nothing changes
    with pytest.raises(NotOpen):
        store.reveal(new.code, new.teacher_key, ELSEWHERE.signature)


def test_the_teacher_key_never_goes_into_a_link(store):
    new = store.open_class()
    for page, link in (("overview", f"t={new.teacher_key}"), (new.teacher_key, "")):
        with pytest.raises(BadRequest) as refused:
            store.publish(new.code, new.teacher_key, page, link, [CHOICE])
        assert refused.value.reason == "link_has_key"
        with pytest.raises(BadRequest):
            store.bring_here(new.code, new.teacher_key, page, link)
    with pytest.raises(BadRequest):
        store.bring_here(new.code, new.teacher_key, "overview", "x" * (bounds.MAX_LINK_CHARS + 1))
    with pytest.raises(BadRequest):
        store.publish(new.code, new.teacher_key, "overview", "", [CHOICE] * 2)


# --- bounds and expiry -----------------------------------------------------------------------


def test_a_class_holds_no_more_than_its_bounds(store, monkeypatch):
    monkeypatch.setattr(bounds, "MAX_MEMBERS", 3)
    monkeypatch.setattr(bounds, "MAX_QUESTIONS", 2)
    new = opened(store, [CHOICE])
    room = students(4)
    for sid in room[:3]:
        store.join(new.code, sid)
        store.vote(new.code, sid, CHOICE.signature, "it")
    with pytest.raises(ClassFull) as refused:
        store.join(new.code, room[3])
    assert refused.value.reason == "members"
    store.leave(new.code, room[0])
    with pytest.raises(ClassFull):  # a place once taken stays taken
        store.join(new.code, room[3])
    store.publish(new.code, new.teacher_key, "softmax", "", [NUMBER])
    store.vote(new.code, room[1], NUMBER.signature, "0.5")
    with pytest.raises(ClassFull) as refused:
        store.publish(new.code, new.teacher_key, "overview", "", [ELSEWHERE])
    assert refused.value.reason == "questions"
    assert [q.id for q in store.board(new.code, new.teacher_key).questions] == ["softmax.sum"]
    monkeypatch.setattr(bounds, "MAX_CLASSES", 2)
    store.open_class()
    with pytest.raises(ClassFull) as refused:
        store.open_class()
    assert refused.value.reason == "classes"


def test_a_class_unused_for_twelve_hours_is_deleted(stores):
    store = stores.new()
    new = opened(store)
    a, b = students(2)
    store.join(new.code, a)
    store.vote(new.code, a, CHOICE.signature, "it")
    stores.clock.now += bounds.IDLE_S - 60
    store.join(new.code, b)  # used: twelve more hours from now
    stores.clock.now += bounds.IDLE_S - 60
    assert store.board(new.code, new.teacher_key).joined == 2
    assert stores.stored(new.code) > 0
    stores.clock.now += 61
    for call in (
        lambda: store.board(new.code, new.teacher_key),
        lambda: store.vote(new.code, a, CHOICE.signature, "it"),
        lambda: store.student_view(new.code, a),
        lambda: store.join(new.code, a),
        lambda: store.tallies(new.code, new.teacher_key),
    ):
        with pytest.raises(ClassNotFound):
            call()
    store.open_class()  # a change to the store: the stale class is purged
    assert stores.stored(new.code) == 0


def test_every_redis_key_of_a_class_expires(redis_server):
    store = RedisStore(redis_server.url, prefix=f"test-{uuid.uuid4().hex}")
    new = opened(store)
    (sid,) = students(1)
    store.join(new.code, sid)
    store.vote(new.code, sid, CHOICE.signature, "it")
    keys = store.client.keys(f"{store.prefix}:{{{new.code}}}*")
    assert len(keys) == 4  # the class, its members, its questions, one question's votes
    for k in keys:
        assert 0 < store.client.pttl(k) <= bounds.IDLE_S * 1000
    store.close()


# --- replicas, restarts, outages ---------------------------------------------------------------


def test_two_replicas_see_the_same_class(stores):
    one, two = stores.new(), stores.new()
    new = opened(one)
    room = students(4)
    for i, sid in enumerate(room):
        (one, two)[i % 2].join(new.code, sid)
        (two, one)[i % 2].vote(new.code, sid, CHOICE.signature, "cake")
    two.next_round(new.code, new.teacher_key, CHOICE.signature)
    one.vote(new.code, room[0], CHOICE.signature, "it")
    for store in (one, two):
        board = store.board(new.code, new.teacher_key)
        assert counts(board, r=0) == {"cake": 4} and counts(board, r=1) == {"it": 1}


def test_a_restarted_server_finds_its_classes(stores):
    store = stores.new()
    new = opened(store)
    (sid,) = students(1)
    store.join(new.code, sid)
    store.vote(new.code, sid, CHOICE.signature, "it")
    store.close()
    again = stores.new()
    assert counts(again.board(new.code, new.teacher_key)) == {"it": 1}
    again.vote(new.code, sid, CHOICE.signature, "cake")
    assert counts(again.board(new.code, new.teacher_key)) == {"cake": 1}


def every_call(store, code: str, key: str, sid: str) -> list:
    return [
        store.open_class,
        lambda: store.publish(code, key, "overview", "", [CHOICE]),
        lambda: store.next_round(code, key, CHOICE.signature),
        lambda: store.bring_here(code, key, "overview", ""),
        lambda: store.board(code, key),
        lambda: store.tallies(code, key),
        lambda: store.join(code, sid),
        lambda: store.vote(code, sid, CHOICE.signature, "it"),
        lambda: store.student_view(code, sid),
    ]


def test_redis_stopped_mid_class_then_started_again(tmp_path):
    redis_or_skip()
    with RedisServer(tmp_path / "redis") as server:
        store = RedisStore(server.url, prefix="outage", quiet_s=0.0)
        new = opened(store)
        room = students(3)
        for sid in room:
            store.join(new.code, sid)
        for sid in room[:2]:
            store.vote(new.code, sid, CHOICE.signature, "it")  # acknowledged
        server.stop()
        for call in every_call(store, new.code, new.teacher_key, room[2]):
            with pytest.raises(StoreUnavailable):
                call()
        server.start()
        server.wait_ready()
        board = store.board(new.code, new.teacher_key)  # the same object, reconnected
        assert counts(board) == {"it": 2}
        for sid in room:  # the two again (as a retry would), and the third
            store.vote(new.code, sid, CHOICE.signature, "it")
        assert counts(store.board(new.code, new.teacher_key)) == {"it": 3}
        store.close()


def test_a_locked_sqlite_file_fails_the_call_and_the_store_recovers(tmp_path):
    path = tmp_path / "classes.sqlite3"
    store = SQLiteStore(path, busy_s=0.05, quiet_s=0.0)
    new = opened(store)
    a, b = students(2)
    store.join(new.code, a)
    store.vote(new.code, a, CHOICE.signature, "it")
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process holding the write lock too long
    with pytest.raises(StoreUnavailable):
        store.join(new.code, b)
    with pytest.raises(StoreUnavailable):
        store.vote(new.code, a, CHOICE.signature, "cake")
    assert counts(store.board(new.code, new.teacher_key)) == {"it": 1}  # readers go on
    holder.execute("ROLLBACK")
    holder.close()
    store.join(new.code, b)
    store.vote(new.code, b, CHOICE.signature, "cake")
    assert counts(store.board(new.code, new.teacher_key)) == {"it": 1, "cake": 1}
    store.close()


def test_an_unreachable_store_says_so_on_every_call(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    stores = [
        SQLiteStore(tmp_path / "file" / "classes.sqlite3", quiet_s=0.0),
        RedisStore("redis://127.0.0.1:1/0", quiet_s=0.0),  # nothing listens on port 1
    ]
    code, key, sid = codes.new_code(), codes.new_teacher_key(), codes.new_student_id()
    for store in stores:
        for call in every_call(store, code, key, sid):
            with pytest.raises(StoreUnavailable):
                call()


# --- at once ---------------------------------------------------------------------------------


def test_sixty_students_voting_at_once_are_each_counted_once(stores):
    replicas = [stores.new(), stores.new()]
    new = opened(replicas[0])
    room = students(60)
    start = threading.Barrier(len(room))
    errors: list[BaseException] = []

    def student(i: int, sid: str) -> None:
        store = replicas[i % 2]
        try:
            store.join(new.code, sid)
            start.wait()
            for guess in ("I", "ate", CHOICE.choices[i % 5]):  # changes of mind
                store.vote(new.code, sid, CHOICE.signature, guess)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=student, args=(i, s)) for i, s in enumerate(room)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    board = replicas[1].board(new.code, new.teacher_key)
    assert board.joined == 60 and board.questions[0].rounds[0].voters == 60
    assert counts(board) == dict.fromkeys(CHOICE.choices, 12)


VOTER = """
import sys
from classroom.factory import open_store
from classroom.codes import new_student_id
setting, prefix, code, signature = sys.argv[1:]
store = open_store(setting, prefix=prefix) if prefix else open_store(setting)
while True:
    sid = new_student_id()
    store.join(code, sid)
    store.vote(code, sid, signature, "cake")
    print("ack", flush=True)
"""


def test_a_replica_killed_while_voting_loses_no_acknowledged_vote(stores):
    store = stores.new(clock=time.time)
    new = opened(store)
    setting = f"sqlite:///{stores.where}" if stores.kind == "sqlite" else stores.where
    prefix = stores.prefix if stores.kind == "redis" else ""
    cmd = [sys.executable, "-c", VOTER, setting, prefix, new.code, CHOICE.signature]
    replica = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        acked = 0
        while acked < 25:
            line = replica.stdout.readline()
            assert line == "ack\n", f"the voting replica stopped: {line!r}"
            acked += 1
    finally:
        os.kill(replica.pid, signal.SIGKILL)  # mid-vote, as a crash would
        replica.wait()
        replica.stdout.close()
    board = store.board(new.code, new.teacher_key)
    assert board.questions[0].rounds[0].voters >= acked
    assert board.questions[0].rounds[0].voters <= board.joined
