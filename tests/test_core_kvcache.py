"""The KV cache and the decoder's step: generating token by token gives, at every step, the
full causal attention's row, for MHA, GQA and MQA."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.attention import causal_mask, scaled_dot_product_attention
from core.generate.kvcache import KVCache, decode_step, generate
from core.multihead import init_params, multi_head_attention, pool_kv_heads
from core.pipeline import build_pipeline
from core.tokens import tokenize

FAST = settings(max_examples=40, deadline=None)
TOL = 1e-12


def test_the_cache_gives_back_what_was_appended_one_row_a_token():
    cache = KVCache(2, 3, 1, capacity=4)  # g = 2, d_k = 3, d_v = 1
    k0, v0 = np.array([[1, 2, 3], [4, 5, 6]]), np.array([[7], [8]])
    k1, v1 = np.array([[0, 0, 1], [1, 0, 0]]), np.array([[-1], [-2]])
    cache.append(k0, v0)
    keys, values = cache.read()
    assert keys.shape == (2, 1, 3) and values.shape == (2, 1, 1)
    cache.append(k1, v1)
    keys2, values2 = cache.read()
    assert cache.length == 2
    np.testing.assert_array_equal(keys2[:, 0], k0)
    np.testing.assert_array_equal(keys2[:, 1], k1)
    np.testing.assert_array_equal(values2[:, 1], v1)
    np.testing.assert_array_equal(keys[:, 0], k0)  # what was read before is unchanged
    assert keys.shape == (2, 1, 3)


def test_what_is_read_cannot_be_written_and_a_full_cache_says_so():
    cache = KVCache(1, 2, 2, capacity=1)
    cache.append(np.ones((1, 2)), np.ones((1, 2)))
    keys, _ = cache.read()
    with pytest.raises(ValueError):
        keys[0, 0, 0] = 5.0
    with pytest.raises(ValueError, match="full"):
        cache.append(np.ones((1, 2)), np.ones((1, 2)))


def causal_by_hand(x, params, h, g, scale=True, temperature=1.0):
    """Full causal attention head by head with scaled_dot_product_attention: query head i
    on key/value head i // (h/g). Returns weights [h, n, n], head outputs [h, n, d_v] and
    the output [n, d_model]."""
    d_k = params.w_q.shape[1] // h
    n = x.shape[0]
    weights, heads = [], []
    for i in range(h):
        j = i // (h // g)
        qi, kj, vj = (
            x @ w[:, c * d_k : (c + 1) * d_k]
            for w, c in ((params.w_q, i), (params.w_k, j), (params.w_v, j))
        )
        tr = scaled_dot_product_attention(
            qi, kj, vj, mask=causal_mask(n), scale=scale, temperature=temperature
        )
        weights.append(tr.weights)
        heads.append(tr.output)
    concat = np.concatenate(heads, axis=1)  # [n, h·d_v]
    return np.stack(weights), np.stack(heads), concat @ params.w_o


def assert_steps_match(gen, weights, heads, output):
    n = gen.n
    for t in range(1, n + 1):
        s = gen.step(t)
        assert s.t == t
        assert s.keys.shape[1] == s.values.shape[1] == t  # the cache holds tokens 1 … t
        assert s.weights.shape == (weights.shape[0], t)
        np.testing.assert_allclose(s.weights, weights[:, t - 1, :t], rtol=0, atol=TOL)
        assert np.all(weights[:, t - 1, t:] == 0)  # the rest of row t is masked away
        np.testing.assert_allclose(s.head_outputs, heads[:, t - 1], rtol=0, atol=TOL)
        np.testing.assert_allclose(s.output, output[t - 1], rtol=0, atol=TOL)
    assert gen.max_diff <= TOL
    assert gen.step_diff.shape == (n,)


@FAST
@given(
    st.sampled_from([(1, 1), (2, 1), (2, 2), (4, 1), (4, 2), (4, 4), (8, 2), (8, 8), (16, 4)]),
    st.sampled_from([1, 2, 4, 8]),
    st.integers(1, 12),
    st.integers(0, 2**32 - 1),
    st.sampled_from([True, False, 0.3]),
    st.floats(0.2, 5.0),
)
def test_the_cached_decode_is_the_full_causal_attention_at_every_step(
    hg, d_k, n, seed, scale, temperature
):
    h, g = hg
    d_model = h * d_k
    params = pool_kv_heads(init_params(d_model, h, seed=seed % 997), h, g)
    x = np.random.default_rng(seed).standard_normal((n, d_model))
    gen = generate(x, params, n_heads=h, n_kv_heads=g, scale=scale, temperature=temperature)
    assert_steps_match(gen, *causal_by_hand(x, params, h, g, scale, temperature))


SENTENCES = [
    "I ate the cake and it was delicious.",
    "the dog sat on the sofa and it slept",
    "我吃了蛋糕，它很好吃。",
    "🙂 ok",
    "one",
]


@pytest.mark.parametrize("sentence", SENTENCES)
@pytest.mark.parametrize(("d_model", "h", "g"), [(4, 1, 1), (16, 4, 2), (32, 8, 1), (64, 16, 4)])
def test_on_the_apps_sentences_every_step_is_the_causal_row(sentence, d_model, h, g):
    p = build_pipeline(tokenize(sentence), d_model=d_model, n_heads=h, seed=7)
    params = pool_kv_heads(p.params, h, g)
    gen = generate(p.x, params, n_heads=h, n_kv_heads=g)
    assert gen.n == p.n
    assert_steps_match(gen, *causal_by_hand(p.x, params, h, g))


@pytest.mark.parametrize("sentence", SENTENCES[:2])
def test_with_g_equal_to_h_the_steps_are_the_multi_head_pages_causal_rows(sentence):
    p = build_pipeline(tokenize(sentence), d_model=16, n_heads=4, seed=1, causal=True)
    gen = generate(p.x, pool_kv_heads(p.params, 4, 4), n_heads=4, n_kv_heads=4)
    mha = multi_head_attention(p.x, p.params, n_heads=4, mask=causal_mask(p.n))
    assert_steps_match(gen, mha.weights, mha.head_outputs, mha.output)
    np.testing.assert_array_equal(gen.full.output, p.mha.output)


def test_the_article_example_decodes_to_its_causal_rows():
    p = build_pipeline(
        tokenize("I ate the cake and it was delicious."), d_model=4, n_heads=1, seed=0, causal=True
    )
    assert p.is_article
    gen = generate(p.x, pool_kv_heads(p.params, 1, 1), n_heads=1, n_kv_heads=1)
    assert_steps_match(gen, p.mha.weights, p.mha.head_outputs, p.mha.output)
    # step 1 has one key only: all of the weight goes to the first token
    np.testing.assert_array_equal(gen.step(1).weights, [[1.0]])


@pytest.mark.parametrize(("h", "g"), [(1, 1), (4, 2), (8, 1)])
def test_decode_step_one_row_at_a_time_makes_the_same_steps(h, g):
    d_k, n = 3, 6
    params = pool_kv_heads(init_params(h * d_k, h, seed=4), h, g)
    x = np.random.default_rng(9).standard_normal((n, h * d_k))
    gen = generate(x, params, n_heads=h, n_kv_heads=g)
    cache = KVCache(g, d_k, d_k, capacity=n)
    for t in range(1, n + 1):
        s = decode_step(x[t - 1], params, cache, n_heads=h)
        ref = gen.step(t)
        assert s.t == t == cache.length
        np.testing.assert_array_equal(s.query, (x[t - 1] @ params.w_q).reshape(h, d_k))
        np.testing.assert_allclose(s.query, ref.query, rtol=0, atol=TOL)
        np.testing.assert_allclose(s.key, ref.key, rtol=0, atol=TOL)
        np.testing.assert_allclose(s.keys, ref.keys, rtol=0, atol=TOL)
        np.testing.assert_allclose(s.values, ref.values, rtol=0, atol=TOL)
        np.testing.assert_allclose(s.scores, ref.scores, rtol=0, atol=TOL)
        np.testing.assert_allclose(s.weights, ref.weights, rtol=0, atol=TOL)
        np.testing.assert_allclose(s.output, ref.output, rtol=0, atol=TOL)


def test_a_step_adds_exactly_the_new_tokens_key_and_value_rows():
    h, g, d_k, n = 4, 2, 2, 5
    params = pool_kv_heads(init_params(h * d_k, h, seed=8), h, g)
    x = np.random.default_rng(2).standard_normal((n, h * d_k))
    gen = generate(x, params, n_heads=h, n_kv_heads=g)
    for t in range(1, n + 1):
        s = gen.step(t)
        # key/value head j's row for token t is x_t times W_K's columns j·d_k … (j+1)·d_k − 1
        np.testing.assert_allclose(s.key, (x[t - 1] @ params.w_k).reshape(g, d_k), atol=TOL)
        np.testing.assert_allclose(s.keys[:, t - 1], s.key, rtol=0, atol=0)
        np.testing.assert_allclose(s.values[:, t - 1], s.value, rtol=0, atol=0)
        if t > 1:  # the earlier rows are the ones the previous step held
            np.testing.assert_array_equal(s.keys[:, : t - 1], gen.step(t - 1).keys)
        np.testing.assert_allclose(s.weights.sum(axis=1), 1.0, rtol=0, atol=1e-15)
        assert s.query.shape == (h, d_k) and s.scores.shape == (h, t)
    assert gen.kv_head.tolist() == [0, 0, 1, 1]


def test_no_tokens_and_bad_steps_are_refused():
    params = pool_kv_heads(init_params(4, 2, seed=0), 2, 1)
    with pytest.raises(ValueError, match="no token"):
        generate(np.zeros((0, 4)), params, n_heads=2, n_kv_heads=1)
    gen = generate(np.ones((2, 4)), params, n_heads=2, n_kv_heads=1)
    for bad in (0, 3):
        with pytest.raises(ValueError, match="step"):
            gen.step(bad)
    with pytest.raises(ValueError):
        generate(
            np.ones((2, 4)), pool_kv_heads(init_params(4, 2, seed=0), 2, 2), n_heads=2, n_kv_heads=3
        )


def test_nothing_is_nan_or_infinite_at_extreme_inputs():
    params = pool_kv_heads(init_params(8, 4, seed=0), 4, 2)
    x = np.full((5, 8), 1e6)
    x[2] = -1e6
    gen = generate(x, params, n_heads=4, n_kv_heads=2, temperature=0.05)
    for s in gen.steps:
        for a in (s.scores, s.weights, s.head_outputs, s.output):
            assert np.all(np.isfinite(a))
