"""Helpers for the tests of a page's questions (ui.quiz): guess, press, read the verdicts,
and look for an answer's numbers where they must not be yet."""

from __future__ import annotations

import numpy as np
from apptest_util import all_text, chart, chart_keys

from core import quiz
from ui.texts.quiz import TEXTS

EN = {key: entry["en"] for key, entry in TEXTS.items()}


def floats(q: quiz.Question) -> list[float]:
    """The numbers that would give a question's answer away (whole numbers aside: a "2" or a
    "16" stands on any page for other reasons)."""
    values = [q.answer, *q.reveal.values()] if q.kind == "number" else [*q.reveal.values()]
    return [float(v) for v in values if isinstance(v, float) and not float(v).is_integer()]


def leaked(at, qs: list[quiz.Question]) -> list[str]:
    """Where, before the guess, a chart's data, a table or a text holds an answer's number."""
    text = all_text(at)
    found = []
    for q in qs:
        for v in floats(q):
            for decimals in (2, 3, 4):
                if f"{v:.{decimals}f}" in text and abs(v) >= 0.01:
                    found.append(f"{q.id}: {v:.{decimals}f} in the text")
            for key in chart_keys(at):
                numbers = chart(at, key).select_dtypes("number").to_numpy(dtype=float)
                if np.isclose(numbers, v, atol=1e-12).any():
                    found.append(f"{q.id}: {v} in chart {key}")
            for table in at.dataframe:
                numbers = table.value.select_dtypes("number").to_numpy(dtype=float)
                if np.isclose(numbers, v, atol=1e-12).any():
                    found.append(f"{q.id}: {v} in a table")
    return found


def wrong(q: quiz.Question):
    if q.kind == "number":
        return float(q.answer) + 10 * q.tolerance + 3
    return next(c for c in q.choices if c != q.answer)


def fill(at, name: str, qs: list[quiz.Question], guesses: list) -> None:
    """Type or pick a guess for each question of the page."""
    for i, (q, value) in enumerate(zip(qs, guesses, strict=True), start=1):
        key = f"quiz_{name}_{i}_guess"
        if q.kind == "number":
            at.text_input(key=key).input(str(value))
        elif len(q.choices) <= 4:
            at.radio(key=key).set_value(value)
        else:
            at.selectbox(key=key).set_value(value)


def press(at, label: str) -> None:
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception, at.exception


VERDICTS = tuple(EN[key].split("{")[0] for key in ("right", "wrong", "skipped"))


def verdicts(at) -> list[str]:
    """The verdicts the page shows (right, wrong or skipped), in page order."""
    alerts = [a.value for kind in ("success", "error", "info") for a in getattr(at, kind)]
    return [text for text in alerts if text.startswith(VERDICTS)]
