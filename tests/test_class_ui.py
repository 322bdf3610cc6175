"""A class in the app (AppTest): the whole loop on a real store, what a hostile link or
student gets, and the store stopped mid-class.

The loop runs on a SQLite file and on a real redis-server (started here), the Redis one
as two replicas: the teacher's runs and the students' are served by two store objects
(two connections, two processes' worth of state) sharing one Redis, as two servers
behind a balancer are. The app's store (ui.classroom.session.store) is the one the test names.
"""

from __future__ import annotations

import csv
import io
import uuid
from dataclasses import replace

import pytest
from apptest_util import all_text, chart, chart_keys, open_page
from quiz_util import verdicts
from test_classroom_store import redis_or_skip

from classroom.redis_store import RedisStore
from classroom.sqlite_store import SQLiteStore
from harness.redis_server import RedisServer
from ui.classroom import join, session
from ui.settings import DEFAULTS
from ui.texts import CATALOG

PAGE = "weighted_sum"  # two questions: a choice (yes / no) and a number within 0.01
CHOICE_KEY, NUMBER_KEY = f"quiz_{PAGE}_1_guess", f"quiz_{PAGE}_2_guess"


def counts(present: int, voters: int, round_: int = 1, question: int = 1) -> list[str]:
    """What the projector's live line says: how many in class, and have voted on one of
    the page's (two) questions."""
    voted = en("classroom.board.voted", voters=voters, round=round_)
    return [en("classroom.board.present", present=present), f"Question {question}: {voted}"]


def shows(at, parts: list[str]) -> bool:
    text = all_text(at)
    return all(part in text for part in parts)


def en(key: str, **values) -> str:
    text = CATALOG[key]["en"]
    return text.format(**values) if values else text


class Replicas:
    """The store each run is served by: ``serve(name)`` before a session's run."""

    def __init__(self, monkeypatch, **stores) -> None:
        self.stores = stores
        self.now = next(iter(stores))
        monkeypatch.setattr(session, "store", lambda: self.stores[self.now])

    def run(self, at, name: str | None = None):
        self.now = name or self.now
        at.run()
        assert not at.exception, at.exception
        return at

    def open(self, name: str, page: str = PAGE, **params):
        """A session opened by a link; by a join link, its first view is light: the class
        and one button, which the student presses."""
        self.now = name
        at = open_page(page, ask="1", **params)
        assert not at.exception, at.exception
        if any(b.key == "class_landed" for b in at.button):
            assert not at.sidebar.text_area and not at.radio  # nothing of the page yet
            self.click(at, "class_landed")
        return at

    def click(self, at, key: str, name: str | None = None):
        self.now = name or self.now
        at.button(key=key).click()
        return self.run(at)


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory):
    redis_or_skip()
    with RedisServer(tmp_path_factory.mktemp("redis")) as server:
        yield server


@pytest.fixture(params=["sqlite", "redis"])
def replicas(request, tmp_path, monkeypatch):
    if request.param == "sqlite":
        store = SQLiteStore(tmp_path / "classes.sqlite3", quiet_s=0.0)
        yield Replicas(monkeypatch, teacher=store, students=store)
        store.close()
        return
    server = request.getfixturevalue("redis_server")
    prefix = f"ui-{uuid.uuid4().hex}"
    a, b = (RedisStore(server.url, prefix=prefix, quiet_s=0.0) for _ in range(2))
    yield Replicas(monkeypatch, teacher=a, students=b)
    a.close()
    b.close()


def teach(replicas: Replicas):
    """A teacher on the page in the presenter view who presses "Teach a class"."""
    teacher = replicas.open("teacher", present="1")
    replicas.click(teacher, "class_teach_page")
    return teacher, teacher.session_state[session.SESSION]


def vote(replicas, at, choice: str, number: str) -> None:
    at.radio(key=CHOICE_KEY).set_value(choice)
    at.text_input(key=NUMBER_KEY).input(number)
    replicas.click(at, f"quiz_{PAGE}_check", "students")


def held(at, before: list[str]) -> None:
    """A vote is in and nothing gives its answer away: no verdict, no explanation, no
    "Show me", no spread of the class's votes, and of the page's figures only those it
    shows ``before`` a guess."""
    text = all_text(at)
    assert en("classroom.vote.counted") in text
    assert not verdicts(at)
    assert "O mixes the value vectors" not in text  # the explanation (quiz.negative.why)
    assert f"quiz_{PAGE}_skip" not in [b.key for b in at.button]
    assert chart_keys(at) == before and "Right:" not in text  # the page's rest waits


def spread_counts(at, key: str) -> dict[tuple[str, str], int]:
    df = chart(at, key)
    return {(r.series, r.label): int(r.value) for r in df.itertuples()}


def test_the_whole_loop(replicas):
    teacher, m = teach(replicas)
    code = m.code
    assert teacher.query_params["class"] == code and teacher.query_params["teach"] == m.key
    link = join.join_link(m, replace(DEFAULTS, present=True, d_model=8), "http://x/p")
    assert m.key not in link and f"class={code}" in link and "present" not in link

    # Three students: two by the link, one by the code typed in the sidebar.
    a = replicas.open("students", **{"class": code})
    b = replicas.open("students")
    b.session_state["share"] = True  # the sidebar's "Share, or join a class", opened
    replicas.run(b)
    b.text_input(key="class_code").input(f" {code[:3].lower()} {code[3:6]}-{code[6:]} ")
    b.button(key="FormSubmitter:class_join-Join").click()
    replicas.run(b)
    c = replicas.open("students", **{"class": code})
    for s in (a, b, c):
        assert en("classroom.in_class", code=f"{code[:3]}-{code[3:6]}-{code[6:]}") in all_text(s)
        assert s.session_state[session.SESSION].key is None  # no student holds the key
        assert "teach" not in s.query_params

    # A choice lettered as on the projector; a vote changed before the round closes.
    before = chart_keys(a)  # the page's figures above its question
    options = a.radio(key=CHOICE_KEY).options
    assert options == ["A · yes", "B · no"], options
    vote(replicas, a, "quiz.choice.no", "3.57")
    vote(replicas, a, "quiz.choice.yes", "3.57")
    vote(replicas, b, "quiz.choice.no", "4,2")
    vote(replicas, c, "quiz.choice.no", "9")
    for s in (a, b, c):
        held(s, before)
    # A student outside the class, on the same page: the verdict at once, as ever.
    alone = replicas.open("students")
    vote(replicas, alone, "quiz.choice.no", "9")
    assert len(verdicts(alone)) == 2 and en("classroom.vote.counted") not in all_text(alone)
    assert len(chart_keys(alone)) > len(before)  # and the figures that prove them

    # The projector: everyone in, everyone voted, the spread, no answer.
    replicas.run(teacher, "teacher")
    text = all_text(teacher)
    assert all(p in text for p in counts(3, 3, 1))
    votes = spread_counts(teacher, f"class_{PAGE}_1")
    assert votes == {("Round 1", "yes"): 1, ("Round 1", "no"): 2}
    assert not chart(teacher, f"class_{PAGE}_1")["hl"].any()
    assert "(the answer)" not in " ".join(chart(teacher, f"class_{PAGE}_2")["label"])
    assert sum(spread_counts(teacher, f"class_{PAGE}_2").values()) == 3
    assert not verdicts(teacher)  # the page's answer is not on the projector

    # Round 2 of the first question: the students vote again; b changes its mind.
    replicas.click(teacher, f"class_again_{PAGE}_1", "teacher")
    for s in (a, b, c):
        replicas.run(s, "students")
        assert en("classroom.vote.again", round=2) in all_text(s)
        assert not verdicts(s)
    vote(replicas, b, "quiz.choice.yes", "4,2")
    held(b, before)
    assert en("classroom.vote.counted_note", round=2) in all_text(b)
    replicas.run(teacher, "teacher")
    votes = spread_counts(teacher, f"class_{PAGE}_1")
    assert votes[("Round 2", "yes")] == 1 and votes[("Round 1", "no")] == 2

    # Reveal: the answer, the share right in each round, the shift; on the students' too.
    replicas.click(teacher, f"class_reveal_{PAGE}_1", "teacher")
    text = all_text(teacher)
    assert "Right: 1 of 3 in round 1 (33%), 1 of 1 in round 2 (100%)." in text
    assert chart(teacher, f"class_{PAGE}_1")["hl"].any()
    assert f"class_{PAGE}_1_shift" in chart_keys(teacher)
    # Each student's own verdict per round; the number question, not revealed, still waits.
    replicas.run(b, "students")
    said = sorted(x.value for x in (*b.success, *b.error) if x.value.startswith("**Round"))
    assert len(said) == 2, said
    assert said[0].startswith("**Round 1** · " + en("quiz.wrong").split("{")[0])
    assert said[1].startswith("**Round 2** · " + en("quiz.right").split("{")[0])
    assert en("classroom.student.revealed") in all_text(b)
    assert any(k and k.startswith("class_") for k in chart_keys(b))
    assert en("classroom.vote.counted") in all_text(b)  # the number's vote: held still
    # Opened again by its own link (a reload, the other replica): the store's verdicts.
    back = replicas.open("students", **{n: b.query_params[n] for n in ("class", "me")})
    again = sorted(x.value for x in (*back.success, *back.error) if x.value.startswith("**R"))
    assert again == said
    for s, right in ((a, True), (c, False)):  # voted in round 1 only: said so
        replicas.run(s, "students")
        (said,) = [x.value for x in (*s.success, *s.error) if x.value.startswith("**Round")]
        verdict = en("quiz.right" if right else "quiz.wrong").split("{")[0]
        assert said.startswith(f"**Round 1** · {verdict}"), said

    # The tallies, anonymous; then the class ends and the students are told.
    replicas.now = "teacher"
    rows = list(csv.reader(io.StringIO(session.tallies_csv(m).removeprefix("\ufeff"))))
    assert rows[0][:5] == ["question", "settings", "round", "choice", "count"]
    counted = {(r[0], r[2], r[3]): int(r[4]) for r in rows[1:]}
    assert counted[("weighted_sum.negative", "1", "quiz.choice.no")] == 2
    assert not any(
        s.session_state[session.SESSION].student in "".join(map(str, rows)) for s in (a, b, c)
    )
    teacher.button(key="class_end_now").click()
    replicas.run(teacher)
    assert en("classroom.msg.ended_by_you") in all_text(teacher)
    assert "teach" not in teacher.query_params
    replicas.run(c, "students")
    assert en("classroom.msg.ended") in all_text(c)  # not "mistyped"
    late = replicas.open("students", **{"class": code})  # the link opened later
    assert en("classroom.msg.ended") in all_text(late)


@pytest.fixture
def one_store(tmp_path, monkeypatch):
    store = SQLiteStore(tmp_path / "classes.sqlite3", quiet_s=0.0)
    yield Replicas(monkeypatch, teacher=store, students=store)
    store.close()


def test_forged_codes_and_keys_get_a_message_and_the_page_works(one_store):
    _, m = teach(one_store)
    other = one_store.stores["teacher"].open_class()
    forged = "A" * len(m.key)
    cases = [
        ({"class": "not a code"}, "classroom.msg.malformed_code"),
        ({"class": "<script>alert(1)</script>"}, "classroom.msg.malformed_code"),
        ({"class": "ZZZ-ZZZ-ZZZ"}, "classroom.msg.not_found"),
        ({"class": m.code, "teach": forged}, "classroom.msg.not_teacher"),
        ({"class": m.code, "teach": other.teacher_key}, "classroom.msg.not_teacher"),
        ({"class": m.code, "teach": "x' OR 1=1 --"}, "classroom.msg.not_teacher"),
        ({"class": "ZZZ-ZZZ-ZZZ", "teach": m.key}, "classroom.msg.not_found"),
    ]
    for params, message in cases:
        at = one_store.open("students", **params)
        assert en(message) in all_text(at), params
        assert session.SESSION not in at.session_state  # in no class, teaching none
        assert "teach" not in at.query_params and "class" not in at.query_params
        assert f"quiz_{PAGE}_check" in [b.key for b in at.button]  # the page as ever
        assert not [b.key for b in at.button if b.key and b.key.startswith("class_reveal")]


def test_a_public_address_that_is_none_is_said_on_the_projector(one_store, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_PUBLIC_URL", "https://lab.example/weighted_sum?d=8")
    teacher, _ = teach(one_store)
    assert en("classroom.panel.caution.bad_setting") in all_text(teacher)


def test_a_student_at_other_settings_is_offered_the_class_s(one_store):
    """Another model size asks another question, which the class does not count: the page
    waits with the class's and offers the class's settings, which make the vote count."""
    teacher, m = teach(one_store)
    elsewhere = one_store.open("students", d="8", **{"class": m.code})
    assert en("classroom.held.elsewhere") in all_text(elsewhere)
    assert CHOICE_KEY not in [r.key for r in elsewhere.radio] and not verdicts(elsewhere)
    one_store.click(elsewhere, f"class_take_{PAGE}")
    assert elsewhere.session_state["d_model"] == DEFAULTS.d_model
    vote(one_store, elsewhere, "quiz.choice.no", "1")
    assert en("classroom.vote.counted") in all_text(elsewhere)
    one_store.run(teacher, "teacher")
    assert shows(teacher, counts(1, 1, 1))


def test_a_vote_after_the_class_moved_on_is_not_counted_and_the_student_is_told(one_store):
    """The teacher moves to another page between two polls of the student's page: the
    vote is refused and the student told; no verdict yet (the page still took itself for
    held); the page, now as outside a class, answers the next Check."""
    _, m = teach(one_store)
    student = one_store.open("students", **{"class": m.code})
    one_store.open("teacher", page="softmax", present="1", **{"class": m.code, "teach": m.key})
    vote(one_store, student, "quiz.choice.no", "1")
    assert en("classroom.vote.not_published") in all_text(student) and not verdicts(student)
    one_store.click(student, f"quiz_{PAGE}_check")
    assert len(verdicts(student)) == 2


def test_a_question_put_to_the_class_after_the_page_looked_is_held_all_the_same(one_store):
    """The teacher moves to the student's page and settings between two polls of the
    student's page: the student's Check is counted, so its verdict waits too."""
    teacher = one_store.open("teacher", page="softmax", present="1")
    one_store.click(teacher, "class_teach_page")
    m = teacher.session_state[session.SESSION]
    student = one_store.open("students", **{"class": m.code})  # the class asks nothing here
    before = chart_keys(student)
    one_store.open("teacher", present="1", **{"class": m.code, "teach": m.key})  # here now
    vote(one_store, student, "quiz.choice.yes", "3.57")
    held(student, before)
    # The teacher moves on without revealing: the vote is kept, its verdict waits still.
    one_store.open("teacher", page="softmax", present="1", **{"class": m.code, "teach": m.key})
    one_store.run(student, "students")
    held(student, before)
    assert en("classroom.vote.waiting") in all_text(student)


def test_the_store_stopped_mid_class_then_started_again(redis_server, monkeypatch):
    redis_or_skip()
    prefix = f"ui-{uuid.uuid4().hex}"
    a, b = (RedisStore(redis_server.url, prefix=prefix, quiet_s=0.0) for _ in range(2))
    replicas = Replicas(monkeypatch, teacher=a, students=b)
    teacher, m = teach(replicas)
    student = replicas.open("students", **{"class": m.code})
    redis_server.stop()
    try:
        vote(replicas, student, "quiz.choice.yes", "3.57")  # not recorded: said so
        assert en("classroom.vote.unreachable") in all_text(student)
        assert not verdicts(student)  # the class's question: the answer waits still
        replicas.run(teacher, "teacher")
        assert en("classroom.panel.unreachable") in all_text(teacher)
        assert not verdicts(teacher)
    finally:
        redis_server.start()
        redis_server.wait_ready()
    replicas.run(student, "students")  # the page offers the vote again
    before = chart_keys(student)
    vote(replicas, student, "quiz.choice.yes", "3.57")
    held(student, before)
    replicas.run(teacher, "teacher")  # recovered by itself
    text = all_text(teacher)
    assert en("classroom.panel.unreachable") not in text
    assert all(p in text for p in counts(1, 1, 1))
    a.close()
    b.close()


def test_a_student_back_by_their_own_link_is_the_same_member(one_store):
    """A reload, or the other replica after one died: the student's URL names the class
    and the student, so a vote given again replaces the first instead of counting twice."""
    teacher, m = teach(one_store)
    first = one_store.open("students", **{"class": m.code})
    own = {name: first.query_params[name] for name in ("class", "me")}
    vote(one_store, first, "quiz.choice.no", "9")
    again = one_store.open("students", **own)  # no light first view: straight to the page
    assert again.session_state[session.SESSION].student == own["me"]
    vote(one_store, again, "quiz.choice.yes", "3.57")
    one_store.run(teacher, "teacher")
    assert shows(teacher, counts(1, 1, 1))
    assert spread_counts(teacher, f"class_{PAGE}_1") == {
        ("Round 1", "yes"): 1,
        ("Round 1", "no"): 0,
    }
    again.session_state["share"] = True  # the link it shares holds no class, no student
    one_store.run(again)
    shared = " ".join(c.value for c in again.sidebar.code)
    assert "?" in shared and own["me"] not in shared and "class=" not in shared


def test_the_teachers_link_opened_again_teaches_the_same_class(one_store):
    """A reload, or the other replica after one died, in the other language too."""
    _, m = teach(one_store)
    again = one_store.open("teacher", present="1", lang="zh", **{"class": m.code, "teach": m.key})
    assert again.session_state[session.SESSION].key == m.key
    text = all_text(again)
    code = f"{m.code[:3]}-{m.code[3:6]}-{m.code[6:]}"
    assert CATALOG["classroom.panel.title"]["zh"].format(code=code) in text
    assert CATALOG["classroom.board.present"]["zh"].format(present=0) in text
    assert [b.key for b in again.button if b.key == f"class_reveal_{PAGE}_1"]
    # A join link's first view: one tap to the other language.
    one_store.now = "students"
    landing = open_page(PAGE, ask="1", **{"class": m.code})
    one_store.click(landing, "class_landing_lang")
    assert CATALOG["classroom.landing"]["zh"].split("{")[0] in all_text(landing)
    assert [b.label for b in landing.button if b.key == "class_landed"] == [
        CATALOG["classroom.landing_open"]["zh"]
    ]


def test_bring_the_class_here_offers_a_click_that_takes_the_teachers_view(one_store):
    """The teacher moved (another model size) and brings the class there: each student
    is offered a button, is not moved without it, and after it votes at the teacher's
    settings, its own language kept."""
    teacher = one_store.open("teacher", present="1", d="8", lang="zh")
    one_store.click(teacher, "class_teach_page")
    m = teacher.session_state[session.SESSION]
    student = one_store.open("students", **{"class": m.code})
    student.session_state["d_model"] = 16  # the student looked around meanwhile
    one_store.run(student)
    one_store.click(teacher, "class_bring", "teacher")
    one_store.run(student, "students")
    assert [b.key for b in student.button if b.key == "class_offer_go"]
    assert student.session_state["d_model"] == 16  # not moved without a click
    one_store.click(student, "class_offer_go")
    one_store.run(student)
    assert student.session_state["d_model"] == 8 and student.session_state["lang"] == "en"
    assert not [b.key for b in student.button if b.key == "class_offer_go"]  # shown once
    vote(one_store, student, "quiz.choice.yes", "1")
    one_store.run(teacher, "teacher")
    text = all_text(teacher)
    assert CATALOG["classroom.board.voted"]["zh"].format(voters=1, round=1) in text
