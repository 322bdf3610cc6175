"""Real model page: the pretrained model's attention, and a clear message without it."""

from __future__ import annotations

import huggingface_hub
import numpy as np
import pytest
import streamlit as st
from apptest_util import all_text, chart, chart_keys, matrix, open_page

from realmodel import FIX_COMMAND, loader
from ui.texts.real_model import TEXTS


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
    np.testing.assert_allclose(link, out.attentions[:, :, 6, 4], atol=1e-12)
    best = reference["it_to_cake_strongest"]
    text = all_text(at)
    assert f"layer {best['layer'] + 1}, head {best['head'] + 1}" in text
    closeup = matrix(at, closeup_key(at))  # the close-up starts at that head
    np.testing.assert_allclose(closeup, out.attentions[best["layer"], best["head"]], atol=1e-12)
    # The model's attention runs in float32, as its weights are stored: rows sum to 1 within
    # float32's rounding (its accuracy against the reference is checked in test_bert.py).
    np.testing.assert_allclose(closeup.sum(axis=1), 1.0, atol=1e-6)
    assert len([k for k in chart_keys(at) if k.startswith("real_heads")]) == 3  # 12 heads by 4


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
    message = TEXTS["unknown"]["zh"].format(unknown=unknown, words=len(tokens) - 2, vocab=vocab)
    assert message in [w.value for w in at.warning]
    # The first picks are words: never [CLS], [SEP], [UNK] or punctuation.
    for widget in at.selectbox:
        if widget.key and widget.key.startswith(("real_q_", "real_k_")):
            assert tokens[widget.value] not in ("[CLS]", "[SEP]", "[UNK]", "，", "。")
