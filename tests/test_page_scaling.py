"""Step 2 page: the footnote-4 experiment and one row of the sentence with and without ÷√d_k.

Expectations come from theory, not from running the page: for q, k with independent
N(0, 1) entries, Var(q·k) = d and Var(q·k/√d) = 1, with the standard error of the
variance estimate worked out in tests/test_core_footnote4.py. Dividing the scores by
√d_k > 1 is a softmax at a higher temperature, so the scaled row is flatter: a smaller
largest weight and a larger entropy.
"""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest
from apptest_util import all_text, chart, open_page, table

from core.footnote4 import footnote4_experiment
from ui.texts.scaling import TEXTS

OPEN = ("scaling_numbers", "scaling_table")  # the folded sections these tests look into

_DEFAULTS = inspect.signature(footnote4_experiment).parameters
N_ROWS, N_KEYS = _DEFAULTS["n_rows"].default, _DEFAULTS["n_keys"].default
N = N_ROWS * N_KEYS


def var_se(d: int) -> float:
    """Standard error of the sample variance of q·k when each row shares its query."""
    return math.sqrt(((2 * d * d + 6 * d) + (N_KEYS - 1) * 2 * d) / N)


ROW_COLUMNS = [TEXTS[f"col_{c}"]["en"] for c in ("score", "scaled", "on", "off")]


def experiment(at) -> list:
    """The footnote-4 charts: the variance, then the largest weight."""
    return [chart(at, "variance"), chart(at, "max_weight")]


def row_bars(at) -> list:
    """The chosen row's weights as bars: scaled, then unscaled."""
    return [chart(at, "row_on"), chart(at, "row_off")]


def row_numbers(at):
    """The numbers of the chosen row: score, score / √d_k, weight scaled, weight unscaled."""
    return table(at, *ROW_COLUMNS)[ROW_COLUMNS]


def metrics(at) -> list[tuple[str, float]]:
    return [(m.label, float(m.value)) for m in at.metric]


@pytest.fixture(scope="module")
def default_page():
    at = open_page("scaling", sections=OPEN)
    assert not at.exception
    return at


def test_measured_variance_is_d_before_and_one_after_scaling(default_page):
    variance = experiment(default_page)[0]
    raw = variance[variance["kind"] == "raw"]
    scaled = variance[variance["kind"] == "scaled"]
    assert list(raw["d"]) == [2**e for e in range(11)]
    for d, var in zip(raw["d"], raw["measured"], strict=True):
        assert abs(var - d) < 5 * var_se(d), (d, var)
    for d, var in zip(scaled["d"], scaled["measured"], strict=True):
        assert abs(var - 1) < 5 * var_se(d) / d, (d, var)
    # the theoretical lines are drawn: y = d unscaled, y = 1 scaled
    np.testing.assert_array_equal(raw["theory"], raw["d"])
    np.testing.assert_array_equal(scaled["theory"], 1.0)


def test_unscaled_rows_sharpen_with_d_and_scaled_rows_do_not(default_page):
    weights = experiment(default_page)[1]
    raw = weights[weights["kind"] == "raw"]["measured"].to_numpy()
    scaled = weights[weights["kind"] == "scaled"]["measured"].to_numpy()
    assert np.all((raw >= 1 / N_KEYS) & (raw <= 1)) and np.all(scaled >= 1 / N_KEYS)
    assert raw[-1] > 0.9 > 0.5 > scaled.max()  # one-hot-ish at d = 1024; soft when scaled
    assert np.all(raw[4:] > scaled[4:])  # d >= 16


@pytest.mark.parametrize(("d", "heads"), [(4, 1), (512, 1), (512, 8), (1024, 16)])
def test_the_current_d_k_is_marked(d, heads):
    at = open_page("scaling", sections=OPEN, d=d, heads=heads)
    assert not at.exception
    for df in experiment(at):
        assert sorted(set(df.loc[df["current"], "d"])) == [d // heads]
        assert df["marker"].str.contains(str(d // heads)).all()


def test_article_row_defaults_to_it_and_halves_the_scores(default_page):
    at = default_page
    assert at.selectbox(key="scaling_row").value == "it"
    assert "√4 = **2**" in all_text(at)
    table = row_numbers(at)
    score, scaled, on, off = (table.iloc[:, c].to_numpy() for c in range(4))
    np.testing.assert_allclose(scaled, score / 2)
    # softmax worked out from the displayed scores (T = 1): each column sums to 1
    np.testing.assert_allclose(on, np.exp(score / 2) / np.exp(score / 2).sum(), rtol=1e-12)
    np.testing.assert_allclose(off, np.exp(score) / np.exp(score).sum(), rtol=1e-12)
    for df, w in zip(row_bars(at), (on, off), strict=True):
        np.testing.assert_allclose(df["value"], w)
        assert df.loc[df["hl"], "value"].item() == w.max()


@pytest.mark.parametrize("heads", [1, 8])
def test_without_scaling_the_row_is_sharper_at_512(heads):
    at = open_page("scaling", sections=OPEN, d=512, heads=heads, temp="0.5")
    assert not at.exception
    (_, max_on), (_, h_on), (_, max_off), (_, h_off) = metrics(at)
    assert max_off > max_on
    assert h_off < h_on
    table = row_numbers(at)
    score, on, off = table.iloc[:, 0], table.iloc[:, 2], table.iloc[:, 3]
    d_k = 512 // heads
    z_on, z_off = score / math.sqrt(d_k) / 0.5, score / 0.5
    np.testing.assert_allclose(on, np.exp(z_on - z_on.max()) / np.exp(z_on - z_on.max()).sum())
    np.testing.assert_allclose(off, np.exp(z_off - z_off.max()) / np.exp(z_off - z_off.max()).sum())


def test_with_d_k_one_scaling_changes_nothing():
    at = open_page("scaling", sections=OPEN, d=4, heads=4)
    assert not at.exception
    (_, max_on), (_, h_on), (_, max_off), (_, h_off) = metrics(at)
    assert (max_on, h_on) == (max_off, h_off)
    assert "√d_k = 1" in all_text(at)


def test_causal_mask_hides_later_keys_on_both_sides():
    at = open_page("scaling", sections=OPEN, mask=1)
    assert not at.exception
    at.selectbox(key="scaling_row").set_value("cake").run()  # 4th token: keys 5… are hidden
    table = row_numbers(at)
    for col in (2, 3):
        w = table.iloc[:, col].to_numpy()
        assert np.all(w[4:] == 0) and abs(w[:4].sum() - 1) < 1e-12
    assert "cake" in all_text(at)


def test_a_sentence_without_it_starts_on_its_last_token():
    at = open_page("scaling", sections=OPEN, sentence="the cat sat on the mat")
    assert at.selectbox(key="scaling_row").value == "mat"
    at.sidebar.text_area(key="sentence").set_value("to be or not").run()
    assert not at.exception
    assert at.selectbox(key="scaling_row").value == "not"


def test_chinese_starts_on_its_pronoun_and_tokens_are_named_as_text():
    at = open_page("scaling", sections=OPEN, sentence="我吃了蛋糕，它很好吃。", lang="zh", d=16)
    assert at.selectbox(key="scaling_row").value == "它"
    # a token is named in the mask caption: as inert text, never as markup
    at = open_page(
        "scaling", sections=OPEN, sentence="<script>alert(1)</script> it 🎂 **x**", mask=1
    )
    at.selectbox(key="scaling_row").set_value("<").run()
    assert not at.exception
    assert "“\\<”" in all_text(at)
