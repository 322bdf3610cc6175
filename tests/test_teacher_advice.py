"""What to do with the spread: the projector suggests the next step from the share right
(classroom.advice), at the thresholds' edges, in both languages, naming no choice."""

from __future__ import annotations

import re

import pytest
from apptest_util import open_page

from classroom import codes
from classroom.advice import next_step
from classroom.sqlite_store import SQLiteStore
from core.quiz import printed
from ui.classroom import session
from ui.texts import CATALOG


@pytest.mark.parametrize(
    ("right", "voters", "step"),
    [
        (29, 100, "reteach"),
        (30, 100, "discuss"),  # the edges belong to the discussion
        (70, 100, "discuss"),
        (71, 100, "move_on"),
        (3, 10, "discuss"),
        (21, 30, "discuss"),  # 70 % of 30, whatever 21 / 30 is in binary
        (2, 7, "reteach"),  # 28.6 %
        (0, 0, None),  # nobody has voted yet
    ],
)
def test_the_step_follows_the_thresholds_at_their_edges(right, voters, step):
    assert next_step(right, voters) == step


def said(step: str, round_: int, lang: str, question: int, voters: int) -> str:
    """The projector's line, as the catalogue writes it (30 % and 70 %, Peer Instruction's),
    with the number of votes it was worked out from."""
    again = CATALOG["classroom.board.again"][lang]
    text = CATALOG[f"teacher.advice.{step}_{round_}"][lang].format(low=30, high=70, again=again)
    which = CATALOG["classroom.board.question"][lang].format(n=question)
    title, sep = CATALOG["teacher.advice.title"][lang], CATALOG["teacher.notes.sep"][lang]
    used = CATALOG["teacher.advice.from"][lang].format(voters=voters)
    return f"**{which} · {title}**{used}{sep}{text}"


def suggestions(at) -> list[str]:
    return [md.value for md in at.markdown if md.value.startswith(":material/lightbulb:")]


def asked(at, question: int = 1) -> list[str]:
    """The teacher presses "Suggest a next step" on a question: the lines shown."""
    at.button(key=f"class_advice_weighted_sum_{question}").click().run()
    assert not at.exception
    return suggestions(at)


def test_the_projector_suggests_the_next_step_and_names_no_choice(tmp_path, monkeypatch):
    store = SQLiteStore(tmp_path / "classes.sqlite3", quiet_s=0.0)
    monkeypatch.setattr(session, "store", lambda: store)
    teacher = open_page("weighted_sum", ask="1", present="1")  # a choice, then a number
    teacher.button(key="class_teach_page").click().run()
    m = teacher.session_state[session.SESSION]
    choice, number = m.asked
    assert choice.kind == "choice" and number.kind == "number"
    wrong_choice = next(c for c in choice.choices if c != choice.answer)
    room = [codes.new_student_id() for _ in range(100)]
    for s in room:
        store.join(m.code, s)

    cast: dict[str, object] = {}  # the votes in the store now: only a change is sent again

    def votes(right: int, q=choice, wrong=wrong_choice, answer=None) -> None:
        for k, s in enumerate(room if q is choice else room[:10]):
            vote = (answer or q.answer) if k < right else wrong
            if cast.get(f"{q.id}{s}") != vote:
                store.vote(m.code, s, q.signature, vote)
                cast[f"{q.id}{s}"] = vote

    assert not suggestions(teacher.run())  # nothing until the teacher asks
    no_votes = CATALOG["classroom.board.no_votes"]["en"]
    assert asked(teacher)[0].endswith(f"(from 0 votes): {no_votes}")
    edges = ((29, "reteach"), (30, "discuss"), (70, "discuss"), (71, "move_on"))
    kept = None  # the step last asked for
    for lang in ("en", "zh"):
        teacher.session_state["lang"] = lang
        for right, step in edges if lang == "en" else edges[::-1]:
            votes(right)
            if kept is not None:  # the votes moved; the line waits for the teacher
                assert suggestions(teacher.run())[0].endswith(said(kept, 1, lang, 1, 100))
            shown = asked(teacher)
            assert len(shown) == 1 and shown[0].endswith(said(step, 1, lang, 1, 100)), shown
            letters = re.findall(r"\b[A-Z] ·", shown[0])
            named = CATALOG[choice.answer][lang] if lang == "en" else None
            assert not letters and not (named and re.search(rf"\b{named}\b", shown[0]))
            kept = step

    # A number: 3 of 10 within the tolerance of the answer as printed (30 %: discuss).
    answer = printed(float(number.answer), number.decimals)
    votes(3, number, str(float(answer) + 10 * number.tolerance + 3), answer)
    shown = asked(teacher, 2)
    assert shown[-1].endswith(said("discuss", 1, "zh", 2, 10)), shown

    # Round 2 of the choice: round 1's suggestion is put away; 71 of the room now right.
    teacher.button(key="class_again_weighted_sum_1").click().run()
    assert not [s for s in suggestions(teacher) if "第 1 题" in s]
    cast.clear()
    votes(71)
    shown = asked(teacher)
    assert shown[0].endswith(said("move_on", 2, "zh", 1, 100)), shown
    store.close()
