"""The article's worked example and the whole forward pass built by build_pipeline."""

import math

import numpy as np
import pytest

from core.article import ARTICLE_D_MODEL, ARTICLE_SENTENCE, ARTICLE_TOKENS, article_example
from core.attention import causal_mask, scaled_dot_product_attention
from core.multihead import init_params
from core.pipeline import build_pipeline, uses_article
from core.tokens import positional_encoding, token_embedding, tokenize

IT, CAKE = 5, 3  # token indices in the article sentence


def test_article_tokens():
    assert ARTICLE_SENTENCE == "I ate the cake and it was delicious."
    assert ARTICLE_TOKENS == ["I", "ate", "the", "cake", "and", "it", "was", "delicious", "."]
    assert tokenize(ARTICLE_SENTENCE) == ARTICLE_TOKENS
    ex = article_example()
    assert ex["sentence"] == ARTICLE_SENTENCE
    assert ex["tokens"] == ARTICLE_TOKENS
    ex["tokens"].append("changed")  # callers get a copy, the constant stays intact
    assert article_example()["tokens"] == ARTICLE_TOKENS


def test_article_shapes_and_hand_checkable_numbers():
    ex = article_example()
    assert ARTICLE_D_MODEL == 4
    assert ex["x"].shape == (9, 4)
    for name in ("w_q", "w_k", "w_v", "w_o"):
        assert ex[name].shape == (4, 4)
    np.testing.assert_array_equal(ex["w_o"], np.eye(4))
    for name in ("x", "w_q", "w_k", "w_v", "w_o"):
        for v in ex[name].ravel():
            assert round(float(v), 2) == v, (name, v)


def test_it_attends_most_to_cake_with_numbers_checkable_by_hand():
    ex = article_example()
    x = ex["x"]
    t = scaled_dot_product_attention(x @ ex["w_q"], x @ ex["w_k"], x @ ex["w_v"])
    # q_it = [0.3, 0.2, 0, 0.8]·W_Q = [0.3 + 0.8, 0.2, 0, 0.8·0.2]
    np.testing.assert_allclose(t.q[IT], [1.1, 0.2, 0.0, 0.16], atol=1e-12)
    # keys are X with the last column halved; q_it·k_j for the nine tokens:
    #   I   0.11 + 0.18 + 0.024 = 0.314      ate  0.44 + 0.02 = 0.46
    #   the 0.048                            cake 0.99 + 0.008 = 0.998
    #   and 0.02 + 0.056 = 0.076             it   0.33 + 0.04 + 0.064 = 0.434
    #   was 0.11 + 0.032 = 0.142             delicious 0.88           . 0.016
    row = [0.314, 0.46, 0.048, 0.998, 0.076, 0.434, 0.142, 0.88, 0.016]
    np.testing.assert_allclose(t.scores[IT], row, atol=1e-12)
    e = [math.exp(s / 2) for s in row]  # scaled by 1/√4
    np.testing.assert_allclose(t.weights[IT], [v / sum(e) for v in e], rtol=1e-12)
    assert int(np.argmax(t.weights[IT])) == CAKE


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize("seed", [0, 7])
def test_build_pipeline_uses_the_article_numbers_for_its_sentence(causal, seed):
    ex = article_example()
    p = build_pipeline(tokenize(ARTICLE_SENTENCE), d_model=4, n_heads=1, seed=seed, causal=causal)
    assert p.is_article
    assert uses_article(ARTICLE_TOKENS, 4, 1)
    np.testing.assert_array_equal(p.x, ex["x"])
    for name in ("w_q", "w_k", "w_v", "w_o"):
        np.testing.assert_array_equal(getattr(p.params, name), ex[name])
    np.testing.assert_allclose(p.embeddings + p.positions, p.x, atol=1e-15)
    np.testing.assert_array_equal(p.positions, positional_encoding(9, 4))
    assert int(np.argmax(p.mha.weights[0][IT])) == CAKE  # "cake" comes before "it"


@pytest.mark.parametrize(
    ("tokens", "d_model", "n_heads"),
    [
        (ARTICLE_TOKENS, 8, 1),
        (ARTICLE_TOKENS, 4, 2),
        (ARTICLE_TOKENS, 4, 4),
        (["I", "ate", "the", "pie", "and", "it", "was", "delicious", "."], 4, 1),
        (ARTICLE_TOKENS[:-1], 4, 1),
    ],
)
def test_other_settings_use_random_toy_numbers(tokens, d_model, n_heads):
    p = build_pipeline(tokens, d_model=d_model, n_heads=n_heads, seed=3)
    assert not p.is_article
    assert not uses_article(tokens, d_model, n_heads)
    np.testing.assert_array_equal(p.embeddings, token_embedding(tokens, d_model, 3))
    np.testing.assert_array_equal(p.positions, positional_encoding(len(tokens), d_model))
    np.testing.assert_array_equal(p.x, p.embeddings + p.positions)
    expected = init_params(d_model, n_heads, 3)
    for name in ("w_q", "w_k", "w_v", "w_o"):
        np.testing.assert_array_equal(getattr(p.params, name), getattr(expected, name))


def test_pipeline_shapes_at_d_8_with_2_heads():
    tokens = tokenize("the cat sat on the mat")
    n, d_model, h, d_k = 6, 8, 2, 4
    p = build_pipeline(tokens, d_model=d_model, n_heads=h, seed=0)
    assert (p.n, p.d_model, p.n_heads, p.d_k) == (n, d_model, h, d_k)
    assert p.tokens == tokens
    for arr in (p.embeddings, p.positions, p.x, p.mha.q, p.mha.k, p.mha.v, p.mha.output):
        assert arr.shape == (n, d_model)
    assert p.mha.weights.shape == (h, n, n)
    assert p.mha.head_outputs.shape == (h, n, d_k)
    assert p.mha.concat.shape == (n, h * d_k)
    assert p.mha.trace.factor == 1 / math.sqrt(d_k)
    assert p.mask is None
    assert not p.is_article


def test_pipeline_passes_mask_scale_and_temperature_through():
    tokens = tokenize("a b c d e")
    p = build_pipeline(
        tokens, d_model=8, n_heads=2, seed=1, causal=True, scale=False, temperature=3
    )
    np.testing.assert_array_equal(p.mask, causal_mask(5))
    assert p.mha.trace.factor == 1.0
    assert p.mha.trace.temperature == 3.0
    for head in p.mha.weights:
        assert np.all(head[~causal_mask(5)] == 0.0)
    np.testing.assert_allclose(p.mha.weights.sum(axis=-1), 1.0, atol=1e-12)


def test_pipeline_is_deterministic_per_seed():
    tokens = tokenize("Attention is all you need")
    a = build_pipeline(tokens, d_model=8, n_heads=2, seed=5)
    b = build_pipeline(tokens, d_model=8, n_heads=2, seed=5)
    c = build_pipeline(tokens, d_model=8, n_heads=2, seed=6)
    np.testing.assert_array_equal(a.mha.output, b.mha.output)
    assert not np.array_equal(a.mha.output, c.mha.output)
