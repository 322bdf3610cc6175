"""Masking page: the causal mask, −∞ scores above the diagonal, and the weights it leaves."""

from __future__ import annotations

import numpy as np
import pytest
from apptest_util import all_text, chart, matrix, open_page, table

from core import ARTICLE_TOKENS
from ui.charts import MASKED
from ui.texts.masking import TEXTS

MASK, SCALED, UNMASKED, MASKED_W = (
    "causal_mask",
    "masked_scaled",
    "unmasked_weights",
    "masked_weights",
)
ROW = [TEXTS[f"col_{c}"]["en"] for c in ("key", "unmasked", "allowed", "masked")]

# A numpy warning (overflow, division by zero) is a bug at any setting.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"mask": "1"},
        {"d": "32", "heads": "4", "temp": "0.05", "scale": "0"},
        {"d": "8", "sentence": "the dog sat on the sofa", "temp": "5"},
    ],
)
def test_masked_weights_are_causal_whatever_the_sidebar_says(params):
    at = open_page("masking", **params)
    assert not at.exception
    w = matrix(at, MASKED_W)
    n = w.shape[0]
    above = np.triu(np.ones((n, n), dtype=bool), k=1)
    assert (w[above] == 0).all()  # exactly 0, not merely small
    assert (w[~above] >= 0).all()
    np.testing.assert_allclose(w.sum(axis=1), 1.0, atol=1e-12)
    assert w[0, 0] == pytest.approx(1.0, abs=1e-15)  # the first token sees only itself
    # Without the mask no weight is forced to 0 (only underflow at a very low temperature).
    u = matrix(at, UNMASKED)
    assert (u[above] > 0).any()
    np.testing.assert_allclose(u.sum(axis=1), 1.0, atol=1e-12)
    # The sidebar's switch is reported, not obeyed.
    key = "sidebar_on" if params.get("mask") == "1" else "sidebar_off"
    assert TEXTS[key]["en"] in all_text(at)


def test_blocked_scores_are_minus_infinity_and_the_rest_finite():
    at = open_page("masking", d="8", seed="2")
    df = chart(at, SCALED)
    blocked = df["j"] > df["i"]
    assert (df.loc[blocked, "text"] == MASKED).all()
    assert df.loc[blocked, "value"].isna().all()
    assert (df.loc[~blocked, "text"] != MASKED).all()
    assert np.isfinite(df.loc[~blocked, "value"]).all()
    # The mask grid says the same: allowed exactly on and below the diagonal.
    grid = chart(at, MASK)
    allowed = grid["status"] == TEXTS["allowed"]["en"]
    assert (allowed == (grid["j"] <= grid["i"])).all()


def test_masked_weights_are_softmax_over_the_allowed_scores():
    at = open_page("masking", d="16", seed="4")
    df = chart(at, SCALED)
    n = int(df["i"].max()) + 1
    s = np.full((n, n), -np.inf)
    s[df["i"].to_numpy(), df["j"].to_numpy()] = df["value"].fillna(-np.inf).to_numpy()
    w = matrix(at, MASKED_W)
    for i in range(n):
        e = [np.exp(s[i, j] - np.max(s[i, : i + 1])) for j in range(i + 1)]
        np.testing.assert_allclose(w[i, : i + 1], np.array(e) / sum(e), atol=1e-12)


@pytest.mark.parametrize("q", [0, 3, 8])
def test_blocked_weight_is_shared_out_in_proportion(q):
    at = open_page("masking")
    at.selectbox(key="mask_q").set_value(ARTICLE_TOKENS[q]).run()
    assert not at.exception
    before, allowed, after = (table(at, *ROW)[name].to_numpy() for name in ROW[1:])
    assert list(allowed) == [j <= q for j in range(len(allowed))]
    # Renormalising the unmasked weights over the allowed keys gives the masked ones.
    np.testing.assert_allclose(after[allowed], before[allowed] / before[allowed].sum(), atol=1e-12)
    assert (after[~allowed] == 0).all()
    np.testing.assert_allclose(after, matrix(at, MASKED_W)[q], atol=1e-12)
    np.testing.assert_allclose(before, matrix(at, UNMASKED)[q], atol=1e-12)
