"""A stop's notes for the teacher as plain text in one language, from the page's questions.

Streamlit-free, so that the presenter view (ui.teacher.notes, as Markdown) and the lesson
sheet (ui.teacher.sheet_html, as HTML) write the same words, each escaping them its own way.
Which misreading each wrong answer shows comes from core.quiz.teaching; the numbers are the
Question's own (its choices, values, reveal and answer, as core made them); the words are
the catalogue's (ui/texts/notes*.py, ui/texts/teacher.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.quiz import Question, printed
from core.quiz.teaching import Misreading, minutes, misreadings
from ui.question_words import answer_text as verdict_text
from ui.question_words import filled, letter, plain, text, text_key
from ui.texts import CATALOG

NOTE_MODULES = ("notes", "notes_further")  # ui/texts/<module>.py: the notes' prose
# Questions whose notes are another's: the same question about the article's eight heads.
ALIASES = {"multihead.width_one": "multihead.width"}


def note_key(rest: str) -> str:
    """The catalogue key of a note ("tokens.swap.after"), in whichever notes module has it."""
    for module in NOTE_MODULES:
        if f"{module}.{rest}" in CATALOG:
            return f"{module}.{rest}"
    raise KeyError(f"no note {rest}")


def number(value) -> str:
    """A typical wrong number as a student would write it (whole, or to 2 places)."""
    return str(int(value)) if float(value).is_integer() else printed(float(value))


def choice_text(q: Question, choice: str, lang: str) -> str:
    """A choice as the projector letters it: "B · ate"."""
    return f"{letter(q.choices.index(choice))} · {plain(choice, lang)}"


def _strip(template: str) -> str:
    """A page's question text without its Markdown (bold, code), before it is filled in."""
    return template.replace("**", "").replace("`", "")


def question_text(q: Question, lang: str) -> str:
    """The question as the page asks it, as plain text."""
    return filled(q, _strip(text(text_key(q, "ask"), lang)), lambda v: plain(v, lang))


def answer_text(q: Question, lang: str) -> str:
    """The answer as the verdict states it: a choice lettered, a number with its tolerance."""
    if q.kind == "choice":
        return choice_text(q, str(q.answer), lang)
    return verdict_text(q, lang, lambda v, decimals=None: plain(v, lang, decimals))


@dataclass(frozen=True)
class WrongNote:
    shown: str  # the wrong answer: "B · ate", "81", or "" for a kind of answer
    means: str  # the misreading it most likely shows


@dataclass(frozen=True)
class QuestionNote:
    id: str
    ask: str
    choices: tuple[str, ...]  # lettered: "A · I", … (none for a number question)
    answer: str
    wrong: tuple[WrongNote, ...]
    discuss: str
    after: str


@dataclass(frozen=True)
class StopNote:
    page: str
    title: str
    idea: str
    minutes: tuple[int, int]  # every question voted once … twice
    questions: tuple[QuestionNote, ...]


def _values(q: Question, lang: str) -> dict[str, str]:
    values = {k: plain(v, lang) for k, v in {**q.values, **q.reveal}.items()}
    values["answer"] = plain(q.answer, lang, q.decimals)
    return values


def _wrong(q: Question, m: Misreading, lang: str, values: dict[str, str]) -> WrongNote:
    if m.answer is None:
        shown = ""
    elif q.kind == "choice":
        shown = choice_text(q, str(m.answer), lang)
    else:
        shown = number(m.answer)
    wrong = plain(m.answer, lang) if q.kind == "choice" else shown
    said = {**values, **{k: plain(v, lang) for k, v in m.values.items()}, "wrong": wrong}
    if m.kind == "unusual":
        return WrongNote(shown, text("teacher.notes.unusual", lang, **said))
    rest = f"{ALIASES.get(q.id, q.id)}.wrong.{m.kind}"
    return WrongNote(shown, text(note_key(rest), lang, **said))


def _same_number(wrong: list[WrongNote], lang: str) -> list[WrongNote]:
    """A wrong number two slips give, once, with both readings ("… Or: …")."""
    joined = text("teacher.notes.or", lang)
    found: list[WrongNote] = []
    for w in wrong:
        same = [k for k, f in enumerate(found) if w.shown and f.shown == w.shown]
        if same:
            found[same[0]] = WrongNote(w.shown, found[same[0]].means + joined + w.means)
        else:
            found.append(w)
    return found


def _grouped(wrong: list[WrongNote], lang: str) -> tuple[WrongNote, ...]:
    """Wrong answers that show the same misreading on one line ("A · I, C · the: …"), in
    the order of the first: five tokens chosen by meaning are one thing to say, not five."""
    found: dict[str, list[str]] = {}
    for w in wrong:
        found.setdefault(w.means, []).append(w.shown)
    sep = text("teacher.notes.answers_sep", lang)
    return tuple(WrongNote(sep.join(shown), means) for means, shown in found.items())


def _after_key(q: Question) -> str:
    """The explanation after the reveal; a variant where the page's own explanation has one
    (a question's ``why`` "….why_none" -> "….after_none")."""
    variant = q.why.rsplit(".", 1)[-1].removeprefix("why") if q.why else ""
    return note_key(f"{ALIASES.get(q.id, q.id)}.after{variant}")


def _sentence(said: str) -> str:
    """A sentence that opens with an answer in words ("it goes up: …") starts with a capital."""
    return said[:1].upper() + said[1:]


def question_note(q: Question, lang: str) -> QuestionNote:
    values = _values(q, lang)
    qid = ALIASES.get(q.id, q.id)
    wrong = [_wrong(q, m, lang, values) for m in misreadings(q)]
    return QuestionNote(
        id=q.id,
        ask=question_text(q, lang),
        choices=tuple(choice_text(q, c, lang) for c in q.choices),
        answer=answer_text(q, lang),
        wrong=_grouped(_same_number(wrong, lang), lang),
        discuss=text(note_key(f"{qid}.discuss"), lang, **values),
        after=_sentence(text(_after_key(q), lang, **values)),
    )


def stop_note(page: str, questions: list[Question], lang: str, primary: bool = True) -> StopNote:
    """A page's notes: its idea, its minutes and a note for each question. ``primary``: these
    are the questions the page asks first (the minutes count the page's own); else questions
    in a part of it opened later (only theirs)."""
    return StopNote(
        page=page,
        title=text(f"{page}.title", lang),
        idea=text(note_key(f"{page}.idea"), lang),
        minutes=minutes(page if primary else None, len(questions)),
        questions=tuple(question_note(q, lang) for q in questions),
    )
