"""Tokens & position page: the sinusoids, X = E + PE, and what a swap of two words changes."""

from __future__ import annotations

import math

import numpy as np
import pytest
from apptest_util import all_text, chart, matrix, open_page, spec

from ui.texts.tokens import TEXTS

OPEN = ("tok_curves",)  # the folded sections these tests look into

E, PE, CURVES, X = "tok_e", "tok_pe", "pe_curves", "tok_x"
E_SWAP, X_SWAP, DELTA = "tok_e_swapped", "tok_x_swapped", "tok_delta"


def row_set(m: np.ndarray) -> list[tuple]:
    return sorted(map(tuple, np.round(m, 12)))


def pe(pos: int, col: int, d_model: int) -> float:
    """The paper's PE with 0-based columns: even columns sin, odd columns cos."""
    angle = pos / 10000 ** ((col - col % 2) / d_model)
    return math.sin(angle) if col % 2 == 0 else math.cos(angle)


def test_pe_heatmap_and_curves_follow_the_sinusoids():
    d = 16
    at = open_page(
        "tokens", sections=OPEN, d=d, sentence="one two three four five six seven eight nine ten"
    )
    assert not at.exception
    heat = matrix(at, PE)
    assert heat.shape == (10, d)
    for pos in range(10):
        for col in range(d):
            assert heat[pos, col] == pytest.approx(pe(pos, col, d), abs=1e-12)
    curves = chart(at, CURVES)
    assert curves["col"].nunique() >= 3  # several frequencies by default
    layers = spec(at, CURVES)["layer"]
    assert all("data" not in layer for layer in layers)  # they draw the rows sent
    for row in curves.itertuples():
        assert row.value == pytest.approx(pe(row.position, row.col, d), abs=1e-12)
    # A chosen set of columns is plotted instead.
    at.multiselect(key=f"tok_curves_{d}").set_value([3, 10]).run()
    curves = chart(at, CURVES)
    assert set(curves["col"]) == {3, 10}
    for row in curves.itertuples():
        assert row.value == pytest.approx(pe(row.position, row.col, d), abs=1e-12)


def test_x_is_embedding_plus_position():
    at = open_page("tokens", sections=OPEN, d=8, sentence="the dog sat on the sofa")
    e, x = matrix(at, E), matrix(at, X)
    expected_pe = [[pe(pos, col, 8) for col in range(8)] for pos in range(6)]
    np.testing.assert_allclose(x - e, expected_pe, atol=1e-12)
    # The same word gets the same embedding wherever it stands.
    np.testing.assert_array_equal(e[0], e[4])


@pytest.mark.parametrize(("a", "b"), [(0, 3), (2, 7), (8, 1)])
def test_a_swap_changes_x_only_by_the_position_terms(a, b):
    at = open_page("tokens", sections=OPEN)  # the article: 9 tokens, 4 dimensions
    at.selectbox(key="tok_a_9").set_value(a).run()
    at.selectbox(key="tok_b_9").set_value(b).run()
    assert not at.exception
    e, e_swap, x_swap, delta = (matrix(at, i) for i in (E, E_SWAP, X_SWAP, DELTA))
    order = list(range(9))
    order[a], order[b] = b, a
    # The embedding rows only move; the positions stay where they are.
    np.testing.assert_allclose(e_swap, e[order], atol=1e-12)
    pos = np.array([[pe(i, c, 4) for c in range(4)] for i in range(9)])
    np.testing.assert_allclose(x_swap, e[order] + pos, atol=1e-12)
    # Per word: the moved words change by ±(PE[b] − PE[a]), every other word not at all.
    expected = np.zeros((9, 4))
    expected[a] = pos[b] - pos[a]
    expected[b] = pos[a] - pos[b]
    np.testing.assert_allclose(delta, expected, atol=1e-12)


def test_a_swap_gives_the_x_of_the_swapped_sentence():
    # Embeddings depend on the word only, so swapping "dog" and "sofa" must give exactly
    # the X of the sentence written the other way round.
    at = open_page("tokens", sections=OPEN, d=16, sentence="the dog sat on the sofa")
    at.selectbox(key="tok_a_6").set_value(1).run()
    at.selectbox(key="tok_b_6").set_value(5).run()
    other = open_page("tokens", sections=OPEN, d=16, sentence="the sofa sat on the dog")
    np.testing.assert_allclose(matrix(at, X_SWAP), matrix(other, X), atol=1e-12)
    assert not np.allclose(matrix(at, X), matrix(other, X))  # position tells them apart
    # Without position both sentences hold the same set of embedding rows.
    assert row_set(matrix(at, E)) == row_set(matrix(other, E))


def test_article_says_its_x_already_has_position():
    at = open_page("tokens", sections=OPEN)
    assert TEXTS["article_x"]["en"] in all_text(at)
    at = open_page("tokens", sections=OPEN, d=8)
    assert TEXTS["article_x"]["en"] not in all_text(at)


def test_cjk_sentence_gives_one_token_per_character():
    sentence = "我吃了蛋糕它很好吃"
    at = open_page("tokens", sections=OPEN, sentence=sentence, lang="zh")
    assert not at.exception
    assert at.header[0].value == "词元与位置"
    listing = " · ".join(f"`{i}` {char}" for i, char in enumerate(sentence))
    assert listing in all_text(at)  # each character a token, at positions 0, 1, 2, …


def test_one_token_and_same_position_explain_instead_of_failing():
    at = open_page("tokens", sections=OPEN, sentence="hello")
    assert not at.exception
    assert TEXTS["swap_one"]["en"] in all_text(at)
    at = open_page("tokens", sections=OPEN)
    at.selectbox(key="tok_b_9").set_value(0).run()
    assert not at.exception
    assert TEXTS["swap_same"]["en"] in all_text(at)


@pytest.mark.parametrize(
    ("sentence", "before"),
    [
        ("I ate the cake and it was delicious.", "**I** ate the **cake** and it was delicious\\."),
        ("我吃了蛋糕，它很好吃。", "**我**吃了**蛋**糕，它很好吃。"),
    ],
)
def test_the_swapped_sentence_reads_as_text(sentence, before):
    at = open_page("tokens", sections=OPEN, sentence=sentence)
    assert any(before in md.value for md in at.markdown), [md.value for md in at.markdown]


def test_the_article_s_embeddings_are_explained_as_worked_back():
    assert TEXTS["embed_explain_article"]["en"].format(d=4) in all_text(
        open_page("tokens", sections=OPEN)
    )
    at = open_page("tokens", sections=OPEN, d=8)
    assert TEXTS["embed_explain"]["en"].format(d=8) in all_text(at)
