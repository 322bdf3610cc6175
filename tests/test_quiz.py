"""Predict, then reveal: on every page what answers its question is held back until the
student guesses (or asks to be shown), then it appears and equals what core computes for the
current settings; with questions off it shows at once; bad guesses get a message."""

from __future__ import annotations

import re

import numpy as np
import pytest
from apptest_util import all_text, chart, chart_keys, charts, open_page
from quiz_util import EN, fill, leaked, press, verdicts, wrong

from core import footnote4_experiment, quiz
from core.recommender import DEFAULT_QUERY, TAGS
from core.tokens import focus_default
from ui import state
from ui.questions import text_key
from ui.registry import part, questions, tour
from ui.settings import DEFAULTS, Settings, parse_params
from ui.state import FOOTNOTE4_DIMS
from ui.texts import CATALOG

SETTINGS = {  # three settings: the article's, a larger model, another sentence unscaled
    "article": {},
    "d_model": {"d": "64", "heads": "4"},
    "sentence": {"sentence": "the dog sat on the sofa and it slept", "scale": "0", "d": "16"},
}
# The overview and the lesson's stops (the real model has its own tests).
PAGES = ("overview", *(p for p in part("lesson") if p != "real_model"))


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


def focus_row(at, key: str) -> np.ndarray:
    """The outlined (followed token's) row of a heatmap."""
    df = chart(at, key)
    row = df[df["focus"].astype(bool)].sort_values("j")
    return row["value"].to_numpy(dtype=float)


# What proves each page's answers: the figure it holds back, with the answer's value in it.
def proves(name: str, at, qs: list[quiz.Question]) -> bool:
    keys = set(chart_keys(at))
    q = qs[0]
    if name == "overview":
        return "ov_weights" in keys and np.isclose(
            focus_row(at, "ov_weights").max(), q.reveal["weight"]
        )
    if name == "tokens":
        if "tok_delta" not in keys:
            return False
        delta = chart(at, "tok_delta").pivot(index="i", columns="j", values="value").to_numpy()
        return int(np.sum(np.any(delta != 0, axis=1))) == q.answer
    if name == "qkv":
        return "film_weights" in keys and np.isclose(
            chart(at, "film_weights")["value"].max(), q.reveal["weight"]
        )
    if name == "similarity":
        return (
            "scores" in keys
            and np.isclose(focus_row(at, "scores").max(), q.reveal["score"])
            and len(chart(at, "scores")) == qs[1].answer  # n × n scores
        )
    if name == "scaling":
        df = charts(at, "variance")
        measured = df[0]["measured"] if df else []  # raw and scaled, at every d
        return bool(df) and all(np.isclose(measured, qq.answer).any() for qq in qs)
    if name == "softmax":
        return "softmax_weights" in keys and np.isclose(
            focus_row(at, "softmax_weights").sum(), qs[1].answer
        )
    if name == "weighted_sum":
        return "output" in keys and np.isclose(focus_row(at, "output")[0], qs[1].answer)
    if name == "masking":
        return "masked_weights" in keys and bool((chart(at, "masked_weights")["value"] == 0).any())
    if name == "multihead":  # one head: the question is about the article's eight heads
        width = q.answer if q.id == "multihead.width" else at.session_state["d_model"]
        return "concat" in keys and chart(at, "concat")["j"].nunique() == min(width, 64)
    raise KeyError(name)


@pytest.mark.parametrize("setting", list(SETTINGS))
@pytest.mark.parametrize("name", PAGES)
def test_the_answer_is_held_back_until_a_guess_then_shown_as_core_computes_it(name, setting):
    params = SETTINGS[setting]
    qs = expected(name, params)
    at = open_page(name, ask="1", **params)
    assert not at.exception
    assert not proves(name, at, qs) and not verdicts(at)
    assert not leaked(at, qs), leaked(at, qs)
    for q in qs:  # nor the reason, which tells the answer
        why = CATALOG[q.why or text_key(q, "why")]["en"]
        assert max(re.split(r"\{[^}]*\}", why), key=len).strip() not in all_text(at)
    guesses = [q.answer if i % 2 == 0 else wrong(q) for i, q in enumerate(qs)]  # right, wrong…
    fill(at, name, qs, guesses)
    press(at, EN["check"])
    assert proves(name, at, qs)  # the figure that proves it, beside the verdict
    shown = verdicts(at)
    assert len(shown) == len(qs)
    for i, text in enumerate(shown):
        assert text.startswith(EN["right" if i % 2 == 0 else "wrong"].split("{")[0]), shown


@pytest.mark.parametrize("name", PAGES)
def test_with_questions_off_the_answer_shows_at_once(name):
    at = open_page(name, ask="0", d="16", heads="2")
    assert not at.exception
    assert proves(name, at, expected(name, {"d": "16", "heads": "2"}))
    assert not at.get("form")  # the questions wait, folded, where they were


def test_show_me_without_guessing_counts_as_skipped_and_shows_the_answer():
    qs = expected("weighted_sum", {})
    at = open_page("weighted_sum", ask="1")
    press(at, EN["skip"])
    assert proves("weighted_sum", at, qs)
    assert [v for v in verdicts(at) if v.startswith(EN["skipped"].split("{")[0])]
    assert not at.success and not at.error  # neither right nor wrong
    score = EN["score"].format(answered=0, right=0, skipped=len(qs))
    assert score in [c.value for c in at.sidebar.caption]


def test_the_presenter_view_lets_the_class_vote_then_the_teacher_reveals():
    qs = expected("similarity", {})
    at = open_page("similarity", ask="1", present="1")
    guesses = [w for w in (*at.text_input, *at.selectbox, *at.radio) if w.key.startswith("quiz_")]
    assert not guesses  # nothing to type or pick: the class votes by hand
    text = all_text(at)
    assert all(f"- **{chr(65 + k)}** · {c}" in text for k, c in enumerate(qs[0].choices[:-1]))
    assert not proves("similarity", at, qs)
    press(at, EN["reveal"])
    assert proves("similarity", at, qs)


@pytest.mark.parametrize("bad", ["", "   ", "sixty-four", "1e400", "9" * 40])
def test_bad_numbers_get_a_message_not_a_traceback(bad):
    at = open_page("scaling", ask="1")
    qs = expected("scaling", {})
    fill(at, "scaling", qs, [bad, 1.0])
    press(at, EN["check"])
    reason = (
        "msg.empty"
        if not bad.strip()
        else ("msg.not_a_number" if bad == "sixty-four" else "msg.too_large")
    )
    assert EN[reason] in [w.value for w in at.warning]
    assert not proves("scaling", at, qs)  # still held back: one question is unanswered


def test_a_number_is_right_within_its_tolerance_and_commas_work():
    at = open_page("scaling", d=64, heads=1, ask="1")
    qs = expected("scaling", {"d": "64", "heads": "1"})
    assert 0.75 * 64 < qs[0].answer < 1.25 * 64  # measured Var(q·k) ≈ d_k
    fill(at, "scaling", qs, ["64,0", "1"])  # a comma as the decimal mark
    press(at, EN["check"])
    assert len(at.success) == 2 and not at.error
    text = all_text(at)
    assert "≈ d_k = 64" in text and f"this sample: {qs[0].answer:.2f}" in text


def test_show_me_sets_the_controls_and_the_score_counts():
    at = open_page("softmax", ask="1")
    qs = expected("softmax", {})
    fill(at, "softmax", qs, [qs[0].answer, qs[1].answer])
    press(at, EN["check"])
    press(at, EN["try_this"])
    assert (at.session_state["d_model"], at.session_state["scale"]) == (512, False)
    assert at.query_params["d"] == "512" and at.query_params["scale"] == "0"
    score = EN["score"].format(answered=2, right=2, skipped=0)
    assert score in [c.value for c in at.sidebar.caption]
    # A new sentence asks afresh, and holds the answer back again.
    at.sidebar.text_area(key="sentence").set_value("the dog sat on the sofa and it slept").run()
    assert not verdicts(at) and "softmax_weights" not in chart_keys(at)


def test_every_stop_of_the_lesson_asks_first_and_every_claim_is_tested():
    assert set(tour()) <= set(questions())
    claims = {q.claim for name in PAGES for q in expected(name, {})}
    claims |= {"real", "learn"}  # asked on the Real model and Train pages (their own tests)
    assert claims == set(quiz.CLAIMS)


@pytest.mark.parametrize("params", [{}, {"mask": "1", "seed": "3"}])
def test_the_train_page_asks_about_the_first_gradient(params):
    from dataclasses import replace

    from core.train.config import validate
    from core.train.experiment import compare

    s = settings(params)
    config = validate({}, causal=s.causal, seed=s.seed).config
    (q,) = quiz.train_questions(compare(replace(config, steps=1), target=0.9, window=1))
    at = open_page("train", ask="1", **params)
    assert not verdicts(at)
    fill(at, "train", [q], [q.answer])
    press(at, EN["check"])
    why = CATALOG["train.quiz.gradient.why"]["en"]
    assert at.success and max(re.split(r"\{[^}]*\}", why), key=len).strip() in all_text(at)
    assert q.answer == "quiz.choice.larger"  # no 1/√d_k factor: more gradient at W_Q


# Sentences of nine tokens that follow "it", like the article's: the sum of the row of "it"
# is 1, to whatever last bit the machine's rounding gives each of them.
NINE_TOKENS = (
    "I ate the cake and it was delicious.",
    "the dog sat on the sofa and it slept",
    "my cat saw a bird and it flew away",
)


def test_a_question_is_the_same_exactly_when_it_reads_and_prints_the_same():
    def sum_question(answer, about=("a", "it"), n=2):
        return quiz.Question(
            "softmax.sum",
            "sum",
            "number",
            answer,
            about=about,
            tolerance=0.01,
            values={"token": "it"},
            reveal={"n": n},
        )

    same = {sum_question(a).signature for a in (1.0, 0.9999999999999999, 1.0000000000000002)}
    assert len(same) == 1  # all read "1.00"
    assert sum_question(-0.0001).signature == sum_question(0.0).signature  # "0.00", no "-0.00"
    assert sum_question(1.01).signature != sum_question(1.0).signature
    assert sum_question(1.0, about=("b", "it")).signature != sum_question(1.0).signature
    assert sum_question(1.0, n=3).signature != sum_question(1.0).signature


def test_a_new_sentence_asks_afresh_and_a_new_temperature_does_not():
    def sum_question(sentence, **params):
        return expected("softmax", {"sentence": sentence, **params})[1]

    questions = [sum_question(sentence) for sentence in NINE_TOKENS]
    assert len({q.signature for q in questions}) == len(NINE_TOKENS)
    assert {f"{q.answer:.2f}" for q in questions} == {"1.00"}
    assert sum_question(NINE_TOKENS[1], temp="2").signature == questions[1].signature
