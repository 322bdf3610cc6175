"""The footnote-4 experiment: Var(q·k) ≈ d_k before scaling and ≈ 1 after.

Tolerances come from the sample count. For q, k with independent N(0, 1) components,
X = q·k has mean 0, variance d and fourth moment 3d² + 6d, so Var(X²) = 2d² + 6d. The
experiment shares one query across the n_keys scores of a row; those scores are
uncorrelated but not independent: Cov(X_j², X_l²) = Var(|q|²) = 2d. The variance
estimate over N = n_rows·n_keys scores therefore has standard error
sqrt(((2d² + 6d) + (n_keys − 1)·2d) / N), and the mean has standard error sqrt(d/N).
Every check allows 5 standard errors.
"""

import math

import numpy as np
import pytest

from core.footnote4 import footnote4_experiment

DIMS = [1, 4, 16, 64, 256]
N_ROWS, N_KEYS = 256, 16
N = N_ROWS * N_KEYS


def var_se(d, n_keys=N_KEYS, n=N):
    """Standard error of the sample variance of q·k (see the module docstring)."""
    return math.sqrt(((2 * d * d + 6 * d) + (n_keys - 1) * 2 * d) / n)


@pytest.fixture(scope="module", params=[0, 1, 2])
def result(request):
    return footnote4_experiment(DIMS, n_rows=N_ROWS, n_keys=N_KEYS, seed=request.param)


def test_shapes_and_counts(result):
    np.testing.assert_array_equal(result.dims, DIMS)
    assert result.n_samples == N
    assert result.n_keys == N_KEYS
    for name in ("mean_raw", "var_raw", "mean_scaled", "var_scaled"):
        assert result[name].shape == (len(DIMS),)


def test_raw_variance_is_about_d(result):
    for d, var in zip(DIMS, result.var_raw, strict=True):
        assert abs(var - d) < 5 * var_se(d), (d, var)


def test_scaled_variance_is_about_one(result):
    for d, var in zip(DIMS, result.var_scaled, strict=True):
        assert abs(var - 1) < 5 * var_se(d) / d, (d, var)  # Var(X/√d) = Var(X)/d


def test_means_are_about_zero(result):
    for d, m_raw, m_scaled in zip(DIMS, result.mean_raw, result.mean_scaled, strict=True):
        assert abs(m_raw) < 5 * math.sqrt(d / N), (d, m_raw)
        assert abs(m_scaled) < 5 * math.sqrt(1 / N), (d, m_scaled)


def test_scaling_divides_by_sqrt_d(result):
    np.testing.assert_allclose(result.var_scaled, result.var_raw / np.array(DIMS), rtol=1e-12)
    np.testing.assert_allclose(
        result.mean_scaled, result.mean_raw / np.sqrt(DIMS), rtol=1e-9, atol=1e-15
    )


def test_d_equal_one_needs_no_scaling(result):
    assert result.var_raw[0] == pytest.approx(result.var_scaled[0], rel=1e-12)
    assert result.max_weight_raw[0] == pytest.approx(result.max_weight_scaled[0], rel=1e-12)


def test_unscaled_softmax_sharpens_with_d(result):
    raw, scaled = result.max_weight_raw, result.max_weight_scaled
    assert np.all(np.diff(raw) > 0)
    assert np.all(raw[2:] > scaled[2:])  # d >= 16
    assert raw[-1] > 0.9  # at d = 256 rows are nearly one-hot
    # a row of n_keys weights has its largest weight between 1/n_keys and 1
    assert np.all((scaled >= 1 / N_KEYS) & (scaled <= 1))
    # scaled scores have variance 1 at every d, so scaled rows stay soft: with 16 keys the
    # typical largest weight is about 0.24, far from the one-hot rows of unscaled scores
    assert np.all(scaled < 0.5)


def test_same_seed_same_numbers_other_seed_other_numbers():
    a = footnote4_experiment([2, 8], n_rows=32, n_keys=4, seed=9)
    b = footnote4_experiment([2, 8], n_rows=32, n_keys=4, seed=9)
    c = footnote4_experiment([2, 8], n_rows=32, n_keys=4, seed=10)
    for name in ("mean_raw", "var_raw", "mean_scaled", "var_scaled", "max_weight_raw"):
        np.testing.assert_array_equal(a[name], b[name])
        assert not np.array_equal(a[name], c[name])
