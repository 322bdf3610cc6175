"""Sharpness measures of attention rows: entropy, effective tokens, max weight, gradient."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.attention import softmax
from core.sharpness import (
    max_entropy,
    row_entropy,
    sharpness,
    sharpness_sweep,
    softmax_jacobian_norm,
)

FAST = settings(max_examples=50, deadline=None)


@pytest.mark.parametrize("n", [1, 2, 3, 9, 64])
def test_uniform_row(n):
    s = sharpness(np.full(n, 1 / n))
    assert s.entropy_nats == pytest.approx(math.log(n), abs=1e-12)
    assert s.entropy_bits == pytest.approx(math.log2(n), abs=1e-12)
    assert s.effective_tokens == pytest.approx(n, rel=1e-12)
    assert s.max_weight == pytest.approx(1 / n, rel=1e-12)
    # diag(p) − ppᵀ = (I − 11ᵀ/n)/n: n diagonal entries (n−1)/n², n²−n off-diagonal −1/n²
    expected = math.sqrt(n * ((n - 1) / n**2) ** 2 + (n * n - n) / n**4)
    assert s.grad_norm == pytest.approx(expected, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize(("n", "hot"), [(1, 0), (4, 0), (9, 5)])
def test_one_hot_row(n, hot):
    p = np.zeros(n)
    p[hot] = 1.0
    s = sharpness(p)
    assert s.entropy_nats == 0.0
    assert s.entropy_bits == 0.0
    assert s.effective_tokens == 1.0
    assert s.max_weight == 1.0
    assert s.grad_norm == 0.0  # no gradient flows back through a saturated softmax


def test_known_two_token_row():
    s = sharpness(np.array([0.25, 0.75]))
    h = -(0.25 * math.log(0.25) + 0.75 * math.log(0.75))
    assert s.entropy_nats == pytest.approx(h, rel=1e-12)
    assert s.effective_tokens == pytest.approx(math.exp(h), rel=1e-12)
    # J = p(1−p)·[[1, −1], [−1, 1]], so ||J|| = 2·p(1−p)
    assert s.grad_norm == pytest.approx(2 * 0.25 * 0.75, rel=1e-12)


def explicit_jacobian_norm(p):
    j = np.diag(p) - np.outer(p, p)
    return np.sqrt(np.sum(j * j))


@FAST
@given(arrays(np.float64, st.integers(1, 12), elements=st.floats(-4, 4)))
def test_grad_norm_is_the_frobenius_norm_of_the_softmax_jacobian(z):
    p = softmax(z)
    assert softmax_jacobian_norm(p) == pytest.approx(explicit_jacobian_norm(p), rel=1e-9)


@pytest.mark.parametrize("gap", [20.0, 30.0, 40.0])
def test_grad_norm_of_a_saturated_row_is_tiny_but_not_zero(gap):
    # softmax([0, gap]) = [a, 1 − a] with a = 1/(1 + e^gap); its Jacobian norm is 2·a·(1 − a).
    a = 1 / (1 + math.exp(gap))
    p = softmax(np.array([0.0, gap]))
    assert p[0] == pytest.approx(a, rel=1e-12)
    assert softmax_jacobian_norm(p) == pytest.approx(2 * a * (1 - a), rel=1e-6, abs=0)


def test_fields_are_per_row_and_consistent():
    rng = np.random.default_rng(0)
    w = softmax(rng.standard_normal((2, 3, 5)) * 3)  # [h, n_q, n_k]
    s = sharpness(w)
    for name in ("entropy_nats", "entropy_bits", "effective_tokens", "max_weight", "grad_norm"):
        assert s[name].shape == (2, 3)
    np.testing.assert_allclose(s.entropy_bits, s.entropy_nats / math.log(2), rtol=1e-12)
    np.testing.assert_allclose(s.effective_tokens, np.exp(s.entropy_nats), rtol=1e-12)
    np.testing.assert_array_equal(s.max_weight, w.max(axis=-1))
    for idx in np.ndindex(2, 3):
        assert s.grad_norm[idx] == pytest.approx(explicit_jacobian_norm(w[idx]), abs=1e-12)
        assert 1.0 <= s.effective_tokens[idx] <= 5.0 + 1e-9
    np.testing.assert_allclose(row_entropy(w), s.entropy_nats)


def test_zero_weights_count_as_zero_log_zero():
    assert row_entropy(np.array([0.5, 0.0, 0.5])) == pytest.approx(math.log(2), rel=1e-12)
    assert np.isfinite(sharpness(np.zeros(3)).entropy_nats)  # an all-masked row stays finite


@pytest.mark.parametrize("z", [[0.0, 1.0, 2.0, 3.0], [0.3, -1.2, 2.0, 0.1, 0.9, -0.4]])
def test_sharper_rows_pass_less_gradient(z):
    # Multiplying the scores by a growing c (a larger d without scaling, or a lower
    # temperature) concentrates the row on its top score and shrinks the gradient.
    cs = [1, 2, 4, 8, 16]
    rows = [softmax(c * np.array(z)) for c in cs]
    grads = np.array([softmax_jacobian_norm(p) for p in rows])
    maxes = np.array([p.max() for p in rows])
    assert np.all(np.diff(maxes) > 0)
    assert np.all(np.diff(grads) < 0)
    assert grads[-1] < 1e-5


def test_grad_norm_peaks_on_two_tokens_not_on_a_flat_row():
    # The Jacobian norm is not monotone in flatness: a row split evenly over two tokens
    # passes more gradient than a uniform row over three (or more) tokens.
    assert softmax_jacobian_norm(np.array([0.5, 0.5, 0.0])) == pytest.approx(0.5, rel=1e-12)
    assert softmax_jacobian_norm(np.full(3, 1 / 3)) == pytest.approx(math.sqrt(2 / 9), rel=1e-12)


def test_mean_averages_every_measure_over_the_rows():
    w = softmax(np.random.default_rng(3).standard_normal((2, 5, 5)))
    sh, mean = sharpness(w), sharpness(w).mean()
    for name in ("entropy_nats", "entropy_bits", "effective_tokens", "max_weight", "grad_norm"):
        np.testing.assert_allclose(mean[name], sh[name].mean(axis=-1), rtol=1e-15)
        assert mean[name].shape == (2,)
    assert max_entropy(9) == pytest.approx(math.log(9))


def test_sweep_is_sharpness_of_each_size_s_own_attention_over_the_seeds():
    rng = np.random.default_rng(5)
    dims = (4, 64)
    scores = np.stack(
        [np.stack([rng.standard_normal((6, 6)) * math.sqrt(d) for d in dims]) for _ in range(3)]
    )  # [3 seeds, 2 sizes, 6, 6]
    mask = np.tril(np.ones((6, 6), dtype=bool))
    for scale in (True, False):
        sweep = sharpness_sweep(scores, dims, scale=scale, temperature=0.7, mask=mask)
        assert sweep.n_seeds == 3 and list(sweep.dims) == list(dims)
        for i, d in enumerate(dims):
            per_seed = []
            for seed_scores in scores:
                z = seed_scores[i] * ((1 / math.sqrt(d)) if scale else 1.0) / 0.7
                per_seed.append(sharpness(softmax(np.where(mask, z, -np.inf))).mean())
            for name in ("entropy_nats", "grad_norm", "max_weight"):
                values = [float(m[name]) for m in per_seed]
                assert sweep.mean[name][i] == pytest.approx(np.mean(values), rel=1e-12)
                assert sweep.low[name][i] == pytest.approx(min(values), rel=1e-12)
                assert sweep.high[name][i] == pytest.approx(max(values), rel=1e-12)
