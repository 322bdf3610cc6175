"""The error function and the normal CDF in both precisions (core.erf)."""

import math

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from core.erf import erf, normal_cdf

# --- float64: Cody's method, to double precision ---------------------------------------


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
    assert erf(np.array([1, 2])).dtype == np.float64
    assert erf(0.5) == math.erf(0.5)


def test_normal_cdf_in_float64():
    x = np.linspace(-12.0, 12.0, 4801)
    expected = np.array([0.5 * (1.0 + math.erf(v / math.sqrt(2.0))) for v in x])
    assert np.max(np.abs(normal_cdf(x) - expected)) < 2e-16
    assert normal_cdf(x).dtype == np.float64


# --- float32: one rational function, to single precision ------------------------------

F32 = np.linspace(-8.0, 8.0, 400_001).astype(np.float32)  # every value exactly a float32


def test_float32_erf_stays_float32_and_within_5e_7():
    got = erf(F32)
    assert got.dtype == np.float32
    expected = np.array([math.erf(v) for v in F32.astype(np.float64)])
    assert np.max(np.abs(got - expected)) < 5e-7


def test_float32_normal_cdf_within_2_5e_7():
    got = normal_cdf(F32)
    assert got.dtype == np.float32
    expected = np.array([0.5 * (1.0 + math.erf(v / math.sqrt(2.0))) for v in F32.astype(float)])
    assert np.max(np.abs(got - expected)) < 2.5e-7


@given(st.floats(width=32, allow_nan=False, allow_infinity=False))
def test_float32_erf_anywhere(x):
    got = float(erf(np.array([x], dtype=np.float32))[0])
    assert abs(got - math.erf(x)) < 5e-7


def test_float32_edges():
    x = np.array([np.inf, -np.inf, np.nan, -0.0, 0.0, 1e-30], dtype=np.float32)
    got = erf(x)
    assert got[:2].tolist() == [1.0, -1.0]
    assert np.isnan(got[2])
    assert math.copysign(1.0, got[3]) == -1.0 and got[4] == 0.0
    assert got[5] == np.float32(2 / math.sqrt(math.pi) * 1e-30)  # erf(x) ≈ 2x/√π near 0
    ends = normal_cdf(np.array([np.inf, -np.inf], dtype=np.float32))
    np.testing.assert_allclose(ends, [1.0, 0.0], rtol=0, atol=2.5e-7)
    assert erf(np.zeros((2, 0, 3), dtype=np.float32)).shape == (2, 0, 3)
