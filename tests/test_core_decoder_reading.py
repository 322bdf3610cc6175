"""A student's text through the decoder (core.decoder.reading): whether it repeats itself,
what an induction head should read in it, and the measures of one forward pass; and the
questions the page asks about the trained model (core.quiz.copying)."""

import numpy as np
import pytest
from decoder_util import TINY, tiny_weights

from core.decoder import (
    NO_TARGET,
    copy_losses,
    forward,
    induction_score,
    previous_token_score,
    read_text,
    repeat_period,
    target_share,
    token_losses,
)
from core.decoder.reading import induction_targets
from core.quiz.copying import CLAIMS, copy_questions


@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("abcabc", 3),
        ("abcdabcdab", 4),  # a third copy begun: still the same period
        ("aaaa", 2),  # a period of one character is too short to have two copies to compare
        ("abab", 2),
        ("abcab", None),  # the second copy shorter than the first
        ("the cat sat on the", None),  # begins and ends alike, but is no repeat
        ("a", None),
        ("", None),
    ],
)
def test_a_text_repeats_itself_when_its_first_characters_are_typed_again(text, period):
    ids = np.array([ord(c) for c in text], dtype=np.int64)
    assert repeat_period(ids) == period


def test_an_induction_head_reads_the_character_after_the_earlier_occurrence():
    # a repeated text: the same spot in the first copy, plus one
    np.testing.assert_array_equal(
        induction_targets(np.array([5, 6, 5, 5, 6, 5]), 3), [-1, -1, -1, 1, 2, 3]
    )
    # otherwise: after the most recent earlier occurrence of the same character
    np.testing.assert_array_equal(
        induction_targets(np.array([1, 2, 1, 3, 2, 1])), [-1, -1, 1, -1, 2, 3]
    )
    assert NO_TARGET == -1


def test_the_share_on_the_targets_is_the_induction_score_on_a_text_typed_twice():
    rng = np.random.default_rng(0)
    attention = np.tril(rng.random((2, 3, 8, 8)))
    attention /= attention.sum(axis=-1, keepdims=True)
    targets = induction_targets(np.arange(8) % 4, 4)
    np.testing.assert_allclose(target_share(attention, targets), induction_score(attention, 4))
    with pytest.raises(ValueError, match="nothing to copy"):
        target_share(attention, np.full(8, NO_TARGET))


def test_reading_a_text_is_one_forward_pass_and_its_measures():
    w = tiny_weights()
    ids = np.array([1, 2, 3, 1, 2, 3])
    r = read_text(w, ids, TINY)
    fwd = forward(w, ids, TINY)
    np.testing.assert_array_equal(r.attention, fwd.attention)
    np.testing.assert_array_equal(r.losses, token_losses(fwd.log_probs()[:-1], ids[1:]))
    assert r.period == 3 and r.with_target.tolist() == [3, 4, 5]
    np.testing.assert_array_equal(r.target_share, induction_score(fwd.attention, 3))
    np.testing.assert_array_equal(r.previous, previous_token_score(fwd.attention))
    assert r.copies == copy_losses(r.losses, 3)
    assert r.target_share.shape == r.previous.shape == (TINY.n_layers, TINY.n_heads)
    layer, head, score = r.best("target")
    assert score == r.target_share.max() == r.target_share[layer, head]


def test_a_text_without_a_repeat_or_a_character_seen_twice_has_no_copies_to_compare():
    w = tiny_weights()
    r = read_text(w, np.array([1, 2, 3, 4]), TINY)
    assert r.period is None and r.copies is None and r.target_share is None
    with pytest.raises(ValueError, match="nothing to copy"):
        r.best("target")
    r = read_text(w, np.array([1, 2, 1, 4]), TINY)  # one character seen before: a target
    assert r.period is None and r.copies is None and r.with_target.tolist() == [2]
    with pytest.raises(ValueError, match="two characters"):
        read_text(w, np.array([1]), TINY)


def test_the_questions_answer_from_the_measurements():
    previous = np.array([[0.9, 0.1], [0.2, 0.1]])
    induction = np.array([[0.0, 0.1], [0.1, 0.8]])
    loss, layer = copy_questions(1500, previous, induction, 3.5, 0.2, period=40, count=8)
    assert (loss.answer, layer.answer) == ("quiz.choice.down", "quiz.choice.layer_2")
    assert layer.choices == ("quiz.choice.layer_1", "quiz.choice.layer_2")
    assert layer.reveal["prev_layer"] == 1 and layer.reveal["ind_head"] == 2
    assert loss.reveal["times"] == pytest.approx(3.5 / 0.2)
    assert {loss.claim, layer.claim} == set(CLAIMS) and loss.why == layer.why == ""
    same, _ = copy_questions(0, previous, induction, 6.44, 6.45, period=40, count=8)
    assert same.answer == "quiz.choice.same" and same.why == "copying.quiz.loss.why_same"
    up, _ = copy_questions(0, previous, induction, 3.0, 3.5, period=40, count=8)
    assert up.answer == "quiz.choice.up"
