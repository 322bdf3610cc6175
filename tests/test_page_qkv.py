"""Q, K, V page: the toy recommender follows the query, and its blend is the weighted sum."""

from __future__ import annotations

import math

import numpy as np
import pytest
from apptest_util import all_text, chart, chart_specs, matrix, open_page, table

from ui.texts.qkv import TEXTS

TAGS = ("adventure", "humour", "romance", "scifi")
VALUE_COLUMNS = ["V: adventure", "V: humour", "V: minutes"]
SCORES, WEIGHTS = "film_scores", "film_weights"
TERMS = ["film", "weight", "value", "weight × value"]


def catalogue_table(at):
    """The values V of the catalogue: a static table (its cells wrap, none is cut)."""
    (found,) = [tb.value for tb in at.table]
    return found


def keys(at) -> np.ndarray:
    """The catalogue's keys K [6 films, 4 tags], as the page draws them."""
    return matrix(at, "film_keys")


def films(at) -> list[str]:
    return catalogue_table(at)["film"].tolist()


def set_query(at, query: dict[str, float], temperature: float | None = None):
    for tag in TAGS:
        at.slider(key=f"qkv_q_{tag}").set_value(query.get(tag, 0.0))
    if temperature is not None:
        at.slider(key="qkv_temp").set_value(temperature)
    return at.run()


def weights(at) -> np.ndarray:
    return chart(at, WEIGHTS)["value"].to_numpy()


@pytest.mark.parametrize("tag", range(4))
def test_wanting_one_tag_puts_the_film_with_that_tag_on_top(tag):
    at = set_query(open_page("qkv"), {TAGS[tag]: 5.0})
    assert not at.exception
    w = weights(at)
    assert int(np.argmax(w)) == int(np.argmax(keys(at)[:, tag]))
    bars = chart(at, WEIGHTS)
    assert bars.loc[bars["hl"], "label"].tolist() == [films(at)[int(np.argmax(w))]]


@pytest.mark.parametrize(
    ("query", "temperature"),
    [({"adventure": 3, "humour": 1, "scifi": 4}, 1.0), ({"romance": 2.5, "humour": 5}, 0.3)],
)
def test_weights_are_the_softmax_of_the_scaled_matches(query, temperature):
    at = set_query(open_page("qkv"), query, temperature)
    q = [query.get(tag, 0.0) for tag in TAGS]
    scores = [sum(qi * k for qi, k in zip(q, row, strict=True)) for row in keys(at)]
    np.testing.assert_allclose(chart(at, SCORES)["value"], scores, atol=1e-12)
    exps = [math.exp(s / (math.sqrt(4) * temperature)) for s in scores]
    np.testing.assert_allclose(weights(at), [e / sum(exps) for e in exps], rtol=1e-12)
    assert weights(at).sum() == pytest.approx(1.0, abs=1e-12)


def test_blend_is_the_weighted_sum_of_the_values():
    at = open_page("qkv", sections=("qkv_check",))
    at = set_query(at, {"adventure": 1.5, "romance": 4, "scifi": 2}, 0.7)
    catalogue = catalogue_table(at)
    w = weights(at)
    for metric, column in zip(at.metric, VALUE_COLUMNS, strict=True):
        by_hand = sum(wi * vi for wi, vi in zip(w, catalogue[column], strict=True))
        assert float(metric.value) == pytest.approx(by_hand, abs=0.005 + 1e-9)
    # The term-by-term table of the chosen entry (minutes by default) adds up as well.
    terms = table(at, *TERMS)
    np.testing.assert_allclose(terms["weight × value"], terms["weight"] * terms["value"])
    np.testing.assert_allclose(terms["value"], catalogue[VALUE_COLUMNS[2]])
    total = sum(terms["weight × value"])
    assert f"**{total:.2f}**" in all_text(at)


def test_lower_temperature_makes_the_choice_sharper():
    query = {"adventure": 3, "humour": 1, "scifi": 4}
    top = [weights(set_query(open_page("qkv"), query, t)).max() for t in (3.0, 1.0, 0.3, 0.1)]
    assert top == sorted(top) and top[-1] > 0.9 and top[0] < 0.5


def test_charts_draw_the_data_they_are_sent():
    # A layer with its own (empty) data source would ignore the rows Streamlit sends.
    at = open_page("qkv")
    for spec in chart_specs(at):
        assert all("data" not in layer for layer in spec.get("layer", [spec]))


def test_no_preference_spreads_the_weight_evenly():
    at = set_query(open_page("qkv"), {})
    np.testing.assert_allclose(weights(at), 1 / 6, atol=1e-12)
    assert TEXTS["uniform"]["en"] in all_text(at)


def test_the_toy_speaks_chinese():
    at = open_page("qkv", lang="zh", sentence="我吃了蛋糕 🍰", d=1024, heads=16)
    assert not at.exception
    assert weights(at).sum() == pytest.approx(1.0, abs=1e-12)
    title, minutes = TEXTS["col_title"]["zh"], TEXTS["val_minutes"]["zh"]
    assert TEXTS["item_starship"]["zh"] in list(catalogue_table(at)[title])
    assert minutes in catalogue_table(at).columns
    assert TEXTS["item_starship"]["zh"] in list(chart(at, "film_keys")["row"])


def test_the_catalogues_values_are_printed_whole():
    at = open_page("qkv")
    assert all(dtype.kind == "i" for dtype in catalogue_table(at).dtypes.iloc[1:])
