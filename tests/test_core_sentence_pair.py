"""The article's pair for cross-attention: its tokens, hand-made vectors that align each
Chinese token with its English counterpart (checked against the mapping stated here, not
the module's own), the decoder's causal self-attention, and no alignment from random weights."""

from __future__ import annotations

import math

import numpy as np
import pytest

from core.article import ARTICLE_SENTENCE, ARTICLE_TOKENS
from core.multihead import init_params
from core.sentence_pair import (
    DEC_FEATURES,
    ENC_FEATURES,
    PAIR_SENTENCE,
    PAIR_TOKENS,
    article_pair,
    build_sentence_pair,
    counterpart_hits,
    random_params,
    top_keys,
)
from core.tokens import tokenize

# Each Chinese token and the English word it should attend to most, stated by hand.
ALIGNMENT = [
    ("我", "I"),
    ("吃", "ate"),
    ("了", "ate"),
    ("蛋", "cake"),
    ("糕", "cake"),
    ("，", "and"),
    ("它", "it"),
    ("很", "was"),
    ("好", "delicious"),
    ("吃", "delicious"),
    ("。", "."),
]


def hand_made():
    return build_sentence_pair(PAIR_TOKENS, ARTICLE_TOKENS, d_model=4, n_heads=1, seed=0)


def test_tokens_are_the_tokens_pages():
    assert PAIR_SENTENCE == "我吃了蛋糕，它很好吃。"
    assert tokenize(PAIR_SENTENCE) == PAIR_TOKENS == [zh for zh, _ in ALIGNMENT]
    ex = article_pair()
    assert ex["enc_sentence"] == ARTICLE_SENTENCE
    assert ex["enc_tokens"] == tokenize(ARTICLE_SENTENCE)
    ex["dec_tokens"].append("changed")  # callers get a copy
    assert article_pair()["dec_tokens"] == PAIR_TOKENS


def test_small_numbers_readable_by_hand():
    ex = article_pair()
    assert ex["x_dec"].shape == (11, 4) and ex["x_enc"].shape == (9, 4)
    arrays = [ex["x_dec"], ex["x_enc"]]
    for params in (ex["self_params"], ex["cross_params"]):
        arrays += [params.w_q, params.w_k, params.w_v, params.w_o]
    for a in arrays:
        assert a.shape[-1] == 4
        for v in a.ravel():
            assert round(float(v), 2) == v  # at most two decimals


def test_each_chinese_token_attends_most_to_its_counterpart():
    pair = hand_made()
    assert pair.hand_made_vectors and pair.hand_made_weights
    weights = pair.attention.cross.weights[0]  # [11, 9]
    assert weights.shape == (11, 9)
    for i, (zh, en) in enumerate(ALIGNMENT):
        row = weights[i]
        j = ARTICLE_TOKENS.index(en)
        assert int(np.argmax(row)) == j, (zh, en, row.round(2))
        runner_up = np.max(np.delete(row, j))
        # clearly visible: three times the even share 1/9, twice the runner-up
        assert row[j] > 3 / 9 and row[j] > 2 * runner_up, (zh, en, row.round(2))
    assert pair.hits.all()


def test_the_row_of_it_by_hand():
    """它 = [food 0.2, joint 0, who −1, verb 0]; W_Q sends who to the English 'who' axis
    and food to 'food', both ×4: q = [−4, 0, 0.8, 0]. Keys are the English vectors:
    I −4, ate 0, the 0.4, cake 0.8, and 0, it 4, was 0, delicious −0.8, . 0."""
    scores = [-4, 0, 0.4, 0.8, 0, 4, 0, -0.8, 0]
    e = [math.exp(s / 2) for s in scores]  # ÷√4
    want = [v / sum(e) for v in e]
    row = hand_made().attention.cross.weights[0, 6]
    np.testing.assert_allclose(row, want, rtol=1e-12)
    # e² / (e⁻² + 1 + e^0.2 + e^0.4 + 1 + e² + 1 + e^−0.4 + 1) = 7.389 / 14.908: about half
    assert row[5] == pytest.approx(0.496, abs=5e-4)


def test_the_decoders_own_attention_is_causal_and_it_looks_back_at_the_cake():
    pair = hand_made()
    w = pair.attention.self_attention.weights[0]  # [11, 11]
    assert np.all(w[np.triu_indices(11, 1)] == 0.0)
    np.testing.assert_allclose(w.sum(axis=1), 1.0, atol=1e-12)
    # q_它 = 0.2·[2, 0, 0, 0] − 1·[−3, 0, 1, 0] = [3.4, 0, −1, 0]; keys are the tokens so far:
    # 我 −1, 吃 0.68, 了 0, 蛋 2.72, 糕 3.4, ， 0, 它 0.68 + 1 = 1.68
    scores = [-1, 0.68, 0, 2.72, 3.4, 0, 1.68]
    e = [math.exp(s / 2) for s in scores]
    np.testing.assert_allclose(w[6, :7], [v / sum(e) for v in e], rtol=1e-12)
    assert int(np.argmax(w[6])) == PAIR_TOKENS.index("糕")


def test_random_weights_find_no_alignment():
    """The same hand-made vectors with init_params' weights: about chance (1 in 9 tokens)."""
    hits = []
    for seed in range(40):
        pair = build_sentence_pair(
            PAIR_TOKENS, ARTICLE_TOKENS, d_model=4, n_heads=1, seed=seed, hand_made=False
        )
        assert pair.hand_made_vectors and not pair.hand_made_weights
        np.testing.assert_array_equal(pair.x_dec, article_pair()["x_dec"])
        hits.append(int(pair.hits.sum()))
    assert max(hits) <= 6  # never most of the 11
    assert np.mean(hits) < 2.5


def test_random_params_are_the_apps_for_the_self_attention():
    own, cross = random_params(8, 2, seed=4)
    same = init_params(8, 2, seed=4)
    for name in ("w_q", "w_k", "w_v", "w_o"):
        np.testing.assert_array_equal(getattr(own, name), getattr(same, name))
        assert not np.allclose(getattr(cross, name), getattr(own, name))
    with pytest.raises(ValueError, match="not divisible"):
        random_params(8, 3, seed=0)


def test_weights_made_before_are_used_as_they_are():
    made = random_params(8, 2, seed=4)
    given = build_sentence_pair(["a", "b"], ["c"], d_model=8, n_heads=2, seed=4, weights=made)
    drawn = build_sentence_pair(["a", "b"], ["c"], d_model=8, n_heads=2, seed=4)
    assert given.self_params is made[0] and given.cross_params is made[1]
    np.testing.assert_array_equal(given.attention.cross.output, drawn.attention.cross.output)


def test_counterpart_hits_by_hand():
    weights = np.array([[0.7, 0.2, 0.1], [0.5, 0.3, 0.2]])  # [2, 3]
    np.testing.assert_array_equal(counterpart_hits(weights, [0, 1]), [True, False])
    heads = np.array([[[0.1, 0.9]], [[0.8, 0.2]]])  # [2 heads, 1, 2]: mean [0.45, 0.55]
    np.testing.assert_array_equal(counterpart_hits(heads, [1]), [True])
    np.testing.assert_array_equal(top_keys(weights), [0, 0])
    np.testing.assert_array_equal(top_keys(heads), [1])


def test_the_top_key_of_every_decoder_token():
    """Hand-made: each Chinese token's counterpart; random: whatever the weights say."""
    assert hand_made().top.tolist() == [ARTICLE_TOKENS.index(en) for _, en in ALIGNMENT]
    pair = build_sentence_pair(["a", "b"], ["c", "d", "e"], d_model=8, n_heads=2, seed=1)
    w = pair.attention.cross.weights  # [2, 2, 3]
    want = [max(range(3), key=lambda j, i=i: w[0, i, j] + w[1, i, j]) for i in range(2)]
    assert pair.top.tolist() == want


@pytest.mark.parametrize(
    ("dec", "enc", "d_model", "n_heads"),
    [
        (PAIR_TOKENS, ARTICLE_TOKENS, 16, 2),  # the article's pair at another size
        (["你好"], ["hi"], 4, 1),
        (tokenize("我👍🏽"), tokenize("<b>x</b> & 🇫🇷"), 8, 4),
    ],
)
def test_other_sentences_get_random_vectors_and_positions(dec, enc, d_model, n_heads):
    pair = build_sentence_pair(dec, enc, d_model=d_model, n_heads=n_heads, seed=2)
    assert not pair.hand_made_vectors and not pair.hand_made_weights
    assert pair.x_dec.shape == (len(dec), d_model) and pair.x_enc.shape == (len(enc), d_model)
    assert pair.attention.cross.weights.shape == (n_heads, len(dec), len(enc))
    assert pair.attention.self_attention.weights.shape == (n_heads, len(dec), len(dec))
    assert np.isfinite(pair.attention.cross.output).all()
    assert len(pair.dec_labels) == len(dec) and len(pair.enc_labels) == len(enc)
    assert (pair.counterparts is None) == (dec != PAIR_TOKENS)


def test_repeated_tokens_are_told_apart():
    assert hand_made().dec_labels[9] == "吃 (2)"


@pytest.mark.parametrize(
    ("side", "word", "feature"),
    [
        ("enc", "I", "who"),
        ("enc", "ate", "verb"),
        ("enc", "cake", "food"),
        ("enc", "and", "joint"),
        ("dec", "我", "who"),
        ("dec", "了", "verb"),
        ("dec", "糕", "food"),
        ("dec", "，", "joint"),
    ],
)
def test_the_features_name_the_columns_their_words_stand_on(side, word, feature):
    """The names a page puts on the hand-made vectors' columns: each word's one number."""
    ex = article_pair()
    vector = ex[f"x_{side}"][ex[f"{side}_tokens"].index(word)]
    features = ENC_FEATURES if side == "enc" else DEC_FEATURES
    (column,) = np.flatnonzero(vector)
    assert features[column] == feature
