"""The long-context pages' questions: answers worked by hand, for the row and in general."""

import math

import numpy as np
import pytest

from core.article import ARTICLE_TOKENS
from core.long_context.online_softmax import online_softmax, tiled_attention
from core.pipeline import build_pipeline
from core.quiz.long_context import CHOICES_L, CLAIMS, tiles_questions, window_questions

E = math.exp


def walk_of(row, tile, d_v=3):
    row = np.array(row, dtype=np.float64)
    return online_softmax(row, np.ones((len(row), d_v)), tile)


def l_question(row, tile):
    return tiles_questions(walk_of(row, tile), "it")[0]


def test_the_general_answer_is_either_with_one_example_each_way():
    q = l_question([1.0, 3.0, 2.0, 5.0, 0.0], 2)
    assert q.answer == "quiz.choice.either" and q.choices == CHOICES_L
    assert q.is_right("quiz.choice.either") and not q.is_right("quiz.choice.up")
    assert q.reveal["shrink_before"] == pytest.approx(2.0, abs=1e-15)
    assert q.reveal["shrink_after"] == pytest.approx(3 * E(-5) + 1, abs=1e-15)  # 2·e⁻⁵ + 1 + e⁻⁵
    assert q.reveal["grow_before"] == pytest.approx(2.0, abs=1e-15)
    assert q.reveal["grow_after"] == pytest.approx(2 * E(-1) + 2, abs=1e-15)
    assert q.reveal["shrink_after"] < 2 < q.reveal["grow_after"]


def test_a_row_where_l_grows():
    # tiles [1, 3] [2, 5] [0]: the second raises m from 3 to 5
    q = l_question([1.0, 3.0, 2.0, 5.0, 0.0], 2)
    l_old = E(-2) + 1
    l_new = l_old * E(-2) + E(-3) + 1
    r = q.reveal
    assert (r["raised"], r["grew"], r["shrank"]) == (1, 1, 0)
    assert r["row"] == "quiz.choice.up" and r["step"] == 2
    assert (r["m_old"], r["m_new"]) == (3.0, 5.0)
    assert r["factor"] == pytest.approx(E(-2), rel=1e-15)
    assert r["l_old"] == pytest.approx(l_old, rel=1e-15)
    assert r["l_new"] == pytest.approx(l_new, rel=1e-15)
    assert r["tile_sum"] == pytest.approx(E(-3) + 1, rel=1e-15)
    assert q.why == ""


def test_a_row_where_l_shrinks():
    r = l_question([0.0, 0.0, 5.0, 0.0], 2).reveal
    assert (r["raised"], r["grew"], r["shrank"], r["row"]) == (1, 0, 1, "quiz.choice.down")
    assert r["l_old"] == 2.0 and r["l_new"] == pytest.approx(3 * E(-5) + 1, rel=1e-15)


def test_a_row_where_l_does_both():
    # tiles [0, 0] [1, 1] [9, 0]: 2 → 2·e⁻¹ + 2 (grows), then → that·e⁻⁸ + 1 + e⁻⁹ (shrinks)
    r = l_question([0.0, 0.0, 1.0, 1.0, 9.0, 0.0], 2).reveal
    assert (r["raised"], r["grew"], r["shrank"], r["row"]) == (2, 1, 1, "quiz.choice.either")
    assert r["step"] == 2  # the first rescaling step is the one worked out


def test_a_row_whose_max_never_rises_says_so():
    for row, tile in (([5.0, 1.0, 2.0, 0.0], 1), ([1.0, 3.0, 2.0], 3), ([2.0, 2.0, 2.0], 1)):
        q = l_question(row, tile)
        assert q.reveal["raised"] == 0 and "row" not in q.reveal
        assert q.why == "tiles.quiz.l.why_none" and q.answer == "quiz.choice.either"


def test_one_query_keeps_d_v_plus_2_numbers():
    for d_v in (1, 4, 64):
        q = tiles_questions(walk_of([0.5, 1.0, -1.0, 2.0, 0.0, 3.0, 1.0], 3, d_v=d_v), "it")[1]
        assert q.kind == "number" and q.answer == d_v + 2 and q.tolerance == 0
        assert q.is_right(d_v + 2) and not q.is_right(d_v + 1) and not q.is_right(7)
        assert q.values == {"d_v": d_v}
        assert q.reveal["held"] == d_v + 5 and q.reveal["n"] == 7


def test_the_questions_take_the_followed_row_of_the_page_s_head():
    p = build_pipeline(ARTICLE_TOKENS, d_model=4, n_heads=1, seed=0)
    focus = ARTICLE_TOKENS.index("it")
    walk = tiled_attention(p.mha.head(0), 2, query=focus)
    questions = tiles_questions(walk, p.labels[focus])
    assert [q.id for q in questions] == ["tiles.l", "tiles.kept"]
    assert questions[1].answer == 6  # the article's 4-d values: 4 + m + l
    assert all(q.claim in CLAIMS for q in questions)
    with pytest.raises(ValueError, match="one query"):
        tiles_questions(tiled_attention(p.mha.head(0), 2), "it")


def test_a_window_of_3_reaches_the_first_of_9_tokens_after_exactly_4_layers():
    (q,) = window_questions()
    assert q.answer == "quiz.choice.yes" and q.claim in CLAIMS and q.why == ""
    assert q.values == {"n": 9, "window": 3, "layers": 4}
    r = q.reveal
    # positions 8, 6, 4, 2, 0 reached after 0-4 layers: back to position 0, the first token
    assert (r["needed"], r["earliest"], r["span"], r["step"]) == (4, 0, 9, 2)
    assert q.is_right("quiz.choice.yes") and not q.is_right("quiz.choice.no")


def test_one_layer_short_the_answer_is_no():
    (q,) = window_questions(9, 3, 3)
    assert q.answer == "quiz.choice.no" and q.why == "windows.quiz.reach.why_not"
    assert (q.reveal["needed"], q.reveal["earliest"], q.reveal["span"]) == (4, 2, 7)


def test_other_windows_by_hand():
    assert window_questions(9, 2, 8)[0].answer == "quiz.choice.yes"  # 8 steps of 1
    assert window_questions(9, 2, 7)[0].answer == "quiz.choice.no"
    assert window_questions(9, 9, 1)[0].answer == "quiz.choice.yes"  # the window holds it all
    assert window_questions(20, 5, 4)[0].reveal["needed"] == 5  # ⌈19 / 4⌉
    never = window_questions(9, 1, 6)[0]
    assert never.answer == "quiz.choice.no" and never.why == "windows.quiz.reach.why_never"
    assert "needed" not in never.reveal and never.reveal["span"] == 1
    alone = window_questions(1, 3, 0)[0]  # one token is its own first
    assert alone.answer == "quiz.choice.yes" and alone.reveal["needed"] == 0


@pytest.mark.parametrize("layers", [-1, 1.5, True])
def test_bad_layer_counts_are_refused(layers):
    with pytest.raises(ValueError):
        window_questions(9, 3, layers)
