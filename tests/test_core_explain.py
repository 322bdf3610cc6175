"""The sums behind one cell: a score, a softmax row, an output value, a masked row."""

from __future__ import annotations

import math

import numpy as np
import pytest

from core.attention import causal_mask, scaled_dot_product_attention
from core.explain import (
    SHIFT_BEYOND,
    mask_shift,
    most_negative,
    output_terms,
    score_terms,
    softmax_terms,
)
from core.recommender import FILM_KEYS, FILM_VALUES, largest_score, recommend

RNG = np.random.default_rng(11)
Q, K, V = (RNG.standard_normal((5, 3)) for _ in range(3))


def test_score_terms_are_the_components_of_one_dot_product():
    tr = scaled_dot_product_attention(Q, K, V)
    terms = score_terms(tr, 1, 3)
    np.testing.assert_array_equal(terms.a, Q[1])
    np.testing.assert_array_equal(terms.b, K[3])
    np.testing.assert_array_equal(terms.products, [Q[1][m] * K[3][m] for m in range(3)])
    assert terms.total == pytest.approx(sum(Q[1][m] * K[3][m] for m in range(3)), abs=1e-15)
    assert terms.total == pytest.approx(tr.scores[1, 3], abs=1e-15)


def test_output_terms_sum_weight_times_value_over_the_keys():
    tr = scaled_dot_product_attention(Q, K, V, mask=causal_mask(5))
    terms = output_terms(tr, 2, 1)
    np.testing.assert_array_equal(terms.a, tr.weights[2])
    np.testing.assert_array_equal(terms.b, V[:, 1])
    assert terms.total == pytest.approx(sum(tr.weights[2][j] * V[j][1] for j in range(5)))
    assert terms.total == pytest.approx(tr.output[2, 1], abs=1e-15)


def test_softmax_terms_drop_masked_keys_and_add_up_to_the_weights():
    tr = scaled_dot_product_attention(Q, K, V, mask=causal_mask(5), temperature=0.5)
    st = softmax_terms(tr, 2)
    assert list(st.keys) == [0, 1, 2]
    assert st.shift == 0.0  # small scores: e^z is shown as it is
    np.testing.assert_allclose(st.exp, [math.exp(z) for z in st.z], rtol=1e-15)
    np.testing.assert_allclose(st.weights, st.exp / st.total, rtol=1e-12)
    np.testing.assert_array_equal(st.weights, tr.weights[2, :3])
    assert st.weight_sum == pytest.approx(1.0, abs=1e-15)
    assert st.best == int(np.argmax(tr.weights[2, :3]))


def test_large_scores_are_shifted_by_their_maximum():
    tr = scaled_dot_product_attention(Q * 40, K * 40, V, scale=False)
    st = softmax_terms(tr, 0)
    assert abs(st.z.max()) > SHIFT_BEYOND
    assert st.shift == st.z.max()
    assert st.exp.max() == 1.0
    np.testing.assert_allclose(st.weights, st.exp / st.total, rtol=1e-12)


def test_mask_shift_divides_the_allowed_weights_by_what_they_kept():
    free = scaled_dot_product_attention(Q, K, V)
    masked = scaled_dot_product_attention(Q, K, V, mask=causal_mask(5))
    allowed = masked.allowed[3]
    shift = mask_shift(free.weights[3], masked.weights[3], allowed)
    assert shift.n_allowed == 4
    assert shift.kept == pytest.approx(sum(free.weights[3][:4]))
    assert shift.blocked == pytest.approx(free.weights[3][4])
    assert shift.after == pytest.approx(shift.before / shift.kept, rel=1e-12)
    assert shift.example == int(np.argmax(masked.weights[3]))


def test_most_negative_finds_the_smallest_cell_or_nothing():
    m = np.array([[0.5, -0.2], [-1.5, 3.0]])
    assert most_negative(m) == (1, 0, -1.5)
    assert most_negative(np.abs(m)) is None


def test_the_recommender_is_attention_over_the_catalogue():
    query = [3.0, 1.0, 0.0, 4.0]
    tr = recommend(query, temperature=0.5)
    scores = [sum(q * k for q, k in zip(query, row, strict=True)) for row in FILM_KEYS]
    np.testing.assert_allclose(tr.scores[0], scores, atol=1e-12)
    e = [math.exp(s / (2 * 0.5)) for s in scores]  # √4 · T = 1
    np.testing.assert_allclose(tr.weights[0], [x / sum(e) for x in e], rtol=1e-12)
    np.testing.assert_allclose(tr.output[0], tr.weights[0] @ FILM_VALUES, rtol=1e-12)
    assert largest_score(5.0) == pytest.approx(5.0 * max(sum(row) for row in FILM_KEYS))
