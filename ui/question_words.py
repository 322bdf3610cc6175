"""How a question reads, in a given language and without Streamlit: its texts filled in, the
letters of its choices, and its answer as the verdict states it.

One module for every place that words a question: the page and the projector
(ui.questions, as Markdown in the session's language) and the teacher's notes and lesson sheet
(ui.teacher.note_text, as plain text in the language asked for). Each says how it shows a
value (``show``): the page escapes Markdown, the notes and the sheet escape nothing here.
"""

from __future__ import annotations

from collections.abc import Callable

from core.quiz import Question, printed
from ui.texts import CATALOG

TEXT_KEYS = ("qkv.", "quiz.")  # a value that is one of these is a text key, shown translated

Show = Callable[..., str]  # show(value, decimals=None) -> the value as the reader sees it


def text(key: str, lang: str, /, **values) -> str:
    """A catalogue text in ``lang``, filled in."""
    found = CATALOG[key][lang]
    return found.format(**values) if values else found


def letter(k: int) -> str:
    """The letter of the k-th choice (0-based): A, B, C …"""
    return chr(65 + k)


def plain(value, lang: str, decimals: int | None = None) -> str:
    """A question's value as plain text: a text key translated, a number as the page prints
    it (``decimals`` places, 2 by default), anything else as its text."""
    if isinstance(value, str):
        return CATALOG[value][lang] if value.startswith(TEXT_KEYS) else value
    return printed(value, 2 if decimals is None else decimals)


def text_key(q: Question, part: str) -> str:
    """Where a question's texts are: its page's catalogue, "<page>.quiz.<rest>.<part>" for
    the question "<page>.<rest>" (part "ask" or "why")."""
    page, _, rest = q.id.partition(".")
    return f"{page}.quiz.{rest}.{part}"


def filled(q: Question, template: str, show: Show, **extra) -> str:
    """A text of the question (``template``) filled in with its values and reveal."""
    return template.format(**{n: show(v) for n, v in {**q.values, **q.reveal, **extra}.items()})


def answer_text(q: Question, lang: str, show: Show) -> str:
    """The answer as the verdict states it: for a number, with the tolerance it is checked
    by, both to the question's places (it prints exactly: core.quiz.question)."""
    values = {"answer": show(q.answer, q.decimals), "tolerance": show(q.tolerance, q.decimals)}
    if q.kind == "number" and q.theory:  # measured: what theory says, what this sample gave
        return text("quiz.measured", lang, theory=q.theory, **values)
    if q.kind == "number" and q.tolerance:  # what counts as right
        return text("quiz.roughly", lang, **values)
    return values["answer"]
