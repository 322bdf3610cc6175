"""Attention sinks: shares worked by hand, and the real model's against a recorded run."""

import json

import numpy as np
import pytest
from conftest import FIXTURES

from core import ARTICLE_SENTENCE
from core.long_context.sinks import sink_shares

SINKS = json.loads((FIXTURES / "minilm_sinks.json").read_text(encoding="utf-8"))
TOKENS = ["[CLS]", "a", "b", "[SEP]"]


def hand_attentions() -> np.ndarray:  # [1, 2, 4, 4]
    head0 = [
        [1.0, 0.0, 0.0, 0.0],  # [CLS]'s own row: not averaged
        [0.5, 0.2, 0.1, 0.2],
        [0.3, 0.3, 0.3, 0.1],
        [0.0, 0.0, 0.0, 1.0],  # [SEP]'s own row: not averaged
    ]
    head1 = np.full((4, 4), 0.25)
    return np.array([[head0, head1]])


def test_shares_worked_by_hand():
    shares = sink_shares(hand_attentions(), TOKENS)
    assert shares.rows.tolist() == [1, 2] and shares.sep_keys.tolist() == [3]
    np.testing.assert_allclose(shares.first, [[0.4, 0.25]], rtol=1e-15)  # (0.5 + 0.3) / 2
    np.testing.assert_allclose(shares.sep, [[0.15, 0.25]], rtol=1e-15)  # (0.2 + 0.1) / 2
    np.testing.assert_allclose(shares.rest, [[0.45, 0.5]], rtol=1e-15)
    np.testing.assert_allclose(shares.first_by_layer, [0.325], rtol=1e-15)
    np.testing.assert_allclose(shares.sep_by_layer, [0.2], rtol=1e-15)
    assert shares.uniform == 0.25
    top = shares.strongest("first")
    assert [(h.layer, h.head) for h in top] == [(0, 0), (0, 1)]
    assert top[0].share == pytest.approx(0.4, abs=1e-15)
    assert [(h.layer, h.head) for h in shares.strongest("sep", top=1)] == [(0, 1)]


def test_the_share_of_rows_whose_largest_weight_is_the_first_token():
    attentions = np.zeros((2, 1, 4, 4))
    attentions[0, 0] = [[1, 0, 0, 0], [0.6, 0.2, 0.1, 0.1], [0.1, 0.6, 0.2, 0.1], [1, 0, 0, 0]]
    attentions[1, 0] = [[1, 0, 0, 0], [0.2, 0.1, 0.1, 0.6], [0.3, 0.1, 0.1, 0.5], [1, 0, 0, 0]]
    shares = sink_shares(attentions, TOKENS)
    np.testing.assert_array_equal(shares.first_top, [0.5, 0.0])  # the [CLS] rows do not count
    assert shares.first_top_overall == 0.25  # 1 of the 4 word rows over both layers


def test_means_and_counts_over_every_head():
    shares = sink_shares(hand_attentions(), TOKENS)  # first [[0.4, 0.25]], sep [[0.15, 0.25]]
    assert shares.mean("first") == pytest.approx(0.325, abs=1e-15)
    assert shares.mean("sep") == pytest.approx(0.2, abs=1e-15)
    assert shares.above("first", 0.3) == 1 and shares.above("first", 0.2) == 2
    assert shares.above("sep", 0.25) == 0  # more than, not as much as


def test_the_special_tokens_own_rows_do_not_count():
    changed = hand_attentions()
    changed[0, 0, 0] = [0.0, 0.0, 0.0, 1.0]
    changed[0, 0, 3] = [1.0, 0.0, 0.0, 0.0]
    np.testing.assert_array_equal(
        sink_shares(changed, TOKENS).first, sink_shares(hand_attentions(), TOKENS).first
    )


def test_two_sep_tokens_count_together():
    tokens = ["[CLS]", "a", "[SEP]", "b", "[SEP]"]
    attentions = np.zeros((1, 1, 5, 5))
    attentions[0, 0, :, :] = [0.1, 0.2, 0.3, 0.0, 0.4]
    shares = sink_shares(attentions, tokens)
    assert shares.rows.tolist() == [1, 3] and shares.sep_keys.tolist() == [2, 4]
    np.testing.assert_allclose(shares.sep, [[0.7]], rtol=1e-15)
    np.testing.assert_allclose(shares.first, [[0.1]], rtol=1e-15)


def test_a_text_with_no_word_averages_every_row():
    attentions = np.array([[[[0.6, 0.4], [0.2, 0.8]]]])
    shares = sink_shares(attentions, ["[CLS]", "[SEP]"])
    assert shares.rows.tolist() == [0, 1]
    np.testing.assert_allclose(shares.first, [[0.4]], rtol=1e-15)
    np.testing.assert_allclose(shares.sep, [[0.6]], rtol=1e-15)


def test_attentions_must_fit_the_tokens():
    with pytest.raises(ValueError, match="tokens"):
        sink_shares(np.zeros((1, 1, 3, 3)), TOKENS)


# --- the real model: the attentions the Real model page draws ---------------------------------


@pytest.fixture(scope="module")
def page_run(model):
    """The Real model page's own cached run (ui.state.real_run) of the article's sentence."""
    from ui import state

    return state.real_run(ARTICLE_SENTENCE)


@pytest.mark.model
def test_the_real_model_s_shares_match_the_recorded_reference(page_run):
    encoded, out = page_run
    assert encoded.tokens == SINKS["tokens"]
    shares = sink_shares(out.attentions, encoded.tokens)
    assert shares.rows.tolist() == SINKS["rows"] and shares.sep_keys.tolist() == SINKS["sep_keys"]
    assert shares.first.shape == shares.sep.shape == (6, 12)
    # the attentions agree with the reference to 1e-5 each, so their means do too
    np.testing.assert_allclose(shares.first, SINKS["first"], rtol=0, atol=1e-5)
    np.testing.assert_allclose(shares.sep, SINKS["sep"], rtol=0, atol=1e-5)


@pytest.mark.model
def test_the_real_model_s_shares_are_the_page_s_weights_averaged(page_run):
    encoded, out = page_run
    shares = sink_shares(out.attentions, encoded.tokens)
    words = range(1, encoded.n - 1)
    for layer in range(out.n_layers):
        for head in range(out.n_heads):
            rows = [out.attentions[layer, head, i] for i in words]
            first = sum(float(row[0]) for row in rows) / len(rows)
            sep = sum(float(row[-1]) for row in rows) / len(rows)
            assert shares.first[layer, head] == pytest.approx(first, abs=1e-12)
            assert shares.sep[layer, head] == pytest.approx(sep, abs=1e-12)
    for layer in range(out.n_layers):
        tops = [
            int(np.argmax(out.attentions[layer, head, i])) == 0
            for head in range(out.n_heads)
            for i in words
        ]
        assert shares.first_top[layer] == pytest.approx(sum(tops) / len(tops), abs=1e-12)


@pytest.mark.model
def test_the_trained_model_piles_attention_on_cls(page_run):
    """What the page shows: past the first layer, every layer gives [CLS] over four times an
    even share (1/11), and every layer gives [CLS] more than [SEP]."""
    encoded, out = page_run
    shares = sink_shares(out.attentions, encoded.tokens)
    assert np.all(shares.first_by_layer[1:] > 4 * shares.uniform)
    assert np.all(shares.first_by_layer > shares.sep_by_layer)
