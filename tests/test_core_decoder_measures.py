"""The measures of core.decoder.measures on attention maps made by hand."""

import numpy as np
import pytest
from decoder_util import TINY, tiny_weights

from core.decoder.measures import (
    LATIN,
    copy_losses,
    feeding_heads,
    first_shares,
    first_token_share,
    head_scores,
    induction_score,
    knockout,
    phase_change,
    previous_token_score,
    probe_alphabet,
    repeated_random,
    sharpening_step,
    uniform_first_share,
)
from core.decoder.model import forward
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


def test_the_probes_alphabets_are_what_a_student_types():
    vocab = Vocabulary(
        ("\n", " ", "!", "7", "Q", *"abcdefghijklmnopqrstuvwxyz", "之", "乎", "\ufffd")
    )
    letters = "abcdefghijklmnopqrstuvwxyz"
    assert vocab.decode(probe_alphabet(vocab, "letters")) == letters
    assert vocab.decode(probe_alphabet(vocab, "letters_space")) == letters + " "
    assert sorted(vocab.decode(probe_alphabet(vocab, "latin"))) == sorted(letters + "!7Q")
    assert vocab.decode(probe_alphabet(vocab, "chinese")) == "之乎"
    # any character it knows, but the line break and the one standing for every unknown
    assert set(vocab.decode(probe_alphabet(vocab, "any"))) == set(vocab.chars) - {"\n", "\ufffd"}
    assert len(LATIN) == 94 and " " not in LATIN  # printable ASCII but the space
    with pytest.raises(ValueError):
        probe_alphabet(vocab, "greek")


def test_the_heads_that_feed_the_best_induction_head_are_the_previous_token_heads_below_it():
    previous = np.array([[0.1, 0.7, 0.35, 0.2], [0.9, 0.0, 0.0, 0.0]])
    induction = np.array([[0.0, 0.0, 0.0, 0.0], [0.1, 0.2, 0.8, 0.3]])
    # layer 2's own previous-token head (0.9) cannot feed a head of its own layer
    expected = [[False, True, True, False], [False, False, False, False]]
    assert feeding_heads(previous, induction).tolist() == expected
    weak = np.array([[0.1, 0.2, 0.05, 0.0], [0.9, 0.0, 0.0, 0.0]])  # none reaches 0.3: the best
    assert np.argwhere(feeding_heads(weak, induction)).tolist() == [[0, 1]]
    early = np.array([[0.0, 0.9, 0.0, 0.0], [0.1, 0.2, 0.3, 0.3]])  # the best in layer 1
    assert not feeding_heads(previous, early).any()


def test_a_head_switched_off_changes_only_what_comes_after_it():
    w, ids = tiny_weights(3), np.array([[1, 2, 3, 1, 2, 3]])
    off = np.array([[True, False], [False, False]])
    on, cut = forward(w, ids, TINY), forward(w, ids, TINY, off=off)
    # layer 1 attends as before; its head 1 writes nothing, so layer 2 reads another stream
    np.testing.assert_array_equal(cut.attention[0], on.attention[0])
    d_k = TINY.d_k
    expected = on.x[0] + on.concat[0][..., d_k:] @ w.w_o[0][d_k:]  # written out here
    np.testing.assert_allclose(cut.x[1], expected, rtol=1e-12, atol=1e-13)
    assert not np.allclose(cut.attention[1], on.attention[1])
    np.testing.assert_array_equal(
        forward(w, ids, TINY, off=np.zeros((2, 2), bool)).logits, on.logits
    )
    k = knockout(w, ids, 3, TINY, off)
    assert k.on_scores.second_copy_loss == head_scores(w, ids, 3, TINY).second_copy_loss
    assert k.kept == pytest.approx(
        k.off_scores.best("induction")[2] / k.on_scores.best("induction")[2]
    )
    with pytest.raises(ValueError, match=r"\[2, 2\]"):
        forward(w, ids, TINY, off=np.zeros((3, 2), bool))
