"""What each wrong answer most likely shows (core.quiz.teaching), without Streamlit: every wrong
choice named once, typical wrong numbers worked out from the question's own values (never one
that counts as right), and the notes' words there for every question in both languages."""

from __future__ import annotations

import re

import numpy as np
import pytest

from core import ARTICLE_SENTENCE, build_pipeline, footnote4_experiment, quiz
from core.decoder.measures import HeadScores, Knockout
from core.generate.inference_cost import decode_work, memory_estimate
from core.generate.model_configs import PRESETS
from core.long_context.online_softmax import tiled_attention
from core.quiz import Question, printed
from core.quiz.teaching import ids, minutes, misreadings
from core.rope.compare import rope_view
from core.tokens import tokenize
from ui.teacher.note_text import stop_note
from ui.texts import CATALOG

TOKENS = tokenize(ARTICLE_SENTENCE)  # I ate the cake and it was delicious .
OTHER = "The cat sat on the mat because it was warm."


def by_answer(q: Question) -> dict:
    return {m.answer: m.kind for m in misreadings(q)}


def test_every_question_the_app_asks_has_its_misreadings():
    asked = {key.split(".quiz.")[0] + "." + key.split(".quiz.")[1].removesuffix(".ask")
             for key in CATALOG if ".quiz." in key and key.endswith(".ask")}  # fmt: skip
    assert asked <= ids(), sorted(asked - ids())


def test_a_token_choice_is_the_token_itself_a_neighbour_or_another():
    q = Question("similarity.top", "compare", "choice", "cake", choices=tuple(TOKENS),
                 values={"token": "it"}, reveal={"aligned": "I", "hand_made": False})  # fmt: skip
    found = by_answer(q)
    assert list(found) == [c for c in TOKENS if c != "cake"]  # every wrong choice, in order
    assert found["it"] == "self"
    assert found["I"] == "aligned"  # pointing the query's way: a cosine, not the dot product
    assert found["and"] == found["was"] == "neighbour"
    assert found["ate"] == found["."] == "meaning"  # random vectors: meaning plays no part
    made = {"aligned": "cake", "hand_made": True}
    by_hand = Question("similarity.top", "compare", "choice", "cake", choices=tuple(TOKENS),
                       values={"token": "it"}, reveal=made)  # fmt: skip
    assert by_answer(by_hand)["ate"] == by_answer(by_hand)["I"] == "reading"


def test_a_key_the_mask_hides_is_read_as_the_mask_forgotten():
    p = build_pipeline(TOKENS, d_model=4, n_heads=1, seed=0, causal=True)
    q = quiz.overview_questions(p, TOKENS.index("it"))[0]
    found = by_answer(q)
    assert [c for c, kind in found.items() if kind == "masked"] == ["was", "delicious", "."]
    assert q.reveal["n"] == 6 and q.reveal["even"] == 1 / 6  # I ate the cake and it


def test_the_best_aligned_key_is_the_largest_cosine_not_the_largest_dot_product():
    # d_model 16, seed 3: the query of "it" points most nearly the way of one key, and has
    # its largest dot product with another (at the article's settings the two agree).
    p = build_pipeline(TOKENS, d_model=16, n_heads=1, seed=3)
    tr, focus = p.mha.head(0), TOKENS.index("it")
    cosines = [np.dot(tr.q[focus], k) / np.linalg.norm(tr.q[focus]) / np.linalg.norm(k)
               for k in tr.k]  # fmt: skip
    q = quiz.similarity_questions(p, focus)[0]
    assert q.reveal["aligned"] == TOKENS[int(np.argmax(cosines))] != q.answer
    assert by_answer(q)[q.reveal["aligned"]] == "aligned"


def test_choices_read_against_the_answer_and_an_unusual_answer_says_so():
    up = ("quiz.choice.up", "quiz.choice.down", "quiz.choice.same")
    usual = Question("softmax.sharp", "sharp", "choice", up[0], choices=up)
    assert by_answer(usual) == {up[1]: "flat", up[2]: "order_only"}
    unusual = Question("softmax.sharp", "sharp", "choice", up[1], choices=up)
    assert by_answer(unusual) == {up[0]: "unusual", up[2]: "unusual"}
    shapes = ("6 × 6", "6 × 9", "9 × 6", "9 × 9")
    cross = Question("cross_attention.shape", "compare", "choice", "6 × 9", choices=shapes,
                     values={"n_dec": 6, "n_enc": 9})  # fmt: skip
    assert by_answer(cross) == {
        "6 × 6": "decoder_self",
        "9 × 6": "swapped",
        "9 × 9": "encoder_self",
    }


def test_a_film_is_read_by_how_much_of_the_asked_tag_it_has_against_the_answer():
    # Keys [adventure, humour, romance, sci-fi]: Love in Low Orbit [0.2, 0.1, 0.9, 0.6] wins
    # a query asking most for romance and sci-fi next, over Letters from the Lighthouse
    # [0.1, 0.3, 1.0, 0.0], which has more romance.
    q = quiz.qkv_questions(np.array([1.0, 0.0, 3.0, 2.0]), 1.0)[0]
    assert q.answer == "qkv.item_orbit"
    found = {m.answer: (m.kind, m.values) for m in misreadings(q)}
    assert found["qkv.item_letters"] == ("tag_only", {"has": 1.0, "answer_has": 0.9})
    assert found["qkv.item_robot"] == ("not_by_tag", {"has": 0.3, "answer_has": 0.9})


def test_typical_wrong_numbers_come_from_the_question_s_values():
    count = Question("similarity.count", "compare", "number", 81, values={"n": 9})
    assert by_answer(count) == {9: "one_row", 18: "per_token", 36: "symmetric", 45: "half"}
    width = Question("multihead.width", "heads", "number", 32, about=tuple(TOKENS),
                     values={"h": 8, "d_k": 4})  # fmt: skip
    assert by_answer(width) == {4: "average", 8: "count_heads", 9 * 32: "whole_sentence"}
    grow = Question("scaling.grow", "grow", "number", 16.4, tolerance=4.1, values={"d_k": 16})
    assert by_answer(grow) == {4: "std", 1: "no_growth", 0: "cancel", 256: "square"}
    shrink = Question("scaling.shrink", "shrink", "number", 0.98, tolerance=0.25,
                      values={"d_k": 16})  # fmt: skip
    assert by_answer(shrink) == {4: "divide_once", 16: "unchanged", 0: "removed", 0.06: "from_one"}


def test_key_value_heads_read_as_students_count_them():
    def change(key: str, g: int) -> Question:
        estimate = memory_estimate(PRESETS[key], n_tokens=4096, number_type="fp16", n_kv_heads=g)
        return quiz.memory_questions(estimate)[1]

    fewer = change("llama3_8b", 8)  # 32 query heads, from 8 key/value heads to 1
    assert fewer.answer == 8
    assert by_answer(fewer) == {1: "unchanged", 32: "query_heads", 4: "group"}
    mha = change("llama2_7b", 32)  # 32 to 1: 32 is the answer, and a group is 1 query head
    assert [(m.answer, m.kind) for m in misreadings(mha)] == [(1, "unchanged"), (1, "group")]
    more = change("falcon_7b", 1)  # from 1 to one per query head, 71
    assert more.id == "generate.more_kv_heads" and more.answer == 71
    assert by_answer(more) == {1: "unchanged"}
    assert more.reveal["ratio"] == 71 and isinstance(more.reveal["ratio"], int)  # "71", not "71.00"
    shared = quiz.sharing_questions(8, 2)[0]  # 8 query heads, 2 key/value heads: 4 to each
    assert by_answer(shared) == {1: "own", 2: "groups", 8: "all"}
    rows = quiz.decode_questions(decode_work(9, d_model=4, n_heads=1, n_kv_heads=1, d_k=4))[0]
    assert rows.answer == 45 and rows.reveal["fraction"] == "1/5"  # 9 of 45 with a cache
    assert by_answer(rows) == {9: "cached", 81: "all_each_step", 36: "off_by_one"}


def test_a_number_two_slips_give_is_read_both_ways():
    count = Question("similarity.count", "compare", "number", 9, values={"n": 3},
                     reveal={"n": 3, "count": 9})  # fmt: skip
    assert [(m.answer, m.kind) for m in misreadings(count)] == [
        (3, "one_row"), (6, "per_token"), (3, "symmetric"), (6, "half")
    ]  # fmt: skip
    wrong = stop_note("similarity", [count], "en").questions[0].wrong
    assert [w.shown for w in wrong] == ["3", "6"]
    assert CATALOG["notes.similarity.count.wrong.symmetric"]["en"] in wrong[0].means
    assert CATALOG["notes.similarity.count.wrong.one_row"]["en"] in wrong[0].means


def test_a_slip_that_would_count_as_right_is_no_wrong_answer():
    # d_k = 1: √d_k = 1 is the answer itself, and within its tolerance.
    grow = Question("scaling.grow", "grow", "number", 1.02, tolerance=0.26, values={"d_k": 1})
    assert by_answer(grow) == {0: "cancel"}
    # n = 1: "one row" is n² = 1 too.
    count = Question("similarity.count", "compare", "number", 1, values={"n": 1})
    assert 1 not in by_answer(count)


def two_places(x: float) -> float | int:
    """A number as a student writes it from numbers printed to two places."""
    x = float(f"{x:.2f}")
    return int(x) if x.is_integer() else x


@pytest.mark.parametrize(
    ("tokens", "d_model", "slips"),
    [
        (TOKENS, 4, {"even", "unweighted"}),  # the article's: no minus sign in V's column
        (tokenize(OTHER), 16, {"unsigned", "even", "unweighted"}),
    ],
)
def test_the_weighted_sum_s_slips_are_sums_of_its_column_of_v_as_printed(tokens, d_model, slips):
    p = build_pipeline(tokens, d_model=d_model, n_heads=1, seed=3 if d_model > 4 else 0)
    focus = tokens.index("it")
    cell = quiz.weighted_sum_questions(p, focus)[1]
    weights = [float(f"{w:.2f}") for w in p.mha.head(0).weights[focus]]
    column = [float(f"{v:.2f}") for v in p.mha.head(0).v[:, 0]]  # every key is seen: no mask
    sums = {
        "unsigned": sum(w * abs(v) for w, v in zip(weights, column, strict=True)),
        "even": sum(column) / len(column),
        "unweighted": sum(column),
    }
    expected = {two_places(sums[k]): k for k in slips}
    assert by_answer(cell) == expected
    assert not any(cell.is_right(v) for v in expected)


def test_no_negative_output_is_read_from_v_s_own_numbers():
    # "a b" at seed 1: V has a negative entry, yet every mix of it is positive.
    p = build_pipeline(["a", "b"], d_model=4, n_heads=1, seed=1)
    v, o = p.mha.head(0).v, p.mha.head(0).output
    assert v.min() < 0 <= o.min()
    negative = quiz.weighted_sum_questions(p, 1)[0]
    assert negative.answer == "quiz.choice.no"
    assert negative.why == "weighted_sum.quiz.negative.why_outweighed"
    assert negative.reveal == {"lowest_value": v.min(), "lowest_output": o.min()}
    assert by_answer(negative) == {"quiz.choice.yes": "outweighed"}
    # With no entry of V below 0 (one token: its output is its value), nothing to outweigh.
    one = build_pipeline(["a"], d_model=4, n_heads=1, seed=6)
    assert one.mha.head(0).v.min() >= 0
    alone = quiz.weighted_sum_questions(one, 0)[0]
    assert alone.why == "weighted_sum.quiz.negative.why_none"
    assert by_answer(alone) == {"quiz.choice.yes": "expects_negative"}


def test_a_stop_takes_its_page_s_minutes_and_each_question_s():
    assert minutes("scaling", 2) == (3 + 2 * 2, 3 + 2 * 5)
    assert minutes(None, 1) == (2, 5)  # a later part's questions alone


def _questions_of_every_kind() -> list[tuple[str, Question]]:
    """Questions of every page, at two settings, and every answer a choice question may have."""
    found = []
    for tokens, d_model, heads in ((TOKENS, 4, 1), (tokenize("a b c b"), 16, 4)):
        p = build_pipeline(tokens, d_model=d_model, n_heads=heads, seed=1)
        masked = build_pipeline(tokens, d_model=d_model, n_heads=heads, seed=1, causal=True)
        focus = len(tokens) - 1
        found += [("overview", q) for q in quiz.overview_questions(p, focus)]
        found += [("similarity", q) for q in quiz.similarity_questions(p, focus)]
        found += [("weighted_sum", q) for q in quiz.weighted_sum_questions(p, focus)]
        found += [("masking", q) for q in quiz.masking_questions(masked, focus)]
        found += [("multihead", q) for q in quiz.multihead_questions(p)]
        found += [("tokens", q) for q in quiz.tokens_questions(p)]
        found += [("tiles", q) for b in (1, len(tokens)) for q in quiz.tiles_questions(
            tiled_attention(p.mha.head(0), b, query=focus), tokens[focus])]  # fmt: skip
        head = p.params.head(0, heads)
        proof = rope_view(p.embeddings[focus], p.embeddings[0], head.w_q, head.w_k, 5, 3)
        found += [("rope", q) for q in quiz.rope_questions(proof.shift)]
        attentions = np.random.default_rng(1).random((6, 12, len(tokens), len(tokens)))
        found += [("real_model", q) for q in quiz.real_model_questions(attentions, tokens, 0, 1)]
    wide = [build_pipeline(TOKENS, d_model=512, n_heads=1, seed=0, scale=on) for on in (1, 0)]
    found += [("softmax", q) for q in quiz.softmax_questions(wide[0], *wide, 5)]
    found += [("scaling", q) for d in (1, 16) for q in quiz.scaling_questions(
        footnote4_experiment((1, 16), n_rows=8, n_keys=4), d)]  # fmt: skip
    found += [("qkv", q) for query in ([3, 1, 0, 4], [0, 4, 0, 0], [0, 0, 4, 0])
              for q in quiz.qkv_questions(np.array(query, float), 1.0)]  # fmt: skip
    work = decode_work(9, d_model=16, n_heads=4, n_kv_heads=4, d_k=4)
    found += [("generate", q) for q in quiz.decode_questions(work)]
    found += [("generate", q) for g in (1, 8, 32) for q in quiz.memory_questions(
        memory_estimate(PRESETS["llama2_7b"], n_tokens=4096, number_type="fp16", batch=2,
                        n_kv_heads=g))]  # fmt: skip
    found += [("generate", q) for q in quiz.sharing_questions(8, 2)]
    for second, later, kept in ((0.5, 1, 0.1), (3.5, 0, 0.9), (3.04, 1, 1.0)):  # down, up, same
        induction = np.zeros((2, 4))
        induction[later, 2] = 0.8  # the best induction head in layer 2, or in layer 1
        off = np.eye(2, 4, dtype=bool)  # the previous-token head switched off
        blank = np.zeros((2, 4))
        on = HeadScores(np.eye(2, 4), induction, 3.0, second, blank, 24, 8)
        cut = HeadScores(np.eye(2, 4), kept * induction, 3.0, 3.0, blank, 24, 8)
        found += [("copying", q) for q in quiz.copy_questions(100, np.eye(2, 4), induction,
            3.0, second, period=24, count=8, knocked=Knockout(off, on, cut))]  # fmt: skip
    found.append(("train", Question("train.gradient", "learn", "choice", "quiz.choice.larger",
        choices=("quiz.choice.larger", "quiz.choice.smaller", "quiz.choice.same"), values={
        "d_k": 64}, reveal={"q_on": 1.0, "q_off": 2.0, "j_on": 0.5, "j_off": 0.1})))  # fmt: skip
    found += [("windows", q) for w in (1, 2, 3) for q in quiz.window_questions(9, w, 4)]
    found += [("cross_attention", q) for q in quiz.cross_questions(6, 9)]
    # No output below 0: V with negatives outweighed ("a b", seed 1), and V with none.
    for tokens, seed in ((["a", "b"], 1), (["a"], 6)):
        p = build_pipeline(tokens, d_model=4, n_heads=1, seed=seed)
        found += [("weighted_sum", q) for q in quiz.weighted_sum_questions(p, len(tokens) - 1)]
    # Each answer a choice question can have, whatever the settings would make it (but the
    # weighted sum's, whose numbers differ with its answer: both are made above).
    for q in [q for _, q in found if q.kind == "choice" and q.id != "weighted_sum.negative"]:
        found += [(q.id.split(".")[0], Question(q.id, q.claim, "choice", c, choices=q.choices,
                   values=q.values, reveal=q.reveal, why=q.why)) for c in q.choices]  # fmt: skip
    return found


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_misreading_has_its_words(lang):
    for page, q in _questions_of_every_kind():
        note = stop_note(page, [q], lang)  # a missing text raises KeyError
        assert all(w.means for w in note.questions[0].wrong)


def _word(said: str, text: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(said)}(?!\w)", text) is not None


def _standalone(number: str, text: str) -> bool:
    return re.search(rf"(?<![\d.]){re.escape(number)}(?![\d.]*\d)", text) is not None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_discussion_prompt_names_the_answer(lang):
    """Before round 2 the prompt may name the question's own words, or several choices to
    set against each other, but never the answer alone: its number, or its choice."""
    for page, q in _questions_of_every_kind():
        note = stop_note(page, [q], lang).questions[0]
        prompt = note.discuss
        if q.kind == "number":
            numbers = {printed(q.answer, q.decimals)}
            if float(q.answer).is_integer():
                numbers.add(str(int(q.answer)))
            if q.theory:  # "≈ d_k = 16": what theory says the measured answer is
                numbers.add(q.theory.split()[-1])
            named = {n for n in numbers if _standalone(n, prompt) and not _standalone(n, note.ask)}
            assert not named, (q.id, named, prompt)
        elif lang == "en" and q.choices[0].startswith(("qkv.", "quiz.")):
            # (a Chinese choice, "是", is a word inside others; a token, "the", a word of prose)
            shown = {c: CATALOG[c][lang] for c in q.choices}
            named = {c for c, said in shown.items() if _word(said, prompt)}
            named -= {c for c, said in shown.items() if _word(said, note.ask)}
            assert named != {q.answer}, (q.id, prompt)


def test_wrong_answers_read_alike_share_one_line():
    p = build_pipeline(TOKENS, d_model=4, n_heads=1, seed=0)  # the article's: "it" → "cake"
    q = quiz.similarity_questions(p, TOKENS.index("it"))[0]
    shown = [w.shown for w in stop_note("similarity", [q], "en").questions[0].wrong]
    assert shown == ["A · I, B · ate, C · the, H · delicious, I · .", "E · and, G · was", "F · it"]
    zh = [w.shown for w in stop_note("similarity", [q], "zh").questions[0].wrong]
    assert zh[1] == "E · and、G · was"
