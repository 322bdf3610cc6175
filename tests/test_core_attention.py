"""Scaled dot-product attention, softmax and the causal mask."""

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.attention import causal_mask, scale_factor, scaled_dot_product_attention, softmax

FAST = settings(max_examples=50, deadline=None)

# A 3-token, d = 4 case small enough to do on paper.
Q = [[1, 0, 1, 0], [0, 2, 0, 0], [2, 1, 0, -1]]
K = [[1, 0, 0, 0], [0, 1, 0, 1], [1, 1, 0, 0]]
V = [[1, 0, 0, 2], [0, 1, 0, -2], [0, 0, 1, 0]]
# q_i · k_j, worked out by hand:
#   q0 = [1,0,1,0]:  k0 -> 1, k1 -> 0,       k2 -> 1
#   q1 = [0,2,0,0]:  k0 -> 0, k1 -> 2,       k2 -> 2
#   q2 = [2,1,0,-1]: k0 -> 2, k1 -> 1-1 = 0, k2 -> 2+1 = 3
SCORES = [[1, 0, 1], [0, 2, 2], [2, 0, 3]]


def by_hand_softmax(row):
    """exp(x) / Σ exp(x), spelled out with math.exp."""
    e = [math.exp(x) for x in row]
    return [x / sum(e) for x in e]


def by_hand_output(w):
    """w · V for the V above: its first three columns are the identity, its last is [2, -2, 0]."""
    return [w[0], w[1], w[2], 2 * w[0] - 2 * w[1]]


def test_known_answer_with_scaling():
    scaled = [[0.5, 0.0, 0.5], [0.0, 1.0, 1.0], [1.0, 0.0, 1.5]]  # SCORES / √4
    weights = [
        [
            math.exp(0.5) / (2 * math.exp(0.5) + 1),
            1 / (2 * math.exp(0.5) + 1),
            math.exp(0.5) / (2 * math.exp(0.5) + 1),
        ],
        [
            1 / (1 + 2 * math.e),
            math.e / (1 + 2 * math.e),
            math.e / (1 + 2 * math.e),
        ],
        [
            math.e / (math.e + 1 + math.exp(1.5)),
            1 / (math.e + 1 + math.exp(1.5)),
            math.exp(1.5) / (math.e + 1 + math.exp(1.5)),
        ],
    ]
    out = [by_hand_output(w) for w in weights]

    t = scaled_dot_product_attention(Q, K, V)

    assert t.factor == 0.5
    assert t.temperature == 1.0
    np.testing.assert_array_equal(t.scores, SCORES)
    np.testing.assert_allclose(t.scaled, scaled, rtol=0, atol=1e-15)
    np.testing.assert_allclose(t.weights, weights, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(t.output, out, rtol=1e-12, atol=1e-15)
    assert t.allowed.all()
    np.testing.assert_array_equal(t.q, Q)
    np.testing.assert_array_equal(t.k, K)
    np.testing.assert_array_equal(t.v, V)


def test_known_answer_without_scaling():
    weights = [by_hand_softmax(row) for row in SCORES]  # factor 1: softmax of the raw scores
    t = scaled_dot_product_attention(Q, K, V, scale=False)
    assert t.factor == 1.0
    np.testing.assert_array_equal(t.scaled, SCORES)
    np.testing.assert_allclose(t.weights, weights, rtol=1e-12)
    np.testing.assert_allclose(t.output, [by_hand_output(w) for w in weights], rtol=1e-12)


@pytest.mark.parametrize(
    ("factor", "scaled"),
    [
        (0.5, [[0.5, 0.0, 0.5], [0.0, 1.0, 1.0], [1.0, 0.0, 1.5]]),
        (0.25, [[0.25, 0.0, 0.25], [0.0, 0.5, 0.5], [0.5, 0.0, 0.75]]),
        (3.0, [[3.0, 0.0, 3.0], [0.0, 6.0, 6.0], [6.0, 0.0, 9.0]]),
    ],
)
def test_known_answer_with_a_float_factor(factor, scaled):
    weights = [by_hand_softmax(row) for row in scaled]
    t = scaled_dot_product_attention(Q, K, V, scale=factor)
    assert t.factor == factor
    np.testing.assert_allclose(t.scaled, scaled, rtol=0, atol=1e-15)
    np.testing.assert_allclose(t.weights, weights, rtol=1e-12)
    np.testing.assert_allclose(t.output, [by_hand_output(w) for w in weights], rtol=1e-12)


def test_known_answer_with_temperature_2():
    scaled = [[0.25, 0.0, 0.25], [0.0, 0.5, 0.5], [0.5, 0.0, 0.75]]  # SCORES / √4 / 2
    weights = [by_hand_softmax(row) for row in scaled]
    t = scaled_dot_product_attention(Q, K, V, temperature=2)
    assert t.factor == 0.5
    assert t.temperature == 2.0
    np.testing.assert_array_equal(t.scores, SCORES)
    np.testing.assert_allclose(t.scaled, scaled, rtol=0, atol=1e-15)
    np.testing.assert_allclose(t.weights, weights, rtol=1e-12)
    np.testing.assert_allclose(t.output, [by_hand_output(w) for w in weights], rtol=1e-12)


def test_known_answer_with_causal_mask():
    # Query 0 sees only key 0, query 1 keys 0-1, query 2 everything.
    w1 = by_hand_softmax([0.0, 1.0])
    weights = [[1.0, 0.0, 0.0], [w1[0], w1[1], 0.0], by_hand_softmax([1.0, 0.0, 1.5])]
    t = scaled_dot_product_attention(Q, K, V, mask=causal_mask(3))
    np.testing.assert_allclose(t.weights, weights, rtol=1e-12)
    np.testing.assert_array_equal(t.output[0], V[0])
    assert t.scaled[0, 1] == -np.inf and t.scaled[0, 2] == -np.inf and t.scaled[1, 2] == -np.inf
    np.testing.assert_array_equal(t.allowed, np.tril(np.ones((3, 3), dtype=bool)))


def test_scale_factor():
    assert scale_factor(True, 4) == 0.5
    assert scale_factor(np.bool_(True), 16) == 0.25
    assert scale_factor(False, 4) == 1.0
    assert scale_factor(np.bool_(False), 4) == 1.0
    assert scale_factor(0.5, 64) == 0.5
    assert scale_factor(2, 4) == 2.0


@pytest.mark.parametrize("temperature", [0, -1.0, float("nan")])
def test_temperature_must_be_positive(temperature):
    with pytest.raises(ValueError, match="temperature"):
        scaled_dot_product_attention(Q, K, V, temperature=temperature)


# --- softmax -------------------------------------------------------------------------------

finite = st.floats(-1e3, 1e3, allow_nan=False, allow_infinity=False)
matrices = st.tuples(st.integers(1, 5), st.integers(1, 7)).flatmap(
    lambda shape: arrays(np.float64, shape, elements=finite)
)


@FAST
@given(matrices)
def test_softmax_rows_are_positive_and_sum_to_one(x):
    p = softmax(x)
    assert p.shape == x.shape
    assert np.all(p >= 0) and np.all(p <= 1)
    np.testing.assert_allclose(p.sum(axis=-1), 1.0, rtol=0, atol=1e-12)


def test_softmax_axis():
    x = np.array([[0.0, 1.0], [2.0, 5.0], [-1.0, 0.0]])
    np.testing.assert_allclose(softmax(x, axis=0).sum(axis=0), 1.0, atol=1e-15)
    np.testing.assert_allclose(softmax(x, axis=0)[:, 0], by_hand_softmax([0.0, 2.0, -1.0]))


def test_softmax_of_huge_scores_does_not_overflow():
    e = math.e
    p = softmax(np.array([1e6, 1e6 - 1, 0.0]))
    np.testing.assert_allclose(p, [e / (e + 1), 1 / (e + 1), 0.0], rtol=1e-12, atol=0)
    p = softmax(np.array([-1e6, -1e6 - 1]))
    np.testing.assert_allclose(p, [e / (e + 1), 1 / (e + 1)], rtol=1e-12)


def test_softmax_treats_minus_inf_as_weight_zero():
    x = np.array([[0.0, -np.inf, 0.0], [-np.inf, -np.inf, -np.inf], [1.0, 2.0, 3.0]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no inf − inf along the way, not even a warning
        p = softmax(x)
    np.testing.assert_array_equal(p[0], [0.5, 0.0, 0.5])
    np.testing.assert_array_equal(p[1], [0.0, 0.0, 0.0])  # an all-masked row: zeros, not NaN
    np.testing.assert_allclose(p[2], by_hand_softmax([1.0, 2.0, 3.0]), rtol=1e-12)


@FAST
@given(matrices, st.floats(-1e3, 1e3, allow_nan=False))
def test_softmax_ignores_a_constant_added_to_a_row(x, c):
    np.testing.assert_allclose(softmax(x + c), softmax(x), rtol=1e-9, atol=1e-12)


# --- masks and batches ---------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 5])
def test_causal_mask_is_the_lower_triangle(n):
    m = causal_mask(n)
    assert m.shape == (n, n) and m.dtype == bool
    for i in range(n):
        for j in range(n):
            assert m[i, j] == (j <= i)


@st.composite
def qkv(draw, elements=finite, max_n=6, max_d=5):
    """Random q [n_q, d_k], k [n_k, d_k], v [n_k, d_v]."""
    n_q, n_k = draw(st.integers(1, max_n)), draw(st.integers(1, max_n))
    d_k, d_v = draw(st.integers(1, max_d)), draw(st.integers(1, max_d))
    q = draw(arrays(np.float64, (n_q, d_k), elements=elements))
    k = draw(arrays(np.float64, (n_k, d_k), elements=elements))
    v = draw(arrays(np.float64, (n_k, d_v), elements=elements))
    return q, k, v


@FAST
@given(st.integers(1, 6), st.integers(1, 5), st.data())
def test_masked_weights_are_exactly_zero(n, d, data):
    q, k, v = (data.draw(arrays(np.float64, (n, d), elements=finite)) for _ in range(3))
    t = scaled_dot_product_attention(q, k, v, mask=causal_mask(n))
    future = ~causal_mask(n)
    assert np.all(t.weights[future] == 0.0)
    assert np.all(t.scaled[future] == -np.inf)
    np.testing.assert_allclose(t.weights.sum(axis=-1), 1.0, atol=1e-12)
    np.testing.assert_array_equal(t.output[0], v[0])  # the first token can only see itself


def test_a_fully_masked_row_gives_zero_weights_and_output():
    mask = np.array([[True, True], [False, False]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        t = scaled_dot_product_attention(Q[:2], K[:2], V[:2], mask=mask)
    np.testing.assert_array_equal(t.weights[1], [0.0, 0.0])
    np.testing.assert_array_equal(t.output[1], [0.0, 0.0, 0.0, 0.0])
    assert np.isfinite(t.weights).all() and np.isfinite(t.output).all()


@pytest.mark.parametrize("causal", [False, True])
def test_batch_dimensions_match_a_loop_over_items(causal):
    rng = np.random.default_rng(7)
    n, d_k, d_v = 5, 3, 2
    q = rng.standard_normal((2, 3, n, d_k))
    k = rng.standard_normal((2, 3, n, d_k))
    v = rng.standard_normal((2, 3, n, d_v))
    mask = causal_mask(n) if causal else None  # [n, n], broadcast over both batch dims
    t = scaled_dot_product_attention(q, k, v, mask=mask)
    assert t.weights.shape == (2, 3, n, n)
    assert t.output.shape == (2, 3, n, d_v)
    assert t.allowed.shape == (2, 3, n, n)
    for a in range(2):
        for b in range(3):
            one = scaled_dot_product_attention(q[a, b], k[a, b], v[a, b], mask=mask)
            np.testing.assert_allclose(t.weights[a, b], one.weights, rtol=1e-12, atol=1e-15)
            np.testing.assert_allclose(t.output[a, b], one.output, rtol=1e-12, atol=1e-15)
            if causal:
                assert np.all(t.weights[a, b][~causal_mask(n)] == 0.0)
            sel = t.select((a, b))
            np.testing.assert_array_equal(sel.weights, t.weights[a, b])
            np.testing.assert_array_equal(sel.q, q[a, b])
            assert sel.factor == t.factor


def test_n_q_and_n_k_may_differ():
    rng = np.random.default_rng(3)
    t = scaled_dot_product_attention(
        rng.standard_normal((2, 4)), rng.standard_normal((6, 4)), rng.standard_normal((6, 3))
    )
    assert t.scores.shape == (2, 6) and t.weights.shape == (2, 6) and t.output.shape == (2, 3)


# --- invariances and extremes --------------------------------------------------------------


@FAST
@given(qkv(elements=st.floats(-10, 10, allow_nan=False)), st.data())
def test_permuting_keys_with_values_leaves_the_output_unchanged(arrs, data):
    q, k, v = arrs
    perm = np.array(data.draw(st.permutations(range(k.shape[0]))))
    t = scaled_dot_product_attention(q, k, v)
    p = scaled_dot_product_attention(q, k[perm], v[perm])
    np.testing.assert_allclose(p.output, t.output, rtol=1e-9, atol=1e-9)
    np.testing.assert_allclose(p.weights, t.weights[:, perm], rtol=1e-9, atol=1e-12)


@FAST
@given(
    st.integers(1, 8),
    st.data(),
    st.floats(0.01, 100.0),
    st.booleans(),
    st.sampled_from([True, False, 0.5, 3.0]),
)
def test_no_nan_or_inf_at_extremes(n, data, temperature, causal, scale):
    d = data.draw(st.integers(1, 8))
    big = st.floats(-1e6, 1e6, allow_nan=False)
    q, k, v = (data.draw(arrays(np.float64, (n, d), elements=big)) for _ in range(3))
    t = scaled_dot_product_attention(
        q, k, v, mask=causal_mask(n) if causal else None, scale=scale, temperature=temperature
    )
    assert np.isfinite(t.scores).all()
    assert np.isfinite(t.scaled[t.allowed]).all()
    assert np.isfinite(t.weights).all()
    assert np.isfinite(t.output).all()
    np.testing.assert_allclose(t.weights.sum(axis=-1), 1.0, atol=1e-12)
