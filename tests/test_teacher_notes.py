"""The teacher's notes on every stop (AppTest): there in the presenter view, in both languages,
with the numbers of the questions core made for the page at two settings; and nowhere in a
student's session, in the normal view or in a class (every element's text searched)."""

from __future__ import annotations

import math
import re
import string

import pytest
from apptest_util import open_page

from classroom.sqlite_store import SQLiteStore
from core.quiz import Question, printed
from ui import registry
from ui.classroom import session
from ui.settings import Settings
from ui.teacher import stops
from ui.texts import CATALOG

TOUR = registry.tour()
# Two settings of the whole lesson: the article's example, and another sentence, model and seed.
OTHER = "The cat sat on the mat because it was warm."
SETTINGS = {
    "en": (Settings(), {}),
    "zh": (
        Settings(sentence=OTHER, d_model=16, n_heads=2, seed=3, lang="zh"),
        {"sentence": OTHER, "d": "16", "heads": "2", "seed": "3"},
    ),
}
NOTE_PREFIXES = ("notes.", "notes_further.", "teacher.notes.", "teacher.advice.")


def shown(value, lang: str) -> str:
    return CATALOG[value][lang] if value.startswith(("qkv.", "quiz.")) else value


def number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


# The numbers a typical slip gives, worked out here from each question's own values.
WRONG = {
    "tokens.swap": lambda q: [0, 1, q.values["n"]],
    "similarity.count": lambda q: [
        q.values["n"],
        2 * q.values["n"],
        q.values["n"] * (q.values["n"] - 1) // 2,  # each pair once, no token with itself
        q.values["n"] * (q.values["n"] + 1) // 2,  # … with itself
    ],
    "scaling.grow": lambda q: [math.sqrt(q.values["d_k"]), 1, 0, q.values["d_k"] ** 2],
    "scaling.shrink": lambda q: [
        math.sqrt(q.values["d_k"]),
        q.values["d_k"],
        0,
        1 / q.values["d_k"],  # a variance of 1 divided by d_k
    ],
    "softmax.sum": lambda q: [q.reveal["n"], 0],
    "weighted_sum.cell": lambda q: [q.reveal[s] for s in ("unsigned", "even", "unweighted")],
    "masking.zero": lambda q: [1 / len(q.about)],
    "multihead.width": lambda q: [
        q.values["d_k"],
        q.values["h"],
        len(q.about) * q.values["h"] * q.values["d_k"],
    ],
    "generate.rows": lambda q: [
        q.values["n"],
        q.values["n"] ** 2,
        q.values["n"] * (q.values["n"] - 1) // 2,  # each step's new key left out
    ],
    "tiles.kept": lambda q: [
        q.reveal["n"],
        q.values["d_v"],
        q.values["d_v"] + 1,
        2,  # m and l alone
        q.reveal["held"],
    ],
}
WRONG["multihead.width_one"] = WRONG["multihead.width"]


def expected(q: Question, lang: str) -> list[str]:
    """What a question's notes must say: every choice lettered as the projector letters it,
    or the answer and the typical wrong numbers, as core's numbers print."""
    if q.kind == "choice":
        return [f"{chr(65 + k)} · {shown(c, lang)}" for k, c in enumerate(q.choices)]
    written = [round(v, 2) for v in WRONG[q.id](q)]  # as a student writes them
    slips = [v for v in written if not q.is_right(v)]
    return [printed(q.answer, q.decimals)] + [number(v) for v in slips]


@pytest.fixture
def asked(monkeypatch) -> list[tuple[str, list[Question]]]:
    """Every set of questions a page asks in a run, as (its name, the questions)."""
    found = []
    table = registry.questions()
    for name, make in list(table.items()):

        def record(*results, _name=name, _make=make):
            made = _make(*results)
            found.append((_name, made))
            return made

        monkeypatch.setitem(table, name, record)
    return found


def notes_text(at, lang: str) -> str:
    """The text of the notes' folded sections, their Markdown escapes undone."""
    title = CATALOG["teacher.notes.title"][lang]
    found = [md.value for e in at.expander if e.label == title for md in e.markdown]
    return re.sub(r"\\(.)", r"\1", "\n".join(found))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_stop_has_its_notes_with_core_s_numbers(lang, asked):
    settings, params = SETTINGS[lang]
    for stop, page in enumerate(TOUR, start=1):
        asked.clear()
        at = open_page(page, tour=str(stop), present="1", ask="1", lang=lang, **params)
        assert not at.exception, (page, at.exception)
        text = notes_text(at, lang)
        ideas = [
            CATALOG[f"{m}.{page}.idea"][lang]
            for m in ("notes", "notes_further")
            if f"{m}.{page}.idea" in CATALOG
        ]
        assert ideas and ideas[0] in text, page
        first = [qs for name, qs in asked if name == page]
        assert first, f"{page} asked nothing"
        # The lesson sheet's questions for the stop are the very ones the page asks.
        sheet = stops.questions(settings, page)
        assert [q.signature for q in sheet] == [q.signature for q in first[0]], page
        for _, questions in asked:
            for q in questions:
                missing = [part for part in expected(q, lang) if part not in text]
                assert not missing, f"{page} {q.id}: {missing} not in the notes:\n{text}"


def fragments() -> set[str]:
    """The words of every note and suggestion: the longer pieces between their placeholders."""
    found = set()
    for key, entry in CATALOG.items():
        if not key.startswith(NOTE_PREFIXES):
            continue
        for lang, template in entry.items():
            shortest = 24 if lang == "en" else 10
            for literal, *_ in string.Formatter().parse(template):
                found |= {p.strip() for p in re.split(r"[“”]", literal) if len(p) >= shortest}
    return found


def strings(message):
    """Every text an element carries (its body, label, help, options …)."""
    for _, value in message.ListFields():
        repeated = not isinstance(value, str | bytes) and not hasattr(value, "ListFields")
        for v in value if repeated and hasattr(value, "__iter__") else [value]:
            if isinstance(v, str):
                yield v
            elif hasattr(v, "ListFields"):
                yield from strings(v)


def every_text(at) -> str:
    def walk(node):
        if getattr(node, "proto", None) is not None:
            yield from strings(node.proto)
        for child in getattr(node, "children", {}).values():
            yield from walk(child)

    return re.sub(r"\\(.)", r"\1", "\n".join(walk(at._tree)))


def leaks(at) -> list[str]:
    text = every_text(at)
    return [f for f in FRAGMENTS if f in text]


FRAGMENTS = fragments()


def test_a_student_never_receives_a_note(tmp_path, monkeypatch):
    """In the normal view (English), and in a class with the presenter view switched on
    (Chinese): no stop sends a word of the notes. The teacher of that class has them."""
    assert len(FRAGMENTS) > 200  # the notes' words are what is looked for
    for stop, page in enumerate(TOUR, start=1):
        at = open_page(page, tour=str(stop), ask="1")
        assert not at.exception and not leaks(at), (page, leaks(at))

    store = SQLiteStore(tmp_path / "classes.sqlite3", quiet_s=0.0)
    monkeypatch.setattr(session, "store", lambda: store)
    teacher = open_page("weighted_sum", ask="1", present="1")
    teacher.button(key="class_teach_page").click().run()
    code = teacher.session_state[session.SESSION].code
    assert CATALOG["notes.weighted_sum.idea"]["en"] in notes_text(teacher.run(), "en")

    student = open_page(TOUR[0], ask="1", lang="zh", **{"class": code})
    if any(b.key == "class_landed" for b in student.button):
        student.button(key="class_landed").click().run()
    for page in TOUR:
        student.session_state["present"] = True
        student.session_state["share"] = True  # the sidebar's sharing area, open
        student.switch_page(registry.pages()[page].path).run()
        assert not student.exception, (page, student.exception)
        assert student.session_state[session.SESSION].student  # still in the class
        assert not leaks(student), (page, leaks(student))
        assert SHEET not in keys(student)  # nor the lesson sheet, which holds the notes
    store.close()


SHEET = "teacher_sheet"  # the lesson sheet's download (ui.teacher.sheet)


def keys(at) -> set[str]:
    return {b.proto.id.split("-", 2)[-1] for b in at.get("download_button")}


def test_the_lesson_sheet_is_offered_to_the_teacher_alone():
    teacher = open_page("softmax", present="1")
    teacher.session_state["share"] = True
    assert SHEET in keys(teacher.run())
    student = open_page("softmax")
    student.session_state["share"] = True
    assert SHEET not in keys(student.run())
