"""Masks beyond causal against hand-written ones, and the weights they leave."""

import numpy as np
import pytest

from core.attention import causal_mask, scaled_dot_product_attention
from core.long_context.windows import (
    MASK_KINDS,
    build_mask,
    mask_patterns,
    no_mask,
    sink_mask,
    window_mask,
)

T, F = True, False


def test_window_of_2_over_5_tokens():
    np.testing.assert_array_equal(
        window_mask(5, 2),
        [
            [T, F, F, F, F],
            [T, T, F, F, F],
            [F, T, T, F, F],
            [F, F, T, T, F],
            [F, F, F, T, T],
        ],
    )


def test_window_of_3_over_6_tokens():
    np.testing.assert_array_equal(
        window_mask(6, 3),
        [
            [T, F, F, F, F, F],
            [T, T, F, F, F, F],
            [T, T, T, F, F, F],
            [F, T, T, T, F, F],
            [F, F, T, T, T, F],
            [F, F, F, T, T, T],
        ],
    )


def test_one_sink_and_a_window_of_2_over_6_tokens():
    np.testing.assert_array_equal(
        sink_mask(6, 2, 1),
        [
            [T, F, F, F, F, F],
            [T, T, F, F, F, F],
            [T, T, T, F, F, F],
            [T, F, T, T, F, F],
            [T, F, F, T, T, F],
            [T, F, F, F, T, T],
        ],
    )


def test_two_sinks_and_a_window_of_1_never_show_the_future():
    np.testing.assert_array_equal(
        sink_mask(5, 1, 2),
        [
            [T, F, F, F, F],  # sink 1 lies in query 0's future: still hidden
            [T, T, F, F, F],
            [T, T, T, F, F],
            [T, T, F, T, F],
            [T, T, F, F, T],
        ],
    )


def test_the_masks_written_out_cell_by_cell():
    n = 8
    for w in range(1, 10):
        for s in range(0, 10):
            win, sink = window_mask(n, w), sink_mask(n, w, s)
            for i in range(n):
                for j in range(n):
                    assert win[i, j] == (i - w < j <= i)
                    assert sink[i, j] == ((i - w < j <= i) or (j < s and j <= i))


def test_special_cases_are_the_masks_they_should_be():
    np.testing.assert_array_equal(no_mask(3), np.ones((3, 3), dtype=bool))
    np.testing.assert_array_equal(window_mask(5, 1), np.eye(5, dtype=bool))  # only itself
    np.testing.assert_array_equal(window_mask(5, 5), causal_mask(5))  # w ≥ n: causal
    np.testing.assert_array_equal(window_mask(5, 50), causal_mask(5))
    np.testing.assert_array_equal(sink_mask(5, 2, 0), window_mask(5, 2))  # no sinks
    np.testing.assert_array_equal(sink_mask(5, 1, 5), causal_mask(5))  # all sinks
    for kind in MASK_KINDS:
        m = build_mask(kind, 4, window=2, sinks=1)
        assert m.shape == (4, 4) and m.dtype == bool
    np.testing.assert_array_equal(build_mask("causal", 4), causal_mask(4))
    np.testing.assert_array_equal(build_mask("sinks", 6, window=2, sinks=1), sink_mask(6, 2, 1))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: window_mask(5, 0), "window"),
        (lambda: window_mask(5, 2.0), "window"),
        (lambda: sink_mask(5, 2, -1), "sinks"),
        (lambda: sink_mask(5, 2, True), "sinks"),
        (lambda: no_mask(0), "n"),
        (lambda: build_mask("local", 5), "unknown"),
    ],
)
def test_bad_arguments_are_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# --- the patterns side by side ------------------------------------------------------------


@pytest.fixture
def head():
    rng = np.random.default_rng(3)
    q, k, v = (rng.standard_normal((7, 4)) for _ in range(3))
    return scaled_dot_product_attention(q, k, v, scale=0.3, temperature=1.7, mask=causal_mask(7))


def test_patterns_are_the_one_attention_function_under_each_mask(head):
    patterns = mask_patterns(head, window=3, sinks=1)
    assert [p.kind for p in patterns] == list(MASK_KINDS)
    hand = {  # the same masks, written as conditions on (i, j)
        "none": lambda i, j: True,
        "causal": lambda i, j: j <= i,
        "window": lambda i, j: i - 3 < j <= i,
        "sinks": lambda i, j: i - 3 < j <= i or j < 1,
    }
    for p in patterns:
        mask = np.array([[hand[p.kind](i, j) for j in range(7)] for i in range(7)])
        np.testing.assert_array_equal(p.mask, mask)
        direct = scaled_dot_product_attention(
            head.q, head.k, head.v, mask=mask, scale=0.3, temperature=1.7
        )
        np.testing.assert_array_equal(p.trace.weights, direct.weights)
        np.testing.assert_array_equal(p.trace.output, direct.output)
        assert p.trace.factor == 0.3 and p.trace.temperature == 1.7
        np.testing.assert_array_equal(p.visible, mask.sum(axis=1))


@pytest.mark.parametrize(("window", "sinks"), [(1, 0), (2, 1), (3, 2), (9, 0), (1, 9)])
def test_masked_weights_are_exactly_zero_and_rows_sum_to_one(head, window, sinks):
    for p in mask_patterns(head, window=window, sinks=sinks):
        assert p.masked_weight == 0.0
        assert np.all(p.trace.weights[~p.mask] == 0.0)
        assert np.all(p.visible >= 1)  # every query at least sees itself
        np.testing.assert_allclose(p.row_sums, 1.0, rtol=0, atol=1e-12)
        assert p.sum_error <= 1e-12


def test_a_window_of_1_copies_each_token_s_value(head):
    window = mask_patterns(head, window=1, sinks=0)[MASK_KINDS.index("window")]
    np.testing.assert_array_equal(window.trace.weights, np.eye(7))
    np.testing.assert_array_equal(window.trace.output, head.v)


def test_patterns_take_one_head_of_self_attention():
    rng = np.random.default_rng(0)
    cross = scaled_dot_product_attention(*(rng.standard_normal((n, 2)) for n in (3, 5, 5)))
    with pytest.raises(ValueError, match="one head"):
        mask_patterns(cross, window=2, sinks=1)
