"""The RoPE and cross-attention pages' questions: answers read from the results, right for
the case at hand, and told apart from wrong guesses."""

from __future__ import annotations

import numpy as np

from core.quiz import CLAIMS
from core.quiz.rope_cross import cross_questions, rope_questions
from core.rope.compare import ShiftProof, shift_proof
from ui.registry import questions


def proof(**changes) -> ShiftProof:
    rng = np.random.default_rng(0)
    e_q, e_k = rng.standard_normal((2, 8))
    w_q, w_k = rng.normal(0, 0.35, (2, 8, 8))
    made = shift_proof(e_q, e_k, w_q, w_k, 4, 1, 5)
    return ShiftProof(**{**made.__dict__, **changes})


def test_rope_score_does_not_change_the_sinusoidal_one_does():
    p = proof()
    rope, sinusoidal = rope_questions(p)
    assert rope.id == "rope.shift" and sinusoidal.id == "rope.shift_sinusoidal"
    assert rope.claim in CLAIMS and sinusoidal.claim in CLAIMS
    assert rope.kind == sinusoidal.kind == "choice"
    assert rope.answer == "quiz.choice.no"
    assert sinusoidal.answer == "quiz.choice.yes"
    assert rope.is_right("quiz.choice.no") and not rope.is_right("quiz.choice.yes")
    assert rope.values == {"shift": 5, "pos_q": 4, "pos_k": 1}
    assert rope.reveal["before"] == p.rope_before and rope.reveal["after"] == p.rope_after
    assert rope.reveal["difference"] == p.rope_difference
    assert (rope.reveal["pos_q_after"], rope.reveal["pos_k_after"]) == (9, 6)
    assert sinusoidal.reveal["before"] == p.sinusoidal_before
    assert sinusoidal.reveal["after"] == p.sinusoidal_after


def test_answers_follow_the_numbers():
    """A score that did move (or a sinusoid that happened not to) is answered as it is."""
    moved = proof(rope_after=1.0, rope_before=0.5, sinusoidal_after=2.0, sinusoidal_before=2.0)
    rope, sinusoidal = rope_questions(moved)
    assert rope.answer == "quiz.choice.yes" and sinusoidal.answer == "quiz.choice.no"
    rounding = proof(rope_before=1e6, rope_after=1e6 + 1e-9)  # rounding at this size
    assert rope_questions(rounding)[0].answer == "quiz.choice.no"


def test_the_shape_of_the_cross_attention_weights():
    (q,) = cross_questions()
    assert q.id == "cross_attention.shape" and q.claim in CLAIMS and q.kind == "choice"
    assert q.answer == "6 × 9"  # one row per query (the question), one column per key
    assert set(q.choices) == {"6 × 6", "6 × 9", "9 × 6", "9 × 9"}
    assert q.values == {"n_dec": 6, "n_enc": 9}
    assert q.reveal == {"rows": 6, "columns": 9, "heads": 1}
    assert q.is_right("6 × 9") and not q.is_right("9 × 6")


def test_the_shape_with_heads_and_other_lengths():
    (q,) = cross_questions(3, 11, n_heads=4)
    assert q.answer == "3 × 11" and q.reveal == {"rows": 3, "columns": 11, "heads": 4}
    (square,) = cross_questions(5, 5)  # one length: the pair side by side is the other guess
    assert square.choices == ("5 × 5", "5 × 10", "10 × 10") and square.answer == "5 × 5"


def test_the_pages_ask_through_the_registry():
    """The pages ask the questions their declarations name: RoPE from the shift proof it draws, the
    Cross-attention page about its own two sentences at its head count."""
    p = proof()
    assert questions()["rope"](p) == rope_questions(p)
    (q,) = questions()["cross_attention"](11, 9, 2)
    assert q.answer == "11 × 9" and q.reveal == {"rows": 11, "columns": 9, "heads": 2}
