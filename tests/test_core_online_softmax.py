"""Softmax one tile at a time: the walk against the one attention function and hand sums."""

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.attention import causal_mask, scaled_dot_product_attention
from core.long_context.online_softmax import online_softmax, tile_bounds, tiled_attention

FAST = settings(max_examples=60, deadline=None)
E = math.exp


def assert_matches_attention(q, k, v, *, mask=None, scale=True, temperature=1.0, atol=1e-12):
    """Every tile size, 1 … n_k + 2, against a separate call of the one attention function."""
    expected = scaled_dot_product_attention(
        q, k, v, mask=mask, scale=scale, temperature=temperature
    )
    n_k = np.shape(k)[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow, no −∞ − (−∞), no 0/0 on the way
        for tile in range(1, n_k + 3):
            trace = scaled_dot_product_attention(
                q, k, v, mask=mask, scale=scale, temperature=temperature
            )
            walk = tiled_attention(trace, tile)
            assert np.isfinite(walk.output).all()
            np.testing.assert_allclose(walk.output, expected.output, rtol=0, atol=atol)
            np.testing.assert_allclose(walk.weights, expected.weights, rtol=0, atol=1e-12)
            assert walk.max_difference <= atol
            for i in range(np.shape(q)[0]):
                row = tiled_attention(trace, tile, query=i)
                np.testing.assert_allclose(row.output, expected.output[i], rtol=0, atol=atol)


# --- a row worked by hand -------------------------------------------------------------------

# Five keys in tiles of 2: [1, 3] [2, 5] [0]. V's rows are the identity's, so the output
# is the weights themselves.
ROW = np.array([1.0, 3.0, 2.0, 5.0, 0.0])
V5 = np.eye(5)


def test_a_row_worked_by_hand():
    walk = online_softmax(ROW, V5, 2)
    np.testing.assert_array_equal(walk.starts, [0, 2, 4])
    np.testing.assert_array_equal(walk.stops, [2, 4, 5])
    np.testing.assert_array_equal(walk.tile_max, [3.0, 5.0, 0.0])
    np.testing.assert_array_equal(walk.m_before, [-np.inf, 3.0, 5.0])
    np.testing.assert_array_equal(walk.m_after, [3.0, 5.0, 5.0])
    # tile 1 starts from nothing (factor e^−∞ = 0), tile 2 raises m from 3 to 5, tile 3 keeps it
    np.testing.assert_allclose(walk.rescale, [0.0, E(-2), 1.0], rtol=1e-15)
    np.testing.assert_array_equal(walk.raised, [False, True, False])
    l1 = E(-2) + 1  # e^(1−3) + e^(3−3)
    l2 = l1 * E(-2) + E(-3) + 1  # rescaled to m = 5, then e^(2−5) + e^(5−5)
    l3 = l2 + E(-5)  # e^(0−5)
    np.testing.assert_allclose(walk.l_before, [0.0, l1, l2], rtol=1e-15)
    np.testing.assert_allclose(walk.l_after, [l1, l2, l3], rtol=1e-15)
    np.testing.assert_allclose(walk.tile_sum, [E(-2) + 1, E(-3) + 1, E(-5)], rtol=1e-15)
    np.testing.assert_allclose(walk.p, [E(-2), 1.0, E(-3), 1.0, E(-5)], rtol=1e-15)
    acc2 = [E(-4), E(-2), E(-3), 1.0, 0.0]  # every term now measured against m = 5
    np.testing.assert_allclose(walk.acc_after[1], acc2, rtol=1e-15)
    np.testing.assert_allclose(walk.acc_before[2], acc2, rtol=1e-15)
    np.testing.assert_allclose(walk.out_after[1], np.array(acc2) / l2, rtol=1e-15)
    np.testing.assert_array_equal(walk.out_before[0], np.zeros(5))
    by_hand = np.array([E(x - 5) for x in ROW]) / l3
    np.testing.assert_allclose(walk.output, by_hand, rtol=1e-15)
    np.testing.assert_allclose(walk.weights, by_hand, rtol=1e-15)
    assert walk.max_difference < 1e-15 and walk.n_tiles == 3 and walk.tile == 2


@pytest.mark.parametrize(
    ("n_k", "tile", "starts", "stops"),
    [
        (7, 3, [0, 3, 6], [3, 6, 7]),
        (6, 3, [0, 3], [3, 6]),
        (4, 9, [0], [4]),
        (3, 1, [0, 1, 2], [1, 2, 3]),
    ],
)
def test_tile_bounds(n_k, tile, starts, stops):
    got_starts, got_stops = tile_bounds(n_k, tile)
    np.testing.assert_array_equal(got_starts, starts)
    np.testing.assert_array_equal(got_stops, stops)


def test_each_key_knows_its_tile():
    walk = online_softmax(np.zeros(7), np.zeros((7, 1)), 3)  # tiles [0 1 2] [3 4 5] [6]
    assert walk.tile_of.tolist() == [0, 0, 0, 1, 1, 1, 2]
    assert online_softmax(np.zeros(2), np.zeros((2, 1)), 4).tile_of.tolist() == [0, 0]


@pytest.mark.parametrize("tile", [0, -2, 2.5, True, "2"])
def test_a_tile_size_must_be_a_positive_integer(tile):
    with pytest.raises(ValueError, match="tile"):
        online_softmax(ROW, V5, tile)


def test_tiled_attention_takes_one_head():
    rng = np.random.default_rng(0)
    trace = scaled_dot_product_attention(*(rng.standard_normal((2, 3, 4)) for _ in range(3)))
    with pytest.raises(ValueError, match="one head"):
        tiled_attention(trace, 2)


# --- the walk's state after every tile, against sums written out directly -------------------

finite = st.floats(-30, 30, allow_nan=False)


@FAST
@given(st.integers(1, 9), st.integers(1, 4), st.integers(1, 10), st.data())
def test_after_each_tile_m_l_and_acc_are_the_sums_over_the_keys_seen(n_k, d_v, tile, data):
    x = data.draw(arrays(np.float64, n_k, elements=finite))
    allowed = data.draw(arrays(np.bool_, n_k))
    x = np.where(allowed, x, -np.inf)
    v = data.draw(arrays(np.float64, (n_k, d_v), elements=finite))
    walk = online_softmax(x, v, tile)
    for t, stop in enumerate(walk.stops):
        seen = allowed[:stop]
        if not seen.any():  # no allowed key yet: nothing held
            assert walk.m_after[t] == -np.inf and walk.l_after[t] == 0.0
            assert not walk.acc_after[t].any()
            continue
        m = x[:stop][seen].max()
        terms = np.exp(x[:stop][seen] - m)
        assert walk.m_after[t] == m
        np.testing.assert_allclose(walk.l_after[t], terms.sum(), rtol=1e-13)
        np.testing.assert_allclose(
            walk.acc_after[t], terms @ v[:stop][seen], rtol=1e-12, atol=1e-12
        )
        # l never falls below 1: the term of the max itself is e^0
        assert walk.l_after[t] >= 1.0 - 1e-15


# --- equal to the one attention function, for every tile size -------------------------------

moderate = st.floats(-10, 10, allow_nan=False)


@FAST
@given(
    st.integers(1, 7),
    st.integers(1, 7),
    st.integers(1, 4),
    st.data(),
    st.sampled_from([None, "causal", "random"]),
    st.sampled_from([True, False, 0.5, 3.0]),
    st.floats(0.05, 20.0),
)
def test_equals_scaled_dot_product_attention_for_every_tile_size(
    n_q, n_k, d, data, mask_kind, scale, temperature
):
    q = data.draw(arrays(np.float64, (n_q, d), elements=moderate))
    k = data.draw(arrays(np.float64, (n_k, d), elements=moderate))
    v = data.draw(arrays(np.float64, (n_k, d), elements=moderate))
    mask = {
        None: None,
        "causal": causal_mask(max(n_q, n_k))[:n_q, :n_k],
        "random": data.draw(arrays(np.bool_, (n_q, n_k))),
    }[mask_kind]
    assert_matches_attention(q, k, v, mask=mask, scale=scale, temperature=temperature)


def test_tiles_that_do_not_divide_n():
    rng = np.random.default_rng(11)
    q, k, v = (rng.standard_normal((13, 5)) for _ in range(3))  # 13 is prime: only 1 and 13 divide
    assert_matches_attention(q, k, v)
    assert_matches_attention(q, k, v, mask=causal_mask(13), temperature=0.3)


def test_all_equal_scores_give_the_mean_of_the_values():
    v = np.arange(18, dtype=np.float64).reshape(6, 3)
    q, k = np.zeros((6, 2)), np.ones((6, 2))  # every score 0
    assert_matches_attention(q, k, v)
    trace = scaled_dot_product_attention(q, k, v)
    for tile in range(1, 8):
        walk = tiled_attention(trace, tile, query=2)
        np.testing.assert_allclose(walk.output, [7.5, 8.5, 9.5], rtol=1e-15)  # column means
        np.testing.assert_array_equal(walk.rescale, np.r_[0.0, np.ones(walk.n_tiles - 1)])
        assert not walk.raised.any()  # equal scores never raise m


@pytest.mark.parametrize("where", [0, 3, 6])
@pytest.mark.parametrize("huge", [1e6, 1e300])
def test_a_row_with_one_huge_score_gives_that_key_s_value(where, huge):
    x = np.zeros(7)
    x[where] = huge
    v = np.arange(14, dtype=np.float64).reshape(7, 2)
    for tile in range(1, 9):
        walk = online_softmax(x, v, tile)
        np.testing.assert_array_equal(walk.output, v[where])
        if where == 6 and tile < 7:  # the huge score comes last: everything before is erased
            assert walk.rescale[-1] == 0.0 and walk.raised[-1]
    q = np.zeros((7, 1))
    q[where] = 1.0
    assert_matches_attention(q, np.full((7, 1), 1e6), v, scale=False)  # one row of 1e12 scores


def test_fully_masked_tiles_change_nothing():
    # Keys 0 … 7 in tiles of 2; the row may see only keys 2 and 7.
    x = np.array([-np.inf, -np.inf, 1.0, -np.inf, -np.inf, -np.inf, -np.inf, 4.0])
    v = np.arange(16, dtype=np.float64).reshape(8, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        walk = online_softmax(x, v, 2)
    np.testing.assert_array_equal(walk.tile_max, [-np.inf, 1.0, -np.inf, 4.0])
    np.testing.assert_array_equal(walk.m_after, [-np.inf, 1.0, 1.0, 4.0])
    np.testing.assert_allclose(walk.rescale, [1.0, 0.0, 1.0, E(-3)], rtol=1e-15)
    np.testing.assert_allclose(walk.l_after, [0.0, 1.0, 1.0, E(-3) + 1], rtol=1e-15)
    np.testing.assert_array_equal(walk.acc_after[0], [0.0, 0.0])
    np.testing.assert_array_equal(walk.acc_after[2], walk.acc_after[1])
    w = np.array([E(-3), 1.0]) / (E(-3) + 1)
    np.testing.assert_allclose(walk.output, w[0] * v[2] + w[1] * v[7], rtol=1e-15)
    np.testing.assert_array_equal(walk.weights[[0, 1, 3, 4, 5, 6]], 0.0)


def test_masked_tiles_inside_a_batch_of_rows_match_attention():
    rng = np.random.default_rng(5)
    q, k, v = (rng.standard_normal((8, 3)) for _ in range(3))
    mask = np.zeros((8, 8), dtype=bool)
    mask[0, 7] = True  # only the last tile
    mask[1, :2] = True  # only the first tile
    mask[2, [0, 7]] = True  # first and last, masked tiles between
    mask[3:] = causal_mask(8)[3:]
    assert_matches_attention(q, k, v, mask=mask)


def test_a_row_with_no_allowed_key_gives_zeros():
    mask = np.array([[True, True, True], [False, False, False], [True, False, False]])
    rng = np.random.default_rng(2)
    q, k, v = (rng.standard_normal((3, 2)) for _ in range(3))
    assert_matches_attention(q, k, v, mask=mask)
    walk = tiled_attention(scaled_dot_product_attention(q, k, v, mask=mask), 2, query=1)
    np.testing.assert_array_equal(walk.output, [0.0, 0.0])
    np.testing.assert_array_equal(walk.weights, [0.0, 0.0, 0.0])
    np.testing.assert_array_equal(walk.m_after, [-np.inf, -np.inf])
    np.testing.assert_array_equal(walk.rescale, [1.0, 1.0])
    np.testing.assert_array_equal(walk.out_after, np.zeros((2, 2)))


# --- the float64 extremes of the attention tests ----------------------------------------------


@FAST
@given(
    st.integers(1, 8),
    st.data(),
    st.floats(0.01, 100.0),
    st.booleans(),
    st.sampled_from([True, False, 0.5, 3.0]),
)
def test_extremes_match_attention_to_1e_12_of_the_values_scale(n, data, temperature, causal, scale):
    """Scores up to 8·10¹²: the outputs agree to 1e-12 of the largest |v| (an output can be
    a difference of values of 10⁶, so no absolute bound finer than their rounding holds)."""
    d = data.draw(st.integers(1, 8))
    big = st.floats(-1e6, 1e6, allow_nan=False)
    q, k, v = (data.draw(arrays(np.float64, (n, d), elements=big)) for _ in range(3))
    atol = 1e-12 * max(1.0, float(np.abs(v).max()))
    mask = causal_mask(n) if causal else None
    assert_matches_attention(q, k, v, mask=mask, scale=scale, temperature=temperature, atol=atol)


# --- rows, one at a time or all at once ------------------------------------------------------


def test_one_row_is_that_row_of_the_walk_over_all_rows():
    rng = np.random.default_rng(9)
    q, k, v = (rng.standard_normal((6, 4)) for _ in range(3))
    trace = scaled_dot_product_attention(q, k, v, mask=causal_mask(6))
    every = tiled_attention(trace, 4)
    assert every.l_after.shape == (2, 6) and every.acc_after.shape == (2, 6, 4)
    for i in range(6):
        one = tiled_attention(trace, 4, query=i)
        assert one.l_after.shape == (2,) and one.acc_after.shape == (2, 4)
        np.testing.assert_array_equal(one.l_after, every.l_after[:, i])
        np.testing.assert_array_equal(one.m_after, every.m_after[:, i])
        # the same sums, though one row's p·V is a vector product and all rows' a matrix one
        np.testing.assert_allclose(one.output, every.output[i], rtol=0, atol=1e-15)
        np.testing.assert_array_equal(one.full_output, trace.output[i])


def test_every_row_with_an_allowed_key_sums_to_one():
    rng = np.random.default_rng(4)
    q, k, v = (rng.standard_normal((9, 3)) for _ in range(3))
    mask = rng.random((9, 9)) < 0.4
    mask[3] = False
    walk = tiled_attention(scaled_dot_product_attention(q, k, v, mask=mask), 4)
    sums = walk.weights.sum(axis=-1)
    np.testing.assert_allclose(sums[mask.any(axis=1)], 1.0, rtol=0, atol=1e-12)
    assert sums[3] == 0.0
    assert np.all(walk.weights[~mask] == 0.0)
