"""The receptive field of stacked masked layers, against small cases worked by hand."""

import numpy as np
import pytest

from core.attention import causal_mask
from core.long_context.receptive_field import layers_needed, receptive_field, window_span
from core.long_context.windows import no_mask, sink_mask, window_mask


def positions(row) -> list[int]:
    return np.flatnonzero(row).tolist()


def test_window_of_3_over_9_tokens_reaches_the_first_after_4_layers():
    field = receptive_field(window_mask(9, 3), 4)
    assert field.query == 8
    # each layer reaches w − 1 = 2 further back
    assert [positions(r) for r in field.reach] == [
        [8],
        [6, 7, 8],
        [4, 5, 6, 7, 8],
        [2, 3, 4, 5, 6, 7, 8],
        [0, 1, 2, 3, 4, 5, 6, 7, 8],
    ]
    assert field.counts.tolist() == [1, 3, 5, 7, 9]
    assert field.earliest.tolist() == [8, 6, 4, 2, 0]
    assert field.layers_to_reach(0) == 4 and field.layers_to_reach(5) == 2
    assert receptive_field(window_mask(9, 3), 3).layers_to_reach(0) is None  # one layer short


def test_window_of_2_and_a_middle_token():
    field = receptive_field(window_mask(6, 2), 3, query=3)
    assert [positions(r) for r in field.reach] == [[3], [2, 3], [1, 2, 3], [0, 1, 2, 3]]


def test_a_sink_is_reached_after_one_layer():
    field = receptive_field(sink_mask(8, 2, 1), 2)
    assert [positions(r) for r in field.reach] == [[7], [0, 6, 7], [0, 5, 6, 7]]


def test_no_mask_reaches_everything_at_once_and_causal_never_looks_ahead():
    assert [positions(r) for r in receptive_field(no_mask(4), 1, query=1).reach] == [
        [1],
        [0, 1, 2, 3],
    ]
    first = receptive_field(causal_mask(5), 6, query=0)
    assert first.counts.tolist() == [1] * 7  # the first token of a decoder sees only itself
    assert receptive_field(causal_mask(5), 1, query=2).counts.tolist() == [1, 3]


def test_the_residual_keeps_a_token_that_its_mask_leaves_out():
    previous_only = np.eye(4, k=-1, dtype=bool)  # query i sees key i − 1 alone
    field = receptive_field(previous_only, 2, query=3)
    assert [positions(r) for r in field.reach] == [[3], [2, 3], [1, 2, 3]]


def test_zero_layers_is_the_token_alone():
    field = receptive_field(window_mask(5, 2), 0, query=-2)
    assert field.n_layers == 0 and field.query == 3
    assert positions(field.reach[0]) == [3]


@pytest.mark.parametrize("window", [1, 2, 3, 5, 8])
def test_a_long_text_reaches_l_times_w_minus_1_plus_1(window):
    n, n_layers = 80, 12
    field = receptive_field(window_mask(n, window), n_layers)
    expected = [min(n, layer * (window - 1) + 1) for layer in range(n_layers + 1)]
    assert field.counts.tolist() == expected
    np.testing.assert_array_equal(np.minimum(window_span(window, n_layers), n), expected)
    assert np.all(field.earliest == n - np.array(expected))  # a contiguous run back from the end


def test_window_span_by_hand():
    assert window_span(3, 4).tolist() == [1, 3, 5, 7, 9]
    assert window_span(1, 3).tolist() == [1, 1, 1, 1]
    assert window_span(4096, 32)[-1] == 32 * 4095 + 1  # Mistral 7B's window and depth: ~131 k


@pytest.mark.parametrize("window", [1, 2, 3, 4, 7])
def test_layers_needed_agrees_with_the_composed_masks(window):
    n = 15
    field = receptive_field(window_mask(n, window), n)
    for position in range(n):
        assert layers_needed(n - 1 - position, window) == field.layers_to_reach(position)


def test_layers_needed_by_hand():
    assert layers_needed(8, 3) == 4  # 9 tokens, window 3: the article's question
    assert layers_needed(9, 3) == 5
    assert layers_needed(0, 1) == 0
    assert layers_needed(1, 1) is None  # a window of 1 never looks back


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: receptive_field(np.ones((2, 3), dtype=bool), 1), ValueError),
        (lambda: receptive_field(causal_mask(3), -1), ValueError),
        (lambda: receptive_field(causal_mask(3), 1.5), ValueError),
        (lambda: receptive_field(causal_mask(3), 1, query=3), IndexError),
        (lambda: window_span(0, 2), ValueError),
        (lambda: layers_needed(-1, 2), ValueError),
    ],
)
def test_bad_arguments_are_refused(call, error):
    with pytest.raises(error):
        call()
