"""Overview page: the four live miniatures, the scaling between them, and the step links."""

from __future__ import annotations

import math

import numpy as np
import pytest
from apptest_util import all_text, chart, matrix, open_page, spec

from core.article import ARTICLE_TOKENS, cited_cells
from ui.texts.common import TEXTS as COMMON
from ui.texts.overview import TEXTS as OVERVIEW

SCORES, SCALED, WEIGHTS, OUTPUT = "ov_scores", "ov_scaled", "ov_weights", "ov_output"
SENTENCE = "the quick brown fox jumps over the lazy dog"  # 9 tokens


def test_article_defaults_show_four_miniatures_and_say_so():
    at = open_page("overview")
    assert not at.exception
    assert len(at.get("vega_lite_chart")) == 4
    assert COMMON["msg.article_on"]["en"] in all_text(at)
    assert matrix(at, SCORES).shape == (9, 9)  # the article's 9 tokens
    assert matrix(at, OUTPUT).shape == (9, 4)  # d_v = 4
    # √4 = 2: the article's own worked number.
    np.testing.assert_allclose(matrix(at, SCALED) * 2.0, matrix(at, SCORES), atol=1e-15)
    # The cells whose numbers the article prints carry a mark, and the caption says so:
    # row "cake" (3) with "it" (5), "I" (0), itself; the first output element of "cake".
    expected = {SCORES: {(3, 5), (3, 0), (3, 3)}, SCALED: set(), WEIGHTS: set(), OUTPUT: {(3, 0)}}
    cited = cited_cells(ARTICLE_TOKENS)
    assert {k: set(cited[k.removeprefix("ov_")]) for k in expected} == expected
    assert marked_cells(at) == expected
    assert OVERVIEW["marked"]["en"] in all_text(at)


def marked_cells(at) -> dict[str, set[tuple[int, int]]]:
    """Per miniature, the cells its data marks, where its spec draws a layer of marks."""
    found = {}
    for key in (SCORES, SCALED, WEIGHTS, OUTPUT):
        data = chart(at, key)
        drawn = any(
            "datum.marked" in str(layer.get("transform")) for layer in spec(at, key)["layer"]
        )
        rows = data[data["marked"]] if "marked" in data else data.iloc[:0]
        assert drawn == (not rows.empty)
        found[key] = set(zip(rows["i"], rows["j"], strict=True))
    return found


@pytest.mark.parametrize(("d", "heads", "temp"), [(64, 4, 1.0), (512, 8, 1.0), (16, 1, 0.5)])
def test_scaled_is_scores_over_sqrt_dk_times_temperature(d, heads, temp):
    at = open_page("overview", d=d, heads=heads, temp=temp, sentence=SENTENCE)
    assert not at.exception
    assert COMMON["msg.article_on"]["en"] not in all_text(at)
    assert not any(marked_cells(at).values())
    scores, scaled = matrix(at, SCORES), matrix(at, SCALED)
    ratio = math.sqrt(d // heads) * temp
    np.testing.assert_allclose(scaled * ratio, scores, rtol=1e-9, atol=1e-12)
    big = np.abs(scores) > 1e-6  # where the ratio itself is well defined
    np.testing.assert_allclose(scores[big] / scaled[big], ratio, rtol=1e-9)


def test_without_scaling_the_scores_pass_unchanged():
    at = open_page("overview", d=256, scale=0, sentence=SENTENCE)
    np.testing.assert_allclose(matrix(at, SCALED), matrix(at, SCORES), rtol=1e-12)


@pytest.mark.parametrize("mask", [0, 1])
def test_weight_rows_sum_to_one(mask):
    at = open_page("overview", d=32, heads=2, mask=mask, sentence=SENTENCE)
    w = matrix(at, WEIGHTS)
    assert (w >= 0).all()
    np.testing.assert_allclose(w.sum(axis=1), 1.0, atol=1e-12)
    if mask:
        assert np.all(np.triu(w, k=1) == 0)  # no weight on a future token
        assert np.isnan(np.triu(matrix(at, SCALED), k=1)[np.triu_indices(9, k=1)]).all()


def test_links_to_every_step_and_beyond():
    at = open_page("overview")
    pages = {link.proto.page for link in at.page_link}
    assert {"similarity", "scaling", "softmax", "weighted_sum", "masking", "multihead"} <= pages


def test_chinese_header():
    at = open_page("overview", lang="zh")
    assert not at.exception
    assert at.header[0].value == OVERVIEW["title"]["zh"]
    assert COMMON["msg.article_on"]["zh"] in all_text(at)
