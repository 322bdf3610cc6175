"""A student's text through the decoder (core.decoder.reading): whether it repeats itself,
what an induction head should read in it, and the measures of one forward pass; and the
questions the page asks about the trained model (core.quiz.copying)."""

import numpy as np
import pytest
from decoder_util import TINY, tiny_weights

from core.decoder import (
    MIN_COPY,
    NO_TARGET,
    copy_losses,
    forward,
    induction_score,
    longest_matches,
    previous_token_score,
    read_text,
    repeated_stretch,
    target_share,
    token_losses,
)
from core.decoder.measures import HeadScores, Knockout
from core.decoder.reading import induction_targets
from core.quiz.copying import CLAIMS, copy_questions


def ids_of(text: str) -> np.ndarray:
    return np.array([ord(c) for c in text], dtype=np.int64)


def copies_of(text: str, unknown: int | None = None):
    return repeated_stretch(longest_matches(ids_of(text), unknown))


def stretch(text: str) -> str | None:
    c = copies_of(text)
    return None if c is None else text[c.first : c.first + c.length]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("abcabc", "abc"),
        ("abcdabcdab", "abcd"),  # a third copy begun: the first two compared
        ("Horatio! Horatio!", "Horatio!"),  # a space between the copies
        ("to be\nto be", "to be"),  # a line break
        ("凤兮凤兮，何德之衰？", None),  # "凤兮" twice: two characters, too short
        ("柳下惠、少连。谓：柳下惠、少连降", "柳下惠、少连"),
        ("the cat sat on the", "the"),  # the earliest of equally long ones
        ("aaaa", None),  # "aa" twice: shorter than MIN_COPY
        ("abcab", None),
        ("a", None),
        ("", None),
    ],
)
def test_the_copies_are_the_longest_stretch_typed_twice_wherever_it_stands(text, found):
    assert stretch(text) == found
    if found:  # written out here: the second copy starts after the first ends
        c = copies_of(text)
        assert text[c.second : c.second + c.length] == found and c.second >= c.first + c.length
        assert c.length >= MIN_COPY


def test_a_character_the_model_does_not_know_matches_nothing():
    unknown = ord("?")
    assert copies_of("??????", unknown) is None  # six unknowns: nothing known to repeat
    assert copies_of("ab?ab?", unknown) is None
    c = copies_of("abc?abc", unknown)
    assert (c.first, c.second, c.length) == (0, 4, 3)


def test_an_induction_head_reads_the_character_after_the_earlier_occurrence():
    # in the second copy: the same spot in the first copy, plus one
    ids = ids_of("xy abc, abc")
    match = longest_matches(ids)
    c = repeated_stretch(match)
    targets = induction_targets(match, c)
    assert targets[8:11].tolist() == [4, 5, 6]
    # elsewhere: after the latest earlier occurrence of the longest stretch ending there
    np.testing.assert_array_equal(
        induction_targets(longest_matches(np.array([1, 2, 1, 3, 2, 1]))), [-1, -1, 1, -1, 2, 3]
    )
    # "ab" then "b": the b after "ab" matches two characters, the later lone b only one
    np.testing.assert_array_equal(
        induction_targets(longest_matches(np.array([1, 2, 9, 2, 1, 2]))), [-1, -1, -1, 2, 1, 2]
    )
    assert NO_TARGET == -1


def test_the_share_on_the_targets_is_the_induction_score_on_a_text_typed_twice():
    rng = np.random.default_rng(0)
    attention = np.tril(rng.random((2, 3, 8, 8)))
    attention /= attention.sum(axis=-1, keepdims=True)
    ids = np.arange(8) % 4
    match = longest_matches(ids)
    targets = induction_targets(match, repeated_stretch(match))
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
    assert (r.copies.first, r.copies.second, r.copies.length) == (0, 3, 3)
    assert r.with_target.tolist() == [3, 4, 5]
    np.testing.assert_array_equal(r.target_share, induction_score(fwd.attention, 3))
    np.testing.assert_array_equal(r.previous, previous_token_score(fwd.attention))
    assert r.copy_losses == copy_losses(r.losses, 3)
    off = np.array([[True, False], [False, False]])
    cut = read_text(w, ids, TINY, off=off)
    np.testing.assert_array_equal(cut.attention, forward(w, ids, TINY, off=off).attention)
    assert cut.off.tolist() == off.tolist() and r.off is None
    assert r.target_share.shape == r.previous.shape == (TINY.n_layers, TINY.n_heads)
    layer, head, score = r.best("target")
    assert score == r.target_share.max() == r.target_share[layer, head]


def test_a_text_without_a_repeat_or_a_character_seen_twice_has_no_copies_to_compare():
    w = tiny_weights()
    r = read_text(w, np.array([1, 2, 3, 4]), TINY)
    assert r.copies is None and r.copy_losses is None and r.target_share is None
    with pytest.raises(ValueError, match="nothing to copy"):
        r.best("target")
    r = read_text(w, np.array([1, 2, 1, 4]), TINY)  # one character seen before: a target
    assert r.copies is None and r.with_target.tolist() == [2]
    with pytest.raises(ValueError, match="two characters"):
        read_text(w, np.array([1]), TINY)


def scores(previous, induction, first, second, count=10) -> HeadScores:
    return HeadScores(previous, induction, first, second, np.zeros((2, 2)), period=40, count=count)


def ask(first=3.5, second=0.2, off_induction=0.02, off_second=3.3):
    previous = np.array([[0.9, 0.1], [0.2, 0.1]])
    induction = np.array([[0.0, 0.1], [0.1, 0.8]])
    off = np.array([[True, False], [False, False]])
    cut = np.array([[0.0, 0.1], [0.1, off_induction]])
    knocked = Knockout(
        off, scores(previous, induction, 3.4, 0.3), scores(previous, cut, 3.4, off_second)
    )
    return copy_questions(
        1500, previous, induction, first, second, period=40, count=40, knocked=knocked
    )


def test_the_questions_answer_from_the_measurements():
    loss, layer, knock = ask()
    assert (loss.answer, layer.answer) == ("quiz.choice.down", "quiz.choice.layer_2")
    assert layer.choices == ("quiz.choice.layer_1", "quiz.choice.layer_2")
    assert layer.reveal["prev_layer"] == 1 and layer.reveal["ind_head"] == 2
    assert loss.reveal["times"] == pytest.approx(3.5 / 0.2)
    assert {loss.claim, layer.claim, knock.claim} == set(CLAIMS)
    assert loss.why == layer.why == knock.why == ""
    same = ask(6.44, 6.45)[0]
    assert same.answer == "quiz.choice.same" and same.why == "copying.quiz.loss.why_same"
    assert ask(3.0, 3.5)[0].answer == "quiz.choice.up"


@pytest.mark.parametrize(
    ("after", "answer"),
    [
        (0.02, "quiz.choice.halved"),
        (0.4, "quiz.choice.halved"),  # exactly half of 0.8
        (0.5, "quiz.choice.less"),
        (0.8, "quiz.choice.about_same"),
        (1.2, "quiz.choice.up"),
    ],
)
def test_the_knockout_question_answers_with_what_is_left_of_the_induction_head(after, answer):
    knock = ask(off_induction=after)[2]
    assert knock.answer == answer and answer in knock.choices
    # the question names how many heads go off, not where: the layer question stands beside it
    assert knock.values["count_off"] == 1 and "heads" not in knock.values
    assert knock.values["count_knock"] == 10 and knock.reveal["second_off"] == 3.3
    assert knock.reveal["heads"] == "L1 H1" and knock.reveal["after"] == after
    assert knock.reveal["kept"] == f"{100 * after / 0.8:.0f}"
