"""Which keys a query may see: the four masks against hand-written ones, their weights as a
softmax over the allowed scores worked here, the receptive field counted by hand, the real
model's sinks against the recorded reference, and the question held back until the guess."""

from __future__ import annotations

import json

import huggingface_hub
import numpy as np
import pytest
import streamlit as st
from apptest_util import all_text, chart, chart_keys, matrix, open_page
from conftest import FIXTURES
from quiz_util import EN, fill, leaked, press, verdicts

from core import ARTICLE_SENTENCE
from core.decoder import first_shares, forward
from realmodel import FIX_COMMAND, loader
from realmodel.decoder_files import load_decoder, read_texts
from realmodel.train_decoder import held_out_windows
from ui import state
from ui.registry import questions
from ui.settings import DEFAULTS, Settings, parse_params
from ui.texts.real_model import TEXTS as REAL
from ui.texts.windows import TEXTS

KINDS = ("none", "causal", "window", "sinks")
REACHED = TEXTS["reached"]["en"]

pytestmark = pytest.mark.filterwarnings("error::RuntimeWarning")


def unmasked_scores(params: dict) -> np.ndarray:
    """The toy model's scores at these link settings without a mask (the sidebar's causal
    switch does not apply to the page's patterns), built afresh."""
    values, _ = parse_params(params)
    settings = Settings(**{**DEFAULTS.__dict__, **values, "causal": False})
    return state._compute_pipeline(settings).mha.head(0).scaled


def hand_masks(n: int, w: int, s: int) -> dict[str, np.ndarray]:
    """Each mask cell by cell, from its definition: may query i see key j?"""
    cells = {
        "none": lambda i, j: True,
        "causal": lambda i, j: j <= i,
        "window": lambda i, j: i - w < j <= i,
        "sinks": lambda i, j: j <= i and (j < s or i - w < j),
    }
    return {k: np.array([[f(i, j) for j in range(n)] for i in range(n)]) for k, f in cells.items()}


@pytest.mark.parametrize(
    "params",
    [{}, {"window": "1", "sinks": "0"}, {"window": "2", "sinks": "3", "d": "16", "mask": "1"}],
)
def test_each_mask_is_its_definition_and_its_weights_a_softmax_over_what_it_allows(params):
    at = open_page("windows", **params)
    assert not at.exception
    w, s = int(params.get("window", 3)), int(params.get("sinks", 1))
    scores = unmasked_scores(params)
    n = scores.shape[0]
    for kind, allowed in hand_masks(n, w, s).items():
        df = chart(at, f"pattern_{kind}")
        assert (df.pivot(index="i", columns="j", values="allowed").to_numpy() == allowed).all()
        weights = matrix(at, f"pattern_{kind}")
        assert (weights[~allowed] == 0).all()  # exactly 0
        for i in range(n):
            e = np.exp(scores[i, allowed[i]] - scores[i, allowed[i]].max())
            np.testing.assert_allclose(weights[i, allowed[i]], e / e.sum(), rtol=1e-12)
        np.testing.assert_allclose(weights.sum(axis=1), 1.0, atol=1e-15)
    if not params:  # "it" (the 6th of 9) sees 9, 6, 3 and 4 keys, and 0 is written as such
        assert "weight is exactly 0 and every row still sums to 1" in all_text(at)
        assert "“it” sees 9 keys without a mask, 6 with the causal mask, 3 in the window " in (
            all_text(at)
        )


@pytest.mark.parametrize(
    ("params", "counts", "needed"),
    [
        ({}, [1, 3, 5, 7, 9], 4),  # the question's case: 9 tokens, w = 3, 4 layers
        ({"layers": "2"}, [1, 3, 5], None),
        ({"window": "5", "layers": "2"}, [1, 5, 9], 2),
        ({"window": "1", "layers": "12"}, [1] * 13, None),
    ],
)
def test_the_receptive_field_grows_by_w_minus_1_a_layer(params, counts, needed):
    at = open_page("windows", **params)
    df = chart(at, "windows_reach")
    reached = df.groupby("i")["status"].apply(lambda s: int((s == REACHED).sum()))
    assert list(reached) == counts
    # Each layer's reach is the last tokens: from position 9 − count + 1 to 9.
    for layer, count in enumerate(counts):
        row = df[df["i"] == layer].sort_values("j")
        assert list(row["status"] == REACHED) == [j >= 9 - count for j in range(9)]
    layers = len(counts) - 1
    first = (
        TEXTS["reach_first"]["en"].format(needed=needed)
        if needed
        else TEXTS["reach_first_not"]["en"].format(layers=layers)
    )
    assert first in all_text(at)


def test_with_sinks_every_layer_reaches_the_first_token():
    at = open_page("windows", layers="2")
    at.button_group(key="windows_reach_mask").set_value("sinks").run()
    df = chart(at, "windows_reach")
    first = df[df["j"] == 0].sort_values("i")["status"]
    assert list(first == REACHED) == [False, True, True]
    assert TEXTS["reach_first"]["en"].format(needed=1) in all_text(at)


def test_the_question_is_held_back_until_the_guess():
    (q,) = questions()["windows"]()
    at = open_page("windows", ask="1")
    assert not at.exception and not verdicts(at)
    assert "windows_reach" not in chart_keys(at) and "pattern_window" in chart_keys(at)
    assert not leaked(at, [q])
    fill(at, "windows", [q], [q.answer])
    press(at, EN["check"])
    assert "windows_reach" in chart_keys(at)
    (shown,) = verdicts(at)
    assert shown == EN["right"].format(answer="yes")  # 4 layers reach exactly 4 × 2 back


SINKS = json.loads((FIXTURES / "minilm_sinks.json").read_text(encoding="utf-8"))


@pytest.mark.model
def test_the_real_model_s_sinks_are_the_recorded_reference(model):
    at = open_page("windows", sections=("windows_sinks",))
    assert not at.exception
    np.testing.assert_allclose(matrix(at, "sinks_cls"), SINKS["first"], atol=1e-5)
    np.testing.assert_allclose(matrix(at, "sinks_sep"), SINKS["sep"], atol=1e-5)
    first, sep = np.array(SINKS["first"]), np.array(SINKS["sep"])
    lines = chart(at, "sinks_layers")
    means = lines[lines["kind"] == "mean"].sort_values(["series", "layer"])["value"].to_numpy()
    np.testing.assert_allclose(means, np.r_[first.mean(axis=1), sep.mean(axis=1)], atol=1e-5)
    text = all_text(at)
    said = TEXTS["sink_cls"]["en"].format(
        total=72, cls=f"{first.mean():.3f}", sep=f"{sep.mean():.3f}", even=f"{1 / 11:.3f}"
    )
    assert said in text  # the article's sentence: 0.492 against 0.034, even 0.091
    assert f"{int((first > 0.5).sum())} of the 72 heads give [CLS] more than half" in text
    assert "L3 h8 0.918; L3 h10 0.888; L5 h6 0.876; L4 h5 0.858; L2 h12 0.825" in text
    assert TEXTS["sinks_rows"]["en"].format(rows=9, n=11) in text


def test_without_the_model_the_section_says_so_and_the_page_still_works(monkeypatch, tmp_path):
    def unreachable_hub(*args, **kwargs):
        raise OSError("no connection (test)")

    monkeypatch.setenv(loader.ENV_VAR, str(tmp_path / "missing"))
    monkeypatch.setattr(loader, "PACKAGE", "attention_lab_no_such_model_package")
    monkeypatch.setattr(huggingface_hub, "hf_hub_download", unreachable_hub)
    st.cache_resource.clear()  # the model (or its absence) is cached per process
    try:
        at = open_page("windows", sections=("windows_sinks",))
        assert not at.exception
        assert REAL["unavailable_section"]["en"] in all_text(at)
        assert FIX_COMMAND in [c.value for c in at.code]
        keys = chart_keys(at)
        assert "windows_reach" in keys and {f"pattern_{k}" for k in KINDS} <= set(keys)
        assert not [k for k in keys if k.startswith("sinks_")]
    finally:
        st.cache_resource.clear()


def test_a_tampered_link_becomes_values_the_controls_offer():
    at = open_page("windows", window="100", sinks="-3", layers="x")
    assert not at.exception
    used = [at.session_state[k] for k in ("windows_w", "windows_s", "windows_layers")]
    assert used == [9, 0, 4]  # the sentence's 9 tokens, no sink, the default depth
    assert at.query_params["window"] == "9" and at.query_params["sinks"] == "0"
    assert "layers" not in at.query_params


def test_the_reach_question_follows_the_pages_window_and_layers(lang):
    """The question speaks of the window, the layers and the sentence on the page, not of a
    fixed window 3, 4 layers and 9 tokens."""
    from ui.texts import CATALOG

    at = open_page("windows", ask="1", lang=lang, window="5", layers="2")
    ask = CATALOG["windows.quiz.reach.ask"][lang]
    assert ask.format(window=5, n=9, layers=2) in all_text(at)
    assert ask.format(window=3, n=9, layers=4) not in all_text(at)


def test_longformers_window_is_said_to_be_two_sided(lang):
    from ui.texts import CATALOG

    intro = CATALOG["windows.intro"][lang]
    assert {"en": "both sides", "zh": "前后两边"}[lang] in intro


def test_our_decoder_s_share_on_its_first_character_is_measured_against_an_even_share():
    at = open_page("windows", sections=("windows_decoder_sinks",))
    assert not at.exception
    d = load_decoder()
    windows = held_out_windows(read_texts(), d.vocab, d.config.n_ctx)
    texts = np.concatenate([ids[:, :-1] for ids in windows.values()])  # never trained on
    held = first_shares(forward(d.final.weights, texts, d.config).attention)
    sentence = first_shares(
        forward(d.final.weights, d.vocab.encode(ARTICLE_SENTENCE).ids, d.config).attention
    )
    np.testing.assert_allclose(matrix(at, "decoder_sinks_held"), held.share, atol=1e-12)
    np.testing.assert_allclose(matrix(at, "decoder_sinks_sentence"), sentence.share, atol=1e-12)
    # no head near a sink: the largest share is a few even shares, far from half of all
    assert held.texts == 16 and held.above(0.5) == 0 and held.share.max() < 0.1
    text = all_text(at)
    assert "This decoder has no attention sink." in text
    assert f"the largest share is {held.share.max():.3f}" in text
    assert f"even share of {held.even:.3f}" in text
