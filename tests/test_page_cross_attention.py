"""Cross-attention page: the decoder's tokens ask, the encoder's answer; n_dec × n_enc
weights worked out here by hand, no mask on them and the causal one on the decoder's own;
the hand-made pair aligns and random weights do not; the two sentences on the page and in
the link; hostile sentences; the question held back."""

from __future__ import annotations

import numpy as np
import pytest
from apptest_util import all_text, chart, chart_keys, matrix, open_page, table
from quiz_util import EN, fill, press, verdicts

from core import ARTICLE_TOKENS
from core.quiz.rope_cross import cross_attention_questions
from core.sentence_pair import PAIR_TOKENS, article_pair
from ui.texts.common import TEXTS as COMMON
from ui.texts.cross_attention import TEXTS

CROSS, SELF, ROW, OUT = "cross_weights_map", "cross_self_map", "cross_row", "cross_output"
# Each Chinese token's English counterpart, stated by hand.
COUNTERPART = ["I", "ate", "ate", "cake", "cake", "and", "it", "was", "delicious", "delicious", "."]


def softmax_rows(s: np.ndarray) -> np.ndarray:
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def test_the_hand_made_pair_aligns_each_chinese_token_with_its_counterpart():
    at = open_page("cross_attention", sections=("cross_output_open",))
    assert not at.exception
    ex = article_pair()
    # Worked out here: q = x_dec·W_Q, k = x_enc (W_K = I), scores ÷ √4, softmax by row.
    q = ex["x_dec"] @ ex["cross_params"].w_q
    want = softmax_rows(q @ ex["x_enc"].T / 2)
    w = matrix(at, CROSS)
    assert w.shape == (11, 9)
    np.testing.assert_allclose(w, want, atol=1e-12)
    assert [ARTICLE_TOKENS[j] for j in w.argmax(axis=1)] == COUNTERPART
    assert TEXTS["hits_hand"]["en"].format(hits=11, n=11, n_enc=9) in all_text(at)
    assert (w > 0).all()  # no mask: every English token is seen by every Chinese one
    # The followed token (它) asks, and "it" answers most; its output row is A·V (W_V = W_O = I).
    np.testing.assert_allclose(chart(at, ROW)["value"], want[6], atol=1e-12)
    np.testing.assert_allclose(matrix(at, OUT), want @ ex["x_enc"], atol=1e-12)
    at.selectbox(key="cross_focus").set_value("糕").run()
    np.testing.assert_allclose(chart(at, ROW)["value"], want[4], atol=1e-12)
    assert at.query_params["cq"] == "糕"


def test_the_decoder_s_own_attention_is_causal():
    at = open_page("cross_attention", d="16", heads="2", seed="5")
    for head in (1, 2):
        at.select_slider(key="cross_head").set_value(head).run()
        own, cross = matrix(at, SELF), matrix(at, CROSS)
        assert (own[np.triu_indices(11, 1)] == 0).all() and (own[np.tril_indices(11)] > 0).all()
        np.testing.assert_allclose(own.sum(axis=1), 1.0, atol=1e-12)
        assert cross.shape == (11, 9) and (cross > 0).all()
    assert TEXTS["no_mask"]["en"] in all_text(at)


def test_random_weights_do_not_align_the_same_vectors():
    at = open_page("cross_attention", sections=("cross_vectors",), weights="random", seed="3")
    w = matrix(at, CROSS)
    hits = sum(
        ARTICLE_TOKENS[j] == want for j, want in zip(w.argmax(axis=1), COUNTERPART, strict=True)
    )
    assert hits <= 6
    assert TEXTS["hits_random"]["en"].format(hits=hits, n=11, n_enc=9) in all_text(at)
    assert at.segmented_control(key="cross_weights").value == "random"
    x_dec = chart(at, "cross_x_dec").pivot(index="i", columns="j", values="value").to_numpy()
    np.testing.assert_allclose(x_dec, article_pair()["x_dec"])  # the vectors stay hand-made


@pytest.mark.parametrize(
    ("dec", "enc", "d", "heads"),
    [("the cat sat", "le chat est assis ici", "8", "2"), ("猫", "cat", "4", "1")],
)
def test_other_sentences_give_n_dec_by_n_enc_weights(dec, enc, d, heads):
    at = open_page("cross_attention", dec=dec, enc=enc, d=d, heads=heads, temp="0.5")
    assert not at.exception
    n_dec, n_enc = len(dec.split()) if " " in dec else len(dec), len(enc.split())
    w = matrix(at, CROSS)
    assert w.shape == (n_dec, n_enc)
    np.testing.assert_allclose(w.sum(axis=1), 1.0, atol=1e-12)
    assert TEXTS["not_article"]["en"].format(seed=0) in all_text(at)
    # Hand-made weights are the article pair's alone: no choice of them here.
    assert "cross_weights" not in [c.key for c in at.get("segmented_control")]


def test_the_sentences_are_edited_on_the_page_and_kept_in_the_link():
    at = open_page("cross_attention")
    at.text_input(key="cross_enc").set_value("I ate it").run()
    assert matrix(at, CROSS).shape == (11, 3) and at.query_params["enc"] == "I ate it"
    long = " ".join(["word"] * 30)  # 149 characters: more than a link keeps of a number
    at = open_page("cross_attention", dec=long)
    assert at.text_input(key="cross_dec").value == long and matrix(at, CROSS).shape == (30, 9)
    at.button(key="cross_article").click().run()  # back to the article's pair, by hand
    assert matrix(at, CROSS).shape == (11, 9)
    assert TEXTS["hits_hand"]["en"].format(hits=11, n=11, n_enc=9) in all_text(at)


@pytest.mark.parametrize("side", ["dec", "enc"])
@pytest.mark.parametrize("text", ["", "   \n "])
def test_an_empty_sentence_on_either_side_is_said_not_drawn(side, text):
    at = open_page("cross_attention", **{side: text})
    assert not at.exception
    assert TEXTS[f"empty_{side}"]["en"] in [w.value for w in at.warning]
    assert not at.get("vega_lite_chart") and not at.get("form")


def test_one_token_a_side_emoji_and_a_tampered_link():
    at = open_page("cross_attention", dec="🎂", enc="x", weights="zzz", cq="<b>x</b>")
    assert not at.exception
    assert matrix(at, CROSS).tolist() == [[1.0]] and matrix(at, SELF).tolist() == [[1.0]]
    assert at.selectbox(key="cross_focus").value == "🎂"
    many = "🎂 👩‍👩‍👧 🇫🇷 **bold** <script>x</script> " * 40 + "x" * 5000
    at = open_page("cross_attention", dec=many, enc=many)
    assert not at.exception
    assert matrix(at, CROSS).shape == (64, 64)
    trimmed = COMMON["msg.trimmed"]["en"].split("{")[0]
    assert len([i for i in at.info if i.value.startswith(trimmed)]) == 2
    assert "**bold**" not in all_text(at) and "<script>" not in all_text(at)


def test_the_shape_is_held_back_until_a_guess():
    at = open_page("cross_attention", ask="1", d="8", heads="2")
    (q,) = cross_attention_questions(11, 9, 2)  # the page's own two sentences
    assert q.answer == "11 × 9"
    assert CROSS not in chart_keys(at) and "cross_q" not in chart_keys(at)
    assert TEXTS["weights"]["en"] not in all_text(at)
    fill(at, "cross_attention", [q], ["9 × 11"])
    press(at, EN["check"])
    assert verdicts(at)[0].startswith(EN["wrong"].split("{")[0])
    assert matrix(at, CROSS).shape == (11, 9)
    assert "11 × 9" in verdicts(at)[0]


def test_the_question_speaks_of_the_sentences_on_the_page(lang):
    """Its lengths are the page's (not a fixed 6 and 9), and it calls the two sentences what
    they are in a translation: the one being written and the source, not question and answer."""
    at = open_page("cross_attention", ask="1", lang=lang, enc="the cat sat")
    ask = TEXTS["quiz.shape.ask"][lang].format(n_dec=11, n_enc=3)
    assert ask in all_text(at)
    assert {"en": "(the question)", "zh": "（提问的一方）"}[lang] not in all_text(at)
    box = at.radio(key="quiz_cross_attention_1_guess")
    assert "11 × 3" in box.options and "6 × 9" not in box.options


def test_the_alignment_table_names_each_counterpart():
    at = open_page("cross_attention", sections=("cross_alignment",))
    names = [TEXTS[f"col_{c}"]["en"] for c in ("token", "counterpart", "top", "hit")]
    df = table(at, *names)
    assert df[names[1]].tolist() == COUNTERPART == df[names[2]].tolist()
    assert df[names[0]].tolist()[9] == "吃 (2)" and df[names[3]].all()
    assert len(df) == len(PAIR_TOKENS)
