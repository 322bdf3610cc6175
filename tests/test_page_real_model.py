"""Real model page: the pretrained model's attention, and a clear message without it."""

from __future__ import annotations

import huggingface_hub
import numpy as np
import pytest
import streamlit as st
from apptest_util import all_text, chart, chart_keys, matrix, open_page
from quiz_util import EN, fill, press

from core.quiz import real_model_questions
from core.tokens import is_word, unique_labels
from realmodel import FIX_COMMAND, loader
from ui.texts.real_model import TEXTS
from ui.widgets import md_escape

F32 = 1e-6  # a weight in [0, 1] to float32's rounding, a few units in its last place


def picked(at, prefix: str) -> int:
    """The position chosen in the picker whose key starts with ``prefix``."""
    return int(next(box for box in at.selectbox if box.key.startswith(prefix)).value)


def closeup_key(at) -> str:
    """The key of the close-up map, which names its layer and head."""
    return next(key for key in chart_keys(at) if key.startswith("real_map_"))


@pytest.mark.model
def test_article_sentence_finds_the_strongest_it_to_cake_head(model, reference):
    at = open_page("real_model")
    assert not at.exception
    encoded = model.encode(reference["sentence"])
    out = model.forward(encoded)
    link = matrix(at, "real_link")  # [layers, heads]: attention from "it" to "cake"
    # float32, as the model's weights: the page's run and this one agree to float32's rounding,
    # not to the bit (BLAS may sum in another order, with another number of threads).
    np.testing.assert_allclose(link, out.attentions[:, :, 6, 4], atol=F32)
    best = reference["it_to_cake_strongest"]
    text = all_text(at)
    assert f"layer {best['layer'] + 1}, head {best['head'] + 1}" in text
    closeup = matrix(at, closeup_key(at))  # the close-up starts at that head
    np.testing.assert_allclose(closeup, out.attentions[best["layer"], best["head"]], atol=F32)
    # The model's attention runs in float32, as its weights are stored: rows sum to 1 within
    # float32's rounding (its accuracy against the reference is checked in test_bert.py).
    np.testing.assert_allclose(closeup.sum(axis=1), 1.0, atol=1e-6)
    assert [k for k in chart_keys(at) if k.startswith("real_heads")] == ["real_heads_1"]  # one grid
    heads = chart(at, "real_heads_1")
    assert heads["hi"].nunique() == out.attentions.shape[1]  # of all 12 heads


@pytest.mark.model
def test_moving_the_sliders_changes_the_close_up(model):
    at = open_page("real_model")
    before = matrix(at, closeup_key(at))
    layer = next(w for w in at.select_slider if w.label == TEXTS["col_layer"]["en"])
    layer.set_value(1).run()
    assert not at.exception
    after = matrix(at, closeup_key(at))
    assert not np.allclose(before, after)
    assert "All 12 heads of layer 1" in [h.value for h in at.subheader]


@pytest.mark.model
@pytest.mark.parametrize(
    "params",
    [
        {"sentence": "cake " * 200},  # past 128 word pieces: cut, and too long for 12 maps
        {"sentence": "   "},  # empty: the article's sentence instead
        {"sentence": "我吃了蛋糕 😀 <script>alert(1)</script> **bold** [x](y)", "lang": "zh"},
        {"sentence": "a"},
    ],
)
def test_odd_sentences_render_without_error(model, params):
    at = open_page("real_model", **params)
    assert not at.exception
    assert "<script>" not in "".join(m.value for m in at.markdown)  # user text is escaped
    if params["sentence"].startswith("cake"):
        assert TEXTS["truncated"]["en"].format(max=128) in all_text(at)
        assert not [k for k in chart_keys(at) if k.startswith("real_heads")]  # no grid of heads
        assert matrix(at, "real_link").shape == (6, 12)


def test_without_the_model_the_page_says_how_to_install_it(monkeypatch, tmp_path):
    def unreachable_hub(*args, **kwargs):
        raise OSError("no connection (test)")

    monkeypatch.setenv(loader.ENV_VAR, str(tmp_path / "missing"))
    monkeypatch.setattr(loader, "PACKAGE", "attention_lab_no_such_model_package")
    monkeypatch.setattr(huggingface_hub, "hf_hub_download", unreachable_hub)
    st.cache_resource.clear()  # the page caches the model (or its absence) per process
    try:
        at = open_page("real_model")
        assert not at.exception
        assert TEXTS["unavailable"]["en"] in all_text(at)
        assert FIX_COMMAND in [c.value for c in at.code]
        assert not at.get("vega_lite_chart")
    finally:
        st.cache_resource.clear()


@pytest.mark.model
def test_the_query_is_the_followed_token_and_is_outlined(model):
    at = open_page("real_model", focus="delicious")
    assert not at.exception
    frames = {key: chart(at, key) for key in chart_keys(at) if key.startswith("real_")}
    closeup = frames[closeup_key(at)]
    assert set(closeup.loc[closeup["focus"], "row"]) == {"delicious"}
    assert set(frames["real_heads_1"].loc[frames["real_heads_1"]["focus"], "row"]) == {"delicious"}


@pytest.mark.model
def test_chinese_says_how_many_pieces_the_model_does_not_know(model):
    sentence = "我吃了蛋糕，它很好吃。"
    at = open_page("real_model", sentence=sentence, lang="zh")
    assert not at.exception
    tokens = model.encode(sentence).tokens
    unknown = tokens.count("[UNK]")
    assert unknown > 0
    vocab = f"{model.tokenizer.get_vocab_size():,}"
    pieces = "；".join(f"“{piece}”" for piece in model.encode(sentence).unknown)
    found = {"unknown": unknown, "words": len(tokens) - 2, "vocab": vocab, "pieces": pieces}
    message = TEXTS["unknown"]["zh"].format(**found) + " " + TEXTS["unknown_cjk"]["zh"]
    assert message in [w.value for w in at.warning]
    # The first picks are words: never [CLS], [SEP], [UNK] or punctuation.
    for widget in at.selectbox:
        if widget.key and widget.key.startswith(("real_q_", "real_k_")):
            assert tokens[widget.value] not in ("[CLS]", "[SEP]", "[UNK]", "，", "。")


SENTENCES = (  # ten sentences, with and without "it", long and short, names and numbers
    "The trophy didn't fit in the suitcase because it was too big.",
    "The animal didn't cross the street because it was too tired.",
    "The cat sat on the mat.",
    "Paris is the capital of France and it is beautiful.",
    "She gave him the book because he asked for it.",
    "Dogs bark.",
    "When the rain stopped, the children ran outside to play in the puddles.",
    "It rained.",
    "The model has 6 layers and 12 heads, 72 in all.",
    "I ate the cake and it was delicious.",
)


@pytest.mark.model
@pytest.mark.parametrize("sentence", SENTENCES)
def test_every_conclusion_holds_for_any_sentence(model, sentence):
    at = open_page("real_model", sentence=sentence)
    assert not at.exception
    out = model.forward(model.encode(sentence))
    tokens = model.encode(sentence).tokens
    qi, ki = (picked(at, f"real_{which}_") for which in "qk")
    assert ki != qi and is_word(tokens[ki])  # a word other than the query itself
    if "cake" not in sentence:  # the word the query attends to most, over every head
        words = [j for j, tok in enumerate(tokens) if is_word(tok) and j != qi]
        mean = out.attentions[:, :, qi, :].mean(axis=(0, 1))
        assert ki == max(words, key=lambda j: mean[j])
    rows = out.attentions[:, :, qi, :]
    top = int((rows.argmax(axis=-1) == ki).sum())
    text = all_text(at)
    labels = [md_escape(label) for label in unique_labels(tokens)]
    q, k = f"“{labels[qi]}”", f"“{labels[ki]}”"
    if top == 0:
        assert TEXTS["link_top_none"]["en"].format(k=k, q=q, total=72) in text
    else:
        key = "link_top_all" if top == 72 else "link_top"
        assert TEXTS[key]["en"].format(k=k, q=q, top=top, total=72) in text
    assert " in 0 of the " not in text


@pytest.mark.model
def test_an_emoji_is_named_as_an_unknown_piece_not_taken_for_chinese(model):
    at = open_page("real_model", sentence="I ate the 🍰 and it was delicious.")
    (warning,) = [w.value for w in at.warning if "[UNK]" in w.value]
    assert "“🍰”" in warning
    assert TEXTS["unknown_cjk"]["en"] not in warning  # nothing here is Chinese
    at = open_page("real_model", sentence="我吃了蛋糕")
    (warning,) = [w.value for w in at.warning if "[UNK]" in w.value]
    assert "“吃”" in warning and TEXTS["unknown_cjk"]["en"] in warning


def line_rows(at):
    df = chart(at, "real_lines")
    return df[df["part"] == "line"]


@pytest.mark.model
def test_the_line_view_draws_it_to_every_key_in_the_strongest_heads_held_until_the_guess(model):
    sentence = "I ate the cake and it was delicious."
    att = model.forward(model.encode(sentence)).attentions  # [L, h, n, n]
    qi, ki = 6, 4  # "it", "cake"
    link = att[:, :, qi, ki]
    layer = int(np.argmax(link.max(axis=1)))  # the layer of the strongest head for the link
    heads = sorted(np.argsort(-att[layer, :, qi, ki])[:3])  # its three strongest
    at = open_page("real_model", ask="1")
    assert "real_lines" not in chart_keys(at)  # its first layer would give the answer away
    qs = real_model_questions(att, model.encode(sentence).tokens, qi, ki)
    fill(at, "real_model", qs, [q.choices[0] for q in qs])
    press(at, EN["check"])
    rows = line_rows(at)
    assert set(rows["head"]) == {f"H{h + 1}" for h in heads}
    for h in heads:
        row = att[layer, h, qi]
        kept = row >= 0.02
        mine = rows[rows["head"] == f"H{h + 1}"].set_index("label")["weight"]
        labels = np.array(unique_labels(model.encode(sentence).tokens))
        assert set(mine.index) == set(labels[kept])
        np.testing.assert_allclose(mine[labels[kept]], row[kept], atol=F32)
    assert f"H{heads[-1] + 1}: " in all_text(at) and "0.02" in all_text(at)
    # switching heads changes which heads are drawn
    switch = next(w for w in at.segmented_control if w.key.startswith("real_lines_heads_"))
    switch.set_value([0]).run()
    assert not at.exception
    assert set(line_rows(at)["head"]) == {"H1"}


@pytest.mark.model
def test_the_layer_question_can_be_reasoned_about(model, lang):
    """Not "which of 6 layers?", a guess, but early, middle or late, with what a layer sees
    said in the question; the answer's third holds the strongest head for the link."""
    from core.quiz.lesson import BANDS, layer_bands
    from ui.texts import CATALOG

    sentence = "I ate the cake and it was delicious."
    att = model.forward(model.encode(sentence)).attentions
    (q,) = real_model_questions(att, model.encode(sentence).tokens, 6, 4)
    layer = int(np.argmax(att[:, :, 6, 4].max(axis=1))) + 1
    first, last = layer_bands(att.shape[0])[BANDS.index(q.answer)]
    assert first <= layer <= last and layer_bands(6) == [(1, 2), (3, 4), (5, 6)]
    at = open_page("real_model", ask="1", lang=lang)
    box = at.radio(key="quiz_real_model_1_guess")
    assert box.options == [CATALOG[b][lang] for b in BANDS]
    assert "1–2" in all_text(at) and "5–6" in all_text(at)
