"""Multi-head attention: projections, the per-head column split, concatenation and W_O."""

import math

import numpy as np
import pytest

from core.attention import causal_mask, scaled_dot_product_attention
from core.multihead import (
    MHAParams,
    head_divergence,
    init_params,
    merge_heads,
    multi_head_attention,
    split_heads,
)


def _x(n, d_model, seed=0):
    return np.random.default_rng(seed).standard_normal((n, d_model))


@pytest.mark.parametrize("scale", [True, False])
def test_one_head_with_identity_w_o_is_single_head_attention(scale):
    d_model, n = 6, 5
    p = init_params(d_model, 1, seed=3)
    p = MHAParams(w_q=p.w_q, w_k=p.w_k, w_v=p.w_v, w_o=np.eye(d_model))
    x = _x(n, d_model)
    r = multi_head_attention(x, p, n_heads=1, scale=scale, temperature=1.5)
    single = scaled_dot_product_attention(
        x @ p.w_q, x @ p.w_k, x @ p.w_v, scale=scale, temperature=1.5
    )
    np.testing.assert_allclose(r.output, single.output, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(r.weights[0], single.weights, rtol=1e-12, atol=1e-15)
    assert r.n_heads == 1


@pytest.mark.parametrize(("d_model", "h"), [(8, 2), (12, 3), (32, 8)])
def test_head_i_uses_columns_i_dk_to_next_and_concat_has_width_h_dv(d_model, h):
    n, d_k = 4, d_model // h
    p = init_params(d_model, h, seed=1)
    x = _x(n, d_model, seed=2)
    r = multi_head_attention(x, p, n_heads=h)
    assert r.n_heads == h
    assert r.weights.shape == (h, n, n)
    assert r.head_outputs.shape == (h, n, d_k)
    assert r.concat.shape == (n, h * d_k)
    assert r.output.shape == (n, d_model)
    for i in range(h):
        tr = r.head(i)
        cols = slice(i * d_k, (i + 1) * d_k)
        np.testing.assert_allclose(tr.q, x @ p.w_q[:, cols], rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(tr.k, x @ p.w_k[:, cols], rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(tr.v, x @ p.w_v[:, cols], rtol=1e-12, atol=1e-14)
        assert tr.factor == 1 / math.sqrt(d_k)  # scaled by the head's width, not d_model
        alone = scaled_dot_product_attention(x @ p.w_q[:, cols], x @ p.w_k[:, cols], tr.v)
        np.testing.assert_allclose(tr.weights, alone.weights, rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(tr.output, alone.output, rtol=1e-12, atol=1e-14)
        # the concatenation puts head i's output in the same columns
        np.testing.assert_array_equal(r.concat[:, cols], tr.output)
    np.testing.assert_allclose(r.output, r.concat @ p.w_o, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(r.q, x @ p.w_q, rtol=1e-12, atol=1e-14)


def test_mask_applies_in_every_head():
    n, h = 5, 4
    r = multi_head_attention(_x(n, 8), init_params(8, h, 0), n_heads=h, mask=causal_mask(n))
    future = ~causal_mask(n)
    for i in range(h):
        assert np.all(r.weights[i][future] == 0.0)
    np.testing.assert_allclose(r.weights.sum(axis=-1), 1.0, atol=1e-12)


def test_split_and_merge_heads():
    x = np.arange(2 * 6).reshape(2, 6)  # [n=2, h·d = 3·2]
    s = split_heads(x, 3)
    assert s.shape == (3, 2, 2)
    np.testing.assert_array_equal(s[1], [[2, 3], [8, 9]])  # head 1 = columns 2 and 3
    np.testing.assert_array_equal(merge_heads(s), x)


@pytest.mark.parametrize(("d_model", "h"), [(4, 1), (8, 2), (64, 8)])
def test_init_params_shapes(d_model, h):
    p = init_params(d_model, h, seed=0)
    for w in (p.w_q, p.w_k, p.w_v, p.w_o):
        assert w.shape == (d_model, d_model)  # h·d_k = h·d_v = d_model


def test_init_params_variance_is_one_over_d_model():
    d_model = 64
    p = init_params(d_model, 4, seed=5)
    sigma2 = 1 / d_model
    n = d_model * d_model
    for w in (p.w_q, p.w_k, p.w_v, p.w_o):
        # For normal samples the sample variance has standard error σ²·sqrt(2/(N−1)).
        assert abs(w.var(ddof=1) - sigma2) < 5 * sigma2 * math.sqrt(2 / (n - 1))
        assert abs(w.mean()) < 5 * math.sqrt(sigma2 / n)


@pytest.mark.parametrize(("d_model", "h"), [(6, 4), (5, 2), (8, 3), (4, 0), (4, -1)])
def test_init_params_rejects_impossible_head_counts(d_model, h):
    with pytest.raises(ValueError):
        init_params(d_model, h, seed=0)


def test_init_params_is_deterministic_per_seed():
    a, b, c = init_params(8, 2, seed=11), init_params(8, 2, seed=11), init_params(8, 2, seed=12)
    for name in ("w_q", "w_k", "w_v", "w_o"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
        assert not np.array_equal(getattr(a, name), getattr(c, name))
    # the four matrices are drawn separately, not copies of one another
    assert not np.array_equal(a.w_q, a.w_k)


def test_head_params_are_the_columns_of_that_head():
    p = init_params(8, 2, seed=4)
    head = p.head(1, n_heads=2)
    np.testing.assert_array_equal(head.w_q, p.w_q[:, 4:8])
    np.testing.assert_array_equal(head.w_k, p.w_k[:, 4:8])
    np.testing.assert_array_equal(head.w_v, p.w_v[:, 4:8])
    x = np.random.default_rng(0).standard_normal((3, 8))
    r = multi_head_attention(x, p, n_heads=2)
    np.testing.assert_allclose(r.head(1).q, x @ head.w_q, atol=1e-12)


def js_bits(p, q) -> float:
    """Jensen–Shannon divergence of two distributions, in bits, written out plainly."""
    total = 0.0
    for a, b in zip(p, q, strict=True):
        m = (a + b) / 2
        if a > 0:
            total += 0.5 * a * math.log2(a / m)
        if b > 0:
            total += 0.5 * b * math.log2(b / m)
    return total


def test_head_divergence_is_the_mean_js_over_query_rows():
    x = np.random.default_rng(2).standard_normal((6, 16))
    w = multi_head_attention(x, init_params(16, 4, seed=1), n_heads=4, mask=causal_mask(6)).weights
    d = head_divergence(w)
    assert d.matrix.shape == (4, 4)
    assert (np.diag(d.matrix) == 0).all()
    np.testing.assert_array_equal(d.matrix, d.matrix.T)
    for a, b in [(0, 1), (0, 3), (1, 2)]:
        expected = np.mean([js_bits(w[a][i], w[b][i]) for i in range(6)])
        assert d.matrix[a, b] == pytest.approx(expected, abs=1e-12)
    pairs = {(a, b): d.matrix[a, b] for a in range(4) for b in range(a + 1, 4)}
    assert d.mean == pytest.approx(np.mean(list(pairs.values())))
    assert d.most[2] == max(pairs.values()) and d.least[2] == min(pairs.values())
    assert pairs[d.most[:2]] == d.most[2] and pairs[d.least[:2]] == d.least[2]
    same = head_divergence(np.stack([w[0], w[0]]))
    assert same.mean == 0.0
    apart = head_divergence(np.stack([np.eye(3), np.eye(3)[[1, 2, 0]]]))
    assert apart.mean == pytest.approx(1.0)  # no key in common: one full bit
