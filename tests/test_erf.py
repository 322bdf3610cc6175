"""The error function and the normal CDF (core.erf)."""

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from core.erf import erf, normal_cdf


def test_erf_matches_math_erf_on_a_dense_grid():
    x = np.concatenate(
        [
            np.linspace(-8.0, 8.0, 160_001),
            np.linspace(-1e-6, 1e-6, 101),
            [0.46875, -0.46875, 4.0, -4.0, 5.9, 26.5, 27.5, 1e3, 1e-300, 5e-324],
        ]
    )
    expected = np.array([math.erf(v) for v in x])
    assert np.max(np.abs(erf(x) - expected)) < 1e-15


@given(st.floats(min_value=-40.0, max_value=40.0))
def test_erf_matches_math_erf_anywhere(x):
    assert abs(float(erf(np.array([x]))[0]) - math.erf(x)) < 1e-15


def test_erf_edges():
    assert erf(np.array([np.inf, -np.inf])).tolist() == [1.0, -1.0]
    assert np.isnan(erf(np.array([np.nan]))[0])
    assert math.copysign(1.0, erf(np.array([-0.0]))[0]) == -1.0
    assert erf(np.zeros((2, 0, 3))).shape == (2, 0, 3)
    assert erf(np.float32(0.5)).dtype == np.float64
    assert erf(0.5) == math.erf(0.5)


def test_normal_cdf_in_float64():
    x = np.linspace(-12.0, 12.0, 4801)
    expected = np.array([0.5 * (1.0 + math.erf(v / math.sqrt(2.0))) for v in x])
    assert np.max(np.abs(normal_cdf(x) - expected)) < 2e-16
    assert normal_cdf(x).dtype == np.float64
