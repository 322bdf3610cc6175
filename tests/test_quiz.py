"""Predict, then reveal: on every page the answer stays hidden until a guess is committed,
then it is shown, equals what core computes for the current settings, and right and wrong
guesses are told apart; bad guesses get a message, never a traceback."""

from __future__ import annotations

import re

import pytest
from apptest_util import all_text, open_page

from core import footnote4_experiment, quiz
from core.recommender import DEFAULT_QUERY, TAGS
from core.tokens import focus_default
from ui import state
from ui.quiz import QUESTIONS
from ui.settings import DEFAULTS, Settings, parse_params
from ui.state import FOOTNOTE4_DIMS
from ui.texts.quiz import TEXTS

SETTINGS = {  # three settings: the article's, a larger model, another sentence unscaled
    "article": {},
    "d_model": {"d": "64", "heads": "4"},
    "sentence": {"sentence": "the dog sat on the sofa and it slept", "scale": "0", "d": "16"},
}
CHECK = TEXTS["check"]["en"]


def settings(params: dict) -> Settings:
    values, _ = parse_params(params)
    return Settings(**{**DEFAULTS.__dict__, **values})


def pipeline(s: Settings, **changes):
    """The forward pass the pages draw, built afresh (not from the app's cache)."""
    return state._compute_pipeline(Settings(**{**s.__dict__, **changes}))


def expected(name: str, params: dict) -> list[quiz.Question]:
    """The page's questions as core makes them for these settings (its own pipeline)."""
    s = settings(params)
    p = pipeline(s)
    focus = focus_default(list(p.tokens))
    big = {"d_model": 512, "n_heads": 1}
    return {
        "overview": lambda: quiz.overview_questions(p, focus),
        "tokens": lambda: quiz.tokens_questions(p),
        "qkv": lambda: quiz.qkv_questions([DEFAULT_QUERY[tag] for tag in TAGS], 1.0),
        "similarity": lambda: quiz.similarity_questions(p, focus),
        "scaling": lambda: quiz.scaling_questions(footnote4_experiment(FOOTNOTE4_DIMS), s.d_k),
        "softmax": lambda: quiz.softmax_questions(
            p, pipeline(s, **big, scale=True), pipeline(s, **big, scale=False), focus
        ),
        "weighted_sum": lambda: quiz.weighted_sum_questions(p, focus),
        "masking": lambda: quiz.masking_questions(pipeline(s, causal=True), focus),
        "multihead": lambda: quiz.multihead_questions(p),
    }[name]()


def guess(at, name: str, i: int, q: quiz.Question, value) -> None:
    """Type or pick a guess for question i (1 …) of the page, and commit it."""
    key = f"quiz_{name}_{i}_guess"
    if q.kind == "number":
        at.text_input(key=key).input(str(value))
    elif len(q.choices) <= 4:
        at.radio(key=key).set_value(value)
    else:
        at.selectbox(key=key).set_value(value)
    submit = next(
        b for b in at.button if b.key and b.key.startswith(f"FormSubmitter:quiz_{name}_{i}")
    )
    submit.click().run()
    assert not at.exception, at.exception


def fixed_part(text: str) -> str:
    """The longest stretch of a text between its placeholders: what every filling shows."""
    return max(re.split(r"\{[^}]*\}", text), key=len).strip()


def wrong(q: quiz.Question):
    if q.kind == "number":
        return float(q.answer) + 10 * q.tolerance + 3
    return next(c for c in q.choices if c != q.answer)


def answer_shown(at, q: quiz.Question) -> bool:
    """Whether the page states this question's answer in a verdict."""
    return any(TEXTS["right"]["en"].split(":")[0] in s.value for s in at.success) or any(
        TEXTS["wrong"]["en"].split(":")[0] in e.value for e in at.error
    )


@pytest.mark.parametrize("setting", list(SETTINGS))
@pytest.mark.parametrize("name", sorted(QUESTIONS))
def test_the_answer_is_hidden_until_a_guess_then_it_is_core_s(name, setting):
    params = SETTINGS[setting]
    questions = expected(name, params)
    assert questions, "every page asks at least one question"
    at = open_page(name, **params)
    assert not at.exception
    assert not at.success and not at.error  # nothing says right or wrong before a guess
    for i, q in enumerate(questions, start=1):
        why = fixed_part(TEXTS[(q.why or f"quiz.{q.id}.why").removeprefix("quiz.")]["en"])
        assert why not in all_text(at)  # the reason (which gives the answer) is not shown yet
        first = q.answer if i % 2 else wrong(q)  # right on odd questions, wrong on even ones
        guess(at, name, i, q, first)
        text = all_text(at)
        assert answer_shown(at, q)
        assert why in text
        verdicts = [s.value for s in at.success] + [e.value for e in at.error]
        right = TEXTS["right"]["en"].split("{")[0]
        assert (any(v.startswith(right) for v in verdicts[-1:])) == (i % 2 == 1), verdicts


@pytest.mark.parametrize("bad", ["", "   ", "sixty-four", "1e400", "9" * 40])
def test_bad_numbers_get_a_message_not_a_traceback(bad):
    at = open_page("scaling")
    q = expected("scaling", {})[0]
    guess(at, "scaling", 1, q, bad)
    messages = [w.value for w in at.warning]
    reason = (
        "msg.empty"
        if not bad.strip()
        else ("msg.not_a_number" if bad == "sixty-four" else "msg.too_large")
    )
    assert TEXTS[reason]["en"] in messages
    assert not at.success and not at.error  # still unanswered


def test_a_number_is_right_within_its_tolerance_and_commas_work():
    at = open_page("scaling", d=64, heads=1)
    q = expected("scaling", {"d": "64", "heads": "1"})[0]
    assert 0.75 * 64 < q.answer < 1.25 * 64  # measured Var(q·k) ≈ d_k
    guess(at, "scaling", 1, q, "64,0")  # a comma as the decimal mark
    assert at.success and not at.error
    answered = at.session_state["quiz_answers"]
    assert len(answered) == 1 and all(record["right"] for record in answered.values())


def test_show_me_sets_the_controls_and_the_score_counts():
    at = open_page("softmax")
    q = expected("softmax", {})[0]
    guess(at, "softmax", 1, q, q.answer)
    next(b for b in at.button if b.label == TEXTS["try_this"]["en"]).click().run()
    assert (at.session_state["d_model"], at.session_state["scale"]) == (512, False)
    assert at.query_params["d"] == "512" and at.query_params["scale"] == "0"
    assert at.query_params["q"] == "1"  # the link names the question reached
    assert TEXTS["score"]["en"].format(answered=1, right=1) in [c.value for c in at.sidebar.caption]
    # The same question with the same answer stays answered; a new sentence asks afresh.
    assert at.success
    at.sidebar.text_area(key="sentence").set_value("the dog sat on the sofa and it slept").run()
    assert not at.success and not at.error


@pytest.mark.parametrize("params", [{}, {"mask": "1", "seed": "3"}])
def test_the_train_page_asks_about_the_first_gradient(params):
    from dataclasses import replace

    from core.experiment import compare
    from core.train_config import validate

    s = settings(params)
    config = validate({}, causal=s.causal, seed=s.seed).config
    (q,) = quiz.train_questions(compare(replace(config, steps=1), target=0.9, window=1))
    at = open_page("train", **params)
    assert not at.success and not at.error
    guess(at, "train", 1, q, q.answer)
    assert at.success and fixed_part(TEXTS["train.gradient.why"]["en"]) in all_text(at)
    assert q.answer == "quiz.choice.larger"  # no 1/√d_k factor: more gradient at W_Q
