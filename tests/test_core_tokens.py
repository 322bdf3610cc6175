"""Tokenization, toy embeddings and sinusoidal positional encoding."""

import json
import math
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.tokens import (
    MAX_SENTENCE_CHARS,
    MAX_TOKENS,
    focus_default,
    join_tokens,
    pe_wavelength,
    positional_encoding,
    sentence_tokens,
    swap_positions,
    token_embedding,
    tokenize,
    word_pair,
)

FAST = settings(max_examples=50, deadline=None)
REPO_ROOT = Path(__file__).resolve().parents[1]

# --- tokenize ------------------------------------------------------------------------------


def test_english_words_and_punctuation():
    assert tokenize("I ate the cake and it was delicious.") == [
        "I",
        "ate",
        "the",
        "cake",
        "and",
        "it",
        "was",
        "delicious",
        ".",
    ]


def test_apostrophes_stay_inside_words():
    assert tokenize("Don't stop, it's fine") == ["Don't", "stop", ",", "it's", "fine"]
    assert tokenize("don’t") == ["don’t"]
    assert tokenize("'quoted'") == ["'", "quoted", "'"]


def test_cjk_one_token_per_character():
    assert tokenize("我吃了蛋糕，它很好吃。") == list("我吃了蛋糕，它很好吃。")
    assert tokenize("ケーキを食べた") == ["ケ", "ー", "キ", "を", "食", "べ", "た"]
    assert tokenize("我吃了cake。") == ["我", "吃", "了", "cake", "。"]


def test_other_scripts_keep_their_words():
    assert tokenize("나는 케이크를 먹었다") == ["나는", "케이크를", "먹었다"]
    assert tokenize("नमस्ते दुनिया") == ["नमस्ते", "दुनिया"]  # vowel signs stay in the word
    assert tokenize("cafe\u0301 naïve") == ["café", "naïve"]  # combining accent, normalized


def test_emoji_survive_whole():
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man ZWJ woman ZWJ girl
    flag_cn = "\U0001f1e8\U0001f1f3"
    flag_us = "\U0001f1fa\U0001f1f8"
    thumbs = "\U0001f44d\U0001f3fd"  # thumbs up, medium skin tone
    heart = "\u2764\ufe0f"  # heart with the emoji variation selector
    text = f"We {family} love {flag_cn}{flag_us} and {thumbs}{heart} 🍰."
    assert tokenize(text) == [
        "We",
        family,
        "love",
        flag_cn,
        flag_us,
        "and",
        thumbs,
        heart,
        "🍰",
        ".",
    ]


def test_html_is_just_text():
    assert tokenize('<script>alert("hi")</script>') == [
        "<",
        "script",
        ">",
        "alert",
        "(",
        '"',
        "hi",
        '"',
        ")",
        "<",
        "/",
        "script",
        ">",
    ]
    assert tokenize("<b>bold</b> &amp;") == [
        "<",
        "b",
        ">",
        "bold",
        "<",
        "/",
        "b",
        ">",
        "&",
        "amp",
        ";",
    ]


@pytest.mark.parametrize("text", ["", " ", "   ", "\n\t \r\n", "\u3000\u00a0"])
def test_empty_or_whitespace_gives_no_tokens(text):
    assert tokenize(text) == []


@FAST
@given(st.text())
def test_any_unicode_text_tokenizes_without_losing_characters(text):
    tokens = tokenize(text)
    assert all(isinstance(t, str) and t for t in tokens)
    assert not any(ch.isspace() for t in tokens for ch in t)
    # nothing is dropped or invented: only the whitespace goes
    kept = "".join(ch for ch in unicodedata.normalize("NFC", text) if not ch.isspace())
    assert "".join(tokens) == kept


def test_max_tokens():
    assert MAX_TOKENS == 64


def test_a_sentence_is_trimmed_and_an_empty_one_replaced_by_the_article_s():
    article = sentence_tokens("I ate the cake and it was delicious.")
    assert article.tokens[:4] == ("I", "ate", "the", "cake") and len(article.tokens) == 9
    assert article.default_focus == "it" and not article.empty and not article.trimmed_from
    assert sentence_tokens(" \n ") == type(article)(article.tokens, 0, True)
    long = sentence_tokens("a " * 100)
    assert long.tokens == ("a",) * MAX_TOKENS and long.trimmed_from == 100
    assert long.labels[:3] == ["a", "a (2)", "a (3)"]  # repeated tokens told apart
    cut = sentence_tokens("b " * 3 + "x" * MAX_SENTENCE_CHARS + " c")  # "c" is past the cut
    assert cut.tokens[-1] != "c" and cut.tokens[:3] == ("b", "b", "b")


# --- embeddings ----------------------------------------------------------------------------

WORDS = ["cake", "it", "蛋糕", "🍰", "<b>"]


def test_embeddings_are_deterministic_and_shaped():
    a = token_embedding(WORDS, 4, seed=42)
    b = token_embedding(WORDS, 4, seed=42)
    assert a.shape == (len(WORDS), 4)
    np.testing.assert_array_equal(a, b)
    assert token_embedding([], 4, seed=0).shape == (0, 4)


def test_a_repeated_token_gets_the_same_vector():
    tokens = tokenize("the cat saw the dog and the cat ran")
    e = token_embedding(tokens, 8, seed=1)
    np.testing.assert_array_equal(e[0], e[3])
    np.testing.assert_array_equal(e[0], e[6])
    np.testing.assert_array_equal(e[1], e[7])
    assert not np.array_equal(e[0], e[1])  # different tokens, different vectors
    # a token's vector does not depend on its neighbours
    np.testing.assert_array_equal(token_embedding(["cat"], 8, seed=1)[0], e[1])


def test_different_seeds_give_different_vectors():
    a = token_embedding(WORDS, 4, seed=0)
    b = token_embedding(WORDS, 4, seed=1)
    for i in range(len(WORDS)):
        assert not np.array_equal(a[i], b[i])


def test_embeddings_are_the_same_in_another_process():
    code = (
        "import json; from core.tokens import token_embedding; "
        f"print(json.dumps(token_embedding({WORDS!r}, 4, seed=42).tolist()))"
    )
    here = token_embedding(WORDS, 4, seed=42).tolist()
    for hash_seed in ("0", "4242"):
        out = subprocess.run(
            [sys.executable, "-c", code],
            cwd=REPO_ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONIOENCODING": "utf-8"},
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        )
        assert json.loads(out.stdout) == here


@FAST
@given(st.text(max_size=40), st.integers(1, 16), st.integers(0, 2**31 - 1))
def test_embeddings_of_any_text_are_finite(text, d_model, seed):
    tokens = tokenize(text)
    e = token_embedding(tokens, d_model, seed)
    assert e.shape == (len(tokens), d_model)
    assert np.isfinite(e).all()


# --- positional encoding -------------------------------------------------------------------


@pytest.mark.parametrize("pos", [0, 1, 5, 11])
@pytest.mark.parametrize("i", [0, 1, 2])
def test_positional_encoding_matches_the_formula(pos, i):
    d_model = 6
    pe = positional_encoding(12, d_model)
    angle = pos / 10000 ** (2 * i / d_model)
    assert pe[pos, 2 * i] == pytest.approx(math.sin(angle), rel=1e-12, abs=1e-15)
    assert pe[pos, 2 * i + 1] == pytest.approx(math.cos(angle), rel=1e-12, abs=1e-15)


def test_positional_encoding_by_hand_at_d_4():
    pe = positional_encoding(3, 4)
    # columns use pos/1, pos/1, pos/100, pos/100  (10000^(2/4) = 100)
    expected = [
        [0.0, 1.0, 0.0, 1.0],
        [math.sin(1), math.cos(1), math.sin(0.01), math.cos(0.01)],
        [math.sin(2), math.cos(2), math.sin(0.02), math.cos(0.02)],
    ]
    np.testing.assert_allclose(pe, expected, rtol=1e-12, atol=1e-15)


def test_odd_d_model_ends_with_a_sine_column():
    n, d_model = 7, 5
    pe = positional_encoding(n, d_model)
    assert pe.shape == (n, d_model)
    for pos in range(n):
        last = math.sin(pos / 10000 ** (4 / d_model))  # column 4 = 2i with i = 2
        assert pe[pos, 4] == pytest.approx(last, rel=1e-12, abs=1e-15)
        first = pos / 10000 ** (2 / d_model)  # i = 1
        assert pe[pos, 2] == pytest.approx(math.sin(first), rel=1e-12, abs=1e-15)
        assert pe[pos, 3] == pytest.approx(math.cos(first), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("d_model", [1, 2, 4, 5, 8])
def test_position_zero_is_zero_one_zero_one(d_model):
    expected = [0.0 if j % 2 == 0 else 1.0 for j in range(d_model)]
    np.testing.assert_array_equal(positional_encoding(1, d_model)[0], expected)


def test_positional_encoding_bounds_and_empty():
    pe = positional_encoding(MAX_TOKENS, 32)
    assert pe.shape == (MAX_TOKENS, 32)
    assert np.all(np.abs(pe) <= 1.0)
    assert positional_encoding(0, 4).shape == (0, 4)


def test_pe_wavelength_is_two_pi_times_the_column_pair_s_base():
    d = 8
    np.testing.assert_allclose(
        pe_wavelength([0, 1, 2, 3, 6], d),
        [2 * math.pi * 10000 ** (k / d) for k in (0, 0, 2, 2, 6)],
        rtol=1e-15,
    )
    # A column repeats after one wavelength: PE(pos + λ) = PE(pos) for the sine column 2.
    lam = pe_wavelength([2], d)[0]
    assert math.sin(5 / 10000 ** (2 / d)) == pytest.approx(
        math.sin((5 + lam) / 10000 ** (2 / d)), abs=1e-12
    )


def test_a_swap_moves_embeddings_and_keeps_positions():
    e = token_embedding(["a", "b", "c", "d"], 4, 0)
    pe = positional_encoding(4, 4)
    s = swap_positions(e, pe, 0, 2)
    assert list(s.order) == [2, 1, 0, 3]
    np.testing.assert_array_equal(s.embeddings, e[[2, 1, 0, 3]])
    np.testing.assert_array_equal(s.x, e[[2, 1, 0, 3]] + pe)
    expected = np.zeros((4, 4))
    expected[0], expected[2] = pe[2] - pe[0], pe[0] - pe[2]
    np.testing.assert_allclose(s.delta, expected, atol=1e-15)
    assert (s.delta[[1, 3]] == 0).all()  # exactly: no rounding -0.00 for unmoved words


def test_numbers_stay_whole():
    assert tokenize("pi is 3.14, and 1,000 more") == [
        "pi",
        "is",
        "3.14",
        ",",
        "and",
        "1,000",
        "more",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I ate the cake and it was delicious.",
        "我吃了蛋糕，它很好吃。",
        "Well (really): 3.14!",
        "don't",
    ],
)
def test_tokens_read_back_as_the_text(text):
    assert join_tokens(tokenize(text)) == text


def test_the_followed_token_starts_at_the_pronoun_or_the_last_word():
    assert focus_default(tokenize("I ate the cake and it was delicious.")) == 5
    assert focus_default(tokenize("我吃了蛋糕，它很好吃。")) == 6
    assert focus_default(tokenize("the cat sat on the mat.")) == 5  # "mat", not "."
    assert focus_default(["!", "?"]) == 1


def test_word_pairs_skip_special_marks_and_punctuation():
    pieces = ["[CLS]", "i", "ate", "the", "cake", "and", "it", "was", "delicious", ".", "[SEP]"]
    assert word_pair(pieces, "it", "cake") == (6, 4)
    unknown = ["[CLS]", "我", "[UNK]", "，", "[UNK]", "。", "[SEP]"]
    qi, ki = word_pair(unknown, "它", "cake")
    assert unknown[qi] == "我" and unknown[ki] == "我"  # the only word the model knows
