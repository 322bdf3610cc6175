"""Grouped-query attention: which key/value head each query head reads, the mean-pooled
weights, GQA = multi-head attention when g = h, and PyTorch's enable_gqa on recorded cases."""

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.attention import causal_mask, scaled_dot_product_attention
from core.gqa import attention_kind, gqa_attention, kv_head_choices, kv_head_of, repeat_kv
from core.multihead import MHAParams, init_params, multi_head_attention, pool_kv_heads

FAST = settings(max_examples=40, deadline=None)
REFERENCE = json.loads(
    (Path(__file__).parent / "fixtures" / "gqa_reference.json").read_text(encoding="utf-8")
)


def test_query_heads_are_grouped_in_order():
    # h = 8 query heads over g = 2 key/value heads: heads 0-3 read 0, heads 4-7 read 1.
    assert kv_head_of(8, 2).tolist() == [0, 0, 0, 0, 1, 1, 1, 1]
    assert kv_head_of(8, 4).tolist() == [0, 0, 1, 1, 2, 2, 3, 3]
    assert kv_head_of(6, 6).tolist() == [0, 1, 2, 3, 4, 5]  # MHA: each its own
    assert kv_head_of(6, 1).tolist() == [0] * 6  # MQA: all share one


@pytest.mark.parametrize(("h", "g"), [(8, 3), (4, 0), (4, 8), (3, -1)])
def test_a_count_of_key_value_heads_that_does_not_divide_h_is_refused(h, g):
    with pytest.raises(ValueError, match="key/value heads"):
        kv_head_of(h, g)


@pytest.mark.parametrize(
    ("h", "g", "kind"), [(8, 8, "MHA"), (8, 2, "GQA"), (8, 1, "MQA"), (1, 1, "MHA"), (71, 1, "MQA")]
)
def test_the_three_names_of_shared_key_value_heads(h, g, kind):
    assert attention_kind(h, g) == kind
    with pytest.raises(ValueError):
        attention_kind(8, 3)


def test_the_choices_of_g_are_the_divisors_of_h():
    assert kv_head_choices(1) == [1]
    assert kv_head_choices(8) == [1, 2, 4, 8]
    assert kv_head_choices(12) == [1, 2, 3, 4, 6, 12]
    assert kv_head_choices(71) == [1, 71]  # Falcon 7B's 71 heads: MQA or MHA
    with pytest.raises(ValueError):
        kv_head_choices(0)


def test_repeat_kv_gives_each_query_head_its_groups_rows():
    x = np.arange(2 * 3 * 2).reshape(2, 3, 2)  # [g = 2, n = 3, d = 2]
    r = repeat_kv(x, 4)  # [4, 3, 2]
    assert r.shape == (4, 3, 2)
    for i, j in enumerate([0, 0, 1, 1]):
        np.testing.assert_array_equal(r[i], x[j])


def test_mean_pooling_averages_the_columns_of_each_groups_heads():
    # d_model = 1, h = 4 heads of d_k = 1: W_K's columns are the heads' own weights.
    mha = MHAParams(
        w_q=np.array([[1.0, 2.0, 3.0, 4.0]]),
        w_k=np.array([[1.0, 3.0, 10.0, 20.0]]),
        w_v=np.array([[2.0, 4.0, -1.0, 1.0]]),
        w_o=np.eye(4),
    )
    two = pool_kv_heads(mha, 4, 2)
    np.testing.assert_array_equal(two.w_k, [[2.0, 15.0]])  # (1 + 3)/2, (10 + 20)/2
    np.testing.assert_array_equal(two.w_v, [[3.0, 0.0]])  # (2 + 4)/2, (−1 + 1)/2
    np.testing.assert_array_equal(two.w_q, mha.w_q)  # queries and W_O untouched
    np.testing.assert_array_equal(two.w_o, mha.w_o)
    one = pool_kv_heads(mha, 4, 1)
    np.testing.assert_array_equal(one.w_k, [[8.5]])  # (1 + 3 + 10 + 20)/4
    np.testing.assert_array_equal(one.w_v, [[1.5]])


def test_mean_pooling_keeps_each_heads_columns_together():
    # d_k = 2: head j of the pooled W_K is the mean of the column pairs of its group.
    d_model, h, g = 3, 4, 2
    p = init_params(8, 4, seed=5)
    w_k = p.w_k[:d_model]  # [3, 8]: four heads of two columns
    pooled = pool_kv_heads(MHAParams(p.w_q[:d_model], w_k, w_k, p.w_o), h, g).w_k
    np.testing.assert_allclose(pooled[:, 0:2], (w_k[:, 0:2] + w_k[:, 2:4]) / 2, rtol=1e-15)
    np.testing.assert_allclose(pooled[:, 2:4], (w_k[:, 4:6] + w_k[:, 6:8]) / 2, rtol=1e-15)


@pytest.mark.parametrize(("d_model", "h"), [(4, 1), (8, 2), (16, 4), (32, 8), (64, 16)])
@pytest.mark.parametrize("causal", [False, True])
def test_gqa_with_g_equal_to_h_is_multi_head_attention_exactly(d_model, h, causal):
    n = 7
    params = init_params(d_model, h, seed=11)
    x = np.random.default_rng(3).standard_normal((n, d_model))
    mask = causal_mask(n) if causal else None
    mha = multi_head_attention(x, params, n_heads=h, mask=mask, temperature=0.7)
    gqa = multi_head_attention(
        x, pool_kv_heads(params, h, h), n_heads=h, n_kv_heads=h, mask=mask, temperature=0.7
    )
    for name in ("q", "k", "v", "concat", "output"):
        np.testing.assert_array_equal(getattr(gqa, name), getattr(mha, name))
    np.testing.assert_array_equal(gqa.weights, mha.weights)
    np.testing.assert_array_equal(gqa.head_outputs, mha.head_outputs)
    assert gqa.n_heads == gqa.n_kv_heads == h


@FAST
@given(
    st.sampled_from([(4, 1), (4, 2), (8, 2), (8, 4), (6, 3), (16, 1)]),
    st.integers(1, 4),
    st.integers(1, 8),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
def test_each_query_head_attends_over_its_groups_keys_and_values(hg, d_k, n, causal, seed):
    h, g = hg
    d_model = h * d_k
    params = pool_kv_heads(init_params(d_model, h, seed=seed % 1000), h, g)
    x = np.random.default_rng(seed).standard_normal((n, d_model))
    mask = causal_mask(n) if causal else None
    r = multi_head_attention(x, params, n_heads=h, n_kv_heads=g, mask=mask)
    assert r.k.shape == r.v.shape == (n, g * d_k)
    assert r.weights.shape == (h, n, n)
    for i in range(h):
        j = i // (h // g)  # written out again here, not read from the code under test
        cols_q, cols_kv = slice(i * d_k, (i + 1) * d_k), slice(j * d_k, (j + 1) * d_k)
        alone = scaled_dot_product_attention(
            x @ params.w_q[:, cols_q],
            x @ params.w_k[:, cols_kv],
            x @ params.w_v[:, cols_kv],
            mask=mask,
        )
        np.testing.assert_allclose(r.weights[i], alone.weights, rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(r.head_outputs[i], alone.output, rtol=1e-12, atol=1e-14)
        assert i in r.readers(j)
    np.testing.assert_allclose(r.output, r.concat @ params.w_o, rtol=1e-12, atol=1e-14)


def test_in_mqa_every_head_reads_the_same_keys():
    h, d_k, n = 4, 2, 5
    params = pool_kv_heads(init_params(h * d_k, h, seed=2), h, 1)
    x = np.random.default_rng(0).standard_normal((n, h * d_k))
    r = multi_head_attention(x, params, n_heads=h, n_kv_heads=1)
    for i in range(1, h):
        np.testing.assert_array_equal(r.trace.k[i], r.trace.k[0])
        np.testing.assert_array_equal(r.trace.v[i], r.trace.v[0])
    assert r.readers(0).tolist() == [0, 1, 2, 3]


@pytest.mark.parametrize("case", REFERENCE["cases"], ids=lambda c: c["name"])
def test_gqa_equals_pytorchs_enable_gqa(case):
    q, k, v, expected = (np.array(case[name]) for name in ("q", "k", "v", "output"))
    assert q.shape[-3] == case["h"] and k.shape[-3] == case["g"]
    n_q, n_k = q.shape[-2], k.shape[-2]
    mask = causal_mask(n_q) if case["causal"] else None
    assert not case["causal"] or n_q == n_k
    scale = True if case["scale"] is None else case["scale"]
    trace = gqa_attention(q, k, v, mask=mask, scale=scale)
    assert trace.output.shape == expected.shape
    np.testing.assert_allclose(trace.output, expected, rtol=1e-12, atol=1e-12)


def test_the_recorded_cases_cover_mqa_gqa_and_mha_with_and_without_the_mask():
    kinds = {(c["g"] == 1, c["g"] == c["h"], c["causal"]) for c in REFERENCE["cases"]}
    for causal in (False, True):
        assert (True, False, causal) in kinds  # MQA
        assert (False, False, causal) in kinds  # GQA, 1 < g < h
        assert (False, True, causal) in kinds  # MHA


def test_gqa_weights_have_g_key_value_heads_and_h_query_heads():
    p = pool_kv_heads(init_params(8, 4, seed=0), 4, 2)
    assert isinstance(p, MHAParams)
    assert (p.w_q.shape, p.w_k.shape, p.w_v.shape, p.w_o.shape) == (
        (8, 8),
        (8, 4),
        (8, 4),
        (8, 8),
    )
