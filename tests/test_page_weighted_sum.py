"""Step 4 page: V = X·W_V, the output O = A·V, and one output value summed term by term."""

from __future__ import annotations

import re

import numpy as np
import pytest
from apptest_util import all_text, chart_data, open_page

from ui.texts.common import TEXTS as COMMON
from ui.texts.weighted_sum import TEXTS

X, W_V, A, V, OUT = range(5)
SUM = re.compile(r"= \*\*(-?\d+\.\d{4})\*\*")

# A numpy warning (overflow, division by zero) is a bug at any setting.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def matrix(at, index: int) -> np.ndarray:
    return chart_data(at, index).pivot(index="i", columns="j", values="value").to_numpy()


def displayed_sum(at) -> float:
    found = SUM.findall(all_text(at))
    assert len(found) == 1, found
    return float(found[0])


@pytest.mark.parametrize(
    ("params", "q", "dim"),
    [
        ({}, 3, 0),  # the article: "cake", first dimension
        ({}, 8, 3),
        ({"d": "8", "seed": "3"}, 5, 6),
        ({"d": "16", "heads": "2", "mask": "1", "temp": "0.3"}, 2, 7),
    ],
)
def test_term_by_term_sum_is_the_weights_row_times_the_v_column(params, q, dim):
    at = open_page("weighted_sum", **params)
    at.selectbox(key="ws_q").set_value(q).run()
    at.selectbox(key="ws_dim").set_value(dim).run()
    assert not at.exception
    weights, values = matrix(at, A), matrix(at, V)
    expected = sum(weights[q, j] * values[j, dim] for j in range(weights.shape[1]))
    # Printed to 4 decimals, so it can be off by half a unit in the last place.
    assert abs(displayed_sum(at) - expected) <= 0.5e-4 + 1e-12
    terms = at.dataframe[0].value
    np.testing.assert_allclose(terms.iloc[:, 1], weights[q], atol=1e-12)
    np.testing.assert_allclose(terms.iloc[:, 2], values[:, dim], atol=1e-12)
    np.testing.assert_allclose(terms.iloc[:, 3], weights[q] * values[:, dim], atol=1e-12)
    # The same number is the cell of the output matrix.
    assert abs(matrix(at, OUT)[q, dim] - expected) < 1e-12


@pytest.mark.parametrize(
    "params",
    [
        {},
        {"d": "8", "seed": "3"},
        {"d": "32", "heads": "4", "temp": "0.05", "scale": "0"},
        {"d": "64", "heads": "2", "mask": "1", "sentence": "the dog sat on the sofa and slept"},
    ],
)
def test_output_is_a_convex_mix_of_the_value_rows(params):
    at = open_page("weighted_sum", **params)
    assert not at.exception
    weights, values, out = matrix(at, A), matrix(at, V), matrix(at, OUT)
    assert (weights >= 0).all()
    np.testing.assert_allclose(weights.sum(axis=1), 1.0, atol=1e-12)
    np.testing.assert_allclose(out, weights @ values, atol=1e-12)
    lo, hi = values.min(axis=0), values.max(axis=0)
    assert (out >= lo - 1e-12).all()
    assert (out <= hi + 1e-12).all()


def test_v_is_x_times_w_v():
    at = open_page("weighted_sum", d="8", seed="5")
    np.testing.assert_allclose(matrix(at, V), matrix(at, X) @ matrix(at, W_V), atol=1e-12)


def test_a_negative_output_is_pointed_at_and_explained():
    at = open_page("weighted_sum", d="8", seed="3")
    out = matrix(at, OUT)
    qi, dim = np.unravel_index(np.argmin(out), out.shape)
    assert out[qi, dim] < 0  # a random setting: V has both signs
    assert f"**{out[qi, dim]:.4f}**" in all_text(at)
    at.button(key="ws_point").click().run()
    assert not at.exception
    assert at.selectbox(key="ws_q").value == qi
    assert at.selectbox(key="ws_dim").value == dim
    assert abs(displayed_sum(at) - out[qi, dim]) <= 0.5e-4 + 1e-12


def test_the_article_values_are_all_positive_and_the_page_says_why_nothing_is_negative():
    at = open_page("weighted_sum")
    assert matrix(at, V).min() >= 0
    assert TEXTS["no_negative_v"]["en"] in all_text(at)
    assert TEXTS["not_prob"]["en"] in all_text(at)


LONG = " ".join(f"w{i}" for i in range(70))
CJK = "我吃了蛋糕，它很好吃。"


@pytest.mark.parametrize(
    "params",
    [
        {"d": "1024", "heads": "16", "sentence": LONG, "temp": "0.05", "scale": "0", "mask": "1"},
        {"d": "1024", "heads": "1", "temp": "5", "lang": "zh", "sentence": CJK},
        {"d": "4", "heads": "4", "sentence": "   ", "mask": "1"},
        {"d": "4", "sentence": "<script>alert(1)</script> 🎂🍰 *bold* ok", "scale": "0"},
    ],
)
def test_extremes_render_without_error(params):
    at = open_page("weighted_sum", **params)
    assert not at.exception
    lang = params.get("lang", "en")
    assert at.header[0].value == COMMON["page.weighted_sum"][lang]
    d_v = int(params["d"]) // int(params.get("heads", 1))
    assert chart_data(at, OUT)["j"].nunique() == min(d_v, 64)
    assert not np.isnan(matrix(at, OUT)).any()
    for md in at.markdown:
        assert "<script>" not in md.value
        assert not md.proto.allow_html
