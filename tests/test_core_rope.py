"""RoPE: the angles, the rotation pair by pair, its two conventions, lengths kept, scores that
see only the distance, and agreement with recorded references (transformers' Llama code for
the halves convention, PyTorch code written from the RoFormer paper for the interleaved one)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from core.rope.rotary import (
    CONVENTIONS,
    DEFAULT_CONVENTION,
    pair_dims,
    rope,
    rope_pairs,
    rope_score,
    rope_theta,
    rope_wavelength,
)
from core.tokens import pe_wavelength

REFERENCE = json.loads(
    (Path(__file__).parent / "fixtures" / "rope_reference.json").read_text(encoding="utf-8")
)
# transformers computes Llama's angles in float32 (position·inv_freq, then cos and sin),
# whatever the dtype of q and k: at position 127 that is ~1e-5 rad, times |x| of a few.
HF_FLOAT32_ATOL = 3e-5


def rotate_2d(a: float, b: float, angle: float) -> tuple[float, float]:
    """(a, b) turned anticlockwise by angle, written out by hand."""
    return (
        a * math.cos(angle) - b * math.sin(angle),
        a * math.sin(angle) + b * math.cos(angle),
    )


def test_theta_and_wavelength_by_hand():
    np.testing.assert_allclose(rope_theta(4), [1.0, 0.01], rtol=1e-15)  # 10000^(−0), ^(−1/2)
    np.testing.assert_allclose(rope_theta(8), [1.0, 0.1, 0.01, 0.001], rtol=1e-15)
    np.testing.assert_allclose(rope_theta(4, base=100.0), [1.0, 0.1], rtol=1e-15)
    np.testing.assert_allclose(rope_wavelength(4), [2 * math.pi, 200 * math.pi], rtol=1e-15)


@pytest.mark.parametrize("d", [2, 4, 8, 64, 512])
def test_wavelengths_are_the_tokens_page_sinusoid_pairs(d):
    """At base 10 000, pair i turns as fast as the sinusoid's columns 2i and 2i+1 of width d."""
    columns = np.arange(0, d, 2)
    np.testing.assert_allclose(rope_wavelength(d), pe_wavelength(columns, d), rtol=1e-13)
    np.testing.assert_allclose(rope_wavelength(d), pe_wavelength(columns + 1, d), rtol=1e-13)


def test_pair_dims_by_hand():
    assert pair_dims(8, "interleaved").tolist() == [[0, 1], [2, 3], [4, 5], [6, 7]]
    assert pair_dims(8, "halves").tolist() == [[0, 4], [1, 5], [2, 6], [3, 7]]
    assert DEFAULT_CONVENTION == "interleaved"


@pytest.mark.parametrize("convention", CONVENTIONS)
def test_rotation_worked_by_hand(convention):
    """x = [1, 2, 3, 4] at position 3: pair 0 turns by 3 rad, pair 1 by 3·0.01 rad."""
    x = np.array([1.0, 2.0, 3.0, 4.0])
    (a0, b0), (a1, b1) = ((0, 1), (2, 3)) if convention == "interleaved" else ((0, 2), (1, 3))
    want = np.empty(4)
    want[[a0, b0]] = rotate_2d(x[a0], x[b0], 3.0)
    want[[a1, b1]] = rotate_2d(x[a1], x[b1], 0.03)
    np.testing.assert_allclose(rope(x[None], [3], convention=convention)[0], want, atol=1e-15)
    np.testing.assert_array_equal(rope(x[None], [0], convention=convention)[0], x)


def test_pairs_give_what_a_page_draws():
    p = rope_pairs([1.0, 2.0, 3.0, 4.0], 3, convention="interleaved")
    assert p.position == 3.0 and p.n_pairs == 2
    assert p.dims.tolist() == [[0, 1], [2, 3]]
    np.testing.assert_array_equal(p.before, [[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_allclose(p.angle, [3.0, 0.03], rtol=1e-15)
    np.testing.assert_allclose(p.wavelength, [2 * math.pi, 200 * math.pi], rtol=1e-15)
    np.testing.assert_allclose(p.after, [rotate_2d(1, 2, 3.0), rotate_2d(3, 4, 0.03)], atol=1e-15)
    np.testing.assert_allclose(p.rotated, np.ravel(p.after), atol=0)
    halves = rope_pairs([1.0, 2.0, 3.0, 4.0], 3, convention="halves")
    np.testing.assert_array_equal(halves.before, [[1.0, 3.0], [2.0, 4.0]])


def test_score_pair_by_pair():
    q, k = np.array([1.0, 0.0, 2.0, -1.0]), np.array([0.5, 1.0, -1.0, 3.0])
    s = rope_score(q, k, 7, 2, convention="interleaved")
    # q at 7, k at 2: the score sees (7 − 2)·θ_i; pair by pair, (a·c + b·d)·cos + (a·d − b·c)·sin
    want = [
        (1 * 0.5 + 0 * 1) * math.cos(5) + (1 * 1 - 0 * 0.5) * math.sin(5),
        (2 * -1 + -1 * 3) * math.cos(0.05) + (2 * 3 - (-1) * (-1)) * math.sin(0.05),
    ]
    np.testing.assert_allclose(s.pair_scores, want, atol=1e-14)
    assert s.score == pytest.approx(sum(want), abs=1e-14)
    assert s.distance == 5.0
    np.testing.assert_allclose(s.relative_angle, [5.0, 0.05], rtol=1e-15)
    assert s.unrotated == pytest.approx(0.5 + 0 - 2 - 3)


@pytest.mark.parametrize("case", REFERENCE["cases"], ids=lambda c: f"d{c['d']}-base{c['base']:g}")
@pytest.mark.parametrize("convention", CONVENTIONS)
def test_equals_recorded_reference(case, convention):
    """halves: transformers' LlamaRotaryEmbedding + apply_rotary_pos_emb (float32 angles);
    interleaved: RoFormer eq. 34 in float64 PyTorch."""
    atol = HF_FLOAT32_ATOL if convention == "halves" else 1e-12
    for name in ("q", "k"):
        x = np.array(case[name])  # [h, n, d]
        got = rope(x, case["positions"], base=case["base"], convention=convention)
        np.testing.assert_allclose(got, case[convention][name], rtol=0, atol=atol)


@pytest.mark.parametrize("case", REFERENCE["cases"], ids=lambda c: f"d{c['d']}")
def test_references_tell_the_conventions_apart(case):
    """The two recorded rotations differ wherever a position is not 0, by far more than the
    tolerance, so a rotation in the wrong convention fails the test above."""
    moved = np.array(case["positions"]) != 0
    gap = np.abs(np.array(case["halves"]["q"]) - np.array(case["interleaved"]["q"]))
    assert gap[:, moved].max() > 1000 * HF_FLOAT32_ATOL


vectors = st.integers(1, 16).flatmap(
    lambda pairs: st.tuples(
        arrays(np.float64, 2 * pairs, elements=st.floats(-10, 10)),
        arrays(np.float64, 2 * pairs, elements=st.floats(-10, 10)),
    )
)
positions = st.integers(-4096, 4096)


@settings(max_examples=300, deadline=None)
@given(
    qk=vectors,
    m=positions,
    n=positions,
    shift=positions,
    base=st.sampled_from([100.0, 10_000.0, 500_000.0]),
    convention=st.sampled_from(CONVENTIONS),
)
def test_score_depends_on_the_distance_alone(qk, m, n, shift, base, convention):
    """Rotate q to m and k to n, then both to m + s and n + s: the same score, to 1e-12
    (relative to |q|·|k|, the size a score can have)."""
    q, k = qk

    def score(pos_q, pos_k):
        rq = rope(q[None], [pos_q], base=base, convention=convention)[0]
        rk = rope(k[None], [pos_k], base=base, convention=convention)[0]
        return float(rq @ rk)

    size = max(1.0, float(np.linalg.norm(q) * np.linalg.norm(k)))
    assert abs(score(m + shift, n + shift) - score(m, n)) <= 1e-12 * size


@settings(max_examples=200, deadline=None)
@given(
    x=st.integers(1, 32).flatmap(
        lambda pairs: arrays(np.float64, (3, 2 * pairs), elements=st.floats(-1e3, 1e3))
    ),
    pos=st.lists(st.floats(-1e4, 1e4), min_size=3, max_size=3),
    convention=st.sampled_from(CONVENTIONS),
)
def test_rotation_keeps_lengths(x, pos, convention):
    """Every pair, and so every whole vector, keeps its length: RoPE only turns."""
    rotated = rope(x, pos, convention=convention)
    np.testing.assert_allclose(
        np.linalg.norm(rotated, axis=-1), np.linalg.norm(x, axis=-1), rtol=1e-12, atol=1e-9
    )
    dims = pair_dims(x.shape[-1], convention)
    np.testing.assert_allclose(
        np.hypot(rotated[:, dims[:, 0]], rotated[:, dims[:, 1]]),
        np.hypot(x[:, dims[:, 0]], x[:, dims[:, 1]]),
        rtol=1e-12,
        atol=1e-9,
    )


@settings(max_examples=100, deadline=None)
@given(
    x=st.integers(1, 16).flatmap(
        lambda pairs: arrays(np.float64, (2, 2 * pairs), elements=st.floats(-10, 10))
    ),
    pos=st.lists(st.integers(-500, 500), min_size=2, max_size=2),
)
def test_halves_is_interleaved_on_reordered_dimensions(x, pos):
    """Laying the halves' pairs (i, i + d/2) side by side turns one convention into the other."""
    d = x.shape[-1]
    order = np.ravel(np.stack([np.arange(d // 2), np.arange(d // 2) + d // 2], axis=1))
    interleaved = rope(x[:, order], pos, convention="interleaved")
    np.testing.assert_array_equal(rope(x, pos, convention="halves")[:, order], interleaved)


def test_batches_of_heads_take_one_position_per_row():
    x = np.arange(2 * 3 * 4, dtype=float).reshape(2, 3, 4)  # [h, n, d]
    got = rope(x, [0, 1, 5])
    for h in range(2):
        for i, pos in enumerate([0, 1, 5]):
            np.testing.assert_array_equal(got[h, i], rope(x[h, i][None], [pos])[0])


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: rope(np.ones((1, 3)), [0]), "even"),
        (lambda: rope_theta(0), "even"),
        (lambda: rope(np.ones((1, 4)), [0], base=1.0), "base"),
        (lambda: rope(np.ones((1, 4)), [0], base=float("nan")), "base"),
        (lambda: rope(np.ones((1, 4)), [0], convention="neox"), "convention"),
    ],
)
def test_bad_arguments_say_why(call, message):
    with pytest.raises(ValueError, match=message):
        call()
