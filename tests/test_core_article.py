"""The article's worked example and the whole forward pass built by build_pipeline."""

import math

import numpy as np
import pytest

from core.article import (
    ARTICLE_D_MODEL,
    ARTICLE_SENTENCE,
    ARTICLE_TOKENS,
    article_example,
    cited_cells,
)
from core.attention import causal_mask, scaled_dot_product_attention
from core.multihead import init_params
from core.pipeline import build_pipeline, uses_article
from core.tokens import positional_encoding, token_embedding, tokenize

I_TOKEN, CAKE, IT, DELICIOUS = 0, 3, 5, 7  # token indices in the article sentence


def test_article_tokens():
    assert tokenize(ARTICLE_SENTENCE) == ARTICLE_TOKENS
    ex = article_example()
    assert ex["sentence"] == ARTICLE_SENTENCE
    assert ex["tokens"] == ARTICLE_TOKENS
    ex["tokens"].append("changed")  # callers get a copy, the constant stays intact
    assert article_example()["tokens"] == ARTICLE_TOKENS


def test_article_shapes_and_hand_checkable_numbers():
    ex = article_example()
    assert ex["x"].shape == (9, ARTICLE_D_MODEL)
    for name in ("w_q", "w_k", "w_v", "w_o"):
        assert ex[name].shape == (4, 4)
    np.testing.assert_array_equal(ex["w_o"], np.eye(4))
    for name in ("x", "w_q", "w_k", "w_v", "w_o"):
        for v in ex[name].ravel():
            assert round(float(v), 2) == v, (name, v)  # at most two decimals


def article_trace():
    ex = article_example()
    x = ex["x"]
    return scaled_dot_product_attention(x @ ex["w_q"], x @ ex["w_k"], x @ ex["w_v"])


def softmax_half(row):
    """Softmax of a row divided by √4 = 2, in plain Python."""
    e = [math.exp(s / 2) for s in row]
    return [v / sum(e) for v in e]


# The rows the tests need, worked out by hand from the matrices in core/article.py.
# X columns [food, person, action, pointer]; W_K is the identity, so each key is its row of X.
#   q_cake = 1.0·W_Q[food] + 0.2·W_Q[action] = [1.3 + 0.2, 0 + 0.2, 0.5, 1.0]
Q_CAKE = [1.5, 0.2, 0.5, 1.0]
#   q_cake·k_j for the nine keys:
#   I   [0, 1, 0, 0.2]    0.2 + 0.2 = 0.4       ate [0.4, 0, 1, 0]    0.6 + 0.5 = 1.1
#   the [0, 0, 0, 0.5]    0.5                   cake [1, 0, 0.2, 0]   1.5 + 0.1 = 1.6
#   and [0, 0, 0.1, 0.1]  0.05 + 0.1 = 0.15     it  [0.2, 0, 0, 1]    0.3 + 1.0 = 1.3
#   was [0, 0, 0.4, 0]    0.2                   delicious [0.4, 0, 0, 0.6]  0.6 + 0.6 = 1.2
#   .   [0, 0, 0, 0.1]    0.1
CAKE_ROW = [0.4, 1.1, 0.5, 1.6, 0.15, 1.3, 0.2, 1.2, 0.1]
#   q_it = 0.2·W_Q[food] + 1.0·W_Q[pointer] = [0.26 + 3, 0, 0.1, 0.2]
Q_IT = [3.26, 0.0, 0.1, 0.2]
#   I 0.04, ate 1.304 + 0.1, the 0.1, cake 3.26 + 0.02, and 0.01 + 0.02, it 0.652 + 0.2,
#   was 0.04, delicious 1.304 + 0.12, . 0.02
IT_ROW = [0.04, 1.404, 0.1, 3.28, 0.03, 0.852, 0.04, 1.424, 0.02]
#   q_delicious = 0.4·W_Q[food] + 0.6·W_Q[pointer] = [0.52 + 1.8, 0, 0.2, 0.4]
Q_DELICIOUS = [2.32, 0.0, 0.2, 0.4]
DELICIOUS_ROW = [0.08, 1.128, 0.2, 2.36, 0.06, 0.864, 0.08, 1.168, 0.04]
# V = X·W_V: the food column is 8·food, the pointer column is pointer − food.
V_FOOD = [0.0, 3.2, 0.0, 8.0, 0.0, 1.6, 0.0, 3.2, 0.0]
V_POINTER = [0.2, -0.4, 0.5, -1.0, 0.1, 0.8, 0.0, 0.2, 0.1]


def test_the_scores_of_cake_are_the_figures_the_article_prints():
    t = article_trace()
    np.testing.assert_allclose(t.q[CAKE], Q_CAKE, atol=1e-12)
    np.testing.assert_allclose(t.k, article_example()["x"], atol=0)  # W_K = identity
    np.testing.assert_allclose(t.scores[CAKE], CAKE_ROW, atol=1e-12)
    assert abs(t.scores[CAKE, IT] - 1.3) < 1e-12  # "cake" and "it": high
    assert abs(t.scores[CAKE, I_TOKEN] - 0.4) < 1e-12  # "cake" and "I": weak
    assert abs(t.scores[CAKE, CAKE] - 1.6) < 1e-12  # with itself: the large one
    assert int(np.argmax(t.scores[CAKE])) == CAKE
    assert sorted(CAKE_ROW).index(0.4) < 4  # "I" sits in the lower half of the row


def test_the_first_output_of_cake_is_the_articles_2_4():
    t = article_trace()
    w = softmax_half(CAKE_ROW)
    out = sum(wj * vj for wj, vj in zip(w, V_FOOD, strict=True))
    np.testing.assert_allclose(t.v[:, 0], V_FOOD, atol=1e-12)
    assert abs(t.output[CAKE, 0] - out) < 1e-12
    assert abs(out - 2.4) < 5e-5  # prints as 2.4, 2.40, … and 2.4000
    assert f"{t.output[CAKE, 0]:.4f}" == "2.4000"
    p = build_pipeline(tokenize(ARTICLE_SENTENCE), d_model=4, n_heads=1, seed=0)
    assert abs(p.mha.output[CAKE, 0] - out) < 1e-12  # the app's defaults: ÷2, T = 1, no mask


def test_it_attends_to_cake_far_more_than_to_any_other_token():
    t = article_trace()
    np.testing.assert_allclose(t.q[IT], Q_IT, atol=1e-12)
    np.testing.assert_allclose(t.scores[IT], IT_ROW, atol=1e-12)
    w = softmax_half(IT_ROW)
    np.testing.assert_allclose(t.weights[IT], w, rtol=1e-12)
    others = [v for j, v in enumerate(w) if j != CAKE]
    assert w[CAKE] >= 2 / 9  # at least twice the even share
    assert w[CAKE] > 2 * max(others)  # the runner-up gets less than half as much
    assert w[CAKE] > 0.32


def test_delicious_looks_at_cake():
    t = article_trace()
    np.testing.assert_allclose(t.q[DELICIOUS], Q_DELICIOUS, atol=1e-12)
    np.testing.assert_allclose(t.scores[DELICIOUS], DELICIOUS_ROW, atol=1e-12)
    w = softmax_half(DELICIOUS_ROW)
    np.testing.assert_allclose(t.weights[DELICIOUS], w, rtol=1e-12)
    assert int(np.argmax(w)) == CAKE
    assert w[CAKE] >= 2 / 9


def test_an_output_is_negative_though_every_weight_is_positive():
    t = article_trace()
    np.testing.assert_allclose(t.v[:, 3], V_POINTER, atol=1e-12)
    out = sum(wj * vj for wj, vj in zip(softmax_half(IT_ROW), V_POINTER, strict=True))
    assert abs(t.output[IT, 3] - out) < 1e-12
    assert out < -0.2  # "it" has found what it points at: -0.21
    assert float(t.output.min()) == t.output[IT, 3]
    assert (t.weights > 0).all()
    # shown to two decimals, no output reads as "-0.00" or "0.00"
    assert (np.abs(t.output) >= 0.005).all()


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


def test_the_cited_cells_are_the_numbers_the_article_prints():
    cited = cited_cells(ARTICLE_TOKENS)
    # Row "cake" (3): with "it" (5) 1.3, with "I" (0) 0.4, with itself 1.6; its output's
    # first dimension 2.4. Nothing printed of the halved scores or of the weights.
    assert cited == {
        "scores": ((CAKE, IT), (CAKE, I_TOKEN), (CAKE, CAKE)),
        "scaled": (),
        "weights": (),
        "output": ((CAKE, 0),),
    }
    trace = article_trace()
    printed = [round(float(trace.scores[i, j]), 1) for i, j in cited["scores"]]
    assert printed == [1.3, 0.4, 1.6]
    assert round(float(trace.output[CAKE, 0]), 1) == 2.4
