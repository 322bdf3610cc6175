"""A number question's stated rule is the rule applied: the verdict's sentence, "1.00
(anything within 0.01 counts)", is read as a student reads it, and a guess on its edge is
right while one a printed place beyond it is not, on every page that asks for a number, in
English and in Chinese. An exact answer states no tolerance, and a hair beside it is wrong."""

from __future__ import annotations

import re

import pytest
from apptest_util import chart, open_page

from core.quiz.question import Question, printable, round_tolerance
from ui.texts import CATALOG

# (page, the name its questions are asked under, folded sections to open, link parameters)
NUMBER_FORMS = [
    ("tokens", "tokens", (), {}),
    ("similarity", "similarity", (), {}),
    ("scaling", "scaling", (), {}),
    ("scaling", "scaling", (), {"d": "64", "heads": "1"}),
    ("softmax", "softmax", (), {}),
    ("weighted_sum", "weighted_sum", (), {}),
    ("weighted_sum", "weighted_sum", (), {"d": "32", "heads": "8"}),
    ("masking", "masking", (), {}),
    ("multihead", "multihead", (), {}),
    ("tiles", "tiles", (), {}),
    ("generate", "generate", (), {}),
    ("generate", "generate_share", ("gen_share",), {"heads": "4", "d": "16"}),
    ("generate", "generate_memory", ("gen_memory",), {}),
]


def sentence_pattern(lang: str) -> re.Pattern:
    """The answer and its tolerance as the verdict prints them, in the page's language."""
    number = r"(-?[0-9][0-9.,]*)"
    forms = []
    for key in ("quiz.roughly", "quiz.measured"):
        text = re.escape(CATALOG[key][lang])
        text = text.replace(re.escape("{answer}"), number).replace(re.escape("{tolerance}"), number)
        forms.append(text.replace(re.escape("{theory}"), ".*?"))
    return re.compile("|".join(f"(?:{f})" for f in forms))


def places(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


def read_rule(verdict: str, lang: str) -> tuple[float, float, int]:
    """(answer, tolerance, places) from a verdict's sentence; tolerance 0 when none is stated."""
    found = sentence_pattern(lang).search(verdict)
    if found:
        answer, tolerance = [g for g in found.groups() if g is not None]
        assert places(answer) == places(tolerance), verdict  # both to the same place
        assert float(tolerance) > 0, f"an exact answer states a tolerance: {verdict}"
        return float(answer), float(tolerance), places(answer)
    prefix = CATALOG["quiz.skipped"][lang].split("{answer}")[0]
    answer = verdict.removeprefix(prefix).rstrip("。.")
    assert re.fullmatch(r"-?[0-9]+(\.[0-9]+)?", answer), verdict
    return float(answer), 0.0, places(answer)


def number_inputs(at, name: str) -> list[int]:
    keys = {ti.key for ti in at.text_input}
    return [i for i in range(1, 6) if f"quiz_{name}_{i}_guess" in keys]


def verdict_texts(at, lang: str, kinds=("success", "error", "info")) -> list[str]:
    heads = tuple(CATALOG[f"quiz.{k}"][lang].split("{")[0] for k in ("right", "wrong", "skipped"))
    found = [a.value for kind in kinds for a in getattr(at, kind)]
    return [text for text in found if text.startswith(heads)]


def judged(at, name: str, i: int, guess: str, lang: str) -> bool:
    """The verdict on ``guess`` for question i of the form ``name``, asked afresh."""
    at.session_state["quiz_answers"] = {}
    at.run()
    at.text_input(key=f"quiz_{name}_{i}_guess").input(guess)
    at.button(key=f"quiz_{name}_check").click().run()
    assert not at.exception, at.exception
    (verdict,) = verdict_texts(at, lang, ("success", "error"))
    return verdict.startswith(CATALOG["quiz.right"][lang].split("{")[0])


@pytest.mark.parametrize(("page", "name", "sections", "params"), NUMBER_FORMS)
def test_a_guess_on_the_stated_edge_counts_and_one_place_beyond_does_not(
    page, name, sections, params, lang
):
    at = open_page(page, ask="1", lang=lang, sections=sections, **params)
    inputs = number_inputs(at, name)
    assert inputs, f"{page}: no number question under {name}"
    at.button(key=f"quiz_{name}_skip").click().run()
    shown = verdict_texts(at, lang, ("info",))
    for i in inputs:
        answer, tolerance, decimals = read_rule(shown[i - 1], lang)
        step = 10.0 ** -max(decimals, 2)  # one printed place (a hundredth for whole numbers)
        fmt = f"{{:.{max(decimals, 2)}f}}"
        inside = [answer + tolerance, answer - tolerance]
        outside = [answer + tolerance + step, answer - tolerance - step]
        for guess in inside:
            assert judged(at, name, i, fmt.format(guess), lang), (page, i, guess, shown[i - 1])
        for guess in outside:
            assert not judged(at, name, i, fmt.format(guess), lang), (page, i, guess, shown[i - 1])


def test_a_tolerance_that_would_print_rounded_is_refused():
    with pytest.raises(ValueError, match="does not print exactly"):
        Question("softmax.sum", "sum", "number", 1.0, tolerance=0.005)
    assert printable(0.01, 2) and printable(0.0, 0) and not printable(0.005, 2)
    assert round_tolerance(0.9675) == 0.97 and round_tolerance(0.06) == 0.06


def test_the_check_is_against_the_answer_as_printed():
    # 0.9999999999999999 reads "1.00": 1.01 is on the edge of "within 0.01", so it counts.
    q = Question("softmax.sum", "sum", "number", 0.9999999999999999, tolerance=0.01)
    assert q.is_right(1.01) and q.is_right(0.99) and not q.is_right(1.0101)
    exact = Question("masking.zero", "mask", "number", 0.0, decimals=0)
    assert exact.is_right(0) and exact.is_right(0.0) and not exact.is_right(0.001)


@pytest.mark.parametrize("params", [{}, {"d": "32", "heads": "8"}, {"d": "16", "heads": "2"}])
def test_the_hand_work_from_the_printed_numbers_counts(params, lang):
    """O[it, 1] worked out from A and V as their cells print them is right, on every head."""
    at = open_page("weighted_sum", ask="1", lang=lang, **params)
    heads = int(params.get("heads", 1))
    for head in range(heads):
        if heads > 1:
            at.select_slider(key="weighted_sum_head").set_value(head + 1).run()
        a, v = chart(at, "weights"), chart(at, "v")
        row = a[a["focus"].astype(bool)].sort_values("j")["text"].astype(float).to_numpy()
        column = v[v["j"] == 0].sort_values("i")["text"].astype(float).to_numpy()
        hand = float(row @ column)
        assert judged(at, "weighted_sum", 2, f"{hand:.2f}", lang), (head, hand)
