"""The measures of core.decoder.measures on attention maps made by hand."""

import numpy as np
import pytest

from core.decoder.measures import (
    copy_losses,
    first_shares,
    first_token_share,
    induction_score,
    phase_change,
    previous_token_score,
    probe_alphabet,
    repeated_random,
    sharpening_step,
    uniform_first_share,
)
from core.decoder.vocab import Vocabulary


def test_the_scores_read_the_two_diagonals_they_are_named_after():
    n, period = 8, 4
    prev = np.eye(n, k=-1)
    prev[0, 0] = 1  # row 0 can only attend to itself
    induction = np.zeros((n, n))
    induction[np.arange(n), np.maximum(np.arange(n) - period + 1, 0)] = 1
    assert previous_token_score(prev) == 1.0
    assert induction_score(prev, period) == 0.0
    assert induction_score(induction, period) == 1.0
    assert previous_token_score(np.stack([prev, induction])).shape == (2,)
    with pytest.raises(ValueError):
        induction_score(prev, n)


def test_the_copies_losses_leave_out_each_copys_first_character():
    losses = np.array([1.0, 1.0, 9.0, 0.5, 0.5, 7.0])  # n = 7 characters, period 3
    # predicting characters 1, 2 (first copy) and 4, 5 (second); 3 and 6 are left out
    assert copy_losses(losses[None, :], 3) == (1.0, 0.5)


def test_the_first_tokens_share_leaves_out_the_row_that_has_no_choice():
    uniform = np.tril(np.ones((4, 4))) / np.arange(1, 5)[:, None]
    assert first_token_share(uniform) == pytest.approx(np.mean([1 / 2, 1 / 3, 1 / 4]))
    assert uniform_first_share(4) == pytest.approx(np.mean([1 / 2, 1 / 3, 1 / 4]))
    with pytest.raises(ValueError):
        first_token_share(np.ones((1, 1)))


def test_repeated_random_strings_repeat_and_the_phase_change_is_the_steepest_fall():
    texts = repeated_random(np.random.default_rng(0), np.arange(5), 3, 4)
    assert texts.shape == (3, 8)
    np.testing.assert_array_equal(texts[:, :4], texts[:, 4:])
    assert phase_change(np.array([0, 100, 200, 300]), np.array([3.0, 2.9, 1.0, 0.9])) == 200


def test_the_sharpening_is_the_steepest_rise_of_the_best_previous_token_head():
    steps = np.array([0, 100, 200, 300])
    previous = np.array([[[0.1, 0.0]], [[0.3, 0.2]], [[0.35, 0.3]], [[0.9, 0.3]]])  # [m, 1, 2]
    assert sharpening_step(steps, previous) == 300


def test_the_first_positions_share_against_an_even_share():
    n = 5
    even = np.tril(np.ones((n, n))) / np.arange(1, n + 1)[:, None]
    sink = np.tril(np.ones((n, n))) * 0.0
    sink[:, 0] = 1.0
    attention = np.stack([np.stack([even, sink])])  # [L 1, h 2, n, n]
    found = first_shares(np.stack([attention, attention], axis=2))  # two texts
    assert found.share.shape == (1, 2) and (found.n, found.texts) == (n, 2)
    np.testing.assert_allclose(found.ratio, [[1.0, 1.0 / uniform_first_share(n)]])
    assert found.largest() == (0, 1, 1.0) and found.above(0.5) == 1


def test_the_probes_alphabets_are_the_letters_and_the_chinese_characters():
    vocab = Vocabulary(("\n", " ", *"abcdefghijklmnopqrstuvwxyz", "之", "乎", "\ufffd"))
    assert vocab.decode(probe_alphabet(vocab, "letters")) == "abcdefghijklmnopqrstuvwxyz"
    assert vocab.decode(probe_alphabet(vocab, "chinese")) == "之乎"
    with pytest.raises(ValueError):
        probe_alphabet(vocab, "greek")
