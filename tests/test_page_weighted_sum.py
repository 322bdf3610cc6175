"""Step 4 page: V = X·W_V, the output O = A·V, and one output value summed term by term."""

from __future__ import annotations

import re

import numpy as np
import pytest
from apptest_util import all_text, chart, matrix, open_page, table

from core import build_pipeline
from ui.texts.common import TEXTS as COMMON
from ui.texts.weighted_sum import TEXTS

X, W_V, A, V, OUT = "x", "w_v", "weights", "v", "output"
SUM = re.compile(r"= \*\*(-?\d+\.\d{4})\*\*")
TERMS = [TEXTS[f"col_{c}"]["en"] for c in ("key", "w", "v", "prod")]

# A numpy warning (overflow, division by zero) is a bug at any setting.
pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def token(at, i: int) -> str:
    """The label of token i, as the pickers show it."""
    return chart(at, A).drop_duplicates("i").sort_values("i")["row"].tolist()[i]


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
    at.selectbox(key="ws_q").set_value(token(at, q)).run()
    at.selectbox(key="ws_dim").set_value(dim).run()
    assert not at.exception
    weights, values = matrix(at, A), matrix(at, V)
    expected = sum(weights[q, j] * values[j, dim] for j in range(weights.shape[1]))
    # Printed to 4 decimals, so it can be off by half a unit in the last place.
    assert abs(displayed_sum(at) - expected) <= 0.5e-4 + 1e-12
    _, w, v, prod = (table(at, *TERMS)[name] for name in TERMS)
    np.testing.assert_allclose(w, weights[q], atol=1e-12)
    np.testing.assert_allclose(v, values[:, dim], atol=1e-12)
    np.testing.assert_allclose(prod, weights[q] * values[:, dim], atol=1e-12)
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
    at = open_page("weighted_sum", d="8", seed="5", sections=("ws_values",))
    np.testing.assert_allclose(matrix(at, V), matrix(at, X) @ matrix(at, W_V), atol=1e-12)


def test_a_negative_output_is_pointed_at_and_explained():
    at = open_page("weighted_sum", d="8", seed="3")
    out = matrix(at, OUT)
    qi, dim = np.unravel_index(np.argmin(out), out.shape)
    assert out[qi, dim] < 0  # a random setting: V has both signs
    assert f"**{out[qi, dim]:.4f}**" in all_text(at)
    at.button(key="ws_point").click().run()
    assert not at.exception
    assert at.selectbox(key="ws_q").value == token(at, qi)
    assert at.selectbox(key="ws_dim").value == dim
    assert abs(displayed_sum(at) - out[qi, dim]) <= 0.5e-4 + 1e-12


def test_the_article_example_has_a_negative_output_and_the_page_names_it():
    at = open_page("weighted_sum")
    out = matrix(at, OUT)
    qi, dim = np.unravel_index(np.argmin(out), out.shape)
    assert matrix(at, V).min() < 0 and out[qi, dim] < 0
    text = all_text(at)
    assert TEXTS["not_prob"]["en"] in text
    shown = {"token": token(at, qi), "dim": dim + 1, "value": f"{out[qi, dim]:.4f}"}
    assert TEXTS["negative_here"]["en"].format(**shown) in text


@pytest.mark.parametrize(
    ("sentence", "v_negative", "key"),
    [(["hello"], False, "no_negative_v"), (["hello", "world"], True, "no_negative")],
)
def test_without_a_negative_output_the_page_says_why(sentence, v_negative, key):
    # The first seed whose values (or only whose outputs) are all positive.
    def fits(seed):
        mha = build_pipeline(sentence, d_model=4, n_heads=1, seed=seed).mha
        return (mha.head_outputs >= 0).all() and (mha.v < 0).any() == v_negative

    seed = next(seed for seed in range(1000) if fits(seed))
    at = open_page("weighted_sum", sentence=" ".join(sentence), seed=seed)
    assert (matrix(at, OUT) >= 0).all()
    assert TEXTS[key]["en"] in all_text(at)


def test_the_article_s_2_4_is_named_beside_the_app_s():
    at = open_page("weighted_sum")
    value = matrix(at, OUT)[3, 0]  # "cake", first dimension
    assert f"{value:.1f}" == "2.4"
    shown = COMMON["article_output"]["en"].format(
        row="“cake”", col=1, value=f"{value:.2f}", printed="2.4"
    )
    assert shown in all_text(at)
