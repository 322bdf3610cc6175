"""The "Why scale? Train it" page: two trainings, with and without ÷√d_k, asked for by a button.

Expectations come from core.train.experiment itself, run here at the same settings: what the page
draws must be what compare() and scaling_sweep() return, step for step. The settings are
small (few steps, one or two seeds) so that the whole file runs in seconds.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from apptest_util import all_text, chart, chart_keys, charts, open_page, settled, table
from broken_training import broken, broken_compare

from core.train import config as train_config
from core.train.config import TrainConfig
from core.train.experiment import compare, scaling_sweep, sweep_verdicts
from ui.texts.train import TEXTS
from ui.views import train as train_request
from ui.views import train_jobs as training
from ui.widgets import md_escape

SIDES = ("scaled", "unscaled")
CURVES = {  # chart key: the measure it draws
    "train_loss": "loss",
    "train_accuracy": "accuracy",
    "train_jacobian": "softmax_gradient",
    "train_entropy": "entropy",
}
SMALL = {"steps": "30", "seeds": "2", "dk": "16"}  # the page's settings, as in a link


def trained(params: dict, page: str = "train"):
    """The page opened with these link parameters, then its Train button pressed."""
    at = open_page(page, **params)
    assert not at.exception, at.exception
    assert not [k for k in chart_keys(at) if k.startswith("train_")], "trained unasked"
    at.button(key="train_run").click().run()
    assert not at.exception, at.exception
    return settled(at)


def side_rows(df, kind: str):
    return df[df["kind"] == kind]


def test_both_sides_are_drawn_from_what_compare_returns():
    at = trained(SMALL)
    config = TrainConfig(d_k=16, steps=30, n_seeds=2, causal=False, seed=0)
    expected = compare(config, window=training.WINDOW)
    for key, measure in CURVES.items():
        df = chart(at, key)
        for kind in SIDES:
            band = getattr(expected, kind)[measure]
            rows = side_rows(df, kind)
            np.testing.assert_allclose(rows["value"], band.mean, err_msg=key)
            np.testing.assert_allclose(rows["lo"], band.lo, err_msg=key)
            np.testing.assert_allclose(rows["hi"], band.hi, err_msg=key)
    grad = chart(at, "train_grad")
    for kind in SIDES:
        for matrix, measure in (("W_Q", "grad_norm_q"), ("W_K", "grad_norm_k")):
            rows = side_rows(grad, kind)
            rows = rows[rows["matrix"] == matrix]
            np.testing.assert_allclose(rows["value"], getattr(expected, kind)[measure].mean)
    # the attention of the example's queries, before and after, from the first seed
    n_q = config.n_queries
    for kind in SIDES:
        run = getattr(expected, kind).runs[0]
        for when, weights in (("before", run.weights_before), ("after", run.weights_after)):
            df = chart(at, f"train_map_{kind}_{when}")
            shown = df.pivot(index="i", columns="j", values="value").to_numpy()
            np.testing.assert_allclose(np.nan_to_num(shown), weights[0][-n_q:], atol=1e-12)
            answers = df[df["answer"]].sort_values("i")["j"].to_numpy()
            np.testing.assert_array_equal(answers, expected.example.sources[0])
    # the steps to the target per seed, and the link that reopens this view
    steps = table(at, TEXTS["col_seed"]["en"], *(TEXTS[kind]["en"] for kind in SIDES))
    for kind in SIDES:
        side = getattr(expected, kind)
        column = steps[TEXTS[kind]["en"]].tolist()
        for cell, n, ok in zip(column, side.steps_to_target, side.reached, strict=True):
            assert cell == (str(n) if ok else TEXTS["cell_missed"]["en"].format(steps=n))
    assert at.query_params["steps"] == "30" and at.query_params["dk"] == "16"


def test_a_tampered_link_is_clamped_with_a_message():
    at = open_page("train", lr="1e9", steps="0", dk="abc", target="7", seeds="-3", h="x")
    assert not at.exception, at.exception
    message = at.warning[0].value
    assert message.startswith(TEXTS["fixed"]["en"])
    for name, reason in (
        ("lr", "too_large"),
        ("steps", "too_small"),
        ("d_k", "invalid"),
        ("target", "too_large"),
        ("n_seeds", "too_small"),
        ("n_heads", "invalid"),
    ):
        assert TEXTS[f"name_{name}"]["en"] in message and TEXTS[f"reason_{reason}"]["en"] in message
    values = {key: at.session_state[key] for key in train_request.TRAIN_DEFAULTS}
    assert values == {
        "train_dk": 64,
        "train_heads": 1,
        "train_lr": 1.0,
        "train_steps": 10,
        "train_seeds": 1,
        "train_target": 0.95,
    }
    at.run()  # the next run writes the values used into the link, and the message is gone
    assert at.query_params["lr"] == "1" and at.query_params["steps"] == "10"
    assert "dk" not in at.query_params and not at.warning


def test_a_diverging_learning_rate_shows_diverged_and_finite_charts(monkeypatch):
    # Within the page's limits (lr ≤ 1) no run has been seen to overflow; widen them.
    monkeypatch.setitem(train_config.LIMITS, "lr", (1e-4, 1e300))
    monkeypatch.setattr(train_request, "TRAIN_LR_OPTIONS", (*train_request.TRAIN_LR_OPTIONS, 1e300))
    at = trained({"lr": "1e300", "steps": "20", "seeds": "1", "dk": "4"})
    errors = [e.value for e in at.error]
    assert len(errors) == 2 and all("Diverged" in e for e in errors)  # both sides
    keys = [k for k in chart_keys(at) if k.startswith("train_")]
    assert len(keys) == 9
    for key, df in zip(keys, charts(at, "train_"), strict=True):
        for column in ("value", "lo", "hi"):
            if column in df:
                values = df[column].to_numpy(dtype=float)
                assert not np.isinf(values).any(), key
                assert np.isfinite(values).any() or key.startswith("train_map"), key
    steps = table(at, TEXTS["col_seed"]["en"], *(TEXTS[kind]["en"] for kind in SIDES))
    cells = steps[TEXTS["unscaled"]["en"]].tolist()
    assert cells[0].startswith("diverged at step")


def test_the_sweep_draws_what_scaling_sweep_returns_and_says_where_the_sides_are_close(
    monkeypatch,
):
    monkeypatch.setattr(training, "SWEEP_BUDGETS", (40,))
    at = open_page("train", seeds="1", target="0.6")
    settled(at.button(key="train_sweep_run").click().run())
    config = TrainConfig(steps=40, n_seeds=1, causal=False, seed=0)
    expected = scaling_sweep(config, target=0.6, window=training.WINDOW)
    df = chart(at, "train_sweep")
    for kind in SIDES:
        rows = side_rows(df, kind)
        side = getattr(expected, kind)
        np.testing.assert_array_equal(rows["d"], np.repeat(expected.dims, 1))
        np.testing.assert_array_equal(rows["steps"], side.steps.ravel())
        missed = rows["status"] == TEXTS["not_reached"]["en"]
        np.testing.assert_array_equal(missed, ~side.reached.ravel())
    shown = all_text(at)
    for code, dims in sweep_verdicts(expected).items():
        d_k = ", ".join(map(str, dims))
        values = {"d_k": d_k, "target": "60%", "steps": 40, "close": "20%"}
        assert TEXTS[f"verdict_{code}"]["en"].format(**values) in shown


def test_a_failed_training_says_so_and_can_be_tried_again(monkeypatch):
    monkeypatch.setattr(training, "compare", broken_compare)
    flag = broken(os.getpid())
    flag.touch()
    try:
        at = trained({"steps": "20", "seeds": "1", "dk": "2"})  # settings no other test trains
    finally:
        flag.unlink()
    assert not at.exception
    said = TEXTS["failed"]["en"].format(error=md_escape("RuntimeError: the training broke"))
    assert at.error[0].value == said
    assert not [k for k in chart_keys(at) if k.startswith("train_")]
    settled(at.button(key="train_retry").click().run())
    assert not at.error and "train_loss" in chart_keys(at)


@pytest.mark.parametrize("lang", ["zh"])
def test_the_page_in_chinese(lang):
    at = trained({**SMALL, "steps": "10", "seeds": "1", "lang": lang})
    assert at.header[0].value == TEXTS["title"][lang]
    assert at.button(key="train_run").label == TEXTS["run"][lang]
    loss = chart(at, "train_loss")
    assert set(loss["series"]) == {TEXTS["scaled"][lang], TEXTS["unscaled"][lang]}
    assert TEXTS["gradients_body"][lang] in all_text(at)


def test_the_gradient_question_sets_up_both_forces(lang):
    """The right answer ("larger") seems to contradict the article (gradients vanish through
    a sharp softmax): the question names both pulls, so a student can weigh them fairly."""
    from ui.texts import CATALOG

    ask = CATALOG["train.quiz.gradient.ask"][lang]
    for said in {"en": ("√d_k times larger", "one-hot"), "zh": ("大 √d_k 倍", "独热")}[lang]:
        assert said in ask
