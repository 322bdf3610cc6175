"""The frame: shared controls, links that restore a view, tampered links, languages."""

from __future__ import annotations

import re

import pytest
from apptest_util import all_text, open_page

from core.train.config import validate
from ui.settings import D_MODEL_OPTIONS, DEFAULTS, Settings, head_options, parse_params, to_params
from ui.texts import CATALOG
from ui.texts.common import TEXTS as COMMON

CJK = re.compile(r"[\u4e00-\u9fff]")


def test_defaults_open_the_overview_without_error():
    at = open_page(ask="1")  # every default: questions first too
    assert not at.exception
    assert at.session_state["d_model"] == DEFAULTS.d_model
    assert dict(at.query_params) == {}  # defaults keep the link clean


def test_a_copied_link_restores_the_view_and_the_page():
    at = open_page(d="64", heads="4", scale="0", mask="1", temp="0.5", seed="7", lang="zh", ask="0")
    at.switch_page("app_pages/similarity.py").run()
    assert not at.exception
    state = at.session_state
    assert (state["d_model"], state["n_heads"], state["scale"], state["causal"]) == (
        64,
        4,
        False,
        True,
    )
    assert (state["temperature"], state["seed"], state["lang"]) == (0.5, 7, "zh")
    assert at.header[0].value == CATALOG["similarity.title"]["zh"]
    # The URL written back is the one that was opened.
    assert dict(at.query_params) == {
        "d": "64",
        "heads": "4",
        "scale": "0",
        "mask": "1",
        "temp": "0.5",
        "seed": "7",
        "lang": "zh",
        "ask": "0",
    }


def test_moving_a_control_updates_the_link():
    at = open_page(ask="1")
    at.slider(key="temperature").set_value(2.0).run()
    at.toggle(key="scale").set_value(False).run()
    assert dict(at.query_params) == {"temp": "2.0", "scale": "0"}
    at.session_state["share"] = True  # the sidebar's "Share this view", opened
    at.run()
    shared = at.sidebar.code[0].value
    assert "temp=2.0" in shared and "scale=0" in shared


@pytest.mark.parametrize(
    ("params", "expected", "fixed"),
    [
        ({"heads": "0", "d": "abc"}, {"d_model": 4, "n_heads": 1}, {"heads", "d"}),
        ({"d": "99999"}, {"d_model": 1024}, {"d"}),
        ({"d": "-3"}, {"d_model": 4}, {"d"}),
        ({"d": "100"}, {"d_model": 128}, {"d"}),
        ({"d": "8", "heads": "16"}, {"d_model": 8, "n_heads": 8}, {"heads"}),
        ({"d": "64", "heads": "3"}, {"d_model": 64, "n_heads": 4}, {"heads"}),
        ({"temp": "0"}, {"temperature": 0.05}, {"temp"}),
        ({"temp": "nan"}, {"temperature": 1.0}, {"temp"}),
        ({"temp": "1e9"}, {"temperature": 5.0}, {"temp"}),
        ({"seed": "-1"}, {"seed": 0}, {"seed"}),
        ({"scale": "maybe"}, {"scale": True}, {"scale"}),
        ({"lang": "fr"}, {"lang": "en"}, {"lang"}),
        ({"unknown": "1", "d": "16"}, {"d_model": 16}, set()),
    ],
)
def test_tampered_links_are_clamped_and_reported(params, expected, fixed):
    values, names = parse_params(params)
    for key, value in expected.items():
        assert values[key] == value
    assert set(names) == fixed


@pytest.mark.parametrize(
    ("word", "value"),
    [
        *[("1", True), ("true", True), (" On ", True), ("YES", True)],
        *[("0", False), ("False", False), ("off", False), ("no", False)],
    ],
)
def test_every_switch_in_a_link_reads_the_same_words(word, value):
    values, fixed = parse_params({"scale": word, "mask": word, "present": word})
    assert (values["scale"], values["causal"], values["present"]) == (value, value, value)
    assert fixed == []
    checked = validate({"scale": word, "causal": word})
    assert (checked.config.scale, checked.config.causal) == (value, value)
    assert not checked.changed


def test_a_tampered_link_shows_a_message_not_a_traceback():
    at = open_page(heads="0", d="abc")
    assert not at.exception
    assert "heads" in at.warning[0].value and "d" in at.warning[0].value
    assert at.session_state["n_heads"] == 1


def test_head_choices_always_divide_d_model():
    for d in D_MODEL_OPTIONS:
        options = head_options(d)
        assert options and all(d % h == 0 for h in options)
    # Lowering d_model below the head count moves the heads down with it.
    at = open_page(d="64", heads="16")
    at.select_slider(key="d_model").set_value(8).run()
    assert not at.exception
    assert at.session_state["n_heads"] == 8
    assert "d_k = d_model / h = **1**" in all_text(at)


def test_settings_round_trip_through_the_url():
    s = Settings(
        sentence="猫 <b>x</b> & y",
        d_model=32,
        n_heads=2,
        scale=False,
        causal=True,
        temperature=0.35,
        seed=42,
        lang="zh",
    )
    values, fixed = parse_params(to_params(s))
    assert fixed == []
    assert Settings(**values) == s


def test_language_switch_turns_the_frame_chinese():
    at = open_page()
    at.segmented_control(key="lang").set_value("zh").run()
    assert not at.exception
    assert CJK.search(at.header[0].value)
    assert at.query_params["lang"] == "zh"


def test_article_button_restores_the_article_example():
    at = open_page(d="256", heads="8", sentence="hello there", temp="3")
    next(b for b in at.button if b.label == COMMON["sb.article"]["en"]).click().run()
    assert not at.exception
    assert at.session_state["sentence"] == DEFAULTS.sentence
    assert (at.session_state["d_model"], at.session_state["n_heads"]) == (4, 1)
    assert at.session_state["temperature"] == 1.0


@pytest.mark.parametrize(
    "sentence",
    [
        "",
        "   \n\t ",
        "word " * 3000,
        "我吃了蛋糕，它很好吃。",
        "👍🏽 🇫🇷 👨‍👩‍👧",
        "שלום עולם",
        "<script>alert(1)</script><img src=x onerror=alert(2)>",
    ],
)
def test_bad_sentences_get_messages_not_tracebacks(sentence):
    at = open_page("similarity", sentence=sentence)
    assert not at.exception
    text = all_text(at)
    if not sentence.strip():
        assert "empty" in text
    if len(sentence) > 10000:
        assert "only the first 64" in text
    # HTML-looking text is never rendered as HTML: markdown escapes it or keeps it out.
    assert "<script>" not in text and "<img" not in text


def test_every_chart_says_what_it_shows():
    """A chart's text alternative (Vega-Lite's description, its aria-label) names what it
    shows from its own titles, and how many values: a matrix by value, row and column."""
    from apptest_util import chart_specs, open_page

    at = open_page("softmax")
    said = [spec["description"] for spec in chart_specs(at)]
    assert said and all(s.strip() for s in said)
    assert "weight for each query token (row) and key token (column); 81 values" in said[0]
