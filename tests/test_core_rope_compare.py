"""RoPE beside the sinusoid: a shift of both tokens leaves RoPE's score and moves the
sinusoidal one; the score against the distance, one curve per starting place. Expected
values come from formulas written out here (the sinusoid with math.sin and math.cos, RoPE
pair by pair), not from the code under test."""

from __future__ import annotations

import math

import numpy as np
import pytest

from core.rope.compare import (
    rope_scores,
    rope_view,
    score_by_distance,
    shift_proof,
    sinusoidal_scores,
)

# One token pair and one head, small enough to read: d_model = 4, d_k = 4.
E_Q = np.array([0.5, -1.0, 0.25, 2.0])
E_K = np.array([1.0, 0.5, -0.5, 1.0])
W_Q = np.array(
    [[1.0, 0.0, 0.5, 0.0], [0.0, 1.0, 0.0, -1.0], [0.5, 0.0, 1.0, 0.0], [0.0, 0.5, 0.0, 1.0]]
)
W_K = np.array(
    [[0.0, 1.0, 0.0, 0.5], [1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.5, 0.0, -1.0, 1.0]]
)


def sinusoid(pos: int, d: int) -> np.ndarray:
    """The 2017 paper's PE(pos), element by element: sin at 2i, cos at 2i+1."""
    out = []
    for j in range(d):
        angle = pos / 10000 ** ((j - j % 2) / d)
        out.append(math.sin(angle) if j % 2 == 0 else math.cos(angle))
    return np.array(out)


def sinusoidal_by_hand(pos_q: int, pos_k: int) -> float:
    return float(((E_Q + sinusoid(pos_q, 4)) @ W_Q) @ ((E_K + sinusoid(pos_k, 4)) @ W_K))


def rope_by_distance(distance: float) -> float:
    """Σ over pairs (2i, 2i+1): (a·c + b·d)·cos(Δθ_i) + (a·d − b·c)·sin(Δθ_i)."""
    q, k = E_Q @ W_Q, E_K @ W_K
    total = 0.0
    for i, theta in enumerate([1.0, 0.01]):  # 10000^(−2i/4)
        a, b, c, d = q[2 * i], q[2 * i + 1], k[2 * i], k[2 * i + 1]
        phi = distance * theta
        total += (a * c + b * d) * math.cos(phi) + (a * d - b * c) * math.sin(phi)
    return total


def test_shift_leaves_rope_and_moves_the_sinusoid():
    proof = shift_proof(E_Q, E_K, W_Q, W_K, 3, 1, 5)
    assert (proof.pos_q, proof.pos_k, proof.shift) == (3, 1, 5)
    assert proof.rope_before == pytest.approx(rope_by_distance(2), abs=1e-13)
    assert proof.rope_after == pytest.approx(rope_by_distance(2), abs=1e-13)
    assert abs(proof.rope_difference) < 1e-13
    assert proof.rope_difference == proof.rope_after - proof.rope_before
    assert proof.sinusoidal_before == pytest.approx(sinusoidal_by_hand(3, 1), abs=1e-13)
    assert proof.sinusoidal_after == pytest.approx(sinusoidal_by_hand(8, 6), abs=1e-13)
    assert proof.sinusoidal_difference == pytest.approx(
        sinusoidal_by_hand(8, 6) - sinusoidal_by_hand(3, 1), abs=1e-13
    )
    assert abs(proof.sinusoidal_difference) > 0.1  # the positions are visible in the score


@pytest.mark.parametrize("seed", range(5))
def test_shift_proof_holds_for_random_tokens_and_weights(seed):
    rng = np.random.default_rng(seed)
    e_q, e_k = rng.standard_normal((2, 16))
    w_q, w_k = rng.normal(0, 0.25, (2, 16, 8))  # one head of d_k = 8 in d_model = 16
    pos_q, pos_k, shift = (int(v) for v in rng.integers(0, 60, 3))
    proof = shift_proof(e_q, e_k, w_q, w_k, pos_q, pos_k, shift, convention="halves")
    assert abs(proof.rope_difference) < 1e-12
    assert abs(proof.sinusoidal_difference) > 1e-6 or shift == 0


def test_scores_by_distance_one_curve_per_start():
    distances = np.arange(-3, 12)
    curves = score_by_distance(E_Q, E_K, W_Q, W_K, distances, starts=(3, 10, 40))
    assert curves.rope.shape == curves.sinusoidal.shape == (3, 15)
    np.testing.assert_array_equal(curves.distances, distances)
    np.testing.assert_array_equal(curves.starts, [3, 10, 40])
    for s, start in enumerate([3, 10, 40]):
        for j, dist in enumerate(distances):
            assert curves.rope[s, j] == pytest.approx(rope_by_distance(dist), abs=1e-12)
            want = sinusoidal_by_hand(start + dist, start)
            assert curves.sinusoidal[s, j] == pytest.approx(want, abs=1e-12)
    assert curves.rope_spread < 1e-12
    assert curves.sinusoidal_spread > 0.1
    single = score_by_distance(E_Q, E_K, W_Q, W_K, distances, starts=3)
    assert single.rope_spread == single.sinusoidal_spread == 0.0


def test_pairwise_scores_broadcast():
    rope = rope_scores(E_Q, E_K, W_Q, W_K, [0, 4, 9], 2)
    np.testing.assert_allclose(rope, [rope_by_distance(d) for d in (-2, 2, 7)], atol=1e-12)
    sin = sinusoidal_scores(E_Q, E_K, W_Q, W_K, [0, 4, 9], 2)
    np.testing.assert_allclose(sin, [sinusoidal_by_hand(p, 2) for p in (0, 4, 9)], atol=1e-12)


@pytest.mark.parametrize(
    "call",
    [
        lambda: shift_proof(E_Q, E_K, W_Q, W_K, 2, 1, -3),  # would move a token before 0
        lambda: score_by_distance(E_Q, E_K, W_Q, W_K, [-5, 0], starts=(2,)),
        lambda: sinusoidal_scores(E_Q, E_K, W_Q, W_K, [1.5], [0]),
    ],
)
def test_positions_the_sinusoid_has_no_row_for_are_refused(call):
    with pytest.raises(ValueError, match="whole numbers ≥ 0"):
        call()


def test_one_view_holds_what_the_page_draws():
    view = rope_view(E_Q, E_K, W_Q, W_K, 6, 2, shift=5, distances=range(4), starts=(0, 7))
    np.testing.assert_allclose(view.q, E_Q @ W_Q, atol=0)
    np.testing.assert_allclose(view.k, E_K @ W_K, atol=0)
    assert (view.pair.q.position, view.pair.k.position) == (6.0, 2.0)
    assert view.pair.score == pytest.approx(rope_by_distance(4), abs=1e-12)
    assert view.shift.sinusoidal_after == pytest.approx(sinusoidal_by_hand(11, 7), abs=1e-12)
    assert view.curves.rope.shape == (2, 4)
    assert view.curves.sinusoidal[1, 3] == pytest.approx(sinusoidal_by_hand(10, 7), abs=1e-12)
