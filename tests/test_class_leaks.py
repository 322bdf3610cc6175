"""The paths a student in a class controls, tried before the teacher reveals (AppTest, one
SQLite store): none may send the class's question's answer, verdict, explanation or a figure
held back with it, whatever the student's own settings; and the projector's suggested next
step may not answer a student who moves their vote."""

from __future__ import annotations

import pytest
from apptest_util import all_text, chart_keys, open_page
from quiz_util import verdicts
from test_class_ui import PAGE, Replicas, en, vote

from classroom import codes
from classroom.sqlite_store import SQLiteStore
from ui import registry
from ui.classroom import session
from ui.questions import ANSWERS
from ui.texts import CATALOG

WHY = "O mixes the value vectors"  # words of the explanation (weighted_sum.quiz.negative.why)


@pytest.fixture
def room(tmp_path, monkeypatch):
    store = SQLiteStore(tmp_path / "classes.sqlite3", quiet_s=0.0)
    yield Replicas(monkeypatch, teacher=store, students=store)
    store.close()


def _class(room, page: str = PAGE):
    """A teacher on ``page`` in the presenter view who opens a class; a student by the join
    link, on the page (the class's question asked there)."""
    teacher = room.open("teacher", page=page, present="1")
    room.click(teacher, "class_teach_page")
    m = teacher.session_state[session.SESSION]
    student = room.open("students", page=page, **{"class": m.code})
    return teacher, m, student


def _gives_away(at, before: list[str]) -> list[str]:
    """What on the page gives the class's question away: a verdict, the explanation, or a
    figure the page draws only after the question (``before``: the figures above it)."""
    text = all_text(at)
    found = [f"verdict {v[:40]!r}" for v in verdicts(at)]
    if WHY in text:
        found.append("explanation")
    extra = [k for k in chart_keys(at) if k not in before and not str(k).startswith("class_")]
    if extra:
        found.append(f"held-back figures {extra}")
    return found


def _keys(at) -> list[str]:
    return [b.key for b in at.button]


# --- the student's own view: the presenter view, the language, the download, a new join ------


def test_the_presenter_view_switched_on_by_a_student(room):
    """Nothing given away, and the student still votes (the presenter view's "Reveal" and
    its choices listed for a vote by hand are for a projector with no class)."""
    _, _, student = _class(room)
    before = chart_keys(student)
    student.session_state["present"] = True
    room.run(student, "students")
    assert not _gives_away(student, before) and f"quiz_{PAGE}_skip" not in _keys(student)
    vote(room, student, "quiz.choice.no", "9")
    assert en("classroom.vote.counted") in all_text(student)
    assert not _gives_away(student, before)


def test_the_language_switched_after_the_vote(room):
    _, _, student = _class(room)
    before = chart_keys(student)
    vote(room, student, "quiz.choice.no", "9")
    student.session_state["lang"] = "zh"
    room.run(student, "students")
    assert not _gives_away(student, before)
    assert CATALOG["classroom.vote.counted"]["zh"] in all_text(student)


def test_the_matrices_download_offers_only_what_is_shown(room):
    _, _, student = _class(room)
    offered = [b.proto.help for b in student.get("download_button")]
    assert offered and not any("O = A" in h for h in offered), offered


def test_leaving_and_joining_again_by_the_code(room):
    _, m, student = _class(room)
    before = chart_keys(student)
    vote(room, student, "quiz.choice.no", "9")
    room.click(student, "class_leave", "students")
    assert not verdicts(student)  # out of the class the question is asked afresh
    student.session_state["share"] = True
    room.run(student)
    student.text_input(key="class_code").input(m.code)
    room.click(student, "FormSubmitter:class_join-Join")
    assert not _gives_away(student, before) and f"quiz_{PAGE}_skip" not in _keys(student)


# --- "Questions first" off, "Show me", other settings, an earlier answer, the projector -----


@pytest.mark.parametrize("voted", [False, True])
def test_questions_first_switched_off(room, voted):
    """The sidebar's "Questions first" off (or a student who had it off before joining):
    ui.quiz.ask returns True and the page draws O = A·V, whose cell is the number
    question's answer, and the note naming the most negative value (question 1)."""
    _, _, student = _class(room)
    before = chart_keys(student)
    if voted:
        vote(room, student, "quiz.choice.no", "9")
    student.session_state["ask"] = False
    room.run(student, "students")
    assert not _gives_away(student, before)
    offered = [b.proto.help for b in student.get("download_button")]  # the matrices' CSV
    assert offered and not any("O = A" in h for h in offered), offered


def test_a_join_link_with_ask_0_added(room):
    _, m, first = _class(room)
    before = chart_keys(first)
    room.now = "students"
    student = open_page(PAGE, ask="0", **{"class": m.code})
    room.click(student, "class_landed")
    assert not _gives_away(student, before)


def test_show_me_on_a_page_drawn_before_the_class_was_asked(room):
    """The student's page was drawn before the teacher put this page to the class, and the
    student presses "Show me without guessing" before the page's next poll (up to
    STUDENT_POLL_S = 4 s): had it kept REVEALED, the question would pass for one answered
    before the class asked it. "Show me" looks at the class first and keeps nothing."""
    teacher = room.open("teacher", page="softmax", present="1")
    room.click(teacher, "class_teach_page")
    m = teacher.session_state[session.SESSION]
    student = room.open("students", **{"class": m.code})
    before = chart_keys(student)
    assert f"quiz_{PAGE}_skip" in _keys(student)  # the class asks nothing here yet
    room.open("teacher", present="1", **{"class": m.code, "teach": m.key})  # now it does
    room.click(student, f"quiz_{PAGE}_skip", "students")
    assert not _gives_away(student, before)


def test_another_followed_token_waits_with_the_class_s_question(room):
    """Overview asks which key "it" weights most. A student who follows "ate" has another
    question, but the page's figures after it (the whole weights matrix) hold the row of
    "it", the class's answer: the page waits with the class's, says why, offers no "Show
    me", and offers the class's settings, which bring the class's question to vote on."""
    _, _, student = _class(room, page="overview")
    before = chart_keys(student)
    student.session_state["focus"] = "ate"
    room.run(student, "students")
    assert [k for k in chart_keys(student) if k not in before] == []
    assert not verdicts(student) and "quiz_overview_skip" not in _keys(student)
    assert en("classroom.held.elsewhere") in all_text(student)
    room.click(student, "class_take_overview")
    assert student.session_state["focus"] == "it"
    assert "quiz_overview_check" in _keys(student)  # the class's question, to vote on
    assert en("classroom.held") in all_text(student)


def test_a_stop_of_the_lesson_on_its_own_settings(room):
    """Multi-head's stop opens on the article's eight heads; the class votes at the
    teacher's settings. The stop waits with the class's question and offers its settings."""
    teacher = room.open("teacher", page="multihead", present="1", d="16", heads="2")
    room.click(teacher, "class_teach_page")
    m = teacher.session_state[session.SESSION]
    stop = registry.tour().index("multihead") + 1
    student = room.open("students", page="multihead", tour=str(stop), **{"class": m.code})
    assert student.session_state["n_heads"] == 8  # the stop's own
    assert en("classroom.held.elsewhere") in all_text(student) and not verdicts(student)
    assert "quiz_multihead_skip" not in _keys(student)
    room.click(student, "class_take_multihead")
    assert "quiz_multihead_check" in _keys(student) and student.session_state["n_heads"] == 2
    assert student.session_state["tour"] == stop  # still in the lesson


def test_another_model_size_by_a_page_drawn_before_the_class_asked(room):
    """Weighted sum's "is any output negative?" at d_model 8 is another question, whose
    answer ("yes") is the class's at d_model 4 too. A student at d_model 8, whose page was
    drawn before the class asked, presses Check: "Check" looks at the class first and
    keeps no verdict; the page waits with the class's question."""
    teacher = room.open("teacher", page="softmax", present="1")
    room.click(teacher, "class_teach_page")
    m = teacher.session_state[session.SESSION]
    student = room.open("students", d="8", **{"class": m.code})
    before = chart_keys(student)
    assert f"quiz_{PAGE}_skip" in _keys(student)  # the class asks nothing here yet
    room.open("teacher", present="1", **{"class": m.code, "teach": m.key})  # now it does
    vote(room, student, "quiz.choice.no", "9")
    assert not _gives_away(student, before)
    assert not [s for s in student.session_state[ANSWERS] if s.startswith(f"{PAGE}.")]
    assert en("classroom.held.elsewhere") in all_text(student)


def test_a_question_answered_before_the_class_asked_keeps_its_verdict(room):
    """The verdict was given before the class asked: it stays (it said the answer then).
    The figures after the question wait all the same while the class votes: they show
    the answer larger than a verdict line, on a phone passed round the discussion. The
    student votes with the class, and after the reveal the page goes on."""
    teacher = room.open("teacher", page="softmax", present="1")
    room.click(teacher, "class_teach_page")
    m = teacher.session_state[session.SESSION]
    student = room.open("students", **{"class": m.code})
    before = chart_keys(student)
    vote(room, student, "quiz.choice.no", "9")  # answered: verdicts, and the figures
    said, shown = verdicts(student), chart_keys(student)
    assert len(said) == 2 and len(shown) > len(before)
    teacher = room.open("teacher", present="1", **{"class": m.code, "teach": m.key})  # asked
    room.run(student, "students")
    assert verdicts(student) == said  # kept
    assert [k for k in chart_keys(student) if not str(k).startswith("class_")] == before
    assert en("classroom.held") in all_text(student)
    assert en("classroom.vote.not_published") not in all_text(student)  # it is asked now
    again = next(r.key for r in student.radio if r.key.startswith("class_again_"))  # a vote
    student.radio(key=again).set_value("quiz.choice.yes")
    room.click(student, f"FormSubmitter:{again}_form-{en('classroom.vote.send')}", "students")
    room.run(teacher, "teacher")
    assert "**1** voted in round 1" in all_text(teacher)
    for n in (1, 2):
        room.click(teacher, f"class_reveal_{PAGE}_{n}", "teacher")
    room.run(student, "students")
    assert set(shown) <= set(chart_keys(student))  # the page goes on


def test_the_projector_s_suggestion_answers_no_student_who_moves_their_vote(room):
    """The room reads the projector while the round is open. 7 of 10 chose the answer and
    the teacher asks for a suggestion: "discuss", from 10 votes. One student moves their
    vote and watches the line: were it live, it would turn to "move on" only if the choice
    moved to is the answer. It stays as the teacher asked for it."""
    teacher, m, _ = _class(room)
    store = room.stores["teacher"]
    choice = m.asked[0]
    right, wrong = choice.answer, next(c for c in choice.choices if c != choice.answer)
    room_ids = [codes.new_student_id() for _ in range(10)]
    for k, s in enumerate(room_ids):
        store.join(m.code, s)
        store.vote(m.code, s, choice.signature, right if k < 7 else wrong)

    def suggestion() -> list[str]:
        room.run(teacher, "teacher")
        return [md.value for md in teacher.markdown if md.value.startswith(":material/lightb")]

    assert not suggestion()  # not before the teacher asks
    room.click(teacher, f"class_advice_{PAGE}_1", "teacher")
    before = suggestion()
    assert en("teacher.advice.discuss_1", low=30, high=70, again="x").split(":")[0] in before[0]
    assert en("teacher.advice.from", voters=10) in before[0]
    store.vote(m.code, room_ids[-1], choice.signature, right)  # the probe: is this one right?
    assert suggestion() == before
