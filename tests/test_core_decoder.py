"""The decoder's math (core.decoder): characters to ids, the forward pass built on
core.attention, and its hand-written gradients (finite differences here, PyTorch autograd
on a recorded rebuild); bad input.

The gradient checks use central differences, (L(θ + ε) − L(θ − ε)) / 2ε with ε = 1e-6:
error O(ε²) ≈ 1e-12 plus rounding ≈ 1e-16/ε = 1e-10, far inside the 1e-6 asked for.
"""

import json
from pathlib import Path

import numpy as np
import pytest
from decoder_util import TINY, tiny_weights

from core.attention import scaled_dot_product_attention
from core.decoder.backward import backward, loss_and_grads, token_losses
from core.decoder.model import DecoderConfig, DecoderWeights, forward
from core.decoder.vocab import UNKNOWN, Vocabulary, build_vocabulary, graphemes, unknown_graphemes

REFERENCE = Path(__file__).parent / "fixtures" / "decoder_reference.json"


def test_the_vocabulary_keeps_every_english_character_and_the_frequent_chinese_ones():
    vocab = build_vocabulary(["ab\nb!", "子曰子曰子曰学"], min_cjk_count=3)
    assert set(vocab.chars) == {"a", "b", "\n", "!", "子", "曰", UNKNOWN}
    assert list(vocab.chars) == sorted(vocab.chars)  # the same texts give the same ids
    enc = vocab.encode("学ab")
    assert enc.ids.tolist() == [vocab.unknown_id, vocab.id("a"), vocab.id("b")]
    assert enc.unknown == (0,)
    assert vocab.decode(enc.ids) == UNKNOWN + "ab"


def test_characters_a_student_types_are_kept_though_the_texts_lack_them():
    vocab = build_vocabulary(["ab"], min_cjk_count=1, also="07)")
    assert set(vocab.chars) == {"a", "b", "0", "7", ")", UNKNOWN}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("ab", ["a", "b"]),
        ("👍🏽👍🏽", ["👍🏽", "👍🏽"]),  # a skin-tone modifier belongs to its emoji
        ("👩\u200d💻!", ["👩\u200d💻", "!"]),  # two emoji joined by ZWJ
        ("🇨🇳🇺🇸🇫", ["🇨🇳", "🇺🇸", "🇫"]),  # flags: regional indicators in pairs
        ("e\u0301x", ["e\u0301", "x"]),  # a combining accent
        ("❤\ufe0f1\ufe0f\u20e3", ["❤\ufe0f", "1\ufe0f\u20e3"]),  # variation selector, keycap
        ("a\r\nb", ["a", "\r\n", "b"]),
        (
            "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
            ["🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"],
        ),
        ("\u0301a", ["\u0301", "a"]),  # a mark with nothing before it stands alone
    ],
)
def test_a_text_is_cut_into_the_characters_a_reader_sees(text, expected):
    assert graphemes(text) == expected
    assert "".join(graphemes(text)) == text


def test_an_unknown_grapheme_is_counted_and_named_once():
    vocab = build_vocabulary(["abc 1"], min_cjk_count=1)
    found = unknown_graphemes("a👍🏽b👍🏽 é 1\ufe0f\u20e3 \ufffd", vocab)
    assert found == {"👍🏽": 2, "é": 1, "1\ufe0f\u20e3": 1, "\ufffd": 1}
    assert unknown_graphemes("abc", vocab) == {}


@pytest.mark.parametrize("text", ["🙂", "<script>alert(1)</script>", "é", "\r\n", "\x00"])
def test_characters_outside_the_vocabulary_are_read_as_unknown_and_listed(text):
    vocab = build_vocabulary(["abc alert()"], min_cjk_count=1)
    enc = vocab.encode(text)
    assert enc.n == len(text)
    assert all(0 <= i < vocab.size for i in enc.ids)
    expected = [i for i, c in enumerate(text) if c not in "abc alert()"]
    assert list(enc.unknown) == expected


def test_an_empty_text_encodes_to_no_ids_and_the_model_refuses_it():
    vocab = build_vocabulary(["ab"], min_cjk_count=1)
    assert vocab.encode("").n == 0
    with pytest.raises(ValueError, match="empty"):
        forward(tiny_weights(), vocab.encode("").ids, TINY)


def test_a_vocabulary_must_be_single_different_characters_with_unknown():
    with pytest.raises(ValueError):
        Vocabulary(("a", "a", UNKNOWN))
    with pytest.raises(ValueError):
        Vocabulary(("ab", UNKNOWN))
    with pytest.raises(ValueError, match="U\\+FFFD"):
        Vocabulary(("a",))
    with pytest.raises(ValueError):
        build_vocabulary(["a"], min_cjk_count=1).decode([5])


def test_each_layer_is_causal_multi_head_attention_added_to_the_residual_stream():
    w, ids = tiny_weights(1), np.array([3, 1, 4, 1, 5])
    fwd = forward(w, ids, TINY)
    h, d_k = TINY.n_heads, TINY.d_k
    x = w.e[ids] + w.p[:5]  # written out again here, not read from the code under test
    np.testing.assert_allclose(fwd.x[0], x, rtol=1e-14)
    for layer in range(TINY.n_layers):
        out = np.zeros_like(x)
        for i in range(h):
            cols = slice(i * d_k, (i + 1) * d_k)
            head = scaled_dot_product_attention(
                x @ w.w_q[layer][:, cols],
                x @ w.w_k[layer][:, cols],
                x @ w.w_v[layer][:, cols],
                mask=np.tril(np.ones((5, 5), dtype=bool)),
            )
            np.testing.assert_allclose(fwd.traces[layer].weights[i], head.weights, atol=1e-14)
            out += head.output @ w.w_o[layer][cols]
        x = x + out
        np.testing.assert_allclose(fwd.x[layer + 1], x, rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(fwd.logits, x @ w.w_u, rtol=1e-12, atol=1e-13)
    assert fwd.attention.shape == (2, 2, 5, 5)
    assert np.all(np.triu(fwd.attention, k=1) == 0)  # no position reads a later one


def test_a_batch_of_texts_gives_each_text_its_own_pass():
    w, ids = tiny_weights(2), np.array([[0, 1, 2, 3], [6, 5, 4, 3]])
    both = forward(w, ids, TINY)
    for b in range(2):
        alone = forward(w, ids[b], TINY)
        np.testing.assert_allclose(both.logits[b], alone.logits, rtol=1e-12, atol=1e-13)
        np.testing.assert_allclose(both.attention[:, :, b], alone.attention, atol=1e-14)


def test_training_s_float32_pass_is_the_float64_one_to_float32_s_precision():
    w, ids = tiny_weights(5), np.array([[1, 2, 3, 4, 1, 2]])
    wide, narrow = forward(w, ids, TINY), forward(w, ids, TINY, dtype=np.float32)
    assert narrow.logits.dtype == np.float32 and narrow.attention.dtype == np.float32
    np.testing.assert_allclose(narrow.logits, wide.logits, rtol=1e-5, atol=1e-5)
    _, g64 = loss_and_grads(w, ids[:, :-1], ids[:, 1:], TINY)
    _, g32 = loss_and_grads(w, ids[:, :-1], ids[:, 1:], TINY, np.float32)
    for name in w.names():
        assert g32[name].dtype == np.float32
        scale = float(np.abs(g64[name]).max())
        np.testing.assert_allclose(g32[name], g64[name], atol=1e-5 * scale, err_msg=name)


def test_float32_weights_give_the_same_pass_as_their_float64_values():
    w = tiny_weights(3).astype(np.float32)
    ids = np.array([1, 2, 3])
    np.testing.assert_array_equal(
        forward(w, ids, TINY).logits, forward(w.astype(np.float64), ids, TINY).logits
    )
    assert forward(w, ids, TINY).logits.dtype == np.float64


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        (np.zeros(7, dtype=int), "at most 6"),
        (np.array([0, 7]), "0 … 6"),
        (np.array([-1]), "0 … 6"),
        (np.array([0.5]), "whole numbers"),
        (np.zeros((2, 0), dtype=int), "empty"),
    ],
)
def test_input_the_model_cannot_read_gets_a_clear_message(ids, message):
    with pytest.raises(ValueError, match=message):
        forward(tiny_weights(), ids, TINY)


def test_impossible_sizes_are_refused():
    with pytest.raises(ValueError, match="divisible"):
        DecoderConfig(n_vocab=5, d_model=6, n_heads=4)
    with pytest.raises(ValueError):
        DecoderConfig(n_vocab=0)


def numeric_gradient(w: DecoderWeights, inputs, targets, config) -> DecoderWeights:
    def loss() -> float:
        return float(token_losses(forward(w, inputs, config).log_probs(), targets).mean())

    grads = {}
    for name in w.names():
        a, g = w[name], np.zeros_like(w[name])
        for idx in np.ndindex(a.shape):
            old = a[idx]
            a[idx] = old + 1e-6
            up = loss()
            a[idx] = old - 1e-6
            down = loss()
            a[idx] = old
            g[idx] = (up - down) / 2e-6
        grads[name] = g
    return DecoderWeights(**grads)


def test_every_gradient_matches_finite_differences():
    w = tiny_weights(4)
    ids = np.random.default_rng(5).integers(0, TINY.n_vocab, (3, TINY.n_ctx))
    _, grads = loss_and_grads(w, ids[:, :-1], ids[:, 1:], TINY)
    numeric = numeric_gradient(w, ids[:, :-1], ids[:, 1:], TINY)
    for name in w.names():
        np.testing.assert_allclose(grads[name], numeric[name], rtol=1e-6, atol=1e-9, err_msg=name)


def test_a_character_seen_twice_gets_the_sum_of_both_gradients_in_its_embedding():
    w = tiny_weights(6)
    ids = np.array([[2, 2, 2, 3, 3]])  # character 2 three times; 0, 1, 4, 5, 6 never
    fwd = forward(w, ids[:, :-1], TINY)
    grads = backward(w, fwd, np.exp(fwd.log_probs()), ids[:, 1:], TINY)
    assert np.all(grads.e[[0, 1, 4, 5, 6]] == 0)
    assert np.all(grads.p[4:] == 0)  # positions the text does not reach
    assert np.abs(grads.e[2]).sum() > 0


def reference() -> dict:
    if not REFERENCE.exists():
        pytest.fail("tests/fixtures/decoder_reference.json is missing: record it (see its script)")
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


def test_the_gradients_equal_pytorch_autograd_on_a_rebuild():
    case = reference()["tiny_gradients"]
    config = DecoderConfig(**case["config"])
    w = DecoderWeights(**{n: np.array(a) for n, a in case["weights"].items()})
    ids = np.array(case["ids"])
    losses, grads = loss_and_grads(w, ids[:, :-1], ids[:, 1:], config)
    assert abs(losses.mean() - case["loss"]) < 1e-12
    for name in w.names():
        np.testing.assert_allclose(
            grads[name], np.array(case["grads"][name]), rtol=1e-9, atol=1e-12, err_msg=name
        )
